"""The Rückblick: the games this phone may see, their figures, charts and CSV."""
