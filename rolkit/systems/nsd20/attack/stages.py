"""P4–P10 The named stages of one attack, shared by ``resolve_attack`` and the exact odds.

:func:`setup_attack` validates and computes the fixed numbers once; the stages
(:func:`attack_hits`, :func:`concealment_passes`, :func:`is_threat`, :func:`damage_plan`,
:func:`final_damage`, :func:`needs_massive_test`, :func:`wound_result`) are read by
:mod:`.resolve` and :mod:`.odds` alike, so a rule is written once. The last stage is the
forms an attack leaves (:func:`attacker_after_attack`, :func:`defender_after_attack`),
which the after-state law (:mod:`rolkit.systems.nsd20.after`) reads too.
"""

from __future__ import annotations

from dataclasses import dataclass

from rolkit.systems.nsd20.attack.validate import validate_attack
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon, evolve_form
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.check import natural_success
from rolkit.systems.nsd20.rules.derived import (
    attack_bonus,
    damage_reduction,
    damage_roll_bonus,
    defense,
    fortitude_total,
    serious_wound_threshold,
    wound_penalty,
)
from rolkit.systems.nsd20.rules.effort import EffortEvent, EffortState, effort_step
from rolkit.systems.nsd20.rules.wounds import (
    fate,
    stun_after,
    stunned_by,
    update_wound_state,
    wound_change,
)
from rolkit.systems.nsd20.tables import CONCEALMENT_MISS_MIN, EFFORT_BENEFITS

__all__ = [
    "AttackSetup",
    "setup_attack",
    "attack_hits",
    "concealment_passes",
    "is_threat",
    "damage_plan",
    "final_damage",
    "wound_result",
    "effort_state_of",
    "attack_effort",
    "attacker_after_attack",
    "defender_after_attack",
    "EFFORT_DAMAGE",
    "PR_FLOOR",
]

#: T3 «Tu personaje recibe un +2 a una única tirada de daño en un ataque cuerpo a cuerpo».
EFFORT_DAMAGE: int = EFFORT_BENEFITS["melee_damage"]["damage"]
PR_FLOOR = -999  # the lowest pr_current a form can hold


@dataclass(frozen=True)
class AttackSetup:
    """The numbers every stage needs, computed once from the forms (P4–P9)."""

    attack_bonus: int
    defense: int
    roll_bonus: int
    rd: int
    threshold: int | None
    save_total: int
    pr: int
    current_state: str
    fatigue: str
    conceal_min: int | None
    stabilised: bool = False


def setup_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: NSd20Rules,
) -> AttackSetup:
    """Validate, then compute the attack's fixed numbers (P4, P5, P6, P7, P9)."""
    validate_attack(attacker, defender, weapon, modifiers, rules)
    if modifiers.concealment == "none":
        conceal_min = None
    elif modifiers.concealment == "total":
        conceal_min = rules.total_concealment_miss_min
    else:
        conceal_min = CONCEALMENT_MISS_MIN[modifiers.concealment]
    return AttackSetup(
        attack_bonus=attack_bonus(attacker, weapon, modifiers, rules=rules),
        defense=defense(defender, modifiers, rules=rules),
        roll_bonus=damage_roll_bonus(attacker, weapon, rules),
        rd=damage_reduction(defender),
        threshold=serious_wound_threshold(defender, rules),
        save_total=fortitude_total(defender, rules)
        + modifiers.fortitude_save_misc
        - wound_penalty(defender, rules),
        pr=defender.pr,
        current_state=defender.wound_state,
        fatigue=defender.fatigue,
        conceal_min=conceal_min,
        stabilised=defender.stabilised,
    )


# --------------------------------------------------------------------------- stages
def attack_hits(natural: int, setup: AttackSetup, rules: NSd20Rules) -> bool:
    """P5 Hit iff n = 20, or n ≠ 1 and n + attack_bonus ≥ Defensa (natural rules option)."""
    total = natural + setup.attack_bonus
    return natural_success(natural, total, setup.defense, rules.natural_rules_on_attacks)[0]


def concealment_passes(roll: int, setup: AttackSetup) -> bool:
    """P5.1 The hit stands unless the concealment d20 is ≥ 17 (partial) or ≥ 11 (total)."""
    return setup.conceal_min is None or roll < setup.conceal_min


def is_threat(natural: int, weapon: Weapon) -> bool:
    """P5.2 A hit whose natural is ≥ threat_range_min threatens a critical [SRD-assumed]."""
    return natural >= weapon.threat_range_min


def damage_plan(
    critical: bool, weapon: Weapon, modifiers: Modifiers, setup: AttackSetup, rules: NSd20Rules
) -> tuple[int, int, int]:
    """P6–P7 ``(rolls, static bonus, RD)`` of the damage: k rolls of the dice.

    k = critical_multiplier on a critical with ``multiply`` (each roll with its own
    bonuses), else 1; the Esfuerzo +2 is added once (G6) unless the option multiplies it;
    a critical with ``ignore_rd`` does one roll and ignores all RD [NSd20 S4].
    """
    multiply = critical and modifiers.critical_option == "multiply"
    rolls = weapon.critical_multiplier if multiply else 1
    effort = 0
    if modifiers.extra_effort_damage:
        effort = EFFORT_DAMAGE * (rolls if rules.effort_damage_multiplied_on_crit else 1)
    rd = 0 if critical and modifiers.critical_option == "ignore_rd" else setup.rd
    return rolls, rolls * setup.roll_bonus + effort, rd


def final_damage(dice_total: int, static: int, rd: int, min_damage: int) -> tuple[int, int]:
    """P6–P7 ``(raw, final)``: raw = max(min_damage_on_hit, dice + static); final = max(0, raw − RD)."""
    raw = max(min_damage, dice_total + static)
    return raw, max(0, raw - rd)


def needs_massive_test(final: int, setup: AttackSetup) -> bool:
    """P9 A Fortaleza test when final damage > 0 reaches the Umbral de herida grave."""
    return final > 0 and setup.threshold is not None and final >= setup.threshold


def wound_result(
    final: int, band: str, setup: AttackSetup, rules: NSd20Rules
) -> tuple[int, str, str, int, str | None]:
    """P8–P10 ``(pr_after, new state, §6 wound key, stunned rounds, fate)``.

    Final damage 0 has no effect at all [NSd20 S4].
    """
    if final <= 0:
        return (
            setup.pr,
            setup.current_state,
            "none",
            0,
            fate(setup.current_state, setup.pr, setup.fatigue, rules, setup.stabilised),
        )
    pr_after = setup.pr - final
    state = update_wound_state(setup.current_state, band, pr_after, rules)
    stunned = stunned_by(band, rules)
    return (
        pr_after,
        state,
        wound_change(final, setup.current_state, state),
        stunned,
        fate(state, pr_after, setup.fatigue, rules),
    )


def effort_state_of(attacker: Combatant) -> EffortState:
    """P11 The attacker's effort state as the form records it (no pending effort)."""
    return EffortState(
        fatigue=attacker.fatigue,
        used_this_turn=attacker.effort_used_this_turn,
        action_points=attacker.action_points,
    )


def attack_effort(attacker: Combatant, modifiers: Modifiers) -> EffortState:
    """P11 The attacker's effort state after this attack: an Esfuerzo extra on the damage
    is used (``used_this_turn``) and its fatigue is pending until the next round."""
    effort = effort_state_of(attacker)
    if modifiers.extra_effort_damage:
        effort = effort_step(
            effort, EffortEvent(kind="use_effort", benefit="melee_damage", roll="damage")
        )
    return effort


def attacker_after_attack(attacker: Combatant, effort: EffortState) -> Combatant:
    """P4/P11 The attacker after attacking, whatever the dice: no longer Desprevenido
    (it has acted, S3), its aid received used up (§1.7) and, after an Esfuerzo extra,
    marked as having used it this turn.

    The form cannot hold the pending fatigue (P11: Fatigado at the next round unless a
    Punto de Acción is spent): it lives in ``Resolution.attacker_effort_state``. The input
    form itself is returned when nothing changes.
    """
    same_effort = attacker.effort_used_this_turn == effort.used_this_turn
    if not attacker.flat_footed and same_effort and not attacker.aid_bonus:
        return attacker
    return evolve_form(
        attacker, flat_footed=False, effort_used_this_turn=effort.used_this_turn, aid_bonus=0
    )


def defender_after_attack(
    defender: Combatant, final: int, state: str, stunned_rounds: int
) -> Combatant:
    """P7–P10 The defender after ``final`` damage left it in wound ``state`` (and Aturdido
    for ``stunned_rounds`` rounds, :func:`stun_after`).

    Final damage 0 has no effect at all (P7, S4): the input form itself. Otherwise PR go
    down by ``final`` (kept negative, P8, floored at the form's −999) and Aturdido is set
    with its rounds after the next (``stun_rounds_left``); each turn it loses counts one
    down (:func:`rolkit.systems.nsd20.turns.turn_end`). New damage ends a first aid's
    stabilisation [SRD-assumed].
    """
    if final <= 0:
        return defender
    stunned, left = stun_after(defender, stunned_rounds)
    return evolve_form(
        defender,
        pr_current=max(PR_FLOOR, defender.pr - final),
        wound_state=state,
        stunned=stunned,
        stun_rounds_left=left,
        stabilised=False,
    )
