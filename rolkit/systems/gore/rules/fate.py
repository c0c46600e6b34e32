"""§7.3 The defender's fate after an attack, from its HP, the location struck and a KO.

* ``"dead"``: a location whose T9 status is death — a ``severe`` head («Cabeza: muerte en el
  acto»);
* ``"dying"``: HP ≤ 0 (P13.3/P13.4: dies at the end of the next round unless stabilised), or
  a ``severe`` abdomen, chest or limb (T9: «sin tratamiento muere»);
* ``"down"``: unconscious or unable to act — HP 1–2 (P13.6), a ``disabled`` head or chest
  (T9: «inconsciente de inmediato»), a successful KO (P14);
* ``None``: still acting.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["Fate", "FATES", "FATE_RANK", "fate"]

Fate = Literal["down", "dying", "dead"] | None
FATES: tuple[str, ...] = ("down", "dying", "dead")
#: Worse fates rank higher: None 0 < down 1 < dying 2 < dead 3.
FATE_RANK: dict[str | None, int] = {None: 0, "down": 1, "dying": 2, "dead": 3}
_UNCONSCIOUS_AT = ("cabeza", "pecho")


def fate(
    hp_after: int, location: str | None = None, status: str | None = None, ko: str | None = None
) -> Fate:
    """§7.3 The defender's fate: ``'dead' | 'dying' | 'down' | None``.

    Args:
        hp_after: the defender's HP after the action (P13).
        location: the T7 location struck, when hit locations are in use (P12).
        status: that location's P12.3 status after the action (``ok|disabled|severe``).
        ko: the P14 result (``'unconscious'`` for a successful KO).
    """
    if location == "cabeza" and status == "severe":
        return "dead"
    if hp_after <= 0 or status == "severe":
        return "dying"
    if hp_after <= 2 or ko == "unconscious":
        return "down"
    if status == "disabled" and location in _UNCONSCIOUS_AT:
        return "down"
    return None
