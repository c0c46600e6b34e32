"""The toy's pure rule functions, one module per topic."""
