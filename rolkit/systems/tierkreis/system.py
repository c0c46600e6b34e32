"""The registered ``SYSTEM``: the glue from :class:`rolkit.system.System` to the rules.

Odds key: :class:`~rolkit.systems.tierkreis.attack.AttackKey` (the spec's ``Outcome`` plus
the defender's fate). The options travel inside ``Modifiers.options`` (§2.3), so the System
is told ``options_field="options"``. The after-state, its exact law and the status on the
P9 track come from :mod:`.after_state`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.hooks import Resolved
from rolkit.model import OutcomeView
from rolkit.system import System
from rolkit.systems.tierkreis import messages
from rolkit.systems.tierkreis.after_state import (
    attack_transitions,
    fumble_condition,
    status_of,
    with_health,
)
from rolkit.systems.tierkreis.checks import CHECKS
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.initiative import fight_initiative
from rolkit.systems.tierkreis.odds import attack_odds
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.presets import PRESETS
from rolkit.systems.tierkreis.resolve import Resolution, resolve_attack
from rolkit.systems.tierkreis.stages import AttackKey
from rolkit.systems.tierkreis.turn_effects import turn_end, turn_start

__all__ = ["SYSTEM", "project", "after"]


def derived(role: str, form: Any, options: TierkreisOptions) -> dict[str, Any]:
    """P9 The automatic PV of a character: maximum PV and, when empty, full PV."""
    if isinstance(form, Combatant):
        return {"pv_max_override": form.pv_max, "pv_current": form.pv}
    return {}


messages.register()


_WOUNDS = {"active": ("pv_loss", 1), "unconscious": ("unconscious", 2), "dead": ("dead", 3)}


def _wound(key: AttackKey) -> tuple[str | None, int]:
    """What the damage did (P9): PV lost, unconscious at 0 PV, dead; ``None`` without damage."""
    if key.damage <= 0:
        return None, 0
    name, rank = _WOUNDS[key.defender_status]
    return f"tierkreis.wound.{name}", rank


def project(key: AttackKey) -> OutcomeView:
    """The common view: a hit is a ``hit`` or ``critical``; the fate comes from PV and death
    points (P9); flags name the fumble and its T1 effect, a dodge, and half damage."""
    flags = set()
    if key.result == "fumble" and key.fumble_effect is not None:
        flags |= {"fumble", key.fumble_effect}
    if key.result == "dodged":
        flags.add("dodged")
    hit = key.result in ("critical", "hit")
    if key.damage > 0 and not hit:
        flags.add("half_damage")
    wound, rank = _wound(key)
    return OutcomeView(
        hit=hit,
        critical=key.result == "critical",
        damage=key.damage,
        wound=wound,
        wound_rank=rank,
        flags=frozenset(flags),
        fate=key.fate,  # type: ignore[arg-type]
    )


def _resolve(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions,
    rng: RandomSource,
) -> Resolved[Resolution, AttackKey]:
    r = resolve_attack(attacker, defender, weapon, modifiers, rng)
    return Resolved(r.steps, r, r.key)


def _odds(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions,
) -> Mapping[AttackKey, Fraction]:
    return attack_odds(attacker, defender, weapon, modifiers)


def after(outcome: Resolution) -> dict[str, Combatant]:
    """The combatants after the attack (:mod:`.after_state`): the defender's PV and death
    points as the roll left them (P9; 3 death points kept: dead, or with
    ``death_timing="turn_start"`` dying until its turn); the attacker's fumble (T1): prone,
    −2 physical/mental (its count of turns with ``fumble_penalty_expires``), −1 PV. A
    dropped weapon is left out (the Weapon form has no
    «in hand» field), and so is the defender's free attack (a new attack, not a state).
    """
    out: dict[str, Combatant] = {}
    d, a = outcome.defender, outcome.attacker
    if d is not None and (new := with_health(d, outcome.defender_after)) != d:
        out["defender"] = new
    if a is not None:
        timed = outcome.options is not None and outcome.options.fumble_penalty_expires
        new = fumble_condition(with_health(a, outcome.attacker_after), outcome.fumble_effect, timed)
        if new != a:
            out["attacker"] = new
    return out


def _transitions(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions,
) -> Mapping[tuple[Any, Any, Any], Fraction]:
    return attack_transitions(attacker, defender, weapon, modifiers)


FORMS = {"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers}
#: Built once (the forms are frozen): ``SYSTEM.status`` reads the default options from them
#: on every call, thousands of times in a whole fight.
DEFAULT_FORMS = {role: cls() for role, cls in FORMS.items()}

SYSTEM = System(
    id="tierkreis",
    name_key="tierkreis.name",
    forms=FORMS,
    default_forms=DEFAULT_FORMS,
    options_type=TierkreisOptions,
    presets=PRESETS,
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=project,
    grid_axes=(("attacker", "agility"), ("attacker", "strength")),
    options_field="options",
    critical_key="tierkreis.headline.critical",
    checks=CHECKS,
    after_fn=after,
    transitions_fn=_transitions,
    status_fn=status_of,
    turn_start_fn=turn_start,
    turn_end_fn=turn_end,
    initiative_fn=fight_initiative,
    derived_fn=derived,
)
