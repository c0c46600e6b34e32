"""§1.5 the comparative check and §1.1 the saving throw as ``SYSTEM.checks``, with the
Esfuerzo extra's T3 benefits (carry ×2, +3 m speed, +1 m jump, +5, the extra Will save):
exact law against a brute force over the dice written here, and icepool."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import icepool
import pytest

import rolkit
from rolkit.systems.nsd20 import NSd20InputError, NSd20Rules
from rolkit.systems.nsd20.checks import ComparativeForm, FirstAidForm, SaveForm

S = rolkit.get_system("nsd20")
COMPARATIVE = S.checks["comparative"]
SAVE = S.checks["save"]


# --------------------------------------------------------------------------- §1.5
def test_comparative_is_a_check_reachable_like_the_others():
    assert {"comparative", "save"} <= set(S.checks)
    assert COMPARATIVE.label == ("Prueba comparativa", "Prueba comparativa (comparative check)")


@pytest.mark.parametrize(
    ("form", "winner"),
    [
        # «Cuando dos personajes echan un pulso … el personaje más fuerte gana»
        (ComparativeForm(value_a=16, value_b=14), "a"),
        (ComparativeForm(value_a=14, value_b=16), "b"),
        (ComparativeForm(value_a=15, value_b=15), "tie"),  # G11: the GM decides
        # «esto no incluye el uso del Esfuerzo extra … que puede afectar al resultado»
        (ComparativeForm(value_a=14, value_b=16, effort_a=True), "a"),  # 19 > 16
        (ComparativeForm(value_a=11, value_b=16, effort_a=True), "tie"),  # 16 against 16
        (ComparativeForm(value_a=10, value_b=16, effort_a=True), "b"),
        # carry: «La capacidad de carga de tu personaje se dobla»
        (ComparativeForm(measure="carry", value_a=60, value_b=100, effort_a=True), "a"),
        (ComparativeForm(measure="carry", value_a=50, value_b=100, effort_a=True), "tie"),
        # speed: «+3 metros a su Velocidad de movimiento»
        (ComparativeForm(measure="speed", value_a=9, value_b=11, effort_a=True), "a"),
        (ComparativeForm(measure="speed", value_a=9, value_b=12, effort_a=True), "tie"),
        # jump: «incrementa en un metro tu distancia de salto horizontal» (in cm)
        (ComparativeForm(measure="jump", value_a=250, value_b=340, effort_a=True), "a"),
        (ComparativeForm(measure="jump", value_a=250, value_b=360, effort_a=True), "b"),
        # both strain: both benefits count
        (
            ComparativeForm(measure="carry", value_a=60, value_b=100, effort_a=True, effort_b=True),
            "b",
        ),
    ],
)
def test_comparative_winner_follows_the_seed(form, winner):
    odds = COMPARATIVE.odds(form)
    assert odds.probabilities == {d: F(d == winner) for d in ("b", "tie", "a")}
    r = COMPARATIVE.resolve(form, seed=3)
    assert r.degree.id == winner and r.steps[0].dice == ()


def test_comparative_values_shown_in_the_step_include_the_effort():
    r = COMPARATIVE.resolve(ComparativeForm(measure="carry", value_a=60, effort_a=True), seed=1)
    assert r.steps[0].derived["value_a"] == 120 and r.steps[0].derived["value_b"] == 10


# --------------------------------------------------------------------------- §1.1 saves
def _degree(n: int, modifier: int, cd: int) -> str:
    if n == 1:
        return "fallo_automatico"
    if n == 20:
        return "exito_automatico"
    return "exito" if n + modifier >= cd else "fallo"


def _brute_save(total: int, cd: int, effort: str) -> dict[str, F]:
    """Every pair of d20 (the second only read when the first fails and the effort is the
    extra Will save): the deciding die's degree."""
    bonus = 5 if effort == "check_bonus" else 0
    out: dict[str, F] = {}
    for n1, n2 in itertools.product(range(1, 21), repeat=2):
        d = _degree(n1, total + bonus, cd)
        if effort == "will_save" and not d.startswith("exito"):
            d = _degree(n2, total + bonus, cd)
        out[d] = out.get(d, F(0)) + F(1, 400)
    return out


@pytest.mark.parametrize("effort", ["none", "check_bonus", "will_save"])
@pytest.mark.parametrize(("total", "cd"), [(4, 15), (0, 25), (15, 10), (2, 12)])
def test_save_law_matches_brute_force(total, cd, effort):
    form = SaveForm(save="voluntad", total=total, cd=cd, effort=effort)
    law = SAVE.odds(form).probabilities
    brute = _brute_save(total, cd, effort)
    assert {k: v for k, v in law.items() if v} == brute
    assert sum(law.values()) == 1


def test_extra_will_save_in_numbers():
    """Voluntad +4 against CD 15: one save succeeds on 11–20 (1/2); with the Esfuerzo's
    «prueba de salvación extra de Voluntad» 1 − (1/2)² = 3/4; with +5 instead, 6–20 also
    3/4. Against CD 20: 5/20 alone, 1 − (3/4)² = 7/16 twice, 10/20 with +5."""
    p = SAVE.odds(SaveForm(total=4, cd=15)).p_success
    assert p == F(1, 2)
    assert SAVE.odds(SaveForm(total=4, cd=15, effort="will_save")).p_success == F(3, 4)
    assert SAVE.odds(SaveForm(total=4, cd=15, effort="check_bonus")).p_success == F(3, 4)
    assert SAVE.odds(SaveForm(total=4, cd=20)).p_success == F(1, 4)
    assert SAVE.odds(SaveForm(total=4, cd=20, effort="will_save")).p_success == F(7, 16)
    assert SAVE.odds(SaveForm(total=4, cd=20, effort="check_bonus")).p_success == F(1, 2)


def test_extra_will_save_against_icepool():
    d20 = icepool.d20
    for total, cd in [(4, 15), (7, 22), (-2, 9)]:
        single = d20.map(lambda n, t=total, c=cd: n == 20 or (n != 1 and n + t >= c))
        either = icepool.map(lambda a, b: a or b, single, single)
        ours = SAVE.odds(SaveForm(total=total, cd=cd, effort="will_save")).p_success
        assert ours == F(either.probability(True)), (total, cd)


def test_extra_will_save_only_on_voluntad():
    with pytest.raises(NSd20InputError) as err:
        SaveForm(save="fortaleza", effort="will_save")
    assert "Voluntad" in err.value.message("es")
    SaveForm(save="fortaleza", effort="check_bonus")  # +5 is for any prueba


def test_save_resolve_rolls_the_second_die_only_after_a_failure():
    form = SaveForm(total=4, cd=15, effort="will_save")
    seen = set()
    for seed in range(60):
        r = SAVE.resolve(form, seed=seed)
        first = r.steps[0].dice[0]
        first_ok = first == 20 or (first != 1 and first + 4 >= 15)
        assert len(r.steps) == (1 if first_ok else 2)
        if len(r.steps) == 2:
            assert r.steps[1].label == "nsd20.step.save_extra"
            n2 = r.steps[1].dice[0]
            assert r.degree.id == _degree(n2, 4, 15)
        seen.add(len(r.steps))
    assert seen == {1, 2}


def test_save_natural_rules_follow_the_saves_option():
    off = NSd20Rules(natural_rules_on_saves=False)
    assert SAVE.odds(SaveForm(total=20, cd=10), off).p_success == 1
    assert SAVE.odds(SaveForm(total=20, cd=10)).p_success == F(19, 20)


# --------------------------------------------------------------------------- first aid
@pytest.mark.parametrize(("modifier", "cd"), [(0, 15), (3, 15), (-4, 15), (12, 15), (2, 30)])
def test_first_aid_law_matches_the_faces(modifier, cd):
    """First aid [SRD-assumed]: d20 + Medicina + SAB against CD 15, 1 and 20 automatic."""
    law = S.checks["first_aid"].odds(FirstAidForm(modifier=modifier, cd=cd)).probabilities
    brute: dict[str, F] = {}
    for n in range(1, 21):
        d = _degree(n, modifier, cd)
        brute[d] = brute.get(d, F(0)) + F(1, 20)
    assert {k: v for k, v in law.items() if v} == brute
    assert S.checks["first_aid"].odds(FirstAidForm(modifier=3)).p_success == F(9, 20)
