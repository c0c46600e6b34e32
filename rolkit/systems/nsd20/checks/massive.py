"""P9/T6 Daño masivo (``SYSTEM.checks["massive"]``): the Fortaleza save against CD 10 +
final damage, by band of T6."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.model import Degree
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.forms import MassiveDamageForm
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.wounds import band_of, massive_damage_cd, massive_damage_margin

__all__ = ["MASSIVE", "MASSIVE_DEGREES"]

MASSIVE_DEGREES = (
    Degree("moribundo", ("Inconsciente + Moribundo", "Inconsciente + Moribundo (dying)"), False),
    Degree(
        "incapacitado", ("Aturdido + Incapacitado", "Aturdido + Incapacitado (disabled)"), False
    ),
    Degree("malherido", ("Aturdido + Malherido", "Aturdido + Malherido (badly wounded)"), False),
    Degree("none", ("Sin efecto", "Sin efecto (no effect)"), True),
)


def _massive_odds(form: MassiveDamageForm, rules: NSd20Rules) -> dict[str, Fraction]:
    out = {d.id: Fraction(0) for d in MASSIVE_DEGREES}
    for f in range(1, 21):
        margin = massive_damage_margin(
            f, form.fortitude_total, form.damage, rules.natural_rules_on_saves
        )
        out[band_of(margin)] += Fraction(1, 20)
    return out


def _massive_resolve(
    form: MassiveDamageForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    f = rng.randint(1, 20)
    margin = massive_damage_margin(
        f, form.fortitude_total, form.damage, rules.natural_rules_on_saves
    )
    band = band_of(margin)
    step = NSd20Step(
        "nsd20.step.massive",
        (f,),
        {
            "natural": f,
            "save_total": form.fortitude_total,
            "total": f + form.fortitude_total,
            "cd": massive_damage_cd(form.damage),
            "failed_by": margin,
            "band": f"nsd20.wound.{band}",
        },
        CITE["massive"],
    )
    return [step], {"natural": f, "failed_by": margin}, band


MASSIVE = CheckProcedure(
    "massive",
    ("Daño masivo", "Daño masivo (massive damage)"),
    MassiveDamageForm,
    MASSIVE_DEGREES,
    _massive_odds,
    _massive_resolve,
)
