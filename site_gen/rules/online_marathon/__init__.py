"""`online-marathon` (seed 000): best series of 10, norm ratings, best 4 of 5 stages."""
