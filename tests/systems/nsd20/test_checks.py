"""SYSTEM.checks (:mod:`rolkit.systems.nsd20.checks`): exact law vs brute force,
seeded/scripted resolve, one test or more per procedure."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction as F

import pytest

import rolkit
from rolkit import fields
from rolkit.dice import ScriptedDice
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import (
    Combatant,
    NSd20InputError,
    NSd20Rules,
)
from rolkit.systems.nsd20.checks import (
    CDCheckForm,
    ConcentrationForm,
    MassiveDamageForm,
    OpposedForm,
    RecoveryForm,
    TakeForm,
)

S = rolkit.get_system("nsd20")
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)


# --------------------------------------------------------------------------- checks
def test_every_check_has_exact_odds_summing_to_one_and_a_replayable_resolve():
    assert set(S.checks) == {
        "cd",
        "opposed",
        "take",
        "concentration",
        "massive",
        "recovery",
        "comparative",
        "save",
        "first_aid",
    }
    for chk in S.checks.values():
        form = chk.defaults()
        odds = chk.odds(form)
        assert odds.total == 1, chk.id
        assert set(odds.probabilities) <= {d.id for d in chk.degrees}
        a, b = chk.resolve(form, seed=11), chk.resolve(form, seed=11)
        assert a == b and a.steps
        assert odds[a.degree.id] > 0
        for _, spec in fields.describe(chk.form):
            assert all(spec.label) and all(spec.help)


def _brute_cd(form: CDCheckForm) -> dict[str, F]:
    out: dict[str, F] = {}
    space = 20 ** (form.helpers + 1)
    for faces in itertools.product(range(1, 21), repeat=form.helpers + 1):
        *helpers, n = faces
        aid = 2 * sum(1 for h in helpers if h == 20 or (h != 1 and h + form.helper_modifier >= 10))
        total = n + form.total_modifier + aid
        degree = (
            "fallo_automatico"
            if n == 1
            else "exito_automatico"
            if n == 20
            else "exito"
            if total >= form.cd
            else "fallo"
        )
        out[degree] = out.get(degree, F(0)) + F(1, space)
    return out


@pytest.mark.parametrize(
    "form",
    [
        CDCheckForm(modifier=6, cd=20),
        CDCheckForm(modifier=6, cd=20, extra_effort=True),
        CDCheckForm(modifier=5, cd=15, condition=-2, improvised_tools=True),
        CDCheckForm(modifier=3, cd=18, helpers=2, helper_modifier=1),
    ],
)
def test_cd_check_matches_brute_force(form):
    got = {k: v for k, v in S.checks["cd"].odds(form).probabilities.items() if v}
    assert got == _brute_cd(form)


def test_cd_check_seed_numbers():
    assert S.checks["cd"].odds(CDCheckForm(modifier=6, cd=20)).p_success == F(7, 20)
    assert S.checks["cd"].odds(CDCheckForm(modifier=6, cd=20, extra_effort=True)).p_success == F(
        3, 5
    )
    assert S.checks["cd"].odds(
        CDCheckForm(modifier=5, cd=15, condition=-2, improvised_tools=True)
    ).p_success == F(1, 4)


def test_cd_check_resolve_rolls_helpers_first():
    rng = ScriptedDice([12, 9, 14])
    steps, outcome, degree = S.checks["cd"].resolve_fn(
        CDCheckForm(modifier=3, cd=19, helpers=2), NSd20Rules(), rng
    )
    assert rng.remaining == 0
    assert outcome["aid_bonus"] == 2 and outcome["total"] == 19 and degree == "exito"


def test_opposed_check_odds_and_rerolls():
    chk = S.checks["opposed"]
    assert chk.odds(OpposedForm(mod_a=2)).probabilities == {
        "a": F(229, 382),
        "b": F(153, 382),
        "tie": F(0),
    }
    rng = ScriptedDice([10, 12, 15, 3])  # 12 vs 12 tie → reroll, then 17 vs 3
    steps, outcome, degree = chk.resolve_fn(OpposedForm(mod_a=2), NSd20Rules(), rng)
    assert len(steps) == 2 and degree == "a" and rng.remaining == 0


def test_take_check_and_its_refusals():
    chk = S.checks["take"]
    assert chk.odds(TakeForm(modifier=6, cd=20, mode=20)).p_success == 1
    assert chk.odds(TakeForm(modifier=6, cd=20, mode=10)).p_success == 0
    with pytest.raises(NSd20InputError):
        chk.odds(TakeForm(mode=20, failure_has_consequences=True))
    with pytest.raises(NSd20InputError):
        chk.odds(TakeForm(mode=10, distracted=True))
    res = nsd20.take_result(
        -3, 20, under_pressure=False, distracted=False, failure_has_consequences=False
    )
    assert not nsd20.take_succeeds(res, 20, 30)
    assert nsd20.take_succeeds(res, 20, 30, rules=NSd20Rules(take_20_is_natural_20=True))


def test_concentration_check_v11():
    form = ConcentrationForm(will_total=4, damage_taken=7, unstable_ground=True)
    assert S.checks["concentration"].odds(form).p_success == F(3, 20)
    both = ConcentrationForm(damage_taken=0, unstable_ground=True, grappled=True)
    assert nsd20.concentration_cd(0, unstable_ground=True, grappled=True) == 20
    no_stack = NSd20Rules(concentration_plus5_stack=False)
    assert nsd20.concentration_cd(0, unstable_ground=True, grappled=True, rules=no_stack) == 15
    assert S.checks["concentration"].odds(both, no_stack).p_success == F(6, 20)


@pytest.mark.parametrize(("fort", "damage"), [(3, 9), (0, 12), (25, 9), (-2, 30)])
def test_massive_check_matches_v14_bands(fort, damage):
    law = S.checks["massive"].odds(MassiveDamageForm(fortitude_total=fort, damage=damage))
    brute: dict[str, F] = {}
    for f in range(1, 21):
        band = nsd20.massive_damage_result(f, fort, damage)
        brute[band] = brute.get(band, F(0)) + F(1, 20)
    assert {k: v for k, v in law.probabilities.items() if v} == brute


@pytest.mark.parametrize(
    ("check_id", "form"),
    [
        ("cd", CDCheckForm(modifier=3, cd=16, helpers=2, helper_modifier=1)),
        ("opposed", OpposedForm(mod_a=1, mod_b=0)),
        ("concentration", ConcentrationForm(will_total=3, damage_taken=4, grappled=True)),
        ("massive", MassiveDamageForm(fortitude_total=2, damage=11)),
    ],
)
def test_check_odds_agree_with_seeded_resolves_within_6_sigma(check_id, form):
    chk, n = S.checks[check_id], 2000
    counts = Counter(chk.resolve(form, seed=seed).degree.id for seed in range(n))
    for degree, p in chk.odds(form).probabilities.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts.get(degree, 0) / n - float(p)) <= 6 * sigma + 1e-12, degree


def test_recovery_check_procedure():
    chk = rolkit.get_system("nsd20").checks["recovery"]
    odds = chk.odds(RecoveryForm(fortitude_total=2, condition="malherido", earlier_failures=3))
    assert odds.p_success == F(5, 20)
    r = chk.resolve(RecoveryForm(fortitude_total=2), seed=4)
    assert r.outcome["after"] == ("none" if r.success else "malherido")
