"""The registered ``SYSTEM``: the glue from :class:`rolkit.system.System` to the rules.

The odds key is :class:`~rolkit.systems.nsd20.attack.AttackKey`; ``resolve`` returns the
same kind of key, so a roll can be found in its odds; :func:`.view.project` gives its
common view. ``transitions``, ``status`` and ``conditions``: :mod:`rolkit.systems.nsd20.after`; the
turn's actions: :mod:`rolkit.systems.nsd20.rules.actions`.
"""

from __future__ import annotations

from rolkit.system import System
from rolkit.systems.nsd20 import messages  # noqa: F401  (registers the catalogue)
from rolkit.systems.nsd20.after import (
    attack_transitions,
    combatant_conditions,
    combatant_status,
)
from rolkit.systems.nsd20.attack import attack_law, resolve_hook
from rolkit.systems.nsd20.checks import CHECKS
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon
from rolkit.systems.nsd20.grid import hit_probability
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.presets import PRESETS
from rolkit.systems.nsd20.rules.actions import ACTIONS, TURN_RULES
from rolkit.systems.nsd20.rules.derived import derived_values
from rolkit.systems.nsd20.turns import fight_blow, roll_initiative, round_end, turn_end
from rolkit.systems.nsd20.view import project

__all__ = ["SYSTEM"]

SYSTEM = System(
    id="nsd20",
    name_key="nsd20.name",
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=NSd20Rules,
    presets=PRESETS,
    resolve_fn=resolve_hook,
    odds_fn=attack_law,
    project=project,
    grid_axes=(("attacker", "attack_base"), ("attacker", "dexterity")),
    screen_axes=(("attacker", "attack_base"), ("defender", "dexterity")),
    critical_key="nsd20.headline.critical",
    checks=CHECKS,
    tracks_state=True,
    initiative_fn=roll_initiative,
    derived_fn=derived_values,
    transitions_fn=attack_transitions,
    status_fn=combatant_status,
    round_end_fn=round_end,
    turn_end_fn=turn_end,
    fight_blow_fn=fight_blow,
    turn_rules=TURN_RULES,
    actions=ACTIONS,
    conditions_fn=combatant_conditions,
    hit_fn=hit_probability,  # the grid: P(hit) from the attack and concealment d20s
)
