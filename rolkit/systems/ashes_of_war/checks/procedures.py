"""The system's own checks as ``CheckProcedure`` objects (§4.1, §4.2, §4.17).

* ``skill``: a simple check against an Adversidad (Correr, Auxiliar vs Intermedia, Fortitud
  vs Difícil to wake up…), with Contusionado / Fracturado on quick rolls.
* ``opposed``: an opposed roll (Actuar vs Alerta for a feint, Alerta vs Sigilo or
  Esconderse to locate a hidden target); «el empate favorece» the reactive side.
* ``stabilise``: the Moribundo sequence, a Fortitud vs Difícil roll at the start of each
  turn until one succeeds (estabilizado) or the third fails (muere).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure
from rolkit.systems.ashes_of_war.checks.forms import OpposedCheckForm, SkillCheckForm, StabiliseForm
from rolkit.systems.ashes_of_war.messages import STEP_RULES, key
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.rules.dice import threshold
from rolkit.systems.ashes_of_war.rules.mechanic import PoolSpec
from rolkit.systems.ashes_of_war.rules.pools import build_pool
from rolkit.systems.ashes_of_war.tables import SKILL_LABELS

__all__ = ["CHECKS"]


def _skill_pool(f: SkillCheckForm, rules: RulesConfig) -> PoolSpec:
    quick = f.skill in rules.quick_skills
    cond = (rules.desventaja_desgracias if f.bruised else 0) + (
        rules.fractured_desgracias if f.fractured else 0
    )
    return build_pool(f.ndp, f.gracias, f.desgracias + (cond if quick else 0), 0, [], rules)


def _p_at_least(pool: PoolSpec, need: int, rules: RulesConfig) -> Fraction:
    w, d = rules.mechanic.weights(pool.ndp, pool.gracias, pool.desgracias)
    return Fraction(sum(w[need:]), d)


def _roll_step(
    label: str, pool: PoolSpec, rng: Any, rules: RulesConfig, **params: Any
) -> tuple[Step, int]:
    roll = rules.mechanic.roll(pool.ndp, pool.gracias, pool.desgracias, rng)
    derived = {
        "ndp": pool.ndp,
        "gracias": pool.gracias,
        "desgracias": pool.desgracias,
        "result": roll.result,
    }
    step = Step(
        key(f"step.{label}"),
        roll.main_faces + roll.desgracia_faces,
        derived,
        STEP_RULES["attack_roll"],
        params,
    )
    return step, roll.result


# --------------------------------------------------------------------------- skill
def _skill_odds(f: SkillCheckForm, rules: RulesConfig) -> dict[str, Fraction]:
    p = _p_at_least(_skill_pool(f, rules), threshold(f.adversidad, rules), rules)
    return {"failure": 1 - p, "success": p}


def _skill_resolve(f: SkillCheckForm, rules: RulesConfig, rng: Any) -> tuple[list[Step], Any, str]:
    step, r = _roll_step("check", _skill_pool(f, rules), rng, rules, skill=SKILL_LABELS[f.skill][0])
    ok = r >= threshold(f.adversidad, rules)
    return [step], r, "success" if ok else "failure"


# --------------------------------------------------------------------------- opposed
def _opposed_pools(f: OpposedCheckForm, rules: RulesConfig) -> tuple[PoolSpec, PoolSpec]:
    a = build_pool(f.active_ndp, f.active_gracias, f.active_desgracias, 0, [], rules)
    r = build_pool(f.reactive_ndp, f.reactive_gracias, f.reactive_desgracias, 0, [], rules)
    return a, r


def _opposed_odds(f: OpposedCheckForm, rules: RulesConfig) -> dict[str, Fraction]:
    a, r = _opposed_pools(f, rules)
    wa, da = rules.mechanic.weights(a.ndp, a.gracias, a.desgracias)
    wr, dr = rules.mechanic.weights(r.ndp, r.gracias, r.desgracias)
    p = Fraction(sum(x * sum(wr[:i]) for i, x in enumerate(wa)), da * dr)
    return {"failure": 1 - p, "success": p}


def _opposed_resolve(
    f: OpposedCheckForm, rules: RulesConfig, rng: Any
) -> tuple[list[Step], Any, str]:
    a, r = _opposed_pools(f, rules)
    s1, ra = _roll_step("opposed", a, rng, rules)
    s2, rr = _roll_step("opposed", r, rng, rules)
    return [s1, s2], (ra, rr), "success" if ra > rr else "failure"


# --------------------------------------------------------------------------- stabilise
def _stab_pool(f: StabiliseForm, rules: RulesConfig) -> PoolSpec:
    return build_pool(f.fortitude, f.gracias, f.desgracias, 0, [], rules)


def _stab_odds(f: StabiliseForm, rules: RulesConfig) -> dict[str, Fraction]:
    p = _p_at_least(_stab_pool(f, rules), threshold("hard", rules), rules)
    dead = (1 - p) ** (3 - f.failures)
    return {"dead": dead, "stabilised": 1 - dead}


def _stab_resolve(f: StabiliseForm, rules: RulesConfig, rng: Any) -> tuple[list[Step], Any, str]:
    steps = []
    failures = f.failures
    need = threshold("hard", rules)
    while failures < 3:
        step, r = _roll_step("check", _stab_pool(f, rules), rng, rules, skill="Fortitud")
        steps.append(step)
        if r >= need:
            return steps, failures, "stabilised"
        failures += 1
    return steps, failures, "dead"


_FAIL = Degree("failure", ("Fallo", "Fallo (failure)"), success=False)
_OK = Degree("success", ("Éxito", "Éxito (success)"), success=True)

CHECKS: dict[str, CheckProcedure[Any, RulesConfig]] = {
    "skill": CheckProcedure(
        id="skill",
        label=("Tirada contra Adversidad", "Tirada contra Adversidad (skill check)"),
        form=SkillCheckForm,
        degrees=(_FAIL, _OK),
        odds_fn=_skill_odds,
        resolve_fn=_skill_resolve,
    ),
    "opposed": CheckProcedure(
        id="opposed",
        label=("Tirada enfrentada", "Tirada enfrentada (opposed roll: feint, locating)"),
        form=OpposedCheckForm,
        degrees=(_FAIL, _OK),
        odds_fn=_opposed_odds,
        resolve_fn=_opposed_resolve,
    ),
    "stabilise": CheckProcedure(
        id="stabilise",
        label=("Estabilizar a un Moribundo", "Estabilizar a un Moribundo (dying rolls)"),
        form=StabiliseForm,
        degrees=(
            Degree("dead", ("Muere", "Muere (dies)"), success=False),
            Degree("stabilised", ("Se estabiliza", "Se estabiliza (stabilised)"), success=True),
        ),
        odds_fn=_stab_odds,
        resolve_fn=_stab_resolve,
    ),
}
