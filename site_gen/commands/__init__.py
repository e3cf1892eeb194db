"""The verbs other than build and serve, one module each."""
