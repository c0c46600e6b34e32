"""The Tierkreis spec's pure rule functions, one module per topic."""
