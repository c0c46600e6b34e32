"""How Core Dread shows itself: the common view of an odds key
(:class:`~rolkit.model.OutcomeView`, :func:`project`) and the order of its wounds.

A check roll's card (text, Markdown, HTML) is display: :mod:`rolkit.display.core_dread`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rolkit.model import OutcomeView
from rolkit.systems.core_dread.attack.key import AttackKey
from rolkit.systems.core_dread.forms import Combatant, weapon_attacks_left
from rolkit.systems.core_dread.messages import wound_key
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions

__all__ = ["project", "wound_rank", "conditions", "CONDITIONS"]

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


# --------------------------------------------------------------------------- conditions
#: The lasting states of a combatant as ``(es, en)`` short labels, in the order shown.
CONDITIONS: dict[str, tuple[str, str]] = {
    "dead": ("Muerto", "Muerto (dead)"),
    "unconscious": ("Inconsciente", "Inconsciente (unconscious)"),
    "prone": ("En el suelo", "En el suelo (prone)"),
    "in_cover": ("A cubierto", "A cubierto (in cover)"),
    "aiming": ("Apuntando", "Apuntando (aiming)"),
    "turn_spent": ("Turno usado", "Turno usado (turn spent this round)"),
    "cared_for": ("Atendido", "Atendido (under urgent care)"),
    "block_empty": (
        "Sin munición para responder",
        "Sin munición para responder (no ammunition to shoot back)",
    ),
}


def conditions(
    c: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> Sequence[tuple[str, str]]:
    """``SYSTEM.conditions``: the states that last on ``c``'s form — dead (§4.10);
    unconscious (§4.9.3); on the ground (§4.12); in cover (§4.14); aiming (§4.4); its turn
    used this round (§4.3.6, only while it decides something: G23 on); under urgent care
    (§4.16); a ranged blocking weapon with no ammunition (§4.14). A dead combatant shows
    only «Muerto»."""
    if c.dead:
        return (CONDITIONS["dead"],)
    block = c.block_weapon
    on = {
        "unconscious": c.unconscious,
        "prone": c.prone,
        "in_cover": c.in_cover,
        "aiming": c.aiming,
        "turn_spent": not c.turn_available and options.defence_requires_turn,
        "cared_for": c.cared_for,
        "block_empty": block.mode == "ranged" and weapon_attacks_left(block) == 0,
    }
    return tuple(CONDITIONS[k] for k, v in on.items() if v)


# --------------------------------------------------------------------------- a check roll
