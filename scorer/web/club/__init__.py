"""Club evenings: the leader's pages, the tables' phones, standings, the season, paper, import
and export."""
