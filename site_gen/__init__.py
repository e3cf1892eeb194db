"""site-gen: static sites of competition standings from committed result files."""

__version__ = "0.1.0"
