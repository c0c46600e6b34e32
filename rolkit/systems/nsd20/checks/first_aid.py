"""Primeros auxilios (``SYSTEM.checks["first_aid"]``): d20 + Medicina + SAB against CD 15.

NSd20's combat chapter was not found (spec §0); the d20 SRD's first aid is assumed
[SRD-assumed]: «you can make him stable … DC 15», a standard action. Success stabilises a
Moribundo (``Combatant.stabilised``); the action that applies it to a fight is
:mod:`rolkit.systems.nsd20.rules.actions` (``"aid"``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.d20 import D20_DEGREES, d20_degree, d20_law
from rolkit.systems.nsd20.checks.forms import FirstAidForm
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules

__all__ = ["FIRST_AID"]


def _first_aid_odds(form: FirstAidForm, rules: NSd20Rules) -> dict[str, Fraction]:
    counts = d20_law(form.modifier, form.cd, rules.natural_rules_on_checks)
    return {k: Fraction(c, 20) for k, c in counts.items()}


def _first_aid_resolve(
    form: FirstAidForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    natural = rng.randint(1, 20)
    total = natural + form.modifier
    degree = d20_degree(natural, total, form.cd, rules.natural_rules_on_checks)
    step = NSd20Step(
        "nsd20.step.first_aid",
        (natural,),
        {"natural": natural, "total": total, "cd": form.cd, "margin": total - form.cd},
        CITE["first_aid"],
    )
    return [step], {"natural": natural, "total": total, "cd": form.cd}, degree


FIRST_AID = CheckProcedure(
    "first_aid",
    ("Primeros auxilios", "Primeros auxilios (first aid)"),
    FirstAidForm,
    D20_DEGREES,
    _first_aid_odds,
    _first_aid_resolve,
)
