"""The es/en messages of Core Dread (registered with :func:`rolkit.i18n.register` at import),
and the rule each step cites.

Game terms stay Spanish in both languages; English adds a gloss in parentheses.

Citations (:data:`CITE`): the seed's own section or table name (what a GM finds in the
rulebook), then the seed's words; no spec code (issue #26: the user reads the rulebook's
names, not the spec's section numbers). Section names are the headings
of the seed (``000_d407a546ab5cb35d.txt``: «Irse al suelo por heridas», «Daño con éxitos
espectaculares», …); a table is named by its own header row («Tabla Arma / Daño»). Quotes
are the seed's Spanish, as written (typos fixed per §5.10).
"""

from __future__ import annotations

from rolkit import i18n
from rolkit.systems.core_dread.tables import CATEGORY_LABELS, DEGREES, LEVEL_LABELS, LEVELS

__all__ = [
    "wound_key",
    "value_key",
    "step_label",
    "MAX_WOUND_COUNT",
    "WOUND_HELP",
    "register",
    "CITE",
    "cite",
    "wound_rule",
    "term_rule",
]

#: Wound keys are registered for counts 1..MAX_WOUND_COUNT (the largest reachable is 18).
MAX_WOUND_COUNT = 40

_GLOSS = {"magullado": "bruised", "lesionado": "injured", "malherido": "badly wounded"}


def wound_key(level: str, count: int) -> str:
    """The i18n key of a wound label: ``cd.wound.malherido.2`` → «Malherido ×2»."""
    return f"cd.wound.{level}.{count}"


#: Step labels: ``(es, en)``. ``{name}`` is the combatant's (or weapon's) name; a step of
#: an unnamed one uses the variant ``<label>.<role>`` that names the role instead.
STEPS: dict[str, tuple[str, str]] = {
    "step.effective": (
        "Atributo efectivo de {name}",
        "Effective attribute (atributo) of {name}",
    ),
    "step.attack": ("Ataque de {name}{changes}", "Attack by {name}{changes}"),
    "step.ranged_minimum": (
        "{name} no llega a 3 aciertos a distancia: el ataque falla",
        "{name} gets fewer than 3 hits at range: the attack fails",
    ),
    "step.defence.block": ("{name} bloquea{changes}", "{name} blocks — bloquear{changes}"),
    "step.defence.dodge": ("{name} esquiva{changes}", "{name} dodges — esquivar{changes}"),
    "step.defence.ranged_block": (
        "{name} bloquea a distancia{changes}",
        "{name} shoots back — bloqueo a distancia{changes}",
    ),
    "step.damage": ("Puntos de daño a {name}", "Damage points to {name}"),
    "step.wound": ("Herida a {name}", "Wound to {name}"),
    "step.track": ("{name} marca sus heridas", "{name} marks the wounds"),
    "step.knockout": ("{name} queda inconsciente", "{name} is knocked out (inconsciente)"),
    "step.autocontrol": (
        "{name} pierde 1 de Autocontrol",
        "{name} loses 1 Autocontrol (self-control)",
    ),
    "step.prone": (
        "Tirada de Fortaleza de {name} para no caer al suelo{changes}",
        "Fortaleza check of {name} to stay on their feet{changes}",
    ),
    "step.wear": ("La armadura de {name} se desgasta", "The armour of {name} wears down"),
    "step.counter": ("Contraataque a {name}", "Counter-attack (contraataque) on {name}"),
    "step.ammo": (
        "{weapon} de {name}: munición gastada",
        "{name}'s {weapon}: one attack of ammunition (munición) spent",
    ),
    "step.cover": ("{name} queda a cubierto", "{name} ends in cover (a cubierto)"),
    "step.turn": ("{name} gasta su turno al defenderse", "{name} spends their turn defending"),
}

#: Step labels of the checks (no combatant named): ``(es, en)``.
CHECK_STEPS: dict[str, tuple[str, str]] = {
    "step.check": ("Chequeo{changes}", "Chequeo (check){changes}"),
    "step.opposed.side": ("Tirada propia{changes}", "Own roll{changes}"),
    "step.opposed.rival": ("Tirada del rival{changes}", "The rival's roll{changes}"),
    "step.opposed.result": ("Resultado de la tirada enfrentada", "Result of the opposed check"),
    "step.healing": (
        "Tirada de Fortaleza para curar un Malherido{changes}",
        "Fortaleza check to heal a Malherido (badly wounded){changes}",
    ),
    "step.healing.track": ("Heridas tras la tirada", "Wounds after the check"),
    "step.initiative.leader": ("{name} lidera el grupo {side}", "{name} leads the group {side}"),
    "step.initiative.roll": (
        "Tirada de Sentidos de {name}{attempt}",
        "Sentidos (senses) roll of {name}{attempt}",
    ),
    "step.initiative.tie": (
        "Empate total entre {names}: vuelven a tirar",
        "Full tie between {names}: they roll again",
    ),
    "step.initiative.winner": (
        "{name} gana la iniciativa para el grupo {side} y toma el primer turno. Orden: {order}",
        "{name} wins the initiative for the group {side} and takes the first turn. Order: {order}",
    ),
    "step.extended.turn": ("Turno {turn}{changes}", "Turn {turn}{changes}"),
    "step.extended.result": (
        "Resultado de la acción extendida",
        "Result of the extended action (acción extendida)",
    ),
    "step.competitive.side": (
        "Turno {turn}: tirada propia{changes}",
        "Turn {turn}: own roll{changes}",
    ),
    "step.competitive.rival": (
        "Turno {turn}: tirada del rival{changes}",
        "Turn {turn}: the rival's roll{changes}",
    ),
    "step.competitive.result": (
        "Resultado de la acción extendida enfrentada",
        "Result of the competitive action",
    ),
    "step.prepared.triggered": (
        "El evento ocurre: la acción se hace justo antes",
        "The trigger happens: the action is made just before it",
    ),
    "step.prepared.lost": (
        "El evento no ocurre: la acción preparada se pierde",
        "The trigger does not happen: the prepared action (acción preparada) is lost",
    ),
    "step.reload": ("Recarga: {weapon}", "Reload (recargar): {weapon}"),
    "step.stand_up.stands": ("Se levanta del suelo", "Gets up from the ground (se levanta)"),
    "step.stand_up.standing": ("Ya estaba de pie", "Was already standing"),
    "step.cover_move.takes": ("Queda a cubierto", "Takes cover (a cubierto)"),
    "step.cover_move.leaves": ("Sale de la cobertura", "Leaves cover (sale de la cobertura)"),
    "step.aim": (
        "Apunta: su próximo disparo usará Concentración en vez de Agilidad",
        "Aims (apuntar): the next shot uses Concentración instead of Agilidad",
    ),
    "step.first_aid": (
        "Atención de urgencia: el paciente queda atendido",
        "Urgent care (atención de urgencia): the patient is under care",
    ),
    "step.asphyxia": (
        "Tirada de Fortaleza al tomar aire{changes}",
        "Fortaleza check on taking a breath{changes}",
    ),
    "step.asphyxia.turns": ("Turnos sin aire", "Turns without air"),
    "step.effective.check": ("Atributo efectivo", "Effective attribute (atributo)"),
    "step.effective.rival": ("Atributo efectivo del rival", "The rival's effective attribute"),
    "step.effective.healing": (
        "Fortaleza efectiva del paciente",
        "The patient's effective Fortaleza (strength)",
    ),
}

#: The role named in a step of an unnamed combatant (or weapon): ``(es, en)``.
ROLES = {
    "attacker": ("atacante", "attacker"),
    "defender": ("defensor", "defender"),
}


def _es_role(template: str, role: str) -> str:
    """«de {name}» → «del atacante», «a {name}» → «al atacante», «{name} …» → «El …»
    (also «el arma», «del arma»: the stressed a takes «el»)."""
    noun = ROLES[role][0]
    out = template.replace("de {name}", f"del {noun}").replace("a {name}", f"al {noun}")
    if out.startswith("{name}"):
        out = f"El {noun}" + out[len("{name}") :]
    return out.replace("{name}", f"el {noun}")


def _en_role(template: str, role: str) -> str:
    noun = ROLES[role][1]
    if template.startswith("{name}"):
        template = f"The {noun}" + template[len("{name}") :]
    return template.replace("{name}", f"the {noun}")


def step_label(label: str, name: str, role: str) -> tuple[str, dict[str, str]]:
    """The label key and ``name`` param of a step about ``role`` named ``name``."""
    if name:
        return label, {"name": name}
    return f"{label}.{role}", {}


ES = {
    "cd.name": "Core Dread",
    "cd.headline.critical": "{p} espectacular",
    "flag.counter_wound": "contraataque con herida",
    "flag.counter_dead": "el contraataque mata al atacante",
    "flag.counter_prone": "el contraataque tira al suelo al atacante",
    "flag.prone": "el defensor cae al suelo (sigue en combate)",
}
EN = {
    "cd.name": "Core Dread",
    "cd.headline.critical": "{p} espectacular (spectacular)",
    "flag.counter_wound": "counter-attack wounds",
    "flag.counter_dead": "the counter-attack kills the attacker",
    "flag.counter_prone": "the counter-attack knocks the attacker down (al suelo)",
    "flag.prone": "the defender falls prone (al suelo) but still fights",
}
for _key, (_es, _en) in STEPS.items():
    ES[f"cd.{_key}"], EN[f"cd.{_key}"] = _es, _en
    for _role in ROLES:
        ES[f"cd.{_key}.{_role}"] = _es_role(_es, _role)
        EN[f"cd.{_key}.{_role}"] = _en_role(_en, _role)

for _key, (_es, _en) in CHECK_STEPS.items():
    ES[f"cd.{_key}"], EN[f"cd.{_key}"] = _es, _en

#: String values shown in steps (``derived``): ``cd.value.<x>``.
VALUES: dict[str, tuple[str, str]] = {
    "fortaleza": ("Fortaleza", "Fortaleza (strength)"),
    "agilidad": ("Agilidad", "Agilidad (agility)"),
    "concentracion": ("Concentración", "Concentración (concentration)"),
    **{level: LEVEL_LABELS[level] for level in LEVELS},
    **CATEGORY_LABELS,
    "no_wound": ("ninguna", "none"),
    "dead": ("muerto", "muerto (dead)"),
    "sentidos": ("Sentidos", "Sentidos (senses)"),
    "attribute": ("Atributo", "Atributo (attribute)"),
    "done": ("completada", "completada (done)"),
    "not_done": ("sin terminar", "sin terminar (not done)"),
    "none": ("nadie termina", "nadie termina (no one finishes)"),
    "falls": ("cae al suelo", "cae al suelo (falls prone)"),
    "stands": ("sigue en pie", "sigue en pie (stays up)"),
    "one_turn": ("un turno", "un turno (one turn)"),
    "minutes": ("varios minutos", "varios minutos (several minutes)"),
    "win": ("gana", "gana (wins)"),
    "draw": ("empate", "empate (draw)"),
    "lose": ("pierde", "pierde (loses)"),
}


def value_key(value: str) -> str:
    """The i18n key of a string value shown in a step: ``cd.value.malherido``."""
    return f"cd.value.{value}"


for _level in LEVELS:
    for _n in range(1, MAX_WOUND_COUNT + 1):
        ES[wound_key(_level, _n)] = f"{LEVEL_LABELS[_level][0]} ×{_n}"
        EN[wound_key(_level, _n)] = f"{LEVEL_LABELS[_level][0]} ×{_n} ({_GLOSS[_level]})"


#: Labels of the numbers in steps (``derived``); registered only where no system has one.
DERIVED = {
    "attribute": ("atributo", "attribute (atributo)"),
    "skill": ("habilidad", "skill (habilidad)"),
    "natural_hits": ("aciertos naturales", "natural hits"),
    "rerolls": ("relanzamientos", "rerolls"),
    "hits": ("aciertos", "hits (aciertos)"),
    "spectacular": ("espectacular", "spectacular"),
    "multiplier": ("multiplicador", "multiplier"),
    "value": ("valor", "value"),
    "attack_value": ("valor del ataque", "attack value"),
    "defence_value": ("valor de la defensa", "defence value"),
    "damage_raw": ("daño bruto", "raw damage"),
    "absorption": ("Absorción", "Absorción (absorption)"),
    "damage": ("daño", "damage"),
    "counter_raw": ("contraataque bruto", "raw counter-attack"),
    "fortaleza": ("Fortaleza", "Fortaleza (strength)"),
    "base": ("base", "base"),
    "wound_penalty": ("heridas", "wounds (penalización por heridas)"),
    "gore_penalty": ("heridas («Gore Mode»)", "wounds («Gore Mode» penalty)"),
    "difficulty": ("dificultad", "difficulty (dificultad)"),
    "cover_fire": ("fuego de cobertura", "covering fire (fuego de cobertura)"),
    "knockout": ("dejar inconsciente", "knock-out (dejar inconsciente)"),
    "unclamped": ("suma", "sum"),
    "dangerous": ("ataque peligroso", "dangerous attack (ataque peligroso)"),
    "shotgun_point_blank": ("escopeta a quemarropa", "shotgun at point-blank range"),
    "from_damage": ("herida por el daño", "wound from the damage"),
    "state": ("estado", "state"),
    "count": ("heridas", "wounds"),
    "measured": ("golpe medido", "measured blow"),
    "magullado": ("Magullado", "Magullado (bruised)"),
    "lesionado": ("Lesionado", "Lesionado (injured)"),
    "malherido": ("Malherido", "Malherido (badly wounded)"),
    "dead": ("muere", "dies"),
    "success": ("éxito", "success"),
    "autocontrol": ("Autocontrol", "Autocontrol (self-control)"),
    "uses": ("usa", "uses"),
    "degree": ("resultado", "result (resultado)"),
    "rival_hits": ("aciertos del rival", "rival's hits"),
    "result": ("resultado", "result (resultado)"),
    "weapon": ("arma", "weapon (arma)"),
    "weapon_class": ("tipo de arma", "weapon class (tipo de arma)"),
    "wound": ("herida", "wound"),
    "marked": ("casillas marcadas", "boxes marked"),
    "attacks_left": ("ataques restantes", "attacks left"),
    "needed": ("necesarios", "needed"),
    "added": ("éxitos sumados", "successes added"),
    "capacity": ("ataques por carga", "attacks per reload"),
    "time": ("tiempo", "time"),
    "successes": ("éxitos", "successes"),
    "rival_successes": ("éxitos del rival", "rival's successes"),
    "counted": ("cuentan", "counted"),
    "agilidad": ("Agilidad", "Agilidad (agility)"),
    "concentracion": ("Concentración", "Concentración (concentration)"),
    "turns": ("aguanta (turnos)", "lasts (turns)"),
    "dies": ("muere en el turno", "dies on turn"),
}


#: What each wound level does at the table (the dashboard's help, ``cd.wound_help.<level>``):
#: its penalty (§4.11, Gore Mode §4.17), what follows (§4.12, §4.16) and where it sits on
#: the track (§4.10).
WOUND_HELP: dict[str, tuple[str, str]] = {
    "magullado": (
        "Magullado: sin penalización («Gore Mode»: −1 a Fortaleza, Agilidad y Sentidos). "
        "Se cura 1 cada 4 horas de descanso. Primer nivel del registro: 3 casillas (1 en "
        "«Gore Mode»); con las 3 llenas, la siguiente herida marca un Lesionado.",
        "Magullado (bruised): no penalty («Gore Mode»: −1 to Fortaleza, Agilidad and "
        "Sentidos). Heals 1 per 4 hours of rest. First level of the track: 3 boxes (1 in "
        "«Gore Mode»); when all 3 are full the next wound marks a Lesionado.",
    ),
    "lesionado": (
        "Lesionado: −1 a Fortaleza, Agilidad y Sentidos por herida («Gore Mode»: −2). Se cura "
        "1 al día si se trata con vendas y desinfectante. Nivel central: 3 casillas (1 en "
        "«Gore Mode»); con las 3 llenas, la siguiente herida marca un Malherido.",
        "Lesionado (injured): −1 to Fortaleza, Agilidad and Sentidos per wound («Gore Mode»: "
        "−2). Heals 1 a day if treated with bandages and disinfectant. Middle level: 3 boxes "
        "(1 in «Gore Mode»); when all 3 are full the next wound marks a Malherido.",
    ),
    "malherido": (
        "Malherido: −2 a Fortaleza, Agilidad y Sentidos por herida («Gore Mode»: −3). Tras "
        "recibirlo, tirada de Fortaleza o cae al suelo. Requiere atención médica urgente: "
        "con ella, una tirada de Fortaleza al día lo convierte en Lesionado; sin ella, una "
        "tirada cada 10 minutos y cada fallo añade otro. Último nivel: con las 3 casillas "
        "llenas (1 en «Gore Mode»), la siguiente herida mata.",
        "Malherido (badly wounded): −2 to Fortaleza, Agilidad and Sentidos per wound (Gore "
        "Mode: −3). After taking one, a Fortaleza check or fall prone. Needs urgent medical "
        "care: with it, one Fortaleza check a day turns it into a Lesionado; without it, a "
        "check every 10 minutes and each failure adds another. Last level: with all 3 boxes "
        "full (1 in «Gore Mode»), the next wound kills.",
    ),
}


#: The fight tracker's log of the turn rules (§4.3, G23; ``{name}`` is the combatant).
FIGHT_LOG: dict[str, tuple[str, str]] = {
    "fight.turn_end": (
        "{name} ya ha usado su turno: no puede defenderse hasta el próximo asalto",
        "{name} has used the turn: no defence until the next round",
    ),
    "fight.round_end": ("{name} recupera su turno", "{name} gets its turn back"),
}


#: A check roll's card (:mod:`.view`): ``(es, en)`` under ``cd.check.*``.
CHECK_CARD: dict[str, tuple[str, str]] = {
    "title": ("Chequeo", "Chequeo (check)"),
    "hits": ("aciertos", "aciertos (hits)"),
    "natural_hits": ("naturales", "natural"),
    "needed": ("hacen falta {n}", "{n} needed"),
    "success": ("éxito", "success"),
    "failure": ("fallo", "failure"),
    "dice": ("dados", "dice"),
    "attribute": ("atributo", "attribute (atributo)"),
    "skill": ("habilidad", "skill (habilidad)"),
    "p_success": ("probabilidad de éxito", "chance of success"),
    "seed": ("semilla", "seed"),
}


# --------------------------------------------------------------------------- citations
CITE: dict[str, str] = {
    # §1 rolls
    "roll": "«Tirada básica»: «Se lanzan siempre 5 dados de 10 caras, o “5d10”, y cada "
    "dado se considera un “acierto” si se obtiene un número entre 1 y el valor del atributo "
    "utilizado»",
    "skill": "«Habilidades»: «por cada punto que tenga el personaje en la Habilidad o "
    "Recurso, se puede relanzar un dado de esa tirada»",
    "check": "«Tabla Aciertos / Resultado»: «La acción completa se considera "
    "exitosa si se logran obtener más aciertos que fallos en los dados»",
    "opposed": "«Tiradas enfrentadas»: «el ganador es quien tenga más aciertos en los "
    "dados (aunque sean menos de 3)»",
    "opposed_tie": "«Tiradas enfrentadas»: «Si tienen la misma cantidad de aciertos, "
    "gana quien tenga una mayor puntuación en el Atributo utilizado»",
    "extended": "«Acciones extendidas»: «se requiere alcanzar un número específico de "
    "tiradas exitosas»",
    "extended_spectacular": "«Éxitos espectaculares en acciones extendidas»: «alcanzar "
    "el objetivo inmediatamente … o contar como dos tiradas exitosas»",
    "competitive": "«Acciones extendidas»: «gana el personaje que logre primero el "
    "número de tiradas exitosas objetivo»",
    "prepared": "«Acciones preparadas»: «Una vez que ese evento inicie, el personaje "
    "realiza la acción justo antes. Pero si ese evento no ocurre, el personaje pierde la "
    "acción»",
    # §1.2 the effective attribute and each modifier
    "base_attack_melee": "«Atacar»: «Si el ataque requiere fuerza física para causar "
    "daño, como el uso de un arma cuerpo a cuerpo o lanzar un objeto, se utiliza el Atributo "
    "de Fortaleza»",
    "base_attack_ranged": "«Atacar»: «si se necesita precisión, como disparar un arma "
    "de proyectiles, se utiliza el atributo de Agilidad»",
    "base_aimed": "«Apuntar»: «lo realiza usando su atributo de Concentración, en lugar "
    "de Agilidad»",
    "base_block": "«Bloquear»: «se realiza una tirada similar a la que usó el atacante "
    "(normalmente Fortaleza con Pelea)»",
    "base_dodge": "«Esquivar»: «se cambia el atributo de Fortaleza por Agilidad»",
    "base_ranged_block": "«Bloqueo a distancia»: «se puede realizar un bloqueo a "
    "distancia usando Agilidad, pero no una esquiva»",
    "base_prone": "«Irse al suelo por heridas»: «el personaje debe hacer una tirada de Fortaleza»",
    "base_healing": "«Tabla Estado de salud / Recuperación»: «con una tirada exitosa "
    "de Fortaleza puede convertir una herida en lesión»",
    "base_initiative": "«Iniciativa»: «realizarán una tirada de Sentidos»",
    "base_check": "«Tirada básica»: «usando uno de los Atributos del personaje»",
    "wound_penalty": "«Tabla Nivel de salud / Penalización»: Lesionado «-1 punto a los "
    "atributos por herida», Malherido «-2 puntos a los atributos por herida»",
    "gore_penalty": "«Tabla Nivel de salud Gore Mode / Penalización»: Magullado −1, "
    "Lesionado −2, Malherido −3 («cada nivel de herida tiene una penalización única»)",
    "difficulty": "«Tabla Modificación / Descripción»: «se pueden aplicar "
    "bonificaciones o penalizaciones temporales al Atributo utilizado»",
    "cover_fire": "«Rifles de asalto o subfusiles»: «se obtiene una bonificación de +2 "
    "en la tirada de ataque»",
    "knockout": "«Medir los golpes y dejar inconsciente»: «-1 al Atributo por la dificultad»",
    "clamp": "«Modificación del Atributo»: «Esto nunca puede incrementar un atributo a "
    "más de 9, pero sí reducirlo a 0 y hacer la acción imposible»",
    # §4.4–4.7 the attack
    "attack_melee": "«Tiradas exitosas en enfrentamientos»: «no hay un mínimo de "
    "aciertos requerido»; «Tabla Arma / Daño»: «las armas aplican un multiplicador a "
    "los aciertos de la tirada de ataque o bloqueo»",
    "attack_ranged": "«Excepción en los aciertos requeridos para una tirada exitosa»: "
    "«Solo en los ataques a distancia sí se requieren al menos 3 aciertos para tener éxito, a "
    "menos que se realicen a quemarropa»; «Tabla Arma / Daño»",
    "dangerous": "«Tabla Arma / Daño»: «Los ataques realizados en situaciones "
    "peligrosas aumentan el multiplicador al ataque en 1»",
    "shotgun": "«Escopetas»: «si se disparan a quemarropa, el multiplicador de daño "
    "aumenta de 4 a 8»",
    "ranged_minimum": "«Excepción en los aciertos requeridos para una tirada exitosa»: "
    "«Solo en los ataques a distancia sí se requieren al menos 3 aciertos»",
    "block": "«Bloquear»: «Cada éxito obtenido resta uno de los del atacante»",
    "dodge": "«Esquivar»: «si se logra igualar o superar los éxitos del ataque, no se "
    "hace daño por contraataque»",
    "ranged_block": "«Bloqueo a distancia»: «el ataque se convierte en un tiroteo mutuo "
    "y resultará en alguien herido»",
    "damage": "«Tabla Arma / Daño»: «aplicando multiplicadores por uso de armas, y "
    "después restando aciertos en la tirada enfrentada, la cantidad de aciertos restantes son "
    "los puntos de daño»",
    "armor": "«Tabla Tipo de armadura / Absorción»: «proporciona protección personal y "
    "absorbe puntos de daño»",
    "wear": "«Tabla Tipo de armadura / Absorción»: «cada ataque recibido reduce su "
    "puntuación de Absorción en 1»",
    # §4.8–4.13 wounds and what follows
    "no_wound": "«Tabla de límites de daño»: sin puntos de daño no hay herida",
    "magullado": "«Tabla de límites de daño»: «Si se recibe una cantidad de daño menor "
    "o igual a la Fortaleza, se sufre una herida de nivel Magullado»",
    "lesionado": "«Tabla de límites de daño»: «igual o menor al doble de Fortaleza, una "
    "de nivel Lesionado»",
    "malherido": "«Tabla de límites de daño»: «si se recibe más del doble de Fortaleza, "
    "una de nivel Malherido, y una adicional por cada 5 puntos más»",
    "measured_level": "«Medir los golpes y dejar inconsciente»: «cuando se calcule el "
    "nivel de herida provocado, este se reduce en un nivel»",
    "measured_count": "«Medir los golpes y dejar inconsciente»: «en el caso de haber "
    "hecho más de una herida por daño excesivo, se reduce en 1 la cantidad de heridas»",
    "spectacular": "«Daño con éxitos espectaculares»: «si el ataque daña al oponente, "
    "este provoca dos heridas iguales en lugar de una»",
    "track": "«Límites de daño»: «Si un nivel de herida tiene sus tres heridas marcadas "
    "y el personaje recibe otra herida similar, se marca una herida del siguiente nivel»",
    "death": "«Límites de daño»: «Si un personaje tiene 3 heridas de nivel Malherido y "
    "recibe otra más, muere inmediatamente»",
    "knocked_out": "«Medir los golpes y dejar inconsciente»: «Si se provoca al menos un "
    "nivel de herida Lesionado, la víctima cae inconsciente»",
    "autocontrol": "«Ataques peligrosos y autocontrol»: «Cuando un personaje recibe "
    "cualquier tipo de herida por un ataque peligroso, pierde un punto de Autocontrol "
    "inmediatamente»",
    "prone": "«Irse al suelo por heridas»: «Si la tirada falla, el personaje cae al suelo»",
    "counter": "«Bloquear»: «los aciertos restantes del bloqueo se consideran daño "
    "realizado al atacante»",
    # §4.14 firearms, §4.3 turns
    "ammo": "«Tabla Arma de proyectiles / Ataques»: «solo se lleva la cuenta de cuántos "
    "ataques se realizan antes de ser necesario recargar»",
    "reload": "«Tabla Arma de proyectiles / Ataques»: «Recargar un arma puede llevar "
    "varios minutos, a menos que solo se trate de cambiar un cargador por otro o “recargar” un "
    "arco, lo que solo toma un turno»",
    "cover": "«Cobertura»: «quedando automáticamente a cubierto después de resolverse el ataque»",
    "turn": "«Iniciativa»: «cuando un personaje responde a un ataque con una tirada "
    "enfrentada … se considera que está haciendo uso de su turno del asalto en curso»",
    "initiative": "«Iniciativa»: «Estos personajes designados realizarán una tirada de "
    "Sentidos para definir qué grupo tiene la iniciativa»",
    "initiative_order": "«Iniciativa»: «Cuando comienza un asalto, el personaje que "
    "lidera al grupo toma el primer turno»; «Cada personaje tiene un solo turno por asalto»",
    "leader": "«Iniciativa»: «cada grupo de personajes designa a una o un líder» "
    "(aquí, quien tenga más Sentidos efectivos y pueda actuar; empate: el primero en entrar)",
    "initiative_tie": "«Iniciativa»: empate total (mismos aciertos y mismos "
    "Sentidos): los líderes vuelven a tirar",
    "healing": "«Tabla Estado de salud / Recuperación»: Malherido «Requiere atención "
    "médica de urgencia»",
    "healing_death": "«Límites de daño»: «muere inmediatamente»",
    "stand_up": "«Iniciativa»: «Un turno es la oportunidad que posee cada personaje "
    "para realizar un movimiento y una acción»; «Irse al suelo por heridas»: "
    "levantarse ocupa el movimiento, sin tirada",
    "asphyxia": "«Dificultades para respirar»: «puede resistir una cantidad de turnos igual a su puntaje de "
    "Fortaleza antes de perder la vida»; «puede aguantar una cantidad de turnos adicionales "
    "igual a la cantidad de aciertos de la tirada»",
    "base_asphyxia": "«Dificultades para respirar»: «realiza una tirada de Fortaleza»",
    "cover_move": "«Cobertura»: «un personaje puede decidir quedar a cubierto o salir "
    "de una cobertura después de moverse»",
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


def _local(table: dict[str, str]) -> dict[str, str]:
    """The catalogue's keys without the ``cd.`` prefix (``register`` adds it back)."""
    return {k.removeprefix("cd."): v for k, v in table.items()}


def register() -> None:
    """Register the Core Dread catalogue under the ``cd`` prefix (idempotent)."""
    i18n.register("cd", {"es": _local(ES), "en": _local(EN)})
    i18n.register(
        "cd",
        {
            "es": {f"degree.{degree}": es for _, degree, es, _ in DEGREES},
            "en": {f"degree.{degree}": en for _, degree, _, en in DEGREES},
        },
    )
    i18n.register_pairs("cd", {f"derived.{key}": pair for key, pair in DERIVED.items()})
    i18n.register_pairs("cd", {f"value.{key}": pair for key, pair in VALUES.items()})
    i18n.register_pairs("cd", {f"wound_help.{key}": pair for key, pair in WOUND_HELP.items()})
    i18n.register_pairs("cd", FIGHT_LOG)
    i18n.register_pairs("cd", {f"check.{key}": pair for key, pair in CHECK_CARD.items()})


register()
