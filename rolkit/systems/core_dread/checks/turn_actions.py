"""§4.3 A Core Dread turn as actions (issue #25): ``TURN_RULES`` and ``TURN_ACTIONS``.

«Un turno es la oportunidad que posee cada personaje para realizar un movimiento y una
acción, o una acción y luego un movimiento» (§4.3): a turn's budget is one ``action`` and
one ``move``. «Cada personaje tiene un solo turno por asalto», and a defence (block, dodge,
shooting back) «se considera que está haciendo uso de su turno» (§4.3.6): the defence is
not taken on one's own turn, it is the reply to an attack; it stays what it was —
:func:`..turns.fight_blow` with the defence policy, and :func:`..turns.turn_end` spending
the turn — so a character who defended this round has no turn left: every action below
is refused then (G23; not under ``defence_requires_turn=False``).

The actions (each a form, exact odds, a seeded resolve and its effect on the forms):

* ``"attack"`` (the action): the System's attack; a character ``aiming`` shoots with
  Concentración (§4.4, ``aimed``); refused with an empty firearm, from cover, or at range
  at a target in cover (§3.6, §4.14).
* ``"aim"`` (the action): «se mantiene apuntando durante el turno»; the next shot uses
  Concentración (:mod:`.maneuvers`).
* ``"reload"`` (the action): «cambiar un cargador por otro o “recargar” un arco, lo que
  solo toma un turno» (§4.14): the weapon is full again (:mod:`.reload`). Without a spare
  magazine it «puede llevar varios minutos»: refused in a fight.
* ``"aid"`` (the action, on an ally): «atención médica de urgencia» for a Malherido
  (§4.16): the patient is cared for from then on and makes the day's Fortaleza check with
  care at once (the ``"healing"`` check: success turns a Malherido into a Lesionado).
* ``"stand_up"`` (the movement): off the ground after «Irse al suelo por heridas» (§4.12);
  the seed gives no roll, so it is certain.
* ``"take_cover"`` / ``"leave_cover"`` (the movement): «quedar a cubierto o salir de una
  cobertura después de moverse» (§4.14).

Kinds, as the whole-fight default policy reads them: only ``"attack"`` and ``"aid"`` (when
asked) are chosen by it. Standing up is ``"other"``, not ``"recover"``: being on the ground
changes no figure in the seed (§4.12, G15), so a policy that stood up would reach the same
odds through more states (480 instead of 300 for the default duel); reloading, aiming and
cover are a GM's choices (the default policy never made them: whole-fight figures are those
of before).

Interpretations (the seed is silent): standing up, taking and leaving cover take the
movement, not the action; the patient rolls its own Fortaleza with no skill (the seed names
no healing skill); first aid is given to a living Malherido not yet cared for.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rolkit.actions import ActionAfter, ActionContext, AttackAction, CheckAction, TurnRules
from rolkit.systems.core_dread.checks.forms import (
    AimForm,
    CoverForm,
    HealingCheckForm,
    ReloadForm,
    StandUpForm,
)
from rolkit.systems.core_dread.checks.maneuvers import (
    AIM,
    COVER,
    STAND_UP,
    leave_cover,
    stand_up,
    start_aiming,
    take_cover,
)
from rolkit.systems.core_dread.checks.procedures import HEALING_CHECK
from rolkit.systems.core_dread.checks.refusals import (
    Refusal,
    aid_refusal,
    aim_refusal,
    attack_refusal,
    leave_cover_refusal,
    reload_refusal,
    stand_up_refusal,
    take_cover_refusal,
    turn_used,
)
from rolkit.systems.core_dread.checks.reload import RELOAD, reload_weapon
from rolkit.systems.core_dread.forms import Combatant, Modifiers, weapon_attacks_left
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.rules.healing import urgent_care

__all__ = ["TURN_RULES", "TURN_ACTIONS", "DEGREE_HITS"]

TURN_RULES = TurnRules(
    budget={"action": 1, "move": 1},
    labels={
        "action": ("Acción", "Acción (action)"),
        "move": ("Movimiento", "Movimiento (movement)"),
    },
)
ACTION = {"action": 1}
MOVE = {"move": 1}

#: §1.5 A degree's final hits, as the healing rule reads them (success at 3+, a
#: disastrous failure at 0): every hit count of a degree gives the same effect.
DEGREE_HITS = {
    "exito_espectacular": 5,
    "exito_sobresaliente": 4,
    "exito_normal": 3,
    "fallo_o_exito_marginal": 2,
    "fallo_serio": 1,
    "fallo_desastroso": 0,
}


def _options(ctx: ActionContext) -> CoreDreadOptions:
    options: CoreDreadOptions = ctx.options if ctx.options is not None else DEFAULT_OPTIONS
    return options


def _first(*refusals: Refusal | None) -> Refusal | None:
    return next((r for r in refusals if r is not None), None)


def _same(ctx: ActionContext, **changes: Any) -> ActionAfter:
    """The forms as they were, but ``changes`` (``actor``, ``target``, ``weapon``)."""
    return ActionAfter(ctx.actor, ctx.target, ctx.weapon)._replace(**changes)


# --------------------------------------------------------------------------- attack
def _attack_modifiers(ctx: ActionContext, modifiers: Modifiers) -> Modifiers:
    """§4.4 A character who aimed last turn shoots with Concentración («aimed»)."""
    if ctx.actor.aiming and ctx.weapon.mode == "ranged" and not modifiers.aimed:
        return dataclasses.replace(modifiers, aimed=True)
    return modifiers


def _attack_refusal(ctx: ActionContext) -> Refusal | None:
    point_blank = bool(ctx.modifiers is not None and ctx.modifiers.point_blank)
    return attack_refusal(ctx.actor, ctx.weapon, ctx.target, point_blank)


ATTACK = AttackAction(
    id="attack",
    label=("Atacar", "Atacar (attack)"),
    cost=ACTION,
    modifiers_fn=_attack_modifiers,
    refusal_fn=_attack_refusal,
)


# --------------------------------------------------------------------------- aim
def _aim_prepare(ctx: ActionContext) -> AimForm | Refusal:
    refusal = _first(turn_used(ctx.actor, _options(ctx)), aim_refusal(ctx.actor, ctx.weapon))
    if refusal is not None:
        return refusal
    return AimForm(agilidad=ctx.actor.agilidad, concentracion=ctx.actor.concentracion)


def _aim_effect(ctx: ActionContext, form: AimForm, degree: str, outcome: Any) -> ActionAfter:
    return _same(ctx, actor=start_aiming(ctx.actor))


AIM_ACTION = CheckAction(
    id="aim",
    label=("Apuntar", "Apuntar (aim)"),
    check=AIM,
    prepare_fn=_aim_prepare,
    effect_fn=_aim_effect,
    cost=ACTION,
    target="self",
    kind="other",
)


# --------------------------------------------------------------------------- reload
def _reload_prepare(ctx: ActionContext) -> ReloadForm | Refusal:
    refusal = _first(turn_used(ctx.actor, _options(ctx)), reload_refusal(ctx.weapon))
    if refusal is not None:
        return refusal
    w = ctx.weapon
    assert w.ranged_type is not None  # reload_refusal: a firearm
    return ReloadForm(
        ranged_type=w.ranged_type,
        attacks_left=weapon_attacks_left(w) or 0,
        capacity=w.capacity,
        spare_magazine=w.spare_magazine,
    )


def _reload_effect(ctx: ActionContext, form: ReloadForm, degree: str, outcome: Any) -> ActionAfter:
    return _same(ctx, weapon=reload_weapon(ctx.weapon).weapon)


RELOAD_ACTION = CheckAction(
    id="reload",
    label=("Recargar", "Recargar (reload)"),
    check=RELOAD,
    prepare_fn=_reload_prepare,
    effect_fn=_reload_effect,
    cost=ACTION,
    target="self",
    kind="other",
)


# --------------------------------------------------------------------------- aid
def _aid_prepare(ctx: ActionContext) -> HealingCheckForm | Refusal:
    refusal = _first(turn_used(ctx.actor, _options(ctx)), aid_refusal(ctx.target))
    if refusal is not None:
        return refusal
    p: Combatant = ctx.target
    return HealingCheckForm(
        fortaleza=p.fortaleza,
        skill=0,
        magullado=p.magullado,
        lesionado=p.lesionado,
        malherido=p.malherido,
        cared=True,
        gore_mode=p.gore_mode,
    )


def _aid_effect(
    ctx: ActionContext, form: HealingCheckForm, degree: str, outcome: Any
) -> ActionAfter:
    return _same(ctx, target=urgent_care(ctx.target, DEGREE_HITS[degree], _options(ctx)))


AID = CheckAction(
    id="aid",
    label=("Atención de urgencia", "Atención de urgencia (first aid)"),
    check=HEALING_CHECK,
    prepare_fn=_aid_prepare,
    effect_fn=_aid_effect,
    cost=ACTION,
    target="ally",
    kind="aid",
)


# --------------------------------------------------------------------------- movement
def _stand_up_prepare(ctx: ActionContext) -> StandUpForm | Refusal:
    refusal = _first(turn_used(ctx.actor, _options(ctx)), stand_up_refusal(ctx.actor))
    return refusal if refusal is not None else StandUpForm(prone=True)


def _stand_up_effect(
    ctx: ActionContext, form: StandUpForm, degree: str, outcome: Any
) -> ActionAfter:
    return _same(ctx, actor=stand_up(ctx.actor))


STAND_UP_ACTION = CheckAction(
    id="stand_up",
    label=("Levantarse", "Levantarse (get up)"),
    check=STAND_UP,
    prepare_fn=_stand_up_prepare,
    effect_fn=_stand_up_effect,
    cost=MOVE,
    target="self",
    kind="other",  # prone changes no figure (§4.12, G15): the default policy need not stand
)


def _take_cover_prepare(ctx: ActionContext) -> CoverForm | Refusal:
    refusal = _first(turn_used(ctx.actor, _options(ctx)), take_cover_refusal(ctx.actor))
    return refusal if refusal is not None else CoverForm(in_cover=False)


def _leave_cover_prepare(ctx: ActionContext) -> CoverForm | Refusal:
    refusal = _first(turn_used(ctx.actor, _options(ctx)), leave_cover_refusal(ctx.actor))
    return refusal if refusal is not None else CoverForm(in_cover=True)


def _cover_effect(ctx: ActionContext, form: CoverForm, degree: str, outcome: Any) -> ActionAfter:
    moved = take_cover(ctx.actor) if degree == "takes" else leave_cover(ctx.actor)
    return _same(ctx, actor=moved)


TAKE_COVER = CheckAction(
    id="take_cover",
    label=("Ponerse a cubierto", "Ponerse a cubierto (take cover)"),
    check=COVER,
    prepare_fn=_take_cover_prepare,
    effect_fn=_cover_effect,
    cost=MOVE,
    target="self",
    kind="other",
)
LEAVE_COVER = CheckAction(
    id="leave_cover",
    label=("Salir de la cobertura", "Salir de la cobertura (leave cover)"),
    check=COVER,
    prepare_fn=_leave_cover_prepare,
    effect_fn=_cover_effect,
    cost=MOVE,
    target="self",
    kind="other",
)

#: ``SYSTEM.actions``: every action the seed gives a Core Dread turn.
TURN_ACTIONS: dict[str, Any] = {
    "attack": ATTACK,
    "aim": AIM_ACTION,
    "reload": RELOAD_ACTION,
    "aid": AID,
    "stand_up": STAND_UP_ACTION,
    "take_cover": TAKE_COVER,
    "leave_cover": LEAVE_COVER,
}
