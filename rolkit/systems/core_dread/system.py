"""The ``SYSTEM`` object: the one API the widgets, the magics and the generic tests see.

Its odds key is :class:`~.outcome.OddsKey` (§7.2 ``AttackOutcome``, ``spectacular`` and
the §7.3 fate), and ``resolve`` returns the same kind of key, so a roll is found in its
odds. The after-state is the Resolution's ``attacker_after``/``defender_after``/
``weapon_after`` (``tracks_state``); its exact law over all rolls is
:func:`~.transitions.attack_transitions` and a form's place on the track
:func:`~.transitions.status` (#16).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rolkit.dice import RandomSource
from rolkit.hooks import Resolved
from rolkit.system import System
from rolkit.systems.core_dread import display as _display  # noqa: F401  (registers reprs)
from rolkit.systems.core_dread.actions import ACTIONS
from rolkit.systems.core_dread.checks import CHECKS
from rolkit.systems.core_dread.forms import (
    Combatant,
    CoreDreadOptions,
    Modifiers,
    Weapon,
    weapon_attacks_left,
    weapon_capacity,
    weapon_damages_armor,
)
from rolkit.systems.core_dread.initiative import INITIATIVE_EACH_ROUND, fight_initiative
from rolkit.systems.core_dread.odds import attack_odds
from rolkit.systems.core_dread.outcome import AttackResolution, OddsKey
from rolkit.systems.core_dread.presets import PRESETS
from rolkit.systems.core_dread.reload import RELOAD
from rolkit.systems.core_dread.resolve import resolve_attack
from rolkit.systems.core_dread.transitions import attack_transitions, status
from rolkit.systems.core_dread.turn_effects import fight_blow, round_end, turn_end
from rolkit.systems.core_dread.view import project, wound_rank

__all__ = ["SYSTEM", "project", "wound_rank"]


def _resolve(
    a: Combatant, d: Combatant, w: Weapon, m: Modifiers, o: CoreDreadOptions, rng: RandomSource
) -> Resolved[AttackResolution, OddsKey]:
    r = resolve_attack(a, d, w, m, rng, o)
    return Resolved(r.steps, r, r.key)


def derived(role: str, form: object, options: CoreDreadOptions) -> dict[str, object]:
    """What the engine uses for a weapon's empty fields: §5.5 attacks per reload and the
    attacks left (full), and whether it wears armour (G12: dangerous and lethal classes)."""
    if not isinstance(form, Weapon):
        return {}
    out: dict[str, object] = {"damages_armor": weapon_damages_armor(form)}
    capacity = weapon_capacity(form)
    if capacity is not None:
        out.update(capacity=capacity, attacks_left=weapon_attacks_left(form))
    return out


def _odds(
    a: Combatant, d: Combatant, w: Weapon, m: Modifiers, o: CoreDreadOptions
) -> Mapping[OddsKey, Fraction]:
    return attack_odds(a, d, w, m, o)


FORMS: dict[str, type] = {
    "attacker": Combatant,
    "defender": Combatant,
    "weapon": Weapon,
    "modifiers": Modifiers,
}

#: The default forms, built once: they are frozen, so sharing them is safe, and
#: ``SYSTEM.defaults()`` (which ``status`` and every check reads) need not rebuild and
#: revalidate four forms per call — a whole fight calls it thousands of times.
DEFAULT_FORMS = {role: cls() for role, cls in FORMS.items()}

SYSTEM = System(
    id="core_dread",
    name_key="cd.name",
    forms=FORMS,
    default_forms=DEFAULT_FORMS,
    options_type=CoreDreadOptions,
    presets=PRESETS,
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=project,
    grid_axes=(("attacker", "fortaleza"), ("attacker", "melee_skill")),
    critical_key="cd.headline.critical",
    checks={**CHECKS, **ACTIONS, "reload": RELOAD},
    initiative_fn=fight_initiative,
    initiative_each_round=INITIATIVE_EACH_ROUND,
    tracks_state=True,
    transitions_fn=attack_transitions,
    status_fn=status,
    round_end_fn=round_end,
    turn_end_fn=turn_end,
    fight_blow_fn=fight_blow,
    derived_fn=derived,
    i18n_prefix="cd",
)
