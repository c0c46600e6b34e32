"""§1–§2 The hit, the damage and what it leaves the defender as."""

from rolkit.model import Fate

from ..forms import Attacker, Defender


def hits(face: int, attacker: Attacker, defender: Defender) -> bool:
    """§1 1d6 + bonus reaches the target number."""
    return face + attacker.bonus >= defender.target


def damage(total: int, face: int, defender: Defender, crit_doubles: bool) -> int:
    """§2 The dice's total (doubled on a natural 6 with ``crit_doubles``) less armour."""
    multiplier = 2 if face == 6 and crit_doubles else 1
    return max(0, total * multiplier - defender.armour)


def fate(damage: int) -> Fate:
    """§2 7 damage or more kills; 5 or more drops the defender."""
    return "dead" if damage >= 7 else ("down" if damage >= 5 else None)
