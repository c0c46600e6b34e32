"""P9, P12, P13, P15, P19, P24 The actions of a Tierkreis turn that are checks or need no
roll (``SYSTEM.actions``, :mod:`rolkit.actions`).

Seed (*Acciones*): «cada combatiente puede hacer una acción»: *Ataque*, *Chequeo*,
*Defensa*, *Ítem*, *Mover*, *Poder*. One action per turn (P24, G23): every action here
costs it, except the free ones of :mod:`.attack_actions`.

* **Defensa** (P13): «+1 a sus chequeos de esquiva hasta el inicio de su próximo turno».
* **Levantarse** (P12): «Un oponente tumbado debe gastar su acción o su movimiento para
  levantarse» (the action; a GM granting a move besides it is G23).
* **Recoger el arma** (*Ítem*, «recoger … un objeto»): a weapon dropped by a fumble.
* **Desenfundar otra arma** (*Ítem*, «Desenfundar otra arma es un ejemplo»): after a snatch.
* **Recargar** (P19): «Usualmente se recargan con una acción», when the load is spent.
* **Mover** (P24): AGI metres; «Un oponente agarrado no puede alejarse» (P15).
* **Preparar una acción** (P19): held for a trigger; lost when its turn comes again.
* **Curar** (P9, *Ítem*/*Poder*): «Los poderes que recuperan PV salvan la vida del personaje
  y le traen de vuelta a la consciencia, borrando los puntos de muerte … El personaje
  despierta tumbado»; a beneficial power needs no check («se considera que el beneficiado
  acepta»). The PV it restores are the option ``aid_pv`` (the text gives no number). A
  dying ally at 3 death points whose turn has not started yet can still be healed (G11).
* **Agarrar**, **Liberarse**, **Arrebatar**, **Empujar**, **Tumbar** (P15): the maneuver
  check (``SYSTEM.checks["maneuver"]``), the player rolling against an NPC (P3); their
  results set ``grappled``/``grappling``, ``weapon_state="snatched"`` or ``prone``.

The actions that need no roll are checks with one degree («Hecho»): their law is the one
form after them, probability 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rolkit import fields
from rolkit.actions import ActionAfter, ActionContext, CheckAction, Refusal
from rolkit.dice import RandomSource
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure
from rolkit.systems.tierkreis.checks.forms import ManeuverForm
from rolkit.systems.tierkreis.checks.procedures import CHECKS
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.forms import Combatant, Modifiers
from rolkit.systems.tierkreis.options import DEFAULT_OPTIONS, TierkreisOptions
from rolkit.systems.tierkreis.rules.health import DEATH_AT, heal

__all__ = ["AUTOMATIC", "AutomaticForm", "CHECK_ACTIONS", "options_of", "AUTOMATIC_ACTIONS"]

#: The actions that need no roll: ``id: ((es, en) label, the rule a step cites)``.
AUTOMATIC_ACTIONS: dict[str, tuple[tuple[str, str], str]] = {
    "defend": (
        ("Defensa", "Defensa (defensive stance)"),
        "P13 «+1 a sus chequeos de esquiva hasta el inicio de su próximo turno»",
    ),
    "stand_up": (
        ("Levantarse", "Levantarse (stand up)"),
        "P12 «debe gastar su acción o su movimiento para levantarse»",
    ),
    "pick_up": (
        ("Recoger el arma", "Recoger el arma (pick up the weapon)"),
        "P24 Ítem: «arrojar, recoger o interactuar con un objeto»",
    ),
    "draw": (
        ("Desenfundar otra arma", "Desenfundar otra arma (draw another weapon)"),
        "P24 Ítem: «Desenfundar otra arma es un ejemplo de interacción con un ítem»",
    ),
    "reload": (
        ("Recargar", "Recargar (reload)"),
        "P19 «Usualmente se recargan con una acción»",
    ),
    "move": (
        ("Mover", "Mover (move)"),
        "P24 «se mueve tantos metros como su puntuación de AGI»",
    ),
    "prepare": (
        ("Preparar una acción", "Preparar una acción (ready an action)"),
        "P19 «preparar una acción esperando ejecutarla cuando ocurra cierta condición»",
    ),
    "aid": (
        ("Curar", "Curar (heal: a power or an item)"),
        "P9 «Los poderes que recuperan PV salvan la vida … El personaje despierta tumbado»",
    ),
}

_validate = fields.validator(TierkreisInputError)


@dataclass(frozen=True)
class AutomaticForm:
    """An action that needs no roll: which, and who takes it."""

    action: str = fields.choice_field(
        "defend",
        {k: v[0] for k, v in AUTOMATIC_ACTIONS.items()},
        label=("Acción", "Acción (action)"),
        help=("La acción que se hace, sin tirada.", "The action taken, with no roll."),
        rule="P24",
    )
    combatant: Combatant = fields.nested_field(
        Combatant,
        label=("Personaje", "Personaje (character)"),
        help=("Quien hace la acción.", "Who takes the action."),
    )

    def __post_init__(self) -> None:
        _validate(self)


def _automatic_odds(form: AutomaticForm, options: TierkreisOptions) -> dict[str, Fraction]:
    return {"done": Fraction(1)}


def _automatic_resolve(
    form: AutomaticForm, options: TierkreisOptions, rng: RandomSource
) -> tuple[list[Step], object, str]:
    label, rule = AUTOMATIC_ACTIONS[form.action]
    step = Step("tierkreis.step.no_roll", (), {"action": f"tierkreis.action.{form.action}"}, rule)
    return [step], None, "done"


#: The «check» of an action that needs no roll: one degree, certain.
AUTOMATIC: CheckProcedure[AutomaticForm, TierkreisOptions] = CheckProcedure(
    id="automatic",
    label=("Sin tirada", "Sin tirada (no roll)"),
    form=AutomaticForm,
    degrees=(Degree("done", ("Hecho", "Hecho (done)"), True),),
    odds_fn=_automatic_odds,
    resolve_fn=_automatic_resolve,
)


def options_of(ctx: ActionContext) -> TierkreisOptions:
    """The options of the fight (they may travel in the modifiers, §2.3)."""
    if isinstance(ctx.options, TierkreisOptions):
        return ctx.options
    if isinstance(ctx.modifiers, Modifiers):
        return ctx.modifiers.options
    return DEFAULT_OPTIONS


# --------------------------------------------------------------------------- no roll
def _dead(c: Combatant, options: TierkreisOptions) -> bool:
    return c.dead or (c.death_points >= DEATH_AT and options.death_timing == "immediate")


def _refuse_defend(ctx: ActionContext) -> Refusal | None:
    if ctx.actor.defensive_stance:
        return ("ya está en Defensa", "is already in Defensa (defensive stance)")
    return None


def _refuse_stand_up(ctx: ActionContext) -> Refusal | None:
    return None if ctx.actor.prone else ("no está tumbado", "is not prone (tumbado)")


def _refuse_pick_up(ctx: ActionContext) -> Refusal | None:
    if ctx.actor.weapon_state != "dropped":
        return ("no se le cayó el arma", "has not dropped its weapon")
    return None


def _refuse_draw(ctx: ActionContext) -> Refusal | None:
    if ctx.actor.weapon_state != "snatched":
        return ("no le arrebataron el arma", "has not had its weapon snatched")
    return None


def _refuse_reload(ctx: ActionContext) -> Refusal | None:
    if ctx.weapon.shots is None:
        return ("su arma no cuenta munición", "its weapon counts no ammunition")
    if ctx.actor.weapon_state != "in_hand":
        return ("no tiene el arma en la mano", "does not hold its weapon")
    if ctx.weapon.shots > 0:
        return ("aún le queda munición", "still has shots left")
    return None


def _refuse_move(ctx: ActionContext) -> Refusal | None:
    if ctx.actor.grappled:
        return ("está agarrado: no puede alejarse", "is grappled (agarrado): it cannot move away")
    return None


def _refuse_prepare(ctx: ActionContext) -> Refusal | None:
    if ctx.actor.prepared_action:
        return ("ya tiene una acción preparada", "already has a prepared action")
    return None


def _refuse_aid(ctx: ActionContext) -> Refusal | None:
    t = ctx.target
    if _dead(t, options_of(ctx)):
        return ("no puede curar a un muerto", "cannot heal the dead")
    if t.pv >= t.pv_max and t.death_points == 0:
        return ("no puede curar a quien no está herido", "cannot heal one who is not hurt")
    return None


def _on_actor(**changes: Any) -> Callable[[ActionContext], ActionAfter]:
    def effect(ctx: ActionContext) -> ActionAfter:
        actor = replace(ctx.actor, **changes)
        return ActionAfter(actor, actor, ctx.weapon)

    return effect


def _reloaded(ctx: ActionContext) -> ActionAfter:
    return ActionAfter(ctx.actor, ctx.actor, replace(ctx.weapon, ammo_left=None))


def _moved(ctx: ActionContext) -> ActionAfter:
    """P24 *Mover*: positions are not kept, so no form changes."""
    return ActionAfter(ctx.actor, ctx.actor, ctx.weapon)


def _healed(ctx: ActionContext) -> ActionAfter:
    """P9 The ally after Curar: PV restored (capped), death points cleared; one healed from
    0 PV wakes up prone. At 3 points with its turn not started (G11 ``turn_start``) it is
    still dying, so it can be saved."""
    t, options = ctx.target, options_of(ctx)
    state = heal(t.pv, t.death_points, options.aid_pv, t.pv_max, still_dying=not _dead(t, options))
    healed = replace(t, pv_current=state.pv, death_points=state.death_points)
    if t.pv == 0 and state.pv > 0:
        healed = replace(healed, prone=True)
    return ActionAfter(ctx.actor, healed, ctx.weapon)


_AUTOMATIC_RULES: dict[
    str,
    tuple[Callable[[ActionContext], Refusal | None], Callable[[ActionContext], ActionAfter]],
] = {
    "defend": (_refuse_defend, _on_actor(defensive_stance=True)),
    "stand_up": (_refuse_stand_up, _on_actor(prone=False)),
    "pick_up": (_refuse_pick_up, _on_actor(weapon_state="in_hand")),
    "draw": (_refuse_draw, _on_actor(weapon_state="in_hand")),
    "reload": (_refuse_reload, _reloaded),
    "move": (_refuse_move, _moved),
    "prepare": (_refuse_prepare, _on_actor(prepared_action=True)),
    "aid": (_refuse_aid, _healed),
}
_AUTOMATIC_KINDS = {"stand_up": "recover", "pick_up": "recover", "reload": "recover", "aid": "aid"}


def _automatic(action_id: str) -> CheckAction:
    refuse, effect = _AUTOMATIC_RULES[action_id]

    def prepare(ctx: ActionContext) -> Any:
        why = refuse(ctx)
        return why if why is not None else AutomaticForm(action_id, ctx.actor)

    def after(ctx: ActionContext, form: Any, degree: str, outcome: Any) -> ActionAfter:
        return effect(ctx)

    return CheckAction(
        id=action_id,
        label=AUTOMATIC_ACTIONS[action_id][0],
        check=AUTOMATIC,
        prepare_fn=prepare,
        effect_fn=after,
        target="ally" if action_id == "aid" else "self",
        kind=_AUTOMATIC_KINDS.get(action_id, "other"),
    )


# --------------------------------------------------------------------------- P15 maneuvers
_MANEUVER_LABELS = {
    "grapple": ("Agarrar", "Agarrar (grapple)"),
    "break_free": ("Liberarse", "Liberarse (break free)"),
    "snatch": ("Arrebatar", "Arrebatar (snatch)"),
    "push": ("Empujar", "Empujar (push)"),
    "trip": ("Tumbar", "Tumbar (knock down)"),
}


def _maneuver_form(action_id: str, ctx: ActionContext) -> Any:
    """P15 The maneuver's check form from the fight, or why it cannot be tried now."""
    actor, target = ctx.actor, ctx.target
    if action_id == "break_free":
        if not actor.grappled:
            return ("no está agarrado", "is not grappled (agarrado)")
        if not target.grappling:
            return ("ese no le tiene agarrado", "is not held by that one")
        if target.status != "active":
            return ("quien le agarra no puede actuar", "the grappler cannot act")
        # «el personaje que hizo el agarre debe superar un chequeo de FUE o AGI para
        # mantener el agarre» (against a player, the player rolls to break free, P3)
        return ManeuverForm("keep_grapple", target, actor)
    if action_id == "grapple" and target.grappled:
        return ("ya está agarrado", "is already grappled")
    if action_id == "snatch" and target.weapon_state != "in_hand":
        return ("no tiene un arma en la mano", "holds no weapon")
    if action_id == "trip" and target.prone:
        return ("ya está tumbado", "is already prone")
    return ManeuverForm(action_id, actor, target)


def _maneuver_after(action_id: str, ctx: ActionContext, degree: str) -> ActionAfter:
    """P15 The forms after the maneuver's result (read from the maneuver's side)."""
    actor, target = ctx.actor, ctx.target
    success = degree in ("critical", "success")
    if action_id == "break_free":
        if success:  # the grip is kept
            return ActionAfter(actor, target, ctx.weapon)
        return ActionAfter(
            replace(actor, grappled=False), replace(target, grappling=False), ctx.weapon
        )
    if not success:
        return ActionAfter(actor, target, ctx.weapon)
    if action_id == "grapple":
        return ActionAfter(
            replace(actor, grappling=True), replace(target, grappled=True), ctx.weapon
        )
    if action_id == "snatch":
        return ActionAfter(actor, replace(target, weapon_state="snatched"), ctx.weapon)
    if action_id == "trip" or (action_id == "push" and degree == "critical"):
        return ActionAfter(actor, replace(target, prone=True), ctx.weapon)
    return ActionAfter(actor, target, ctx.weapon)  # a push of 1 m: positions are not kept


def _maneuver(action_id: str) -> CheckAction:
    def prepare(ctx: ActionContext) -> Any:
        return _maneuver_form(action_id, ctx)

    def after(ctx: ActionContext, form: Any, degree: str, outcome: Any) -> ActionAfter:
        return _maneuver_after(action_id, ctx, degree)

    return CheckAction(
        id=action_id,
        label=_MANEUVER_LABELS[action_id],
        check=CHECKS["maneuver"],
        prepare_fn=prepare,
        effect_fn=after,
        target="foe",
        kind="other",
    )


#: The actions that are checks (the maneuvers) or need no roll, in the order a GM reads them.
CHECK_ACTIONS: dict[str, CheckAction] = {
    **{a: _automatic(a) for a in ("defend", "stand_up", "pick_up", "reload", "draw")},
    **{a: _maneuver(a) for a in _MANEUVER_LABELS},
    **{a: _automatic(a) for a in ("aid", "move", "prepare")},
}
