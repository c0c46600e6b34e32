"""§7 / §7.3 The common projection of a G.O.R.E. outcome row (:class:`OutcomeView`), a
combatant's visible conditions (#25, ``SYSTEM.conditions_fn``) and the short texts the
display shows beside the odds (#26: one consequence line per wound, the hit-location
table with each location's chance and T9 effects)."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any, NamedTuple

from rolkit.model import OutcomeView

from .after import status
from .attack.key import AttackKey
from .attack.stages import LOST_COUNTERS
from .forms import CONDITIONS, LOCATION_LABELS, Combatant
from .messages import SHORT_CONSEQUENCE
from .options import DEFAULT, GoreOptions
from .rules.location import hit_location
from .rules.matrices import HIT_CATEGORIES
from .rules.wounds import WOUND_RANK
from .turns import bleeding_locations

__all__ = [
    "project",
    "conditions",
    "short_consequence",
    "SHORT_CONSEQUENCE",
    "location_table",
    "LocationRow",
]

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


# --------------------------------------------------------------------------- conditions
#: Pending T11 losses (a count without its condition): what the next round takes away.
_PENDING: dict[str, tuple[str, str]] = {
    "no_attack": ("Pierde el ataque el próximo turno", "Loses next round's attack"),
    "defend_only": (
        "Solo defiende o se mueve 1D3 turnos desde el próximo",
        "Defend or move only for 1D3 rounds from the next",
    ),
    "no_block": ("No podrá bloquear el próximo turno", "Cannot block next round"),
    "no_dodge": ("No podrá esquivar el próximo turno", "Cannot dodge next round"),
}


def conditions(combatant: Combatant, options: Any = None) -> list[tuple[str, str]]:
    """#25 ``SYSTEM.conditions_fn``: the visible states of ``combatant`` as ``(es, en)``
    short labels — its fate (Muerto, Moribundo), its conditions (T9, T11, P13, P15), the
    counts of rounds that will kill it (P13.4 *Mortal*, T9 destroyed location), a bleeding
    location (T9), a lost defence (P8.3) and the actions a fumble takes next round (T11)."""
    opts = options if isinstance(options, GoreOptions) else DEFAULT
    c = combatant
    out: list[tuple[str, str]] = []
    fate = status(c, opts)
    if fate == "dead":
        return [("Muerto", "Muerto (dead)")]
    if fate == "dying":
        out.append(("Moribundo", "Moribundo (dying)"))
    for key, pair in CONDITIONS.items():
        if key in c.conditions:
            out.append(pair)
    stabilised = "stabilised" in c.conditions
    if c.mortal_rounds is not None and not stabilised and c.current_hp <= 0:
        when = ("al acabar el turno siguiente", "when the next round ends")
        if c.mortal_rounds >= 1:
            when = ("al acabar este turno", "when this round ends")
        out.append(
            (f"Herida mortal: muere {when[0]}", f"Herida mortal (mortal wound): dies {when[1]}")
        )
    left = c.severe_rounds_left
    if left is not None and not stabilised:
        out.append(
            (
                f"Localización destrozada: muere en {left} turnos sin tratamiento",
                f"Localización destrozada (destroyed location): dies in {left} rounds untreated",
            )
        )
    if not stabilised and c.current_hp > 0 and bleeding_locations(c):
        out.append(("Sangra: 1 PG por turno salvo CON×5", "Bleeding: 1 PG a round unless CON×5"))
    if not c.can_defend and not c.conditions & {"unconscious", "captured"}:
        out.append(("Sin defensa", "Sin defensa (cannot dodge or block)"))
    for key, counter in LOST_COUNTERS.items():
        if getattr(c, counter) is not None and key not in c.conditions:
            out.append(_PENDING[key])
    return out


# --------------------------------------------------------------------------- #26 short texts
def short_consequence(key: str | None, lang: str = "es") -> str:
    """#26 The short consequence line of an odds row: ``key`` is its wound (``"grave"`` or
    ``"gore.wound.grave"``; None or ``"none"``: no wound). Unknown keys give ``""``."""
    suffix = "none" if not key else key.rsplit(".", 1)[-1]
    pair = SHORT_CONSEQUENCE.get(suffix)
    if pair is None:
        return ""
    return pair[0] if lang == "es" else pair[1]


#: T9 per location: (when at 0 or below, when at −max or below), short (es, en).
_LOCATION_EFFECTS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "pierna": (
        ("Cae; en pie, MOV a la mitad", "Falls; when up, half MOV"),
        (
            "No se tiene en pie, Esquivar −30; muere sin cura",
            "Cannot stand, dodge −30; dies untreated",
        ),
    ),
    "abdomen": (
        ("Cae; sangra 1 PG por turno", "Falls; bleeds 1 PG a round"),
        (
            "Inconsciente; CON×4 cada turno o muere",
            "Unconscious; CON×4 each round or dies",
        ),
    ),
    "pecho": (
        ("Inconsciente; sangra 1 PG por turno", "Unconscious; bleeds 1 PG a round"),
        (
            "Inconsciente; CON×4 cada turno o muere",
            "Unconscious; CON×4 each round or dies",
        ),
    ),
    "brazo": (
        ("Inútil; suelta lo que lleva", "Useless; drops what it holds"),
        (
            "Inútil; CON×4 o inconsciente; muere sin cura",
            "Useless; CON×4 or passes out; dies untreated",
        ),
    ),
    "cabeza": (
        ("Inconsciente; sangra 1 PG por turno", "Unconscious; bleeds 1 PG a round"),
        ("Muerte en el acto", "Instant death"),
    ),
}


def _t7_faces() -> dict[str, tuple[int, int]]:
    """T7 each location's lowest and highest 1D20 face."""
    out: dict[str, tuple[int, int]] = {}
    for face in range(1, 21):
        loc = hit_location(face)
        out[loc] = (out.get(loc, (face, face))[0], face)
    return out


class LocationRow(NamedTuple):
    """One row of the T7 / T9 hit-location table."""

    location: str
    label: str
    faces: str
    chance: Fraction
    disabled: str
    severe: str


def location_table(lang: str = "es") -> list[LocationRow]:
    """#26 The hit-location table for display: each T7 location (its label, 1D20 faces and
    exact chance) with its short T9 effects at 0 or below and at −max or below."""
    i = 0 if lang == "es" else 1
    rows: list[LocationRow] = []
    for loc, (low, high) in _t7_faces().items():
        group = loc.split("_", 1)[0]
        disabled, severe = _LOCATION_EFFECTS[group]
        faces = f"{low}–{high}" if low != high else str(low)
        rows.append(
            LocationRow(
                loc,
                LOCATION_LABELS[loc][i],
                faces,
                Fraction(high - low + 1, 20),
                disabled[i],
                severe[i],
            )
        )
    return rows
