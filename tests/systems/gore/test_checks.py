"""P1–P3 The checks as CheckProcedures: the spec's worked figures (X1, X2, X7, §1.5), an
oracle over the 100 faces through ``resolve``, replay by seed, steps, and field errors."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F

import pytest

from rolkit import i18n
from rolkit.dice import ScriptedDice
from rolkit.systems import gore as g
from rolkit.systems.gore.checks.forms import (
    CharacteristicCheckForm,
    ResistanceForm,
    SkillCheckForm,
)
from rolkit.systems.gore.checks.procedures import (
    CHARACTERISTIC_CHECK,
    CHECKS,
    RESISTANCE_CHECK,
    SKILL_CHECK,
)

ZERO = F(0)


@pytest.mark.parametrize(
    ("check", "form", "law"),
    [
        (  # X1 tier_distribution(50)
            SKILL_CHECK,
            SkillCheckForm(skill=50),
            {"pifia": F(1, 100), "fallo": F(49, 100), "exito": F(2, 5), "critico": F(1, 10)},
        ),
        (  # X2 tier_distribution(47, impaling=True)
            SKILL_CHECK,
            SkillCheckForm(skill=47, impaling=True),
            {
                "pifia": F(1, 100),
                "fallo": F(13, 25),
                "exito": F(19, 50),
                "critico": F(2, 25),
                "empalar": F(1, 100),
            },
        ),
        (  # a modifier adds to the target: 40 + 10 = 50 is X1 again
            SKILL_CHECK,
            SkillCheckForm(skill=40, modifier=10),
            {"pifia": F(1, 100), "fallo": F(49, 100), "exito": F(2, 5), "critico": F(1, 10)},
        ),
        (  # §1.2: a target ≤ 0 succeeds only on 01 (a critical); 00 fumbles
            SKILL_CHECK,
            SkillCheckForm(skill=0, modifier=-20),
            {"pifia": F(1, 100), "fallo": F(98, 100), "critico": F(1, 100)},
        ),
        (  # §1.2: 150 succeeds on 01–99, critical 01–30
            SKILL_CHECK,
            SkillCheckForm(skill=150),
            {"pifia": F(1, 100), "exito": F(69, 100), "critico": F(30, 100)},
        ),
        (  # §1.5 CON 13 × 4 = 52: critical 01–10
            CHARACTERISTIC_CHECK,
            CharacteristicCheckForm(value=13, multiplier=4),
            {"pifia": F(1, 100), "fallo": F(47, 100), "exito": F(42, 100), "critico": F(1, 10)},
        ),
        (  # X7 CON 12 vs POT 15 → chance 35, critical 01–07
            RESISTANCE_CHECK,
            ResistanceForm(active=12, passive=15),
            {"pifia": F(1, 100), "fallo": F(64, 100), "exito": F(28, 100), "critico": F(7, 100)},
        ),
    ],
)
def test_worked_laws(check, form, law):
    odds = check.odds(form)
    assert {d: odds[d] for d in odds.probabilities if odds[d]} == law
    assert odds.total == 1
    assert odds.p_success == sum((p for d, p in law.items() if d != "pifia" and d != "fallo"), ZERO)
    assert [d.id for d in odds.degrees] == ["pifia", "fallo", "exito", "critico", "empalar"]


def test_x7_opposition_success_is_seven_twentieths():
    assert RESISTANCE_CHECK.odds(ResistanceForm(active=12, passive=15)).p_success == F(7, 20)


@pytest.mark.parametrize(
    ("check", "form"),
    [
        (SKILL_CHECK, SkillCheckForm(skill=63, modifier=-5, impaling=True)),
        (CHARACTERISTIC_CHECK, CharacteristicCheckForm(value=7, multiplier=3, modifier=4)),
        (RESISTANCE_CHECK, ResistanceForm(active=3, passive=18)),  # chance −25: 01 only
        (RESISTANCE_CHECK, ResistanceForm(active=30, passive=5)),  # chance 175: 00 still fumbles
    ],
)
def test_resolve_over_every_face_equals_the_odds(check, form):
    """Oracle: feed each of the 100 faces to resolve and count the degrees."""
    law: Counter = Counter()
    for face in range(1, 101):
        rng = ScriptedDice([face])
        steps, roll, degree = check.resolve_fn(form, None, rng)
        assert rng.remaining == 0 and roll.roll == face and roll.degree == degree
        assert steps[0].dice == (face,)
        law[degree] += F(1, 100)
    odds = check.odds(form)
    assert {d: p for d, p in odds.probabilities.items() if p} == dict(law)


def test_checks_are_the_systems_and_replay_by_seed():
    assert (
        set(g.SYSTEM.checks)
        == set(CHECKS)
        == {"skill", "characteristic", "resistance", "first_aid"}
    )
    for check in g.SYSTEM.checks.values():
        assert check.system == "gore"
        form = check.defaults()
        first = check.resolve(form, seed=1234)
        again = check.resolve(form, seed=first.seed)
        assert first == again and first.steps == again.steps
        assert first.degree.id in check.odds(form).probabilities


def test_options_reach_the_checks():
    margin = g.GoreOptions(critical_rule="margin20")
    odds = SKILL_CHECK.odds(SkillCheckForm(skill=50), margin)
    assert odds["critico"] == F(30, 100)  # margin20: roll ≤ 50 − 20
    no01 = g.GoreOptions(auto_success_on_01=False)
    assert SKILL_CHECK.odds(SkillCheckForm(skill=0), no01)["critico"] == 0


def test_steps_are_labelled_in_both_languages():
    r = CHARACTERISTIC_CHECK.resolve(CharacteristicCheckForm(value=12), seed=5)
    (step,) = r.steps
    assert step.label == "gore.step.check" and step.rule.startswith("característica × N")
    for key in step.derived:
        for lang in ("es", "en"):
            assert i18n.has(f"gore.derived.{key}", lang), key
    assert step.derived["target"] == 60 and step.derived["result"].startswith("gore.tier.")


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: SkillCheckForm(skill=501), "skill"),
        (lambda: SkillCheckForm(modifier=101), "modifier"),
        (lambda: CharacteristicCheckForm(multiplier=6), "multiplier"),
        (lambda: CharacteristicCheckForm(value=0), "value"),
        (lambda: ResistanceForm(passive=100), "passive"),
    ],
)
def test_form_errors_name_the_field(build, field):
    with pytest.raises(g.GoreInputError) as info:
        build()
    assert info.value.field == field
