"""The registered ``SYSTEM``: the glue from :class:`rolkit.system.System` to the rules.

Odds key: :class:`~rolkit.systems.tierkreis.attack.AttackKey` (the spec's ``Outcome`` plus
the defender's fate). The options travel inside ``Modifiers.options`` (§2.3), so the System
is told ``options_field="options"``. The after-state, its exact law and the status on the
P9 track come from :mod:`.after`; the common view from :mod:`.view`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any

from rolkit.model import Step
from rolkit.system import System
from rolkit.systems.tierkreis import messages
from rolkit.systems.tierkreis.after import after, status_of, transitions
from rolkit.systems.tierkreis.attack import AttackKey, Resolution, attack_odds, resolve_attack
from rolkit.systems.tierkreis.checks import CHECKS
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon, derived
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.presets import PRESETS
from rolkit.systems.tierkreis.turns import fight_initiative, turn_end, turn_start
from rolkit.systems.tierkreis.view import project

__all__ = ["SYSTEM"]

messages.register()


def _resolve(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions,
    rng: Any,
) -> tuple[list[Step], Resolution, AttackKey]:
    r = resolve_attack(attacker, defender, weapon, modifiers, rng)
    return r.steps, r, r.key


def _odds(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions,
) -> Mapping[Hashable, Fraction]:
    law: dict[Hashable, Fraction] = {
        k: p for k, p in attack_odds(attacker, defender, weapon, modifiers).items()
    }
    return law


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
    transitions_fn=transitions,
    status_fn=status_of,
    turn_start_fn=turn_start,
    turn_end_fn=turn_end,
    initiative_fn=fight_initiative,
    derived_fn=derived,
)
