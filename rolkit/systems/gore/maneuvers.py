"""P15 *Desarmar* and *Capturar* as attack outcomes, and the P10.3 natural-weapon block.

Seed («Maniobras de combate»):

* Desarmar: «Si el ataque tiene éxito por un margen del 50% del porcentaje de la habilidad
  usada la maniobra ha funcionado. El oponente puede intentar retener el arma, para ello ha
  de superar un chequeo de FUE x3. Si después de todo, el que intenta desarmar lo consigue,
  el arma … sale disparada 1D6-1 metros en una dirección al azar».
* Capturar: «con un ataque exitoso para atrapar a tu adversario en una red o con un lazo …
  será incapaz de moverse o realizar cualquier acción (incluidas las de esquiva o bloqueo)
  en ese turno y en el siguiente».

Interpretations (listed in the package docstring): the maneuver replaces the blow's damage
(no HP lost, no damage dice); it works when the matrix cell lands a blow (a ``hit_*``
category) and, for a disarm, the attack roll is ≤ round(V/2) (R2, at least 01); a helpless
target is disarmed or captured without rolls (it cannot hold on); a captured target's
fate is ``down`` (unable to act). The cell's fumbles and item PG losses still apply.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from .blows import item_pg_after_cell
from .checks import check_tier, tier_counts
from .context import ActionContext
from .fate import fate
from .matrices import HIT_CATEGORIES, CellEffect, defence_cell

__all__ = [
    "disarm_threshold",
    "keep_success_weight",
    "maneuver_rows",
    "natural_block",
    "MANEUVER_RESULTS",
]

_SUCCESS = ("exito", "critico", "empalar")
#: Every result a maneuver row can carry (``OutcomeRow.maneuver``).
MANEUVER_RESULTS = ("disarmed", "kept_weapon", "disarm_failed", "captured", "capture_failed")


def disarm_threshold(skill: int) -> int:
    """P15 / R2 Desarmar works on an attack roll ≤ round(V/2) (half up), at least 01."""
    return max(1, (skill + 1) // 2)


def keep_success_weight(ctx: ActionContext) -> int:
    """How many of the 100 faces keep the weapon on the defender's FUE×3 check (§1.5)."""
    return sum(
        n for t, n in tier_counts(ctx.keep_target, False, None, ctx.options) if t in _SUCCESS
    )


def natural_block(ctx: ActionContext, cell: CellEffect) -> CellEffect:
    """P10.3 «Armas naturales … no pueden hacerlo [bloquear] con armas»: a natural-weapon
    block against a manufactured weapon turns a ``blocked`` cell into a normal hit."""
    if (
        ctx.natural_block
        and cell.category == "blocked"
        and ctx.weapon_kind
        not in (
            "natural",
            "unarmed",
        )
    ):
        return dataclasses.replace(cell, category="hit_normal")
    return cell


def _result(ctx: ActionContext, hit: bool, face_ok: bool) -> list[tuple[str, int, int]]:
    """``[(maneuver result, weight, out of)]`` for one cell (helpless: no rolls)."""
    if ctx.maneuver == "capture":
        return [("captured" if hit else "capture_failed", 1, 1)]
    if not (hit and face_ok):
        return [("disarm_failed", 1, 1)]
    if ctx.helpless:
        return [("disarmed", 1, 1)]
    keep = keep_success_weight(ctx)
    return [(r, w, 100) for r, w in (("kept_weapon", keep), ("disarmed", 100 - keep)) if w]


def maneuver_rows(
    ctx: ActionContext, defender_law: tuple[tuple[str, int], ...]
) -> dict[Any, Fraction]:
    """The exact rows of a Desarmar / Capturar attack: attacker face by face (the disarm
    margin needs the roll itself), the defender's tiers, the cell, then the FUE×3 check.

    Keys are ``(attacker tier, defender tier, category, maneuver result, item PG after,
    fate)``; :mod:`.odds` turns them into :class:`OutcomeRow` s."""
    faces: list[tuple[str, int, bool]] = []
    if ctx.helpless:
        faces.append(("automatico", 1, True))
    else:
        threshold = disarm_threshold(ctx.attack_v)
        for roll in range(1, 101):
            if ctx.malfunction is not None and roll >= ctx.malfunction:
                tier = "encasquillado"
            else:
                tier = check_tier(roll, ctx.attack_v, ctx.impaling, ctx.options)
            faces.append((tier, 1, roll <= threshold))
    a_den = sum(w for _, w, _ in faces)
    d_den = sum(n for _, n in defender_law)
    out: dict[Any, Fraction] = {}
    for a_t, wa, ok in faces:
        defs = (("none", d_den),) if a_t == "encasquillado" else defender_law
        for d_t, wd in defs:
            cell = natural_block(ctx, defence_cell(ctx.defence, a_t, d_t))
            hit = cell.category in HIT_CATEGORIES
            pg = item_pg_after_cell(ctx, cell)
            for res, w, of in _result(ctx, hit, ok):
                down = res == "captured"
                f = fate(ctx.hp_cur) or ("down" if down else None)
                key = (a_t, d_t, cell.category, res, pg, f, 1 if hit else 0)
                out[key] = out.get(key, Fraction(0)) + Fraction(wa * wd * w, a_den * d_den * of)
    return out
