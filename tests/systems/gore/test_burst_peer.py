"""The burst's exact law (P11.6, P13.10, T7, §7.3) against the benchmark's strong icepool
peer (``benchmarks/bench_gore.py``: the bullets after the first as ``k @ bullet`` for each
hit count, mixed by the 1dN hit count), and the integer convolution it is built on: the
same Fractions row for row, in lowest terms, on bursts small enough to be cheap."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

pytest.importorskip("icepool")

from benchmarks.bench_gore import (  # noqa: E402
    icepool_attack_law,
    icepool_burst_law,
    icepool_law_dict,
    rolkit_law_dict,
)
from rolkit.systems import gore as g  # noqa: E402
from rolkit.systems.gore.attack.key import AttackKey  # noqa: E402
from rolkit.systems.gore.attack.odds import _INT64, _product  # noqa: E402

SMG = g.Weapon(
    damage="1D8", kind="firearm", impaling=True, range_m=40.0, malfunction=98, automatic=True
)


def _case(bullets: int, hp: int, armour: int, locations: bool):
    forms = (
        g.Combatant(attack_skill=60),
        g.Combatant(dodge_skill=30, armour=armour, hp_max=hp),
        SMG,
        g.Modifiers(bullets=bullets, distance_m=30.0, use_hit_locations=locations),
    )
    a, d, w, m = forms
    kw = dict(
        attack=g.attack_skill(a, d, w, m),
        dodge=g.defence_skill(d, a, w, m),
        weapon=SMG.damage,
        impaling=True,
        malfunction=98,
        armour=armour,
        hp=hp,
        bullets=bullets,
        locations=locations,
    )
    return forms, kw


@pytest.mark.parametrize(
    ("bullets", "hp", "armour", "locations"),
    [(3, 12, 1, True), (4, 7, 0, False), (4, 20, 2, True)],
)
def test_burst_law_equals_the_per_hit_count_peer(bullets, hp, armour, locations):
    forms, kw = _case(bullets, hp, armour, locations)
    rows = g.attack_outcomes(*forms).rows
    assert rolkit_law_dict(rows) == icepool_law_dict(icepool_burst_law(**kw))
    assert sum(rows.values()) == 1
    for key, p in rows.items():  # whole keys, reduced Fractions (built from their terms)
        assert type(key) is AttackKey and len(key) == len(AttackKey._fields)
        assert p.denominator > 0 and math.gcd(p.numerator, p.denominator) == 1
        assert p == Fraction(p.numerator, p.denominator) and hash(p) == hash(Fraction(p))


def test_the_two_icepool_peers_agree():
    _, kw = _case(3, 9, 1, True)
    assert icepool_law_dict(icepool_burst_law(**kw)) == icepool_law_dict(icepool_attack_law(**kw))


def _naive(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return tuple(out)


def test_integer_convolution_is_exact_in_int64_and_past_it():
    rng = random.Random(7)
    small = tuple(rng.randrange(0, 1000) for _ in range(40))
    assert sum(small) ** 2 < _INT64
    assert _product(small, small[:9]) == _naive(small, small[:9])
    big = tuple(rng.randrange(0, 1 << 40) for _ in range(30))  # sums past 2**63
    assert sum(big) ** 2 >= _INT64
    assert _product(big, big) == _naive(big, big)
    assert all(type(x) is int for x in _product(big, small))
    assert _product((), small) == ()
