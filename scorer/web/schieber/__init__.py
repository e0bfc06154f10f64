"""Schieber's pages: its views, forms, words and the chalk slate."""
