"""P16–P17 Jumping (*Saltar*) and falling (*Daño por Caídas*) as check procedures."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.model import Step
from rolkit.systems.tierkreis.checks.forms import FallForm, JumpForm, extra_list
from rolkit.systems.tierkreis.checks.plain import check_steps, roll_step, two_way
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.adjustments import intrinsic
from rolkit.systems.tierkreis.rules.check import CheckTarget, adjustment_steps, check_target
from rolkit.systems.tierkreis.rules.hazards import fall_damage, jump_modifier
from rolkit.systems.tierkreis.tables import D12

__all__ = ["exact_metres", "jump_odds", "jump_resolve", "fall_odds", "fall_resolve"]


# --------------------------------------------------------------------------- P16


def _falls(form: JumpForm, options: TierkreisOptions, dice: tuple[int, ...]) -> dict[str, Any]:
    """P16–P17 A failed jump: the fall from the GM's height, prone if it hurts."""
    damage = fall_damage(
        exact_metres(form.fall_height_m), form.combatant.strength, options.fall_damage_rounding
    )
    return {"result": "falls", "dice": dice, "fall_damage": damage, "prone": damage > 0}


def _fall_step(form: JumpForm, outcome: dict[str, Any]) -> Step:
    return Step(
        "tierkreis.step.fall",
        (),
        {"height_m": form.fall_height_m, "damage": outcome["fall_damage"]},
        "P17 «El daño por caídas es igual a la mitad de la distancia caída en metros»",
    )


def _jump_targets(
    form: JumpForm, options: TierkreisOptions
) -> tuple[CheckTarget | None, CheckTarget]:
    """The jump's FUE check (``None`` if impossible) and the catch-the-edge check."""
    mod = jump_modifier(
        form.combatant.strength, exact_metres(form.distance_m), form.run_up, options.standing_jump
    )
    extra = list(extra_list(form.extra))
    edge = max(
        (check_target(form.combatant, c, "any", extra, options) for c in ("AGI", "FUE")),
        key=lambda t: t.target,
    )
    if mod is None:
        return None, edge
    jump = check_target(
        form.combatant, "FUE", "any", [intrinsic(mod, "tierkreis.adj.jump"), *extra], options
    )
    return jump, edge


def exact_metres(x: float) -> Fraction:
    """A form's metres as an exact Fraction (to the millimetre)."""
    return Fraction(x).limit_denominator(1000)


def jump_odds(form: JumpForm, options: TierkreisOptions) -> dict[str, Fraction]:
    """P16 ``impossible | falls | catches_edge | success``: a failure by exactly 1
    (``roll == target + 1``) gives one FUE-or-AGI check to catch the edge."""
    jump, edge = _jump_targets(form, options)
    if jump is None:
        return {"impossible": Fraction(1)}
    p_ok = jump.probability
    p_by_one = Fraction(1, D12) if 1 <= jump.target + 1 <= D12 else Fraction(0)
    out = {
        "success": p_ok,
        "catches_edge": p_by_one * edge.probability,
        "falls": 1 - p_ok - p_by_one * edge.probability,
    }
    return {k: v for k, v in out.items() if v}


def jump_resolve(
    form: JumpForm, options: TierkreisOptions, rng: RandomSource
) -> tuple[list[Step], object, str]:
    """P16 One jump: the FUE check, the edge check on a failure by 1, the fall (P17)."""
    jump, edge = _jump_targets(form, options)
    if jump is None:
        step = Step(
            "tierkreis.step.no_check",
            (),
            {"distance_m": form.distance_m, "result": "tierkreis.value.failure"},
            "P16 «solo puede saltar la mitad de su puntuación de FUE» (como máximo)",
        )
        return [step], {"result": "impossible"}, "impossible"
    roll = int(rng.randint(1, D12))
    steps = check_steps(jump) + [roll_step(roll, jump, jump.succeeds(roll), "P16 «chequeo de FUE»")]
    if jump.succeeds(roll):
        return steps, {"result": "success", "dice": (roll,)}, "success"
    if roll != jump.target + 1:
        outcome = _falls(form, options, (roll,))
        return [*steps, _fall_step(form, outcome)], outcome, "falls"
    second = int(rng.randint(1, D12))
    ok = edge.succeeds(second)
    steps += adjustment_steps(edge)
    steps.append(
        Step(
            "tierkreis.step.edge",
            (second,),
            {
                "characteristic": f"tierkreis.code.{edge.characteristic}",
                "roll": second,
                "target": edge.target,
                "result": f"tierkreis.value.{'success' if ok else 'failure'}",
            },
            "P16 «Si el chequeo se falla por un punto, podrá hacer un chequeo de AGI o FUE para agarrarse del borde»",
        )
    )
    if ok:
        return steps, {"result": "catches_edge", "dice": (roll, second)}, "catches_edge"
    outcome = _falls(form, options, (roll, second))
    return [*steps, _fall_step(form, outcome)], outcome, "falls"


# --------------------------------------------------------------------------- P17


def _fall_damage(form: FallForm, options: TierkreisOptions) -> int:
    return fall_damage(
        exact_metres(form.height_m), form.combatant.strength, options.fall_damage_rounding
    )


def fall_odds(form: FallForm, options: TierkreisOptions) -> dict[str, Fraction]:
    """P17 ``hurt | unhurt``; with ``fall_agi_check`` an AGI check avoids the damage."""
    if _fall_damage(form, options) == 0:
        return {"unhurt": Fraction(1)}
    if not options.fall_agi_check:
        return {"hurt": Fraction(1)}
    return two_way("hurt", "unhurt", check_target(form.combatant, "AGI", "any", (), options))


def fall_resolve(
    form: FallForm, options: TierkreisOptions, rng: RandomSource
) -> tuple[list[Step], object, str]:
    """P17 One fall: the damage, avoided by an AGI check with ``fall_agi_check``."""
    damage = _fall_damage(form, options)
    steps: list[Step] = []
    if damage and options.fall_agi_check:
        target = check_target(form.combatant, "AGI", "any", (), options)
        roll = int(rng.randint(1, D12))
        steps += check_steps(target) + [
            roll_step(roll, target, target.succeeds(roll), "P17 (página sistema): chequeo de AGI")
        ]
        if target.succeeds(roll):
            damage = 0
    steps.append(
        Step(
            "tierkreis.step.fall",
            (),
            {"height_m": form.height_m, "damage": damage},
            "P17 «El daño por caídas es igual a la mitad de la distancia caída en metros»",
        )
    )
    return steps, {"damage": damage, "prone": damage > 0}, "hurt" if damage else "unhurt"
