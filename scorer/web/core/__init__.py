"""The machinery every room of the web layer shares: htmx, writes and tokens, kept states,
error pages, words, templating."""
