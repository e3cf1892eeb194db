"""The `thematic-marathon` rule set: round-robin PBeM tournaments, group finals, Master."""
