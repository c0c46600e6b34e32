"""The strings of the GM tabs (Combate, Tablas, Comparar, Personajes), es/en, keys ``gm.``.

Registered once at import under the shared prefix, like :mod:`widgets.texts`.
"""

from __future__ import annotations

from rolkit import i18n

__all__ = ["PAIRS"]

#: key -> (es, en). English keeps the Spanish game term and adds a gloss.
PAIRS: dict[str, tuple[str, str]] = {
    # tabs
    "gm.tab.fight": ("Combate", "Combate (fight)"),
    "gm.tab.screen": ("Tablas", "Tablas (tables)"),
    "gm.tab.compare": ("Comparar", "Comparar (compare)"),
    "gm.tab.roster": ("Personajes", "Roster"),
    # roster
    "gm.roster.pick": ("Lista", "Roster"),
    "gm.roster.load": ("cargar", "cargar (load)"),
    "gm.roster.load.tip": (
        "Vuelve a leer las listas guardadas y la lista elegida",
        "Reads the list of rosters and the chosen roster again",
    ),
    "gm.roster.loaded": (
        "Lista «{roster}» cargada: {n} entradas de este sistema.",
        "Roster «{roster}» loaded: {n} entries of this system.",
    ),
    "gm.roster.new_name": ("Nombre de la lista", "Roster name"),
    "gm.roster.new_name.placeholder": ("p. ej. campaña", "e.g. campaign"),
    "gm.roster.new": ("nuevo", "nuevo (new)"),
    "gm.roster.created": (
        "Creada la lista «{roster}» (vacía).",
        "Created the roster «{roster}» (empty).",
    ),
    "gm.roster.role": ("Formulario", "Form"),
    "gm.roster.name": ("Nombre de la entrada", "Entry name"),
    "gm.roster.save": ("guardar", "guardar (save)"),
    "gm.roster.save.tip": (
        "Guarda en la lista elegida el formulario elegido tal como está ahora en la pestaña Ataque",
        "Saves the chosen form, as it stands now on the Ataque tab, in the chosen roster",
    ),
    "gm.roster.saved": (
        "Guardado «{name}» en la lista «{roster}».",
        "Saved «{name}» in the roster «{roster}».",
    ),
    "gm.roster.import": ("importar", "importar (import)"),
    "gm.roster.import.tip": (
        "Añade a la lista elegida las entradas de un archivo .json (1 MiB como máximo)",
        "Adds the entries of a .json file (1 MiB at most) to the chosen roster",
    ),
    "gm.roster.import.one": ("Sube un solo archivo .json.", "Upload a single .json file."),
    "gm.roster.imported": (
        "Importadas {n} entradas en la lista «{roster}».",
        "Imported {n} entries into the roster «{roster}».",
    ),
    "gm.roster.export": ("exportar", "exportar (export)"),
    "gm.roster.export.tip": (
        "Prepara la lista elegida para descargarla como archivo .json",
        "Prepares the chosen roster for download as a .json file",
    ),
    "gm.roster.download": ("descargar «{file}»", "download «{file}»"),
    "gm.roster.exported": (
        "Pulsa el enlace para descargar la lista «{roster}».",
        "Click the link to download the roster «{roster}».",
    ),
    "gm.roster.none": ("(la lista está vacía para este sistema)", "(no roster entries here)"),
    # one label in both languages: it is the key a link restores the entry by
    "gm.roster.suffix": ("{name} (lista)", "{name} (lista)"),
    "gm.roster.help": (
        "Elige una lista de personajes por su nombre o crea una nueva; importa o exporta un "
        "archivo .json. Sus entradas aparecen junto a las plantillas, marcadas «(lista)», en "
        "cada formulario y en Combate.",
        "Choose a roster by name or create a new one; import or export a .json file. Its "
        "entries appear beside the presets, marked «(lista)» (list), in every form and in Combate.",
    ),
    # fight
    "gm.fight.name": ("Nombre", "Name"),
    "gm.fight.side": ("Bando", "Bando (side)"),
    "gm.fight.side.party": ("Grupo", "Grupo (party)"),
    "gm.fight.side.foes": ("Enemigos", "Enemigos (foes)"),
    "gm.fight.character": ("Personaje", "Personaje (character)"),
    "gm.fight.weapon": ("Arma", "Arma (weapon)"),
    "gm.fight.add": ("añadir", "añadir (add)"),
    "gm.fight.initiative": ("tirar iniciativa", "tirar iniciativa (roll initiative)"),
    "gm.fight.next": ("siguiente turno", "siguiente turno (next turn)"),
    "gm.fight.attacker": ("Atacante", "Atacante (attacker)"),
    "gm.fight.target": ("Objetivo", "Objetivo (target)"),
    "gm.fight.redo": ("rehacer", "rehacer (redo)"),
    "gm.fight.log": ("Registro (lo último arriba)", "Log (newest first)"),
    "gm.fight.log.empty": ("Nada todavía.", "Nothing yet."),
    "gm.fight.md": ("descargar registro (Markdown)", "download log (Markdown)"),
    "gm.fight.json": ("descargar combate (JSON)", "download fight (JSON)"),
    "gm.fight.victory.busy": (
        "Calculando la probabilidad de victoria…",
        "Computing the probability of victory…",
    ),
    "gm.fight.victory.hint": (
        "Con combatientes en los dos bandos, aquí aparece la probabilidad de victoria.",
        "With combatants on both sides, the probability of victory shows here.",
    ),
    "gm.fight.none": ("Añade al menos dos combatientes.", "Add at least two combatants."),
    "gm.fight.round": ("Ronda {n}", "Round {n}"),
    "gm.fight.turn": ("su turno", "their turn"),
    "gm.fight.pending": ("Tirada sin aplicar: {text}", "Roll not applied yet: {text}"),
    "gm.fight.fate": ("última tirada aplicada: {fate}", "last applied roll: {fate}"),
    "gm.fight.unchanged": ("sin cambios desde que entró", "unchanged since joining"),
    "gm.fight.stateless": (
        "Este sistema no lleva estado entre ataques: «aplicar» solo anota la tirada.",
        "This system keeps no state between attacks: «aplicar» only logs the roll.",
    ),
    "gm.fight.same": (
        "El atacante y el objetivo son el mismo.",
        "Attacker and target are the same.",
    ),
    # screen
    "gm.screen.grid": (
        "Probabilidad de impactar: {rows} (filas) × {cols} (columnas)",
        "Chance to hit: {rows} (rows) × {cols} (columns)",
    ),
    "gm.screen.weapons": (
        "Cada arma contra el defensor por defecto",
        "Each weapon against the default defender",
    ),
    "gm.screen.busy": (
        "Calculando la pantalla del máster…",
        "Computing the GM screen…",
    ),
    "gm.screen.busy.weapons": ("Calculando las armas…", "Computing the weapons…"),
    "gm.screen.download": ("descargar pantalla del máster (HTML)", "download GM screen (HTML)"),
    "gm.screen.none": (
        "Este sistema no declara ejes para la pantalla del máster.",
        "This system declares no GM screen axes.",
    ),
    # compare
    "gm.compare.what": ("Cambiar", "Change"),
    "gm.compare.value": ("a", "to"),
    "gm.compare.run": ("comparar", "comparar (compare)"),
    "gm.compare.help": (
        "Compara el ajuste actual de la pestaña Ataque con una variante que cambia un campo "
        "o una regla de la casa.",
        "Compares the Ataque tab's current setup with a variant that changes one field or "
        "one house rule.",
    ),
    "gm.compare.option": ("Opciones", "Opciones (house rules)"),
    "gm.compare.chart": ("Ajuste frente a variante", "Setup against variant"),
    "gm.fight.log.earlier": (
        "… y {n} entradas anteriores: están en la descarga del registro.",
        "… and {n} earlier entries: they are in the log's download.",
    ),
    "gm.fight.log.lost": (
        "Las {n} entradas más antiguas ya no se conservan.",
        "The {n} oldest entries are no longer kept.",
    ),
    "gm.fight.undo.capped": (
        "Solo se pueden deshacer los últimos {n} pasos.",
        "Only the last {n} steps can be undone.",
    ),
    "gm.fight.prepare": ("preparar descargas", "preparar descargas (prepare downloads)"),
    "gm.fight.too_many": (
        "Como mucho {n} combatientes por combate.",
        "At most {n} combatants per fight.",
    ),
    "gm.compare.bad": (
        "{label}: «{text}» no es un valor válido",
        "{label}: «{text}» is not a valid value",
    ),
}

i18n.register_pairs("", PAIRS)
