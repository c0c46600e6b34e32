"""Where a GM finds each rule in the rulebook: the seed's own section or table name first
(«Tabla de esquiva», «Heridas graves», …), a short quote of its words, then the spec id.

Every step of :mod:`.resolve` cites one of these (or several, joined by " · ")."""

from __future__ import annotations

__all__ = ["CITE", "cite", "cite_all"]

#: key → the citation shown in a step's rule column.
CITE: dict[str, str] = {
    # P5 / P6 and T1 (Cuerpo a cuerpo, modificadores de combate)
    "base": "«Ataques cuerpo a cuerpo: 1. Realizando el ataque» (P5.1)",
    "split": (
        "«Ataque múltiple»: «Su porcentaje se divide entre el número de ataques, pero el su "
        "porcentaje debe quedar al menos al 50%» (P5.1, P7)"
    ),
    "off_hand": "«2 Armas, uso de»: «cuenta su habilidad a 1/2 para la segunda arma» (P5.2)",
    "range_band": (
        "«Alcance»: «al doble de su alcance … se reduce a la mitad. Este ajuste se realiza "
        "antes de que otros modificadores se apliquen» (P11.1)"
    ),
    "close_range": (
        "«Alcance», Ataque cercano: «dentro de DES x3 en metros, se dobla el porcentaje» (P11.2)"
    ),
    "crowd": "«Multitudes (disparar a bulto)»: «queda a 1/3 (1/5 si se trata de armas de fuego)» "
    "(P11.5)",
    "two_guns": "«Un arma en cada mano»: «utiliza las reglas para Multitudes» (P11.12)",
    "lighting": "«Luz escasa y visibilidad»: «Habilidades a 1/2 … 1/3 de su porcentaje» (T2)",
    "darkness": (
        "«Luchar a ciegas o en total oscuridad»: «Hab. a 1/4, POD x3 o INT x3 (lo que sea más bajo)» "
        "(T1, P5.6)"
    ),
    "half_all": "«Tabla de Pifia con armas»: todas las habilidades a 1/2 (T11)",
    "half_block": "«Tabla de Pifia con armas»: bloqueo a 1/2 (T11)",
    "half_dodge": "«Tabla de Pifia con armas»: Esquivar a 1/2 (T11)",
    "situation": "«Cuerpo a cuerpo, modificadores de combate»: «Este listado es acumulativo» (T1)",
    "focus": "«Maniobras de combate», Enfoque: «un modificador de +10%» (P15)",
    "sprinting": "«Maniobras de combate», Esprintar: +20 % contra quien esprinta (P15)",
    "mounted": (
        "«Combatiendo sobre montura»: «+20% a sus ataques y bloqueos contra enemigos a pie … "
        "éstos sufren un -20% a esquivar o bloquear» (P15)"
    ),
    "riding_cap": (
        "«Combatiendo sobre montura»: «no puede usar una Habilidad para el combate contando "
        "con un porcentaje superior al que posea en Equitación» (P5.6)"
    ),
    "skill_cap": "«Maniobras de combate», Instigar: «La Habilidad se reduce a 50%» (P5.6)",
    "angle": "«Ángulo de disparo»: «Hacia abajo un -20%, -30% hacía arriba» (P11.3)",
    "size": "«Proyectiles y TAM del objetivo» (P11.4, T22)",
    "burst": (
        "«Armas Automáticas y Ráfagas»: «ganas un modificador de +5% hasta un límite del "
        "doble del porcentaje de la Habilidad» (P11.6)"
    ),
    "gm": "modificador del DJ (§2.3)",
    "defence": "«Ataques cuerpo a cuerpo: 2. Reacción del objetivo» (P6)",
    "full_defence": "«Maniobras de combate», Defender: +20 % a esquivar y bloquear (P15)",
    "leg_severe": "«Localización de impactos»: pierna destrozada, Esquivar −30 (T9)",
    "disarm": (
        "«Maniobras de combate», Desarmar: «Si el ataque tiene éxito por un margen del 50% del "
        "porcentaje de la habilidad usada la maniobra ha funcionado» (P15)"
    ),
    "capture": (
        "«Maniobras de combate», Capturar: «será incapaz de moverse o realizar cualquier "
        "acción (incluidas las de esquiva o bloqueo) en ese turno y en el siguiente» (P15)"
    ),
    # rolls and matrices
    "check": (
        "«Ataques cuerpo a cuerpo: 1. Realizando el ataque»: «Si un personaje consigue un "
        "resultado igual o inferior a la Habilidad que está usando tiene éxito» (§1.2)"
    ),
    "helpless": "«Cuerpo a cuerpo, modificadores de combate»: «Objetivo indefenso — Éxito "
    "automático» (T1, §1.8)",
    "malfunction": (
        "«Encasquillamiento y otros problemas de funcionamiento»: «Si la tirada del usuario "
        "supera o es igual a esa cifra indicada el arma tiene un problema» (P11.7)"
    ),
    "dodge_table": "«Tabla de esquiva» (T4)",
    "block_table": "«Tabla de bloqueo» (T5)",
    "no_defence": "«Ataques cuerpo a cuerpo: 2. Reacción del objetivo»: sin oposición (T6)",
    "natural_block": (
        "«Armas naturales»: «Pueden bloquear otras armas naturales y ataques desarmados con "
        "normalidad, sin embargo no pueden hacerlo con armas» (P10.3)"
    ),
    "unarmed_blocked": (
        "«Combate desarmado»: «Si un luchador desarmado es bloqueado por un arma … sufre el "
        "daño del arma» (P10.3)"
    ),
    "location": "«Localización de impactos (opcional)»: «Tira D20» (P12, T7)",
    "location_status": "«Localización de impactos»: «Puntos de Golpe localizados» (P12.3, T9)",
    "cover": ("«Cobertura»: «queda automáticamente impactando en el objeto/cobertura» (P11.11)"),
    "shield_always": (
        "«Proyectiles y escudos»: «Los escudos no consiguen desviar totalmente los ataques "
        "exitosos críticos, así como los resultados de Empalar»: un impacto normal da en el "
        "escudo (P11.10, G12)"
    ),
    "shield_roll": "«Proyectiles y escudos»: probabilidad de cobertura (P11.10, T13)",
    "strike_item": "«Maniobras de combate», Golpear Escudo/Arma: «Todo el posible daño pasa al "
    "objeto» (P10.4)",
    "bullets": "«Armas Automáticas y Ráfagas»: «si se disparan cuatro balas tira 1D4» (P11.6)",
    "damage": (
        "«3. Resolución de daño»: «se tira para resolver cuanto daño en PG se inflige, además "
        "de sumar el Modificador de Daño» (P9)"
    ),
    "pull_blow": (
        "«Contener el daño»: «El daño que indiquen los dados se reduce a la mitad y no se "
        "cuenta el Modificador de Daño» (P9)"
    ),
    "half_md": (
        "«3. Resolución de daño»: «sumar el Modificador de Daño», a la mitad con armas "
        "arrojadizas y arcos [BRP] (P9)"
    ),
    "charge": "«Maniobras de combate», Carga: «un modificador de +1D4 al daño» (P15)",
    "max_damage": "«Golpes críticos»: «daño máximo» (P9)",
    "armour": (
        "«Armaduras y protecciones»: «antes de aplicarle el daño … restes el que absorbe la "
        "armadura» (P9)"
    ),
    "impale_armour": (
        "«Empalar en ataques cuerpo a cuerpo»: «Esto atraviesa (invalida) las protecciones y "
        "armaduras» (§1.4)"
    ),
    "critical": (
        "«Golpes críticos»: «Multiplica el daño a realizarse por dos. Las armaduras … se aplican antes de "
        "duplicarlo» (P9)"
    ),
    "impale": ("«Empalar en ataques cuerpo a cuerpo»: «dobla el daño si ha obtenido un 01» (§1.4)"),
    "shield_damage": "«Escudos»: «el daño sobrante pasa a quien lo usa» (P10.1)",
    "ko": "«KO, buscar un» (P14)",
    "ko_failed": (
        "«KO, buscar un»: «infliges el daño mínimo del arma (como si todo te hubiera salido 1 "
        "y sin sumar el MD)» (P14)"
    ),
    "melee_fumble": "«Tabla de Pifia con armas» (P16, T11)",
    "melee_fumble_again": "«Tabla de Pifia con armas»: «00 — Tira otra vez» (P16, T11)",
    "ranged_fumble": "«Tabla de pifias con armas de proyectiles» (P16, T12)",
    "unarmed_fumble": "«Pifias»: sin tabla para ataques desarmados; decide el DJ (P16, G24)",
    # wounds (Lesiones, categorías de)
    "wound_none": "«3. Resolución de daño»: sin daño, sin lesión (P13)",
    "wound_leve": (
        "«Lesiones, categorías de», Herida leve: «la pérdida el 50% o menos del máximo de PG» "
        "(P13.2)"
    ),
    "wound_grave": (
        "«Lesiones, categorías de», Herida grave: «una sola lesión que desprovee de más del "
        "50%» (P13.2, P13.5)"
    ),
    "wound_mortal": (
        "«Lesiones, categorías de», Herida mortal: «Si la reserva de PG llega a 0 o por "
        "debajo, muere» (P13.3, P13.4)"
    ),
    "wound_burst": (
        "«Lesiones, categorías de»: «No debes usar la tabla de heridas graves a pesar del "
        "total» (P13.10)"
    ),
    "serious": (
        "«Tabla de heridas graves»: «Debe superarse un chequeo de SUE para librarse de estas "
        "consecuencias de forma permanente» (P13.5, T10)"
    ),
    "instant_death": "«Localización de impactos»: «Cabeza: muerte en el acto» (T9, §7.3)",
    "attackers": (
        "«Número de atacantes»: «Un solo objetivo solo puede ser atacado a la vez por 5 "
        "oponentes» (P15)"
    ),
    "initiative": (
        "«Determinar el Orden de Ataque»: «actúa antes quien más puntuación tiene en tal "
        "Atributo» (P4)"
    ),
    "initiative_tie": (
        "«Determinar el Orden de Ataque»: «Si dos personajes tienen la misma DES se tira 1D10» "
        "(P4.4)"
    ),
    "reach": (
        "«Alcance de las armas»: «Los personajes que usen armas más largas atacan antes que "
        "los que usen más cortas, a pesar del Orden de Batalla» (P4.5)"
    ),
    "reload": (
        "«Recargando»: «Necesitas todo un turno de combate para cargar 2 balas o "
        "cartuchos/cambiar un cargador» (P11.8)"
    ),
    "silencer": "«Silenciadores»: «funciona durante 1D100+10 disparos» (P11.9)",
    "vacuum": (
        "«Presión atmósferica»: «Respecto exponerse al vacío … 2D6 +4 PG de daño por ronda» (P17)"
    ),
    "multi_target": (
        "«Armas Automáticas y Ráfagas»: «fuego en ráfaga a varios objetivos … no hay "
        "incremento de la Habilidad por cada bala disparada» (P11.6)"
    ),
    "touch_range": (
        "«Alcance»: «a una distancia de toque, (cuerpo a cuerpo) muchas armas de proyectiles "
        "son totalmente inoperativas» (P11.2)"
    ),
}


def cite(key: str) -> str:
    """The citation of ``key`` (KeyError for an unknown key: a typo is a bug)."""
    return CITE[key]


def cite_all(keys: list[str] | tuple[str, ...]) -> str:
    """Several citations, each once, in order, joined by " · "."""
    seen: list[str] = []
    for k in keys:
        if k not in seen:
            seen.append(k)
    return " · ".join(CITE[k] for k in seen)
