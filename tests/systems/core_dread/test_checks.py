"""§4.1, §4.2, §4.16 Core Dread's checks as System procedures: exact laws by degree,
replayable explained rolls, and a face-level enumeration of each resolve against its odds."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest

from rolkit import i18n
from rolkit.dice import ScriptedDice
from rolkit.display.render import CheckReport
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread.checks.forms import CheckForm, HealingCheckForm, OpposedCheckForm
from rolkit.systems.core_dread.checks.procedures import CHECKS, plain_check_resolve

from .cd_faces import enumerate_law

S = cd.SYSTEM
OPT = cd.CoreDreadOptions
ONCE = OPT(reroll_policy="once_per_die")
SIX = [
    "fallo_desastroso",
    "fallo_serio",
    "fallo_o_exito_marginal",
    "exito_normal",
    "exito_sobresaliente",
    "exito_espectacular",
]


def test_the_system_offers_its_checks_and_actions_with_their_degrees_worst_to_best():
    assert list(S.checks) == [
        "check",
        "opposed",
        "healing",
        "extended",
        "competitive",
        "prepared",
        "reload",
    ]
    assert [d.id for d in S.checks["check"].degrees] == SIX
    assert [d.id for d in S.checks["healing"].degrees] == SIX
    assert [d.success for d in S.checks["check"].degrees] == [False] * 3 + [True] * 3
    assert [d.id for d in S.checks["opposed"].degrees] == ["lose", "draw", "win"]
    for c in S.checks.values():
        assert all(d.label[0] and d.label[1] != d.label[0] for d in c.degrees)


@pytest.mark.parametrize(
    ("attribute", "skill", "p"),
    [(5, 0, F(1, 2)), (4, 0, F(992, 3125)), (5, 1, F(21, 32))],  # P-V1, P-V2, P-V3
)
def test_plain_check_success_is_the_spec_probability(attribute, skill, p):
    odds = S.checks["check"].odds(CheckForm(attribute=attribute, skill=skill))
    assert odds.p_success == p and odds.total == 1


def _independent_degrees(a: int, s: int, policy: str, from_final: bool = False) -> dict:
    """§1.5 applied to the oracle's hit/miss enumeration (not the engine's law)."""
    from .test_core_dread_oracle import pattern_law

    out = dict.fromkeys(SIX, F(0))
    for (hits, natural5), p in pattern_law(a, s, policy).items():
        if hits == 5 and (natural5 or from_final):
            out["exito_espectacular"] += p
        else:
            out[SIX[min(hits, 4)]] += p
    return out


@pytest.mark.parametrize("policy", ["repeat", "once_per_die"])
@pytest.mark.parametrize(("attribute", "skill"), [(1, 0), (4, 2), (6, 5), (9, 4), (3, 3)])
def test_plain_check_degree_law_matches_the_hit_miss_oracle(attribute, skill, policy):
    odds = S.checks["check"].odds(
        CheckForm(attribute=attribute, skill=skill), OPT(reroll_policy=policy)
    )
    assert dict(odds.probabilities) == _independent_degrees(attribute, skill, policy)


def test_policies_and_the_spectacular_label_option_reach_the_check():
    form = CheckForm(attribute=6, skill=4)
    repeat, once = S.checks["check"].odds(form), S.checks["check"].odds(form, ONCE)
    assert repeat.p_success == cd.check_success_probability(6, 4)
    assert once.p_success == cd.check_success_probability(6, 4, options=ONCE) < repeat.p_success
    label = S.checks["check"].odds(form, OPT(spectacular_label_from_final_hits=True))
    assert dict(label.probabilities) == _independent_degrees(6, 4, "repeat", from_final=True)


def test_difficulty_clamps_the_attribute():
    assert S.checks["check"].odds(CheckForm(attribute=8, difficulty=2)).p_success == (
        cd.check_success_probability(9, 0)
    )
    zero = S.checks["check"].odds(CheckForm(attribute=1, difficulty=-2))
    assert zero["fallo_desastroso"] == 1


def test_plain_check_resolve_is_explained_and_replayable():
    # V03: faces [2,7,5,9,1] at attribute 5, one reroll of die 2 (7 -> 4): 4 hits
    steps, roll, degree = plain_check_resolve(
        CheckForm(5, 1), OPT(), ScriptedDice([2, 7, 5, 9, 1, 4])
    )
    assert degree == "exito_sobresaliente" and roll.hits == 4
    assert steps[0].label == "cd.step.effective.check" and steps[0].derived["attribute"] == 5
    assert steps[1].dice == (2, 7, 5, 9, 1, 4) and steps[1].params["changes"] == " · d2: 7→4"
    chk = S.checks["check"]
    form = CheckForm(attribute=4, skill=2)
    odds = chk.odds(form)
    for seed in range(20):
        r = chk.resolve(form, seed=seed)
        assert r == chk.resolve(form, seed=seed)
        assert odds[r.degree.id] > 0 and r.success == (r.outcome.hits >= 3)


def test_plain_check_resolve_law_over_every_face_sequence():
    chk = S.checks["check"]
    form = CheckForm(attribute=3, skill=2)
    law = enumerate_law(lambda dice: chk.resolve_fn(form, OPT(), dice), lambda r: r[2], {3})
    assert {k: v for k, v in chk.odds(form).probabilities.items() if v} == law


# --------------------------------------------------------------------------- opposed
def test_opposed_check_pv6_and_the_tie_break_option():
    chk = S.checks["opposed"]
    form = OpposedCheckForm(attribute=5, skill=0, rival_attribute=5, rival_skill=0)
    odds = chk.odds(form)
    assert dict(odds.probabilities) == {"lose": F(193, 512), "draw": F(63, 256), "win": F(193, 512)}
    reroll = chk.odds(form, OPT(opposed_tie_break="reroll"))
    assert dict(reroll.probabilities) == {"lose": F(1, 2), "draw": 0, "win": F(1, 2)}
    # ties go to the higher effective attribute, difficulty included
    harder = chk.odds(OpposedCheckForm(attribute=5, rival_attribute=5, rival_difficulty=-1))
    assert harder["draw"] == 0 and harder["win"] > harder["lose"]


def test_opposed_check_resolve_law_over_every_face_sequence():
    chk = S.checks["opposed"]
    form = OpposedCheckForm(attribute=4, skill=1, rival_attribute=4, rival_skill=0)
    law = enumerate_law(lambda dice: chk.resolve_fn(form, OPT(), dice), lambda r: r[2], {4})
    assert law == {k: v for k, v in chk.odds(form).probabilities.items() if v}


def test_opposed_reroll_rolls_a_full_tie_again_unless_only_a_tie_can_happen():
    chk = S.checks["opposed"]
    form = OpposedCheckForm(attribute=5, rival_attribute=5)
    dice = ScriptedDice([1, 2, 3, 9, 9] + [1, 2, 3, 9, 9] + [1, 2, 3, 4, 9] + [9] * 5)
    steps, outcome, degree = chk.resolve_fn(form, OPT(opposed_tie_break="reroll"), dice)
    assert degree == "win" and len(outcome.rounds) == 2 and dice.remaining == 0
    assert [s.label for s in steps].count("cd.step.opposed.result") == 2
    hopeless = OpposedCheckForm(attribute=1, difficulty=-2, rival_attribute=1, rival_difficulty=-2)
    r = chk.resolve(hopeless, OPT(opposed_tie_break="reroll"), seed=1)
    assert (
        r.degree.id == "draw" and chk.odds(hopeless, OPT(opposed_tie_break="reroll"))["draw"] == 1
    )


# --------------------------------------------------------------------------- healing
def test_healing_check_uses_for_after_the_wound_penalty():
    chk = S.checks["healing"]
    form = HealingCheckForm(fortaleza=4, malherido=1)  # FOR 4 − 2 = 2
    assert chk.odds(form).p_success == cd.check_success_probability(2, 0)
    hurt = HealingCheckForm(fortaleza=6, lesionado=1, malherido=2)  # 6 − 1 − 4 = 1
    assert chk.odds(hurt, ONCE).p_success == cd.check_success_probability(1, 0)


@pytest.mark.parametrize("cared", [True, False])
@pytest.mark.parametrize("aggravates", [False, True])
def test_healing_resolve_track_law_is_the_healing_law(cared, aggravates):
    chk = S.checks["healing"]
    options = OPT(disastrous_healing_aggravates=aggravates)
    form = HealingCheckForm(fortaleza=5, skill=1, lesionado=3, malherido=2, cared=cared)
    law = enumerate_law(
        lambda dice: chk.resolve_fn(form, options, dice),
        lambda r: (r[1].track, r[1].dead),
        {1},  # FOR 5 − 3 − 4 = 0 → clamp; the faces never hit
    )
    assert law == cd.healing_check_outcomes(form.track, 5, cared, 1, options=options)
    degrees = enumerate_law(lambda dice: chk.resolve_fn(form, options, dice), lambda r: r[2], {1})
    assert degrees == {k: v for k, v in chk.odds(form, options).probabilities.items() if v}


def test_healing_with_care_turns_a_malherido_into_a_lesionado():
    chk = S.checks["healing"]
    form = HealingCheckForm(fortaleza=9, malherido=1)  # FOR 7
    for aggravates in (False, True):
        options = OPT(disastrous_healing_aggravates=aggravates)
        for seed in range(30):
            r = chk.resolve(form, options, seed=seed)
            worse = aggravates and r.outcome.hits == 0
            expected = (0, 1, 0) if r.success else (0, 0, 2) if worse else (0, 0, 1)
            assert r.outcome.track == expected and not r.outcome.dead


# --------------------------------------------------------------------------- display
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_check_step_and_value_is_in_the_catalogue(lang):
    for cid, chk in CHECKS.items():
        form = chk.form()
        for seed in range(10):
            r = S.checks[cid].resolve(form, OPT(opposed_tie_break="reroll"), seed=seed)
            for step in r.steps:
                assert i18n.has(step.label, lang), step.label
                assert "{" not in i18n.t(step.label, lang, **dict(step.params))
                for key, value in step.derived.items():
                    assert i18n.has(f"cd.derived.{key}", lang), key
                    signed_number = isinstance(value, str) and re.fullmatch(r"[+−]\d+", value)
                    assert not isinstance(value, str) or signed_number or i18n.has(value, lang)


def test_check_report_shows_the_core_dread_roll():
    chk = S.checks["check"]
    form = CheckForm(attribute=5, skill=1)
    report = CheckReport(chk.resolve(form, seed=4), chk.odds(form))
    text, html = report._render("text", "en"), report._render("html", "es")
    roll = report.resolution.outcome
    assert i18n.t(f"cd.degree.{roll.degree}", "en") in text
    assert "rolkit-check" in html and i18n.t(f"cd.degree.{roll.degree}", "es") in html
