"""The common view of a toy key (what the headline, the tables and the fight read)."""

from rolkit.model import OutcomeView

from .attack import AttackKey
from .rules.combat import fate


def project(key: AttackKey) -> OutcomeView:
    """Hit, critical, damage; a wound from 1 damage (``grave`` from 5); the §2 fate."""
    hit, critical, damage = key
    wound = None if damage == 0 else ("toy.wound.grave" if damage >= 5 else "toy.wound.leve")
    return OutcomeView(
        hit,
        critical,
        damage,
        wound,
        0 if wound is None else (2 if damage >= 5 else 1),
        frozenset({"crit"}) if critical else frozenset(),
        fate=fate(damage),
    )
