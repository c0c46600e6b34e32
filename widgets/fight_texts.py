"""The Combate tab's strings (es/en) added in issue 26: the turn it follows, the end of a
fight, the odds' state and trend, the one-line «why», the players' page. Registered once at
import under the shared prefix (``gm.fight.*``, ``gm.table.*``)."""

from __future__ import annotations

from rolkit import i18n

__all__ = ["PAIRS", "STATUS"]

#: A combatant who cannot act, by its fate (the tab's refusal and the players' page).
STATUS: dict[str, tuple[str, str]] = {
    "down": ("fuera de combate", "fuera de combate (out of the fight)"),
    "dying": ("moribundo", "moribundo (dying)"),
    "dead": ("muerto", "muerto (dead)"),
}

#: key -> (es, en). English keeps the Spanish game term and adds a gloss.
PAIRS: dict[str, tuple[str, str]] = {
    "gm.fight.cannot_act": (
        "{name} no puede actuar: está {state}.",
        "{name} cannot act: they are {state}.",
    ),
    "gm.fight.over": (
        "Combate terminado: gana {side} en {n} rondas.",
        "Fight over: {side} wins in {n} rounds.",
    ),
    "gm.fight.over.one": (
        "Combate terminado: gana {side} en 1 ronda.",
        "Fight over: {side} wins in 1 round.",
    ),
    "gm.fight.over.none": (
        "Combate terminado: nadie queda en pie ({n} rondas).",
        "Fight over: nobody is left standing ({n} rounds).",
    ),
    "gm.fight.over.offer": (
        "Puedes empezar un combate nuevo con los mismos combatientes o deshacer.",
        "You can start a new fight with the same combatants, or undo.",
    ),
    "gm.fight.action": ("Acción", "Acción (action)"),
    "gm.fight.turn_spent": (
        "{name} ya no puede hacer nada más este turno: pasa al siguiente turno.",
        "{name} can do nothing more this turn: go on to the next turn.",
    ),
    "gm.fight.restart": ("combate nuevo", "combate nuevo (new fight)"),
    "gm.fight.victory.for": (
        "Para el estado actual: {where} (tras el paso {n} del registro).",
        "For the current state: {where} (after step {n} of the log).",
    ),
    "gm.fight.victory.where": ("ronda {r}, turno de {name}", "round {r}, {name}'s turn"),
    "gm.fight.victory.before": ("antes de tirar la iniciativa", "before initiative"),
    "gm.fight.victory.busy.for": (
        "calculando… ({where}, paso {n})",
        "computing… ({where}, step {n})",
    ),
    "gm.fight.trend": (
        "{side}: probabilidad de victoria paso a paso",
        "{side}: probability of victory step by step",
    ),
    "gm.fight.trend.axis": ("paso del registro", "step of the log"),
    "gm.fight.rounds.head": ("Rondas desde ahora", "Rounds from now"),
    "gm.fight.rounds.ends": ("Acaba en esa ronda", "Ends in that round"),
    "gm.fight.rounds.later": ("más tarde", "later"),
    "gm.fight.why.miss": (
        "{a} no puede alcanzar a {t}: 0 % de impactar con {w}.",
        "{a} cannot reach {t}: 0% to hit with {w}.",
    ),
    "gm.fight.why.harmless": (
        "{a} no puede dañar a {t}: impacta el {hit} con {w}, pero nunca daña.",
        "{a} cannot hurt {t}: hits {hit} of the time with {w}, but never does harm.",
    ),
    "gm.fight.why.edge": (
        "Por golpe: {a} daña a {t} el {p} con {w}; {b} a {c}, el {q} con {v}.",
        "Per blow: {a} hurts {t} {p} of the time with {w}; {b} hurts {c} {q} with {v}.",
    ),
    "gm.fight.why.nobody": (
        "Por golpe: nadie de {side} puede dañar a {foes}.",
        "Per blow: nobody on {side} can hurt {foes}.",
    ),
    "gm.fight.weapon.unnamed": ("su arma", "their weapon"),
    # the players' page
    "gm.table.link": ("vista de los jugadores", "vista de los jugadores (players' view)"),
    "gm.table.link.tip": (
        "Una página de solo lectura para la mesa: orden, turno, estados y el registro.",
        "A read-only page for the table: order, turn, conditions and the log.",
    ),
    "gm.table.open": (
        "Enlace para los jugadores (se actualiza solo)",
        "Link for the players (updates by itself)",
    ),
    "gm.table.save_failed": (
        "No se pudo publicar la vista de los jugadores: {why}.",
        "Could not publish the players' view: {why}.",
    ),
    "gm.table.title": ("Combate en la mesa", "Combate at the table"),
    "gm.table.waiting": (
        "Esperando al máster: todavía no hay combate en este enlace.",
        "Waiting for the GM: there is no fight on this link yet.",
    ),
    "gm.table.bad": (
        "Este enlace no es válido: pide uno nuevo al máster.",
        "This link is not valid: ask the GM for a new one.",
    ),
    "gm.table.order": ("Orden de iniciativa", "Initiative order"),
    "gm.table.no_order": ("Todavía sin iniciativa", "No initiative yet"),
    "gm.table.turn": ("Turno de {name}", "{name}'s turn"),
    "gm.table.round": ("Ronda {n}", "Round {n}"),
    "gm.table.log": ("Lo que ha pasado (lo último arriba)", "What happened (newest first)"),
    "gm.table.standing": ("en pie", "standing"),
}

i18n.register_pairs("", PAIRS)
