"""The registered ``SYSTEM``: glue only, every hook from its own module."""

from rolkit.system import System

from . import messages  # noqa: F401  (registers the catalogue)
from .attack import attack_odds, resolve_attack
from .checks import CHECKS
from .forms import Attacker, Defender, Modifiers, Weapon
from .options import Options
from .presets import PRESETS
from .view import project

SYSTEM = System(
    id="toy",
    name_key="toy.name",
    forms={"attacker": Attacker, "defender": Defender, "weapon": Weapon, "modifiers": Modifiers},
    options_type=Options,
    presets=PRESETS,
    resolve_fn=resolve_attack,
    odds_fn=attack_odds,
    project=project,
    grid_axes=(("attacker", "bonus"), ("attacker", "bonus")),
    critical_key="toy.headline.critical",
    checks=CHECKS,
)
