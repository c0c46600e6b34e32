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
from rolkit.errors import (
    DiceSyntaxError,
    FieldRangeError,
    ImpossibleActionError,
    RulesError,
)
from rolkit.fight import fight_odds  # the exact odds of a whole fight
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
    "sweep",
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


def compare(*args: Any, **kwargs: Any) -> Any:
    """:func:`rolkit.analysis.compare`: a setup against a variant, exact (what-if)."""
    from rolkit import analysis

    return analysis.compare(*args, **kwargs)


def sweep(*args: Any, **kwargs: Any) -> Any:
    """:func:`rolkit.balance.sweep`: whole-fight odds over a grid of matchups, on Dask."""
    from rolkit import balance as module

    return module.sweep(*args, **kwargs)


def get_system(system_id: str) -> System:
    """The registered system ``system_id`` (see ``rolkit.systems()``)."""
    return systems.get(system_id)


def load_ipython_extension(ipython):  # type: ignore[no-untyped-def]  # pragma: no cover
    """``%load_ext rolkit``: register the line magics."""
    from rolkit import magics

    magics.load(ipython)


def unload_ipython_extension(ipython):  # type: ignore[no-untyped-def]  # pragma: no cover
    from rolkit import magics

    magics.unload(ipython)
