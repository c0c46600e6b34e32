"""§4.1, §4.2, §4.16 Core Dread's checks as System procedures: exact laws by degree,
replayable explained rolls, and a face-level enumeration of each resolve against its odds;
then §1.7 extended / competitive / prepared actions and §4.14 reloading, from the seed's own
text, with exact odds checked independently."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction as F
from math import sqrt

import pytest

from rolkit import i18n
from rolkit.dice import ScriptedDice
from rolkit.display.render import CheckReport
from rolkit.errors import RulesError
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import Combatant, Weapon
from rolkit.systems.core_dread.checks.actions import competitive_odds
from rolkit.systems.core_dread.checks.forms import (
    CheckForm,
    CompetitiveActionForm,
    ExtendedActionForm,
    HealingCheckForm,
    OpposedCheckForm,
    PreparedActionForm,
    ReloadForm,
)
from rolkit.systems.core_dread.checks.procedures import CHECKS, plain_check_resolve
from rolkit.systems.core_dread.checks.reload import reload_weapon

from .cd_faces import enumerate_law

DEFAULTS = cd.DEFAULT_OPTIONS
RAW = re.compile(r"_|\bcd\.|\{|\}|\bNone\b|\bTrue\b|\bFalse\b")

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
        "asphyxia",
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
    from .test_oracle import pattern_law

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


# --------------------------------------------------------------------------- §1.7 actions
def _extended_by_hand(a: int, s: int, needed: int, turns: int, completes: bool) -> F:
    """Independent: per turn P(spectacular) = (a/10)^5, P(other success) = P(3+) − that."""
    p_spec = F(a, 10) ** 5
    p_one = cd.check_success_probability(a, s) - p_spec

    def done(left: int, t: int) -> F:
        if left <= 0:
            return F(1)
        if t == 0:
            return F(0)
        spec = F(1) if completes else done(left - 2, t - 1)
        return (
            p_spec * spec + p_one * done(left - 1, t - 1) + (1 - p_spec - p_one) * done(left, t - 1)
        )

    return done(needed, turns)


@pytest.mark.parametrize(
    ("a", "s", "needed", "turns", "rule"),
    [
        (4, 0, 3, 5, "counts_two"),
        (6, 2, 4, 6, "completes"),
        (9, 1, 5, 5, "counts_two"),
        (3, 0, 1, 1, "completes"),
    ],
)
def test_extended_action_needs_a_number_of_successful_checks(a, s, needed, turns, rule):
    """«se requiere alcanzar un número específico de tiradas exitosas»; a spectacular success
    «podría traducirse en alcanzar el objetivo inmediatamente … o contar como dos»."""
    form = ExtendedActionForm(attribute=a, skill=s, needed=needed, turns=turns, spectacular=rule)
    odds = S.checks["extended"].odds(form)
    assert odds.probabilities["done"] == _extended_by_hand(a, s, needed, turns, rule == "completes")
    assert odds.total == 1


def test_extended_action_rolls_once_per_turn_and_stops_when_done():
    """V: attribute 5, needs 2: turn 1 three hits (1), turn 2 five natural hits (counts two)."""
    form = ExtendedActionForm(attribute=5, needed=3, turns=4)
    dice = ScriptedDice([1, 2, 3, 9, 9, 1, 2, 3, 4, 5])
    steps, rolls, degree = S.checks["extended"].resolve_fn(form, DEFAULTS, dice)
    assert degree == "done" and rolls.successes == (3,) and dice.remaining == 0
    turns = [s for s in steps if s.label == "cd.step.extended.turn"]
    assert [(s.derived["added"], s.derived["successes"]) for s in turns] == [(1, 1), (2, 3)]
    assert "«Éxitos espectaculares en acciones extendidas»" in turns[1].rule


def test_extended_action_rolls_agree_with_the_exact_odds():
    chk = S.checks["extended"]
    form = ExtendedActionForm(attribute=5, skill=1, needed=3, turns=4)
    p = float(chk.odds(form).probabilities["done"])
    n = 600
    hits = sum(chk.resolve(form, seed=s).degree.id == "done" for s in range(n))
    assert abs(hits / n - p) <= 6 * sqrt(p * (1 - p) / n)


def test_competitive_action_first_to_the_target_wins():
    """«gana el personaje que logre primero el número de tiradas exitosas objetivo»."""
    chk = S.checks["competitive"]
    even = chk.odds(CompetitiveActionForm(needed=2, turns=6)).probabilities
    assert even["win"] == even["lose"] and sum(even.values()) == 1
    stronger = chk.odds(CompetitiveActionForm(attribute=7, needed=2, turns=6)).probabilities
    assert stronger["win"] > stronger["lose"]
    # one turn, one success needed: exactly the two single-turn laws
    pa, pb = cd.check_success_probability(6, 0), cd.check_success_probability(4, 0)
    one = competitive_odds(
        CompetitiveActionForm(attribute=6, rival_attribute=4, needed=1, turns=1), DEFAULTS
    )
    assert one["none"] == (1 - pa) * (1 - pb)
    assert one["win"] + one["draw"] + one["lose"] == 1 - (1 - pa) * (1 - pb)
    assert one["win"] - one["lose"] >= pa * (1 - pb) - (1 - pa) * pb


def test_competitive_action_same_turn_finish_goes_to_more_hits_then_higher_attribute():
    """Both reach the target on the same turn (the seed is silent): §1.6 decides on that
    turn's rolls, «gana quien tenga una mayor puntuación en el Atributo utilizado»."""
    form = CompetitiveActionForm(attribute=5, rival_attribute=4, needed=1, turns=1)
    dice = ScriptedDice([1, 2, 3, 9, 9, 1, 2, 3, 9, 9])
    steps, rolls, degree = S.checks["competitive"].resolve_fn(form, DEFAULTS, dice)
    assert degree == "win" and rolls.successes == (1, 1)
    assert "«Tiradas enfrentadas»" in steps[-1].rule


def test_competitive_action_rolls_agree_with_the_exact_odds():
    chk = S.checks["competitive"]
    form = CompetitiveActionForm(attribute=5, rival_attribute=4, needed=2, turns=3)
    probs = chk.odds(form).probabilities
    n = 600
    seen = [chk.resolve(form, seed=s).degree.id for s in range(n)]
    for degree, p in probs.items():
        p = float(p)
        assert abs(seen.count(degree) / n - p) <= 6 * sqrt(p * (1 - p) / n) + 1e-12, degree


def test_prepared_action_happens_just_before_or_is_lost():
    """«Una vez que ese evento inicie, el personaje realiza la acción justo antes. Pero si
    ese evento no ocurre, el personaje pierde la acción»."""
    chk = S.checks["prepared"]
    lost = chk.odds(PreparedActionForm(triggered=False)).probabilities
    assert lost["lost"] == 1 and sum(lost.values()) == 1
    r = chk.resolve_fn(PreparedActionForm(triggered=False), DEFAULTS, ScriptedDice([]))
    assert r[2] == "lost" and r[0][0].label == "cd.step.prepared.lost"
    made = chk.odds(PreparedActionForm(attribute=6, skill=1)).probabilities
    plain = S.checks["check"].odds(CheckForm(attribute=6, skill=1)).probabilities
    assert made["lost"] == 0 and all(made[d] == q for d, q in plain.items())


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_new_procedure_step_reads_right(lang):
    for cid in ("extended", "competitive", "prepared", "reload"):
        chk = S.checks[cid]
        for seed in range(8):
            r = chk.resolve(chk.form(), seed=seed)
            for s in r.steps:
                assert i18n.has(s.label, lang), s.label
                assert not RAW.search(i18n.t(s.label, lang, **dict(s.params)))
                for key, value in s.derived.items():
                    assert i18n.has(f"cd.derived.{key}", lang), key
                    if isinstance(value, str) and not re.fullmatch(r"[+−]\d+", value):
                        assert i18n.has(value, lang), value
                # the rulebook's own name, then its words; no spec code (issue #26)
                assert re.match(r"«[^»]+»(: |; |$)", s.rule), s.rule
                assert "§" not in s.rule, s.rule


# --------------------------------------------------------------------------- §4.14 reloading
def test_reloading_a_magazine_or_a_bow_takes_one_turn_otherwise_minutes():
    """«Recargar un arma puede llevar varios minutos, a menos que solo se trate de cambiar un
    cargador por otro o “recargar” un arco, lo que solo toma un turno»."""
    empty = Weapon(
        name="Revólver",
        category="peligrosa",
        mode="ranged",
        ranged_type="semiautomatica_revolver",
        attacks_left=0,
    )
    done = reload_weapon(empty)
    assert done.weapon.attacks_left == 3 and done.time == "one_turn"
    assert reload_weapon(replace(empty, spare_magazine=False)).time == "minutes"
    bow = Weapon(
        name="Arco",
        category="peligrosa",
        mode="ranged",
        ranged_type="arco_ballesta",
        attacks_left=0,
        spare_magazine=False,
    )
    assert reload_weapon(bow).time == "one_turn" and reload_weapon(bow).weapon.attacks_left == 1
    with pytest.raises(RulesError):
        reload_weapon(Weapon())
    chk = S.checks["reload"]
    assert chk.odds(ReloadForm()).probabilities == {"minutes": 0, "one_turn": 1}
    assert chk.odds(ReloadForm(spare_magazine=False)).probabilities["minutes"] == 1
    r = chk.resolve(ReloadForm(ranged_type="fusil_asalto", attacks_left=1), seed=1)
    assert r.outcome.weapon.attacks_left == 4 and r.degree.id == "one_turn"
    assert i18n.t(r.steps[0].label, "es", **dict(r.steps[0].params)) == "Recarga: Fusil de asalto"


def test_an_empty_firearm_must_be_reloaded_before_it_attacks():
    """«antes de ser necesario recargar»: 0 attacks left is an error; after a reload it fires."""
    empty = Weapon(
        category="peligrosa", mode="ranged", ranged_type="semiautomatica_revolver", attacks_left=0
    )
    with pytest.raises(RulesError):
        S.resolve(Combatant(), Combatant(), empty, cd.Modifiers(), seed=1)
    r = S.resolve(Combatant(), Combatant(), reload_weapon(empty).weapon, cd.Modifiers(), seed=1)
    assert r.outcome.weapon_after.attacks_left == 2
