"""§2.1 Derived values and P4/P5: effective scores, saves, Defensa, attack bonus, RD.

Pure functions of the forms and the rules. S2: «Defensa = 10 + Bonificación total de
Reflejos + Modificadores varios»; S9: the Ataque «se basa en tu modificador de Destreza».
"""

from __future__ import annotations

from typing import Any

from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.check import characteristic_modifier
from rolkit.systems.nsd20.tables import SIZE_MODIFIERS

__all__ = [
    "effective_strength",
    "effective_dexterity",
    "wound_penalty",
    "reflexes_total",
    "fortitude_total",
    "will_total",
    "initiative",
    "esquiva_lost",
    "defense",
    "attack_bonus",
    "damage_roll_bonus",
    "damage_reduction",
    "serious_wound_threshold",
    "derived_values",
]


def _fatigue_penalty(c: Combatant, rules: NSd20Rules) -> int:
    return rules.fatigue_penalties.get(c.fatigue, 0)


def effective_strength(c: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """T4 FUE − fatigue penalty (Fatigado 2, Exhausto 6), at least 0 [SRD-assumed]."""
    return max(0, c.strength - _fatigue_penalty(c, rules))


def effective_dexterity(c: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """T4 DES − fatigue penalty, at least 0 [SRD-assumed]."""
    return max(0, c.dexterity - _fatigue_penalty(c, rules))


def wound_penalty(c: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """P16 The penalty on every roll of a Malherido or Incapacitado character (default 0)."""
    return rules.wound_penalties.get(c.wound_state, 0)


def reflexes_total(c: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """§2.1 Reflejos total = reflexes_base + mod(effective DES)."""
    return c.reflexes_base + characteristic_modifier(effective_dexterity(c, rules))


def fortitude_total(c: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """§2.1 Fortaleza total = fortitude_base + mod(CON) + fortitude_misc."""
    return c.fortitude_base + characteristic_modifier(c.constitution) + c.fortitude_misc


def will_total(c: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """§2.1 Voluntad total = will_base + mod(SAB) + will_misc."""
    return c.will_base + characteristic_modifier(c.wisdom) + c.will_misc


def initiative(c: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """§2.1 Iniciativa = Reflejos total [NSd20 S2]."""
    return reflexes_total(c, rules)


def esquiva_lost(defender: Combatant, modifiers: Modifiers, rules: NSd20Rules) -> int:
    """P4 The positive DES modifier lost when desprevenido, aturdido, surprised or unconscious.

    A negative modifier is never lost (G7).
    """
    dex_mod = characteristic_modifier(effective_dexterity(defender, rules))
    helpless = (
        defender.flat_footed or defender.stunned or modifiers.surprise or defender.unconscious
    )
    return dex_mod if dex_mod > 0 and helpless else 0


def defense(defender: Combatant, modifiers: Modifiers, *, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """P4 Defensa = 10 + Reflejos total + size + defense_misc + cover + situational − Esquiva lost.

    Total cover cannot reach here: ``Modifiers(cover="total")`` is refused.
    """
    cover = rules.cover_bonuses.get(modifiers.cover, 0)
    return (
        10
        + reflexes_total(defender, rules)
        + SIZE_MODIFIERS[defender.size]
        + defender.defense_misc
        + cover
        + modifiers.defense_situational
        - esquiva_lost(defender, modifiers, rules)
    )


def attack_bonus(
    attacker: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    *,
    rules: NSd20Rules = DEFAULT_RULES,
) -> int:
    """P5 attack_base + mod(eff DES; eff FUE in melee if so configured) + size + misc
    + situational − range_penalty·(increments) − wound penalty, + the aid received for
    this attack (§1.7 Ayudar a otros: +2 per helper who succeeded, ``aid_bonus``)."""
    use_strength = rules.melee_attack_characteristic == "strength" and weapon.kind == "melee"
    score = (
        effective_strength(attacker, rules)
        if use_strength
        else effective_dexterity(attacker, rules)
    )
    size = SIZE_MODIFIERS[attacker.size] if rules.size_modifies_attack else 0
    return (
        attacker.attack_base
        + characteristic_modifier(score)
        + size
        + attacker.attack_misc
        + modifiers.attack_situational
        - rules.range_penalty * modifiers.range_increments
        - wound_penalty(attacker, rules)
        + attacker.aid_bonus
    )


def damage_roll_bonus(attacker: Combatant, weapon: Weapon, rules: NSd20Rules) -> int:
    """P6 The static bonus of ONE damage roll: weapon bonus + mod(eff FUE) if it adds FUE."""
    adds = weapon.strength_to_damage
    if weapon.adds_strength is None and weapon.kind == "thrown":
        adds = rules.thrown_adds_strength
    strength = characteristic_modifier(effective_strength(attacker, rules)) if adds else 0
    return weapon.damage_bonus + strength


def damage_reduction(defender: Combatant) -> int:
    """P7 RD = armor_rd + natural_rd."""
    return defender.armor_rd + defender.natural_rd


def serious_wound_threshold(defender: Combatant, rules: NSd20Rules) -> int | None:
    """P9 Umbral de herida grave: the field, else the CON score (SRD-assumed), or None."""
    if defender.serious_wound_threshold is not None:
        return defender.serious_wound_threshold
    if rules.default_threshold == "constitution_score":
        return defender.constitution
    return None


def derived_values(role: str, form: object, options: NSd20Rules) -> dict[str, Any]:
    """P8/P9 ``SYSTEM.derived_fn``: the automatic numbers of a character, its current PR
    (full) and the Umbral de herida grave the options give (none when they give none)."""
    if not isinstance(form, Combatant):
        return {}
    out: dict[str, Any] = {"pr_current": form.pr}
    threshold = serious_wound_threshold(form, options)
    if threshold is not None:
        out["serious_wound_threshold"] = threshold
    return out
