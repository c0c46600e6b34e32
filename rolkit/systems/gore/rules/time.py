"""Rules of rounds and time: P7 attacks per round, P18 movement and pursuit, P13.8 weekly
recovery, P19 aging rolls."""

from __future__ import annotations

from rolkit.errors import check_int

from ..errors import GoreInputError
from ..options import DEFAULT, GoreOptions
from ..tables import WIDE

__all__ = [
    "max_attacks",
    "movement_m",
    "pursuit_closing",
    "movement_effect",
    "aging_rolls",
    "recovery_dice",
]


def max_attacks(skill: int) -> int:
    """P7 Attacks allowed per round: ``floor(skill/50)`` from 100 % (2 at 100, 3 at 150), else 1."""
    skill = check_int(skill, 0, WIDE, field="skill", label="skill", cls=GoreInputError)
    return skill // 50 if skill >= 100 else 1


def movement_m(mov: int, rough: bool = False, sprint: bool = False) -> int:
    """P18 Metres per round: MOV points × 4 m (3 m on rough ground); sprint = 2×MOV (G26)."""
    points = check_int(mov, 0, WIDE, field="mov", label="mov", cls=GoreInputError) * (
        2 if sprint else 1
    )
    return points * (3 if rough else 4)


def pursuit_closing(mov_pursuer: int, mov_target: int) -> int:
    """P18 Points the pursuer closes per round, ``MOV_a − MOV_b`` (equal: opposed CON)."""
    return check_int(
        mov_pursuer, 0, WIDE, field="mov_pursuer", label="mov_pursuer", cls=GoreInputError
    ) - check_int(mov_target, 0, WIDE, field="mov_target", label="mov_target", cls=GoreInputError)


def movement_effect(
    mov: int, moved: int, charge: bool = False, options: GoreOptions = DEFAULT
) -> tuple[int, bool]:
    """P18 / G11 Effect of moving ``moved`` points this round: ``(order penalty, may attack)``.

    Up to MOV/4 → −5 order points; more → −10. Half MOV or more (G11
    ``half_move_blocks_action`` on; off: only more than half) → no combat action that round,
    except a *Carga*. Not moving → ``(0, True)``.
    """
    mov = check_int(mov, 0, WIDE, field="mov", label="mov", cls=GoreInputError)
    moved = check_int(moved, 0, WIDE, field="moved", label="moved", cls=GoreInputError)
    if moved == 0:
        return 0, True
    penalty = 5 if 4 * moved <= mov else 10
    blocked = 2 * moved >= mov if options.half_move_blocks_action else 2 * moved > mov
    return penalty, charge or not blocked


def aging_rolls(age: int, d6: int) -> int:
    """P19 From age 61, once a year 1D6: 1–4 → that many rolls on T18; 5–6 → none."""
    age = check_int(age, 0, WIDE, field="age", label="age", cls=GoreInputError)
    d6 = check_int(d6, 1, 6, field="d6", label="d6", cls=GoreInputError)
    if age < 61:
        return 0
    return d6 if d6 <= 4 else 0


def recovery_dice(care: str = "rest") -> str:
    """P13.8 HP recovered per week of rest: 1D3; +1D3 with First Aid care, +2D3 with Medicine."""
    table = {"rest": "1D3", "first_aid": "2D3", "medicine": "3D3"}
    if care not in table:
        raise GoreInputError.must_be(
            "care", care, "rest, first_aid or medicine", "rest, first_aid o medicine"
        )
    return table[care]
