"""The system's own checks besides the attack (``SYSTEM.checks``), each exact and seeded:
characteristic check (P1), concentration (P2), maneuvers (P15), jump (P16), fall (P17),
asphyxia (P18), intoxication (P21) and reopened bleeding (P22). Every check is a plain d12
roll-under check (R3) with no natural results, except maneuvers (R4, G10). The forms are in
:mod:`.check_forms`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure
from rolkit.systems.tierkreis.attack.resolve import adjustment_steps
from rolkit.systems.tierkreis.checks.forms import (
    AsphyxiaForm,
    BleedingForm,
    CharacteristicCheckForm,
    ConcentrationForm,
    FallForm,
    IntoxicationForm,
    JumpForm,
    ManeuverForm,
    extra_list,
)
from rolkit.systems.tierkreis.checks.maneuvers import maneuver_odds, resolve_maneuver
from rolkit.systems.tierkreis.forms import Modifiers
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.adjustments import Adjustment, intrinsic
from rolkit.systems.tierkreis.rules.check import CheckTarget, check_target
from rolkit.systems.tierkreis.rules.hazards import (
    asphyxia_modifier,
    fall_damage,
    intoxication_modifier,
    jump_modifier,
)
from rolkit.systems.tierkreis.tables import D12

__all__ = [
    "CharacteristicCheckForm",
    "ManeuverForm",
    "JumpForm",
    "FallForm",
    "AsphyxiaForm",
    "IntoxicationForm",
    "BleedingForm",
    "ConcentrationForm",
    "CHECKS",
    "jump_odds",
    "fall_odds",
]

_RULE = "P1/R3 «Si el total es igual o menor a la característica … tiene éxito»"


def _target_steps(target: CheckTarget) -> list[Step]:
    return adjustment_steps(target) + [
        Step(
            "tierkreis.step.target",
            (),
            {
                "characteristic": f"tierkreis.code.{target.characteristic}",
                "base": target.base,
                "modifier": f"{target.modifier:+d}",
                "target": target.target,
            },
            _RULE,
        )
    ]


def _roll_step(roll: int, target: CheckTarget, success: bool, rule: str = _RULE) -> Step:
    return Step(
        "tierkreis.step.check",
        (roll,),
        {
            "roll": roll,
            "target": target.target,
            "result": f"tierkreis.value.{'success' if success else 'failure'}",
        },
        rule,
    )


def _two(fail_id: str, ok_id: str, target: CheckTarget) -> dict[str, Fraction]:
    p = target.probability
    return {k: v for k, v in ((fail_id, 1 - p), (ok_id, p)) if v}


def _plain(
    target: CheckTarget, rng: Any, fail_id: str, ok_id: str, rule: str = _RULE
) -> tuple[list[Step], Any, str]:
    roll = int(rng.randint(1, D12))
    ok = target.succeeds(roll)
    steps = _target_steps(target) + [_roll_step(roll, target, ok, rule)]
    return steps, {"target": target, "roll": roll, "success": ok}, ok_id if ok else fail_id


# --------------------------------------------------------------------------- P1 / P2


def _characteristic_target(form: CharacteristicCheckForm, options: TierkreisOptions) -> CheckTarget:
    return check_target(form.combatant, form.characteristic, "any", extra_list(form.extra), options)


# --------------------------------------------------------------------------- P15


def _maneuver_modifiers(form: ManeuverForm, options: TierkreisOptions) -> Modifiers:
    return Modifiers(extra=form.extra, options=options)


def _maneuver_odds(form: ManeuverForm, options: TierkreisOptions) -> dict[str, Fraction]:
    return maneuver_odds(
        form.maneuver,
        form.actor,
        _maneuver_modifiers(form, options),
        target_is_larger=form.target_is_larger,
        has_snatch_power=form.has_snatch_power,
        opponent=form.opponent,
    )


def _maneuver_resolve(
    form: ManeuverForm, options: TierkreisOptions, rng: Any
) -> tuple[list[Step], Any, str]:
    r = resolve_maneuver(
        form.maneuver,
        form.actor,
        _maneuver_modifiers(form, options),
        rng,
        target_is_larger=form.target_is_larger,
        has_snatch_power=form.has_snatch_power,
        opponent=form.opponent,
    )
    if r.target is None:
        steps = [
            Step(
                "tierkreis.step.no_check",
                (),
                {
                    "maneuver": f"tierkreis.maneuver.{form.maneuver}",
                    "result": "tierkreis.value.no_effect",
                },
                "P15 «No funciona contra criaturas más grandes y pesadas que el personaje»",
            )
        ]
        return steps, r, r.result
    steps = _target_steps(r.target)
    steps.append(
        Step(
            "tierkreis.step.check",
            r.dice,
            {
                "maneuver": f"tierkreis.maneuver.{form.maneuver}",
                "roll": r.dice[0],
                "target": r.target.target,
                "result": f"tierkreis.value.{'critical' if r.result == 'critical' else r.result}",
                "distance_m": r.distance_m,
            },
            "P15/P5: el PJ tira para esquivar o liberarse; su éxito hace fallar la maniobra"
            if r.rolled_by == "opponent"
            else "P15, R4: 1 natural, éxito crítico; 12 natural, falla",
        )
    )
    return steps, r, r.result


# --------------------------------------------------------------------------- P16


def _falls(form: JumpForm, options: TierkreisOptions, dice: tuple[int, ...]) -> dict[str, Any]:
    """P16–P17 A failed jump: the fall from the GM's height, prone if it hurts."""
    damage = fall_damage(
        _exact(form.fall_height_m), form.combatant.strength, options.fall_damage_rounding
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
        form.combatant.strength, _exact(form.distance_m), form.run_up, options.standing_jump
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


def _exact(x: float) -> Fraction:
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


def _jump_resolve(
    form: JumpForm, options: TierkreisOptions, rng: Any
) -> tuple[list[Step], Any, str]:
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
    steps = _target_steps(jump) + [
        _roll_step(roll, jump, jump.succeeds(roll), "P16 «chequeo de FUE»")
    ]
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
    return fall_damage(_exact(form.height_m), form.combatant.strength, options.fall_damage_rounding)


def fall_odds(form: FallForm, options: TierkreisOptions) -> dict[str, Fraction]:
    """P17 ``hurt | unhurt``; with ``fall_agi_check`` an AGI check avoids the damage."""
    if _fall_damage(form, options) == 0:
        return {"unhurt": Fraction(1)}
    if not options.fall_agi_check:
        return {"hurt": Fraction(1)}
    return _two("hurt", "unhurt", check_target(form.combatant, "AGI", "any", (), options))


def _fall_resolve(
    form: FallForm, options: TierkreisOptions, rng: Any
) -> tuple[list[Step], Any, str]:
    damage = _fall_damage(form, options)
    steps: list[Step] = []
    if damage and options.fall_agi_check:
        target = check_target(form.combatant, "AGI", "any", (), options)
        roll = int(rng.randint(1, D12))
        steps += _target_steps(target) + [
            _roll_step(roll, target, target.succeeds(roll), "P17 (página sistema): chequeo de AGI")
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


# --------------------------------------------------------------------------- P18


def _asphyxia_target(form: AsphyxiaForm, options: TierkreisOptions) -> CheckTarget | None:
    mod = asphyxia_modifier(form.combatant.vitality, form.turn)
    if mod is None:
        return None
    extra = [intrinsic(mod, "tierkreis.adj.asphyxia"), *extra_list(form.extra)]
    return check_target(form.combatant, "VIT", "any", extra, options)


def _asphyxia_odds(form: AsphyxiaForm, options: TierkreisOptions) -> dict[str, Fraction]:
    target = _asphyxia_target(form, options)
    if target is None:
        return {"conscious": Fraction(1)}
    return _two("unconscious", "conscious", target)


def _asphyxia_resolve(
    form: AsphyxiaForm, options: TierkreisOptions, rng: Any
) -> tuple[list[Step], Any, str]:
    target = _asphyxia_target(form, options)
    if target is None:
        step = Step(
            "tierkreis.step.no_check",
            (),
            {"turn": form.turn, "result": "tierkreis.value.success"},
            "P18 «podrá aguantar sin respirar durante tantos turnos como su puntuación de VIT»",
        )
        return [step], {"check": None}, "conscious"
    return _plain(target, rng, "unconscious", "conscious", "P18 «chequeo de VIT … -1 acumulativo»")


# --------------------------------------------------------------------------- P21


def _intoxication_target(form: IntoxicationForm, options: TierkreisOptions) -> CheckTarget:
    extra: Sequence[Adjustment] = [
        intrinsic(intoxication_modifier(form.dose_number), "tierkreis.adj.dose"),
        *extra_list(form.extra),
    ]
    return check_target(form.combatant, "VIT", "any", extra, options)


def _intoxication_resolve(
    form: IntoxicationForm, options: TierkreisOptions, rng: Any
) -> tuple[list[Step], Any, str]:
    """P21 The VIT check; on a failure, 1d12 more for the hours intoxicated."""
    steps, outcome, degree = _plain(
        _intoxication_target(form, options),
        rng,
        "intoxicated",
        "unaffected",
        "P21 «chequeo de VIT con un -1 acumulable»",
    )
    if degree == "intoxicated":
        hours = int(rng.randint(1, D12))
        outcome = {**outcome, "hours": hours}
        steps.append(
            Step(
                "tierkreis.step.hours",
                (hours,),
                {"hours": hours},
                "P21 «queda intoxicado durante 1d12 horas»",
            )
        )
    return steps, outcome, degree


# --------------------------------------------------------------------------- P22
#: P22 «Si recibe daño y no han pasado 2 semanas desde que fue curado del sangrado anterior».
BLEEDING_RISK_DAYS = 14


def _bleeding_target(form: BleedingForm, options: TierkreisOptions) -> CheckTarget | None:
    if form.mystic_healing or form.days_since_healed >= BLEEDING_RISK_DAYS:
        return None
    return check_target(form.combatant, "VIT", "any", extra_list(form.extra), options)


def _bleeding_odds(form: BleedingForm, options: TierkreisOptions) -> dict[str, Fraction]:
    target = _bleeding_target(form, options)
    return {"holds": Fraction(1)} if target is None else _two("reopens", "holds", target)


def _bleeding_resolve(
    form: BleedingForm, options: TierkreisOptions, rng: Any
) -> tuple[list[Step], Any, str]:
    target = _bleeding_target(form, options)
    if target is None:
        step = Step(
            "tierkreis.step.no_check",
            (),
            {"result": "tierkreis.value.success"},
            "P22 «Si las heridas son curadas de forma mística … este efecto de herida no aplica»",
        )
        return [step], {"check": None}, "holds"
    return _plain(
        target,
        rng,
        "reopens",
        "holds",
        "P22 «hace un chequeo de VIT y si lo falla … reanuda el sangrado»",
    )


# --------------------------------------------------------------------------- procedures
def _degrees(*rows: tuple[str, str, str, bool]) -> tuple[Degree, ...]:
    return tuple(Degree(i, (es, en), ok) for i, es, en, ok in rows)


_PASS_FAIL = _degrees(
    ("failure", "Fallo", "Fallo (failure)", False), ("success", "Éxito", "Éxito (success)", True)
)

CHECKS: dict[str, CheckProcedure] = {
    "characteristic": CheckProcedure(
        id="characteristic",
        label=("Chequeo de característica", "Chequeo de característica (characteristic check)"),
        form=CharacteristicCheckForm,
        degrees=_PASS_FAIL,
        odds_fn=lambda f, o: _two("failure", "success", _characteristic_target(f, o)),
        resolve_fn=lambda f, o, rng: _plain(
            _characteristic_target(f, o), rng, "failure", "success"
        ),
    ),
    "concentration": CheckProcedure(
        id="concentration",
        label=("Concentración", "Concentración (concentration)"),
        form=ConcentrationForm,
        degrees=_degrees(
            ("power_lost", "Pierde el poder", "Pierde el poder (power lost)", False),
            ("power_kept", "Mantiene el poder", "Mantiene el poder (power kept)", True),
        ),
        odds_fn=lambda f, o: _two(
            "power_lost",
            "power_kept",
            check_target(f.combatant, "VIT", "any", extra_list(f.extra), o),
        ),
        resolve_fn=lambda f, o, rng: _plain(
            check_target(f.combatant, "VIT", "any", extra_list(f.extra), o),
            rng,
            "power_lost",
            "power_kept",
            "P2 «debe hacer un chequeo de VIT»",
        ),
    ),
    "maneuver": CheckProcedure(
        id="maneuver",
        label=("Maniobra", "Maniobra (maneuver)"),
        form=ManeuverForm,
        degrees=_degrees(
            ("no_effect", "Sin efecto", "Sin efecto (no effect)", False),
            ("failure", "Fallo", "Fallo (failure)", False),
            ("success", "Éxito", "Éxito (success)", True),
            ("critical", "Crítico", "Crítico (critical success)", True),
        ),
        odds_fn=_maneuver_odds,
        resolve_fn=_maneuver_resolve,
    ),
    "jump": CheckProcedure(
        id="jump",
        label=("Saltar", "Saltar (jump)"),
        form=JumpForm,
        degrees=_degrees(
            ("impossible", "Imposible", "Imposible (impossible)", False),
            ("falls", "Cae", "Cae (falls)", False),
            (
                "catches_edge",
                "Se agarra del borde",
                "Se agarra del borde (catches the edge)",
                False,
            ),
            ("success", "Salta", "Salta (jumps across)", True),
        ),
        odds_fn=jump_odds,
        resolve_fn=_jump_resolve,
    ),
    "fall": CheckProcedure(
        id="fall",
        label=("Daño por caídas", "Daño por caídas (falling)"),
        form=FallForm,
        degrees=_degrees(
            ("hurt", "Recibe daño y queda tumbado", "Recibe daño (hurt, ends prone)", False),
            ("unhurt", "Sin daño", "Sin daño (unhurt)", True),
        ),
        odds_fn=fall_odds,
        resolve_fn=_fall_resolve,
    ),
    "asphyxia": CheckProcedure(
        id="asphyxia",
        label=("Asfixia", "Asfixia (asphyxia)"),
        form=AsphyxiaForm,
        degrees=_degrees(
            (
                "unconscious",
                "Cae inconsciente (0 PV)",
                "Cae inconsciente (unconscious, 0 PV)",
                False,
            ),
            ("conscious", "Sigue consciente", "Sigue consciente (stays conscious)", True),
        ),
        odds_fn=_asphyxia_odds,
        resolve_fn=_asphyxia_resolve,
    ),
    "bleeding": CheckProcedure(
        id="bleeding",
        label=("Reabrir el sangrado", "Reabrir el sangrado (reopened bleeding)"),
        form=BleedingForm,
        degrees=_degrees(
            ("reopens", "Reanuda el sangrado", "Reanuda el sangrado (bleeding reopens)", False),
            ("holds", "La herida aguanta", "La herida aguanta (the wound holds)", True),
        ),
        odds_fn=_bleeding_odds,
        resolve_fn=_bleeding_resolve,
    ),
    "intoxication": CheckProcedure(
        id="intoxication",
        label=("Intoxicación", "Intoxicación (intoxication)"),
        form=IntoxicationForm,
        degrees=_degrees(
            (
                "intoxicated",
                "Intoxicado 1d12 horas",
                "Intoxicado (intoxicated for 1d12 hours)",
                False,
            ),
            ("unaffected", "Sin efectos", "Sin efectos (unaffected)", True),
        ),
        odds_fn=lambda f, o: _two("intoxicated", "unaffected", _intoxication_target(f, o)),
        resolve_fn=_intoxication_resolve,
    ),
}
