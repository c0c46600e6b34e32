"""§4.20, T5 Action economy besides the attack: movement, running, reloading (contract #16,
#17), and the states a turn's actions clear (standing up, picking up what was dropped).

Each ``*_refusal`` says why an action cannot be taken now, as an ``(es, en)`` phrase about
the character («está Derribado…», shown after its name), or None; the fight's actions
(:mod:`~rolkit.systems.ashes_of_war.turns`) read them.
"""

from __future__ import annotations

from rolkit.errors import check_choice, check_int
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError
from rolkit.systems.ashes_of_war.forms import Combatant, Weapon, evolve
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.legality import Refusal, hand_refusal

__all__ = [
    "movement_allowance",
    "reload_actions",
    "able_refusal",
    "run_refusal",
    "reload_refusal",
    "reloaded",
    "stand_refusal",
    "pick_up_refusal",
    "picked_up",
    "LIMITED_MOVE_M",
]

#: T5 [PH] «movimiento máx. 3 m»: the movement action of a first serious Pierna or Pie.
LIMITED_MOVE_M = 3


def _limited(c: Combatant | None, rules: RulesConfig) -> bool:
    """T5: a first serious wound in a Pierna or a Pie is active (and applied)."""
    if c is None or not rules.first_serious_applied:
        return False
    legs = {"right_leg", "left_leg", "right_foot", "left_foot"}
    return bool(legs & c.conditions.first_serious_effects)


def movement_allowance(
    mode: str, *, rules: RulesConfig = DEFAULT_RULES, combatant: Combatant | None = None
) -> int:
    """Contract #16, §4.20: metres for ``free`` (1), ``move`` (7, or 6) and ``run`` (18).

    With a ``combatant`` whose first serious wound in a Pierna or Pie is active (T5 [PH],
    ``first_serious_applied``), the movement action covers 3 m, not 6 («movimiento máx. 3
    m»), the free metre still added when it stacks. Whether it may run at all is
    :func:`run_refusal`'s question."""
    label = ("Movimiento", "Movimiento (movement mode)")
    check_choice(mode, ("free", "move", "run"), field="mode", label=label, cls=AowFieldRangeError)
    if mode == "move":
        walk = LIMITED_MOVE_M if _limited(combatant, rules) else 6
        return walk + (1 if rules.free_metre_stacks_with_move else 0)
    return 1 if mode == "free" else 18


def reload_actions(reload: int) -> int:
    """Contract #17, §4.20: a Recarga N reload costs N actions of the same turn (1–3)."""
    label = ("Recarga N", "Recarga N (reload actions)")
    return check_int(reload, 1, 3, field="reload", label=label, cls=AowFieldRangeError)


def able_refusal(c: Combatant) -> Refusal | None:
    """§4.3 «El personaje no puede definir ninguna acción»: Inconsciente, Moribundo, dead."""
    if c.conditions.incapacitated:
        return (
            "no puede actuar (Inconsciente, Moribundo o muerto)",
            "cannot act (unconscious, dying or dead)",
        )
    return None


def run_refusal(c: Combatant, rules: RulesConfig = DEFAULT_RULES) -> Refusal | None:
    """§4.20, §4.15, T5: why ``c`` cannot Correr now: it cannot act; it is Derribado (it
    stands up first); a leg or foot lost (Desmembrado) or Fracturado («pierden la facultad
    de mover la extremidad»); a first serious wound in a Pierna (T5 «no puede Correr»)."""
    why = able_refusal(c)
    if why is not None:
        return why
    cond = c.conditions
    legs = {"right_leg", "left_leg", "right_foot", "left_foot"}
    if cond.prone:
        return (
            "está Derribado: antes tiene que levantarse",
            "is Derribado (prone): it must stand up first",
        )
    if legs & (cond.dismembered | cond.fractured):
        return (
            "no puede Correr con una pierna perdida o Fracturada",
            "cannot Correr (run) with a leg lost or Fracturado",
        )
    if rules.first_serious_applied and {"right_leg", "left_leg"} & cond.first_serious_effects:
        return (
            "no puede Correr (primera herida grave en una Pierna)",
            "cannot Correr (run): first serious wound in a Pierna",
        )
    return None


def reload_refusal(c: Combatant, w: Weapon) -> Refusal | None:
    """§4.20 why ``c`` cannot reload ``w`` now: it cannot act; the weapon has no Recarga N;
    it is full; «Sin munición no hay recarga» (ammunition counted and at 0); the weapon
    hand lost or Fracturado."""
    why = able_refusal(c)
    if why is not None:
        return why
    if w.reload == 0:
        return (
            f"no recarga: {w.name} no tiene Recarga",
            f"cannot reload: {w.name} has no Recarga N",
        )
    if w.loaded_now >= w.magazine:
        return (
            f"no recarga: {w.name} ya está cargada",
            f"cannot reload: {w.name} is already loaded",
        )
    if w.ammunition == 0:
        return (
            f"no lleva munición para {w.name} («Sin munición no hay recarga»)",
            f"carries no ammunition for {w.name} («Sin munición no hay recarga»: no "
            "ammunition, no reload)",
        )
    return hand_refusal(c, c.weapon_hand, ("recarga", "reload"))


def reloaded(w: Weapon) -> Weapon:
    """§4.20 «El cargador se repone con la munición que el personaje lleva encima»: the
    cargador filled from the ammunition carried (all of it when not counted)."""
    room = w.magazine - w.loaded_now
    if w.ammunition is None:
        return evolve(w, loaded=None)
    take = min(room, w.ammunition)
    loaded = w.loaded_now + take
    return evolve(
        w, loaded=None if loaded == w.magazine else loaded, ammunition=w.ammunition - take
    )


def stand_refusal(c: Combatant) -> Refusal | None:
    """T5 [PH] standing up: only a Derribado character that can act."""
    why = able_refusal(c)
    if why is not None:
        return why
    if not c.conditions.prone:
        return ("no está Derribado", "is not Derribado (prone)")
    return None


def pick_up_refusal(c: Combatant, rules: RulesConfig = DEFAULT_RULES) -> Refusal | None:
    """T5 [PH] picking up what it dropped (the weapon, else the shield): only when
    something was dropped and the hand that takes it can hold it (not lost, not
    Fracturado, no first serious wound in that Mano)."""
    why = able_refusal(c)
    if why is not None:
        return why
    cond = c.conditions
    if not (cond.weapon_dropped or cond.shield_dropped):
        return ("no ha soltado nada", "has dropped nothing")
    side = c.weapon_hand if cond.weapon_dropped else c.shield_arm
    why = hand_refusal(c, side, ("lo recoge", "pick it up"))
    if why is not None:
        return why
    if rules.first_serious_applied and f"{side}_hand" in cond.first_serious_effects:
        return (
            "no puede empuñar con esa mano (primera herida grave)",
            "cannot hold anything in that hand (first serious wound)",
        )
    return None


def picked_up(c: Combatant) -> Combatant:
    """T5 [PH] the weapon picked up (or, when only the shield was dropped, the shield)."""
    cond = c.conditions
    if cond.weapon_dropped:
        return evolve(c, conditions=evolve(cond, weapon_dropped=False))
    return evolve(c, conditions=evolve(cond, shield_dropped=False))
