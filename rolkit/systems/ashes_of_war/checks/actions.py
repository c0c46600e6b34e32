"""§4.20 Action economy besides the attack: movement and reloading (contract #16, #17)."""

from __future__ import annotations

from rolkit.errors import check_choice, check_int
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig

__all__ = ["movement_allowance", "reload_actions"]


def movement_allowance(mode: str, *, rules: RulesConfig = DEFAULT_RULES) -> int:
    """Contract #16, §4.20: metres for ``free`` (1), ``move`` (7, or 6) and ``run`` (18)."""
    label = ("Movimiento", "Movimiento (movement mode)")
    check_choice(mode, ("free", "move", "run"), field="mode", label=label, cls=AowFieldRangeError)
    if mode == "move":
        return 7 if rules.free_metre_stacks_with_move else 6
    return 1 if mode == "free" else 18


def reload_actions(reload: int) -> int:
    """Contract #17, §4.20: a Recarga N reload costs N actions of the same turn (1–3)."""
    label = ("Recarga N", "Recarga N (reload actions)")
    return check_int(reload, 1, 3, field="reload", label=label, cls=AowFieldRangeError)
