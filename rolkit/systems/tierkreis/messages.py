"""The es/en messages of PHANTÄSIA TIERKREIS, registered under the prefix ``tierkreis``.

Game terms stay Spanish in both languages; English adds a gloss. Every key of a step, a
value, a flag, a derived number or an adjustment shown to a user is here.
"""

from __future__ import annotations

from rolkit import i18n
from rolkit.systems.tierkreis.tables import CODE_LABELS, CODES, FUMBLE_LABELS, MANEUVERS

__all__ = ["PREFIX", "PAIRS", "register"]

PREFIX = "tierkreis"

_ADJUSTMENTS = {
    "cover": ("cobertura", "cobertura (cover)"),
    "attacker_prone": ("atacante tumbado", "atacante tumbado (attacker prone)"),
    "defender_prone_melee": (
        "objetivo tumbado, «melee»",
        "objetivo tumbado, «melee» (prone target, melee)",
    ),
    "defender_prone_ranged": (
        "objetivo tumbado, a distancia",
        "objetivo tumbado, a distancia (prone target, ranged)",
    ),
    "defender_stance_mirrored": (
        "Defensa del objetivo (reflejada)",
        "Defensa del objetivo (target's stance, mirrored)",
    ),
    "defensive_stance": ("Defensa (postura defensiva)", "Defensa (defensive stance)"),
    "fumble_physical": ("pifia: FUE, AGI y VIT −2", "pifia: FUE, AGI y VIT −2 (fumble)"),
    "fumble_mental": ("pifia: INT, CAR y SUE −2", "pifia: INT, CAR y SUE −2 (fumble)"),
    "intoxicated": ("intoxicado", "intoxicado (intoxicated)"),
    "deprivation": ("hambre y sueño", "hambre y sueño (hunger and sleep)"),
    "snatch": ("arrebatar −3", "arrebatar −3 (snatch)"),
    "jump": ("distancia del salto", "distancia del salto (jump distance)"),
    "asphyxia": ("asfixia", "asfixia (asphyxia)"),
    "dose": ("dosis", "dosis (dose)"),
    "user": ("ajuste", "ajuste (adjustment)"),
}

_VALUES = {
    "attack_check": ("chequeo de ataque", "chequeo de ataque (attack check)"),
    "dodge_check": ("chequeo de esquiva", "chequeo de esquiva (dodge check)"),
    "pj": ("PJ", "PJ (player character)"),
    "pnj": ("PNJ", "PNJ (non-player character)"),
    "critical": ("crítico", "crítico (critical)"),
    "hit": ("impacta", "impacta (hit)"),
    "miss": ("falla", "falla (miss)"),
    "fumble": ("pifia", "pifia (fumble)"),
    "dodged": ("esquivado", "esquivado (dodged)"),
    "effect": ("efecto", "efecto (effect)"),
    "item": ("ítem", "ítem (item)"),
    "intrinsic": ("propio del chequeo", "propio del chequeo (intrinsic)"),
    "active": ("activo", "activo (active)"),
    "unconscious": ("inconsciente", "inconsciente (unconscious)"),
    "dead": ("muerto", "muerto (dead)"),
    "success": ("éxito", "éxito (success)"),
    "failure": ("fallo", "fallo (failure)"),
    "no_effect": ("sin efecto", "sin efecto (no effect)"),
    "in_hand": ("en la mano", "en la mano (in hand)"),
    "dropped": ("se le cayó", "se le cayó (dropped)"),
    "snatched": ("se la arrebataron", "se la arrebataron (snatched)"),
}

_STEPS = {
    "surprise": ("Ataque sorpresa", "Ataque sorpresa (surprise attack)"),
    "mode": ("Quién tira", "Quién tira (who rolls)"),
    "applied": ("Ajuste aplicado", "Ajuste aplicado (adjustment applied)"),
    "ignored": (
        "Ajuste ignorado (no acumulable)",
        "Ajuste ignorado (ignored: not cumulative)",
    ),
    "target": ("Objetivo del chequeo", "Objetivo del chequeo (check target)"),
    "attack_roll": ("Chequeo de ataque", "Chequeo de ataque (attack check)"),
    "dodge_roll": ("Chequeo de esquiva", "Chequeo de esquiva (dodge check)"),
    "fumble": ("Tabla de pifias", "Tabla de pifias (fumble table)"),
    "damage_die": ("Daño variable", "Daño variable (variable damage)"),
    "damage": ("Daño", "Daño (damage)"),
    "health": ("PV del defensor", "PV del defensor (defender's hit points)"),
    "attacker_health": ("PV del atacante", "PV del atacante (attacker's hit points)"),
    "check": ("Chequeo", "Chequeo (check)"),
    "edge": ("Agarrarse del borde", "Agarrarse del borde (catch the edge)"),
    "no_check": ("Sin chequeo", "Sin chequeo (no check needed)"),
    "fall": ("Daño por caída", "Daño por caída (falling damage)"),
    "hours": ("Horas intoxicado", "Horas intoxicado (hours intoxicated)"),
    "initiative": ("Iniciativa de {name}", "Iniciativa (initiative) of {name}"),
    "no_roll": ("Sin tirada", "Sin tirada (no roll)"),
    "unarmed": (
        "Sin su arma en la mano: golpe sin armas",
        "Sin su arma en la mano (weapon not in hand): golpe sin armas (unarmed blow)",
    ),
}

_DERIVED = {
    "mode": ("procedimiento", "procedure"),
    "attacker": ("atacante", "attacker"),
    "defender": ("defensor", "defender"),
    "adjustment": ("ajuste", "adjustment"),
    "value": ("valor", "value"),
    "source": ("origen", "source"),
    "characteristic": ("característica", "characteristic"),
    "base": ("base", "base"),
    "modifier": ("ajuste total", "total modifier"),
    "target": ("objetivo", "target"),
    "roll": ("d12", "d12"),
    "result": ("resultado", "result"),
    "effect": ("efecto", "effect"),
    "listed": ("daño listado", "listed damage"),
    "factor": ("factor", "factor"),
    "half": ("mitad", "halved"),
    "reduction": ("reducción", "reduction"),
    "damage": ("daño", "damage"),
    "pv_before": ("PV antes", "PV before"),
    "pv": ("PV", "PV"),
    "death_points": ("puntos de muerte", "death points"),
    "status": ("estado", "status"),
    "maneuver": ("maniobra", "maneuver"),
    "distance_m": ("metros", "metres"),
    "height_m": ("altura (m)", "height (m)"),
    "turn": ("turno", "turn"),
    "dose": ("dosis", "dose"),
    "hours": ("horas", "hours"),
    "agility": ("AGI", "AGI (agility)"),
    "score": ("total", "total"),
    "weapon": ("arma", "weapon"),
    "weapon_state": ("su arma", "its weapon"),
    "action": ("acción", "action"),
}

#: The actions that need no roll (their step names the action).
_ACTIONS = {
    "defend": ("Defensa", "Defensa (defensive stance)"),
    "stand_up": ("Levantarse", "Levantarse (stand up)"),
    "pick_up": ("Recoger el arma", "Recoger el arma (pick up the weapon)"),
    "draw": ("Desenfundar otra arma", "Desenfundar otra arma (draw another weapon)"),
    "reload": ("Recargar", "Recargar (reload)"),
    "move": ("Mover", "Mover (move)"),
    "prepare": ("Preparar una acción", "Preparar una acción (ready an action)"),
    "aid": ("Curar", "Curar (heal)"),
}

_FLAGS = {
    "fumble": ("pifia", "pifia (fumble)"),
    "dodged": ("esquivado", "esquivado (dodged)"),
    "half_damage": ("medio daño", "medio daño (half damage)"),
    **{k: v for k, v in FUMBLE_LABELS.items()},
}

_WOUNDS = {
    "pv_loss": ("Pierde PV", "Pierde PV (loses hit points)"),
    "unconscious": ("Inconsciente (0 PV)", "Inconsciente (unconscious, 0 PV)"),
    "dead": ("Muerto", "Muerto (dead)"),
}

PAIRS: dict[str, tuple[str, str]] = {
    **{f"wound.{k}": v for k, v in _WOUNDS.items()},
    "name": ("PHANTÄSIA TIERKREIS", "PHANTÄSIA TIERKREIS"),
    "headline.critical": ("{p} crítico", "{p} critical (crítico)"),
    **{f"adj.{k}": v for k, v in _ADJUSTMENTS.items()},
    **{
        f"adj.{k}.mirrored": (f"{es} (reflejado)", f"{en}, mirrored")
        for k, (es, en) in _ADJUSTMENTS.items()
    },
    **{f"value.{k}": v for k, v in _VALUES.items()},
    **{f"step.{k}": v for k, v in _STEPS.items()},
    **{f"derived.{k}": v for k, v in _DERIVED.items()},
    **{f"flag.{k}": v for k, v in _FLAGS.items()},
    **{f"fumble.{k}": v for k, v in FUMBLE_LABELS.items()},
    **{f"code.{c}": CODE_LABELS[c] for c in CODES},
    **{f"maneuver.{k}": v for k, v in MANEUVERS.items()},
    **{f"action.{k}": v for k, v in _ACTIONS.items()},
}


def register() -> None:
    """Register the catalogue (idempotent: the same texts may be registered again)."""
    i18n.register_pairs(PREFIX, PAIRS)


register()
