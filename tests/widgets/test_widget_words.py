"""Issue #26 item 6: no raw id, spec code or placeholder code on any tab of any system, in
either language; no English UI word in the Spanish dashboard and no unglossed Spanish UI
word in the English one (rulebook quotations in «…» aside).

Every panel is built, every form section opened (its choices, helps and impossible-choice
reasons drawn), one attack rolled (its steps table), the Tablas screen shown; then every
text a browser would show is read from the widgets (descriptions, tooltips, placeholders,
options, HTML values, tab and section titles) and searched for those patterns.
"""

import html
import re

import ipywidgets as ipw
import pytest

import rolkit
from widgets.app import Dashboard

#: spec codes (§2.2, P12, T7, P1/R3, G12, E1), source tags ([BRP]), placeholders, raw ids
#: (snake_case, 'quoted_id', ph:…), i18n keys (dash.tab.x) and unformatted {fields}
CODES = re.compile(
    r"§|\bph:|\[[A-Z]{2,}|\bPLACEHOLDER\b|\b(?!D\d)[A-Z]{1,2}\d{1,3}(?:[./]\w+)*\b"
    r"|\b[a-z]+_[a-z0-9_]+\b|\{[a-z_]+\}|\b(?:True|False|None)\b"
    r"|\b(?:dash|gm|form|col|fate|outcome|screen)\.[a-z_.]+\b"
)
#: English words of the UI that must not show in the Spanish dashboard
ENGLISH = re.compile(
    r"\b(?:preset|presets|roster|melee|mode|by hand|hand|download|link|print|seed|none|hit"
    r"|miss|damage|weapon|attack|the|of|and|with)\b",
    re.IGNORECASE,
)
#: Spanish words of the dashboard's own chrome that need a gloss in the English one
SPANISH = re.compile(
    r"\b(?:a mano|descargar|pantalla|enlace|imprimir|ajuste|plantilla|semilla|ver pasos"
    r"|repetir|aplicar|deshacer|personajes)\b",
    re.IGNORECASE,
)
QUOTE = re.compile(r"«[^»]*»")
#: words still on a tab whose fix lies outside the display helper's files (issue #26):
#: ``(system or "*", word) -> where``. Each must still be found (the test below fails once
#: it is fixed, so the entry is removed and the word is checked like any other).
#: None now: «Gore Mode» (Core Dread's “Gore Mode”) and «melee a 1 mano» (Tierkreis's «arma
#: de melee a 1 mano») are the rulebooks' own terms, so they are shown quoted.
PENDING: dict[tuple[str, str], str] = {}
TAG = re.compile(r"<style.*?</style>|<[^>]+>", re.S)


def _texts(widget, out, seen):
    if id(widget) in seen:
        return
    seen.add(id(widget))
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            out.append(value)
    if isinstance(widget, (ipw.HTML, ipw.Label)) and widget.value:
        out.append(widget.value)
    out.extend(getattr(widget, "_options_labels", ()))
    if isinstance(widget, (ipw.Tab, ipw.Accordion)):
        out.extend(t for t in widget.titles if t)
    for child in getattr(widget, "children", ()):
        if isinstance(child, ipw.Widget):
            _texts(child, out, seen)


def plain(text):
    """What a reader sees of a widget text: no tags, no data URLs, no rulebook quotes."""
    text = re.sub(r'(?:src|href)="data:[^"]*"', "", text)
    text = html.unescape(TAG.sub(" ", text))
    return QUOTE.sub("«»", text)


def _glossed(segment):
    """An English segment whose Spanish words carry a gloss: ``Imprimir (print)``."""
    return "(" in segment


def dashboard_texts(system_id, lang):
    """Every text of every tab, the systems' own names (titles, not words) left out."""
    d = Dashboard(system=system_id, lang=lang)
    for panel in d.panels:
        if panel.name == "screen":
            panel.show()
    for section in d.attack.sections.values():
        section.form  # noqa: B018 - builds the form
        section.widget.selected_index = 0
    d.attack.refresh()
    d.attack.roll()
    d.attack.entries[0].fold.selected_index = 0
    out = []
    _texts(d.widget, out, set())
    names = [rolkit.get_system(s).display_name(lang) for s in rolkit.systems()]
    texts = [plain(t) for t in out]
    for name in names:
        texts = [t.replace(name, "") for t in texts]
    return texts


def offences(texts, lang):
    found = []
    for text in texts:
        for segment in re.split(r"\s{2,}|\n| · | › ", text):
            segment = segment.strip()
            if not segment:
                continue
            found += [(m.group(0), segment) for m in CODES.finditer(segment)]
            if lang == "es":
                found += [(m.group(0), segment) for m in ENGLISH.finditer(segment)]
            elif not _glossed(segment):
                found += [(m.group(0), segment) for m in SPANISH.finditer(segment)]
    return found


def test_the_patterns_catch_what_issue_26_saw():
    seen = [
        "recibido 'ranged_block'",
        "§2.2 (ph:pool_d6)",
        "[BRP]",
        "P1/R3 «igual»",
        "«No golpea» (P12)",
        "preset",
        "Roster",
        "Melee a 1 mano",
    ]
    for text in seen:
        assert offences([plain(text)], "es"), text
    assert offences(["descargar pantalla del máster"], "en")
    assert not offences(["Imprimir (print)", "«Gore Mode» (P12 x)"[:10]], "en")
    assert not offences(["Probabilidad de cada daño · 3,9 % cae", "1D8+1D4", "CON×4"], "es")


def _pending(system_id, word):
    return (system_id, word) in PENDING or ("*", word) in PENDING


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("system_id", rolkit.systems())
def test_no_code_id_or_foreign_word_on_any_tab(system_id, lang, pending_seen):
    found = offences(dashboard_texts(system_id, lang), lang)
    pending_seen.update((system_id, w) for w, _ in found if _pending(system_id, w))
    pending_seen.update(("*", w) for w, _ in found if ("*", w) in PENDING)
    shown = sorted(
        {
            f"{word!r} in {segment[:120]!r}"
            for word, segment in found
            if not _pending(system_id, word)
        }
    )
    assert not shown, "\n".join(shown)


@pytest.fixture(scope="module")
def pending_seen():
    return set()


def test_every_pending_word_is_still_there(pending_seen):
    """Runs after the walk (same module, file order): a pending word no tab shows any
    more is fixed, so its PENDING entry must go."""
    if not pending_seen:
        pytest.skip("the walk did not run (selected alone)")
    gone = sorted(set(PENDING) - pending_seen)
    assert not gone, f"fixed: remove from PENDING {gone}"
