"""The Roster tab: rosters by name in the data folder (``ROLKIT_DATA_DIR``), entries saved
from the Ataque tab shown beside the presets and in Combate (every system), import by
upload, export by download; and a hostile client setting the tab's widgets as a browser
would never opens or creates anything outside the folder, never sees its path, and gets
plain messages (issue 23, 1)."""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import errno
import json
import os
import stat
import sys
import time
from pathlib import Path

import ipywidgets as ipw
import pytest

import rolkit
from rolkit import roster as roster_mod
from rolkit.roster import Roster, RosterStore
from tests.blocking import deadline
from widgets.app import Dashboard

SYSTEM = rolkit.systems()[0]
TRACE = ("Traceback", "Errno", "OSError", "Error:", 'File "', "Lo sentimos", "Sorry")


@pytest.fixture
def data(tmp_path, monkeypatch):
    """The data folder, moved into ``tmp_path`` (as an operator would, by the environment)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("ROLKIT_DATA_DIR", str(folder))
    monkeypatch.setenv("ROLKIT_LOG", str(tmp_path / "data" / "dashboard.log"))
    return folder


def panel_of(dashboard, name):
    return next(p for p in dashboard.panels if p.name == name)


def roster_panel(system_id=SYSTEM, lang="es"):
    d = Dashboard(system=system_id, lang=lang) if lang != "es" else Dashboard(system=system_id)
    return d, panel_of(d, "roster")


def descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def shown_texts(panel) -> list[str]:
    """Everything the tab's widgets put on the page (values, labels, tips, options)."""
    out = []
    for w in descendants(panel.widget):
        for trait in ("value", "description", "placeholder", "tooltip"):
            v = getattr(w, trait, None)
            if isinstance(v, str):
                out.append(v)
        out.extend(str(o) for o in getattr(w, "_options_labels", ()))
    return out


def browser_sets(widget, **state):
    """Set traits as a browser's comm message would; a refused value is fine."""
    with contextlib.suppress(Exception):
        widget.set_state(state)


def plain(message: str) -> bool:
    return not any(t in message for t in TRACE)


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_roster_save_and_load_beside_presets(system_id, data):
    d, roster = roster_panel(system_id)
    assert roster.chosen.value == "mesa" and roster_mod.RosterStore().folder == data
    # save the Ataque tab's attacker as "Zoe" in the list shown («mesa», not there yet)
    attacker = d.attack.sections["attacker"].read()
    roster.role.value = "attacker"
    roster.entry_name.value = "Zoe"
    roster.save_button.click()
    assert "Zoe" in roster.message.value and "«mesa»" in roster.message.value
    assert Roster(data / "mesa.json").entries(system_id, "attacker")["Zoe"] == attacker
    label = "Zoe (lista)"
    section = d.attack.sections["attacker"]
    assert label in [v for _, v in section.preset.options]
    assert label in [v for _, v in panel_of(d, "fight").character.options]
    # a fresh dashboard reads it by name; choosing it loads the form
    d2, r2 = roster_panel(system_id)
    r2.load_button.click()
    assert "1 entradas" in r2.message.value or "2 entradas" in r2.message.value
    sec = d2.attack.sections["attacker"]
    sec.preset.value = label
    assert sec.read() == attacker
    fight = panel_of(d2, "fight")
    fight.character.value = label
    fight.name_box.value = "Zoe"
    fight.add_button.click()
    # the fighter is the saved character, under the name the GM gave it in the fight
    assert fight.fight.state.fighter("Zoe").attacker == dataclasses.replace(attacker, name="Zoe")


def test_roster_conflict_and_corrupt_file_are_plain(data):
    path = data / "mesa.json"
    d, roster = roster_panel()
    roster.load_button.click()
    assert "0 entradas" in roster.message.value
    other = Roster(path)  # another session saves in between
    other.add(SYSTEM, "weapon", "Hacha", rolkit.get_system(SYSTEM).defaults()["weapon"])
    other.save()
    roster.entry_name.value = "Zoe"
    roster.save_button.click()
    assert "otra sesión" in roster.message.value and plain(roster.message.value)
    path.write_text("{ no es json", encoding="utf-8")
    roster.load_button.click()
    assert "no es JSON válido" in roster.message.value and str(data) not in roster.message.value
    assert path.read_text(encoding="utf-8") == "{ no es json"


def test_roster_entry_modified_mark(data):
    system = rolkit.get_system(SYSTEM)
    r = Roster(data / "mesa.json")
    weapon = system.defaults()["weapon"]
    r.add(SYSTEM, "weapon", "Mía", weapon)
    r.save()
    d, roster = roster_panel()
    roster.load_button.click()
    sec = d.attack.sections["weapon"]
    sec.preset.value = "Mía (lista)"
    assert sec.read() == weapon
    assert dataclasses.asdict(sec.read()) == dataclasses.asdict(weapon)


def test_new_rosters_are_chosen_by_name_and_save_goes_where_the_screen_says(data):
    """The issue's stale save: «guardar» wrote to the last loaded roster, not the one
    shown. Now it writes to the dropdown's roster, even when that one failed to load."""
    d, panel = roster_panel()
    for name in ("Mesa A", "Mesa B"):
        panel.new_name.value = name
        panel.new_button.click()
        assert f"«{name}»" in panel.message.value and plain(panel.message.value)
    assert list(panel.chosen.options) == ["Mesa A", "Mesa B"]
    browser_sets(panel.chosen, index=0)  # the browser picks «Mesa A»: loaded
    assert panel.chosen.value == "Mesa A" and "«Mesa A» cargada" in panel.message.value
    browser_sets(panel.chosen, index=1)  # then «Mesa B», and saves
    panel.entry_name.value = "Zoe"
    panel.save_button.click()
    assert "«Mesa B»" in panel.message.value
    store = RosterStore(data)
    assert "Zoe" in store.open("Mesa B").names(SYSTEM, "attacker")
    assert store.open("Mesa A").names(SYSTEM, "attacker") == []
    # «Mesa A» loaded, «Mesa B» unreadable and shown: nothing is saved into «Mesa A»
    browser_sets(panel.chosen, index=0)
    (data / "Mesa B.json").write_text("{ roto", encoding="utf-8")
    browser_sets(panel.chosen, index=1)
    assert "no es JSON válido" in panel.message.value and plain(panel.message.value)
    panel.entry_name.value = "Ana"
    panel.save_button.click()
    assert "no es JSON válido" in panel.message.value
    assert store.open("Mesa A").names(SYSTEM, "attacker") == []
    assert (data / "Mesa B.json").read_text(encoding="utf-8") == "{ roto"
    # a name already taken is a plain message naming the field
    panel.new_name.value = "Mesa A"
    panel.new_button.click()
    assert "Nombre de la lista" in panel.message.value and "ya hay" in panel.message.value


#: folders the code may look into (its own package, the environment), never write to
CODE_ROOTS = [
    os.path.realpath(p) for p in (Path(rolkit.__file__).parents[1], sys.prefix, sys.base_prefix)
]


def under(path: str, root: str) -> bool:
    return os.path.commonpath([path, root]) == root


def reading(name, args, kwargs) -> bool:
    """Whether an ``open`` call only reads."""
    if name != "open" or len(args) < 2 and not kwargs:
        return name == "open"
    mode = args[1] if len(args) > 1 else kwargs.get("mode", kwargs.get("flags", "r"))
    if isinstance(mode, int):
        return mode & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) == 0
    return not any(c in mode for c in "wax+")


class Recorder:
    """Every path opened, created, listed or statted while armed; anything outside
    ``inside`` (or an open of a non-regular file) is refused and recorded."""

    NAMES = ("open", "mkdir", "stat", "lstat", "scandir", "listdir", "replace", "rename")
    NAMES += ("link", "unlink", "mkfifo", "makedirs")
    LOOKS = ("stat", "lstat", "scandir", "listdir")

    def __init__(self, monkeypatch, inside: Path):
        import builtins
        import io

        self.inside = os.path.realpath(inside)
        self.armed = False
        self.seen: list[str] = []
        self.refused: list[str] = []
        self._stat = os.stat
        targets = [(builtins, "open"), (io, "open"), *[(os, n) for n in self.NAMES]]
        for module, name in targets:
            monkeypatch.setattr(module, name, self._wrap(name, getattr(module, name)))

    def _wrap(self, name, real):
        def wrapped(*args, **kwargs):
            if self.armed and args and kwargs.get("dir_fd") is None:
                n = 2 if name in ("replace", "rename", "link") else 1
                for arg in args[:n]:
                    if not isinstance(arg, int):
                        self._check(name, os.fsdecode(arg), reading(name, args, kwargs))
            return real(*args, **kwargs)

        return wrapped

    def _check(self, name, path, reading=False):
        full = os.path.abspath(path)
        self.seen.append(full)
        if (name in self.LOOKS or reading) and any(under(full, r) for r in CODE_ROOTS):
            return  # the code reading itself (the systems' package folder)
        if not under(full, self.inside):
            self.refused.append(f"{name} {full[:100]}")
            raise PermissionError(errno.EACCES, "refused by the test")
        if name == "open" and full != self.inside:  # the folder: opened to fsync it
            try:
                mode = self._stat(full).st_mode
            except OSError:
                return
            if not stat.S_ISREG(mode):
                self.refused.append(f"open of a non-regular file {full[:100]}")
                raise PermissionError(errno.EACCES, "refused by the test")


def hostile_round(panel, value: str) -> None:
    """A client sets every text box and choice of the tab to ``value`` and presses every
    button, as its comm messages would."""
    for w in descendants(panel.widget):
        if isinstance(w, ipw.Text):
            browser_sets(w, value=value)
        elif isinstance(w, ipw.Dropdown):
            browser_sets(w, value=value)
            browser_sets(w, index=10_000)
    for w in descendants(panel.widget):
        if isinstance(w, ipw.Button):
            w.click()


HOSTILE = [
    "../../etc/x",
    "/dev/zero",
    "a/b",
    "..",
    "x" * 10_000,
    "a\x00b",
    "$(touch pwned)",
    ".bashrc",
    "~/x",
    "/etc/shadow",
]


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: repr(v[:16]))
def test_a_hostile_client_never_reaches_outside_the_data_folder(data, monkeypatch, value):
    data.mkdir()
    Roster(data / "Mesa.json").save()
    parent = data.parent
    before = sorted(os.listdir(parent))
    d, panel = roster_panel()
    rec = Recorder(monkeypatch, data)
    rec.armed = True
    with deadline(10):
        hostile_round(panel, value)
        hostile_round(panel, str(data / value))  # the folder's own path, glued on
    rec.armed = False
    monkeypatch.undo()
    assert rec.refused == []
    assert sorted(os.listdir(parent)) == before
    assert all(n.endswith((".json", ".lock", ".bak", ".log")) for n in os.listdir(data))
    assert not any(n.startswith(("$", ".bash", "pwned")) for n in os.listdir(data))
    assert plain(panel.message.value), panel.message.value
    assert len(panel.message.value) < 600  # a 10 000-char value is not echoed whole


def test_the_tab_never_shows_the_server_path(data, monkeypatch):
    import platformdirs

    home = str(Path.home())
    default = platformdirs.user_data_dir("rolkit", appauthor=False)
    d, panel = roster_panel()

    def check():
        for text in shown_texts(panel):
            for secret in (str(data), default, home):
                assert secret not in text, text[:200]

    check()
    for action in (panel.load_button, panel.save_button, panel.export_button):
        action.click()
        check()
    panel.new_name.value = "Mesa"
    panel.new_button.click()
    check()
    d.set_language("en")
    check()
    # faults are plain too, and name no path
    (data / "roto.json").write_text("{", encoding="utf-8")
    panel.load_button.click()
    panel.chosen.value = "roto"
    assert "«roto» is not valid JSON" in panel.message.value
    check()


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_fifo_or_dev_zero_in_the_folder_is_refused_at_once(data, monkeypatch, kind):
    data.mkdir()
    if kind == "fifo":
        os.mkfifo(data / "fifo.json")
    else:
        os.symlink("/dev/zero", data / "zero.json")
    d, panel = roster_panel()
    rec = Recorder(monkeypatch, data)
    rec.armed = True
    with deadline(30):  # a blocked open fails the test instead of hanging it
        panel.new_name.value = kind
        panel.new_button.click()  # «nuevo» with its name: refused, not opened
        assert "no es un archivo normal" in panel.message.value
        hostile_round(panel, kind)
        hostile_round(panel, str(data / f"{kind}.json"))
        browser_sets(panel.chosen, value=kind)  # not offered: refused by the dropdown
        # the store behind the tab refuses it plainly too, at once
        t0 = time.perf_counter()
        with pytest.raises(rolkit.RulesError) as info:
            panel.store.open(kind)
        elapsed = time.perf_counter() - t0
    rec.armed = False
    monkeypatch.undo()
    assert kind not in panel.chosen.options
    assert "no es un archivo normal" in info.value.message("es")
    assert elapsed < 1 and rec.refused == []
    assert plain(panel.message.value)


def upload_state(content: bytes, name="roster.json", n=1):
    item = {
        "name": name,
        "type": "application/json",
        "size": len(content),
        "content": memoryview(content),
        "last_modified": 0,
    }
    return [item] * n


def test_import_by_upload_and_export_by_download(data):
    src = Roster(data.parent / "src.json")
    weapon = rolkit.get_system(SYSTEM).defaults()["weapon"]
    src.add(SYSTEM, "weapon", "Hacha", weapon)
    text = json.dumps(src.export()).encode()
    d, panel = roster_panel()
    panel.new_name.value = "Mesa"
    panel.new_button.click()
    browser_sets(panel.upload, value=upload_state(text))
    assert "Importadas 1 entradas" in panel.message.value and "«Mesa»" in panel.message.value
    assert panel.upload.value == ()  # the bytes are not kept
    assert "Hacha (lista)" in [v for _, v in d.attack.sections["weapon"].preset.options]
    panel.export_button.click()
    link = panel.download.value
    assert 'download="Mesa.json"' in link and "data:application/json;base64," in link
    doc = json.loads(base64.b64decode(link.split("base64,", 1)[1].split('"', 1)[0]))
    assert (
        doc["systems"][SYSTEM]["weapon"]["Hacha"]
        == src.export()["systems"][SYSTEM]["weapon"]["Hacha"]
    )
    # two files at once, not JSON, nested too deep: plain messages, nothing merged
    before = (data / "Mesa.json").read_bytes()
    for bad, expected in [
        (upload_state(text, n=2), "un solo archivo"),
        (upload_state(b"\xff\xfe"), "no es texto UTF-8"),
        (upload_state(b"{ no"), "no es JSON válido"),
        (upload_state(b"[" * 100_000), "demasiado hondo"),
        (upload_state(b'{"format": "otro"}'), "no es una lista de personajes de rolkit"),
    ]:
        browser_sets(panel.upload, value=bad)
        assert expected in panel.message.value and plain(panel.message.value)
    assert (data / "Mesa.json").read_bytes() == before


def test_an_oversized_upload_is_refused(data):
    d, panel = roster_panel()
    big = b" " * (roster_mod.MAX_BYTES + 1)
    browser_sets(panel.upload, value=upload_state(big))
    assert "más de 1 MiB" in panel.message.value and plain(panel.message.value)
    assert panel.upload.value == ()
    assert not data.exists() or os.listdir(data) == []


@pytest.mark.parametrize(
    "code, es, en",
    [
        (errno.EROFS, "solo lectura", "Read-only file system"),
        (errno.ENOSPC, "no queda espacio", "No space left"),
        (errno.EACCES, "permiso denegado", "Permission denied"),
    ],
)
def test_a_read_only_full_or_forbidden_folder_is_a_plain_message(data, monkeypatch, code, es, en):
    """Tests run as root, which ignores folder modes: the OS's refusal is simulated where
    it would come (creating the folder, a file in it)."""

    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    real_open, real_mkdir = os.open, os.mkdir

    def open_refusing_creation(path, flags, *args, **kwargs):
        if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
            refuse()
        return real_open(path, flags, *args, **kwargs)

    d, panel = roster_panel()
    monkeypatch.setattr(os, "mkdir", refuse)
    monkeypatch.setattr(os, "open", open_refusing_creation)
    panel.entry_name.value = "Zoe"
    panel.save_button.click()  # the folder does not exist yet: mkdir refused
    assert es in panel.message.value and plain(panel.message.value), panel.message.value
    panel.new_name.value = "Mesa"
    panel.new_button.click()
    assert es in panel.message.value and plain(panel.message.value)
    monkeypatch.setattr(os, "mkdir", real_mkdir)
    data.mkdir()  # the folder exists, files cannot be created in it
    panel.save_button.click()
    assert es in panel.message.value and plain(panel.message.value)
    d.set_language("en")
    panel.save_button.click()
    assert en in panel.message.value and plain(panel.message.value)
    assert str(data) not in panel.message.value


def test_the_listing_is_the_roster_shown_after_a_new_one_replaces_an_unsaved_default(data):
    """«mesa» (not on disk yet) is shown; «nuevo» A makes the list just ["A"]: the tab
    must have loaded A, not kept showing «mesa»'s entries."""
    d, panel = roster_panel()
    panel.load_button.click()
    assert list(panel.chosen.options) == ["mesa"]
    panel.new_name.value = "A"
    panel.new_button.click()
    assert list(panel.chosen.options) == ["A"] and panel.chosen.value == "A"
    assert panel.state.gm_roster.name == "A"


@pytest.mark.parametrize("box", ["new_name", "entry_name"])
def test_a_1_mb_name_is_refused_beside_the_boxes_and_not_kept(data, box):
    """A name past the box's limit from the page is refused before any callback: the box
    keeps its value and the message names the box by its label, quoting a few characters."""
    d, panel = roster_panel()
    widget = getattr(panel, box)
    before = widget.value
    widget.set_state({"value": "Z" * 1_000_000})
    assert widget.value == before
    message = panel.message.value
    assert widget.description in message and "1000000" in message
    assert len(message) < 600 and plain(message)
