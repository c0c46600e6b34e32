"""P4–P10 One attack: validation, the named stages, and ``resolve_attack`` (one seeded roll).

The stages (:func:`attack_hits`, :func:`concealment_passes`, :func:`is_threat`,
:func:`damage_plan`, :func:`final_damage`, :func:`wound_result`) are shared with the exact
odds in :mod:`rolkit.systems.nsd20.odds`, so a rule is written once. Dice are drawn with
``rng.randint(1, sides)`` in the spec's order, only when needed: (1) attack d20; (2)
concealment d20; (3) confirmation d20; (4) damage dice, roll by roll; (5) Daño masivo
Fortaleza d20.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from rolkit.model import Step
from rolkit.systems.nsd20.citations import CITE
from rolkit.systems.nsd20.core import natural_success
from rolkit.systems.nsd20.derived import (
    attack_bonus,
    damage_reduction,
    damage_roll_bonus,
    defense,
    fortitude_total,
    serious_wound_threshold,
    wound_penalty,
)
from rolkit.systems.nsd20.effort import EffortEvent, EffortState, effort_step
from rolkit.systems.nsd20.errors import fail
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon, field_label
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.tables import CONCEALMENT_MISS_MIN, EFFORT_BENEFITS, WEAPON_KIND_LABELS
from rolkit.systems.nsd20.wounds import (
    fate,
    massive_damage_cd,
    massive_damage_margin,
    massive_damage_result,
    stun_after,
    stunned_by,
    update_wound_state,
    wound_change,
)

__all__ = [
    "AttackKey",
    "AttackSetup",
    "NSd20Step",
    "Resolution",
    "validate_attack",
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
    "evolve_form",
    "resolve_attack",
    "EFFORT_DAMAGE",
]

#: T3 «Tu personaje recibe un +2 a una única tirada de daño en un ataque cuerpo a cuerpo».
EFFORT_DAMAGE: int = EFFORT_BENEFITS["melee_damage"]["damage"]
PR_FLOOR = -999  # the lowest pr_current a form can hold


class RandomSource(Protocol):
    def randint(self, a: int, b: int) -> int: ...


class AttackKey(NamedTuple):
    """The outcome key of one attack, the same in ``resolve`` and in the odds.

    ``outcome``: miss/hit/critical; ``concealed``: the miss came from concealment;
    ``damage``: final damage after RD; ``wound``: the §6 change (none, pr_loss, malherido,
    incapacitado, moribundo); ``state``: the defender's wound state after; ``massive``: a
    Daño masivo test was made; ``stunned``: this attack leaves the defender Aturdido;
    ``fate``: None / down / dying / dead.
    """

    outcome: str
    concealed: bool
    damage: int
    wound: str
    state: str
    massive: bool
    stunned: bool
    fate: str | None


class NSd20Step(Step):
    """A :class:`rolkit.model.Step` that also reads its numbers as ``values`` (§6)."""

    @property
    def values(self) -> Any:
        return self.derived


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


@dataclass(frozen=True)
class Resolution:
    """§6 One resolved attack: every field is read by attribute."""

    steps: tuple[Step, ...]
    outcome: str
    damage_raw: int
    rd_applied: int
    damage: int
    pr_after: int
    massive: bool
    wound_state_after: str
    stunned_rounds: int
    attacker_effort_state: EffortState
    effects: tuple[str, ...]
    key: AttackKey
    attacker_after: Combatant = field(repr=False)
    defender_after: Combatant = field(repr=False)
    weapon_after: Weapon = field(repr=False)

    @property
    def wound(self) -> str:
        return self.key.wound

    @property
    def fate(self) -> str | None:
        return self.key.fate


# --------------------------------------------------------------------------- validation
def validate_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: NSd20Rules,
) -> None:
    """§2, V21 Combinations the rules forbid (each form is already valid on its own).

    Raises:
        NSd20InputError: an Inconsciente (or Moribundo) or Aturdido attacker; an Esfuerzo
            extra with a non-melee weapon or a second one this turn; range increments with
            a melee weapon.
    """
    if attacker.unconscious:
        name = "fatigue" if attacker.fatigue == "inconsciente" else "wound_state"
        raise fail(
            f"attacker.{name}",
            "an Inconsciente (unconscious) attacker cannot attack",
            "un atacante Inconsciente no puede atacar",
            label=field_label(Combatant, name),
            allowed="a conscious attacker",
            got=getattr(attacker, name),
        )
    if attacker.stunned and rules.stunned_cannot_act:
        raise fail(
            "attacker.stunned",
            "an Aturdido (stunned) attacker cannot act",
            "un atacante Aturdido no puede actuar",
            label=field_label(Combatant, "stunned"),
            allowed="False",
            got=True,
        )
    kind_es, kind_en = WEAPON_KIND_LABELS[weapon.kind]
    if modifiers.extra_effort_damage and weapon.kind != "melee":
        raise fail(
            "modifiers.extra_effort_damage",
            f"the Esfuerzo extra +2 damage is for melee attacks only (the weapon is {kind_en})",
            f"el +2 de daño del Esfuerzo extra es solo cuerpo a cuerpo (el arma es {kind_es})",
            label=field_label(Modifiers, "extra_effort_damage"),
            allowed="a melee weapon",
            got=weapon.kind,
        )
    if modifiers.extra_effort_damage and attacker.effort_used_this_turn:
        raise fail(
            "modifiers.extra_effort_damage",
            "an Esfuerzo extra can be used once per turn",
            "el Esfuerzo extra solo se puede usar una vez por turno",
            label=field_label(Modifiers, "extra_effort_damage"),
            allowed="one Esfuerzo extra per turn",
            got=True,
        )
    if modifiers.range_increments and weapon.kind == "melee":
        raise fail(
            "modifiers.range_increments",
            "a melee weapon has no range increments",
            "un arma cuerpo a cuerpo no tiene incrementos de distancia",
            label=field_label(Modifiers, "range_increments"),
            allowed="0 for a melee weapon",
            got=modifiers.range_increments,
        )


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
            fate(setup.current_state, setup.pr, setup.fatigue, rules),
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


def evolve_form(form: Combatant, **changes: Any) -> Combatant:
    """A copy of ``form`` with ``changes``, not validated again: the callers below only
    write values the form's ranges allow (PR floored at −999 and never above the current
    PR, a wound state of the ladder, booleans), and ``fields.validate`` would cost more
    than the whole attack law on a wounded state."""
    out = object.__new__(type(form))
    out.__dict__.update(form.__dict__, **changes)
    return out


def attacker_after_attack(attacker: Combatant, effort: EffortState) -> Combatant:
    """P4/P11 The attacker after attacking, whatever the dice: no longer Desprevenido
    (it has acted, S3) and, after an Esfuerzo extra, marked as having used it this turn.

    The form cannot hold the pending fatigue (P11: Fatigado at the next round unless a
    Punto de Acción is spent): it lives in ``Resolution.attacker_effort_state``. The input
    form itself is returned when nothing changes.
    """
    if not attacker.flat_footed and attacker.effort_used_this_turn == effort.used_this_turn:
        return attacker
    return evolve_form(attacker, flat_footed=False, effort_used_this_turn=effort.used_this_turn)


def defender_after_attack(
    defender: Combatant, final: int, state: str, stunned_rounds: int
) -> Combatant:
    """P7–P10 The defender after ``final`` damage left it in wound ``state`` (and Aturdido
    for ``stunned_rounds`` rounds, :func:`stun_after`).

    Final damage 0 has no effect at all (P7, S4): the input form itself. Otherwise PR go
    down by ``final`` (kept negative, P8, floored at the form's −999) and Aturdido is set
    with its rounds after the next (``stun_rounds_left``); each turn it loses counts one
    down (:func:`.transitions.attack_transitions`).
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
    )


# --------------------------------------------------------------------------- resolve
def resolve_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rng: RandomSource,
    *,
    rules: NSd20Rules = DEFAULT_RULES,
) -> Resolution:
    """P4–P10 Resolve one attack with ``rng.randint`` in the spec's dice order."""
    s = setup_attack(attacker, defender, weapon, modifiers, rules)
    effort = attack_effort(attacker, modifiers)
    steps: list[Step] = []
    natural = rng.randint(1, 20)
    hit = attack_hits(natural, s, rules)
    steps.append(
        NSd20Step(
            "nsd20.step.attack",
            (natural,),
            {
                "natural": natural,
                "attack_bonus": s.attack_bonus,
                "total": natural + s.attack_bonus,
                "defense": s.defense,
                "result": "nsd20.value.hit" if hit else "nsd20.value.miss",
            },
            CITE["attack"],
        )
    )
    outcome, concealed, critical = ("hit" if hit else "miss"), False, False
    if hit and s.conceal_min is not None:
        roll = rng.randint(1, 20)
        passes = concealment_passes(roll, s)
        concealed = not passes
        steps.append(
            NSd20Step(
                "nsd20.step.concealment",
                (roll,),
                {
                    "roll": roll,
                    "miss_on": s.conceal_min,
                    "result": "nsd20.value.hit" if passes else "nsd20.value.miss",
                },
                CITE["concealment"],
            )
        )
        if concealed:
            outcome = "miss"
    if outcome == "hit" and is_threat(natural, weapon):
        if rules.crit_confirmation:
            roll = rng.randint(1, 20)
            critical = attack_hits(roll, s, rules)
            steps.append(
                NSd20Step(
                    "nsd20.step.confirm",
                    (roll,),
                    {
                        "natural": roll,
                        "total": roll + s.attack_bonus,
                        "defense": s.defense,
                        "result": "nsd20.value.critical" if critical else "nsd20.value.hit",
                    },
                    CITE["confirm"],
                )
            )
        else:
            critical = True
        if critical:
            outcome = "critical"
    raw = final = rd = 0
    band = "none"
    massive = False
    if outcome != "miss":
        rolls, static, rd = damage_plan(critical, weapon, modifiers, s, rules)
        faces: list[int] = []
        for _ in range(rolls):
            faces += [rng.randint(1, weapon.damage_die) for _ in range(weapon.damage_dice)]
        raw, final = final_damage(sum(faces), static, rd, rules.min_damage_on_hit)
        steps.append(
            NSd20Step(
                "nsd20.step.damage",
                tuple(faces),
                {
                    "rolls": rolls,
                    "dice": f"{weapon.damage_dice}d{weapon.damage_die}",
                    "bonus": static,
                    "damage_raw": raw,
                    "rd": rd,
                    "damage": final,
                },
                CITE["damage"],
            )
        )
        if needs_massive_test(final, s):
            massive = True
            f = rng.randint(1, 20)
            band = massive_damage_result(f, s.save_total, final, rules=rules)
            margin = massive_damage_margin(f, s.save_total, final, rules.natural_rules_on_saves)
            steps.append(
                NSd20Step(
                    "nsd20.step.massive",
                    (f,),
                    {
                        "natural": f,
                        "save_total": s.save_total,
                        "total": f + s.save_total,
                        "cd": massive_damage_cd(final),
                        "failed_by": margin,
                        "band": f"nsd20.wound.{band}",
                    },
                    CITE["massive"],
                )
            )
    pr_after, state, wound, stunned_rounds, end = wound_result(final, band, s, rules)
    key = AttackKey(outcome, concealed, final, wound, state, massive, stunned_rounds > 0, end)
    steps.append(
        NSd20Step(
            "nsd20.step.wound",
            (),
            {
                "pr_before": s.pr,
                "pr_after": pr_after,
                "state": f"nsd20.wound.{state}",
                "stunned_rounds": stunned_rounds,
            },
            CITE["wound"],
        )
    )
    effects = _effects(final, state, stunned_rounds, massive, modifiers)
    attacker_after = attacker_after_attack(attacker, effort)
    defender_after = defender_after_attack(defender, final, state, stunned_rounds)
    return Resolution(
        steps=tuple(steps),
        outcome=outcome,
        damage_raw=raw,
        rd_applied=rd,
        damage=final,
        pr_after=pr_after,
        massive=massive,
        wound_state_after=state,
        stunned_rounds=stunned_rounds,
        attacker_effort_state=effort,
        effects=effects,
        key=key,
        attacker_after=attacker_after,
        defender_after=defender_after,
        weapon_after=weapon,
    )


def _effects(
    final: int, state: str, stunned_rounds: int, massive: bool, modifiers: Modifiers
) -> tuple[str, ...]:
    out = []
    if final > 0:
        out.append(
            f"Concentración: a concentrating defender must pass a Voluntad save CD {10 + final}"
        )
    if stunned_rounds:
        out.append(f"Aturdido (stunned) for {stunned_rounds} round(s): loses Esquiva, cannot act")
    if state == "moribundo":
        out.append("Inconsciente + Moribundo (unconscious and dying)")
    if modifiers.extra_effort_damage:
        out.append(
            "Esfuerzo extra: the attacker becomes Fatigado at the next round "
            "unless a Punto de Acción is spent"
        )
    if massive:
        out.append("Daño masivo: the defender made a Fortaleza save (P9)")
    return tuple(out)
