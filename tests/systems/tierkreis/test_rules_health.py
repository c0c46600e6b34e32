"""P9–P10, P20, P22 health (:mod:`rolkit.systems.tierkreis.rules.health`): the death
timing and the fate it gives, healing and the night's recovery."""

from __future__ import annotations

from fractions import Fraction as F

from rolkit.systems import tierkreis as tk

from .tk_fixtures import BOW, NPC, mods


def test_death_timing_and_fate() -> None:
    dying = tk.Combatant(pv_current=0, death_points=2, **NPC)
    odds = tk.SYSTEM.odds(
        tk.Combatant(agility=12), dying, tk.UNARMED, mods(death_timing="immediate")
    )
    assert odds.p_dead == F(11, 12)  # every hit (critical included) adds the 3rd death point
    later = tk.SYSTEM.odds(tk.Combatant(agility=12), dying, tk.UNARMED, tk.Modifiers())
    assert later.p_dead == 0 and later.p_dying == 1  # G11 default: dies at its turn start
    hungry = tk.Combatant(strength=2, deprivation_days=2, pv_max_override=30, **NPC)
    assert hungry.status == "unconscious"
    down = tk.SYSTEM.odds(tk.Combatant(), hungry, tk.UNARMED, tk.Modifiers())
    assert down.fate() == {"down": F(1)}
    fresh = tk.SYSTEM.odds(
        tk.Combatant(agility=7), tk.Combatant(pv_max_override=5, **NPC), BOW, tk.Modifiers()
    )
    assert fresh.fate() == {None: F(11, 12), "dying": F(1, 12)}


def test_apply_damage_defaults_to_the_turn_start() -> None:
    """§6 ``apply_damage(..., death_timing="turn_start")``: «Si al iniciar un turno el
    personaje alcanza 3 puntos de muerte, muere», so a blow's third point is not death yet."""
    assert tk.apply_damage(0, 2, 1) == (0, 3, "unconscious")
    assert tk.apply_damage(0, 2, 1) == tk.apply_damage(0, 2, 1, "turn_start")
    assert tk.start_of_turn(0, 3, stable=True) == (0, 3, "dead")  # the turn start kills


def test_healing_and_night_recovery() -> None:
    assert tk.heal(0, 2, 3, 10) == (3, 0, "active")  # P9: death points cleared, wakes up
    assert tk.heal(8, 0, 5, 10) == (10, 0, "active")
    assert tk.heal(0, 3, 5, 10).status == "dead"
    assert tk.night_recovery(2, 0, level=3, pv_max=10) == (5, 0, "active")
    assert tk.night_recovery(2, 0, level=3, pv_max=10, ate=False) == (2, 0, "active")  # P20
    assert tk.night_recovery(9, 0, level=3, pv_max=10, slept=False) == (9, 0, "active")
