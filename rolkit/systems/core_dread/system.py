"""The ``SYSTEM`` object: the one API the widgets, the magics and the generic tests see.

Its odds key is :class:`~.attack.key.AttackKey` (§7.2 ``AttackOutcome``, ``spectacular``
and the §7.3 fate), and ``resolve`` returns the same kind of key, so a roll is found in
its odds. The after-state is the Resolution's ``attacker_after``/``defender_after``/
``weapon_after`` (``tracks_state``); its exact law over all rolls is
:func:`~.after.attack_transitions` and a form's place on the track :func:`~.after.status`.
"""

from __future__ import annotations

from rolkit.system import System
from rolkit.systems.core_dread.after import attack_transitions, status
from rolkit.systems.core_dread.attack import attack_odds, resolve_hook
from rolkit.systems.core_dread.checks import ACTIONS, CHECKS, RELOAD
from rolkit.systems.core_dread.checks.asphyxia import ASPHYXIA
from rolkit.systems.core_dread.checks.turn_actions import TURN_ACTIONS, TURN_RULES
from rolkit.systems.core_dread.forms import Combatant, Modifiers, Weapon, derived_values
from rolkit.systems.core_dread.grid import hit_probability
from rolkit.systems.core_dread.options import CoreDreadOptions
from rolkit.systems.core_dread.presets import PRESETS
from rolkit.systems.core_dread.turns import (
    INITIATIVE_EACH_ROUND,
    fight_blow,
    fight_initiative,
    round_end,
    turn_end,
)
from rolkit.systems.core_dread.view import conditions, project

__all__ = ["SYSTEM", "FORMS", "DEFAULT_FORMS"]


FORMS: dict[str, type] = {
    "attacker": Combatant,
    "defender": Combatant,
    "weapon": Weapon,
    "modifiers": Modifiers,
}

#: Built once: the forms are frozen, and a whole fight calls ``SYSTEM.defaults()``
#: thousands of times (``status`` and every check read it).
DEFAULT_FORMS = {role: cls() for role, cls in FORMS.items()}

SYSTEM = System(
    id="core_dread",
    name_key="cd.name",
    forms=FORMS,
    default_forms=DEFAULT_FORMS,
    options_type=CoreDreadOptions,
    presets=PRESETS,
    resolve_fn=resolve_hook,
    odds_fn=attack_odds,
    project=project,
    grid_axes=(("attacker", "fortaleza"), ("attacker", "melee_skill")),
    critical_key="cd.headline.critical",
    checks={**CHECKS, **ACTIONS, "reload": RELOAD, "asphyxia": ASPHYXIA},
    initiative_fn=fight_initiative,
    initiative_each_round=INITIATIVE_EACH_ROUND,
    tracks_state=True,
    transitions_fn=attack_transitions,
    status_fn=status,
    round_end_fn=round_end,
    turn_end_fn=turn_end,
    fight_blow_fn=fight_blow,
    turn_rules=TURN_RULES,
    actions=TURN_ACTIONS,
    conditions_fn=conditions,
    derived_fn=derived_values,
    i18n_prefix="cd",
    hit_fn=hit_probability,  # the grid: P(hit) from the two hit marginals
)
