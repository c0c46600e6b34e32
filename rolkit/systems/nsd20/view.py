"""The common view of an NSd20 outcome key (``SYSTEM.project``).

NSd20 has no hit locations (``location`` is always ``None``); the flags are ``massive``
(a Daño masivo save was made), ``stunned`` (left Aturdido) and ``concealed`` (a hit lost
to concealment); the fate is the key's own (Moribundo → ``"dying"``, Incapacitado or
Inconsciente by fatigue → ``"down"``, PR at ``death_at_pr`` → ``"dead"``).
"""

from __future__ import annotations

from rolkit.model import OutcomeView
from rolkit.systems.nsd20.attack.key import AttackKey
from rolkit.systems.nsd20.attack.odds import WOUND_KEYS

__all__ = ["project"]

_WOUND_RANK = {w: i for i, w in enumerate(WOUND_KEYS)}


def project(key: AttackKey) -> OutcomeView:
    """The common view of a key: wound ``"nsd20.wound.<change>"``, flags, fate."""
    flags = {
        name
        for name, on in (
            ("massive", key.massive),
            ("stunned", key.stunned),
            ("concealed", key.concealed),
        )
        if on
    }
    return OutcomeView(
        hit=key.outcome != "miss",
        critical=key.outcome == "critical",
        damage=key.damage,
        wound=None if key.wound == "none" else f"nsd20.wound.{key.wound}",
        wound_rank=_WOUND_RANK[key.wound],
        flags=frozenset(flags),
        location=None,
        fate=key.fate,  # type: ignore[arg-type]
    )
