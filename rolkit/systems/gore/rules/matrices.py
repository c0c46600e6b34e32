"""§3 P8 / T4–T6 The defence matrices: (attacker tier, defender tier) → category + side effects.

Categories: ``miss``, ``blocked``, ``hit_normal``, ``hit_normal_bypass``, ``hit_max``,
``hit_max_bypass``, ``hit_critical``, ``hit_impale`` (and ``malfunction`` for a jammed
attack, P11.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import GoreInputError

__all__ = ["CellEffect", "defence_cell", "CATEGORIES", "HIT_CATEGORIES", "MAX_CATEGORIES"]

CATEGORIES = (
    "miss",
    "blocked",
    "hit_normal",
    "hit_normal_bypass",
    "hit_max",
    "hit_max_bypass",
    "hit_critical",
    "hit_impale",
)
HIT_CATEGORIES = frozenset(c for c in CATEGORIES if c.startswith("hit_"))
#: Cells whose damage uses the weapon's maximum (P9, default mode).
MAX_CATEGORIES = frozenset({"hit_max", "hit_max_bypass", "hit_critical", "hit_impale"})


@dataclass(frozen=True)
class CellEffect:
    """§2.4 The effect of one matrix cell (P8.2)."""

    category: str
    attacker_fumble: str = "no"  # 'yes' | 'gm_choice' | 'no'
    defender_fumble: bool = False
    defence_disabled: bool = False
    attacker_weapon_pg_loss: int = 0
    defender_item_pg_loss: int = 0
    seed_text: str = ""


def _c(category: str, text: str, **kw: Any) -> CellEffect:
    return CellEffect(category=category, seed_text=text, **kw)


_NO_HIT = "No golpea"
_PIFIA = "Atacante tira para la tabla de pifias"
_GM = "Atacante falla o tira en la tabla de pifias"

#: T4 Tabla de esquiva.
T4_DODGE: dict[tuple[str, str], CellEffect] = {
    ("pifia", "pifia"): _c("miss", _NO_HIT),
    ("pifia", "fallo"): _c("miss", _PIFIA, attacker_fumble="yes"),
    ("pifia", "exito"): _c("miss", _GM, attacker_fumble="gm_choice"),
    ("pifia", "critico"): _c("miss", _GM, attacker_fumble="gm_choice"),
    ("fallo", "pifia"): _c("miss", "Defensa inhábil", defence_disabled=True),
    ("fallo", "fallo"): _c("miss", _NO_HIT),
    ("fallo", "exito"): _c("miss", _NO_HIT),
    ("fallo", "critico"): _c("miss", _NO_HIT),
    ("exito", "pifia"): _c(
        "hit_normal", "Golpea, daño normal, defensa inhábil", defence_disabled=True
    ),
    ("exito", "fallo"): _c("hit_normal", "Golpea, daño normal"),
    ("exito", "exito"): _c("miss", _NO_HIT),
    ("exito", "critico"): _c("miss", _NO_HIT),
    ("critico", "pifia"): _c(
        "hit_critical", "Golpea, daño máximo, defensa inhábil", defence_disabled=True
    ),
    ("critico", "fallo"): _c("hit_critical", "Golpea, daño máximo"),
    ("critico", "exito"): _c("hit_max", "Golpea, daño máximo"),
    ("critico", "critico"): _c("miss", _NO_HIT),
    ("empalar", "pifia"): _c(
        "hit_impale", "Golpea, daño máximo, defensa inhábil", defence_disabled=True
    ),
    ("empalar", "fallo"): _c("hit_impale", "Golpea, daño máximo"),
    ("empalar", "exito"): _c("hit_max_bypass", "Golpea, daño máximo"),
    ("empalar", "critico"): _c("hit_normal_bypass", "golpea, daño normal"),
}

_PIFIA_B = "Atacante tira tabla de pifia"
_GM_B = "Atacante falla o tira en la tabla de pifia"

#: T5 Tabla de bloqueo.
T5_BLOCK: dict[tuple[str, str], CellEffect] = {
    ("pifia", "pifia"): _c("miss", _PIFIA_B, attacker_fumble="yes"),
    ("pifia", "fallo"): _c("miss", _PIFIA_B, attacker_fumble="yes"),
    ("pifia", "exito"): _c("miss", _GM_B, attacker_fumble="gm_choice"),
    ("pifia", "critico"): _c("miss", _GM_B, attacker_fumble="gm_choice"),
    ("fallo", "pifia"): _c("miss", _NO_HIT),
    ("fallo", "fallo"): _c("miss", _NO_HIT),
    ("fallo", "exito"): _c("miss", _NO_HIT),
    ("fallo", "critico"): _c("miss", _NO_HIT),
    ("exito", "pifia"): _c(
        "hit_normal",
        "Golpea, daño normal, defensor tira en la tabla de pifia",
        defender_fumble=True,
    ),
    ("exito", "fallo"): _c("hit_normal", "Golpe, daño normal"),
    ("exito", "exito"): _c("blocked", "Bloqueo"),
    ("exito", "critico"): _c(
        "miss", "No golpea, el arma del atacante pierde 2PG", attacker_weapon_pg_loss=2
    ),
    ("critico", "pifia"): _c(
        "hit_critical",
        "Golpea, daño máximo, defensor tira en la tabla de pifia",
        defender_fumble=True,
    ),
    ("critico", "fallo"): _c("hit_critical", "Golpea, daño máximo"),
    ("critico", "exito"): _c(
        "hit_max", "Golpea, daño máximo, arma del defensor pierde 4PG", defender_item_pg_loss=4
    ),
    ("critico", "critico"): _c("blocked", "Bloqueo"),
    ("empalar", "pifia"): _c(
        "hit_impale", "Golpea, daño máximo, defensa inhábil", defence_disabled=True
    ),
    ("empalar", "fallo"): _c("hit_impale", "Golpea, daño máximo"),
    ("empalar", "exito"): _c("hit_normal_bypass", "Golpea, daño normal atravesando armadura"),
    ("empalar", "critico"): _c("blocked", "Bloqueo"),
}

#: T6 No defence ("el ataque no tiene oposición"), plus the helpless and jammed rows.
T6_NONE: dict[str, CellEffect] = {
    "pifia": _c("miss", _PIFIA, attacker_fumble="yes"),
    "fallo": _c("miss", _NO_HIT),
    "exito": _c("hit_normal", "Golpea, daño normal"),
    "automatico": _c("hit_normal", "Objetivo indefenso — Éxito automático"),
    "critico": _c("hit_critical", "Golpea, daño máximo"),
    "empalar": _c("hit_impale", "Golpea, daño máximo"),
    "encasquillado": _c("malfunction", "Encasquillamiento"),
}


def defence_cell(defence: str, attacker_tier: str, defender_tier: str) -> CellEffect:
    """P8 / T4 (``'dodge'``), T5 (``'block'``), T6 (``'none'``) lookup.

    Args:
        defence: ``'dodge'``, ``'block'`` or ``'none'``.
        attacker_tier: ``pifia|fallo|exito|critico|empalar`` (T6 also ``automatico``,
            ``encasquillado``).
        defender_tier: ``pifia|fallo|exito|critico``, or ``'none'`` with no defence.

    Raises:
        GoreInputError: an unknown defence or tier.
    """
    if defence == "none" or defender_tier == "none":
        if attacker_tier not in T6_NONE:
            raise GoreInputError.must_be(
                "attacker_tier",
                attacker_tier,
                "one of " + ", ".join(T6_NONE),
                "uno de " + ", ".join(T6_NONE),
            )
        return T6_NONE[attacker_tier]
    table = {"dodge": T4_DODGE, "block": T5_BLOCK}.get(defence)
    if table is None:
        raise GoreInputError.must_be(
            "defence", defence, "dodge, block or none", "dodge, block o none"
        )
    if attacker_tier in ("automatico", "encasquillado"):
        return T6_NONE[attacker_tier]
    cell = table.get((attacker_tier, defender_tier))
    if cell is None:
        raise GoreInputError.must_be(
            "tiers",
            (attacker_tier, defender_tier),
            "attacker pifia|fallo|exito|critico|empalar and defender pifia|fallo|exito|critico|none",
            "atacante pifia|fallo|exito|critico|empalar y defensor pifia|fallo|exito|critico|none",
        )
    return cell
