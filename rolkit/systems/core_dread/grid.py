"""§4.6 P(hit) alone, for the GM screen's grid (``System.hit_fn``):
:func:`.attack.odds.hit_probability`, ``P(damage_raw > 0)`` from the two final-hits
marginals (no wound, counter or fate rows), which the System calls with its five arguments.
"""

from __future__ import annotations

from rolkit.systems.core_dread.attack.odds import hit_probability

__all__ = ["hit_probability"]
