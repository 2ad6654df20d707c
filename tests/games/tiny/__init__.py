"""A third game, registered only through the registry (issue 28.1): Tiny Rummy, in the tests alone."""
