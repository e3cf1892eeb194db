"""Turning pages into bytes: the Jinja environment, charts and the site-wide pages."""
