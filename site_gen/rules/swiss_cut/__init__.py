"""The `swiss-cut` rule set: a live tournament's rounds, seatings, cuts and final (Kiev-2006)."""
