"""§3.6 Validation of one attack: every form, then the combinations the rules forbid.

Each forbidden combination is a :class:`Forbidden` rule (the field at fault, the English
and Spanish reason, what is allowed); :func:`broken_rules` yields those the forms break,
in the order below, and :func:`validate_attack` raises the first.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple, cast

from rolkit import fields
from rolkit.errors import input_error, shown
from rolkit.memo import memo
from rolkit.systems.core_dread.errors import (
    CoreDreadImpossibleError,
    CoreDreadInputError,
    CoreDreadRangeError,
)
from rolkit.systems.core_dread.forms import (
    Armor,
    Combatant,
    Modifiers,
    Weapon,
    weapon_attacks_left,
)
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions

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
    _check_one(obj, role)
    for name in ("armor", "block_weapon"):
        sub = getattr(obj, name, None)
        if sub is not None:
            _check_one(sub, f"{role}.{name}")


def _check_one(obj: Any, role: str) -> None:
    """:func:`rolkit.fields.validate` of one form, after a quick pass that proves the
    common case valid (:class:`_Plan`): only a form the pass cannot vouch for (a value out
    of range, or of a kind the pass does not read) goes through ``fields.validate``, which
    raises the error naming the field, or passes."""
    plan = _PLANS.get(type(obj))
    if plan is None or not plan.holds(obj):
        fields.validate(obj, prefix=f"{role}.", error_cls=CoreDreadRangeError)


#: A field the quick pass reads: ``(name, kind, optional, low, high, allowed)``.
_Rule = tuple[str, str, bool, Any, Any, Any]


class _Plan:
    """The declared fields of one form class, read once, as cheap tests that prove a
    value valid under :func:`rolkit.fields.validate`'s rules: an ``int`` (not a ``bool``)
    in range, a ``bool`` flag, a ``str`` within its length, a choice by value *and* type
    (``1`` is not ``True``), a sub-form of its class; ``None`` where the field is
    optional or a choice. A field of any other kind, or a value that fails its test, goes
    to the full check, which names the field or passes: the pass never accepts what
    ``fields.validate`` refuses. For a ``Combatant`` it costs about a tenth of the generic
    check, which dominated a cold attack law (a plain loop: grouping the fields by kind
    and testing each group with ``map`` measured slower)."""

    def __init__(self, cls: type) -> None:
        rules: list[_Rule] = []
        for name, spec in fields.describe(cls):
            kind, allowed = spec.kind, cast(Any, None)
            if kind == "choice":
                allowed = frozenset((type(c.value), c.value) for c in spec.choices)
            elif kind == "nested":
                allowed = spec.nested
            elif kind == "int" and (spec.min is None or spec.max is None):
                kind = "unread"
            rules.append((name, kind, spec.optional, spec.min, spec.max, allowed))
        self.rules = tuple(rules)

    def holds(self, obj: Any) -> bool:
        """True when every declared field of ``obj`` is certainly valid."""
        values = obj.__dict__
        for name, kind, optional, low, high, allowed in self.rules:
            v = values[name]
            if v is None and optional:
                continue
            if kind == "int":
                ok = type(v) is int and low <= v <= high
            elif kind == "flag":
                ok = type(v) is bool
            elif kind == "choice":
                try:
                    ok = (type(v), v) in allowed
                except TypeError:  # an unhashable value: the full check says why
                    return False
            elif kind == "text":
                ok = type(v) is str and len(v) <= (high or 0)
            elif kind == "nested":
                ok = allowed is not None and isinstance(v, allowed)
            else:
                return False
            if not ok:
                return False
        return True


_PLANS: dict[type, _Plan] = {
    cls: _Plan(cls) for cls in (Combatant, Weapon, Armor, Modifiers, CoreDreadOptions)
}


class Forbidden(NamedTuple):
    """§3.6 One combination the rules forbid: the field at fault and why."""

    field: str
    en: str
    es: str
    allowed: str


AIMED = Forbidden(
    "modifiers.aimed",
    "only a ranged attack can be aimed",
    "solo se apunta con armas de proyectiles",
    "only with mode=ranged",
)
POINT_BLANK = Forbidden(
    "modifiers.point_blank",
    "point-blank applies only to ranged or thrown attacks",
    "a quemarropa solo vale para proyectiles o lanzar",
    "only with mode=ranged or thrown",
)
COVER_FIRE = Forbidden(
    "modifiers.cover_fire",
    "covering fire needs a ranged weapon",
    "el fuego de cobertura requiere un arma de proyectiles",
    "only with mode=ranged",
)
EMPTY = Forbidden(
    "weapon.attacks_left",
    "the weapon is empty: reload first («Recargar»)",
    "el arma está descargada: hay que recargar",
    "at least 1",
)
ATTACKER_DEAD = Forbidden(
    "attacker.dead",
    "a dead attacker cannot attack",
    "un atacante muerto no puede atacar",
    "False",
)
DEFENDER_DEAD = Forbidden(
    "defender.dead",
    "a dead defender cannot be attacked",
    "no se puede atacar a un defensor muerto",
    "False",
)
ATTACKER_UNCONSCIOUS = Forbidden(
    "attacker.unconscious",
    "an unconscious attacker cannot attack",
    "un atacante inconsciente no puede atacar",
    "False",
)
ATTACKER_IN_COVER = Forbidden(
    "attacker.in_cover",
    "an attacker in cover cannot attack («no podrá atacar»)",
    "quien está a cubierto no podrá atacar",
    "False",
)
DEFENDER_IN_COVER = Forbidden(
    "defender.in_cover",
    "a defender in cover cannot be shot at range («protegido de los disparos»)",
    "un defensor a cubierto está protegido de los disparos",
    "False unless point-blank",
)
DEFENCE_UNCONSCIOUS = Forbidden(
    "modifiers.defence",
    "an unconscious defender cannot defend",
    "un defensor inconsciente no puede defenderse",
    "none",
)
DEFENCE_NO_TURN = Forbidden(
    "modifiers.defence",
    "the defender has no turn left to defend with",
    "el defensor no tiene turno para defenderse",
    "none",
)
BLOCK_AT_RANGE = Forbidden(
    "modifiers.defence",
    "a melee block cannot stop a shot at range",
    "un bloqueo no detiene un disparo a distancia",
    "none, dodge or ranged_block",
)
DODGE_AT_RANGE = Forbidden(
    "modifiers.defence",
    "a shot at range can be dodged only towards cover",
    "un disparo a distancia solo se esquiva poniéndose a cubierto",
    "dodge with dodge_to_cover",
)
RANGED_BLOCK_WEAPON = Forbidden(
    "modifiers.defence",
    "a ranged block needs a ranged block_weapon",
    "un bloqueo a distancia requiere un arma de proyectiles",
    "block_weapon with mode=ranged",
)
BLOCK_WEAPON_EMPTY = Forbidden(
    "defender.block_weapon.attacks_left",
    "the blocking firearm is empty",
    "el arma del defensor está descargada",
    "at least 1",
)
KNOCKOUT = Forbidden(
    "modifiers.knockout_attempt",
    "a knock-out needs a melee blow",
    "dejar inconsciente requiere un golpe cuerpo a cuerpo",
    "only with mode=melee",
)
DODGE_TO_COVER = Forbidden(
    "modifiers.dodge_to_cover",
    "taking cover applies to a dodge against a ranged attack",
    "quedar a cubierto solo vale al esquivar un disparo",
    "only with mode=ranged",
)


def _check_types(forms: tuple[tuple[str, object, type], ...]) -> None:
    """Each argument is its form's class, and every field of it holds (§3)."""
    for role, obj, cls in forms:
        if not isinstance(obj, cls):
            raise input_error(
                role,
                en=f"{role} must be a {cls.__name__} (got {type(obj).__name__})",
                es=f"{role} debe ser un {cls.__name__} (recibido {type(obj).__name__})",
                allowed=cls.__name__,
                got=type(obj).__name__,
                cls=CoreDreadInputError,
            )
        _revalidate(obj, role)


def _defence_rules(
    defender: Combatant, m: Modifiers, options: CoreDreadOptions, at_range: bool
) -> Iterator[tuple[Forbidden, Any]]:
    """§4.5, §3.6 The defences the defender cannot make (``m.defence != "none"``)."""
    if defender.unconscious:
        yield DEFENCE_UNCONSCIOUS, m.defence
    if options.defence_requires_turn and not defender.turn_available:
        yield DEFENCE_NO_TURN, m.defence
    if m.defence == "block" and at_range:
        yield BLOCK_AT_RANGE, m.defence
    only_to_cover = options.ranged_dodge == "only_to_cover" and not m.dodge_to_cover
    if m.defence == "dodge" and at_range and only_to_cover:
        yield DODGE_AT_RANGE, m.defence
    if m.defence == "ranged_block":
        bw = defender.block_weapon
        if bw.mode != "ranged":
            yield RANGED_BLOCK_WEAPON, m.defence
        if weapon_attacks_left(bw) == 0:
            yield BLOCK_WEAPON_EMPTY, 0


def broken_rules(
    attacker: Combatant,
    defender: Combatant,
    w: Weapon,
    m: Modifiers,
    options: CoreDreadOptions,
) -> Iterator[tuple[Forbidden, Any]]:
    """§3.6 The forbidden combinations the (valid) forms make, each with the value got."""
    ranged = w.mode == "ranged"
    at_range = ranged and not m.point_blank
    if m.aimed and not ranged:
        yield AIMED, True
    if m.point_blank and w.mode == "melee":
        yield POINT_BLANK, True
    if m.cover_fire and not ranged:
        yield COVER_FIRE, True
    if ranged and weapon_attacks_left(w) == 0:
        yield EMPTY, 0
    for broken, rule in (
        (attacker.dead, ATTACKER_DEAD),
        (defender.dead, DEFENDER_DEAD),
        (attacker.unconscious, ATTACKER_UNCONSCIOUS),
        (attacker.in_cover, ATTACKER_IN_COVER),
        (at_range and defender.in_cover, DEFENDER_IN_COVER),
    ):
        if broken:
            yield rule, True
    if m.defence != "none":
        yield from _defence_rules(defender, m, options, at_range)
    if m.knockout_attempt and w.mode != "melee":
        yield KNOCKOUT, True
    if m.dodge_to_cover and not ranged:
        yield DODGE_TO_COVER, True


def validate_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> None:
    """§3.6 Reject every invalid combination with a ``CoreDreadInputError`` naming the field.

    Fields are named ``role.field`` (``"modifiers.aimed"``, ``"defender.in_cover"``); the
    message starts with that name and ends with the value got.
    """
    _check_types(
        (
            ("attacker", attacker, Combatant),
            ("defender", defender, Combatant),
            ("weapon", weapon, Weapon),
            ("modifiers", modifiers, Modifiers),
            ("options", options, CoreDreadOptions),
        )
    )
    for rule, got in broken_rules(attacker, defender, weapon, modifiers, options):
        raise input_error(
            rule.field,
            en=f"{rule.field}: {rule.en} (got {shown(got)})",
            es=f"{rule.field}: {rule.es} (recibido {shown(got)})",
            allowed=rule.allowed,
            got=got,
            cls=CoreDreadImpossibleError,
        )
