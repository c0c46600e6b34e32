"""The registered ``SYSTEM``: the glue from :class:`rolkit.system.System` to the rules.

Odds key: :class:`~rolkit.systems.tierkreis.attack.AttackKey` (the spec's ``Outcome`` plus
the defender's fate). The options travel inside ``Modifiers.options`` (§2.3), so the System
is told ``options_field="options"``. The attack's hooks come from :mod:`.attack`, the
after-state, its exact law and the status on the P9 track from :mod:`.after`, the turn
rules and the initiative from :mod:`.turns`, the common view from :mod:`.view`, the forms
whole-fight odds intern as one from :mod:`.rules.canonical`.
"""

from __future__ import annotations

from rolkit.actions import TurnRules
from rolkit.system import System
from rolkit.systems.tierkreis.after import after, status_of, transitions
from rolkit.systems.tierkreis.attack import odds, resolve
from rolkit.systems.tierkreis.checks import CHECKS
from rolkit.systems.tierkreis.checks.actions import CHECK_ACTIONS
from rolkit.systems.tierkreis.checks.attack_actions import ATTACK_ACTIONS, FREE_RESOURCE
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon, derived
from rolkit.systems.tierkreis.grid import hit_probability
from rolkit.systems.tierkreis.messages import register
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.presets import PRESETS
from rolkit.systems.tierkreis.rules.canonical import canonical
from rolkit.systems.tierkreis.turns import fight_blow, fight_initiative, turn_end, turn_start
from rolkit.systems.tierkreis.view import conditions, project

__all__ = ["SYSTEM"]

register()

FORMS = {"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers}
#: Built once (the forms are frozen): ``SYSTEM.status`` reads the default options from them
#: on every call, thousands of times in a whole fight.
DEFAULT_FORMS = {role: cls() for role, cls in FORMS.items()}

#: P24 «Cuando llega su turno … cada combatiente puede hacer una acción» (G23); the attacks
#: that spend no action (T1 9–10, P19, P23) spend a «free» mark instead, at most one of each
#: of their four marks in a turn.
TURN_RULES = TurnRules(
    budget={"action": 1, FREE_RESOURCE: 4},
    labels={
        "action": ("acción", "action"),
        FREE_RESOURCE: ("sin gastar la acción", "without spending the action"),
    },
)
#: The actions of a turn, in the order a GM reads them (attacks first).
ACTIONS = {**ATTACK_ACTIONS, **CHECK_ACTIONS}

SYSTEM = System(
    id="tierkreis",
    name_key="tierkreis.name",
    forms=FORMS,
    default_forms=DEFAULT_FORMS,
    options_type=TierkreisOptions,
    presets=PRESETS,
    resolve_fn=resolve,
    odds_fn=odds,
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
    fight_blow_fn=fight_blow,
    turn_rules=TURN_RULES,
    actions=ACTIONS,
    conditions_fn=conditions,
    hit_fn=hit_probability,  # the grid: P(hit) from the check die alone
    canonical_fn=canonical,  # whole-fight odds: a mental −2 no check of the fight rolls
)
