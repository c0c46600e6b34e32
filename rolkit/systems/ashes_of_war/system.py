"""The ``SYSTEM`` object: Ashes Of War under the common System API.

Its key is :class:`~rolkit.systems.ashes_of_war.attack.OddsKey` (§7.3's four fields plus the
defender's fate and the events); ``resolve`` returns the same kind of key, so every roll can
be found in its odds. There are no criticals in this system (§2.1).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rolkit import fields
from rolkit.model import OutcomeView, Step, System
from rolkit.systems.ashes_of_war import messages
from rolkit.systems.ashes_of_war.attack import OddsKey, Outcome, attack_law, resolve_attack
from rolkit.systems.ashes_of_war.forms import (
    ArmorPiece,
    Combatant,
    Conditions,
    Modifiers,
    Shield,
    Weapon,
    Wounds,
)
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.presets import PRESETS
from rolkit.systems.ashes_of_war.wounds import event_flag

__all__ = ["SYSTEM", "project", "build", "after"]

_RANK = {None: 0, "light": 1, "serious": 2, "unconscious": 3, "lethal": 4}
_VALUE_KEYS = {"location", "rolled", "severity", "wound_box", "adversidad"}


def build(cls: type, data: Any) -> Any:
    """A form instance from plain data (nested forms as dicts)."""
    if data is None or isinstance(data, cls):
        return data
    kwargs = {}
    for name, spec in fields.describe(cls):
        if name in data:
            v = data[name]
            kwargs[name] = (
                build(spec.nested, v) if spec.kind == "nested" and isinstance(v, dict) else v
            )
    return cls(**kwargs)


_FORMS = {"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers}
_ = (ArmorPiece, Shield, Wounds, Conditions)


def project(key: OddsKey) -> OutcomeView:
    """The common view: hit (absorbed or wound), damage taken, wound box, events as flags."""
    flags = frozenset(event_flag(e) for e in key.events)
    return OutcomeView(
        hit=key.category in ("absorbed", "wound"),
        critical=False,
        damage=key.final_damage,
        wound=None if key.wound_box is None else messages.key(f"wound.{key.wound_box}"),
        wound_rank=_RANK[key.wound_box],
        flags=flags,
    )


def _value(k: str, v: Any) -> Any:
    if k in _VALUE_KEYS and isinstance(v, str):
        return messages.key(
            (
                "location."
                if k in ("location", "rolled")
                else "wound."
                if k in ("severity", "wound_box")
                else "value."
            )
            + v
        )
    if isinstance(v, tuple):
        return ", ".join(str(x) for x in v)
    return v


def _steps(r, a: Combatant, d: Combatant) -> tuple[Step, ...]:
    out = []
    for s in r.steps:
        name = (
            d.name
            if s.label in ("defence_pool", "defence_roll", "undefended", "wound", "conditions")
            else a.name
        )
        faces = tuple(f for _, _, fs in s.dice for f in fs)
        derived = {k: _value(k, v) for k, v in s.derived.items()}
        out.append(Step(messages.key(f"step.{s.label}"), faces, derived, s.rule, {"name": name}))
    return tuple(out)


def _resolve(a, d, w, m, options, rng):
    r = resolve_attack(a, d, w, m, rng, rules=options)
    return _steps(r, a, d), r.outcome, r.outcome.odds_key


def _odds(a, d, w, m, options):
    law, den = attack_law(a, d, w, m, options)
    from fractions import Fraction

    return {k: Fraction(n, den) for k, n in law.items()}


def after(outcome: Outcome) -> dict[str, Any]:
    """The forms as the attack leaves them (§7.1 ``*_after``)."""
    return {
        "attacker": outcome.attacker_after,
        "defender": outcome.defender_after,
        "weapon": outcome.weapon_after,
    }


PRESET_FORMS = {
    role: {name: build(_FORMS[role], data) for name, data in presets.items()}
    for role, presets in PRESETS.items()
}

SYSTEM = System(
    id="ashes_of_war",
    name_key=messages.key("name"),
    forms=_FORMS,
    options_type=RulesConfig,
    presets=PRESET_FORMS,
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=project,
    default_forms={
        "attacker": PRESET_FORMS["attacker"]["Kira"],
        "defender": PRESET_FORMS["defender"]["Gorath"],
        "weapon": PRESET_FORMS["weapon"]["Espada larga de acero"],
        "modifiers": Modifiers(),
    },
    grid_axes=(("attacker", "melee"), ("modifiers", "extra_gracias_attack")),
    after_fn=after,
)
_ = dataclasses
