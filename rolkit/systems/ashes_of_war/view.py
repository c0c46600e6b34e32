"""How an Ashes of War outcome is shown: ``project(key) -> OutcomeView``, the common view of
the odds key (hit, damage, wound box, location, fate, flags, prone).
"""

from __future__ import annotations

from rolkit.model import OutcomeView
from rolkit.systems.ashes_of_war.attack.key import AttackKey
from rolkit.systems.ashes_of_war.messages import key
from rolkit.systems.ashes_of_war.rules.wounds import event_flag
from rolkit.systems.ashes_of_war.tables import PART_OF

__all__ = ["project"]

_RANK = {None: 0, "light": 1, "serious": 2, "unconscious": 3, "lethal": 4}


def project(k: AttackKey) -> OutcomeView:
    """The common view: hit (absorbed or wound), damage taken, box, location, fate, flags."""
    prone = any(
        e.startswith("first_serious:") and PART_OF[e.split(":")[1]] == "leg" for e in k.events
    )
    return OutcomeView(
        hit=k.category in ("absorbed", "wound"),
        critical=False,
        damage=k.final_damage,
        wound=None if k.wound_box is None else key(f"wound.{k.wound_box}"),
        wound_rank=_RANK[k.wound_box],
        flags=frozenset(event_flag(e) for e in k.events),
        location=None if k.location is None else key(f"location.{k.location}"),
        fate=k.fate,  # type: ignore[arg-type]
        prone=prone,
    )
