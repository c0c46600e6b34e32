"""icepool as a second, independent oracle of ``attack_outcomes``: the same mechanic written
in icepool from the spec (``benchmarks/bench_gore.py``: §1.2 tiers, T4, T7, T8, P9, P11.6,
P13.10, §7.3 fate; it reads only the effective skills from rolkit) must give exactly the
same law, row for row."""

from __future__ import annotations

import pytest

pytest.importorskip("icepool")

from benchmarks.bench_gore import (  # noqa: E402
    icepool_attack_law,
    icepool_law_dict,
    rolkit_law_dict,
    side_by_side_cases,
)
from rolkit.systems import gore as g  # noqa: E402

SPEAR = g.Weapon(damage="1D6+1", impaling=True)
SMG = g.Weapon(
    damage="1D8", kind="firearm", impaling=True, range_m=40.0, malfunction=98, automatic=True
)


def _same_law(forms, **kw):
    a, d, w, m = forms
    kw = dict(kw, attack=g.attack_skill(a, d, w, m), dodge=g.defence_skill(d, a, w, m))
    got = rolkit_law_dict(g.attack_outcomes(*forms).rows)
    assert got == icepool_law_dict(icepool_attack_law(**kw))
    assert sum(got.values()) == 1
    return got


def test_benchmark_cases_up_to_five_bullets_agree():
    for label, forms, kw in side_by_side_cases():
        if kw.get("bullets", 1) <= 5:
            assert rolkit_law_dict(g.attack_outcomes(*forms).rows) == icepool_law_dict(
                icepool_attack_law(**kw)
            ), label


@pytest.mark.parametrize(
    ("forms", "kw"),
    [
        (  # criticals and maximum cells with a big MD, thick armour
            (g.Combatant(fue=16, tam=18, attack_skill=120), g.Combatant(dodge_skill=75, armour=5, hp_max=20), g.Weapon(damage="1D8+1"), g.Modifiers()),
            dict(weapon="1D8+1", md="+1D6", armour=5, hp=20),
        ),
        (  # an impaling spear with hit locations: impale cells bypass armour, every fate
            (g.Combatant(attack_skill=70), g.Combatant(dodge_skill=20, armour=3, hp_max=9), SPEAR, g.Modifiers(use_hit_locations=True)),
            dict(weapon="1D6+1", impaling=True, armour=3, hp=9, locations=True),
        ),
        (  # a negative MD clamps at 0 (§1.1)
            (g.Combatant(fue=5, tam=5, attack_skill=45), g.Combatant(dodge_skill=30, hp_max=10), g.Weapon(damage="1D4"), g.Modifiers()),
            dict(weapon="1D4", md="-1D6", hp=10),
        ),
        (  # a burst of 3 with hit locations against a frail target
            (g.Combatant(attack_skill=50), g.Combatant(dodge_skill=25, hp_max=6), SMG, g.Modifiers(bullets=3, distance_m=20.0, use_hit_locations=True)),
            dict(weapon="1D8", impaling=True, malfunction=98, hp=6, bullets=3, locations=True),
        ),
    ],
)  # fmt: skip
def test_icepool_agrees(forms, kw):
    law = _same_law(forms, **kw)
    assert len(law) > 10
