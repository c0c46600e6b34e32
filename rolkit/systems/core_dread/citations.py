"""The rule each step cites: the seed's own section or table name first (what a GM finds in
the rulebook), the spec id after it, then the seed's words.

Section names are the headings of the seed (``000_d407a546ab5cb35d.txt``: «Irse al suelo por
heridas», «Daño con éxitos espectaculares», …); a table is named by its own header row
(«Tabla Arma / Daño»). Quotes are the seed's Spanish, as written (typos fixed per §5.10).
"""

from __future__ import annotations

__all__ = ["CITE", "cite", "wound_rule", "term_rule"]

CITE: dict[str, str] = {
    # §1 rolls
    "roll": "«Tirada básica» (§1.1): «Se lanzan siempre 5 dados de 10 caras, o “5d10”, y cada "
    "dado se considera un “acierto” si se obtiene un número entre 1 y el valor del atributo "
    "utilizado»",
    "skill": "«Habilidades» (§1.3): «por cada punto que tenga el personaje en la Habilidad o "
    "Recurso, se puede relanzar un dado de esa tirada»",
    "check": "«Tabla Aciertos / Resultado» (§1.5, §4.1): «La acción completa se considera "
    "exitosa si se logran obtener más aciertos que fallos en los dados»",
    "opposed": "«Tiradas enfrentadas» (§1.6): «el ganador es quien tenga más aciertos en los "
    "dados (aunque sean menos de 3)»",
    "opposed_tie": "«Tiradas enfrentadas» (§1.6): «Si tienen la misma cantidad de aciertos, "
    "gana quien tenga una mayor puntuación en el Atributo utilizado»",
    "extended": "«Acciones extendidas» (§1.7): «se requiere alcanzar un número específico de "
    "tiradas exitosas»",
    "extended_spectacular": "«Éxitos espectaculares en acciones extendidas» (§1.7): «alcanzar "
    "el objetivo inmediatamente … o contar como dos tiradas exitosas»",
    "competitive": "«Acciones extendidas» (§1.7): «gana el personaje que logre primero el "
    "número de tiradas exitosas objetivo»",
    "prepared": "«Acciones preparadas» (§1.7): «Una vez que ese evento inicie, el personaje "
    "realiza la acción justo antes. Pero si ese evento no ocurre, el personaje pierde la "
    "acción»",
    # §1.2 the effective attribute and each modifier
    "base_attack_melee": "«Atacar» (§4.4): «Si el ataque requiere fuerza física para causar "
    "daño, como el uso de un arma cuerpo a cuerpo o lanzar un objeto, se utiliza el Atributo "
    "de Fortaleza»",
    "base_attack_ranged": "«Atacar» (§4.4): «si se necesita precisión, como disparar un arma "
    "de proyectiles, se utiliza el atributo de Agilidad»",
    "base_aimed": "«Apuntar» (§4.4): «lo realiza usando su atributo de Concentración, en lugar "
    "de Agilidad»",
    "base_block": "«Bloquear» (§4.5): «se realiza una tirada similar a la que usó el atacante "
    "(normalmente Fortaleza con Pelea)»",
    "base_dodge": "«Esquivar» (§4.5): «se cambia el atributo de Fortaleza por Agilidad»",
    "base_ranged_block": "«Bloqueo a distancia» (§4.5): «se puede realizar un bloqueo a "
    "distancia usando Agilidad, pero no una esquiva»",
    "base_prone": "«Irse al suelo por heridas» (§4.12): «el personaje debe hacer una tirada de "
    "Fortaleza»",
    "base_healing": "«Tabla Estado de salud / Recuperación» (§4.16): «con una tirada exitosa "
    "de Fortaleza puede convertir una herida en lesión»",
    "base_initiative": "«Iniciativa» (§4.3): «realizarán una tirada de Sentidos»",
    "base_check": "«Tirada básica» (§1.1): «usando uno de los Atributos del personaje»",
    "wound_penalty": "«Tabla Nivel de salud / Penalización» (§4.11): Lesionado «-1 punto a los "
    "atributos por herida», Malherido «-2 puntos a los atributos por herida»",
    "gore_penalty": "«Tabla Nivel de salud Gore Mode / Penalización» (§4.17): Magullado −1, "
    "Lesionado −2, Malherido −3 («cada nivel de herida tiene una penalización única»)",
    "difficulty": "«Tabla Modificación / Descripción» (§1.2, §5.2): «se pueden aplicar "
    "bonificaciones o penalizaciones temporales al Atributo utilizado»",
    "cover_fire": "«Rifles de asalto o subfusiles» (§4.14): «se obtiene una bonificación de +2 "
    "en la tirada de ataque»",
    "knockout": "«Medir los golpes y dejar inconsciente» (§4.9): «-1 al Atributo por la "
    "dificultad»",
    "clamp": "«Modificación del Atributo» (§1.2): «Esto nunca puede incrementar un atributo a "
    "más de 9, pero sí reducirlo a 0 y hacer la acción imposible»",
    # §4.4–4.7 the attack
    "attack_melee": "«Tiradas exitosas en enfrentamientos» (§4.4): «no hay un mínimo de "
    "aciertos requerido»; «Tabla Arma / Daño» (§5.3): «las armas aplican un multiplicador a "
    "los aciertos de la tirada de ataque o bloqueo»",
    "attack_ranged": "«Excepción en los aciertos requeridos para una tirada exitosa» (§4.4): "
    "«Solo en los ataques a distancia sí se requieren al menos 3 aciertos para tener éxito, a "
    "menos que se realicen a quemarropa»; «Tabla Arma / Daño» (§5.3)",
    "dangerous": "«Tabla Arma / Daño» (§4.4.6, §4.13): «Los ataques realizados en situaciones "
    "peligrosas aumentan el multiplicador al ataque en 1»",
    "shotgun": "«Escopetas» (§4.14): «si se disparan a quemarropa, el multiplicador de daño "
    "aumenta de 4 a 8»",
    "ranged_minimum": "«Excepción en los aciertos requeridos para una tirada exitosa» (§4.4.5): "
    "«Solo en los ataques a distancia sí se requieren al menos 3 aciertos»",
    "block": "«Bloquear» (§4.5): «Cada éxito obtenido resta uno de los del atacante»",
    "dodge": "«Esquivar» (§4.5): «si se logra igualar o superar los éxitos del ataque, no se "
    "hace daño por contraataque»",
    "ranged_block": "«Bloqueo a distancia» (§4.5): «el ataque se convierte en un tiroteo mutuo "
    "y resultará en alguien herido»",
    "damage": "«Tabla Arma / Daño» (§4.6): «aplicando multiplicadores por uso de armas, y "
    "después restando aciertos en la tirada enfrentada, la cantidad de aciertos restantes son "
    "los puntos de daño»",
    "armor": "«Tabla Tipo de armadura / Absorción» (§4.7): «proporciona protección personal y "
    "absorbe puntos de daño»",
    "wear": "«Tabla Tipo de armadura / Absorción» (§4.7): «cada ataque recibido reduce su "
    "puntuación de Absorción en 1»",
    # §4.8–4.13 wounds and what follows
    "no_wound": "«Tabla de límites de daño» (§4.8): sin puntos de daño no hay herida",
    "magullado": "«Tabla de límites de daño» (§4.8): «Si se recibe una cantidad de daño menor "
    "o igual a la Fortaleza, se sufre una herida de nivel Magullado»",
    "lesionado": "«Tabla de límites de daño» (§4.8): «igual o menor al doble de Fortaleza, una "
    "de nivel Lesionado»",
    "malherido": "«Tabla de límites de daño» (§4.8): «si se recibe más del doble de Fortaleza, "
    "una de nivel Malherido, y una adicional por cada 5 puntos más»",
    "measured_level": "«Medir los golpes y dejar inconsciente» (§4.9): «cuando se calcule el "
    "nivel de herida provocado, este se reduce en un nivel»",
    "measured_count": "«Medir los golpes y dejar inconsciente» (§4.9): «en el caso de haber "
    "hecho más de una herida por daño excesivo, se reduce en 1 la cantidad de heridas»",
    "spectacular": "«Daño con éxitos espectaculares» (§4.9): «si el ataque daña al oponente, "
    "este provoca dos heridas iguales en lugar de una»",
    "track": "«Límites de daño» (§4.10): «Si un nivel de herida tiene sus tres heridas marcadas "
    "y el personaje recibe otra herida similar, se marca una herida del siguiente nivel»",
    "death": "«Límites de daño» (§4.10): «Si un personaje tiene 3 heridas de nivel Malherido y "
    "recibe otra más, muere inmediatamente»",
    "knocked_out": "«Medir los golpes y dejar inconsciente» (§4.9): «Si se provoca al menos un "
    "nivel de herida Lesionado, la víctima cae inconsciente»",
    "autocontrol": "«Ataques peligrosos y autocontrol» (§4.13): «Cuando un personaje recibe "
    "cualquier tipo de herida por un ataque peligroso, pierde un punto de Autocontrol "
    "inmediatamente»",
    "prone": "«Irse al suelo por heridas» (§4.12): «Si la tirada falla, el personaje cae al suelo»",
    "counter": "«Bloquear» (§4.5): «los aciertos restantes del bloqueo se consideran daño "
    "realizado al atacante»",
    # §4.14 firearms, §4.3 turns
    "ammo": "«Tabla Arma de proyectiles / Ataques» (§4.14): «solo se lleva la cuenta de cuántos "
    "ataques se realizan antes de ser necesario recargar»",
    "reload": "«Tabla Arma de proyectiles / Ataques» (§4.14): «Recargar un arma puede llevar "
    "varios minutos, a menos que solo se trate de cambiar un cargador por otro o “recargar” un "
    "arco, lo que solo toma un turno»",
    "cover": "«Cobertura» (§4.14): «quedando automáticamente a cubierto después de resolverse "
    "el ataque»",
    "turn": "«Iniciativa» (§4.3): «cuando un personaje responde a un ataque con una tirada "
    "enfrentada … se considera que está haciendo uso de su turno del asalto en curso»",
    "initiative": "«Iniciativa» (§4.3): «Estos personajes designados realizarán una tirada de "
    "Sentidos para definir qué grupo tiene la iniciativa»",
    "initiative_order": "«Iniciativa» (§4.3): «Cuando comienza un asalto, el personaje que "
    "lidera al grupo toma el primer turno»; «Cada personaje tiene un solo turno por asalto»",
    "leader": "«Iniciativa» (§4.3.1): «cada grupo de personajes designa a una o un líder» "
    "(aquí, quien tenga más Sentidos efectivos y pueda actuar; empate: el primero en entrar)",
    "initiative_tie": "«Iniciativa» (§4.3, G16): empate total (mismos aciertos y mismos "
    "Sentidos): los líderes vuelven a tirar",
    "healing": "«Tabla Estado de salud / Recuperación» (§4.16): Malherido «Requiere atención "
    "médica de urgencia»",
    "healing_death": "«Límites de daño» (§4.10): «muere inmediatamente»",
}


def cite(*names: str) -> str:
    """The citations ``names`` joined (each once, in order)."""
    return "; ".join(dict.fromkeys(CITE[n] for n in names))


def wound_rule(base_level: str | None, base_count: int, measured: bool, doubled: bool) -> str:
    """§4.8–4.9 The rule of the wound a blow gave: its damage-limit band, then the measured
    blow (level or count) and the spectacular doubling when they applied."""
    names = [base_level or "no_wound"]
    if measured and base_level is not None:
        names.append("measured_count" if base_count > 1 else "measured_level")
    if doubled:
        names.append("spectacular")
    return cite(*names)


def term_rule(base: str, terms: tuple[tuple[str, int], ...], clamped: bool) -> str:
    """§1.2 The rule of an effective attribute: where its base comes from, then each
    modifier applied, then the 0–9 limit when it bit."""
    return cite(base, *(name for name, _ in terms), *(("clamp",) if clamped else ()))
