"""P8–P10 Puntos de Resistencia, Daño masivo and the wound-state update [NSd20 S4, S5].

S4: «Cuando bajas a cero o menos Puntos de Resistencia, tu personaje cae Inconsciente y
queda Moribundo»; S5 / table LDV8 (T6): a Fortaleza test against CD 10 + damage.
"""

from __future__ import annotations

from typing import Literal

from rolkit.errors import check_int
from rolkit.memo import memo
from rolkit.model import Fate
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.forms import Combatant
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.tables import MASSIVE_DAMAGE_TABLE, WOUND_STATES

__all__ = [
    "massive_damage_cd",
    "massive_damage_margin",
    "band_of",
    "massive_damage_result",
    "massive_band_counts",
    "update_wound_state",
    "wound_change",
    "stunned_by",
    "stun_after",
    "fate",
]

Band = Literal["none", "malherido", "incapacitado", "moribundo"]


def massive_damage_cd(damage: int) -> int:
    """P9 CD = 10 + final damage."""
    return 10 + damage


def massive_damage_margin(
    natural: int, fortitude_total: int, damage: int, natural_rules: bool = True
) -> int:
    """P9 The failure margin of the Fortaleza test (0 = success).

    f = 20 succeeds and f = 1 fails by max(1, CD − total) when the natural rules apply.
    """
    cd = massive_damage_cd(damage)
    total = natural + fortitude_total
    if natural_rules and natural == 20:
        return 0
    if natural_rules and natural == 1:
        return max(1, cd - total)
    return max(0, cd - total)


def band_of(margin: int) -> Band:
    band: Band = "none"
    for low, state in MASSIVE_DAMAGE_TABLE:
        if margin >= low:
            band = state  # type: ignore[assignment]
    return band


def massive_damage_result(
    natural: int, fortitude_total: int, damage: int, *, rules: NSd20Rules = DEFAULT_RULES
) -> Band:
    """P9/T6 Success → ``none``; fails by 1–5 → ``malherido``; 6–10 → ``incapacitado``;
    11+ → ``moribundo``."""
    check_int(natural, 1, 20, field="natural", cls=NSd20InputError)
    check_int(fortitude_total, -1000, 1000, field="fortitude_total", cls=NSd20InputError)
    check_int(damage, 0, 100_000, field="damage", cls=NSd20InputError)
    margin = massive_damage_margin(natural, fortitude_total, damage, rules.natural_rules_on_saves)
    return band_of(margin)


@memo
def massive_band_counts(
    fortitude_total: int, damage: int, natural_rules: bool = True
) -> tuple[tuple[Band, int], ...]:
    """P9 How many of the 20 Fortaleza faces give each band (bands with 0 faces omitted)."""
    counts: dict[Band, int] = {}
    for f in range(1, 21):
        band = band_of(massive_damage_margin(f, fortitude_total, damage, natural_rules))
        counts[band] = counts.get(band, 0) + 1
    return tuple(counts.items())


def update_wound_state(current: str, band: str, pr_after: int, rules: NSd20Rules) -> str:
    """P10 band > current → band; band = current ≠ none → one step worse (G8); band <
    current → current. Then P8 wins: PR ≤ 0 → ``moribundo``."""
    rank_current, rank_band = WOUND_STATES.index(current), WOUND_STATES.index(band)
    if rank_band > rank_current:
        new = band
    elif rank_band == rank_current and band != "none" and rules.repeat_state_escalates:
        new = WOUND_STATES[min(rank_current + 1, len(WOUND_STATES) - 1)]
    else:
        new = current
    return "moribundo" if pr_after <= 0 else new


def wound_change(damage: int, current: str, new: str) -> str:
    """§6 The ``wound`` key of attack_outcomes: ``none`` (no PR lost), ``pr_loss`` (state
    unchanged) or the new state."""
    if damage <= 0:
        return "none"
    return "pr_loss" if new == current else new


def stunned_by(band: str, rules: NSd20Rules) -> int:
    """P10 Aturdido rounds: ``stun_rounds`` when the band is malherido or incapacitado."""
    return rules.stun_rounds if band in ("malherido", "incapacitado") else 0


def stun_after(defender: Combatant, stunned_rounds: int) -> tuple[bool, int]:
    """P10/P16 ``(stunned, stun_rounds_left)`` after a blow that leaves Aturdido for
    ``stunned_rounds`` rounds (0: no new Aturdido). The new Aturdido costs its next
    ``stunned_rounds`` turns: the next one and ``stunned_rounds − 1`` after it; one already
    running keeps whichever lasts longer (they do not add up)."""
    if stunned_rounds <= 0:
        return defender.stunned, defender.stun_rounds_left
    held = defender.stun_rounds_left if defender.stunned else 0
    return True, max(held, stunned_rounds - 1)


def fate(
    state: str, pr_after: int, fatigue: str, rules: NSd20Rules, stabilised: bool = False
) -> Fate:
    """The common fate of the defender after the attack (every system's vocabulary).

    ``"dead"``: PR at or below ``death_at_pr`` (G10, off by default); ``"dying"``:
    Moribundo (Inconsciente + Moribundo, P8/T6), or at 0 PR or less (P8) even when the
    form's wound state was not updated — ``"down"`` instead once first aid has
    ``stabilised`` it [SRD-assumed]; ``"down"``: Incapacitado (out of the fight, our
    reading) or Inconsciente from fatigue; ``None``: still acting.
    """
    if rules.death_at_pr is not None and pr_after <= rules.death_at_pr:
        return "dead"
    if state == "moribundo" or pr_after <= 0:
        return "down" if stabilised else "dying"
    if state == "incapacitado" or fatigue == "inconsciente":
        return "down"
    return None
