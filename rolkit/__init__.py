"""rolkit — a rules assistant for Spanish-language tabletop RPGs.

The public API::

    import rolkit
    rolkit.systems()                   # ids of the registered systems
    s = rolkit.get_system("core_dread")
    r = s.resolve(attacker, defender, weapon, modifiers, seed=7)   # Resolution
    o = s.odds(attacker, defender, weapon, modifiers)              # Odds
    o.p_hit, o.p_dead, o.location()                                # exact Fractions
    s.checks["check"].odds(form)                                   # a check's exact law
    rolkit.compare("core_dread", attacker__fortaleza=6).frame()    # what-if, exact
    rolkit.clear_caches()                                          # every memo, cold again

Importing rolkit pulls in neither pandas, numpy, matplotlib nor ipywidgets.
"""

from __future__ import annotations

import importlib
from typing import Any

from rolkit import reprs, systems
from rolkit.analysis import compare  # what-if, exact
from rolkit.balance import sweep  # whole-fight odds over a grid of matchups, on Dask
from rolkit.encounter import balance_encounter  # how many foes make a fair fight
from rolkit.errors import (
    DiceSyntaxError,
    FieldRangeError,
    ImpossibleActionError,
    RulesError,
)
from rolkit.fight import fight_odds  # the exact odds of a whole fight
from rolkit.fight.best_move import best_move  # the best move of the combatant to act
from rolkit.memo import clear_caches
from rolkit.model import CheckOdds, CheckResolution, Odds, OutcomeView, Resolution, Step
from rolkit.system import CheckProcedure, Degree, System

# rich display: rolkit.display fills the renderer registry the first time anything is shown
reprs.on_first_use(lambda: importlib.import_module("rolkit.display"))

__all__ = [
    "systems",
    "get_system",
    "clear_caches",
    "compare",
    "fight_odds",
    "best_move",
    "sweep",
    "balance_encounter",
    "System",
    "CheckProcedure",
    "Degree",
    "Resolution",
    "Odds",
    "OutcomeView",
    "CheckOdds",
    "CheckResolution",
    "Step",
    "RulesError",
    "FieldRangeError",
    "ImpossibleActionError",
    "DiceSyntaxError",
    "load_ipython_extension",
    "unload_ipython_extension",
]

__version__ = "0.1.0"


def get_system(system_id: str) -> System:
    """The registered system ``system_id`` (see ``rolkit.systems()``)."""
    return systems.get(system_id)


def load_ipython_extension(ipython: Any) -> None:  # pragma: no cover - run by IPython
    """``%load_ext rolkit``: register the line magics (:mod:`rolkit.ipython`)."""
    # Lazy on purpose, not a cycle: the IPython glue brings in the display layer, which
    # ``import rolkit`` defers to the first rich display (see ``reprs.on_first_use``).
    from rolkit.ipython import extension

    extension.load(ipython)


def unload_ipython_extension(ipython: Any) -> None:  # pragma: no cover - run by IPython
    """``%unload_ext rolkit``: remove the line magics."""
    from rolkit.ipython import extension  # lazy, as above

    extension.unload(ipython)
