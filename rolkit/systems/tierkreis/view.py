"""The common view of a Tierkreis attack key: ``project(key) -> OutcomeView`` (P9, T1).

A hit is a ``hit`` or ``critical``; ``wound`` says what the damage did (``Pierde PV``,
``Inconsciente (0 PV)``, ``Muerto``); flags name the fumble and its T1 effect, a dodge and
half damage; the fate comes from PV and death points (P9). No hit location.
"""

from __future__ import annotations

from rolkit.model import OutcomeView
from rolkit.systems.tierkreis.after import status_of
from rolkit.systems.tierkreis.attack import AttackKey
from rolkit.systems.tierkreis.forms import Combatant
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.tables import FUMBLE_PENALTY_PARTS

__all__ = ["project", "conditions"]


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


# --------------------------------------------------------------------------- conditions
#: The visible conditions a flag of the form gives: ``field: (es, en)``.
_FLAGS = (
    ("prone", ("Tumbado", "Tumbado (prone)")),
    ("grappled", ("Agarrado", "Agarrado (grappled)")),
    ("grappling", ("Agarrando", "Agarrando (grappling someone)")),
    ("defensive_stance", ("Defensa", "Defensa (defensive stance, +1 dodge)")),
    ("intoxicated", ("Intoxicado", "Intoxicado (intoxicated)")),
    ("free_attack", ("Ataque gratis", "Ataque gratis (free attack due)")),
    ("surprise_action", ("Acción de sorpresa", "Acción de sorpresa (surprise action)")),
    ("prepared_action", ("Acción preparada", "Acción preparada (prepared action)")),
    ("reaction_used", ("Reacción gastada", "Reacción gastada (reaction used)")),
)
_WEAPON = {
    "dropped": ("Se le cayó el arma", "Se le cayó el arma (weapon dropped)"),
    "snatched": ("Le arrebataron el arma", "Le arrebataron el arma (weapon snatched)"),
}
_PENALTY = {
    "physical": ("Pifia: FUE, AGI y VIT −2", "Pifia: FUE, AGI y VIT −2 (fumble penalty)"),
    "mental": ("Pifia: INT, CAR y SUE −2", "Pifia: INT, CAR y SUE −2 (fumble penalty)"),
}


def conditions(c: Combatant, options: TierkreisOptions) -> tuple[tuple[str, str], ...]:
    """The combatant's lasting states as short ``(es, en)`` labels (P8–P24, T4): prone,
    grappled, its weapon out of its hands, the fumble −2, the marks of the actions (a free
    attack due, a surprise or prepared action, the reaction spent), hunger and sleep, death
    points and death."""
    out = [label for name, label in _FLAGS if getattr(c, name)]
    if c.weapon_state in _WEAPON:
        out.append(_WEAPON[c.weapon_state])
    out += [_PENALTY[k] for k in FUMBLE_PENALTY_PARTS[c.fumble_penalty]]
    if c.deprivation_days:
        n = c.deprivation_days
        out.append((f"Hambre y sueño: {n} días", f"Hambre y sueño (hunger and sleep): {n} days"))
    fate = status_of(c, options)
    if fate == "dead":
        out.append(("Muerto", "Muerto (dead)"))
    elif c.pv == 0:
        n = c.death_points
        out.append(
            (f"Inconsciente, {n} puntos de muerte", f"Inconsciente (unconscious), {n} death points")
        )
    elif fate == "down":
        out.append(("Inconsciente", "Inconsciente (unconscious)"))
    return tuple(out)
