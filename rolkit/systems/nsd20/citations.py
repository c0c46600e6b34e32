"""The rule each step cites: the rulebook's own section first, the spec id after it, then a
short Spanish quote (the seed's words where it has them; «regla supuesta» marks the
d20 SRD assumptions)."""

from __future__ import annotations

__all__ = ["CITE"]

CITE = {
    "attack": "«Tiradas de Ataque» (P5): la Defensa «se usa como la Clase de Dificultad que "
    "tienen que superar las tiradas de Ataque»",
    "concealment": "«Ocultación» (P5, T8): un 17–20 en el d20 falla (parcial); 11–20 "
    "(total, regla supuesta)",
    "confirm": "«Críticos» (P5, regla supuesta): la amenaza se confirma con otra tirada "
    "de Ataque contra la misma Defensa",
    "damage": "«Reducción de Daño» (P6–P7): la RD se resta antes; con 0 el ataque no tiene "
    "ningún efecto",
    "massive": "«Daño masivo», tabla LDV8 (P9, T6): Fortaleza contra CD 10 + daño",
    "wound": "«Puntos de Resistencia» (P8–P10): «Cuando bajas a cero o menos Puntos de "
    "Resistencia, tu personaje cae Inconsciente y queda Moribundo»",
    "check": "«Mecánica básica» (P1): «Prueba = d20 + Modificadores contra Clase de Dificultad»",
    "aid": "«Ayudar a otros» (§1.7): «cada ayudante realiza la misma prueba contra una CD 10»",
    "opposed": "«Pruebas enfrentadas» (P2): «Aquél que consiga el resultado más alto gana»",
    "take": "«Pruebas sin tiradas» (P3): «calcula tu resultado como si hubieras sacado un 10 "
    "en el dado» (o un 20)",
    "concentration": "«Concentración» (P12): «como base será de 10 + Daño recibido»",
    "recovery": "«Recuperación» (P15): Fortaleza CD 15 por día de descanso, +1 por cada "
    "fallo anterior",
    "initiative": "«Iniciativa» (§2.1): Iniciativa = Reflejos total; d20 + Iniciativa "
    "(regla supuesta)",
    "initiative_tie": "«Iniciativa» (regla supuesta): gana el mayor modificador; si no, se "
    "vuelve a tirar",
}
