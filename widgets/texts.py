"""Every dashboard string (es/en) the shared catalogue does not already hold.

Registered once at import under the shared prefix; the keys start with ``dash.`` except
the ones older modules already used (``apply``, ``undo``, ``replay.*``, ``history.entry``).
"""

from __future__ import annotations

from rolkit import i18n

__all__ = ["PAIRS"]

#: key -> (es, en). English keeps the Spanish game term and adds a gloss.
PAIRS: dict[str, tuple[str, str]] = {
    "replay.same": ("coincide: mismos dados, mismos pasos", "matches: same dice, same steps"),
    "replay.differs": ("¡no coincide!", "does not match!"),
    "history.entry": ("#{n} · semilla {seed}", "#{n} · seed {seed}"),
    "dashboard.no_systems": (
        "No hay ningún sistema registrado en rolkit.systems().",
        "No system is registered in rolkit.systems().",
    ),
    "apply": ("aplicar", "aplicar (apply)"),
    "apply.tip": (
        "Carga en los formularios el estado tras este ataque (heridas, PG…)",
        "Load the state after this attack into the forms (wounds, HP…)",
    ),
    "apply.nothing": (
        "Este resultado no cambia ningún formulario.",
        "This result changes no form.",
    ),
    "apply.done": ("Aplicado #{n}: {roles}.", "Applied #{n}: {roles}."),
    "undo": ("deshacer", "deshacer (undo)"),
    "undo.tip": (
        "Devuelve los formularios a como estaban antes del último «aplicar»",
        "Put the forms back as they were before the last «aplicar»",
    ),
    "undo.done": ("Deshecho: {roles}.", "Undone: {roles}."),
    # tabs
    "dash.tab.attack": ("Ataque", "Ataque (attack)"),
    "dash.tab.checks": ("Chequeos", "Chequeos (checks)"),
    # headline (the fate first: what a GM says aloud)
    "dash.fate.dead": ("{p} muere", "{p} muere (dies)"),
    "dash.fate.down": ("{p} cae", "{p} cae (goes down)"),
    "dash.col.means": ("qué supone", "what it means"),
    "dash.means.more": ("la regla", "the rule"),
    # hit locations (a system that rolls one: G.O.R.E. with «Localización de impactos»)
    "dash.location.title": ("Dónde impacta", "Where the blow lands"),
    "dash.location": ("localización", "localización (location)"),
    "dash.location.does": ("un impacto ahí", "a hit there"),
    "dash.location.prone": ("cae al suelo", "cae al suelo (falls prone)"),
    "dash.location.p": ("= si impacta", "= if it hits"),
    "dash.location_disabled": ("inutilizada", "inutilizada (disabled)"),
    "dash.location_severe": ("destrozada", "destrozada (destroyed)"),
    # fields
    "dash.field.invalid": (
        "{label}: debe ser {allowed} (escrito «{text}»)",
        "{label}: must be {allowed} (typed «{text}»)",
    ),
    "dash.stale": (
        "Probabilidades del último ajuste válido: corrige el campo marcado.",
        "Odds of the last valid setup: fix the marked field.",
    ),
    "dash.roll.blocked": (
        "Tirar está desactivado: {msg}",
        "Tirar (roll) is disabled: {msg}",
    ),
    # seeds
    "dash.seed.keep": ("fijar semilla", "fijar semilla (keep seed)"),
    "dash.seed.keep.tip": (
        "Marcada: cada «Tirar» usa la misma semilla (misma tirada). Sin marcar: la semilla "
        "escrita se usa una vez y la casilla se vacía.",
        "Ticked: every «Tirar» uses the same seed (the same roll). Unticked: a typed seed "
        "is used once and the box clears.",
    ),
    "dash.seed.typed": ("semilla escrita", "typed seed"),
    "dash.seed.fixed": ("semilla fijada", "kept seed"),
    "dash.seed.bad": ("Semilla: {msg}", "Seed: {msg}"),
    # checks
    "dash.checks.none": (
        "Este sistema no declara chequeos.",
        "This system declares no checks.",
    ),
    "dash.checks.pick": ("Chequeo", "Chequeo (check)"),
    "dash.checks.chart": ("Probabilidad de cada grado", "Probability of each degree"),
    "dash.checks.empty": (
        "Pulsa «Tirar» para resolver un chequeo.",
        "Press «Tirar» to resolve a check.",
    ),
    "dash.checks.ge": ("≥ (este o mejor)", "≥ (this or better)"),
    # options: what changes the odds
    "dash.option.impact": (
        "con «{alt}»: impacta {hit} pp · {fate} {fate_d} pp",
        "with «{alt}»: hit {hit} pp · {fate} {fate_d} pp",
    ),
    "dash.option.impact.hit": ("con «{alt}»: impacta {hit} pp", "with «{alt}»: hit {hit} pp"),
    "dash.option.impact.other": (
        "con «{alt}»: cambian las probabilidades (no el impacto ni el destino)",
        "with «{alt}»: the odds change (not the hit chance nor the fate)",
    ),
    "dash.option.fate": ("cae", "cae (down)"),
    "dash.option.yes": ("sí", "sí (yes)"),
    "dash.option.no": ("no", "no"),
    "dash.provisional": ("regla provisional", "regla provisional (provisional rule)"),
    "dash.provisional.why": (
        "El reglamento no fija este valor; rolkit usa uno razonable hasta que lo fije.",
        "The rulebook does not fix this value; rolkit uses a reasonable one until it does.",
    ),
    "dash.modified": ("(modificado)", "(modificado: edited)"),
    "dash.impossible": ("no posible: {msg}", "not possible: {msg}"),
    # link
    "dash.link": ("Enlace a este ajuste", "Link to this setup"),
    "dash.switching": ("Cargando {system}…", "Loading {system}…"),
    "dash.link.copy": ("copiar enlace", "copy link"),
    "dash.link.copy.tip": (
        "Copia al portapapeles la dirección completa de este ajuste",
        "Copies the whole address of this setup to the clipboard",
    ),
    "dash.link.copied": ("enlace copiado", "link copied"),
    "dash.link.dropped": (
        "El enlace traía valores que no valen y se han ignorado: {what}.",
        "The link carried values that are not valid; they were ignored: {what}.",
    ),
    "dash.link.unknown": ("campo desconocido", "unknown field"),
    "dash.link.tab": ("Pestaña", "Pestaña (tab)"),
    # print
    "dash.print": ("Imprimir", "Imprimir (print)"),
    "dash.print.tip": (
        "Abre el diálogo de impresión: el ajuste como texto, las probabilidades, el gráfico y "
        "las tiradas, sin controles.",
        "Opens the print dialog: the setup as text, the odds, the chart and the rolls, "
        "without the controls.",
    ),
    "dash.print.setup": ("Ajuste", "Setup"),
    "dash.print.defaults": ("valores por defecto", "default values"),
    # a value refused for its length (widgets.limits)
    "dash.too_long": (
        "{label}: texto demasiado largo ({n} caracteres; como mucho {max}); no se ha usado: "
        "«{text}»",
        "{label}: text too long ({n} characters; at most {max}); it was not used: «{text}»",
    ),
}

i18n.register_pairs("", PAIRS)
