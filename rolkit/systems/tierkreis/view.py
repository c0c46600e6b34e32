"""The common view of a Tierkreis attack key: ``project(key) -> OutcomeView`` (P9, T1).

A hit is a ``hit`` or ``critical``; ``wound`` says what the damage did (``Pierde PV``,
``Inconsciente (0 PV)``, ``Muerto``); flags name the fumble and its T1 effect, a dodge and
half damage; the fate comes from PV and death points (P9). No hit location.
"""

from __future__ import annotations

from rolkit.model import OutcomeView
from rolkit.systems.tierkreis.attack import AttackKey

__all__ = ["project"]


_WOUNDS = {"active": ("pv_loss", 1), "unconscious": ("unconscious", 2), "dead": ("dead", 3)}


def _wound(key: AttackKey) -> tuple[str | None, int]:
    """What the damage did (P9): PV lost, unconscious at 0 PV, dead; ``None`` without damage."""
    if key.damage <= 0:
        return None, 0
    name, rank = _WOUNDS[key.defender_status]
    return f"tierkreis.wound.{name}", rank


def project(key: AttackKey) -> OutcomeView:
    """The common view: a hit is a ``hit`` or ``critical``; the fate comes from PV and death
    points (P9); flags name the fumble and its T1 effect, a dodge, and half damage."""
    flags = set()
    if key.result == "fumble" and key.fumble_effect is not None:
        flags |= {"fumble", key.fumble_effect}
    if key.result == "dodged":
        flags.add("dodged")
    hit = key.result in ("critical", "hit")
    if key.damage > 0 and not hit:
        flags.add("half_damage")
    wound, rank = _wound(key)
    return OutcomeView(
        hit=hit,
        critical=key.result == "critical",
        damage=key.damage,
        wound=wound,
        wound_rank=rank,
        flags=frozenset(flags),
        fate=key.fate,  # type: ignore[arg-type]
    )
