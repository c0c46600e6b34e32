"""P1 The degrees of a d20 check (automatic failure, failure, success, automatic
success) and how many faces give each, shared by the checks against a CD."""

from __future__ import annotations

from rolkit.model import Degree
from rolkit.systems.nsd20.rules.check import natural_success

__all__ = ["D20_DEGREES", "d20_degree", "d20_law"]

D20_DEGREES = (
    Degree(
        "fallo_automatico",
        ("Fallo automático (1 natural)", "Fallo automático (natural 1)"),
        success=False,
    ),
    Degree("fallo", ("Fallo", "Fallo (failure)"), success=False),
    Degree("exito", ("Éxito", "Éxito (success)"), success=True),
    Degree(
        "exito_automatico",
        ("Éxito automático (20 natural)", "Éxito automático (natural 20)"),
        success=True,
    ),
)


def d20_degree(natural: int, total: int, cd: int, natural_rules: bool) -> str:
    """P1 The degree of one d20 against a CD (a natural 1 or 20 is automatic)."""
    success, automatic = natural_success(natural, total, cd, natural_rules)
    if automatic:
        return "exito_automatico" if success else "fallo_automatico"
    return "exito" if success else "fallo"


def d20_law(modifier: int, cd: int, natural_rules: bool) -> dict[str, int]:
    """P1 How many of the 20 faces give each degree of :data:`D20_DEGREES`."""
    counts = dict.fromkeys((d.id for d in D20_DEGREES), 0)
    for n in range(1, 21):
        counts[d20_degree(n, n + modifier, cd, natural_rules)] += 1
    return counts
