"""The `best-span` rule set (seed 003): Tenhou standings by the best span of games."""
