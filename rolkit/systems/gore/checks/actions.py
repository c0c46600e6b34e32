"""#25 The turn of a G.O.R.E. combatant: its budget (:data:`TURN_RULES`) and the actions
it may take (:data:`ACTIONS`), each with its exact law over the forms and a seeded resolve.

«Tiempo»: «el turno o turno de combate, que es una unidad estándar de tiempo que permite
una acción»: one ``action`` a turn. The actions the seed gives a turn:

* ``attack`` — «Ataque cuerpo a cuerpo» / «Ataque a Distancia»: the System's attack.
  Refused while the attacker cannot attack: *Conmocionado* (P15 «incapaz de atacar»), a
  T11 fumble's lost attack (``no_attack``, ``defend_only``), or a counted firearm with
  fewer rounds loaded than the blow fires (P11.8: reload first).
* ``charge`` (*Carga*, P15: «si tiene éxito en su tirada, tiene un modificador de +1D4 al
  daño»; «Las armas a distancia no pueden usarse en una carga»), ``disarm`` (*Desarmar*,
  P15) and ``ko`` (*buscar un KO*, P14: «Debe declararse … antes de hacer el ataque»):
  the attack with that declaration. A GM's choice (kind ``other``): the default policy
  never picks them.
* ``aid`` — *Primeros Auxilios* on a fallen ally (P13.4, T9, P13.6), the healer's
  ``first_aid_skill``: a success stabilises a dying or bleeding ally (``stabilised``: the
  *Mortal* count, the bleeding and a destroyed location's count stop) and wakes one
  unconscious at 1–2 HP («hasta que tenga 3 o reciba ayuda»). Offered only when the ally
  needs it (dying, bleeding, counting, or unconscious at 1–2 HP) and is not dead.
* ``stand_up`` — *Cambiar de posición* (P15): no roll; ``prone`` ends, and «Mientras lo
  hace no puede esquivar o bloquear» (no defence for the rest of this round:
  ``defence_disabled_left = 0``). Refused when not prone, or when the legs cannot hold it
  (T9: a hurt abdomen «no le responden las piernas»; a destroyed leg «será imposible
  mantenerse en pie»).
* ``defend`` — *Defender* (P15): no roll; +20 to dodge and block until its next turn
  (condition ``full_defence``, ended by ``turn_start``). A GM's choice (kind ``other``).
* ``reload`` — *Recargando* (P11.8): no roll; loose rounds 2 a round, a magazine in one
  round, a belt in two (the first round marks ``Weapon.reloading``). Needs a counted
  weapon (``rounds_loaded`` and ``capacity``); offered (kind ``recover``) when the weapon
  cannot fire its next blow — a GM reloads an empty gun, not one with rounds left.

Not offered (no position, movement or held item in the forms): *Esprintar*, *Esperar*,
*Enfoque* (a standing modifier), *Instigar*, *Preparar el arma*, clearing a jam, P7's extra
attacks (the standing ``attacks_this_round``), *Capturar* (needs a net or lasso the weapon
form cannot name).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rolkit.actions import ActionAfter, ActionContext, AttackAction, CheckAction, TurnRules

from ..after import status
from ..attack.stages import trusted_replace
from ..forms import Combatant, Modifiers, Weapon
from ..options import DEFAULT, GoreOptions
from ..rules.derived import defender_location_hp
from ..rules.wounds import location_status
from ..turns import bleeding_locations
from .acts import DEFEND, RELOAD, STAND_UP, ActForm, ReloadForm
from .forms import FirstAidForm
from .procedures import FIRST_AID_CHECK

__all__ = [
    "TURN_RULES",
    "ACTIONS",
    "attack_refusal",
    "needs_aid",
    "stabilise",
    "cannot_stand",
    "reload_weapon",
]

Refusal = tuple[str, str]
_SUCCESS = ("exito", "critico")
_LASTING_NO_DEFENCE = ("unconscious", "captured")

#: «una unidad estándar de tiempo que permite una acción».
TURN_RULES = TurnRules(budget={"action": 1}, labels={"action": ("acción", "action")})


def _options(ctx: ActionContext) -> GoreOptions:
    if isinstance(ctx.options, GoreOptions):
        return ctx.options
    mods = ctx.modifiers
    return mods.options if isinstance(mods, Modifiers) else DEFAULT


# --------------------------------------------------------------------------- attacks
def attack_refusal(ctx: ActionContext) -> Refusal | None:
    """Why the actor cannot attack now (P15 *Conmocionar*, T11, P11.8), or None."""
    actor: Combatant = ctx.actor
    if "stunned" in actor.conditions:
        return (
            "está conmocionado: puede defenderse o moverse, no atacar",
            "is Conmocionado (stunned): may defend or move, not attack",
        )
    if "no_attack" in actor.conditions:
        return (
            "perdió el ataque de este turno por una pifia",
            "lost this round's attack to a Pifia (fumble)",
        )
    if "defend_only" in actor.conditions:
        return (
            "solo puede defenderse o moverse este turno (pifia)",
            "may only defend or move this round (Pifia, fumble)",
        )
    weapon: Weapon = ctx.weapon
    bullets = ctx.modifiers.bullets if isinstance(ctx.modifiers, Modifiers) else 1
    if weapon.ranged and weapon.rounds_loaded is not None and weapon.rounds_loaded < bullets:
        return ("no tiene munición para disparar: debe recargar", "is out of rounds: reload first")
    return None


def _melee_only(ctx: ActionContext, what: tuple[str, str]) -> Refusal | None:
    if ctx.weapon.ranged:
        return (
            f"no puede {what[0]} con un arma a distancia",
            f"cannot {what[1]} with a ranged weapon",
        )
    return attack_refusal(ctx)


def _charge_refusal(ctx: ActionContext) -> Refusal | None:
    return _melee_only(ctx, ("cargar", "charge"))


def _disarm_refusal(ctx: ActionContext) -> Refusal | None:
    return _melee_only(ctx, ("desarmar", "disarm"))


def _ko_refusal(ctx: ActionContext) -> Refusal | None:
    if isinstance(ctx.modifiers, Modifiers) and ctx.modifiers.bullets > 1:
        return ("no puede buscar un KO con una ráfaga", "cannot seek a KO with a burst")
    return attack_refusal(ctx)


def _declared(**changes: Any) -> Any:
    def modifiers_fn(ctx: ActionContext, mods: Modifiers) -> Modifiers:
        plain = dict(maneuver="none", charge=False, ko_attempt=False, strike_item=False)
        return dataclasses.replace(mods, **{**plain, **changes})

    return modifiers_fn


# --------------------------------------------------------------------------- first aid
def needs_aid(c: Combatant, options: GoreOptions = DEFAULT) -> bool:
    """P13.4 / T9 / P13.6 First aid would change something: dying (HP ≤ 0), bleeding (a
    hurt abdomen, chest or head), a destroyed location counting, or unconscious at 1–2 HP;
    not when dead or already stabilised (unless unconscious at 1–2 HP)."""
    if status(c, options) == "dead":
        return False
    hp = c.current_hp
    if "unconscious" in c.conditions and 0 < hp <= 2:
        return True
    if "stabilised" in c.conditions:
        return False
    return hp <= 0 or bool(bleeding_locations(c)) or c.severe_rounds_left is not None


def stabilise(c: Combatant) -> Combatant:
    """A successful first aid on ``c``: ``stabilised`` when dying, bleeding or counting
    (P13.4 «es estabilizado con éxito»; T9); awake when unconscious at 1–2 HP (P13.6
    «hasta que tenga 3 o reciba ayuda»: ``stabilised`` without ``unconscious``, and
    ``can_defend`` back unless captured)."""
    changes: dict[str, Any] = {}
    conditions = set(c.conditions)
    hp = c.current_hp
    if hp <= 0 or bleeding_locations(c) or c.severe_rounds_left is not None:
        conditions.add("stabilised")
    if "unconscious" in conditions and 0 < hp <= 2:
        conditions.discard("unconscious")
        conditions.add("stabilised")  # aided: awake at 1–2 HP (status reads it)
        if not c.can_defend and "captured" not in conditions:
            changes["can_defend"] = True
    if conditions != set(c.conditions):
        changes["conditions"] = frozenset(conditions)
    return trusted_replace(c, **changes) if changes else c


def _aid_prepare(ctx: ActionContext) -> FirstAidForm | Refusal:
    target: Combatant = ctx.target
    if status(target, _options(ctx)) == "dead":
        return "no puede ayudar a un muerto", "cannot help the dead"
    if not needs_aid(target, _options(ctx)):
        return (
            f"no puede ayudar a {target.name}: no necesita primeros auxilios",
            f"cannot help {target.name}: no first aid needed",
        )
    return FirstAidForm(skill=ctx.actor.first_aid_skill)


def _aid_effect(ctx: ActionContext, form: FirstAidForm, degree: str, outcome: Any) -> ActionAfter:
    target = stabilise(ctx.target) if degree in _SUCCESS else ctx.target
    return ActionAfter(ctx.actor, target, ctx.weapon)


# --------------------------------------------------------------------------- standing up
def cannot_stand(c: Combatant) -> Refusal | None:
    """T9 Why ``c``'s legs cannot hold it: a hurt or destroyed abdomen («no le responden las
    piernas») or a destroyed leg («será imposible mantenerse en pie»)."""
    hurt = {loc: n for loc, n in c.location_damage.items() if n > 0}
    if not hurt:
        return None
    loc_hp = defender_location_hp(c)
    st = {loc: location_status(loc_hp[loc], n) for loc, n in hurt.items()}
    if st.get("abdomen", "ok") != "ok":
        return "no le responden las piernas (abdomen)", "its legs do not respond (abdomen)"
    if "severe" in (st.get("pierna_derecha"), st.get("pierna_izquierda")):
        return "no puede mantenerse en pie (pierna destrozada)", "cannot stand (leg destroyed)"
    return None


def _stand_prepare(ctx: ActionContext) -> ActForm | Refusal:
    actor: Combatant = ctx.actor
    if "prone" not in actor.conditions:
        return "no está derribado", "is not prone"
    why = cannot_stand(actor)
    return why if why is not None else ActForm(name=actor.name)


def _stand_effect(ctx: ActionContext, form: ActForm, degree: str, outcome: Any) -> ActionAfter:
    actor: Combatant = ctx.actor
    changes: dict[str, Any] = {"conditions": actor.conditions - {"prone"}}
    if actor.can_defend:  # «Mientras lo hace no puede esquivar o bloquear»
        changes["can_defend"] = False
        changes["defence_disabled_left"] = 0
    return ActionAfter(trusted_replace(actor, **changes), ctx.target, ctx.weapon)


# --------------------------------------------------------------------------- full defence
def _defend_prepare(ctx: ActionContext) -> ActForm | Refusal:
    if "full_defence" in ctx.actor.conditions:
        return "ya se está defendiendo", "is already on full defence"
    return ActForm(name=ctx.actor.name)


def _defend_effect(ctx: ActionContext, form: ActForm, degree: str, outcome: Any) -> ActionAfter:
    actor: Combatant = ctx.actor
    after = trusted_replace(actor, conditions=actor.conditions | {"full_defence"})
    return ActionAfter(after, ctx.target, ctx.weapon)


# --------------------------------------------------------------------------- reloading
def reload_weapon(weapon: Weapon) -> Weapon:
    """P11.8 One round of reloading: 2 loose rounds, a full magazine, or half a belt
    (``reloading``) then the full belt."""
    cap, loaded = weapon.capacity, weapon.rounds_loaded
    if cap is None or loaded is None:
        return weapon
    if weapon.reload_kind == "cartridges":
        return trusted_replace(weapon, rounds_loaded=min(cap, loaded + 2))
    if weapon.reload_kind == "belt" and not weapon.reloading:
        return trusted_replace(weapon, reloading=True)
    return trusted_replace(weapon, rounds_loaded=cap, reloading=False)


def _reload_prepare(ctx: ActionContext) -> ReloadForm | Refusal:
    weapon: Weapon = ctx.weapon
    cap, loaded = weapon.capacity, weapon.rounds_loaded
    if not weapon.ranged or cap is None or loaded is None:
        return (
            "no lleva la cuenta de la munición de su arma",
            "its weapon's rounds are not counted",
        )
    bullets = ctx.modifiers.bullets if isinstance(ctx.modifiers, Modifiers) else 1
    if loaded >= min(cap, bullets):
        return "aún tiene munición para disparar", "still has rounds to fire"
    return ReloadForm(loaded=loaded, capacity=cap, kind=weapon.reload_kind)


def _reload_effect(ctx: ActionContext, form: ReloadForm, degree: str, outcome: Any) -> ActionAfter:
    return ActionAfter(ctx.actor, ctx.target, reload_weapon(ctx.weapon))


#: The actions of a G.O.R.E. turn (module docstring).
ACTIONS: dict[str, Any] = {
    "attack": AttackAction(
        id="attack", label=("Atacar", "Atacar (attack)"), refusal_fn=attack_refusal
    ),
    "charge": AttackAction(
        id="charge",
        label=("Carga", "Carga (charge: +1D4 damage)"),
        kind="other",
        modifiers_fn=_declared(charge=True),
        refusal_fn=_charge_refusal,
    ),
    "disarm": AttackAction(
        id="disarm",
        label=("Desarmar", "Desarmar (disarm)"),
        kind="other",
        modifiers_fn=_declared(maneuver="disarm"),
        refusal_fn=_disarm_refusal,
    ),
    "ko": AttackAction(
        id="ko",
        label=("Buscar un KO", "Buscar un KO (knock-out attempt)"),
        kind="other",
        modifiers_fn=_declared(ko_attempt=True),
        refusal_fn=_ko_refusal,
    ),
    "aid": CheckAction(
        id="aid",
        label=("Primeros Auxilios", "Primeros Auxilios (first aid)"),
        check=FIRST_AID_CHECK,
        prepare_fn=_aid_prepare,
        effect_fn=_aid_effect,
        target="ally",
        kind="aid",
    ),
    "stand_up": CheckAction(
        id="stand_up",
        label=("Levantarse", "Levantarse (stand up)"),
        check=STAND_UP,
        prepare_fn=_stand_prepare,
        effect_fn=_stand_effect,
        target="self",
        kind="recover",
    ),
    "defend": CheckAction(
        id="defend",
        label=("Defender", "Defender (full defence: +20 to dodge and block)"),
        check=DEFEND,
        prepare_fn=_defend_prepare,
        effect_fn=_defend_effect,
        target="self",
        kind="other",
    ),
    "reload": CheckAction(
        id="reload",
        label=("Recargar", "Recargar (reload)"),
        check=RELOAD,
        prepare_fn=_reload_prepare,
        effect_fn=_reload_effect,
        target="self",
        kind="recover",
    ),
}
