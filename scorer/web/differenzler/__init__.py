"""Differenzler's pages: its views, forms and words."""
