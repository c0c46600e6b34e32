"""§4.23 Values derived from a character's sheet: the Prana maximum.

Pure arithmetic with no imports, so the forms can read it to bound ``Combatant.prana``.
"""

from __future__ import annotations

__all__ = ["prana_max"]


def prana_max(vitality: int) -> int:
    """Contract #15, §4.23 [SRC]: ``8 + 2 × vitality`` («8 base + 4×2 de Vitalidad NdP 4»)."""
    return 8 + 2 * vitality
