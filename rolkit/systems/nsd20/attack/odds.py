"""§6 Exact odds of one attack: ``attack_law`` (every outcome key) and ``attack_outcomes``.

Integer weights over one common denominator ``20³ · 20 · sides^(dice·k)``: the attack,
concealment and confirmation d20s (20³), the Daño masivo d20 (20) and the damage dice of a
critical's k rolls; a branch that does not roll a die is weighted by all its faces. One
``Fraction`` is built per output row. The stages are those of :mod:`.stages`, so the odds
and ``resolve_attack`` read the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rolkit.memo import memo
from rolkit.systems.nsd20.attack.key import AttackKey
from rolkit.systems.nsd20.attack.stages import (
    AttackSetup,
    attack_hits,
    concealment_passes,
    damage_plan,
    final_damage,
    is_threat,
    needs_massive_test,
    setup_attack,
    wound_result,
)
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.wounds import massive_band_counts

__all__ = [
    "AttackOutcomes",
    "attack_law",
    "attack_weights",
    "attack_outcomes",
    "dice_sum_counts",
    "final_damage_counts",
    "WOUND_KEYS",
]

#: §6 The keys of ``AttackOutcomes.wound``, from no change to the worst.
WOUND_KEYS = ("none", "pr_loss", "malherido", "incapacitado", "moribundo")


@memo
def dice_sum_counts(dice: int, sides: int) -> tuple[tuple[int, int], ...]:
    """How many of the ``sides**dice`` orderings give each sum (convolution of d``sides``)."""
    counts = {0: 1}
    for _ in range(dice):
        step: dict[int, int] = {}
        for total, w in counts.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + w
        counts = step
    return tuple(sorted(counts.items()))


@memo
def final_damage_counts(
    dice: int, sides: int, static: int, rd: int, min_damage: int
) -> tuple[tuple[int, int], ...]:
    """P6–P7 ``((final damage, count), ...)`` over the ``sides**dice`` orderings."""
    out: dict[int, int] = {}
    for total, w in dice_sum_counts(dice, sides):
        final = final_damage(total, static, rd, min_damage)[1]
        out[final] = out.get(final, 0) + w
    return tuple(out.items())


def _final_damage_counts(
    critical: bool, weapon: Weapon, modifiers: Modifiers, setup: AttackSetup, rules: NSd20Rules
) -> tuple[tuple[tuple[int, int], ...], int]:
    """P6–P7 ``(((final damage, count), ...), sides^(dice·k))`` of one hit or critical."""
    rolls, static, rd = damage_plan(critical, weapon, modifiers, setup, rules)
    dice = weapon.damage_dice * rolls
    counts = final_damage_counts(dice, weapon.damage_die, static, rd, rules.min_damage_on_hit)
    return counts, weapon.damage_die**dice


@memo
def _branch_weights(setup: AttackSetup, weapon: Weapon, rules: NSd20Rules) -> tuple[int, ...]:
    """P5 ``(attack miss, concealment miss, hit, critical)`` weights over 20³ = 8000."""
    miss = plain = threat = 0
    for n in range(1, 21):
        if not attack_hits(n, setup, rules):
            miss += 1
        elif is_threat(n, weapon):
            threat += 1
        else:
            plain += 1
    passes = sum(concealment_passes(r, setup) for r in range(1, 21))
    confirm = sum(attack_hits(c, setup, rules) for c in range(1, 21))
    if not rules.crit_confirmation:
        confirm = 20
    concealed = (plain + threat) * (20 - passes) * 20
    hit = plain * passes * 20 + threat * passes * (20 - confirm)
    return miss * 400, concealed, hit, threat * passes * confirm


@memo
def attack_weights(
    setup: AttackSetup, weapon: Weapon, modifiers: Modifiers, rules: NSd20Rules
) -> tuple[tuple[tuple[AttackKey, int], ...], int]:
    """§6 ``(((key, integer weight), ...), denominator)``: every :class:`AttackKey` of one
    attack over the common denominator ``20³ · 20 · sides^(dice·k)`` (the weights sum to
    it). :func:`attack_law` and the after-state law read the same table."""
    s = setup
    w_miss, w_concealed, w_hit, w_crit = _branch_weights(s, weapon, rules)
    crit_rolls = weapon.critical_multiplier if modifiers.critical_option == "multiply" else 1
    top = weapon.damage_die ** (weapon.damage_dice * crit_rolls)  # the largest dice space
    weights: dict[AttackKey, int] = {}
    _, _, _, _, untouched = wound_result(0, "none", s, rules)
    miss_key = AttackKey("miss", False, 0, "none", s.current_state, False, False, untouched)
    if w_miss:
        weights[miss_key] = w_miss * 20 * top
    if w_concealed:
        weights[miss_key._replace(concealed=True)] = w_concealed * 20 * top
    for outcome, w_branch in (("hit", w_hit), ("critical", w_crit)):
        if not w_branch:
            continue
        counts, space = _final_damage_counts(outcome == "critical", weapon, modifiers, s, rules)
        scale = w_branch * (top // space)
        for final, w in counts:
            massive = needs_massive_test(final, s)
            if massive:
                bands = massive_band_counts(s.save_total, final, rules.natural_rules_on_saves)
            else:
                bands = (("none", 20),)
            for band, faces in bands:
                _, state, wound, stunned, end = wound_result(final, band, s, rules)
                key = AttackKey(outcome, False, final, wound, state, massive, stunned > 0, end)
                weights[key] = weights.get(key, 0) + scale * w * faces
    return tuple(weights.items()), 8000 * 20 * top


def attack_law(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: NSd20Rules = DEFAULT_RULES,
) -> dict[AttackKey, Fraction]:
    """§6 Exact probability of every :class:`AttackKey` (sums to 1); ``SYSTEM.odds_fn``."""
    s = setup_attack(attacker, defender, weapon, modifiers, rules)
    weights, denominator = attack_weights(s, weapon, modifiers, rules)
    return {k: Fraction(w, denominator) for k, w in weights}


@dataclass(frozen=True)
class AttackOutcomes:
    """§6 The exact odds of one attack, marginalised (every mapping sums to 1)."""

    attack_bonus: int
    defense: int
    outcome: dict[str, Fraction]
    damage: dict[int, Fraction]
    damage_given_hit: dict[int, Fraction]
    damage_given_critical: dict[int, Fraction]
    wound: dict[str, Fraction]
    p_massive: Fraction


def _marginal(law: dict[AttackKey, Fraction], field: str) -> dict:
    out: dict = {}
    for key, p in law.items():
        v = getattr(key, field)
        out[v] = out.get(v, Fraction(0)) + p
    return out


def _damage_given(law: dict[AttackKey, Fraction], outcome: str) -> dict[int, Fraction]:
    part = {k: p for k, p in law.items() if k.outcome == outcome}
    total = sum(part.values(), Fraction(0))
    if not total:
        return {}
    return {d: p / total for d, p in sorted(_marginal(part, "damage").items())}


def attack_outcomes(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    *,
    rules: NSd20Rules = DEFAULT_RULES,
) -> AttackOutcomes:
    """§6 ``attack_outcomes``: outcome, damage (unconditional and given hit/critical),
    wound change and P(Daño masivo), exact, from the same dice order as resolve_attack."""
    law = attack_law(attacker, defender, weapon, modifiers, rules=rules)
    s = setup_attack(attacker, defender, weapon, modifiers, rules)
    outcome = {k: Fraction(0) for k in ("miss", "hit", "critical")}
    outcome.update(_marginal(law, "outcome"))
    return AttackOutcomes(
        attack_bonus=s.attack_bonus,
        defense=s.defense,
        outcome=outcome,
        damage=dict(sorted(_marginal(law, "damage").items())),
        damage_given_hit=_damage_given(law, "hit"),
        damage_given_critical=_damage_given(law, "critical"),
        wound={**dict.fromkeys(WOUND_KEYS, Fraction(0)), **_marginal(law, "wound")},
        p_massive=sum((p for k, p in law.items() if k.massive), Fraction(0)),
    )
