"""The forms after one attack (``System.after``): what §7.1's ``Resolution`` says, written
back into :class:`Combatant`, :class:`Shield` and :class:`Weapon` so a fight can go on.

Applied (each value stays inside its §2 range, so the instances are valid):

* defender: ``hp_current`` ← ``hp_after`` (P13); ``location_damage`` of the location hit
  grows by the damage when the roll reports one location (P12.2); ``damage_24h`` grows by
  the damage of a *leve* wound (P13.7); ``block_item.pg_current`` ← ``item_pg_after``
  (P10, P11.10); ``can_defend`` ← False on *defensa inhábil* or when unconscious (P8.3,
  P13.6, P14); ``leg_severe`` from a destroyed leg (T9); the T10 losses of a serious
  wound (characteristics, MOV, ``hp_max``);
* attacker and defender: the lasting T11 fumble results the form can hold (conditions
  ``half_block``, ``half_all``, ``half_dodge``; −1 CAR; −2 armour; a broken shield);
* weapon: ``pg`` ← ``attacker_weapon_pg_after`` while it has PG left (P10.2);
  ``rounds_loaded`` and ``silencer_shots`` (when counted) lose the rounds fired (P11.8,
  P11.9; a malfunction fires none).

Not representable in the forms (left to the GM; see ``NOT_TRACKED``): unconsciousness and
its rounds, dying, the rounds a *grave* wound leaves, a fall or stumble, lost attacks,
dropped or stuck weapons, a broken weapon (``Weapon.pg`` is 1–99), damage a fumble or an
unarmed block deals to the attacker (not rolled by ``resolve_attack``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from .forms import Combatant, Weapon
from .matrices import HIT_CATEGORIES
from .tables import TableRow

__all__ = ["forms_after", "NOT_TRACKED", "FUMBLE_CONDITIONS"]

#: T11 rows whose lasting effect is a §2.1 condition: (low, high) → condition.
FUMBLE_CONDITIONS = {
    (8, 11): "half_block",  # «Escudo dañado: bloqueo a 1/2»
    (29, 31): "half_all",  # «todas las habilidades a 1/2 el próximo turno»
    (80, 82): "half_all",  # «todas las habilidades a 1/2; pierde el casco»
    (92, 94): "half_dodge",  # «Esquivar a 1/2 hasta que se trate»
}

#: What a Resolution may report that no form field can hold.
NOT_TRACKED = (
    "unconscious",
    "dying",
    "grave_rounds_left",
    "ko_unconscious_rounds",
    "defence_disabled_rounds",
    "attacker_weapon_broken",
    "fumble: fall, stumble, lost attack, dropped/stuck weapon, self/ally damage",
    "unarmed_blocked damage",
)

#: T10 loss names → Combatant fields (floors from §2.1).
_LOSS_FIELDS = {
    "FUE": ("fue", 1),
    "CON": ("con", 1),
    "TAM": ("tam", 1),
    "INT": ("int_", 1),
    "POD": ("pod", 1),
    "DES": ("des", 1),
    "CAR": ("car", 1),
    "MOV": ("mov", 0),
    "PG máximos": ("hp_max", 1),
}
_MAX_TRACKED = 999  # location_damage, damage_24h
_MIN_HP = -999


def _lose(person: Combatant, name: str, amount: int) -> dict[str, Any]:
    """One loss ``name −amount`` as field changes, floored at the field's minimum."""
    field, floor = _LOSS_FIELDS[name]
    now = person.max_hp if field == "hp_max" else getattr(person, field)
    return {field: max(floor, now - amount)}


def _fumble(person: Combatant, row: TableRow | None) -> Combatant:
    """The lasting T11 effects of ``row`` that ``person``'s form can hold."""
    if row is None or row.table != "melee_fumble":
        return person
    changes: dict[str, Any] = {}
    for (low, high), condition in FUMBLE_CONDITIONS.items():
        if low <= row.low and row.high <= high:
            changes["conditions"] = person.conditions | {condition}
    if (row.low, row.high) == (36, 38):  # «Pierde 1 CAR»
        changes["car"] = max(1, person.car - 1)
    if (row.low, row.high) == (54, 57):  # «−2 a la armadura hasta arreglarla»
        changes["armour"] = max(0, person.armour - 2)
    if (row.low, row.high) == (65, 67) and person.block_item is not None:  # «Se rompe el escudo»
        changes["block_item"] = dataclasses.replace(person.block_item, pg_current=0)
    return dataclasses.replace(person, **changes) if changes else person


def _fit_hp(person: Combatant) -> Combatant:
    """``hp_current`` no higher than a (possibly lowered) maximum."""
    if person.hp_current is not None and person.hp_current > person.max_hp:
        return dataclasses.replace(person, hp_current=person.max_hp)
    return person


def forms_after(
    attacker: Combatant, defender: Combatant, weapon: Weapon, res: Any
) -> dict[str, Any]:
    """The three forms after the attack ``res`` (a §7.1 ``Resolution``), as valid instances.

    Args:
        attacker, defender, weapon: the forms the attack was resolved with.
        res: its ``Resolution`` (reads ``damage``, ``wound``, ``hp_after``, ``category``,
            ``location``, ``location_status``, ``conditions``, ``effects``).

    Returns:
        ``{"attacker": …, "defender": …, "weapon": …}``.
    """
    effects: Mapping[str, Any] = res.effects
    conditions: Mapping[str, Any] = res.conditions
    d: dict[str, Any] = {}
    if res.damage > 0:
        d["hp_current"] = max(_MIN_HP, res.hp_after)
        if res.location_status is not None and res.category in HIT_CATEGORIES:
            spent = dict(defender.location_damage)
            spent[res.location] = min(_MAX_TRACKED, spent.get(res.location, 0) + res.damage)
            d["location_damage"] = spent
        if res.wound == "leve":
            d["damage_24h"] = min(_MAX_TRACKED, defender.damage_24h + res.damage)
    if "item_pg_after" in effects and defender.block_item is not None:
        d["block_item"] = dataclasses.replace(
            defender.block_item, pg_current=int(effects["item_pg_after"])
        )
    if conditions.get("defence_disabled") or conditions.get("unconscious"):
        d["can_defend"] = False
    if "leg_severe" in effects.get("new_conditions", ()):
        d["conditions"] = defender.conditions | {"leg_severe"}
    defender_now = dataclasses.replace(defender, **d) if d else defender
    for name, amount in dict(effects.get("serious_wound_losses", {})).items():
        if name in _LOSS_FIELDS and amount:
            defender_now = dataclasses.replace(defender_now, **_lose(defender_now, name, amount))
    defender_now = _fit_hp(_fumble(defender_now, effects.get("defender_fumble")))

    attacker_now = _fit_hp(_fumble(attacker, effects.get("attacker_fumble")))

    weapon_now = weapon
    fired = int(effects.get("rounds_fired", 0))  # type: ignore[call-overload]
    if fired and weapon.rounds_loaded is not None:
        weapon_now = dataclasses.replace(weapon_now, rounds_loaded=weapon.rounds_loaded - fired)
    if fired and weapon.silencer and weapon.silencer_shots is not None:
        left = max(0, weapon.silencer_shots - fired)
        weapon_now = dataclasses.replace(weapon_now, silencer_shots=left)
    pg = effects.get("attacker_weapon_pg_after")
    if pg is not None and pg >= 1:  # at 0 it breaks: Weapon.pg cannot hold 0 (1–99)
        weapon_now = dataclasses.replace(weapon_now, pg=int(pg))
    return {"attacker": attacker_now, "defender": defender_now, "weapon": weapon_now}
