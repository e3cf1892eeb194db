"""Readers that keep positions: every value they return can be traced to a file and line."""
