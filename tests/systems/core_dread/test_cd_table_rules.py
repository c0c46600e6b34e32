"""Issue 9 §6 for Core Dread: rules a GM needs at the table, from the seed's own text —
initiative and turn order (§4.3), extended / competitive / prepared actions (§1.7) and
reloading (§4.14) — through the System API, with exact odds checked independently."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction as F
from math import comb, sqrt

import pytest

from rolkit import i18n
from rolkit.dice import ScriptedDice
from rolkit.errors import RulesError
from rolkit.fight import Fight, InitiativeEntry
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import Combatant, Weapon
from rolkit.systems.core_dread.checks.actions import competitive_odds
from rolkit.systems.core_dread.checks.forms import (
    CheckForm,
    CompetitiveActionForm,
    ExtendedActionForm,
    PreparedActionForm,
)
from rolkit.systems.core_dread.turns import (
    choose_leaders,
    fight_initiative,
    leader_odds,
)
from rolkit.systems.core_dread.checks.forms import ReloadForm
from rolkit.systems.core_dread.checks.reload import reload_weapon

S = cd.SYSTEM
OPT = cd.DEFAULT_OPTIONS
RAW = re.compile(r"_|\bcd\.|\{|\}|\bNone\b|\bTrue\b|\bFalse\b")


def E(name, side, **kw):  # noqa: N802 - a short constructor for the tables below
    return InitiativeEntry(name, side, Combatant(name=name, **kw))


# --------------------------------------------------------------------------- §4.3 initiative
def test_each_group_designates_a_leader_with_the_most_sentidos():
    """«cada grupo de personajes designa a una o un líder»: the member with the highest
    effective Sentidos who can act (ties: the first entered)."""
    entries = [
        E("Ana", "PJ", sentidos=5),
        E("Bruno", "PJ", sentidos=6, lesionado=1),  # 6 − 1 = 5: tie, Ana entered first
        E("Orco", "Antagonistas", sentidos=9, dead=True),
        E("Gul", "Antagonistas", sentidos=3),
        E("Zed", "Antagonistas", sentidos=4),
    ]
    leaders = choose_leaders(entries)
    assert {side: e.name for side, e in leaders.items()} == {"PJ": "Ana", "Antagonistas": "Zed"}


def test_leaders_roll_sentidos_and_the_winner_takes_the_first_turn():
    """«realizarán una tirada de Sentidos para definir qué grupo tiene la iniciativa» and
    «el personaje que lidera al grupo toma el primer turno»: Ana (SEN 5) 3 hits beats
    Zed (SEN 4) 2 hits; then the other leader, then the rest alternating by group."""
    entries = [
        E("Ana", "PJ", sentidos=5),
        E("Bruno", "PJ", sentidos=3),
        E("Zed", "Antagonistas", sentidos=4),
        E("Gul", "Antagonistas", sentidos=2),
        E("Caído", "Antagonistas", sentidos=2, unconscious=True),
    ]
    dice = ScriptedDice([1, 2, 3, 9, 9, 1, 2, 9, 9, 9])
    order, steps = fight_initiative(entries, dice)
    assert dice.remaining == 0
    assert order == ["Ana", "Zed", "Bruno", "Gul", "Caído"]
    rolls = [s for s in steps if s.label == "cd.step.initiative.roll"]
    assert [s.derived["hits"] for s in rolls] == [3, 2]
    assert [s.dice for s in rolls] == [(1, 2, 3, 9, 9), (1, 2, 9, 9, 9)]
    assert steps[-1].label == "cd.step.initiative.winner" and steps[-1].params["name"] == "Ana"


def test_equal_hits_go_to_the_higher_sentidos_without_a_reroll():
    """«Si tienen la misma cantidad de aciertos, gana quien tenga una mayor puntuación en el
    Atributo utilizado» (§1.6): Zed SEN 6 beats Ana SEN 5 on 2 hits each."""
    entries = [E("Ana", "PJ", sentidos=5), E("Zed", "Antagonistas", sentidos=6)]
    dice = ScriptedDice([1, 2, 9, 9, 9, 1, 2, 9, 9, 9])
    order, _ = fight_initiative(entries, dice)
    assert order == ["Zed", "Ana"] and dice.remaining == 0


def test_a_full_tie_is_rolled_again():
    """Spec §4.3.1: same hits and same Sentidos → the leaders roll again."""
    entries = [E("Ana", "PJ", sentidos=4), E("Zed", "Antagonistas", sentidos=4)]
    tie = [1, 2, 9, 9, 9, 3, 4, 9, 9, 9]
    dice = ScriptedDice(tie + [9, 9, 9, 9, 9, 1, 9, 9, 9, 9])
    order, steps = fight_initiative(entries, dice)
    assert order == ["Zed", "Ana"] and dice.remaining == 0
    labels = [s.label for s in steps]
    assert labels.count("cd.step.initiative.roll") == 4
    assert "cd.step.initiative.tie" in labels
    es = [i18n.t(s.label, "es", **dict(s.params)) for s in steps]
    assert "Empate total entre Ana, Zed: vuelven a tirar" in es
    assert "Tirada de Sentidos de Zed (2)" in es


def test_leaders_who_can_never_hit_do_not_roll_forever():
    """Both at effective Sentidos 0 (wounds): a reroll could never end; the first entered."""
    entries = [E("Ana", "PJ", sentidos=2, malherido=1), E("Zed", "B", sentidos=1, lesionado=1)]
    dice = ScriptedDice([5] * 10)
    order, _ = fight_initiative(entries, dice)
    assert order == ["Ana", "Zed"] and dice.remaining == 0
    assert leader_odds(entries[0].character, entries[1].character) == {"a": 1, "b": 0}


def _leader_odds_by_hand(sa: int, sb: int) -> F:
    """Independent: binomial hits (no skill), more hits or equal hits and more SEN wins,
    a full tie rolled again."""

    def law(a):
        return [F(comb(5, k) * a**k * (10 - a) ** (5 - k), 10**5) for k in range(6)]

    la, lb = law(sa), law(sb)
    win = sum(la[i] * lb[j] for i in range(6) for j in range(6) if (i, sa) > (j, sb))
    tie = sum(la[i] * lb[i] for i in range(6)) if sa == sb else F(0)
    return win / (1 - tie)


@pytest.mark.parametrize(("sa", "sb"), [(5, 4), (4, 4), (3, 7), (9, 1)])
def test_leader_odds_are_exact(sa, sb):
    odds = leader_odds(Combatant(sentidos=sa), Combatant(sentidos=sb))
    assert odds["a"] == _leader_odds_by_hand(sa, sb) and odds["a"] + odds["b"] == 1


def test_initiative_rolls_agree_with_the_exact_odds():
    """Seeded Monte Carlo, 1500 rolls, within 6σ."""
    entries = [E("Ana", "PJ", sentidos=5), E("Zed", "B", sentidos=4)]
    n = 1500
    first = sum(fight_initiative(entries, random.Random(s))[0][0] == "Ana" for s in range(n))
    p = float(leader_odds(entries[0].character, entries[1].character)["a"])
    assert abs(first / n - p) <= 6 * sqrt(p * (1 - p) / n)


def test_the_system_and_a_fight_use_the_rule():
    """«Cuando comienza un asalto, el personaje que lidera al grupo toma el primer turno»;
    initiative is rolled again only when a leader falls, not every round."""
    assert S.initiative_fn is fight_initiative and S.initiative_each_round is False
    fight = Fight(S)
    fight.add("Ana", "PJ", Combatant(name="Ana", sentidos=5))
    fight.add("Zed", "Antagonistas", Combatant(name="Zed", sentidos=4))
    state = fight.roll_initiative(seed=11)
    entries = [E("Ana", "PJ", sentidos=5), E("Zed", "Antagonistas", sentidos=4)]
    assert list(state.order) == fight_initiative(entries, random.Random(11))[0]
    for step in state.entry.steps:
        for lang in ("es", "en"):
            assert not RAW.search(i18n.t(step.label, lang, **dict(step.params)))


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
    steps, rolls, degree = S.checks["extended"].resolve_fn(form, OPT, dice)
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
        CompetitiveActionForm(attribute=6, rival_attribute=4, needed=1, turns=1), OPT
    )
    assert one["none"] == (1 - pa) * (1 - pb)
    assert one["win"] + one["draw"] + one["lose"] == 1 - (1 - pa) * (1 - pb)
    assert one["win"] - one["lose"] >= pa * (1 - pb) - (1 - pa) * pb


def test_competitive_action_same_turn_finish_goes_to_more_hits_then_higher_attribute():
    """Both reach the target on the same turn (the seed is silent): §1.6 decides on that
    turn's rolls, «gana quien tenga una mayor puntuación en el Atributo utilizado»."""
    form = CompetitiveActionForm(attribute=5, rival_attribute=4, needed=1, turns=1)
    dice = ScriptedDice([1, 2, 3, 9, 9, 1, 2, 3, 9, 9])
    steps, rolls, degree = S.checks["competitive"].resolve_fn(form, OPT, dice)
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
    r = chk.resolve_fn(PreparedActionForm(triggered=False), OPT, ScriptedDice([]))
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
                assert re.match(r"«[^»]+» \(§", s.rule), s.rule


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


@pytest.mark.parametrize("preset", sorted(S.presets["weapon"]))
def test_a_weapons_empty_fields_show_what_the_engine_uses(preset):
    """§5.5 «Ataques» per reload and G12 wear: filling an empty field with the value shown
    (System.derived) changes no odds."""
    weapon = S.presets["weapon"][preset]
    values = S.derived("weapon", weapon)
    assert "damages_armor" in values or weapon.damages_armor is not None
    modifiers = cd.Modifiers(point_blank=weapon.mode != "melee")
    base = S.odds(Combatant(), Combatant(armor=cd.Armor("comun")), weapon, modifiers)
    for name, value in values.items():
        filled = replace(weapon, **{name: value})
        odds = S.odds(Combatant(), Combatant(armor=cd.Armor("comun")), filled, modifiers)
        assert odds.probabilities == base.probabilities, name
