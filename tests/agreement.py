"""A simulated fight's figures against the exact solve, for the simulation tests."""

from __future__ import annotations

import math
from typing import Any


def agrees_within_5_sigma(sim: Any, exact: Any, n: int) -> None:
    """Every side's win, the draw and every combatant's fate of ``sim`` (n fights) within
    5σ of ``exact`` (σ of a proportion, at least that of 1/n)."""
    pairs = [(sim.p_win.get(k, 0), exact.p_win[k]) for k in exact.p_win]
    pairs.append((sim.p_draw, exact.p_draw))
    for name, fates in exact.fates.items():
        for fate, p in fates.items():
            pairs.append((sim.fates[name].get(fate, 0), p))
    for got, p in pairs:
        sigma = math.sqrt(max(float(p) * (1 - float(p)), 1 / n) / n)
        assert abs(float(got) - float(p)) <= 5 * sigma, (got, p)
