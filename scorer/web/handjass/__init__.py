"""Handjass's pages: its views and words."""
