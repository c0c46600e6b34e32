"""The ``SYSTEM`` object: the one API the widgets and the generic tests see.

Its odds key is :class:`OddsKey` (the §7.2 ``AttackOutcome`` plus ``spectacular``), so the
headline "crítico %" (5 natural hits) is exact; ``resolve`` returns the same kind of key,
so a roll can be found in its odds.
"""

from __future__ import annotations

from typing import Any

from rolkit.model import OutcomeView, Step
from rolkit.system import System
from rolkit.systems.core_dread import messages
from rolkit.systems.core_dread.attack import (
    AttackResolution,
    OddsKey,
    attack_odds,
    resolve_attack,
)
from rolkit.systems.core_dread.forms import Combatant, CoreDreadOptions, Modifiers, Weapon
from rolkit.systems.core_dread.presets import PRESETS

__all__ = ["SYSTEM", "after", "project", "wound_rank"]

_LEVEL_BASE = {"magullado": 0, "lesionado": 100, "malherido": 200}


def wound_rank(level: str | None, count: int) -> int:
    """Orders wounds: none 0 < Magullado ×n < Lesionado ×n < Malherido ×n (then by count)."""
    if level is None or count <= 0:
        return 0
    return _LEVEL_BASE[level] + count


def project(key: OddsKey) -> OutcomeView:
    """The common view of a key; ``critical`` is the attack's 5 natural hits (§4.9.2)."""
    wound = (
        None if key.wound_level is None else messages.wound_key(key.wound_level, key.wound_count)
    )
    flags = set()
    if key.counter:
        flags.add("counter")
    if key.counter_wound_level is not None:
        flags.add("counter_wound")
    return OutcomeView(
        hit=key.hit,
        critical=key.spectacular,
        damage=key.damage,
        wound=wound,
        wound_rank=wound_rank(key.wound_level, key.wound_count),
        flags=frozenset(flags),
    )


def _resolve(
    attacker, defender, weapon, modifiers, options, rng
) -> tuple[tuple[Step, ...], Any, OddsKey]:
    r = resolve_attack(attacker, defender, weapon, modifiers, rng, options)
    return r.steps, r, OddsKey(*r.outcome, r.spectacular)


def after(outcome: AttackResolution) -> dict[str, Any]:
    """System ``after_fn``: the §4.18 ``attacker_after``/``defender_after``/``weapon_after``.

    They are the forms as the rules leave them: wounds marked (§4.10), prone, dead,
    unconscious, Autocontrol, armour worn (§4.7.2), ammunition spent (§4.14), cover, and a
    defender who defended has spent its turn (``turn_available=False``, §4.5) — so the
    next attack it defends raises "no turn left" until the GM gives the turn back.
    """
    return {
        "attacker": outcome.attacker_after,
        "defender": outcome.defender_after,
        "weapon": outcome.weapon_after,
    }


def _odds(attacker, defender, weapon, modifiers, options) -> dict[OddsKey, Any]:
    return attack_odds(attacker, defender, weapon, modifiers, options)


SYSTEM = System(
    id="core_dread",
    name_key="cd.name",
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=CoreDreadOptions,
    presets=PRESETS,
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=project,
    grid_axes=(("attacker", "fortaleza"), ("attacker", "melee_skill")),
    after_fn=after,
    i18n_prefix="cd",
)
