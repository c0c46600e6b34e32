"""Tierkreis: the states that last (issue #25 item 2), set by the results that cause them and
read by the rules they affect.

* «Ataque: El personaje ataca con el arma que tenga en sus manos» (P24): a held weapon that
  is not in the attacker's hands (``weapon_state`` «dropped» by a fumble 1–2, «snatched» by
  *Arrebatar*) leaves a bare-handed blow (damage 1); a power needs no weapon in hand;
* T1 1–2 «El arma se le cae»: the after-state of the fumble (only a weapon held in the hands);
* P19 *Recargar* «deben ser recargadas cuando agoten su munición»: every shot fired spends one
  of a counted load (``Weapon.ammo_left``); an empty weapon cannot shoot (the attack is
  refused; in a fight the blow is not made).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest

from rolkit.dice import ScriptedDice
from rolkit.systems import tierkreis as tk

S = tk.SYSTEM
NPC = {"is_player": False}
SWORD = tk.SWORD
PISTOL = tk.Weapon(name="pistola", kind="firearm", damage=4, ammo_capacity=2)
POWER = tk.Weapon(name="rayo", kind="power", damage=2, power_characteristic="INT")


def test_without_its_weapon_in_hand_the_attack_is_a_bare_handed_blow() -> None:
    """FUE 8 AGI 5 with a sword would roll FUE 8 for 3 damage (V25); disarmed, a blow with
    no weapon rolls the same «AGI o FUE» (sin armas) for 1 damage."""
    pc = tk.Combatant(strength=8, agility=5)
    npc = tk.Combatant(pv_max_override=20, **NPC)
    for state in ("dropped", "snatched"):
        disarmed = dataclasses.replace(pc, weapon_state=state)
        law = tk.attack_outcomes(disarmed, npc, SWORD, tk.Modifiers())
        assert law == tk.attack_outcomes(pc, npc, tk.UNARMED, tk.Modifiers())
        damage: dict[int, F] = {}
        for k, p in law.items():
            damage[k.damage] = damage.get(k.damage, F(0)) + p
        # target 8: critical 1/12 (1 × 2), hit 7/12 (1), miss and fumble 4/12
        assert damage == {2: F(1, 12), 1: F(7, 12), 0: F(4, 12)}
    bow = tk.Weapon(name="arco", kind="ranged", damage=3)
    disarmed = dataclasses.replace(pc, weapon_state="dropped")
    assert tk.roll_target(disarmed, npc, bow, tk.Modifiers())[1].characteristic == "FUE"
    # a power is not held in the hands: it works the same
    assert tk.attack_outcomes(disarmed, npc, POWER, tk.Modifiers()) == tk.attack_outcomes(
        pc, npc, POWER, tk.Modifiers()
    )


def test_the_roll_says_the_weapon_is_not_in_hand() -> None:
    pc = tk.Combatant(strength=8, agility=5, weapon_state="snatched")
    r = tk.resolve_attack(pc, tk.Combatant(**NPC), SWORD, tk.Modifiers(), ScriptedDice([4]))
    assert r.steps[0].label == "tierkreis.step.unarmed"
    assert r.steps[0].derived == {
        "weapon": "espada",
        "weapon_state": "tierkreis.value.snatched",
    }
    assert (r.result, r.damage) == ("hit", 1)
    plain = tk.resolve_attack(
        dataclasses.replace(pc, weapon_state="in_hand"),
        tk.Combatant(**NPC),
        SWORD,
        tk.Modifiers(),
        ScriptedDice([4]),
    )
    assert all(s.label != "tierkreis.step.unarmed" for s in plain.steps) and plain.damage == 3


def test_a_fumble_1_2_drops_a_held_weapon_and_nothing_else() -> None:
    """T1 1–2 «El arma se le cae»: 1/72 of an attack, only with a weapon in the hands."""
    pc, npc = tk.Combatant(agility=7), tk.Combatant(**NPC)
    dropped = dataclasses.replace(pc, weapon_state="dropped")
    for weapon in (SWORD, tk.Weapon(kind="melee_2h", damage=4), PISTOL):
        law = S.transitions(pc, npc, weapon, tk.Modifiers())
        assert law[(dropped, npc)] == F(1, 72), weapon.kind
    for weapon in (tk.UNARMED, POWER):  # a fist or a power cannot fall
        law = S.transitions(pc, npc, weapon, tk.Modifiers())
        assert all(a.weapon_state == "in_hand" for a, _d in law)
    # already disarmed: it fights bare-handed, and a fumble 1–2 drops nothing more
    law = S.transitions(dropped, npc, SWORD, tk.Modifiers())
    assert all(a.weapon_state == "dropped" for a, _d in law)
    r = tk.resolve_attack(pc, npc, SWORD, tk.Modifiers(), ScriptedDice([12, 2]))
    assert r.fumble_effect == "weapon_dropped"
    assert S.after(S.resolve(pc, npc, SWORD, tk.Modifiers(), seed=_seed_of_drop(pc, npc)))[
        "attacker"
    ] == (dropped)


def _seed_of_drop(pc: tk.Combatant, npc: tk.Combatant) -> int:
    """A seed whose roll is a fumble with the weapon dropped (found by search, then fixed)."""
    for seed in range(5000):
        r = S.resolve(pc, npc, SWORD, tk.Modifiers(), seed=seed)
        if r.outcome.fumble_effect == "weapon_dropped":
            return seed
    raise AssertionError("no seed")


def test_every_shot_spends_one_of_a_counted_load() -> None:
    """P19: hit, miss or fumble, the shot is fired: the weapon after has one shot fewer."""
    pc, npc = tk.Combatant(agility=7), tk.Combatant(pv_max_override=20, **NPC)
    law = S.transitions(pc, npc, PISTOL, tk.Modifiers(), with_weapon=True)
    assert {w for _a, _d, w in law} == {dataclasses.replace(PISTOL, ammo_left=1)}
    one = dataclasses.replace(PISTOL, ammo_left=1)
    law = S.transitions(pc, npc, one, tk.Modifiers(), with_weapon=True)
    assert {w.ammo_left for _a, _d, w in law} == {0}
    r = S.resolve(pc, npc, one, tk.Modifiers(), seed=3)
    assert S.after(r)["weapon"] == dataclasses.replace(PISTOL, ammo_left=0)
    # not counted: the weapon never changes
    bare = tk.Weapon(name="pistola", kind="firearm", damage=4)
    assert {w for _a, _d, w in S.transitions(pc, npc, bare, tk.Modifiers(), with_weapon=True)} == {
        bare
    }
    # a disarmed shooter fires nothing: the load stays
    disarmed = dataclasses.replace(pc, weapon_state="dropped")
    law = S.transitions(disarmed, npc, one, tk.Modifiers(), with_weapon=True)
    assert {w for _a, _d, w in law} == {one}


def test_an_empty_weapon_cannot_shoot() -> None:
    pc, npc = tk.Combatant(agility=7), tk.Combatant(**NPC)
    empty = dataclasses.replace(PISTOL, ammo_left=0)
    assert empty.shots == 0 and PISTOL.shots == 2
    with pytest.raises(tk.TierkreisInputError) as err:
        tk.attack_outcomes(pc, npc, empty, tk.Modifiers())
    assert err.value.field == "ammo_left" and "recargar" in str(err.value).lower()
    mods, reasons = S.fight_blow(pc, npc, empty, tk.Modifiers())
    assert mods is None and reasons[0][0] == "attacker" and "recargar" in reasons[0][1]
    assert S.fight_blow(pc, npc, PISTOL, tk.Modifiers()) == (tk.Modifiers(), ())
    # without it in its hands the empty pistol does not matter: a bare-handed blow
    disarmed = dataclasses.replace(pc, weapon_state="dropped")
    assert S.fight_blow(disarmed, npc, empty, tk.Modifiers())[0] is not None
    assert tk.attack_outcomes(disarmed, npc, empty, tk.Modifiers())


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "melee_1h", "ammo_capacity": 6},  # a sword has no ammunition
        {"kind": "power", "ammo_capacity": 1},
        {"kind": "firearm", "ammo_left": 3},  # shots left without a load
        {"kind": "firearm", "ammo_capacity": 2, "ammo_left": 3},  # more than a load
        {"kind": "firearm", "ammo_capacity": 0},
    ],
)
def test_ammunition_fields_refuse_what_cannot_be(bad: dict) -> None:
    with pytest.raises(tk.TierkreisInputError):
        tk.Weapon(**bad)


def test_new_fields_default_to_nothing_and_are_labelled() -> None:
    c = tk.Combatant()
    assert (c.grappled, c.grappling, c.weapon_state) == (False, False, "in_hand")
    w = tk.Weapon()
    assert (w.ammo_capacity, w.ammo_left, w.shots) == (None, None, None)
    with pytest.raises(tk.TierkreisInputError):
        tk.Combatant(weapon_state="lost")
