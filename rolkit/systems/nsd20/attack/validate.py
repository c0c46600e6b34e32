"""§2, V21 The combinations of forms the rules forbid (each form is already valid alone)."""

from __future__ import annotations

from rolkit.errors import input_error
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon, field_label
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.tables import WEAPON_KIND_LABELS

__all__ = ["validate_attack"]


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
        es, en = field_label(Combatant, name)
        raise input_error(
            f"attacker.{name}",
            en=f"{en}: an Inconsciente (unconscious) attacker cannot attack",
            es=f"{es}: un atacante Inconsciente no puede atacar",
            allowed="a conscious attacker",
            got=getattr(attacker, name),
            cls=NSd20InputError,
        )
    if attacker.stunned and rules.stunned_cannot_act:
        es, en = field_label(Combatant, "stunned")
        raise input_error(
            "attacker.stunned",
            en=f"{en}: an Aturdido (stunned) attacker cannot act",
            es=f"{es}: un atacante Aturdido no puede actuar",
            allowed="False",
            got=True,
            cls=NSd20InputError,
        )
    _check_effort(attacker, weapon, modifiers)
    if modifiers.range_increments and weapon.kind == "melee":
        es, en = field_label(Modifiers, "range_increments")
        raise input_error(
            "modifiers.range_increments",
            en=f"{en}: a melee weapon has no range increments",
            es=f"{es}: un arma cuerpo a cuerpo no tiene incrementos de distancia",
            allowed="0 for a melee weapon",
            got=modifiers.range_increments,
            cls=NSd20InputError,
        )


def _check_effort(attacker: Combatant, weapon: Weapon, modifiers: Modifiers) -> None:
    """P11, T3 The Esfuerzo extra +2 damage: melee only, once per turn."""
    if not modifiers.extra_effort_damage:
        return
    es, en = field_label(Modifiers, "extra_effort_damage")
    kind_es, kind_en = WEAPON_KIND_LABELS[weapon.kind]
    if weapon.kind != "melee":
        raise input_error(
            "modifiers.extra_effort_damage",
            en=f"{en}: the Esfuerzo extra +2 damage is for melee attacks only "
            f"(the weapon is {kind_en})",
            es=f"{es}: el +2 de daño del Esfuerzo extra es solo cuerpo a cuerpo "
            f"(el arma es {kind_es})",
            allowed="a melee weapon",
            got=weapon.kind,
            cls=NSd20InputError,
        )
    if attacker.effort_used_this_turn:
        raise input_error(
            "modifiers.extra_effort_damage",
            en=f"{en}: an Esfuerzo extra can be used once per turn",
            es=f"{es}: el Esfuerzo extra solo se puede usar una vez por turno",
            allowed="one Esfuerzo extra per turn",
            got=True,
            cls=NSd20InputError,
        )
