"""§7 / §7.3 The common projection of a G.O.R.E. outcome row (:class:`OutcomeView`)."""

from __future__ import annotations

from collections.abc import Hashable

from rolkit.model import OutcomeView

from .attack.key import AttackKey
from .rules.matrices import HIT_CATEGORIES
from .rules.wounds import WOUND_RANK

__all__ = ["project"]

#: T9: a leg at 0 or below falls («cae»), a destroyed leg cannot stand, a hurt abdomen falls.
_FALLS = ("pierna_derecha", "pierna_izquierda", "abdomen")


def project(key: Hashable) -> OutcomeView:
    """§7 Common projection of an :class:`AttackKey`.

    ``hit``: the blow landed on the defender's body (a ``hit_*`` category; a shield hit,
    cover hit or block is not a hit); ``critical``: attacker tier Crítico or Empalar;
    ``damage``: HP the defender lost; ``wound``: ``gore.wound.<level>`` (None for none);
    ``wound_rank``: none 0 < leve 1 < grave 2 < mortal 3; ``flags``: facts readable from the
    key (``ko``, ``ko_failed``, ``pifia``, ``malfunction``, ``blocked``, ``shield``,
    ``cover``, ``impale``, ``item_destroyed``, ``location_disabled``, ``location_severe``);
    ``location``: ``gore.location.<x>`` when the row names one (one bullet, hit locations
    on); ``fate``: the §7.3 fate of the defender; ``prone``: T9 says it falls (a leg or
    the abdomen at 0 or below).
    """
    row = key if isinstance(key, AttackKey) else AttackKey(*key)  # type: ignore[misc]
    flags = set()
    if row.ko == "unconscious":
        flags.add("ko")
    elif row.ko == "failed":
        flags.add("ko_failed")
    if row.attacker_tier == "pifia":
        flags.add("pifia")
    if row.attacker_tier == "empalar":
        flags.add("impale")
    extra = {
        "malfunction": "malfunction",
        "blocked": "blocked",
        "shield_hit": "shield",
        "cover_hit": "cover",
    }
    if row.category in extra:
        flags.add(extra[row.category])
    if row.block_item_pg_after == 0:
        flags.add("item_destroyed")
    if row.maneuver in ("disarmed", "captured"):
        flags.add(row.maneuver)
    if row.location_status in ("disabled", "severe"):
        flags.add(f"location_{row.location_status}")
    return OutcomeView(
        hit=row.category in HIT_CATEGORIES,
        critical=row.attacker_tier in ("critico", "empalar"),
        damage=row.damage,
        wound=None if row.wound == "none" else f"gore.wound.{row.wound}",
        wound_rank=WOUND_RANK[row.wound],
        flags=frozenset(flags),
        location=None if row.location is None else f"gore.location.{row.location}",
        fate=row.fate,
        prone=row.location in _FALLS and row.location_status in ("disabled", "severe"),
    )
