"""How Core Dread shows itself: the common view of an odds key
(:class:`~rolkit.model.OutcomeView`, :func:`project`) and the order of its wounds.

A check roll's card (text, Markdown, HTML) is display: :mod:`rolkit.display.core_dread`.
"""

from __future__ import annotations

from rolkit.model import OutcomeView
from rolkit.systems.core_dread.attack.key import AttackKey
from rolkit.systems.core_dread.messages import wound_key

__all__ = ["project", "wound_rank"]

_LEVEL_BASE = {"magullado": 0, "lesionado": 100, "malherido": 200}


def wound_rank(level: str | None, count: int) -> int:
    """Orders wounds: none 0 < Magullado ×n < Lesionado ×n < Malherido ×n (then by count)."""
    if level is None or count <= 0:
        return 0
    return _LEVEL_BASE[level] + count


def project(key: AttackKey) -> OutcomeView:
    """The common view of a key: ``critical`` is the attack's 5 natural hits (§4.9.2);
    ``fate``/``prone`` the defender's (§7.3); the counter-attack's effects as flags, and
    ``prone`` as a flag too when the defender ends on the ground but still acting (so the
    flags table says «cae al suelo»; a dead or knocked-out defender is counted by its fate)."""
    wound = None if key.wound_level is None else wound_key(key.wound_level, key.wound_count)
    flags = {
        name
        for name, on in (
            ("counter", key.counter),
            ("counter_wound", key.counter_wound_level is not None),
            ("counter_dead", key.counter_fate == "dead"),
            ("counter_prone", key.counter_prone),
            ("prone", key.prone and key.fate is None),
        )
        if on
    }
    return OutcomeView(
        hit=key.hit,
        critical=key.spectacular,
        damage=key.damage,
        wound=wound,
        wound_rank=wound_rank(key.wound_level, key.wound_count),
        flags=frozenset(flags),
        fate=key.fate,
        prone=key.prone,
    )


# --------------------------------------------------------------------------- a check roll
