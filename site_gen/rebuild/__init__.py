"""Everything kept between builds, and nothing else: the record of the last build (the
nothing-changed check), page digests, serve's competitions, the Tenhou log cache and
compiled templates. Only the pipeline and serve import it; rule sets, source readers and
templates never know an earlier build existed."""
