"""The es/en messages of NSd20, registered under the ``nsd20`` prefix at import, and the
rule each step cites (:data:`CITE`).

Game terms stay Spanish in both languages; English adds a gloss in parentheses. A
citation names the rulebook's own section first, the spec id after it, then a short
Spanish quote (the seed's words where it has them; «regla supuesta» marks the d20 SRD
assumptions).
"""

from __future__ import annotations

from rolkit import i18n
from rolkit.systems.nsd20.tables import WOUND_LABELS

__all__ = ["PAIRS", "CITE", "register"]

PAIRS: dict[str, tuple[str, str]] = {
    "name": ("NSd20 (Infierno de cobardes)", "NSd20 (Infierno de cobardes)"),
    "headline.critical": ("{p} crítico", "{p} crítico (critical)"),
    # steps
    "step.attack": (
        "Tirada de Ataque contra la Defensa",
        "Tirada de Ataque (attack roll vs Defensa)",
    ),
    "step.concealment": ("Ocultación", "Ocultación (concealment miss chance)"),
    "step.confirm": (
        "Confirmación del crítico",
        "Confirmación del crítico (critical confirmation)",
    ),
    "step.damage": ("Tirada de Daño menos RD", "Tirada de Daño (damage roll) minus RD"),
    "step.massive": (
        "Prueba de Fortaleza por Daño masivo",
        "Prueba de Fortaleza (massive-damage save)",
    ),
    "step.wound": (
        "Puntos de Resistencia y estado",
        "Puntos de Resistencia (hit points) and state",
    ),
    "step.check": ("Prueba contra la CD", "Prueba (check) contra la CD"),
    "step.aid": ("Ayudar a otros (CD 10)", "Ayudar a otros (aid another, CD 10)"),
    "step.opposed": ("Prueba enfrentada", "Prueba enfrentada (opposed check)"),
    "step.take": ("Prueba sin tirada", "Prueba sin tirada (take 10/20)"),
    "step.concentration": (
        "Prueba de Concentración (Voluntad)",
        "Prueba de Concentración (Will save)",
    ),
    "step.recovery": ("Prueba de Fortaleza para recuperarse", "Prueba de Fortaleza (recovery)"),
    "step.comparative": ("Prueba comparativa", "Prueba comparativa (comparative check)"),
    "step.save": ("Prueba de salvación", "Prueba de salvación (saving throw)"),
    "step.save_extra": (
        "Salvación extra de Voluntad (Esfuerzo extra)",
        "Salvación extra de Voluntad (extra Will save, Esfuerzo extra)",
    ),
    "step.first_aid": ("Primeros auxilios", "Primeros auxilios (first aid)"),
    "step.action_point": (
        "Gastar un Punto de Acción",
        "Gastar un Punto de Acción (spend an action point)",
    ),
    "step.initiative": ("Iniciativa de {name}", "Iniciativa (initiative) of {name}"),
    "step.initiative_tie": ("Desempate de {name}", "Desempate (tie roll-off) of {name}"),
    # values shown inside steps
    "value.hit": ("impacta", "impacta (hit)"),
    "value.miss": ("falla", "falla (miss)"),
    "value.critical": ("crítico", "crítico (critical)"),
    "value.success": ("éxito", "éxito (success)"),
    "value.failure": ("fallo", "fallo (failure)"),
    "value.a": ("gana A", "gana A (A wins)"),
    "value.b": ("gana B", "gana B (B wins)"),
    "value.tie": ("empate", "empate (tie)"),
    "value.reroll": ("empate: se vuelve a tirar", "empate: se vuelve a tirar (reroll)"),
    # wound changes (§6) and states
    "wound.pr_loss": ("Pierde PR", "Pierde PR (loses hit points)"),
    # flags
    "flag.massive": ("prueba de Daño masivo", "prueba de Daño masivo (massive-damage save)"),
    "flag.stunned": ("Aturdido", "Aturdido (stunned)"),
    "flag.concealed": ("fallo por ocultación", "fallo por ocultación (concealment miss)"),
    # derived numbers
    "derived.natural": ("d20 natural", "d20 natural (natural roll)"),
    "derived.attack_bonus": ("bonificación de Ataque", "bonificación de Ataque (attack bonus)"),
    "derived.total": ("total", "total"),
    "derived.defense": ("Defensa", "Defensa (defence)"),
    "derived.result": ("resultado", "resultado (result)"),
    "derived.roll": ("tirada", "tirada (roll)"),
    "derived.miss_on": ("falla con", "falla con (misses on)"),
    "derived.rolls": ("tiradas de daño", "tiradas de daño (damage rolls)"),
    "derived.dice": ("dados", "dados (dice)"),
    "derived.bonus": ("bonificadores", "bonificadores (bonuses)"),
    "derived.damage_raw": ("daño bruto", "daño bruto (raw damage)"),
    "derived.rd": ("RD", "RD (damage reduction)"),
    "derived.damage": ("daño final", "daño final (final damage)"),
    "derived.save_total": ("Fortaleza total", "Fortaleza total (fortitude)"),
    "derived.cd": ("CD", "CD (difficulty class)"),
    "derived.margin": ("margen", "margen (margin: total − CD)"),
    "derived.failed_by": ("fallo por", "fallo por (failed by)"),
    "derived.band": ("efecto", "efecto (effect)"),
    "derived.pr_before": ("PR antes", "PR antes (hit points before)"),
    "derived.pr_after": ("PR después", "PR después (hit points after)"),
    "derived.state": ("estado", "estado (state)"),
    "derived.stunned_rounds": ("asaltos Aturdido", "asaltos Aturdido (stunned rounds)"),
    "derived.modifier": ("modificador", "modificador (modifier)"),
    "derived.aid_bonus": ("bonificación por ayuda", "bonificación por ayuda (aid bonus)"),
    "derived.total_a": ("total de A", "total de A (A's total)"),
    "derived.total_b": ("total de B", "total de B (B's total)"),
    "derived.value_a": ("valor de A", "valor de A (A's value)"),
    "derived.value_b": ("valor de B", "valor de B (B's value)"),
    "derived.points_before": ("Puntos de Acción antes", "Puntos de Acción (action points) before"),
    "derived.points_after": ("Puntos de Acción después", "Puntos de Acción (action points) after"),
    "derived.mode": ("elegir", "elegir (take)"),
    "derived.time_rounds": ("asaltos", "asaltos (rounds)"),
}
for _state, (_es, _en) in WOUND_LABELS.items():
    PAIRS[f"wound.{_state}"] = (_es, _en)

#: The rule each step cites.
CITE = {
    "attack": "«Tiradas de Ataque»: la Defensa «se usa como la Clase de Dificultad que "
    "tienen que superar las tiradas de Ataque»",
    "concealment": "«Ocultación»: un 17–20 en el d20 falla (parcial); 11–20 "
    "(total, regla supuesta)",
    "confirm": "«Críticos» (regla supuesta): la amenaza se confirma con otra tirada "
    "de Ataque contra la misma Defensa",
    "damage": "«Reducción de Daño»: la RD se resta antes; con 0 el ataque no tiene ningún efecto",
    "massive": "«Daño masivo», tabla LDV8: Fortaleza contra CD 10 + daño",
    "wound": "«Puntos de Resistencia»: «Cuando bajas a cero o menos Puntos de "
    "Resistencia, tu personaje cae Inconsciente y queda Moribundo»",
    "check": "«Mecánica básica»: «Prueba = d20 + Modificadores contra Clase de Dificultad»",
    "aid": "«Ayudar a otros»: «cada ayudante realiza la misma prueba contra una CD 10»",
    "opposed": "«Pruebas enfrentadas»: «Aquél que consiga el resultado más alto gana»",
    "take": "«Pruebas sin tiradas»: «calcula tu resultado como si hubieras sacado un 10 "
    "en el dado» (o un 20)",
    "concentration": "«Concentración»: «como base será de 10 + Daño recibido»",
    "recovery": "«Recuperación»: Fortaleza CD 15 por día de descanso, +1 por cada fallo anterior",
    "comparative": "«Pruebas comparativas»: «el personaje con la puntuación más alta gana "
    "automáticamente»; el Esfuerzo extra «puede afectar al resultado»",
    "save": "«Pruebas de salvación»: «variantes especializadas» de la prueba, d20 + "
    "bonificación total contra la CD",
    "save_extra": "«Esfuerzo extra», Fuerza de Voluntad: «Ganas una prueba de salvación "
    "extra de Voluntad contra cualquier efecto que la permita»",
    "first_aid": "«Primeros auxilios» (regla supuesta, d20 SRD): Medicina + SAB contra CD "
    "15 estabiliza a un Moribundo",
    "action_point": "«Esfuerzo extra»: «Puedes gastar un Punto de Acción en ese mismo asalto "
    "… para eliminar la fatiga y no sufrir ningún efecto adverso»",
    "initiative": "«Iniciativa»: Iniciativa = Reflejos total; d20 + Iniciativa (regla supuesta)",
    "initiative_tie": "«Iniciativa» (regla supuesta): gana el mayor modificador; si no, se "
    "vuelve a tirar",
}


def register() -> None:
    """Register the NSd20 catalogue (idempotent)."""
    i18n.register_pairs("nsd20", PAIRS)


register()
