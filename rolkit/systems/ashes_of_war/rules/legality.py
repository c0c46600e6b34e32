"""§4.3, §4.5 Who may attack and defend: the legality checks made before any dice.

«El Narrador decide si esa defensa es posible antes de tirar». Each check raises an
``AowImpossibleError`` naming the field at fault (or an ``AowFieldRangeError`` for wound
marks beyond a location's boxes, T3), in English and Spanish.
"""

from __future__ import annotations

from typing import NamedTuple, cast

from rolkit.errors import RulesError, input_error, shown
from rolkit.memo import memo
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError, AowImpossibleError
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon, Wounds
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.tables import (
    DAMAGE_TYPE_LABELS,
    LOCATION_LABELS,
    LOCATIONS,
    PART_OF,
)

__all__ = [
    "Refusal",
    "hand_side",
    "hand_refusal",
    "attack_refusal",
    "declared_damage_type",
    "check_able",
    "check_attack",
    "check_attack_modifiers",
    "check_defence",
    "check_wounds",
    "check_wounds_once",
]


def declared_damage_type(weapon: Weapon, m: Modifiers) -> str:
    """§4.3: the declared type must be one the weapon deals (default: its main type)."""
    t = m.damage_type or weapon.damage_type
    if t not in weapon.damage_types:
        es_types = ", ".join(DAMAGE_TYPE_LABELS[x][0] for x in weapon.damage_types)
        en_types = ", ".join(DAMAGE_TYPE_LABELS[x][1] for x in weapon.damage_types)
        raise input_error(
            "damage_type",
            en=f"{weapon.name} cannot deal that damage type ({DAMAGE_TYPE_LABELS[t][1]}); it "
            f"deals {en_types}",
            es=f"{weapon.name} no inflige ese tipo de daño ({DAMAGE_TYPE_LABELS[t][0]}); "
            f"inflige {es_types}",
            got=t,
            cls=AowImpossibleError,
        )
    return t


def check_able(c: Combatant, field: str, what: tuple[str, str], got: object = None) -> None:
    """§4.17–§4.18: an Inconsciente, Moribundo or dead character cannot act; ``what`` is
    the action refused, in Spanish and English."""
    if c.conditions.incapacitated:
        raise input_error(
            field,
            en=f"{c.name} cannot {what[1]} (unconscious, dying or dead)",
            es=f"{c.name} no puede {what[0]} (Inconsciente, Moribundo o muerto)",
            got=got,
            cls=AowImpossibleError,
        )


#: ``(es, en)``: why an action cannot be taken now, a phrase about the actor («ha soltado
#: el arma: tiene que recogerla»), as the fight's actions show it after the name.
Refusal = tuple[str, str]


def hand_side(c: Combatant, side: str) -> tuple[str, str]:
    """The ``(arm, hand)`` locations of one side (``"right"`` or ``"left"``)."""
    return (f"{side}_arm", f"{side}_hand")


def hand_refusal(c: Combatant, side: str, what: tuple[str, str]) -> Refusal | None:
    """§4.15, T5: why ``c`` cannot use its ``side`` hand for ``what``, as an ``(es, en)``
    phrase about ``c``: the arm or
    hand lost («no podrán realizar acciones con la misma»), fractured («pierden la facultad
    de mover la extremidad»), or (``first_serious_applied``) a first serious wound in the
    hand («no puede empuñar con ella»). The caller checks the option for the last one."""
    cond = c.conditions
    if not (cond.dismembered or cond.fractured):
        return None  # the usual case: nothing lost nor fractured anywhere
    arm, hand = hand_side(c, side)
    if {arm, hand} & cond.dismembered:
        return (
            f"ha perdido la mano con la que {what[0]}",
            f"has lost the hand it would {what[1]} with",
        )
    if {arm, hand} & cond.fractured:
        return (
            f"no puede mover la mano con la que {what[0]} (Fracturado)",
            f"cannot move the hand it would {what[1]} with (Fracturado)",
        )
    return None


def attack_refusal(c: Combatant, weapon: Weapon, rules: RulesConfig) -> Refusal | None:
    """§4.3, §4.15, §4.20, §4.22, T5: why ``c`` cannot attack with ``weapon`` now, as an
    ``(es, en)`` phrase about ``c`` («ha soltado el arma…»), or None. Checked by ``check_attack`` (odds and rolls raise) and by the
    fight's attack action (the turn passes, :mod:`~rolkit.systems.ashes_of_war.turns`).

    * Inconsciente, Moribundo or muerto: «El personaje no puede definir ninguna acción».
    * the weapon broken (Integridad 0, §4.22).
    * a weapon (not Pelea) with the weapon hand lost or fractured (§4.15), wounded by a
      first serious wound in that Mano (T5 «no puede empuñar con ella») or dropped (T5
      «suelta lo que sostiene») until picked up;
    * a ranged weapon out of shots: Recarga N with an empty cargador («deben recargar su
      munición cada ciertos ataques»), or no Recarga and no ammunition left (§4.20).
    """
    if c.conditions.incapacitated:
        return (
            "no puede actuar (Inconsciente, Moribundo o muerto)",
            "cannot act (unconscious, dying or dead)",
        )
    if weapon.integrity <= 0:
        return (
            f"no puede atacar: {weapon.name} está rota (Integridad 0)",
            f"cannot attack: {weapon.name} is broken (Integridad 0)",
        )
    if weapon.skill != "brawl":
        why = hand_refusal(c, c.weapon_hand, ("empuña el arma", "wield the weapon"))
        if why is not None:
            return why
        if rules.first_serious_applied and f"{c.weapon_hand}_hand" in (
            c.conditions.first_serious_effects
        ):
            return (
                "no puede empuñar con esa mano (primera herida grave)",
                "cannot wield with that hand (first serious wound)",
            )
        if c.conditions.weapon_dropped:
            return (
                "ha soltado el arma: tiene que recogerla",
                "has dropped the weapon: it must pick it up",
            )
    if weapon.skill == "ranged":
        if weapon.reload > 0 and weapon.loaded_now == 0:
            return (
                f"no puede disparar: {weapon.name} está descargada, hay que Recargar",
                f"cannot shoot: {weapon.name} is empty, it must be reloaded (Recargar)",
            )
        if weapon.reload == 0 and weapon.ammunition == 0:
            return (
                f"no tiene munición para {weapon.name}",
                f"has no ammunition left for {weapon.name}",
            )
    return None


def check_attack(
    attacker: Combatant, weapon: Weapon, m: Modifiers, rules: RulesConfig = DEFAULT_RULES
) -> None:
    """§4.3 Attack legality, checked before any dice (:func:`attack_refusal`, then the
    modifiers)."""
    check_able(attacker, "attacker.conditions", ("actuar", "act"))
    why = attack_refusal(attacker, weapon, rules)
    if why is not None:
        raise input_error(
            "weapon.integrity" if weapon.integrity <= 0 else "attacker.conditions",
            en=f"{attacker.name} {why[1]}",
            es=f"{attacker.name} {why[0]}",
            got=weapon.integrity if weapon.integrity <= 0 else None,
            cls=AowImpossibleError,
        )
    check_attack_modifiers(weapon, m)


def check_attack_modifiers(weapon: Weapon, m: Modifiers) -> None:
    """§4.3 the attack's situation: a target seen or located (else blind fire, ranged
    only), aimed or narrated (not both), a damage type the weapon deals."""
    if not m.target_visible and not m.blind_fire:
        raise input_error(
            "target_visible",
            en="the target is neither seen nor located with Alerta: only blind fire can try",
            es="el objetivo no está a la vista ni localizado con Alerta: solo cabe un disparo a ciegas",
            cls=AowImpossibleError,
        )
    if m.blind_fire and weapon.skill != "ranged":
        raise input_error(
            "blind_fire",
            en=f"blind fire needs a ranged weapon; {weapon.name} is not one",
            es=f"disparar a ciegas requiere un arma a distancia; {weapon.name} no lo es",
            cls=AowImpossibleError,
        )
    if m.narrated_location is not None and m.aimed_location is not None:
        raise input_error(
            "narrated_location",
            en="a hit is either aimed or placed by the narration, not both",
            es="un golpe se apunta o lo sitúa la narración, no las dos cosas",
            cls=AowImpossibleError,
        )
    declared_damage_type(weapon, m)


def _check_target_location(defender: Combatant, m: Modifiers) -> None:
    for name, loc in (
        ("aimed_location", m.aimed_location),
        ("narrated_location", m.narrated_location),
    ):
        if loc is not None and loc in defender.conditions.dismembered:
            es, en = LOCATION_LABELS[loc]
            raise input_error(
                name,
                en=f"{defender.name} has lost that part ({en})",
                es=f"{defender.name} ha perdido esa parte ({es})",
                got=loc,
                cls=AowImpossibleError,
            )


def check_wounds(c: Combatant, rules: RulesConfig, role: str) -> None:
    """§3.1: per-severity marks never exceed the location's boxes (T3)."""
    w = c.wounds
    light, rows = w.light, (w.serious_blunt, w.serious_sharp, w.serious_other)
    light_boxes, serious_boxes = rules.light_boxes, rules.serious_boxes
    for loc in LOCATIONS:  # the counts of ``Wounds.count``, read straight from the rows
        part = PART_OF[loc]
        if light.get(loc, 0) > light_boxes[part] or (
            sum([row.get(loc, 0) for row in rows]) > serious_boxes[part]
        ):
            break
    else:
        return
    _wounds_error(c, rules, role)


def _wounds_error(c: Combatant, rules: RulesConfig, role: str) -> None:
    """Raise :func:`check_wounds`'s error for the first row over its boxes."""
    for loc in LOCATIONS:
        part = PART_OF[loc]
        for sev, boxes in (
            ("light", rules.light_boxes[part]),
            ("serious", rules.serious_boxes[part]),
        ):
            n = c.wounds.count(loc, sev)
            if n > boxes:
                es, en = LOCATION_LABELS[loc]
                name = sev
                if sev == "serious":  # name the serious row that holds marks there
                    rows = ("serious_blunt", "serious_sharp", "serious_other")
                    name = next(r for r in rows if getattr(c.wounds, r).get(loc, 0))
                raise input_error(
                    f"{role}.wounds.{name}",
                    en=(
                        f"Casillas {'leves' if sev == 'light' else 'graves'} ({en}) must be from 0 "
                        f"to {boxes} (got {shown(n)})"
                    ),
                    es=(
                        f"Casillas {'leves' if sev == 'light' else 'graves'} ({es}) debe ser de 0 "
                        f"a {boxes} (recibido {shown(n)})"
                    ),
                    allowed=f"from 0 to {boxes}",
                    got=n,
                    cls=AowFieldRangeError,
                )


@memo
def _wounds_fit(wounds: Wounds, rules: RulesConfig) -> bool:
    """:func:`check_wounds` passes on these wound rows (it reads nothing else)."""
    try:
        check_wounds(cast(Combatant, _Marks(wounds)), rules, "")
    except RulesError:
        return False
    return True


class _Marks(NamedTuple):
    """What :func:`check_wounds` reads of a combatant: its wound rows."""

    wounds: Wounds


def check_wounds_once(c: Combatant, rules: RulesConfig, role: str) -> None:
    """:func:`check_wounds`, the rows checked once per distinct wound rows (a whole
    fight's laws meet the same rows on many forms); it raises as :func:`check_wounds`."""
    if not _wounds_fit(c.wounds, rules):
        check_wounds(c, rules, role)


def check_defence(defender: Combatant, m: Modifiers, rules: RulesConfig = DEFAULT_RULES) -> None:
    """§4.5 Defence legality («El Narrador decide si esa defensa es posible antes de tirar»)."""
    _check_target_location(defender, m)
    if m.defence == "none":
        return
    if not m.defence_allowed:
        raise input_error(
            "defence_allowed",
            en="the GM does not allow that defence",
            es="el Narrador no permite esa defensa",
            cls=AowImpossibleError,
        )
    check_able(defender, "defence", ("defenderse", "defend"), m.defence)
    if not m.attack_seen:
        raise input_error(
            "attack_seen",
            en=f"{defender.name} can only defend against an attack it sees or noticed with Alerta",
            es=f"{defender.name} solo puede defenderse de un ataque que ve o advirtió con Alerta",
            cls=AowImpossibleError,
        )
    why = _gear_refusal(defender, m, rules)
    if why is not None:
        raise input_error("defence", en=why[0], es=why[1], got=m.defence, cls=AowImpossibleError)


def _gear_refusal(defender: Combatant, m: Modifiers, rules: RulesConfig) -> tuple[str, str] | None:
    """§4.5, §4.15, §4.22, T5 why the intercepting shield or object cannot be used, in
    English and Spanish (None if it can): none carried, broken (Integridad 0), the shield
    arm lost or fractured, the shield dropped or its hand wounded by a first serious wound
    (T5, ``first_serious_applied``), the weapon hand (which holds the object) lost or
    fractured."""
    name = defender.name
    if m.defence == "intercept_shield":
        s = defender.shield
        if s is None:
            return (
                f"Interceptar con escudo (shield intercept) needs a shield; {name} carries none",
                f"interceptar con escudo requiere un escudo; {name} no lleva",
            )
        if s.integrity <= 0:
            return (
                f"{s.name} is broken (Integridad 0) and cannot intercept",
                f"{s.name} está roto (Integridad 0) y no puede interceptar",
            )
        side = defender.shield_arm
        c = defender.conditions
        if {f"{side}_arm", f"{side}_hand"} & (c.dismembered | c.fractured):
            return (
                f"{name} cannot use the shield arm (lost or fractured)",
                f"{name} no puede usar el brazo del escudo (perdido o Fracturado)",
            )
        if c.shield_dropped:
            return (
                f"{name} has dropped the shield: it must pick it up",
                f"{name} ha soltado el escudo: tiene que recogerlo",
            )
        if rules.first_serious_applied and f"{side}_hand" in c.first_serious_effects:
            return (
                f"{name} cannot hold the shield with that hand (first serious wound)",
                f"{name} no puede sostener el escudo con esa mano (primera herida grave)",
            )
    if m.defence == "intercept_object":
        o = defender.parry_object
        if o is None:
            return (
                f"Interceptar con arma u objeto (parry) needs a weapon or object; {name} has none",
                f"interceptar con un objeto requiere un arma u objeto; {name} no tiene",
            )
        if o.integrity <= 0:
            return (
                f"{o.name} is broken (Integridad 0) and cannot intercept",
                f"{o.name} está roto (Integridad 0) y no puede interceptar",
            )
        why = hand_refusal(defender, defender.weapon_hand, ("intercepta", "intercept"))
        if why is not None:
            return (f"{name} {why[1]}", f"{name} {why[0]}")
    return None
