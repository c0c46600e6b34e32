"""Presets as plain data: what a roster stores (``s.presets`` builds the instances)."""

PRESETS = {"weapon": {"Daga": {"damage": "1D4"}, "Hacha": {"damage": "1D8+1"}}}
