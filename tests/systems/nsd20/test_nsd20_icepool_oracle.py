"""icepool as an independent oracle: the benchmark's icepool attack (every die and rule of
P5–P10 written in icepool) against ``attack_law``, exactly, on several configurations."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("icepool")
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the project root

from benchmarks.bench_nsd20 import E1, E2, icepool_law, rolkit_law  # noqa: E402
from rolkit.systems.nsd20 import Modifiers, Weapon  # noqa: E402

CASES = {
    "E1": E1,
    "E2 partial concealment": E2,
    "E1 total concealment, effort": (
        *E1[:3],
        Modifiers(concealment="total", extra_effort_damage=True),
    ),
    "E1 19-20 ×3 d8, wounded defender": (
        E1[0],
        replace(E1[1], wound_state="malherido", pr_current=9),
        Weapon(damage_die=8, threat_range_min=19, critical_multiplier=3),
        Modifiers(),
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_icepool_and_rolkit_laws_agree(name):
    assert rolkit_law(*CASES[name]) == icepool_law(*CASES[name])
