"""rolkit — a rules assistant for Spanish-language tabletop RPGs.

The public API::

    import rolkit
    rolkit.systems()                   # ids of the registered systems
    s = rolkit.get_system("core_dread")
    r = s.resolve(attacker, defender, weapon, modifiers, seed=7)   # Resolution
    o = s.odds(attacker, defender, weapon, modifiers)              # Odds

Importing rolkit pulls in neither pandas, numpy, matplotlib nor ipywidgets.
"""

from __future__ import annotations

from rolkit import systems
from rolkit.model import (
    DiceSyntaxError,
    FieldRangeError,
    ImpossibleActionError,
    Odds,
    Resolution,
    RulesError,
    Step,
    System,
)

__all__ = [
    "systems",
    "get_system",
    "System",
    "Resolution",
    "Odds",
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


def load_ipython_extension(ipython):  # pragma: no cover - exercised through IPython
    """``%load_ext rolkit``: register the line magics."""
    from rolkit import magics

    magics.load(ipython)


def unload_ipython_extension(ipython):  # pragma: no cover
    from rolkit import magics

    magics.unload(ipython)
