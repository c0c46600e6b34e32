"""The actions of an NSd20 turn (issue #25): ``SYSTEM.turn_rules`` and ``SYSTEM.actions``.

NSd20's combat chapter was not found (spec §0), so the turn is the d20 SRD's
[SRD-assumed]: one **acción estándar** (an attack, first aid) and the **acciones
gratuitas** the seed names. Seed: «Un Esfuerzo extra es una acción gratuita … sólo una
vez por turno»; «Puedes gastar un Punto de Acción en ese mismo asalto … para eliminar la
fatiga». The only free action with a rule of its own here is the Punto de Acción spent
against that fatigue; it happens at most once a turn (one Esfuerzo a turn), so the
budget holds one.

* ``attack`` — the attack (P4–P10) with the fight's standing modifiers;
* ``attack_effort`` — the same attack with the Esfuerzo extra's «+2 a una única tirada de
  daño en un ataque cuerpo a cuerpo» (T3): refused with a weapon that is not melee, or
  when the Esfuerzo was already used this turn («sólo una vez por turno»); its fatigue
  comes at the round's end (P11, :func:`.turns.round_end`);
* ``aid`` — first aid on a Moribundo ally [SRD-assumed, the d20 SRD's first aid]:
  Medicina + SAB against ``first_aid_cd`` (15); success leaves it ``stabilised``
  (Estabilizado: out of the fight, no longer dying, until new damage);
* ``help`` — Ayudar a otros (§1.7) in a fight: the helper makes «la misma prueba» as
  the leader's, an attack roll with its own Ataque, «contra una CD 10»; success gives the
  ally +2 on its next attack (``aid_bonus``, used up by that attack; helpers stack unless
  ``aid_helpers_stack`` is off, up to ``max_helpers``) [the +2 «next attack» reading is
  the d20 SRD's aid another in combat];
* ``action_point`` — spend a Punto de Acción (free) on this turn's Esfuerzo extra (the
  round's end then brings no fatigue), or, at the turn after, on the fatigue it brought
  (one step back: ``effort_fatigue_undoable``) (P11); refused with no such fatigue, with
  no point left, or spent already.

Every action is the combatant's own (a stunned or unconscious actor takes none: P16), and
it ends Desprevenido (S3: flat-footed «until its first action»). Not turned into actions:
the Esfuerzo's carry ×2 and +3 m of speed (the fight has no loads or distances; the
comparative check reads them), and its +5 and extra Voluntad save (the checks ``cd`` and
``save``: no rule of the fight calls for a check or a save on one's own turn).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from rolkit.actions import (
    ActionAfter,
    ActionContext,
    AttackAction,
    CheckAction,
    Refusal,
    TurnRules,
)
from rolkit.dice import RandomSource
from rolkit.model import Degree
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.cd import CD
from rolkit.systems.nsd20.checks.first_aid import FIRST_AID
from rolkit.systems.nsd20.checks.forms import ActionPointForm, CDCheckForm, FirstAidForm
from rolkit.systems.nsd20.forms import Combatant, Modifiers, evolve_form
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.aid import AID_BONUS, AID_CD
from rolkit.systems.nsd20.rules.check import characteristic_modifier
from rolkit.systems.nsd20.rules.derived import attack_bonus, wound_penalty
from rolkit.systems.nsd20.rules.wounds import fate
from rolkit.systems.nsd20.tables import FATIGUE_LEVELS

__all__ = ["TURN_RULES", "ACTIONS", "ACTION_POINT"]

#: [SRD-assumed] One acción estándar a turn, and one free action with a rule (the Punto
#: de Acción spent on an Esfuerzo's fatigue).
TURN_RULES = TurnRules(
    budget={"standard": 1, "free": 1},
    labels={
        "standard": ("acción estándar", "acción estándar (standard action)"),
        "free": ("acción gratuita", "acción gratuita (free action)"),
    },
)


def _cannot_act(actor: Combatant, rules: NSd20Rules) -> Refusal | None:
    """P16 Inconsciente (or Moribundo) cannot act; Aturdido cannot act either
    (``stunned_cannot_act``)."""
    if actor.unconscious:
        return "está Inconsciente: no puede actuar", "is Inconsciente (unconscious): cannot act"
    if actor.stunned and rules.stunned_cannot_act:
        return "está Aturdido: pierde este turno", "is Aturdido (stunned): loses this turn"
    return None


def _acted(actor: Combatant) -> Combatant:
    """S3 Desprevenido ends with the combatant's first action."""
    return evolve_form(actor, flat_footed=False) if actor.flat_footed else actor


# --------------------------------------------------------------------------- attacks
def _with_effort(ctx: ActionContext, modifiers: Modifiers) -> Modifiers:
    """T3 Daño extra: this attack's damage roll gets the Esfuerzo's +2."""
    if modifiers.extra_effort_damage:
        return modifiers
    return replace(modifiers, extra_effort_damage=True)


def _attack_refusal(ctx: ActionContext) -> Refusal | None:
    """P16 An Inconsciente (or Moribundo) attacker cannot attack (V21); Aturdido is the
    fight's own reason (:func:`.turns.fight_blow`)."""
    if ctx.actor.unconscious:
        return "está Inconsciente: no puede actuar", "is Inconsciente (unconscious): cannot act"
    return None


def _effort_refusal(ctx: ActionContext) -> Refusal | None:
    """T3/P11 «sólo una vez por turno», melee only, never while Inconsciente."""
    actor: Combatant = ctx.actor
    if actor.unconscious:
        return _attack_refusal(ctx)
    if actor.effort_used_this_turn or "attack_effort" in ctx.taken:
        return (
            "ya usó su Esfuerzo extra este turno",
            "already used its Esfuerzo extra (extra effort) this turn",
        )
    if ctx.weapon.kind != "melee":
        return (
            "el Daño extra del Esfuerzo solo vale cuerpo a cuerpo",
            "the Esfuerzo's extra damage is for melee attacks only",
        )
    return None


ATTACK = AttackAction(
    "attack",
    label=("Atacar", "Atacar (attack)"),
    cost={"standard": 1},
    kind="attack",
    refusal_fn=_attack_refusal,
)
ATTACK_EFFORT = AttackAction(
    "attack_effort",
    label=(
        "Atacar con Esfuerzo extra (+2 al daño)",
        "Atacar con Esfuerzo extra (attack with extra effort, +2 damage)",
    ),
    cost={"standard": 1},
    kind="attack",
    modifiers_fn=_with_effort,
    refusal_fn=_effort_refusal,
)


# --------------------------------------------------------------------------- first aid
def _first_aid_form(ctx: ActionContext) -> FirstAidForm | Refusal:
    """The first-aid check from the fight: the actor's Medicina + SAB modifier (less its
    wound penalty, P16) against ``first_aid_cd``; refused unless the target is dying and
    not yet stabilised."""
    rules: NSd20Rules = ctx.options
    actor: Combatant = ctx.actor
    target: Combatant = ctx.target
    why = _cannot_act(actor, rules)
    if why is not None:
        return why
    if not target.dying:
        return (
            f"no puede estabilizar a {target.name or 'su objetivo'}: no está Moribundo",
            f"cannot stabilise {target.name or 'the target'}: not Moribundo (dying)",
        )
    if target.stabilised:
        return (
            f"{target.name or 'su objetivo'} ya está Estabilizado",
            f"{target.name or 'the target'} is already Estabilizado (stabilised)",
        )
    wisdom = characteristic_modifier(actor.wisdom)  # fatigue lowers FUE and DES only (T4)
    modifier = actor.medicine + wisdom - wound_penalty(actor, rules)
    return FirstAidForm(modifier=max(-20, min(40, modifier)), cd=rules.first_aid_cd)


def _first_aid_effect(
    ctx: ActionContext, form: FirstAidForm, degree: str, outcome: Any
) -> ActionAfter:
    """Success stabilises the target (its fate: down, not dying); failure changes nothing
    but the actor's Desprevenido."""
    target: Combatant = ctx.target
    if FIRST_AID.degree(degree).success:
        target = evolve_form(target, stabilised=True)
    return ActionAfter(_acted(ctx.actor), target, ctx.weapon)


FIRST_AID_ACTION = CheckAction(
    "aid",
    label=("Primeros auxilios", "Primeros auxilios (first aid)"),
    cost={"standard": 1},
    target="ally",
    kind="aid",
    check=FIRST_AID,
    prepare_fn=_first_aid_form,
    effect_fn=_first_aid_effect,
)


# --------------------------------------------------------------------------- aid another
#: The most aid a form can hold (its field's range).
AID_MAX = 20


def _aid_cap(rules: NSd20Rules) -> int:
    """§1.7, G4 The most aid one attack can get: +2 per helper (or +2 in all when the
    helpers do not stack), at most ``max_helpers`` helpers."""
    cap = AID_MAX if rules.aid_helpers_stack else AID_BONUS
    if rules.max_helpers is not None:
        cap = min(cap, AID_BONUS * rules.max_helpers)
    return cap


def _help_form(ctx: ActionContext) -> CDCheckForm | Refusal:
    """§1.7 The helper's attack roll against CD 10, or why it cannot help now."""
    rules: NSd20Rules = ctx.options
    actor: Combatant = ctx.actor
    ally: Combatant = ctx.target
    why = _cannot_act(actor, rules)
    if why is not None:
        return why
    if ally is actor or fate(ally.wound_state, ally.pr, ally.fatigue, rules) is not None:
        return (
            "solo puede ayudar a un aliado que pueda atacar",
            "can only aid an ally who can attack",
        )
    if ally.aid_bonus + AID_BONUS > _aid_cap(rules):
        return (
            f"{ally.name or 'su aliado'} ya recibe toda la ayuda posible",
            f"{ally.name or 'the ally'} already gets all the aid allowed",
        )
    modifier = attack_bonus(actor, ctx.weapon, ctx.modifiers, rules=rules)
    return CDCheckForm(modifier=max(-20, min(40, modifier)), cd=AID_CD)


def _help_effect(ctx: ActionContext, form: CDCheckForm, degree: str, outcome: Any) -> ActionAfter:
    """§1.7 «El éxito proporciona al líder un +2»: on the ally's next attack."""
    ally: Combatant = ctx.target
    if CD.degree(degree).success:
        ally = evolve_form(ally, aid_bonus=ally.aid_bonus + AID_BONUS)
    return ActionAfter(_acted(ctx.actor), ally, ctx.weapon)


HELP_ACTION = CheckAction(
    "help",
    label=(
        "Ayudar a otros (+2 al próximo Ataque de un aliado)",
        "Ayudar a otros (aid another: +2 on an ally's next attack)",
    ),
    cost={"standard": 1},
    target="ally",
    kind="other",
    check=CD,
    prepare_fn=_help_form,
    effect_fn=_help_effect,
)


# --------------------------------------------------------------------------- the point
def _action_point_form(ctx: ActionContext) -> Any:
    """P11 «Puedes gastar un Punto de Acción en ese mismo asalto, o al inicio del turno
    siguiente … para eliminar la fatiga»: on this turn's Esfuerzo (no fatigue will come),
    or on the fatigue it brought as this round began (one step back); once, with a point
    left."""
    actor: Combatant = ctx.actor
    woken = actor.effort_fatigue_undoable and actor.wound_state != "moribundo"
    if actor.unconscious and not woken:  # P11 allows it on the Inconsciente the effort made
        return "está Inconsciente: no puede actuar", "is Inconsciente (unconscious): cannot act"
    pending = actor.effort_used_this_turn and not actor.action_point_spent
    if not (pending or actor.effort_fatigue_undoable):
        if actor.action_point_spent:
            return (
                "ya gastó un Punto de Acción contra esta fatiga",
                "already spent a Punto de Acción (action point) on this fatigue",
            )
        return (
            "no tiene fatiga de un Esfuerzo extra que evitar",
            "has no Esfuerzo extra (extra effort) fatigue to avoid",
        )
    if actor.action_points < 1:
        return "no le quedan Puntos de Acción", "has no Puntos de Acción (action points) left"
    return ActionPointForm(action_points=actor.action_points)


def _action_point_effect(
    ctx: ActionContext, form: ActionPointForm, degree: str, outcome: Any
) -> ActionAfter:
    """The fatigue already come is taken back first (it is the start of the turn after);
    else this turn's Esfuerzo will bring none."""
    actor: Combatant = ctx.actor
    points = actor.action_points - 1
    if actor.effort_fatigue_undoable:
        back = FATIGUE_LEVELS[FATIGUE_LEVELS.index(actor.fatigue) - 1]
        after = evolve_form(
            actor, fatigue=back, action_points=points, effort_fatigue_undoable=False
        )
    else:
        after = evolve_form(actor, action_points=points, action_point_spent=True)
    return ActionAfter(_acted(after), ctx.target, ctx.weapon)


SPENT = Degree("gastado", ("Punto de Acción gastado", "Punto de Acción gastado (spent)"), True)


def _point_odds(form: ActionPointForm, rules: NSd20Rules) -> dict[str, Fraction]:
    return {"gastado": Fraction(1)}


def _point_resolve(
    form: ActionPointForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    step = NSd20Step(
        "nsd20.step.action_point",
        (),
        {"points_before": form.action_points, "points_after": form.action_points - 1},
        CITE["action_point"],
    )
    return [step], {"action_points": form.action_points - 1}, "gastado"


ACTION_POINT = CheckProcedure(
    "action_point",
    ("Gastar un Punto de Acción", "Gastar un Punto de Acción (spend an action point)"),
    ActionPointForm,
    (SPENT,),
    _point_odds,
    _point_resolve,
)

ACTION_POINT_ACTION = CheckAction(
    "action_point",
    label=(
        "Gastar un Punto de Acción contra la fatiga",
        "Gastar un Punto de Acción contra la fatiga (spend an action point: no fatigue)",
    ),
    cost={"free": 1},
    target="self",
    kind="other",
    check=ACTION_POINT,
    prepare_fn=_action_point_form,
    effect_fn=_action_point_effect,
)

ACTIONS = {
    "attack": ATTACK,
    "attack_effort": ATTACK_EFFORT,
    "aid": FIRST_AID_ACTION,
    "help": HELP_ACTION,
    "action_point": ACTION_POINT_ACTION,
}
