"""The Combate tab's combatant cards and log, as HTML (no widgets, no rule logic).

A card shows a combatant's side, whether it is its turn, its visible conditions (the
system's ``conditions``, else its fate: :func:`widgets.fight_table.conditions_of`), what
changed on its track since it joined, the engine's derived values and the fate of the last
roll applied to it. The log shows its last :data:`LOG_SHOWN` entries, newest first.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from rolkit import fields, i18n
from rolkit.display import tables
from rolkit.fight import Fight
from rolkit.model import Resolution
from widgets.fight_table import conditions_of

__all__ = ["cards_html", "log_html", "side_label", "SIDE_KEYS", "LOG_SHOWN"]

SIDE_KEYS = {"grupo": "gm.fight.side.party", "enemigos": "gm.fight.side.foes"}
#: the log entries shown (newest first); older ones are counted and in the download
LOG_SHOWN = 40


def side_label(side: str, lang: str) -> str:
    return i18n.t(SIDE_KEYS[side], lang) if side in SIDE_KEYS else side


def _track(system: Any, f: Any, first: Any, lang: str) -> str:
    specs = dict(fields.describe(type(f.defender)))
    changes = fields.changed_fields(f.defender, first.defender, lang)
    changes += fields.changed_fields(f.weapon, first.weapon, lang)
    track = "; ".join(changes) or i18n.t("gm.fight.unchanged", lang)
    derived = [
        f"{specs[key].label_for(lang)}: {fields.value_text(specs[key], value, lang)}"
        for key, value in system.derived("defender", f.defender).items()
        if key in specs
    ]
    if derived:
        track += f" · {'; '.join(derived)}"
    return track


def cards_html(
    fight: Fight, joined: Mapping[str, Any], fates: Mapping[str, Resolution], lang: str
) -> str:
    """One card per combatant, in initiative order once rolled."""
    st, system = fight.state, fight.system
    by_name = {f.name: f for f in st.fighters}
    order = list(st.order) + [n for n in by_name if n not in st.order]
    head = ""
    if st.round:
        head = f"<div><b>{html.escape(i18n.t('gm.fight.round', lang, n=st.round))}</b></div>"
    cards = []
    for name in order:
        f = by_name[name]
        track = _track(system, f, joined[name], lang)
        r = fates.get(name)
        fate = ""
        if r is not None:
            what = tables.fate_label(r.view.fate, lang)
            fate = f"<div>{html.escape(i18n.t('gm.fight.fate', lang, fate=what))}</div>"
        turn = (
            f" · <i>{html.escape(i18n.t('gm.fight.turn', lang))}</i>" if name == st.current else ""
        )
        conds = "".join(
            f'<span class="rolkit-fight-cond" style="display:inline-block;margin-left:.4em;'
            f'padding:0 .35em;border-radius:3px;background:#fff3cd;color:#1a1a1a">'
            f"{html.escape(pair[lang != 'es'])}</span>"
            for pair in conditions_of(fight, f.defender)
        )
        cards.append(
            f'<div class="rolkit-fight-card" data-name="{html.escape(name)}" '
            'style="border:1px solid #ccc;border-radius:4px;padding:4px 6px;margin:4px 0">'
            f"<b>{html.escape(name)}</b> ({html.escape(side_label(f.side, lang))}){turn}{conds}"
            f"<div>{html.escape(track)}</div>{fate}</div>"
        )
    if not system.tracks_state and cards:
        head += f"<div><i>{html.escape(i18n.t('gm.fight.stateless', lang))}</i></div>"
    return head + "".join(cards)


def log_html(fight: Fight, lang: str, undo_max: int) -> str:
    """The last :data:`LOG_SHOWN` entries, newest first, numbered from the fight's start;
    a line counts the earlier ones (in the download) and says when the undo depth is
    reached."""
    entries = fight.log
    if not entries:
        return f"<i>{html.escape(i18n.t('gm.fight.log.empty', lang))}</i>"
    first = fight.log_dropped + 1  # the number of entries[0]
    shown = entries[-LOG_SHOWN:]
    start = first + len(entries) - len(shown)
    items = "".join(
        f"<li value='{i}'>{html.escape(e.text(lang))}</li>"
        for i, e in reversed(list(enumerate(shown, start)))
    )
    notes = []
    earlier = start - 1
    if earlier:
        notes.append(i18n.t("gm.fight.log.earlier", lang, n=earlier))
    if fight.log_dropped:
        notes.append(i18n.t("gm.fight.log.lost", lang, n=fight.log_dropped))
    if fight.undo_dropped:
        notes.append(i18n.t("gm.fight.undo.capped", lang, n=undo_max))
    note = "".join(
        f"<div class='rolkit-fight-log-note'><i>{html.escape(n)}</i></div>" for n in notes
    )
    return f"<ol reversed>{items}</ol>{note}"
