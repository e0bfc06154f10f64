"""Storage: games kept in SQLite as their record of hands."""
