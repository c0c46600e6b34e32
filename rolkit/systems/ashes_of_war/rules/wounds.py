"""§4.14–§4.17 Wound boxes with overflow, the states a newly filled box triggers, bleeding
ticks, death and the optional Moribundo rule.

«Si las casillas de daño leve están ocupadas, el mismo será considerado grave. Sucede igual
con las casillas de daño grave y letal»; «cada ubicación tiene exactamente 1 casilla letal».
:func:`wound_effect` is the pure rule (memoised: the odds call it once per location and
severity); :func:`apply_wound` and :func:`bleed_tick` return the new ``Combatant``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.errors import check_choice, input_error, shown
from rolkit.memo import memo
from rolkit.model import Fate
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError, AowImpossibleError
from rolkit.systems.ashes_of_war.forms import Combatant, Conditions, Wounds, evolve
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.dice import p_check_success
from rolkit.systems.ashes_of_war.tables import (
    DAMAGE_TYPES,
    DISTAL,
    FIRST_SERIOUS_EFFECTS,
    LOCATIONS,
    PART_OF,
    SEVERITIES,
    TOWARD_TORSO,
)

__all__ = [
    "WoundResult",
    "wound_plan",
    "wound_effect",
    "limb_group",
    "fate_after",
    "apply_wound",
    "bleed_tick",
    "fate_of",
    "first_serious_effect",
    "first_serious_states",
    "event_flag",
    "dying_death_probability",
]

SHARP = ("cutting", "piercing")


@dataclass(frozen=True)
class WoundResult:
    """Contract: the defender after the wound, the box filled and the events it caused."""

    state: Combatant
    wound_box: str | None
    events: tuple[str, ...]


def fate_of(c: Conditions) -> Fate:
    """The common fate vocabulary: ``"dead"``, ``"dying"`` (Moribundo), ``"down"``
    (Inconsciente) or None (still acting)."""
    if c.dead:
        return "dead"
    if c.dying:
        return "dying"
    return "down" if c.unconscious else None


def event_flag(event: str) -> str:
    """``"bleeding_light:right_arm"`` → ``"bleeding_light"`` (the flag id of an event)."""
    return event.split(":", 1)[0]


def first_serious_effect(location: str) -> tuple[str, ...]:
    """T5 [PH] the effect tags of a first serious wound at a limb location."""
    return FIRST_SERIOUS_EFFECTS.get(PART_OF[location], ())


def first_serious_states(c: Combatant, location: str, events: list[str]) -> dict[str, bool]:
    """T5 [PH] applied (option ``first_serious_applied``): the states a first serious
    wound at the limb ``location`` sets, each reported once in ``events``.

    Pierna: «cae derribado» → Derribado. Brazo or Mano: «suelta lo que sostiene» → the
    weapon when that side is the weapon hand, the shield when it is the shield arm (and it
    carries one). The limits that last while the effect is active (3 m, no Correr, +1 ▽,
    no wielding) are read from ``first_serious_effects`` by the rules they affect.
    """
    side, part = location.split("_")
    cond = c.conditions
    ch: dict[str, bool] = {}
    if part == "leg" and not cond.prone:
        ch["prone"] = True
        events.append("prone")
    if part in ("arm", "hand"):
        if side == c.weapon_hand and not cond.weapon_dropped:
            ch["weapon_dropped"] = True
            events.append("dropped_weapon")
        if c.shield is not None and side == c.shield_arm and not cond.shield_dropped:
            ch["shield_dropped"] = True
            events.append("dropped_shield")
    return ch


def limb_group(location: str) -> tuple[str, ...]:
    """``fracture_scope="limb"``: the arm+hand or leg+foot of one side."""
    side, part = location.split("_")
    pair = ("arm", "hand") if part in ("arm", "hand") else ("leg", "foot")
    return tuple(f"{side}_{p}" for p in pair)


def _box(w: Wounds, location: str, severity: str, rules: RulesConfig) -> tuple[str, bool]:
    """§4.14: the first free box not below ``severity``; ``(box, marked)``."""
    part = PART_OF[location]
    if severity == "light" and w.light.get(location, 0) < rules.light_boxes[part]:
        return "light", True
    if severity != "lethal" and w.count(location, "serious") < rules.serious_boxes[part]:
        return "serious", True
    if w.lethal.get(location, 0) < 1:
        return "lethal", True
    return "lethal", False  # a full lethal box still counts as a lethal wound (§4.14, G31)


def _move_bleeding(bleeding: dict[str, str], lost: set[str], events: list[str]) -> None:
    """§4.16 the bleeding of a lost location passes toward the torso, same or higher level."""
    for loc in sorted(lost & set(bleeding), key=LOCATIONS.index):
        level = bleeding.pop(loc)
        target = loc
        while target in lost:
            target = TOWARD_TORSO[target]
        if bleeding.get(target) != "serious" and bleeding.get(target) != level:
            bleeding[target] = level
            events.append(f"bleeding_{level}:{target}")


@memo
def wound_plan(
    defender: Combatant,
    location: str,
    severity: str,
    damage_type: str,
    non_lethal: bool,
    dying_rule: bool,
    rules: RulesConfig,
) -> tuple[str, bool, tuple[str, ...], tuple[tuple[str, Any], ...]]:
    """§4.13–§4.15 as data: ``(wound_box, marked, events, condition changes)``.

    Pure and cheap (no form is built): the exact odds call it once per location and
    severity; :func:`wound_effect` applies it.
    """
    part = PART_OF[location]
    limb = part not in ("head", "torso")
    if non_lethal and severity == "lethal":
        severity = "serious"  # §4.13: a non-lethal weapon caps the severity
    w = defender.wounds
    c = defender.conditions
    box, marked = _box(w, location, severity, rules)
    events: list[str] = []
    ch: dict[str, Any] = {}
    if non_lethal and box == "lethal":  # step 1
        if not c.unconscious:
            ch["unconscious"] = True
            events.append("unconscious")
        return "unconscious", False, tuple(events), tuple(ch.items())
    new_serious = marked and box == "serious"
    bleeding = c.bleeding
    if box == "serious":
        if limb and location not in c.first_serious_effects:  # step 2
            ch["first_serious_effects"] = c.first_serious_effects | {location}
            events.append(f"first_serious:{location}")
            if rules.first_serious_applied:
                ch.update(first_serious_states(defender, location, events))
        if part == "head" and damage_type == "blunt" and not c.bruised:  # step 3
            ch["bruised"] = True
            events.append("bruised")
        if limb and damage_type == "blunt":  # step 4
            group = (location,) if rules.fracture_scope == "location" else limb_group(location)
            blunt = sum(w.serious_blunt.get(g, 0) for g in group) + (1 if new_serious else 0)
            if blunt >= 2 and location not in c.fractured:
                ch["fractured"] = c.fractured | set(group)
                events.append(f"fractured:{location}")
        sharp = w.serious_sharp.get(location, 0) + (1 if new_serious else 0)
        if damage_type in SHARP and sharp >= 2 and location not in bleeding:
            bleeding[location] = "light"  # step 5
            events.append(f"bleeding_light:{location}")
        head_full = part == "head" and (
            w.count("head", "serious") + (1 if new_serious else 0) >= rules.serious_boxes["head"]
        )
        if head_full and not c.unconscious:  # step 6
            ch["unconscious"] = True
            events.append("unconscious")
    elif box == "lethal":  # step 7
        if c.dying or (part in ("head", "torso") and not dying_rule):
            if not c.dead:
                ch["dead"] = True
                events.append("dead")
        elif part in ("head", "torso"):
            ch.update(dying=True, unconscious=True, dying_failures=0, stabilised=False)
            events.append("dying")
        else:
            lost = {location} | ({DISTAL[location]} if location in DISTAL else set())
            new = sorted(lost - c.dismembered, key=LOCATIONS.index)
            ch["dismembered"] = c.dismembered | lost
            ch["fractured"] = ch.get("fractured", c.fractured) - lost
            ch["first_serious_effects"] = (
                ch.get("first_serious_effects", c.first_serious_effects) - lost
            )
            events += [f"dismembered:{loc}" for loc in new]
            _move_bleeding(bleeding, lost, events)
            if damage_type in SHARP:
                target = TOWARD_TORSO[location]
                if bleeding.get(target) != "serious":
                    bleeding[target] = "serious"
                    events.append(f"bleeding_serious:{target}")
    if (bleeding or c.bleeding_light or c.bleeding_serious) and bleeding != c.bleeding:
        ch["bleeding_light"] = frozenset(k for k, v in bleeding.items() if v == "light")
        ch["bleeding_serious"] = frozenset(k for k, v in bleeding.items() if v == "serious")
    return box, marked, tuple(events), tuple(ch.items())


def fate_after(c: Conditions, changes: tuple[tuple[str, Any], ...]) -> str | None:
    """The fate of ``c`` once ``changes`` (from :func:`wound_plan`) apply."""
    ch = dict(changes)
    if ch.get("dead", c.dead):
        return "dead"
    if ch.get("dying", c.dying):
        return "dying"
    return "down" if ch.get("unconscious", c.unconscious) else None


@memo
def wound_effect(
    defender: Combatant,
    location: str,
    severity: str,
    damage_type: str,
    non_lethal: bool,
    dying_rule: bool,
    rules: RulesConfig,
) -> tuple[Wounds, Conditions, str, tuple[str, ...]]:
    """§4.13–§4.15: ``(wounds, conditions, wound_box, events)`` after one wound."""
    plan = wound_plan(defender, location, severity, damage_type, non_lethal, dying_rule, rules)
    return applied_plan(defender, location, damage_type, plan)


def applied_plan(
    defender: Combatant,
    location: str,
    damage_type: str,
    plan: tuple[str, bool, tuple[str, ...], tuple[tuple[str, Any], ...]],
) -> tuple[Wounds, Conditions, str, tuple[str, ...]]:
    """§4.14–§4.15 :func:`wound_plan`'s box marked and its Conditions set:
    :func:`wound_effect` of that plan (``(wounds, conditions, wound_box, events)``)."""
    box, marked, events, changes = plan
    w = defender.wounds.add(location, box, damage_type) if marked else defender.wounds
    c = (  # the changes keep every field in range (frozensets, disjoint bleeding rows)
        evolve(defender.conditions, **dict(changes)) if changes else defender.conditions
    )
    return w, c, box, events


def _check(location: str, severity: str, damage_type: str) -> None:
    label = ("Ubicación", "Ubicación (location)")
    check_choice(location, LOCATIONS, field="location", label=label, cls=AowFieldRangeError)
    if severity not in SEVERITIES:
        raise input_error(
            "severity",
            en=f"Herida (severity) must be light, serious or lethal (got {shown(severity)})",
            es=f"Herida debe ser leve, grave o letal (recibido {shown(severity)})",
            allowed="light, serious or lethal",
            got=severity,
            cls=AowFieldRangeError,
        )
    check_choice(
        damage_type,
        (*DAMAGE_TYPES, "bleed"),
        field="damage_type",
        label=("Tipo de daño", "Tipo de daño (damage type)"),
        cls=AowFieldRangeError,
    )


def apply_wound(
    defender: Combatant,
    location: str,
    severity: str,
    damage_type: str,
    *,
    non_lethal: bool = False,
    dying_rule: bool = False,
    rules: RulesConfig = DEFAULT_RULES,
) -> WoundResult:
    """Contract #11, §4.14–§4.15: place one wound and trigger its states."""
    _check(location, severity, damage_type)
    if location in defender.conditions.dismembered:
        raise input_error(
            "location",
            en=f"{defender.name} has already lost that part",
            es=f"{defender.name} ya ha perdido esa parte",
            got=location,
            cls=AowImpossibleError,
        )
    w, c, box, events = wound_effect(
        defender, location, severity, damage_type, non_lethal, dying_rule, rules
    )
    state = (
        defender
        if (w is defender.wounds and c is defender.conditions)
        else dataclasses.replace(defender, wounds=w, conditions=c)
    )
    return WoundResult(state, box, events)


def bleed_tick(
    defender: Combatant,
    location: str,
    *,
    dying_rule: bool = False,
    rules: RulesConfig = DEFAULT_RULES,
) -> WoundResult:
    """Contract #13, §4.16: one turn of bleeding at ``location`` (a wound of type ``bleed``)."""
    level = defender.conditions.bleeding.get(location)
    if level is None:
        raise input_error(
            "location",
            en=f"{defender.name} is not bleeding there",
            es=f"{defender.name} no sangra en esa ubicación",
            got=location,
            cls=AowImpossibleError,
        )
    return apply_wound(defender, location, level, "bleed", dying_rule=dying_rule, rules=rules)


def dying_death_probability(
    fortitude_ndp: int, gracias: int = 0, desgracias: int = 0, *, rules: RulesConfig = DEFAULT_RULES
) -> Fraction:
    """Contract #14, §4.17: ``(1 − P(R ≥ hard))^3`` from a fresh Moribundo state."""
    p = p_check_success(fortitude_ndp, gracias, desgracias, "hard", rules=rules)
    return (1 - p) ** 3
