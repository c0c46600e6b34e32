"""§7 The registered ``SYSTEM``: the glue from :class:`rolkit.system.System` to
:func:`.attack.resolve.resolve_attack` and :func:`.attack.odds.attack_outcomes`.

The spec carries :class:`GoreOptions` in ``Modifiers.options`` (``options_field``), so
the modifiers reaching both functions already hold the options in force. The forms after
an attack are the Resolution's ``attacker_after``/``defender_after``/``weapon_after``
(:func:`.attack.stages.forms_after`), read by the kit's default adapter (``tracks_state``);
their exact law is :func:`.after.transitions` and a form's place on the §7.3 track
:func:`.after.status`.
"""

from __future__ import annotations

from rolkit.system import System, after_attributes

from . import messages  # noqa: F401  (registers the catalogue)
from .after import status, transitions
from .attack.odds import odds
from .attack.resolve import resolve
from .checks import CHECKS
from .checks.actions import ACTIONS, TURN_RULES
from .forms import Combatant, Modifiers, Weapon
from .grid import grid_hit
from .options import GoreOptions
from .presets import DEFAULT_FORMS, PRESETS
from .rules.derived import auto_values
from .turns import initiative, round_end, turn_start
from .view import conditions, project

__all__ = ["SYSTEM", "PRESETS", "project"]


SYSTEM = System(
    id="gore",
    name_key="gore.name",
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=GoreOptions,
    options_field="options",
    presets=PRESETS,
    resolve_fn=resolve,
    odds_fn=odds,
    project=project,
    default_forms=DEFAULT_FORMS,
    grid_axes=(("attacker", "attack_skill"), ("modifiers", "situational_bonus")),
    screen_axes=(("attacker", "attack_skill"), ("defender", "dodge_skill")),
    critical_key="gore.headline.critical",
    checks=CHECKS,
    tracks_state=True,
    after_fn=after_attributes,  # the kit's default: the Resolution's <role>_after
    initiative_fn=initiative,  # P4 Orden de Ataque: DES, ties by 1D10
    initiative_each_round=True,
    derived_fn=auto_values,  # §2.1: what an empty HP, dodge, location HP or MD stands for
    transitions_fn=transitions,  # #16: the exact law of the forms after one attack
    status_fn=status,  # §7.3 read from a form: HP, location damage, conditions
    turn_start_fn=turn_start,  # P15 a Conmocionado's CON×5 to recover
    round_end_fn=round_end,  # T9 bleeding and destroyed locations, P13.4, T11 counts
    turn_rules=TURN_RULES,  # «una unidad estándar de tiempo que permite una acción»
    actions=ACTIONS,  # #25 attack, Carga, Desarmar, KO, first aid, stand up, Defender, reload
    conditions_fn=conditions,  # #25 the visible states of a combatant
    hit_fn=grid_hit,  # the grid: P(hit) from the tiers, T7 and T13 alone
)
