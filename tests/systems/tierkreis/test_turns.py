"""Tierkreis: the rules at the start of a combatant's own turn (``SYSTEM.turn_start``).

* P10 death points at 0 PV (V13 through the form; «an untreated character dies at the start
  of its third turn after falling»), read back by ``SYSTEM.status``;
* P13 the defensive stance ends at the start of its own turn (option off: identity), and
  the next attack's dodge target drops by the stance's +1 (V23's 7/12 becomes 1/2);
* no dice in these rules: each law is one form with probability 1; a form with nothing to
  apply comes back unchanged (equal); the system has no ``round_end``.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest

from rolkit.systems import tierkreis as tk
from rolkit.systems.tierkreis.turns import turn_start

S = tk.SYSTEM
IMMEDIATE = tk.TierkreisOptions(death_timing="immediate")
LITERAL = tk.TierkreisOptions(death_timing="turn_start")
NPC_SWORD = tk.Weapon(name="espada", kind="melee_1h", damage=3)


def only(law: dict) -> tk.Combatant:
    assert sum(law.values()) == 1
    ((form, p),) = law.items()
    assert p == 1
    return form


def fallen(death_points: int = 0, **kw) -> tk.Combatant:
    return tk.Combatant(name="caído", pv_current=0, death_points=death_points, **kw)


def test_nothing_to_apply_returns_the_form_unchanged():
    d = S.defaults()["defender"]
    assert only(S.turn_start(d)) == d
    assert only(S.turn_end(d)) == d and only(S.round_end(d)) == d
    assert S.turn_end_fn is not None and S.has_turn_effects  # P8: a fumble's timed −2
    assert S.round_end_fn is None
    hurt = tk.Combatant(pv_current=1)
    assert only(S.turn_start(hurt)) == hurt


@pytest.mark.parametrize("points,expected,fate", [(0, 1, "dying"), (1, 2, "dying"), (2, 3, "dead")])
def test_v13_a_death_point_at_the_start_of_each_turn_at_0_pv(points, expected, fate):
    """V13: ``start_of_turn(0, 0)`` → (0, 1, unconscious); ``start_of_turn(0, 2)`` → dead."""
    after = only(S.turn_start(fallen(points)))
    assert (after.pv, after.death_points) == (0, expected)
    assert S.status(after) == fate
    # the default (G11 turn_start) ticks ``dead`` when the turn start brings the third point
    assert after == dataclasses.replace(fallen(points), death_points=expected, dead=fate == "dead")
    immediate = only(S.turn_start(fallen(points), IMMEDIATE))
    assert S.status(immediate, IMMEDIATE) == fate
    assert immediate == dataclasses.replace(fallen(points), death_points=expected)


def test_an_untreated_character_dies_at_the_start_of_its_third_turn():
    c = fallen()
    fates = []
    for _ in range(3):
        c = only(S.turn_start(c))
        fates.append(S.status(c))
    assert fates == ["dying", "dying", "dead"]
    assert only(S.turn_start(c)) == c  # the dead stay as they are


def test_a_blow_at_0_pv_and_the_turn_start_both_count():
    """P9 one point per damaging hit at 0 PV, P10 one per turn start: 1 + 1 + 1 = 3, dead
    at once (``immediate``) or at its next turn start (the default, G11)."""
    npc = tk.Combatant(name="PNJ", is_player=False)
    law = S.transitions(npc, fallen(), NPC_SWORD, tk.Modifiers())
    hit = [d for (_, d), _ in law.items() if d.death_points == 1]
    assert hit
    c = only(S.turn_start(hit[0]))
    assert c.death_points == 2 and S.status(c) == "dying"
    law = S.transitions(npc, c, NPC_SWORD, tk.Modifiers(options=IMMEDIATE))
    assert any(S.status(d, IMMEDIATE) == "dead" for (_, d), _ in law.items())
    law = S.transitions(npc, c, NPC_SWORD, tk.Modifiers())
    three = [d for (_, d) in law if d.death_points == 3]
    assert three and all(S.status(d) == "dying" for d in three)
    assert all(S.status(only(S.turn_start(d))) == "dead" for d in three)


def test_turn_start_timing_still_gives_the_death_point():
    """G11 ``"turn_start"``: the point comes; 3 points are «dying» until the turn starts,
    which ticks ``dead`` (the literal rule, test_turn_marks.py)."""
    after = only(S.turn_start(fallen(1), LITERAL))
    assert after.death_points == 2
    three = fallen(3)
    assert S.status(three, LITERAL) == "dying"
    dead = only(S.turn_start(three, LITERAL))
    assert dead == dataclasses.replace(three, dead=True)
    assert S.status(dead, LITERAL) == "dead"


def test_defensive_stance_ends_at_its_own_turn_start():
    """P13 «+1 a sus chequeos de esquiva hasta el inicio de su próximo turno»."""
    pc = tk.Combatant(name="PJ", agility=6, pv_current=4, defensive_stance=True)
    after = only(S.turn_start(pc))
    assert after == dataclasses.replace(pc, defensive_stance=False)
    npc = tk.Combatant(name="PNJ", is_player=False)
    # V23: the NPC's sword against the PC in stance: dodge target 7 → dodged 7/12
    dodged = S.odds(npc, pc, NPC_SWORD, tk.Modifiers()).p_hit
    assert dodged == F(5, 12)
    assert S.odds(npc, after, NPC_SWORD, tk.Modifiers()).p_hit == F(1, 2)
    # at 0 PV the stance ends too, and the death point comes
    down = only(S.turn_start(fallen(0, defensive_stance=True)))
    assert (down.defensive_stance, down.death_points) == (False, 1)


def test_stance_option_off_is_the_identity():
    pc = tk.Combatant(defensive_stance=True)
    off = tk.TierkreisOptions(stance_ends_at_turn_start=False)
    assert only(S.turn_start(pc, off)) == pc
    assert only(turn_start(pc, tk.Modifiers(options=off))) == pc  # options inside Modifiers


# --------------------------------------------------------------------------- P23 initiative
def test_initiative_by_side_and_ties() -> None:
    e = tk.InitiativeEntry
    pcs = [e("Ana", 5, True, 6), e("Bea", 9, True, 6)]
    npcs = [e("Orco", 7, False, 8), e("Lobo", 3, False, 8)]
    assert tk.initiative_order(npcs + pcs, per_side=True) == [
        "Ana",
        "Bea",
        "Orco",
        "Lobo",
    ]  # 15 = 15: PCs
    assert tk.initiative_order([e("N", 5, False, 7), e("P", 5, True, 7)]) == ["P", "N"]
    with pytest.raises(tk.TierkreisInputError):
        tk.initiative_order([e("Ana", 5, True, 6), e("Bea", 9, True, 7)], per_side=True)
