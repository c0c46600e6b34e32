"""§1 Core resolution and derived values: d100 tiers, critical range, opposition, T19 damage
modifier, hit points, location HP (T8), hit location (T7), attack order (P4), movement.

All functions are pure; distributions are exact ``Fraction`` dicts and memoised.
"""

from __future__ import annotations

import math
from fractions import Fraction

from rolkit.dice import RandomSource
from rolkit.memo import memo

from .errors import check_whole, fail
from .forms import LOCATIONS
from .options import DEFAULT, GoreOptions
from .tables import damage_modifier

__all__ = [
    "TIERS",
    "ATTACK_TIERS",
    "DEFENCE_TIERS",
    "TIER_RANK",
    "crit_range",
    "check_tier",
    "tier_distribution",
    "attack_tier_distribution",
    "tier_counts",
    "location_faces",
    "opposition_chance",
    "characteristic_target",
    "damage_modifier",
    "hp_max",
    "location_hp",
    "hit_location",
    "attack_order",
    "max_attacks",
    "order_of_action",
    "movement_m",
    "pursuit_closing",
    "movement_effect",
    "disarm_threshold",
    "aging_rolls",
    "recovery_dice",
    "contest_winner",
    "half_up",
]

TIERS = ("pifia", "fallo", "exito", "critico", "empalar")
ATTACK_TIERS = TIERS + ("automatico", "encasquillado")
DEFENCE_TIERS = ("pifia", "fallo", "exito", "critico")
#: §1.7 order of the tiers (Empalar > Crítico > Éxito > Fallo > Pifia).
TIER_RANK = {"pifia": 0, "fallo": 1, "exito": 2, "critico": 3, "empalar": 4}


def half_up(numerator: int, denominator: int) -> int:
    """§1.3 R2: round ``numerator/denominator`` to the nearest integer, halves up."""
    return (2 * numerator + denominator) // (2 * denominator)


def crit_range(target: int, options: GoreOptions = DEFAULT) -> int:
    """§1.2 Highest roll that is a critical (always ≥ 1).

    ``fifth`` (G1 default): ``max(1, round(T/5))``, nearest rounding; ``margin20``:
    ``max(1, T − 20)``. For T ≤ 0 only 01 is a critical.
    """
    target = check_whole("target", target)
    if target <= 0:
        return 1
    if options.critical_rule == "margin20":
        return max(1, target - 20)
    return max(1, half_up(target, 5))


def check_tier(
    roll: int, target: int, impaling: bool = False, options: GoreOptions = DEFAULT
) -> str:
    """§1.2/§1.4 Classify one d100 roll (1..100) against ``target``.

    Returns one of ``'pifia' | 'fallo' | 'exito' | 'critico' | 'empalar'``. 00 (100) is
    always a fumble; 01 always a critical (G5 ``auto_success_on_01``); an impaling attack
    impales on a critical rolled 01 (G4 ``impale_rule``: or on any critical).

    Raises:
        GoreInputError: ``roll`` outside 1..100.
    """
    roll = check_whole("roll", roll, 1, 100)
    target = check_whole("target", target)
    return _check_tier(roll, target, bool(impaling), options)


def _check_tier(
    roll: int, target: int, impaling: bool, options: GoreOptions, crit_max: int | None = None
) -> str:
    if roll == 100:
        return "pifia"
    if crit_max is None:
        crit_max = crit_range(target, options)
    if (roll == 1 and options.auto_success_on_01) or (roll <= target and roll <= crit_max):
        if impaling and (roll == 1 or options.impale_rule == "any_crit"):
            return "empalar"
        return "critico"
    return "exito" if roll <= target else "fallo"


@memo
def tier_counts(
    target: int, impaling: bool, malfunction: int | None, options: GoreOptions = DEFAULT
) -> tuple[tuple[str, int], ...]:
    """§1.2 / P11.7 How many of the 100 d100 faces give each tier (``'encasquillado'`` for a
    roll ≥ ``malfunction``): the integer law the exact odds use (memoised)."""
    counts: dict[str, int] = {}
    crit_max = crit_range(target, options)
    for roll in range(1, 101):
        if malfunction is not None and roll >= malfunction:
            tier = "encasquillado"
        else:
            tier = _check_tier(roll, target, impaling, options, crit_max)
        counts[tier] = counts.get(tier, 0) + 1
    return tuple(counts.items())


def _tiers(
    target: int, impaling: bool, malfunction: int | None, options: GoreOptions
) -> dict[str, Fraction]:
    return {t: Fraction(n, 100) for t, n in tier_counts(target, impaling, malfunction, options)}


def tier_distribution(
    target: int, impaling: bool = False, options: GoreOptions = DEFAULT
) -> dict[str, Fraction]:
    """§1.2 Exact distribution of :func:`check_tier` over the 100 faces (memoised)."""
    target = check_whole("target", target)
    return _tiers(target, bool(impaling), None, options)


def attack_tier_distribution(
    target: int, impaling: bool, malfunction: int | None, options: GoreOptions = DEFAULT
) -> dict[str, Fraction]:
    """P7 Attack tiers including ``'encasquillado'`` (roll ≥ ``malfunction``, P11.7)."""
    return _tiers(target, bool(impaling), malfunction, options)


def opposition_chance(active: int, passive: int) -> int:
    """§1.6 ``50 + 5 × (active − passive)``, unclamped (then a d100 check, 01/00 apply)."""
    return 50 + 5 * (check_whole("active", active) - check_whole("passive", passive))


def characteristic_target(value: int, multiplier: int = 5) -> int:
    """§1.5 Characteristic check target: characteristic × N (N 1..5, default 5)."""
    return check_whole("value", value, 0) * check_whole("multiplier", multiplier, 1, 5)


def hp_max(con: int, tam: int) -> int:
    """§2.1 [BRP] maximum hit points ``ceil((CON+TAM)/2)``."""
    return math.ceil((check_whole("con", con, 1) + check_whole("tam", tam, 1)) / 2)


@memo
def _location_hp(total: int) -> tuple[tuple[str, int], ...]:
    third = math.ceil(Fraction(total, 3))
    arm = math.ceil(Fraction(total, 4))
    chest = math.ceil(Fraction(4 * total, 10))
    split = {
        "pierna_derecha": third,
        "pierna_izquierda": third,
        "abdomen": third,
        "pecho": chest,
        "brazo_derecho": arm,
        "brazo_izquierdo": arm,
        "cabeza": third,
    }
    return tuple((loc, split[loc]) for loc in LOCATIONS)


def location_hp(hp_max: int) -> dict[str, int]:
    """T8 [BRP] location HP: head, abdomen, legs ceil(HP/3); chest ceil(4HP/10); arms ceil(HP/4)."""
    return dict(_location_hp(check_whole("hp_max", hp_max, 1)))


#: T7 1D20 → location.
_T7 = (
    (3, "pierna_derecha"),
    (6, "pierna_izquierda"),
    (9, "abdomen"),
    (12, "pecho"),
    (15, "brazo_derecho"),
    (18, "brazo_izquierdo"),
    (20, "cabeza"),
)


def hit_location(d20: int) -> str:
    """T7 hit location of a 1D20 roll (19–20 head; the seed's "19/30" fixed, §5)."""
    d20 = check_whole("d20", d20, 1, 20)
    for high, loc in _T7:
        if d20 <= high:
            return loc
    raise AssertionError("unreachable")  # pragma: no cover


def location_faces() -> dict[str, int]:
    """T7: how many of the 20 faces give each location."""
    out: dict[str, int] = {}
    low = 1
    for high, loc in _T7:
        out[loc] = high - low + 1
        low = high + 1
    return out


def attack_order(
    des: int, surprised: bool = False, penalties: int = 0, halved: bool = False
) -> int:
    """P4 Attack-order score before tie-breaks.

    ``DES`` (``ceil(DES/2)`` when surprised in the first round), halved again (ceil) when
    aiming with a scope/laser or loading and firing, then minus ``penalties`` (the total of
    the step-3 point losses: readying −5, movement, Enfoque −5 per step).
    """
    score = check_whole("des", des, 0)
    penalties = check_whole("penalties", penalties, 0)
    if surprised:
        score = math.ceil(score / 2)
    if halved:
        score = math.ceil(score / 2)
    return score - penalties


def order_of_action(scores: dict[str, int], rng: RandomSource) -> list[str]:
    """P4 step 4: sort names by score, highest first; tied names roll 1D10 each, highest
    first, rerolling ties among themselves ("Si dos personajes tienen la misma DES se tira
    1D10"). ``rng`` is any object with ``randint``."""
    by_score: dict[int, list[str]] = {}
    for name, score in scores.items():
        by_score.setdefault(check_whole(f"scores[{name!r}]", score), []).append(name)
    order: list[str] = []
    for score in sorted(by_score, reverse=True):
        order.extend(_break_ties(sorted(by_score[score]), rng))
    return order


def _break_ties(names: list[str], rng: RandomSource) -> list[str]:
    if len(names) <= 1:
        return names
    rolls: dict[int, list[str]] = {}
    for name in names:
        rolls.setdefault(rng.randint(1, 10), []).append(name)
    out: list[str] = []
    for roll in sorted(rolls, reverse=True):
        out.extend(_break_ties(rolls[roll], rng))
    return out


def max_attacks(skill: int) -> int:
    """P7 Attacks allowed per round: ``floor(skill/50)`` from 100 % (2 at 100, 3 at 150), else 1."""
    skill = check_whole("skill", skill, 0)
    return skill // 50 if skill >= 100 else 1


def movement_m(mov: int, rough: bool = False, sprint: bool = False) -> int:
    """P18 Metres per round: MOV points × 4 m (3 m on rough ground); sprint = 2×MOV (G26)."""
    points = check_whole("mov", mov, 0) * (2 if sprint else 1)
    return points * (3 if rough else 4)


def pursuit_closing(mov_pursuer: int, mov_target: int) -> int:
    """P18 Points the pursuer closes per round, ``MOV_a − MOV_b`` (equal: opposed CON)."""
    return check_whole("mov_pursuer", mov_pursuer, 0) - check_whole("mov_target", mov_target, 0)


def movement_effect(
    mov: int, moved: int, charge: bool = False, options: GoreOptions = DEFAULT
) -> tuple[int, bool]:
    """P18 / G11 Effect of moving ``moved`` points this round: ``(order penalty, may attack)``.

    Up to MOV/4 → −5 order points; more → −10. Half MOV or more (G11
    ``half_move_blocks_action`` on; off: only more than half) → no combat action that round,
    except a *Carga*. Not moving → ``(0, True)``.
    """
    mov = check_whole("mov", mov, 0)
    moved = check_whole("moved", moved, 0)
    if moved == 0:
        return 0, True
    penalty = 5 if 4 * moved <= mov else 10
    blocked = 2 * moved >= mov if options.half_move_blocks_action else 2 * moved > mov
    return penalty, charge or not blocked


def disarm_threshold(skill: int) -> int:
    """P15 *Desarmar* succeeds when the attack roll ≤ ``round(V/2)`` (R2, nearest, halves up)."""
    return half_up(check_whole("skill", skill), 2)


def contest_winner(
    tier_a: str, roll_a: int, target_a: int, tier_b: str, roll_b: int, target_b: int
) -> str:
    """§1.7 Opposed skill contest: ``'a'``, ``'b'``, ``'none'`` (both fail) or ``'reroll'``."""
    for name, tier in (("tier_a", tier_a), ("tier_b", tier_b)):
        if tier not in TIER_RANK:
            raise fail(name, tier, "one of " + ", ".join(TIERS), "uno de " + ", ".join(TIERS))
    ra, rb = TIER_RANK[tier_a], TIER_RANK[tier_b]
    if ra < 2 and rb < 2:
        return "none"
    if ra != rb:
        return "a" if ra > rb else "b"
    if roll_a != roll_b:
        return "a" if roll_a > roll_b else "b"
    if target_a != target_b:
        return "a" if target_a > target_b else "b"
    return "reroll"


def aging_rolls(age: int, d6: int) -> int:
    """P19 From age 61, once a year 1D6: 1–4 → that many rolls on T18; 5–6 → none."""
    age = check_whole("age", age, 0)
    d6 = check_whole("d6", d6, 1, 6)
    if age < 61:
        return 0
    return d6 if d6 <= 4 else 0


def recovery_dice(care: str = "rest") -> str:
    """P13.8 HP recovered per week of rest: 1D3; +1D3 with First Aid care, +2D3 with Medicine."""
    table = {"rest": "1D3", "first_aid": "2D3", "medicine": "3D3"}
    if care not in table:
        raise fail("care", care, "rest, first_aid or medicine", "rest, first_aid o medicine")
    return table[care]
