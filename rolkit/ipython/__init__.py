"""IPython line magics for the GM at the keyboard: ``%load_ext rolkit``.

================  ==============  ===================================================
magic             English alias   what it does
================  ==============  ===================================================
``%tirar``        ``%roll``       roll a dice expression, seeded: ``%tirar 2d6+3 seed=5``
``%prob``         ``%odds``       exact probability: ``%prob 1D8+1D4 >= 6``, or a whole law
``%ataque``       ``%attack``     resolve an attack with presets, seeded
``%prob_ataque``  ``%attack_odds``  exact odds of the same attack
``%chequeo``      ``%check``      a plain check (systems with ``roll_check``, e.g. Core Dread)
``%idioma``       ``%lang``       language of the displays: ``es`` or ``en``
``%rolkit``                       this list
================  ==============  ===================================================

Each magic returns a rich object, so a cell shows it as a table or card. A user's
mistake (a typo in an expression, an unknown preset) prints one plain sentence in the
display language and returns ``None``, with no traceback. Nothing is evaluated:
expressions go through :func:`rolkit.dice.parse` and comparisons through a table of
operators.

This package never imports IPython at import time. ``load(ipython)`` receives the
shell from ``rolkit.load_ipython_extension``, so every magic also works as a plain
function in a plain interpreter.

Modules: :mod:`.args` (reading a line), :mod:`.magics` (the magics as plain functions),
:mod:`.texts` (their help), :mod:`.extension` (registering them in a shell).
"""

from __future__ import annotations

from rolkit.ipython.args import match_name, parse_comparison
from rolkit.ipython.extension import (
    MAGICS,
    load,
    load_ipython_extension,
    unload,
    unload_ipython_extension,
)
from rolkit.ipython.magics import (
    MAX_TIMES,
    MAX_WORK,
    attack,
    attack_odds,
    check,
    language,
    prob,
    roll,
)

__all__ = [
    "load",
    "unload",
    "load_ipython_extension",
    "unload_ipython_extension",
    "MAGICS",
    "MAX_WORK",
    "MAX_TIMES",
    "roll",
    "prob",
    "attack",
    "attack_odds",
    "check",
    "language",
    "match_name",
    "parse_comparison",
]
