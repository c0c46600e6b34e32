"""Core Dread's turn (issue #25): what a character does with its turn besides attacking, and
the states that last.

The seed: «Un turno es la oportunidad que posee cada personaje para realizar un movimiento
y una acción» (§4.3); «Apuntar … Al siguiente turno … lo realiza usando su atributo de
Concentración» (§4.4); «Irse al suelo por heridas» (§4.12); «quedar a cubierto o salir de
una cobertura después de moverse» (§4.14); «Recargar … solo toma un turno» (§4.14);
Malherido «Requiere atención médica de urgencia. Si la recibe, una vez al día con una
tirada exitosa de Fortaleza puede convertir una herida en lesión» (§4.16).

Every exact law here is checked against a brute force over the dice written in this file
(each die a hit with weight ``a`` out of 10, each reroll point rerolling a missed die),
and against icepool where it can say it.
"""

from __future__ import annotations

import dataclasses
import random
import re
from fractions import Fraction
from functools import cache
from itertools import product

import icepool
import pytest

from rolkit import RulesError
from rolkit.actions import ActionAfter, ActionContext, TurnRules
from rolkit.fight import Fight, odds_of_fighters
from rolkit.systems.core_dread import (
    Combatant,
    CoreDreadInputError,
    CoreDreadOptions,
    Modifiers,
    Weapon,
    attack_transitions,
    presets,
    resolve_attack,
)
from rolkit.systems.core_dread.checks.forms import HealingCheckForm
from rolkit.systems.core_dread.checks.maneuvers import (
    AIM,
    COVER,
    STAND_UP,
    leave_cover,
    stand_up,
    start_aiming,
    take_cover,
)
from rolkit.systems.core_dread.checks.procedures import HEALING_CHECK
from rolkit.systems.core_dread.rules.healing import urgent_care
from rolkit.systems.core_dread.system import SYSTEM
from rolkit.systems.core_dread.view import conditions

S = SYSTEM
PISTOL = presets.PISTOL
CARLA = presets.CARLA


# --------------------------------------------------------------------------- brute force
@cache
def hits_law(attribute: int, skill: int) -> dict[int, Fraction]:
    """Final hits of 5d10 against ``attribute`` with ``skill`` rerolls of missed dice
    (a rerolled die may be rerolled again), by walking every hit/miss outcome."""
    a = max(0, min(9, attribute))
    out: dict[int, int] = {}
    for dice in product((True, False), repeat=5 + skill):
        w = 1
        for d in dice:
            w *= a if d else 10 - a
        hits = sum(dice[:5])
        for reroll in dice[5:]:  # each point rerolls one missed die, if any is left
            if hits < 5 and reroll:
                hits += 1
        out[hits] = out.get(hits, 0) + w
    total = 10 ** (5 + skill)
    # the reroll dice that were never needed were still counted with weight a + (10 - a)
    return {h: Fraction(w, total) for h, w in out.items() if w}


def icepool_hits(attribute: int) -> dict[int, Fraction]:
    """Hits of 5d10 (no skill) against ``attribute``, by icepool."""
    die = icepool.d10.map(lambda f: int(f <= attribute))
    law = 5 @ die
    total = law.denominator()
    return {int(h): Fraction(law.quantity(h), total) for h in law.outcomes() if law.quantity(h)}


def test_brute_force_matches_icepool() -> None:
    for a in range(0, 10):
        assert hits_law(a, 0) == icepool_hits(a)


# --------------------------------------------------------------------------- aim
def test_aiming_is_used_up_by_the_attack() -> None:
    """§4.4: the aimed shot uses Concentración; the attack uses the aim up."""
    shooter = dataclasses.replace(CARLA, aiming=True)
    m = Modifiers(aimed=True)
    r = resolve_attack(shooter, presets.ANA, PISTOL, m, rng=random.Random(3))
    assert r.attacker_after.aiming is False
    law = attack_transitions(shooter, presets.ANA, PISTOL, m)
    assert sum(law.values()) == 1
    assert all(a.aiming is False for a, _d, _w in law)
    # the same attack by a shooter not aiming: the same law with aiming set the same way
    plain = attack_transitions(CARLA, presets.ANA, PISTOL, m)
    assert {(dataclasses.replace(a, aiming=False), d, w): p for (a, d, w), p in law.items()} == {
        (dataclasses.replace(a, aiming=False), d, w): p for (a, d, w), p in plain.items()
    }


@pytest.mark.parametrize("defence", ["none", "dodge", "block"])
def test_a_defence_ends_the_aim(defence: str) -> None:
    """§4.4 «se mantiene apuntando durante el turno»: a defender who defends stops aiming;
    one who takes the blow keeps aiming (unless knocked out)."""
    target = dataclasses.replace(presets.BRUNO, aiming=True)
    m = Modifiers(defence=defence)
    law = attack_transitions(presets.ANA, target, presets.KNIFE, m)
    assert {d.aiming for _a, d, _w in law} == {defence == "none"}
    r = resolve_attack(presets.ANA, target, presets.KNIFE, m, rng=random.Random(5))
    assert r.defender_after.aiming is (defence == "none")


def test_a_knock_out_ends_the_aim() -> None:
    target = dataclasses.replace(presets.ANA, aiming=True)
    m = Modifiers(surprise=True, knockout_attempt=True)
    law = attack_transitions(presets.BRUNO, target, presets.BAT, m)
    for _a, d, _w in law:
        assert d.aiming is (not d.unconscious)
    assert any(d.unconscious for _a, d, _w in law)


def test_maneuver_effects() -> None:
    c = Combatant(prone=True)
    assert stand_up(c) == Combatant()
    assert stand_up(Combatant()) == Combatant()
    assert take_cover(Combatant()).in_cover and not leave_cover(Combatant(in_cover=True)).in_cover
    assert start_aiming(Combatant()).aiming


@pytest.mark.parametrize(
    ("proc", "form", "degree"),
    [
        (STAND_UP, STAND_UP.form(prone=True), "stands"),
        (STAND_UP, STAND_UP.form(prone=False), "standing"),
        (COVER, COVER.form(in_cover=False), "takes"),
        (COVER, COVER.form(in_cover=True), "leaves"),
        (AIM, AIM.form(agilidad=6, concentracion=6), "aims"),
    ],
)
def test_maneuvers_are_certain(proc, form, degree) -> None:
    """Nothing is rolled: the degree is certain and resolving draws no die."""
    odds = proc.odds_fn(form, CoreDreadOptions())
    assert odds[degree] == 1 and sum(odds.values()) == 1

    class NoDice:
        def randint(self, a: int, b: int) -> int:
            raise AssertionError("a certain action rolled a die")

    steps, _outcome, got = proc.resolve_fn(form, CoreDreadOptions(), NoDice())
    assert got == degree and steps


# --------------------------------------------------------------------------- first aid
@pytest.mark.parametrize(
    ("track", "hits", "after", "dead"),
    [
        ((0, 0, 1), 3, (0, 1, 0), False),  # «convertir una herida en lesión»
        ((0, 0, 1), 5, (0, 1, 0), False),
        ((0, 0, 1), 2, (0, 0, 1), False),  # a failure with care changes nothing
        ((0, 0, 1), 0, (0, 0, 1), False),  # the aggravation is off by default (G24)
        ((0, 3, 2), 4, (0, 3, 2), False),  # no free Lesionado box: nothing changes
        ((1, 2, 3), 3, (1, 3, 2), False),
    ],
)
def test_urgent_care(track, hits, after, dead) -> None:
    patient = Combatant(magullado=track[0], lesionado=track[1], malherido=track[2])
    got = urgent_care(patient, hits)
    assert got.track == after and got.dead is dead and got.cared_for


def test_urgent_care_disastrous_option_and_gore() -> None:
    worst = CoreDreadOptions(disastrous_healing_aggravates=True)
    full = Combatant(malherido=3)
    assert urgent_care(full, 0, worst).dead
    assert urgent_care(Combatant(malherido=1), 0, worst).track == (0, 0, 2)
    gore = Combatant(gore_mode=True, malherido=1)
    assert urgent_care(gore, 3).track == (0, 1, 0)
    assert urgent_care(dataclasses.replace(gore, lesionado=1), 3).track == (0, 1, 1)
    assert urgent_care(gore, 0, worst).dead  # Gore Mode: a second Malherido kills


def test_healing_form_gore_mode() -> None:
    """§4.17: a Gore Mode patient has one box per level and the −1/−2/−3 penalties."""
    with pytest.raises(CoreDreadInputError):
        HealingCheckForm(gore_mode=True, malherido=2)
    form = HealingCheckForm(fortaleza=6, malherido=1, lesionado=1, gore_mode=True)
    odds = HEALING_CHECK.odds_fn(form, CoreDreadOptions())
    law = hits_law(6 - 3 - 2, 0)  # Gore Mode: Malherido −3, Lesionado −2
    assert odds["exito_normal"] + odds["exito_sobresaliente"] + odds["exito_espectacular"] == (
        sum(p for h, p in law.items() if h >= 3)
    )
    assert odds["fallo_desastroso"] == law[0]


# --------------------------------------------------------------------------- conditions
def test_conditions() -> None:
    assert conditions(Combatant()) == ()
    c = Combatant(
        prone=True,
        in_cover=True,
        aiming=True,
        turn_available=False,
        cared_for=True,
        unconscious=True,
        block_weapon=dataclasses.replace(PISTOL, attacks_left=0),
    )
    es = [e for e, _ in conditions(c)]
    assert es == [
        "Inconsciente",
        "En el suelo",
        "A cubierto",
        "Apuntando",
        "Turno usado",
        "Atendido",
        "Sin munición para responder",
    ]
    for e, en in conditions(c):
        assert e in en and "_" not in e + en
    assert conditions(Combatant(dead=True, prone=True)) == (("Muerto", "Muerto (dead)"),)
    # G23 off: the spent turn decides nothing, so it is not shown
    assert (
        conditions(Combatant(turn_available=False), CoreDreadOptions(defence_requires_turn=False))
        == ()
    )


def test_new_fields_default_off() -> None:
    c = Combatant()
    assert c.aiming is False and c.cared_for is False
    assert Weapon().attacks_left is None


# --------------------------------------------------------------------------- the actions
OPTS = CoreDreadOptions()
NONE = Modifiers()
EMPTY_PISTOL = dataclasses.replace(PISTOL, attacks_left=0)


def ctx(actor, weapon=presets.FIST, target=None, modifiers=NONE, options=OPTS, taken=()):
    return ActionContext(
        actor, weapon, actor if target is None else target, modifiers, options, taken
    )


#: one context where each action applies
APPLIES = {
    "attack": ctx(presets.BRUNO, presets.KNIFE, presets.ANA),
    "aim": ctx(CARLA, PISTOL),
    "reload": ctx(CARLA, dataclasses.replace(PISTOL, attacks_left=1)),
    "aid": ctx(presets.BRUNO, target=Combatant(fortaleza=7, malherido=1)),
    "stand_up": ctx(Combatant(prone=True)),
    "take_cover": ctx(Combatant()),
    "leave_cover": ctx(Combatant(in_cover=True)),
}


def test_the_turn_is_one_action_and_one_movement() -> None:
    """§4.3 «realizar un movimiento y una acción, o una acción y luego un movimiento»."""
    assert dict(S.turn_rules.budget) == {"action": 1, "move": 1}
    assert set(S.actions) == set(APPLIES)
    costs = {a: dict(S.actions[a].cost) for a in S.actions}
    assert costs == {
        "attack": {"action": 1},
        "aim": {"action": 1},
        "reload": {"action": 1},
        "aid": {"action": 1},
        "stand_up": {"move": 1},
        "take_cover": {"move": 1},
        "leave_cover": {"move": 1},
    }
    rules, actions = S.turn_rules, S.actions
    assert not rules.affordable(actions["attack"], ("aid",), actions)  # one action a turn
    assert rules.affordable(actions["stand_up"], ("attack",), actions)
    assert not rules.affordable(actions["take_cover"], ("stand_up",), actions)


@pytest.mark.parametrize("action_id", sorted(APPLIES))
def test_each_action_law_sums_to_one_and_every_resolve_is_in_it(action_id: str) -> None:
    proc, c = S.actions[action_id], APPLIES[action_id]
    assert proc.refusal(c) is None
    law = proc.law(c)
    assert sum(law.values()) == 1 and all(p > 0 for p in law.values())
    for seed in range(25):
        assert proc.resolve_in_fight(c, seed=seed).after in law


def test_certain_actions_change_what_they_say() -> None:
    one = {a: next(iter(S.actions[a].law(c))) for a, c in APPLIES.items() if a != "attack"}
    assert all(len(S.actions[a].law(APPLIES[a])) == 1 for a in one if a != "aid")
    assert one["aim"].actor.aiming
    assert one["reload"].weapon.attacks_left == 3  # «Semiautomáticas o revólveres» 3
    assert not one["stand_up"].actor.prone
    assert one["take_cover"].actor.in_cover and not one["leave_cover"].actor.in_cover


# --------------------------------------------------------------------------- aid, exact
@pytest.mark.parametrize(
    ("fortaleza", "track", "worst"),
    [(7, (0, 0, 1), False), (6, (1, 1, 1), False), (9, (0, 2, 2), True), (4, (0, 3, 1), True)],
)
def test_aid_law_against_brute_force(fortaleza, track, worst) -> None:
    """§4.16 The patient's Fortaleza check with care (FOR minus its wound penalty, no skill):
    3+ hits turn a Malherido into a Lesionado if a Lesionado box is free; with the G24
    option a 0 adds a Malherido."""
    options = CoreDreadOptions(disastrous_healing_aggravates=worst)
    mag, les, mal = track
    patient = Combatant(fortaleza=fortaleza, magullado=mag, lesionado=les, malherido=mal)
    c = ctx(presets.BRUNO, target=patient, options=options)
    law = S.actions["aid"].law(c)
    effective = fortaleza - les - 2 * mal  # §4.11, written here again
    hits = hits_law(effective, 0)
    assert hits == icepool_hits(max(0, effective))
    expected: dict[tuple[tuple[int, int, int], bool], Fraction] = {}
    for h, p in hits.items():
        if h >= 3 and les < 3:
            key = ((mag, les + 1, mal - 1), False)
        elif h == 0 and worst:
            key = ((mag, les, mal + 1), False) if mal < 3 else ((mag, les, mal), True)
        else:
            key = (track, False)
        expected[key] = expected.get(key, Fraction(0)) + p
    got: dict[tuple[tuple[int, int, int], bool], Fraction] = {}
    for after, p in law.items():
        assert after.target.cared_for and after.actor == presets.BRUNO
        key = (after.target.track, after.target.dead)
        got[key] = got.get(key, Fraction(0)) + p
    assert got == expected


def test_aid_seeded_resolves_agree_with_the_law() -> None:
    """A seeded Monte Carlo of ``resolve_in_fight`` within 6σ of the exact law."""
    c = ctx(presets.BRUNO, target=Combatant(fortaleza=7, malherido=1))
    proc = S.actions["aid"]
    law = proc.law(c)
    n = 3000
    counts: dict = {}
    for seed in range(n):
        after = proc.resolve_in_fight(c, seed=seed).after
        counts[after] = counts.get(after, 0) + 1
    assert set(counts) <= set(law)
    for after, p in law.items():
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts.get(after, 0) / n - float(p)) <= 6 * sigma + 1e-12


# --------------------------------------------------------------------------- aim, exact
def test_the_shot_after_aiming_uses_concentracion() -> None:
    """§4.4: «lo realiza usando su atributo de Concentración, en lugar de Agilidad». A
    shot at range needs 3 hits (§4.4.5); every hit wounds ANA (4 × 3 > 0) and no armour."""
    shooter = Combatant(name="Rita", agilidad=3, concentracion=7, ranged_skill=1)
    attack = S.actions["attack"]
    for aiming, attribute in ((False, 3), (True, 7)):
        me = dataclasses.replace(shooter, aiming=aiming)
        law = attack.law(ctx(me, PISTOL, presets.ANA))
        assert sum(law.values()) == 1
        wounded = sum(p for a, p in law.items() if a.target.track != (0, 0, 0))
        assert wounded == sum(p for h, p in hits_law(attribute, 1).items() if h >= 3)
        assert all(not a.actor.aiming for a in law)  # the shot uses the aim up
        assert all(a.weapon.attacks_left == 2 for a in law)


def test_aim_then_shoot_in_the_tracker() -> None:
    f = Fight(S)
    f.add("Rita", "Jugadores", Combatant(name="Rita", agilidad=3, concentracion=7), PISTOL)
    f.add("Ana", "Enemigos", presets.ANA, presets.FIST)
    f.apply_action(f.act("Rita", "aim", seed=1), "Rita")
    assert f.state.fighter("Rita").attacker.aiming
    assert ("Apuntando", "Apuntando (aiming)") in S.conditions(f.state.fighter("Rita").defender)
    shot = f.act("Rita", "attack", "Ana", seed=4)
    assert any(s.derived.get("uses") == "cd.value.concentracion" for s in shot.steps)
    f.apply_action(shot, "Rita", "Ana")
    assert not f.state.fighter("Rita").attacker.aiming


# --------------------------------------------------------------------------- refusals
RAW = re.compile(r"_|§|\bcd\.|\{|\}|\bNone\b|\bTrue\b|\bFalse\b")

REFUSED = [
    ("attack", ctx(CARLA, EMPTY_PISTOL, presets.ANA), "recargar"),
    ("attack", ctx(dataclasses.replace(CARLA, in_cover=True), PISTOL, presets.ANA), "a cubierto"),
    ("attack", ctx(CARLA, PISTOL, Combatant(in_cover=True)), "a cubierto"),
    ("attack", ctx(Combatant(turn_available=False), presets.FIST, presets.ANA), "su turno"),
    ("aim", ctx(CARLA, presets.KNIFE), "proyectiles"),
    ("aim", ctx(CARLA, EMPTY_PISTOL), "recargar"),
    ("aim", ctx(dataclasses.replace(CARLA, aiming=True), PISTOL), "ya está apuntando"),
    ("reload", ctx(CARLA, PISTOL), "ya está cargada"),
    ("reload", ctx(CARLA, presets.KNIFE), "no es de proyectiles"),
    ("reload", ctx(CARLA, dataclasses.replace(EMPTY_PISTOL, spare_magazine=False)), "minutos"),
    ("aid", ctx(presets.BRUNO, target=Combatant(lesionado=2)), "Malherido"),
    ("aid", ctx(presets.BRUNO, target=Combatant(malherido=1, cared_for=True)), "atendido"),
    ("aid", ctx(presets.BRUNO, target=Combatant(malherido=3, dead=True)), "muerto"),
    ("aid", ctx(Combatant(turn_available=False), target=Combatant(malherido=1)), "su turno"),
    ("stand_up", ctx(Combatant()), "no está en el suelo"),
    ("stand_up", ctx(Combatant(prone=True, turn_available=False)), "su turno"),
    ("take_cover", ctx(Combatant(in_cover=True)), "ya está a cubierto"),
    ("leave_cover", ctx(Combatant()), "no está a cubierto"),
]


@pytest.mark.parametrize(("action_id", "c", "why"), REFUSED)
def test_refusals_say_why_in_plain_words(action_id, c, why) -> None:
    proc = S.actions[action_id]
    refusal = proc.refusal(c)
    assert refusal is not None and why in refusal[0], refusal
    es, en = refusal
    assert es and en and es != en and not RAW.search(es + en)
    assert proc.law(c) == {ActionAfter(c.actor, c.target, c.weapon): Fraction(1)}
    with pytest.raises(RulesError):
        proc.resolve_in_fight(c, seed=1)


def test_no_turn_no_action_unless_g23_is_off() -> None:
    """G23 off: a defence needs no turn, so a spent turn refuses nothing."""
    off = CoreDreadOptions(defence_requires_turn=False)
    spent = Combatant(prone=True, turn_available=False)
    assert S.actions["stand_up"].refusal(ctx(spent, options=off)) is None
    assert S.actions["attack"].refusal(ctx(spent, presets.FIST, presets.ANA, options=off)) is None


# --------------------------------------------------------------------------- the tracker
def test_first_aid_in_the_tracker() -> None:
    """Bruno's turn: urgent care for Ana (an action), then no attack (the action is used),
    but the movement is still there."""
    f = Fight(S)
    ana = dataclasses.replace(presets.ANA, fortaleza=9, malherido=1, prone=True)
    f.add("Ana", "Jugadores", ana, presets.FIST)
    f.add("Bruno", "Jugadores", presets.BRUNO, presets.FIST)
    f.add("Carla", "Enemigos", CARLA, PISTOL)
    f.roll_initiative(seed=1)
    assert f.state.current == "Bruno"
    offered = {a.action.id: a.targets for a in f.actions_for("Bruno")}
    assert offered["aid"] == ("Ana",) and offered["attack"] == ("Carla",)
    result = f.act("Bruno", "aid", "Ana", seed=2)
    assert result.after in S.actions["aid"].law(f.action_context("Bruno", "aid", "Ana"))
    f.apply_action(result, "Bruno", "Ana")
    after = f.state.fighter("Ana").defender
    assert after.cared_for and ("Atendido", "Atendido (under urgent care)") in S.conditions(after)
    assert f.state.taken == ("aid",)
    assert {a.action.id for a in f.actions_for("Bruno")} == {"take_cover"}
    with pytest.raises(RulesError):
        f.act("Bruno", "attack", "Carla", seed=3)


def test_reload_in_the_tracker() -> None:
    f = Fight(S)
    f.add("Carla", "Enemigos", CARLA, EMPTY_PISTOL)
    f.add("Ana", "Jugadores", presets.ANA, presets.FIST)
    assert "attack" not in {a.action.id for a in f.actions_for("Carla")}
    f.apply_action(f.act("Carla", "reload", seed=1), "Carla")
    assert f.state.fighter("Carla").weapon.attacks_left == 3


def test_whole_fight_figures_with_the_actions_are_those_of_one_attack_a_turn() -> None:
    """The default policy only attacks (and aids when asked): the turn of actions gives
    exactly the figures of the one-attack turn, also with a prone-making Malherido."""
    one = dataclasses.replace(S, actions={"attack": S.actions["attack"]}, turn_rules=TurnRules())
    assert not one.has_turn_actions and S.has_turn_actions
    fighters = [
        ("Bruno", "a", presets.BRUNO, presets.BAT),
        ("Ana", "b", dataclasses.replace(presets.ANA, malherido=1), presets.KNIFE),
    ]
    ours = odds_of_fighters(S, fighters, rounds=3)
    before = odds_of_fighters(one, fighters, rounds=3)
    assert (ours.p_win, ours.p_ongoing, ours.fates) == (
        before.p_win,
        before.p_ongoing,
        before.fates,
    )


# --------------------------------------------------------------------------- asphyxia
@pytest.mark.parametrize(
    ("fortaleza", "skill", "les", "mal"), [(4, 0, 0, 0), (5, 1, 0, 1), (9, 2, 1, 0), (2, 0, 0, 1)]
)
def test_asphyxia_check_against_brute_force(fortaleza, skill, les, mal) -> None:
    """§4.15 «puede aguantar una cantidad de turnos adicionales igual a la cantidad de
    aciertos»: the extra turns are the hits of one Fortaleza roll (with the §4.11 penalty);
    N = Fortaleza + hits (V14: FOR 4 with no breath → 4)."""
    proc = S.checks["asphyxia"]
    form = proc.form(fortaleza=fortaleza, skill=skill, lesionado=les, malherido=mal)
    odds = proc.odds(form).probabilities
    law = hits_law(fortaleza - les - 2 * mal, skill)
    assert odds == {f"extra_{h}": law.get(h, Fraction(0)) for h in range(6)}
    if skill == 0:
        assert law == icepool_hits(max(0, fortaleza - les - 2 * mal))
    for seed in range(20):
        r = proc.resolve(form, seed=seed)
        hits = int(r.degree.id.removeprefix("extra_"))
        assert r.outcome == fortaleza + hits and odds[r.degree.id] > 0
