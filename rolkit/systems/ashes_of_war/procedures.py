"""§4.1, §4.2, §4.16–§4.20, §4.23 The procedures besides the attack: simple and opposed
checks, feint, locating a hidden target, running, Auxiliar, waking up, the Moribundo
stabilisation roll, movement, reloading and Prana.

Each ``*_roll`` function takes an ``rng`` (only ``rng.randint``) and returns a
:class:`ProcedureResult` with the roll(s) and the characters as the rules leave them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.systems.ashes_of_war.core import CheckRoll, PoolSpec, p_check_success, threshold
from rolkit.systems.ashes_of_war.errors import impossible, out_of_range
from rolkit.systems.ashes_of_war.forms import Combatant, prana_max
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.pools import build_pool, condition_desgracias
from rolkit.systems.ashes_of_war.tables import SKILLS

__all__ = [
    "ProcedureResult",
    "skill_pool",
    "simple_check",
    "opposed_check",
    "p_simple_check",
    "p_opposed_check",
    "feint_roll",
    "locate_roll",
    "run_roll",
    "aid_roll",
    "wake_roll",
    "stabilisation_roll",
    "dying_death_probability",
    "movement_allowance",
    "reload_actions",
    "prana_max",
    "prana_regen",
    "healing_days",
]


@dataclass(frozen=True)
class ProcedureResult:
    """A procedure's rolls, whether the active side succeeded, and the characters after."""

    rolls: tuple[CheckRoll, ...]
    success: bool
    events: tuple[str, ...]
    active_after: Combatant
    reactive_after: Combatant | None = None


def _skill(skill: str) -> None:
    if skill not in SKILLS:
        raise out_of_range(
            "skill", ("Habilidad", "Habilidad (skill)"), (", ".join(SKILLS),) * 2, skill
        )


def skill_pool(
    c: Combatant,
    skill: str,
    gracias: int = 0,
    desgracias: int = 0,
    rules: RulesConfig = DEFAULT_RULES,
) -> PoolSpec:
    """§4.1 step 1: NdP + △, and ▽ (conditions only on quick rolls, pending ▽, extras), capped."""
    _skill(skill)
    cond = condition_desgracias(c, skill, rules)
    parts = [("conditions", cond), ("pending", c.pending_desgracias), ("extra", desgracias)]
    return build_pool(
        getattr(c, skill),
        gracias,
        sum(v for _, v in parts),
        0,
        [(skill, getattr(c, skill)), *parts],
        rules,
    )


def p_simple_check(
    c: Combatant,
    skill: str,
    adversidad: str,
    gracias: int = 0,
    desgracias: int = 0,
    rules: RulesConfig = DEFAULT_RULES,
) -> Fraction:
    """§4.1 exact P(success) of a check of ``skill`` against ``adversidad``."""
    p = skill_pool(c, skill, gracias, desgracias, rules)
    return p_check_success(p.ndp, p.gracias, p.desgracias, adversidad, rules=rules)


def simple_check(
    c: Combatant,
    skill: str,
    adversidad: str,
    rng: Any,
    gracias: int = 0,
    desgracias: int = 0,
    rules: RulesConfig = DEFAULT_RULES,
) -> tuple[CheckRoll, bool]:
    """§4.1: one roll; success iff R ≥ threshold(adversidad)."""
    p = skill_pool(c, skill, gracias, desgracias, rules)
    need = threshold(adversidad, rules)
    roll = rules.mechanic.roll(p.ndp, p.gracias, p.desgracias, rng)
    return dataclasses.replace(roll, pool=p), roll.result >= need


def p_opposed_check(
    active: Combatant,
    active_skill: str,
    reactive: Combatant,
    reactive_skill: str,
    rules: RulesConfig = DEFAULT_RULES,
) -> Fraction:
    """§4.2 exact P(active wins): R_active > R_reactive (ties to the reactive side)."""
    pa = skill_pool(active, active_skill, rules=rules)
    pr = skill_pool(reactive, reactive_skill, rules=rules)
    wa, da = rules.mechanic.weights(pa.ndp, pa.gracias, pa.desgracias)
    wr, dr = rules.mechanic.weights(pr.ndp, pr.gracias, pr.desgracias)
    win = sum(x * sum(wr[:a]) for a, x in enumerate(wa))
    return Fraction(win, da * dr)


def opposed_check(
    active: Combatant,
    active_skill: str,
    reactive: Combatant,
    reactive_skill: str,
    rng: Any,
    rules: RulesConfig = DEFAULT_RULES,
) -> tuple[CheckRoll, CheckRoll, bool]:
    """§4.2: the active side rolls first, then the reactive side."""
    pa = skill_pool(active, active_skill, rules=rules)
    pr = skill_pool(reactive, reactive_skill, rules=rules)
    ra = rules.mechanic.roll(pa.ndp, pa.gracias, pa.desgracias, rng)
    rr = rules.mechanic.roll(pr.ndp, pr.gracias, pr.desgracias, rng)
    return dataclasses.replace(ra, pool=pa), dataclasses.replace(rr, pool=pr), ra.result > rr.result


def _spend_pending(c: Combatant) -> Combatant:
    return dataclasses.replace(c, pending_desgracias=0) if c.pending_desgracias else c


def _able(c: Combatant, what_en: str, what_es: str) -> None:
    if c.conditions.incapacitated:
        raise impossible(
            "conditions",
            f"{c.name} cannot {what_en} (unconscious, dying or dead)",
            f"{c.name} no puede {what_es} (Inconsciente, Moribundo o muerto)",
        )


def feint_roll(
    feinter: Combatant, target: Combatant, rng: Any, rules: RulesConfig = DEFAULT_RULES
) -> ProcedureResult:
    """§4.19 Fintar: Actuar vs Alerta; on success the target's next defence has 1 ▽."""
    _able(feinter, "feint", "fintar")
    ra, rr, win = opposed_check(feinter, "act", target, "alert", rng, rules)
    after = dataclasses.replace(target, feint_pending=True) if win else target
    return ProcedureResult(
        (ra, rr), win, ("feint_pending",) if win else (), _spend_pending(feinter), after
    )


def locate_roll(
    searcher: Combatant,
    hidden: Combatant,
    rng: Any,
    hidden_skill: str = "stealth",
    rules: RulesConfig = DEFAULT_RULES,
) -> ProcedureResult:
    """§4.21 locating a hidden target: Alerta vs Sigilo or Esconderse (ties to the hidden)."""
    if hidden_skill not in ("stealth", "hide"):
        raise out_of_range(
            "hidden_skill",
            ("Habilidad", "Habilidad (skill)"),
            ("stealth o hide", "stealth or hide"),
            hidden_skill,
        )
    ra, rr, win = opposed_check(searcher, "alert", hidden, hidden_skill, rng, rules)
    return ProcedureResult((ra, rr), win, ("located",) if win else (), searcher, hidden)


def run_roll(
    runner: Combatant, adversidad: str, rng: Any, rules: RulesConfig = DEFAULT_RULES
) -> ProcedureResult:
    """§4.20 Correr (up to 18 m, no attack this turn); on failure 1 ▽ on the next action."""
    _able(runner, "run", "correr")
    roll, ok = simple_check(runner, "run", adversidad, rng, rules=rules)
    after = _spend_pending(runner)
    if not ok:
        after = dataclasses.replace(after, pending_desgracias=1)
    return ProcedureResult((roll,), ok, () if ok else ("pending_desgracia",), after)


def aid_roll(
    aider: Combatant,
    patient: Combatant,
    purpose: str,
    rng: Any,
    location: str | None = None,
    rules: RulesConfig = DEFAULT_RULES,
) -> ProcedureResult:
    """§4.18 Auxiliar vs Intermedia: ``purpose`` is ``"bleeding"`` (at ``location``), ``"wake"``
    or ``"stabilise"`` (a Moribundo). On failure nothing changes."""
    _able(aider, "give aid", "auxiliar")
    c = patient.conditions
    if purpose == "bleeding":
        if location not in c.bleeding:
            raise impossible(
                "location",
                f"{patient.name} is not bleeding there",
                f"{patient.name} no sangra ahí",
                location,
            )
        new = dataclasses.replace(
            c,
            bleeding_light=c.bleeding_light - {location},
            bleeding_serious=c.bleeding_serious - {location},
        )
    elif purpose == "wake":
        if not c.unconscious or c.dying or c.dead:
            raise impossible(
                "purpose",
                f"{patient.name} is not simply unconscious",
                f"{patient.name} no está solo Inconsciente",
                purpose,
            )
        new = dataclasses.replace(c, unconscious=False)
    elif purpose == "stabilise":
        if not c.dying:
            raise impossible(
                "purpose",
                f"{patient.name} is not dying",
                f"{patient.name} no está Moribundo",
                purpose,
            )
        new = dataclasses.replace(
            c, dying=False, stabilised=True, unconscious=True, dying_failures=0
        )
    else:
        raise out_of_range(
            "purpose",
            ("Para qué", "Para qué (purpose)"),
            ("bleeding, wake o stabilise", "bleeding, wake or stabilise"),
            purpose,
        )
    roll, ok = simple_check(aider, "aid", "intermediate", rng, rules=rules)
    after = dataclasses.replace(patient, conditions=new) if ok else patient
    return ProcedureResult((roll,), ok, (purpose,) if ok else (), _spend_pending(aider), after)


def wake_roll(c: Combatant, rng: Any, rules: RulesConfig = DEFAULT_RULES) -> ProcedureResult:
    """§4.18 at the start of its turn an Inconsciente rolls Fortitud vs Difícil to wake; the
    roll takes and spends the pending ▽ (§2.3 «the roller's next roll»)."""
    cond = c.conditions
    if not cond.unconscious or cond.dying or cond.dead:
        raise impossible(
            "conditions",
            f"{c.name} is not simply unconscious",
            f"{c.name} no está solo Inconsciente",
        )
    roll, ok = simple_check(c, "fortitude", "hard", rng, rules=rules)
    after = (
        dataclasses.replace(c, conditions=dataclasses.replace(cond, unconscious=False)) if ok else c
    )
    return ProcedureResult((roll,), ok, ("awake",) if ok else (), _spend_pending(after))


def stabilisation_roll(
    c: Combatant, rng: Any, rules: RulesConfig = DEFAULT_RULES
) -> ProcedureResult:
    """§4.17 Moribundo: Fortitud vs Difícil; success → estabilizado; the third failure → dead.
    The roll takes and spends the pending ▽ (§2.3 «the roller's next roll»)."""
    cond = c.conditions
    if not cond.dying:
        raise impossible("conditions", f"{c.name} is not dying", f"{c.name} no está Moribundo")
    roll, ok = simple_check(c, "fortitude", "hard", rng, rules=rules)
    if ok:
        new = dataclasses.replace(
            cond, dying=False, stabilised=True, unconscious=True, dying_failures=0
        )
        events: tuple[str, ...] = ("stabilised",)
    elif cond.dying_failures + 1 >= 3:
        new = dataclasses.replace(cond, dying=False, dead=True, dying_failures=2)
        events = ("dead",)
    else:
        new = dataclasses.replace(cond, dying_failures=cond.dying_failures + 1)
        events = ("worse",)
    after = dataclasses.replace(c, conditions=new)
    return ProcedureResult((roll,), ok, events, _spend_pending(after))


def dying_death_probability(
    fortitude_ndp: int, gracias: int = 0, desgracias: int = 0, *, rules: RulesConfig = DEFAULT_RULES
) -> Fraction:
    """Contract #14, §4.17: ``(1 − P(R ≥ hard))^3`` from a fresh Moribundo state."""
    p = p_check_success(fortitude_ndp, gracias, desgracias, "hard", rules=rules)
    return (1 - p) ** 3


def movement_allowance(mode: str, *, rules: RulesConfig = DEFAULT_RULES) -> int:
    """Contract #16, §4.20: metres for ``free`` (1), ``move`` (7, or 6) and ``run`` (18)."""
    if mode == "free":
        return 1
    if mode == "move":
        return 7 if rules.free_metre_stacks_with_move else 6
    if mode == "run":
        return 18
    raise out_of_range(
        "mode",
        ("Movimiento", "Movimiento (movement mode)"),
        ("free, move o run", "free, move or run"),
        mode,
    )


def reload_actions(reload: int) -> int:
    """Contract #17, §4.20: a Recarga N reload costs N actions of the same turn (1–3)."""
    if isinstance(reload, bool) or not isinstance(reload, int) or not 1 <= reload <= 3:
        raise out_of_range(
            "reload",
            ("Recarga N", "Recarga N (reload actions)"),
            ("de 1 a 3", "from 1 to 3"),
            reload,
        )
    return reload


def prana_regen(c: Combatant, hours: int) -> int:
    """§4.23 Prana after ``hours``: +1 per hour, resting or not, up to the maximum."""
    return min(prana_max(c.vitality), c.prana_now + max(0, hours))


def healing_days(
    severity: str, location: str, *, halved: bool = False, rules: RulesConfig = DEFAULT_RULES
) -> int | None:
    """T8 [PH]: days to heal a wound; None = never (lethal); ``halved`` once by Auxiliar or care."""
    if severity == "lethal":
        return None
    days = {"light": rules.healing_light_days, "serious": rules.healing_serious_days}.get(severity)
    if days is None:
        raise out_of_range(
            "severity",
            ("Herida", "Herida (severity)"),
            ("leve o grave", "light or serious"),
            severity,
        )
    return days // 2 if halved else days
