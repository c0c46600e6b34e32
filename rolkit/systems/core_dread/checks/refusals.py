"""Why an action cannot be taken now (§3.6, §4.3, §4.14, §4.16): the ``(es, en)`` phrases a
turn's actions give when refused. Each function reads only the forms and returns ``None``
when the action may be taken."""

from __future__ import annotations

from rolkit.systems.core_dread.forms import Combatant, Weapon, weapon_attacks_left, weapon_capacity
from rolkit.systems.core_dread.options import CoreDreadOptions

__all__ = [
    "Refusal",
    "turn_used",
    "attack_refusal",
    "reload_refusal",
    "aim_refusal",
    "aid_refusal",
    "stand_up_refusal",
    "take_cover_refusal",
    "leave_cover_refusal",
]

#: ``(es, en)``: why the action cannot be taken now.
Refusal = tuple[str, str]

TURN_USED: Refusal = (
    "ya ha usado su turno de este asalto (se defendió)",
    "has already used the turn this round (it defended)",
)


def turn_used(actor: Combatant, options: CoreDreadOptions) -> Refusal | None:
    """§4.3.3, §4.3.6, G23: «Cada personaje tiene un solo turno por asalto», and a defence
    «se considera que está haciendo uso de su turno»: nothing more this round."""
    if options.defence_requires_turn and not actor.turn_available:
        return TURN_USED
    return None


def _empty(weapon: Weapon) -> bool:
    return weapon.mode == "ranged" and weapon_attacks_left(weapon) == 0


def attack_refusal(
    actor: Combatant, weapon: Weapon, target: Combatant, point_blank: bool
) -> Refusal | None:
    """§3.6, §4.14: an empty firearm («Recargar»), an attacker in cover («no podrá
    atacar»), a shot at range at a target in cover («protegido de los disparos»)."""
    if _empty(weapon):
        return (
            "no le quedan ataques en el arma: tiene que recargar",
            "has no attacks left in the weapon: it must reload (recargar)",
        )
    if actor.in_cover:
        return (
            "está a cubierto y no puede atacar (puede salir de la cobertura)",
            "is in cover and cannot attack (it may leave cover first)",
        )
    if target.in_cover and weapon.mode == "ranged" and not point_blank:
        return (
            "no puede disparar a distancia a alguien a cubierto",
            "cannot shoot at range at someone in cover (a cubierto)",
        )
    return None


def reload_refusal(weapon: Weapon) -> Refusal | None:
    """§4.14 Only a firearm is reloaded; a full one needs nothing; without a spare
    magazine (and not a bow) it «puede llevar varios minutos»: not in a turn."""
    capacity = weapon_capacity(weapon)
    if weapon.mode != "ranged" or capacity is None:
        return (
            "su arma no es de proyectiles: no hay nada que recargar",
            "its weapon is not a firearm: nothing to reload",
        )
    if weapon_attacks_left(weapon) == capacity:
        return ("su arma ya está cargada", "its weapon is already loaded")
    if weapon.ranged_type != "arco_ballesta" and not weapon.spare_magazine:
        return (
            "sin cargador de repuesto, recargar lleva varios minutos, no un turno",
            "without a spare magazine reloading takes several minutes, not a turn",
        )
    return None


def aim_refusal(actor: Combatant, weapon: Weapon) -> Refusal | None:
    """§4.4 «declara su ataque a distancia, pero se mantiene apuntando»: a firearm with
    ammunition, not already aiming, not in cover (it could not shoot next turn)."""
    if weapon.mode != "ranged":
        return (
            "solo se apunta con un arma de proyectiles",
            "only a firearm or bow (arma de proyectiles) is aimed",
        )
    if _empty(weapon):
        return (
            "no le quedan ataques en el arma: tiene que recargar",
            "has no attacks left in the weapon: it must reload (recargar)",
        )
    if actor.aiming:
        return ("ya está apuntando", "is already aiming")
    if actor.in_cover:
        return (
            "está a cubierto: no podría disparar",
            "is in cover: it could not shoot",
        )
    return None


def aid_refusal(patient: Combatant) -> Refusal | None:
    """§4.16 Urgent care is for a living Malherido who is not already cared for («una vez
    al día»)."""
    if patient.dead:
        return ("el herido está muerto", "the patient is dead")
    if patient.malherido == 0:
        return (
            "el herido no tiene heridas Malherido: la atención de urgencia es para ellas",
            "the patient has no Malherido (badly wounded) boxes: urgent care is for those",
        )
    if patient.cared_for:
        return (
            "el herido ya está atendido (una tirada al día)",
            "the patient is already under care (one check a day)",
        )
    return None


def stand_up_refusal(actor: Combatant) -> Refusal | None:
    """§4.12: only someone on the ground gets up."""
    return None if actor.prone else ("no está en el suelo", "is not on the ground (prone)")


def take_cover_refusal(actor: Combatant) -> Refusal | None:
    """§4.14: already in cover."""
    return ("ya está a cubierto", "is already in cover") if actor.in_cover else None


def leave_cover_refusal(actor: Combatant) -> Refusal | None:
    """§4.14: not in cover."""
    return None if actor.in_cover else ("no está a cubierto", "is not in cover")
