"""§4.18–§4.20, T5 The actions of a turn (issue #25): ``TURN_RULES`` and ``ACTIONS``.

«Cada turno un personaje tiene una acción de movimiento y hasta dos de ataque» (§4.20):
``TURN_RULES`` is ``{"move": 1, "attack": 2}``. The actions, each with its cost as the seed
gives it:

* **Atacar** (``attack``, one attack action): the System's attack. «Un personaje puede
  realizar un máximo de dos ataques por turno. El segundo ataque realizado se efectuará con
  un dado de Desgracia (▽)»: the second attack of the turn has ``attack_number=2``.
  Refused (:func:`~..rules.legality.attack_refusal`) with a weapon broken, dropped or out
  of shots, or a weapon hand lost, Fracturado or wounded (T5), and after Correr.
* **Fintar** (``feint``, the movement action; «Sus dos acciones de ataque siguen
  disponibles»): Actuar against the target's Alerta, ties to the target; on a success the
  target's next defence has 1 ▽ («independientemente de quién realice el siguiente
  ataque»).
* **Correr** (``run``, the movement action and both attacks: it «le impide atacar ese
  turno»): Correr against ``run_adversidad`` (Fácil: ordinary ground); on a failure 1 ▽ on
  the next action («lo habitual es resbalar … con un dado de Desgracia en la próxima
  acción»). Refused Derribado, with a leg lost or Fracturado, or a first serious Pierna.
* **Auxiliar** (``aid``: the movement action; ``aid_attack``: one attack action — «una de
  ataque o la de movimiento, a elección del jugador»; «Solo puede hacerse una vez por
  turno»): Auxiliar vs Intermedia on an ally, tending first what is most urgent
  (:func:`~.rolls.aid_purpose`: a Moribundo stabilised, else the worst Hemorragia stopped,
  else an Inconsciente woken). ``aid_self`` (the movement action): «o a sí mismo», its own
  worst Hemorragia (one who can act is neither Inconsciente nor Moribundo).
* **Recargar** (``reload``: the movement action; ``reload_attack``: one attack action):
  «Las armas con la propiedad Recarga N tardan N acciones del mismo turno»: the N-th
  reload action of the turn fills the cargador (:func:`~.actions.reloaded`); one that
  could not be finished this turn is refused. «Sin munición no hay recarga».
* **Levantarse** (``stand``, the movement action) and **Recoger** (``pick_up``, the
  movement action): the seed gives no rule, so a GM's usual one: standing up and picking up
  what was dropped spend the movement action, with no roll (:class:`~.forms.CertainForm`).

The default policy of whole-fight odds takes the ``"recover"`` actions first (pick up,
stand up, reload, tend its own bleeding; every one of them but ``reload_attack`` costs the
movement action, so one of them a turn), then attacks while the budget allows (twice).
Every Auxiliar, Fintar and Correr roll is «the roller's next roll» (§2.3): it takes and
spends the roller's pending ▽ (the target of a feint keeps its own, as ``feint_roll``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from rolkit.actions import ActionAfter, ActionContext, AttackAction, CheckAction, TurnRules
from rolkit.memo import memo
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure
from rolkit.systems.ashes_of_war.checks.actions import (
    able_refusal,
    pick_up_refusal,
    picked_up,
    reload_refusal,
    reloaded,
    run_refusal,
    stand_refusal,
)
from rolkit.systems.ashes_of_war.checks.forms import (
    CERTAIN_FORM,
    CertainForm,
    OpposedCheckForm,
    SkillCheckForm,
    skill_check_form,
)
from rolkit.systems.ashes_of_war.checks.procedures import CHECKS
from rolkit.systems.ashes_of_war.checks.rolls import aid_purpose, aided
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, evolve
from rolkit.systems.ashes_of_war.messages import key
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.legality import Refusal, attack_refusal
from rolkit.systems.ashes_of_war.rules.pools import skill_pool

__all__ = ["TURN_RULES", "ACTIONS", "CERTAIN", "AID_IDS", "RELOAD_IDS"]

TURN_RULES = TurnRules(
    budget={"move": 1, "attack": 2},
    labels={
        "move": ("acción de movimiento", "acción de movimiento (movement action)"),
        "attack": ("acción de ataque", "acción de ataque (attack action)"),
    },
)
#: «Solo puede hacerse una vez por turno»: every Auxiliar of a turn.
AID_IDS = ("aid", "aid_attack", "aid_self")
#: The actions of one Recarga N, counted within the turn.
RELOAD_IDS = ("reload", "reload_attack")

_OK = Degree("success", ("Éxito", "Éxito (success)"), success=True)


def _certain_odds(form: CertainForm, rules: RulesConfig) -> dict[str, Fraction]:
    return {"success": Fraction(1)}


def _certain_resolve(
    form: CertainForm, rules: RulesConfig, rng: Any
) -> tuple[list[Step], Any, str]:
    rule = "Sin regla en el manual: lo habitual en una mesa (interpretación)"
    return [Step(key("step.certain"), (), {}, rule)], None, "success"


#: An action with no roll: it always succeeds (no die is drawn).
CERTAIN: CheckProcedure[CertainForm, RulesConfig] = CheckProcedure(
    id="certain",
    label=("Sin tirada", "Sin tirada (no roll)"),
    form=CertainForm,
    degrees=(_OK,),
    odds_fn=_certain_odds,
    resolve_fn=_certain_resolve,
)


def _rules(ctx: ActionContext) -> RulesConfig:
    """The fight's options (a tracker fight may have none: the defaults)."""
    return DEFAULT_RULES if ctx.options is None else ctx.options


def _spent(c: Combatant) -> Combatant:
    """§2.3 the roller's pending ▽ spent by its roll."""
    return evolve(c, pending_desgracias=0) if c.pending_desgracias else c


def _skill_form(c: Combatant, skill: str, adversidad: str, rules: RulesConfig) -> SkillCheckForm:
    """The ``skill`` check of ``c`` as the checks panel's form: the pool counted by the
    rules (conditions on quick rolls, wounded limbs, pending ▽), no flag counted twice."""
    pool = skill_pool(c, skill, rules=rules)
    return skill_check_form(skill, pool.ndp, adversidad, pool.gracias, pool.desgracias)


# --------------------------------------------------------------------------- attack
def _second_attack(ctx: ActionContext, m: Modifiers) -> Modifiers:
    """«El segundo ataque realizado se efectuará con un dado de Desgracia (▽)»."""
    return _as_second(m) if ctx.taken.count("attack") else m


@memo
def _as_second(m: Modifiers) -> Modifiers:
    """``m`` for the turn's second attack, validated once and shared: a fight asks for it
    at every turn it weighs or draws, and re-checking every field each time cost a tenth
    of its exploration and of its simulation."""
    return replace(m, attack_number=2)


def _attack_refusal(ctx: ActionContext) -> Refusal | None:
    """Correr «le impide atacar ese turno»; else :func:`attack_refusal`."""
    if "run" in ctx.taken:
        return ("ha corrido este turno: no puede atacar", "ran this turn (Correr): no attack")
    return attack_refusal(ctx.actor, ctx.weapon, _rules(ctx))


# --------------------------------------------------------------------------- feint
def _feint_form(ctx: ActionContext) -> OpposedCheckForm | Refusal:
    why = able_refusal(ctx.actor)
    if why is not None:
        return why
    if ctx.target.conditions.incapacitated:
        return ("no finta a quien no puede defenderse", "cannot feint one who cannot defend")
    a = skill_pool(ctx.actor, "act", rules=_rules(ctx))
    r = skill_pool(ctx.target, "alert", rules=_rules(ctx))
    return OpposedCheckForm(
        active_ndp=a.ndp,
        active_gracias=a.gracias,
        active_desgracias=a.desgracias,
        reactive_ndp=r.ndp,
        reactive_gracias=r.gracias,
        reactive_desgracias=r.desgracias,
    )


def _feint_effect(ctx: ActionContext, form: Any, degree: str, outcome: Any) -> ActionAfter:
    target = evolve(ctx.target, feint_pending=True) if degree == "success" else ctx.target
    return ActionAfter(_spent(ctx.actor), target, ctx.weapon)


# --------------------------------------------------------------------------- run
def _run_form(ctx: ActionContext) -> SkillCheckForm | Refusal:
    if "attack" in ctx.taken:
        return ("ya ha atacado: Correr le impediría atacar", "has attacked: Correr forbids it")
    why = run_refusal(ctx.actor, _rules(ctx))
    if why is not None:
        return why
    return _skill_form(ctx.actor, "run", _rules(ctx).run_adversidad, _rules(ctx))


def _run_effect(ctx: ActionContext, form: Any, degree: str, outcome: Any) -> ActionAfter:
    me = _spent(ctx.actor)
    if degree != "success":
        me = evolve(me, pending_desgracias=1)
    return ActionAfter(me, me, ctx.weapon)


# --------------------------------------------------------------------------- aid
def _aid_refusal(ctx: ActionContext, patient: Combatant) -> Refusal | None:
    why = able_refusal(ctx.actor)
    if why is not None:
        return why
    if any(a in ctx.taken for a in AID_IDS):
        return ("ya ha auxiliado este turno", "has already given aid this turn (Auxiliar)")
    if aid_purpose(patient) is None:
        return ("no tiene nada que atender ahí", "has nothing to tend there")
    return None


def _aid_form(ctx: ActionContext) -> SkillCheckForm | Refusal:
    why = _aid_refusal(ctx, ctx.target)
    return why if why is not None else _skill_form(ctx.actor, "aid", "intermediate", _rules(ctx))


def _aid_effect(ctx: ActionContext, form: Any, degree: str, outcome: Any) -> ActionAfter:
    patient = ctx.target
    if degree == "success":
        purpose, location = aid_purpose(patient) or ("wake", None)
        patient = aided(patient, purpose, location)
    return ActionAfter(_spent(ctx.actor), patient, ctx.weapon)


def _self_aid_form(ctx: ActionContext) -> SkillCheckForm | Refusal:
    why = _aid_refusal(ctx, ctx.actor)
    return why if why is not None else _skill_form(ctx.actor, "aid", "intermediate", _rules(ctx))


def _self_aid_effect(ctx: ActionContext, form: Any, degree: str, outcome: Any) -> ActionAfter:
    me = _spent(ctx.actor)
    if degree == "success":
        purpose, location = aid_purpose(me) or ("bleeding", None)
        me = aided(me, purpose, location)
    return ActionAfter(me, me, ctx.weapon)


# --------------------------------------------------------------------------- reload
def _reload_form(ctx: ActionContext) -> CertainForm | Refusal:
    why = reload_refusal(ctx.actor, ctx.weapon)
    if why is not None:
        return why
    spent = TURN_RULES.spent(ctx.taken, ACTIONS)
    left = sum(TURN_RULES.budget.values()) - sum(spent.values()) - 1
    still = ctx.weapon.reload - sum(a in RELOAD_IDS for a in ctx.taken) - 1
    if still > left:
        return (
            f"no le queda turno para completar la Recarga {ctx.weapon.reload}",
            f"has no turn left to finish Recarga {ctx.weapon.reload} (reload)",
        )
    return CERTAIN_FORM


def _reload_effect(ctx: ActionContext, form: Any, degree: str, outcome: Any) -> ActionAfter:
    done = sum(a in RELOAD_IDS for a in ctx.taken) + 1
    weapon = reloaded(ctx.weapon) if done >= ctx.weapon.reload else ctx.weapon
    return ActionAfter(ctx.actor, ctx.actor, weapon)


# --------------------------------------------------------------------------- stand, pick up
def _stand_form(ctx: ActionContext) -> CertainForm | Refusal:
    why = stand_refusal(ctx.actor)
    return why if why is not None else CERTAIN_FORM


def _stand_effect(ctx: ActionContext, form: Any, degree: str, outcome: Any) -> ActionAfter:
    me = evolve(ctx.actor, conditions=evolve(ctx.actor.conditions, prone=False))
    return ActionAfter(me, me, ctx.weapon)


def _pick_up_form(ctx: ActionContext) -> CertainForm | Refusal:
    why = pick_up_refusal(ctx.actor, _rules(ctx))
    return why if why is not None else CERTAIN_FORM


def _pick_up_effect(ctx: ActionContext, form: Any, degree: str, outcome: Any) -> ActionAfter:
    me = picked_up(ctx.actor)
    return ActionAfter(me, me, ctx.weapon)


_SKILL = CHECKS["skill"]
_MOVE = {"move": 1}
_ATTACK = {"attack": 1}

ACTIONS: dict[str, Any] = {
    "attack": AttackAction(
        "attack",
        ("Atacar", "Atacar (attack)"),
        cost=_ATTACK,
        modifiers_fn=_second_attack,
        refusal_fn=_attack_refusal,
    ),
    "pick_up": CheckAction(
        "pick_up",
        ("Recoger lo soltado", "Recoger lo soltado (pick up what was dropped)"),
        cost=_MOVE,
        target="self",
        kind="recover",
        check=CERTAIN,
        prepare_fn=_pick_up_form,
        effect_fn=_pick_up_effect,
    ),
    "stand": CheckAction(
        "stand",
        ("Levantarse", "Levantarse (stand up)"),
        cost=_MOVE,
        target="self",
        kind="recover",
        check=CERTAIN,
        prepare_fn=_stand_form,
        effect_fn=_stand_effect,
    ),
    "reload": CheckAction(
        "reload",
        ("Recargar con el movimiento", "Recargar con el movimiento (reload: movement action)"),
        cost=_MOVE,
        target="self",
        kind="recover",
        check=CERTAIN,
        prepare_fn=_reload_form,
        effect_fn=_reload_effect,
    ),
    "reload_attack": CheckAction(
        "reload_attack",
        ("Recargar con un ataque", "Recargar con un ataque (reload: an attack action)"),
        cost=_ATTACK,
        target="self",
        kind="recover",
        check=CERTAIN,
        prepare_fn=_reload_form,
        effect_fn=_reload_effect,
    ),
    "aid_self": CheckAction(
        "aid_self",
        ("Auxiliarse", "Auxiliarse (first aid on itself)"),
        cost=_MOVE,
        target="self",
        kind="recover",
        check=_SKILL,
        prepare_fn=_self_aid_form,
        effect_fn=_self_aid_effect,
    ),
    "aid": CheckAction(
        "aid",
        ("Auxiliar con el movimiento", "Auxiliar con el movimiento (first aid: movement action)"),
        cost=_MOVE,
        target="ally",
        kind="aid",
        check=_SKILL,
        prepare_fn=_aid_form,
        effect_fn=_aid_effect,
    ),
    "aid_attack": CheckAction(
        "aid_attack",
        ("Auxiliar con un ataque", "Auxiliar con un ataque (first aid: an attack action)"),
        cost=_ATTACK,
        target="ally",
        kind="aid",
        check=_SKILL,
        prepare_fn=_aid_form,
        effect_fn=_aid_effect,
    ),
    "feint": CheckAction(
        "feint",
        ("Fintar", "Fintar (feint)"),
        cost=_MOVE,
        target="foe",
        kind="other",
        check=CHECKS["opposed"],
        prepare_fn=_feint_form,
        effect_fn=_feint_effect,
    ),
    "run": CheckAction(
        "run",
        ("Correr", "Correr (run up to 18 m; no attack this turn)"),
        cost={"move": 1, "attack": 2},
        target="self",
        kind="other",
        check=_SKILL,
        prepare_fn=_run_form,
        effect_fn=_run_effect,
    ),
}
