"""§3 The toy's checks besides the attack: 1d6 + bonus against a target, a 1 always fails."""

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource, die
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure

from ..options import Options
from .forms import CheckForm


def degree(face: int, form: CheckForm) -> str:
    """§3 ``pifia`` on a 1, else ``exito`` when 1d6 + bonus reaches the target."""
    if face == 1:
        return "pifia"
    return "exito" if face + form.bonus >= form.target else "fallo"


def check_odds(form: CheckForm, options: Options) -> dict[str, Fraction]:
    """The exact law of the degrees over the d6."""
    law: dict[str, Fraction] = {}
    for face, p in die(6).items():
        d = degree(face, form)
        law[d] = law.get(d, Fraction(0)) + p
    return law


def check_resolve(
    form: CheckForm, options: Options, rng: RandomSource
) -> tuple[Sequence[Step], int, str]:
    """One check: the d6, explained; the outcome is the face."""
    face = rng.randint(1, 6)
    steps = [Step("toy.step.check", (face,), {"total": face + form.bonus}, "§3")]
    return steps, face, degree(face, form)


CHECK: CheckProcedure[CheckForm, Options] = CheckProcedure(
    id="check",
    label=("Chequeo", "Chequeo (check)"),
    form=CheckForm,
    degrees=(
        Degree("pifia", ("Pifia", "Pifia (fumble)"), success=False),
        Degree("fallo", ("Fallo", "Fallo (failure)"), success=False),
        Degree("exito", ("Éxito", "Éxito (success)"), success=True),
    ),
    odds_fn=check_odds,
    resolve_fn=check_resolve,
)

CHECKS: dict[str, CheckProcedure[Any, Options]] = {"check": CHECK}
