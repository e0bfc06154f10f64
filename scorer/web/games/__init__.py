"""Pages for any game: the lists, import and export, the record of changes, sharing, stakes,
the phone's name."""
