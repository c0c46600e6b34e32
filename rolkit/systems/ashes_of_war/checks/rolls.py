"""§4.1, §4.2, §4.17–§4.21 The rolls besides the attack, on the characters themselves:
simple and opposed checks, feint, locating a hidden target, running, Auxiliar, waking up
and the Moribundo stabilisation roll.

Each ``*_roll`` function takes an ``rng`` (only ``rng.randint``) and returns a
:class:`ProcedureResult` with the roll(s) and the characters as the rules leave them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.errors import check_choice, input_error
from rolkit.systems.ashes_of_war.checks.actions import run_refusal
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError, AowImpossibleError
from rolkit.systems.ashes_of_war.forms import Combatant
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.dice import p_check_success, threshold
from rolkit.systems.ashes_of_war.rules.legality import check_able
from rolkit.systems.ashes_of_war.rules.mechanic import CheckRoll
from rolkit.systems.ashes_of_war.rules.pools import skill_pool
from rolkit.systems.ashes_of_war.tables import LOCATIONS

__all__ = [
    "ProcedureResult",
    "simple_check",
    "opposed_check",
    "p_simple_check",
    "p_opposed_check",
    "feint_roll",
    "locate_roll",
    "run_roll",
    "aid_roll",
    "aid_purpose",
    "aided",
    "wake_roll",
    "stabilisation_roll",
]


@dataclass(frozen=True)
class ProcedureResult:
    """A procedure's rolls, whether the active side succeeded, and the characters after."""

    rolls: tuple[CheckRoll, ...]
    success: bool
    events: tuple[str, ...]
    active_after: Combatant
    reactive_after: Combatant | None = None


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


def feint_roll(
    feinter: Combatant, target: Combatant, rng: Any, rules: RulesConfig = DEFAULT_RULES
) -> ProcedureResult:
    """§4.19 Fintar: Actuar vs Alerta; on success the target's next defence has 1 ▽."""
    check_able(feinter, "conditions", ("fintar", "feint"))
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
    label = ("Habilidad", "Habilidad (skill)")
    hiding = ("stealth", "hide")
    check_choice(hidden_skill, hiding, field="hidden_skill", label=label, cls=AowFieldRangeError)
    ra, rr, win = opposed_check(searcher, "alert", hidden, hidden_skill, rng, rules)
    return ProcedureResult((ra, rr), win, ("located",) if win else (), searcher, hidden)


def run_roll(
    runner: Combatant, adversidad: str, rng: Any, rules: RulesConfig = DEFAULT_RULES
) -> ProcedureResult:
    """§4.20 Correr (up to 18 m, no attack this turn); on failure 1 ▽ on the next action.
    Refused as :func:`~.actions.run_refusal` says (Derribado, a leg lost, Fracturado or
    with a first serious wound)."""
    check_able(runner, "conditions", ("correr", "run"))
    why = run_refusal(runner, rules)
    if why is not None:
        raise input_error(
            "conditions",
            en=f"{runner.name} {why[1]}",
            es=f"{runner.name} {why[0]}",
            cls=AowImpossibleError,
        )
    roll, ok = simple_check(runner, "run", adversidad, rng, rules=rules)
    after = _spend_pending(runner)
    if not ok:
        after = dataclasses.replace(after, pending_desgracias=1)
    return ProcedureResult((roll,), ok, () if ok else ("pending_desgracia",), after)


def aid_purpose(patient: Combatant) -> tuple[str, str | None] | None:
    """§4.18 what an Auxiliar does first on ``patient``, as a GM would: ``("stabilise",
    None)`` a Moribundo; else ``("bleeding", location)`` the worst bleeding (Hemorragia
    Grave before Leve, head and torso before the limbs, in body order); else ``("wake",
    None)`` an Inconsciente; None when nothing can be tended (dead, or nothing to do)."""
    c = patient.conditions
    if c.dead:
        return None
    if c.dying:
        return ("stabilise", None)
    bleeding = c.bleeding
    for level in ("serious", "light"):
        for loc in LOCATIONS:
            if bleeding.get(loc) == level:
                return ("bleeding", loc)
    return ("wake", None) if c.unconscious else None


def aided(patient: Combatant, purpose: str, location: str | None = None) -> Combatant:
    """§4.18, §4.17 the patient after a successful Auxiliar: the bleeding at ``location``
    stopped, awake, or stabilised (no longer Moribundo, still Inconsciente)."""
    c = patient.conditions
    if purpose == "bleeding":
        if location not in c.bleeding:
            raise input_error(
                "location",
                en=f"{patient.name} is not bleeding there",
                es=f"{patient.name} no sangra ahí",
                got=location,
                cls=AowImpossibleError,
            )
        new = dataclasses.replace(
            c,
            bleeding_light=c.bleeding_light - {location},
            bleeding_serious=c.bleeding_serious - {location},
        )
    elif purpose == "wake":
        if not c.unconscious or c.dying or c.dead:
            raise input_error(
                "purpose",
                en=f"{patient.name} is not simply unconscious",
                es=f"{patient.name} no está solo Inconsciente",
                got=purpose,
                cls=AowImpossibleError,
            )
        new = dataclasses.replace(c, unconscious=False)
    else:  # stabilise
        if not c.dying:
            raise input_error(
                "purpose",
                en=f"{patient.name} is not dying",
                es=f"{patient.name} no está Moribundo",
                got=purpose,
                cls=AowImpossibleError,
            )
        new = dataclasses.replace(
            c, dying=False, stabilised=True, unconscious=True, dying_failures=0
        )
    return dataclasses.replace(patient, conditions=new)


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
    check_able(aider, "conditions", ("auxiliar", "give aid"))
    label = ("Para qué", "Para qué (purpose)")
    purposes = ("bleeding", "wake", "stabilise")
    check_choice(purpose, purposes, field="purpose", label=label, cls=AowFieldRangeError)
    healed = aided(patient, purpose, location)
    roll, ok = simple_check(aider, "aid", "intermediate", rng, rules=rules)
    after = healed if ok else patient
    return ProcedureResult((roll,), ok, (purpose,) if ok else (), _spend_pending(aider), after)


def wake_roll(c: Combatant, rng: Any, rules: RulesConfig = DEFAULT_RULES) -> ProcedureResult:
    """§4.18 at the start of its turn an Inconsciente rolls Fortitud vs Difícil to wake; the
    roll takes and spends the pending ▽ (§2.3 «the roller's next roll»)."""
    cond = c.conditions
    if not cond.unconscious or cond.dying or cond.dead:
        raise input_error(
            "conditions",
            en=f"{c.name} is not simply unconscious",
            es=f"{c.name} no está solo Inconsciente",
            cls=AowImpossibleError,
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
        raise input_error(
            "conditions",
            en=f"{c.name} is not dying",
            es=f"{c.name} no está Moribundo",
            cls=AowImpossibleError,
        )
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
