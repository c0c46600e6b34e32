"""The registered ``SYSTEM``: the glue from :class:`rolkit.system.System` to the rules.

The odds key is :class:`~rolkit.systems.nsd20.attack.AttackKey`; ``resolve`` returns the
same kind of key, so a roll can be found in its odds. ``fate``: Moribundo → ``"dying"``,
Incapacitado (or Inconsciente by fatigue) → ``"down"``, PR at ``death_at_pr`` → ``"dead"``.
NSd20 has no hit locations (``location`` is always ``None``). ``transitions`` and
``status``: :mod:`rolkit.systems.nsd20.transitions` (the form's own fate is the key's).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.hooks import Resolved
from rolkit.model import OutcomeView
from rolkit.system import System
from rolkit.systems.nsd20 import messages  # noqa: F401  (registers the catalogue)
from rolkit.systems.nsd20.attack import AttackKey, Resolution, resolve_attack
from rolkit.systems.nsd20.checks import CHECKS
from rolkit.systems.nsd20.derived import serious_wound_threshold
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon
from rolkit.systems.nsd20.initiative import roll_initiative
from rolkit.systems.nsd20.odds import WOUND_KEYS, attack_law
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.presets import PRESETS
from rolkit.systems.nsd20.transitions import attack_transitions, combatant_status
from rolkit.systems.nsd20.turn_effects import fight_blow, round_end, turn_end


def derived(role: str, form: Any, options: NSd20Rules) -> dict[str, Any]:
    """P8/P9 The automatic numbers of a character: current PR (full) and the Umbral de
    herida grave the options give (none when they give none)."""
    if not isinstance(form, Combatant):
        return {}
    out: dict[str, Any] = {"pr_current": form.pr}
    threshold = serious_wound_threshold(form, options)
    if threshold is not None:
        out["serious_wound_threshold"] = threshold
    return out


__all__ = ["SYSTEM", "project"]

_WOUND_RANK = {w: i for i, w in enumerate(WOUND_KEYS)}


def project(key: AttackKey) -> OutcomeView:
    """The common view of a key: wound ``"nsd20.wound.<change>"``, flags, fate."""
    flags = {
        name
        for name, on in (
            ("massive", key.massive),
            ("stunned", key.stunned),
            ("concealed", key.concealed),
        )
        if on
    }
    return OutcomeView(
        hit=key.outcome != "miss",
        critical=key.outcome == "critical",
        damage=key.damage,
        wound=None if key.wound == "none" else f"nsd20.wound.{key.wound}",
        wound_rank=_WOUND_RANK[key.wound],
        flags=frozenset(flags),
        location=None,
        fate=key.fate,  # type: ignore[arg-type]
    )


def _resolve(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: NSd20Rules,
    rng: RandomSource,
) -> Resolved[Resolution, AttackKey]:
    r = resolve_attack(attacker, defender, weapon, modifiers, rng, rules=options)
    return Resolved(r.steps, r, r.key)


def _odds(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: NSd20Rules,
) -> Mapping[Any, Fraction]:
    return attack_law(attacker, defender, weapon, modifiers, rules=options)


def _transitions(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: NSd20Rules,
) -> Mapping[tuple[Combatant, Combatant, Weapon], Fraction]:
    return attack_transitions(attacker, defender, weapon, modifiers, rules=options)


SYSTEM = System(
    id="nsd20",
    name_key="nsd20.name",
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=NSd20Rules,
    presets=PRESETS,
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=project,
    grid_axes=(("attacker", "attack_base"), ("attacker", "dexterity")),
    screen_axes=(("attacker", "attack_base"), ("defender", "dexterity")),
    critical_key="nsd20.headline.critical",
    checks=CHECKS,
    tracks_state=True,
    initiative_fn=roll_initiative,
    derived_fn=derived,
    transitions_fn=_transitions,
    status_fn=combatant_status,
    round_end_fn=round_end,
    turn_end_fn=turn_end,
    fight_blow_fn=fight_blow,
)
