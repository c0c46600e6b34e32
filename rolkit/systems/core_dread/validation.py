"""§3.6 Validation of one attack: every form, then the combinations the rules forbid."""

from __future__ import annotations

from typing import Any

from rolkit import fields
from rolkit.memo import memo
from rolkit.systems.core_dread.errors import (
    CoreDreadInputError,
    CoreDreadRangeError,
    impossible,
)
from rolkit.systems.core_dread.forms import (
    DEFAULT_OPTIONS,
    Combatant,
    CoreDreadOptions,
    Modifiers,
    Weapon,
    weapon_attacks_left,
)

__all__ = ["validate_attack"]


def _revalidate(obj: Any, role: str) -> None:
    """Check every field of ``obj`` again (a form may have been built around its own
    checks); once per distinct form value, since the forms are frozen (a whole fight
    meets the same combatant states many times)."""
    try:
        hash(obj)
    except TypeError:  # a form holding an unhashable value: check it every time
        _check_fields(obj, role)
        return
    _checked(obj, type(obj), role)


@memo
def _checked(obj: Any, cls: type, role: str) -> bool:
    """:func:`_check_fields` memoised on the form's value and class (a failure raises and
    is not cached)."""
    _check_fields(obj, role)
    return True


def _check_fields(obj: Any, role: str) -> None:
    fields.validate(obj, prefix=f"{role}.", error_cls=CoreDreadRangeError)
    for name in ("armor", "block_weapon"):
        sub = getattr(obj, name, None)
        if sub is not None:
            fields.validate(sub, prefix=f"{role}.{name}.", error_cls=CoreDreadRangeError)


def validate_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> None:
    """§3.6 Reject every invalid combination with a ``CoreDreadInputError`` naming the field.

    Fields are named ``role.field`` (``"modifiers.aimed"``, ``"defender.in_cover"``).
    """
    for role, obj, cls in (
        ("attacker", attacker, Combatant),
        ("defender", defender, Combatant),
        ("weapon", weapon, Weapon),
        ("modifiers", modifiers, Modifiers),
        ("options", options, CoreDreadOptions),
    ):
        if not isinstance(obj, cls):
            raise CoreDreadInputError(
                f"{role} must be a {cls.__name__} (got {type(obj).__name__})",
                field=role,
                allowed=cls.__name__,
                got=type(obj).__name__,
                message_es=f"{role} debe ser un {cls.__name__} (recibido {type(obj).__name__})",
            )
        _revalidate(obj, role)
    m, w = modifiers, weapon
    ranged = w.mode == "ranged"
    at_range = ranged and not m.point_blank

    def fail(field: str, en: str, es: str, allowed: str, got: Any) -> None:
        raise impossible(field, en, es, allowed, got)

    if m.aimed and not ranged:
        fail(
            "modifiers.aimed",
            "only a ranged attack can be aimed",
            "solo se apunta con armas de proyectiles",
            "only with mode=ranged",
            True,
        )
    if m.point_blank and w.mode == "melee":
        fail(
            "modifiers.point_blank",
            "point-blank applies only to ranged or thrown attacks",
            "a quemarropa solo vale para proyectiles o lanzar",
            "only with mode=ranged or thrown",
            True,
        )
    if m.cover_fire and not ranged:
        fail(
            "modifiers.cover_fire",
            "covering fire needs a ranged weapon",
            "el fuego de cobertura requiere un arma de proyectiles",
            "only with mode=ranged",
            True,
        )
    if ranged and weapon_attacks_left(w) == 0:
        fail(
            "weapon.attacks_left",
            "the weapon is empty: reload first («Recargar»)",
            "el arma está descargada: hay que recargar",
            "at least 1",
            0,
        )
    if attacker.dead:
        fail(
            "attacker.dead",
            "a dead attacker cannot attack",
            "un atacante muerto no puede atacar",
            "False",
            True,
        )
    if defender.dead:
        fail(
            "defender.dead",
            "a dead defender cannot be attacked",
            "no se puede atacar a un defensor muerto",
            "False",
            True,
        )
    if attacker.unconscious:
        fail(
            "attacker.unconscious",
            "an unconscious attacker cannot attack",
            "un atacante inconsciente no puede atacar",
            "False",
            True,
        )
    if attacker.in_cover:
        fail(
            "attacker.in_cover",
            "an attacker in cover cannot attack («no podrá atacar»)",
            "quien está a cubierto no podrá atacar",
            "False",
            True,
        )
    if at_range and defender.in_cover:
        fail(
            "defender.in_cover",
            "a defender in cover cannot be shot at range («protegido de los disparos»)",
            "un defensor a cubierto está protegido de los disparos",
            "False unless point-blank",
            True,
        )
    if m.defence != "none":
        if defender.unconscious:
            fail(
                "modifiers.defence",
                "an unconscious defender cannot defend",
                "un defensor inconsciente no puede defenderse",
                "none",
                m.defence,
            )
        if options.defence_requires_turn and not defender.turn_available:
            fail(
                "modifiers.defence",
                "the defender has no turn left to defend with",
                "el defensor no tiene turno para defenderse",
                "none",
                m.defence,
            )
        if m.defence == "block" and at_range:
            fail(
                "modifiers.defence",
                "a melee block cannot stop a shot at range",
                "un bloqueo no detiene un disparo a distancia",
                "none, dodge or ranged_block",
                m.defence,
            )
        if (
            m.defence == "dodge"
            and at_range
            and options.ranged_dodge == "only_to_cover"
            and not m.dodge_to_cover
        ):
            fail(
                "modifiers.defence",
                "a shot at range can be dodged only towards cover",
                "un disparo a distancia solo se esquiva poniéndose a cubierto",
                "dodge with dodge_to_cover",
                m.defence,
            )
        if m.defence == "ranged_block":
            bw = defender.block_weapon
            if bw.mode != "ranged":
                fail(
                    "modifiers.defence",
                    "a ranged block needs a ranged block_weapon",
                    "un bloqueo a distancia requiere un arma de proyectiles",
                    "block_weapon with mode=ranged",
                    m.defence,
                )
            if weapon_attacks_left(bw) == 0:
                fail(
                    "defender.block_weapon.attacks_left",
                    "the blocking firearm is empty",
                    "el arma del defensor está descargada",
                    "at least 1",
                    0,
                )
    if m.knockout_attempt and w.mode != "melee":
        fail(
            "modifiers.knockout_attempt",
            "a knock-out needs a melee blow",
            "dejar inconsciente requiere un golpe cuerpo a cuerpo",
            "only with mode=melee",
            True,
        )
    if m.dodge_to_cover and not ranged:
        fail(
            "modifiers.dodge_to_cover",
            "taking cover applies to a dodge against a ranged attack",
            "quedar a cubierto solo vale al esquivar un disparo",
            "only with mode=ranged",
            True,
        )
