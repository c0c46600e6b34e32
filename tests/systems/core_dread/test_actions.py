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
from fractions import Fraction
from functools import cache
from itertools import product

import icepool
import pytest

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
