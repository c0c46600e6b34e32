"""The players' view (issue 26, item 10): the GM's Combate tab publishes what the table
sees (order, turn, names, visible conditions, the log's lines; no odds, no forms, no
seeds) under an unguessable id; the players' page (the dashboard's ``?mesa=<id>``) is
read-only, follows the file within a couple of seconds, reads nothing but that id's
regular file, and nothing it uses grows without bound."""

import json
import os
import re
import time

import ipywidgets as ipw
import pytest

from widgets import fight_table
from widgets.fight_table import (
    TABLE_LOG,
    TABLES_MAX,
    PlayersView,
    publish,
    read_table,
    table_folder,
    valid_id,
)

from .widget_helpers import make_dashboard


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROLKIT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def panel_of(dashboard, name):
    return next(p for p in dashboard.panels if p.name == name)


def gm_fight(system_id="gore"):
    d = make_dashboard(system_id)
    p = panel_of(d, "fight")
    for name, side in (("Ana", "grupo"), ("Bruto", "enemigos")):
        p.name_box.value, p.side.value = name, side
        p.add_button.click()
    p.table_button.click()
    return d, p


def test_the_link_carries_a_random_id_and_the_file_holds_only_what_the_table_sees():
    d, p = gm_fight()
    ids = {fight_table.new_table_id() for _ in range(200)}
    assert len(ids) == 200 and all(valid_id(i) for i in ids)
    assert valid_id(p.table_id)
    href = re.search(r'href="([^"]+)"', p.table_link.value).group(1)
    assert href == f"?mesa={p.table_id}&amp;lang=es", "an id, never a path"
    path = table_folder() / f"{p.table_id}.json"
    assert path.is_file() and oct(path.parent.stat().st_mode & 0o777) == "0o700"
    p.seed_box.text.value = "3"
    p.initiative_button.click()
    doc = json.loads(path.read_text())
    st = p.fight.state
    assert doc["current"] == st.current and doc["round"] == st.round
    assert [f["name"] for f in doc["fighters"]] == list(st.order)
    assert doc["log"][0] == [p.fight.log[-1].text_es, p.fight.log[-1].text_en]
    text = json.dumps(doc, ensure_ascii=False)
    for hidden in ("Probabilidad", "%", "semilla", "seed", "defender", "weapon", "Hab"):
        assert hidden not in text, hidden
    assert set(doc) == {"format", "system", "round", "rolled", "current", "fighters", "log", "over"}


def test_the_players_page_follows_the_gm_and_is_read_only():
    d, p = gm_fight()
    players = make_dashboard("gore", "en")
    view = players.open_table(p.table_id, "es")
    assert players.widget.children == (players.css, view.widget)
    assert players.tabs.comm is None and players.picker.comm is None, "the GM controls closed"

    def kinds(w):
        yield type(w)
        for c in getattr(w, "children", ()):
            yield from kinds(c)

    assert set(kinds(view.widget)) <= {ipw.VBox, ipw.HTML}, "nothing a player can change"
    assert "Todavía sin iniciativa" in view.body.value and "Ana" in view.body.value
    view.stop()
    view = PlayersView(p.table_id, "es")
    view.start(interval=0.1)
    try:
        p.seed_box.text.value = "3"
        p.initiative_button.click()
        current = p.fight.state.current
        deadline = time.monotonic() + 2
        while f"Turno de {current}" not in view.body.value and time.monotonic() < deadline:
            time.sleep(0.05)
        assert f"Turno de {current}" in view.body.value, "followed within 2 s"
        assert "Orden de iniciativa" in view.body.value
        assert "Probabilidad" not in view.body.value and "%" not in view.body.value
    finally:
        view.stop()


@pytest.mark.parametrize(
    "bad", ["../../etc/passwd", "/etc/passwd", "a" * 21, "a" * 23, "a/" * 11, "", "%2e%2e"]
)
def test_a_bad_id_reads_nothing(bad, monkeypatch):
    opened = []
    real_open = os.open
    monkeypatch.setattr(
        os, "open", lambda path, *a, **k: opened.append(path) or real_open(path, *a, **k)
    )
    view = make_dashboard("gore").open_table(bad, "es")
    assert view.table_id is None and "no es válido" in view.body.value
    assert read_table(bad) is None
    assert not opened
    with pytest.raises(ValueError):
        publish(bad, {"format": "rolkit-table"})


def test_only_a_regular_bounded_file_is_read(data_folder, tmp_path):
    folder = table_folder()
    folder.mkdir(parents=True)
    link_id, big_id, junk_id = "L" * 22, "B" * 22, "J" * 22
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"format": "rolkit-table", "log": [["secreto", "secret"]]}))
    (folder / f"{link_id}.json").symlink_to(secret)
    (folder / f"{big_id}.json").write_text(" " * (fight_table.TABLE_BYTES + 1))
    (folder / f"{junk_id}.json").write_text(
        '{"format": "rolkit-table", "fighters": [1, {"name": 2}], "log": [[1, 2], "<b>x</b>"], "over": ["<script>", "x"]}'
    )
    assert read_table(link_id) is None and read_table(big_id) is None
    junk = PlayersView(junk_id, "es").body.value
    assert "<script>" not in junk and "&lt;script&gt;" in junk


def test_nothing_grows_without_bound(data_folder):
    for i in range(TABLES_MAX + 10):
        publish(f"{i:022d}", {"format": "rolkit-table"})
        os.utime(table_folder() / f"{i:022d}.json", ns=(i * 10**9, i * 10**9))
    files = sorted(p.name for p in table_folder().iterdir())
    assert len(files) == TABLES_MAX and files[-1] == f"{TABLES_MAX + 9:022d}.json"
    assert f"{0:022d}.json" not in files, "the oldest go first"
    d, p = gm_fight()
    for _ in range(TABLE_LOG + 20):
        p.next_button.click() if p.fight.state.order else p.initiative_button.click()
    doc = read_table(p.table_id)
    assert len(doc["log"]) == TABLE_LOG
    assert doc["log"][0][0] == p.fight.log[-1].text_es
