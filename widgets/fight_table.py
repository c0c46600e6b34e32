"""The players' view of a fight (issue 26, item 10): what the table sees, nothing more.

The GM's Combate tab publishes a *table file* after every change: the initiative order,
whose turn, the round, each combatant's name, side and visible conditions (the system's
``conditions``, else its fate in plain words) and the log's last :data:`TABLE_LOG` lines —
no odds, no forms, no seeds, no hidden numbers. The players' page (the dashboard's link
with ``?mesa=<id>``) reads that file every :data:`POLL_SECONDS` and redraws when it changed;
the two pages share no kernel.

Security (SECURITY.md: visitors are strangers):

* the link carries an unguessable id (:func:`new_table_id`, 128 random bits), never a path:
  an id is exactly :data:`ID_PATTERN` or the page says the link is not valid and reads
  nothing; the file is ``<data folder>/mesas/<id>.json`` and nothing else;
* the players' page only reads (:func:`rolkit.safefile.read_bounded`: a regular file of at
  most :data:`TABLE_BYTES`, never through a link) and shows every text escaped;
* nothing grows without bound: a file holds at most :data:`~widgets.fight.MAX_FIGHTERS`
  combatants and :data:`TABLE_LOG` lines of at most :data:`LINE_MAX` characters, it is
  replaced atomically (``mkstemp`` + ``os.replace``), and the folder keeps at most
  :data:`TABLES_MAX` table files (the oldest are removed when a new one is published).
"""

from __future__ import annotations

import html
import json
import logging
import os
import re
import secrets
import tempfile
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.fight import Fight
from rolkit.roster import data_dir
from rolkit.safefile import read_bounded
from widgets import fight_texts  # noqa: F401  (registers the strings)
from widgets.fight_texts import STATUS

__all__ = [
    "ID_PATTERN",
    "TABLE_KEY",
    "new_table_id",
    "valid_id",
    "table_folder",
    "snapshot",
    "publish",
    "read_table",
    "table_html",
    "PlayersView",
]

log = logging.getLogger("rolkit.dashboard")

#: the query key of the players' page: ``?mesa=<id>``
TABLE_KEY = "mesa"
#: a table id: 22 URL-safe base64 characters (``secrets.token_urlsafe(16)``)
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{22}")
FORMAT = "rolkit-table"
#: log lines in a table file (newest first)
TABLE_LOG = 30
#: characters of one line (a name, a condition, a log line) kept
LINE_MAX = 300
#: the largest table file read
TABLE_BYTES = 256 * 1024
#: table files kept in the folder
TABLES_MAX = 32
#: how often the players' page looks at the file
POLL_SECONDS = 0.5
_FILE = re.compile(r"[A-Za-z0-9_-]{22}\.json")

Pair = tuple[str, str]


def new_table_id() -> str:
    """A fresh, unguessable table id (128 random bits)."""
    return secrets.token_urlsafe(16)


def valid_id(table_id: Any) -> bool:
    return isinstance(table_id, str) and ID_PATTERN.fullmatch(table_id) is not None


def table_folder() -> Path:
    """``<rolkit's data folder>/mesas`` (``$ROLKIT_DATA_DIR`` in tests)."""
    return data_dir() / "mesas"


def _clip(text: str) -> str:
    text = str(text)
    return text if len(text) <= LINE_MAX else text[: LINE_MAX - 1] + "…"


def _pair(es: str, en: str) -> list[str]:
    return [_clip(es), _clip(en)]


def conditions_of(fight: Fight, form: Any) -> list[Pair]:
    """A combatant's visible conditions ``(es, en)``: the system's own when it gives them
    (``System.conditions``), and its fate when it cannot act."""
    s = fight.system
    shown: list[Pair] = []
    given = getattr(s, "conditions", None)
    if callable(given):
        shown += [(str(es), str(en)) for es, en in given(form, fight.options)]
    fate = s.status(form, fight.options)
    if fate is not None:
        es, en = STATUS[fate]
        if all(es.lower() not in c[0].lower() for c in shown):
            shown.insert(0, (es, en))
    return shown


def snapshot(fight: Fight, side_labels: Mapping[str, Pair], over: Pair | None = None) -> dict:
    """The table's view of ``fight`` now, as JSON-ready data (no odds, no forms)."""
    st = fight.state
    by_name = {f.name: f for f in st.fighters}
    order = [n for n in st.order if n in by_name] + [n for n in by_name if n not in st.order]
    fighters = []
    for name in order:
        f = by_name[name]
        side = side_labels.get(f.side, (f.side, f.side))
        fighters.append(
            {
                "name": _clip(name),
                "side": _pair(*side),
                "turn": name == st.current,
                "conditions": [_pair(es, en) for es, en in conditions_of(fight, f.defender)],
            }
        )
    entries = fight.log[-TABLE_LOG:]
    return {
        "format": FORMAT,
        "system": _pair(fight.system.display_name("es"), fight.system.display_name("en")),
        "round": st.round,
        "rolled": bool(st.order),
        "current": st.current,
        "fighters": fighters,
        "log": [_pair(e.text_es, e.text_en) for e in reversed(entries)],
        "over": None if over is None else _pair(*over),
    }


def publish(table_id: str, doc: Mapping[str, Any], folder: Path | None = None) -> None:
    """Write the table file of ``table_id`` atomically (the folder made 0700, pruned to
    :data:`TABLES_MAX` files).

    Raises:
        ValueError: ``table_id`` is not a table id.
        OSError: the folder cannot be written (the caller words it plainly).
    """
    if not valid_id(table_id):
        raise ValueError("not a table id")
    folder = table_folder() if folder is None else folder
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = folder / f"{table_id}.json"
    if not path.exists():
        _prune(folder, keep=TABLES_MAX - 1)
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{table_id}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _prune(folder: Path, keep: int) -> None:
    """Remove the oldest table files past ``keep`` (only names a table file can have)."""
    files = []
    for entry in os.scandir(folder):
        if _FILE.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
            files.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.name))
    files.sort()
    for _mtime, name in files[: max(len(files) - keep, 0)]:
        (folder / name).unlink(missing_ok=True)


def read_table(table_id: str, folder: Path | None = None) -> dict | None:
    """The table file of ``table_id`` (``None``: none yet, unreadable, or not a table)."""
    if not valid_id(table_id):
        return None
    folder = table_folder() if folder is None else folder
    try:
        raw = read_bounded(folder / f"{table_id}.json", TABLE_BYTES)
        doc = None if raw is None else json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return None
    return doc


def _text(pair: Any, lang: str) -> str:
    """One ``[es, en]`` pair of a table file, escaped ("" when malformed)."""
    if isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair):
        return html.escape(_clip(pair[lang != "es"]))
    return ""


_CSS = """<style>
.rolkit-table{font-size:1.05em;max-width:52em}
.rolkit-table ol{padding-left:1.6em;margin:.2em 0}
.rolkit-table .rolkit-table-fighter{padding:.25em .4em;margin:.15em 0;border-radius:4px;
  border:1px solid #bbb}
.rolkit-table .rolkit-table-fighter.turn{border:2px solid currentColor;font-weight:600}
.rolkit-table .cond{display:inline-block;margin:0 .3em;padding:0 .4em;border-radius:3px;
  background:#fff3cd;color:#1a1a1a;font-weight:normal;font-size:.9em}
.rolkit-table .rolkit-table-log li{margin:.1em 0}
</style>"""


def table_html(doc: Mapping[str, Any] | None, lang: str) -> str:
    """The players' page: round and turn, the order with conditions, the log."""
    if doc is None:
        return f"<p><i>{html.escape(i18n.t('gm.table.waiting', lang))}</i></p>"
    t = lambda key, **kw: html.escape(i18n.t(key, lang, **kw))  # noqa: E731
    parts = [_CSS, '<div class="rolkit-table">']
    over = _text(doc.get("over"), lang)
    if over:
        parts.append(f'<p class="rolkit-table-over"><b>{over}</b></p>')
    rnd = doc.get("round")
    current = doc.get("current")
    head = []
    if isinstance(rnd, int) and rnd > 0:
        head.append(t("gm.table.round", n=rnd))
    if isinstance(current, str) and current:
        head.append(t("gm.table.turn", name=_clip(current)))
    if head:
        parts.append(f'<h3 class="rolkit-table-turn" style="margin:.2em 0">{" · ".join(head)}</h3>')
    title = t("gm.table.order") if doc.get("rolled") else t("gm.table.no_order")
    items = []
    fighters = doc.get("fighters")
    for f in fighters if isinstance(fighters, list) else []:
        if not isinstance(f, dict) or not isinstance(f.get("name"), str):
            continue
        conds = f.get("conditions")
        shown = [_text(c, lang) for c in conds] if isinstance(conds, list) else []
        badges = "".join(f'<span class="cond">{c}</span>' for c in shown if c)
        if not badges:
            badges = f'<span class="cond ok">{t("gm.table.standing")}</span>'
        turn = " turn" if f.get("turn") is True else ""
        items.append(
            f'<li class="rolkit-table-fighter{turn}" data-name="{html.escape(_clip(f["name"]))}">'
            f"{html.escape(_clip(f['name']))} <small>({_text(f.get('side'), lang)})</small>"
            f"{badges}</li>"
        )
    parts.append(f"<h4 style='margin:.4em 0 .1em'>{title}</h4><ol class='rolkit-table-order'>")
    parts += items
    parts.append("</ol>")
    lines = doc.get("log")
    shown_lines = (
        [_text(line, lang) for line in lines[:TABLE_LOG]] if isinstance(lines, list) else []
    )
    parts.append(f"<h4 style='margin:.6em 0 .1em'>{t('gm.table.log')}</h4>")
    parts.append(
        "<ul class='rolkit-table-log'>"
        + "".join(f"<li>{line}</li>" for line in shown_lines if line)
        + "</ul></div>"
    )
    return "".join(parts)


class PlayersView:
    """The players' page for ``table_id``: a title and the table, redrawn when the GM's
    table file changes (a daemon thread looks every :data:`POLL_SECONDS`)."""

    def __init__(self, table_id: str, lang: str = "es", folder: Path | None = None) -> None:
        self.table_id = table_id if valid_id(table_id) else None
        self.lang = lang if lang in i18n.LANGUAGES else "es"
        self.folder = folder
        self.title = ipw.HTML(
            f"<h2 style='margin:.2em 0'>{html.escape(i18n.t('gm.table.title', self.lang))}</h2>"
        )
        self.body = ipw.HTML()
        self.body.add_class("rolkit-table-view")
        self.widget = ipw.VBox([self.title, self.body])
        self.widget.add_class("rolkit-players")
        self._seen: tuple[int, int] | None = None
        self._stop = threading.Event()
        self.thread: threading.Thread | None = None
        if self.table_id is None:
            self.body.value = f"<p>{html.escape(i18n.t('gm.table.bad', self.lang))}</p>"
        else:
            self.refresh(force=True)

    def _stamp(self) -> tuple[int, int] | None:
        folder = table_folder() if self.folder is None else self.folder
        try:
            info = os.stat(folder / f"{self.table_id}.json", follow_symlinks=False)
        except OSError:
            return None
        return info.st_mtime_ns, info.st_size

    def refresh(self, force: bool = False) -> bool:
        """Redraw when the table file changed since the last look; True when redrawn."""
        if self.table_id is None:
            return False
        stamp = self._stamp()
        if not force and stamp == self._seen:
            return False
        self._seen = stamp
        self.body.value = table_html(read_table(self.table_id, self.folder), self.lang)
        return True

    def start(self, interval: float = POLL_SECONDS) -> None:
        """Follow the GM's fight in the background (nothing to follow with a bad id)."""
        if self.table_id is None or self.thread is not None:
            return
        self.thread = threading.Thread(target=self._follow, args=(interval,), daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _follow(self, interval: float) -> None:
        while not self._stop.wait(interval):
            try:
                self.refresh()
            except Exception:  # noqa: BLE001 - the page keeps following; details in the log
                log.exception("players' view refresh failed")


def close_tree(widget: ipw.Widget, keep: Callable[[ipw.Widget], bool] = lambda w: False) -> None:
    """Close ``widget`` and every widget under it (boxes' children), except ``keep``."""
    if keep(widget):
        return
    for child in getattr(widget, "children", ()):
        close_tree(child, keep)
    widget.close()
