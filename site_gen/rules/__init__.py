"""Rule sets, one package each; `registry.RULESETS` is the one door to them."""
