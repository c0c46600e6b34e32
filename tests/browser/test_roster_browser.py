"""The Roster tab in a real browser (Voilà + Playwright + Debian chromium): no path on
the page, a roster created by name, a roster file uploaded through Chromium's file
chooser, the export downloaded as ``<name>.json``, an oversized upload refused plainly
(issue 23, 1). The worker's dashboard server (one preheated kernel), whose
``ROLKIT_DATA_DIR`` is the run's temporary folder (tests/conftest.py), so the server
account's data folder is never touched; what this test adds to it is checked file by file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import rolkit
from rolkit.roster import MAX_BYTES, Roster
from tests.harness import CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.serial]

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_ID = rolkit.systems()[0] if rolkit.systems() else None
TRACE_MARKERS = ("Traceback", 'File "', "Errno", "OSError")


@pytest.fixture(scope="module")
def roster_server(dashboard_server):
    """The worker's dashboard server (tests/browser/conftest.py) and its data folder: the
    run's private one (tests/conftest.py), no server of its own."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is absent")
    assert dashboard_server.data_dir is not None, "the suite's private data folder"
    return dashboard_server, dashboard_server.data_dir


def wait_text(page, selector, text, timeout=60000):
    page.wait_for_function(
        """([s, t]) => { const e = document.querySelector(s);
              return e !== null && e.innerText.replace(/\\u00a0/g, ' ').includes(t); }""",
        arg=[selector, text],
        timeout=timeout,
    )


def page_texts(page) -> str:
    """The page's text and every input's value, placeholder and title."""
    values = page.evaluate(
        """() => Array.from(document.querySelectorAll('input, textarea, select, button'))
              .map(e => [e.value, e.placeholder, e.title].join(' ')).join('\\n')"""
    )
    return page.inner_text("body") + "\n" + values


@pytest.mark.skipif(SYSTEM_ID is None, reason="no registered system")
def test_roster_by_name_upload_and_download(local_page, roster_server, tmp_path):
    server, data = roster_server
    # the folder is shared with the worker's other browser tests (the fight test's tables):
    # this test's own writes are what it adds
    existing = set(os.listdir(data)) if data.exists() else set()
    assert not [n for n in existing if n.startswith("Mesa.json")], existing
    page = local_page
    page.goto(f"{server.url}?system={SYSTEM_ID}&lang=es")
    page.wait_for_selector("table.rolkit-odds", timeout=90000)
    tabs = page.locator(".lm-TabBar-tab, .jupyter-widget-TabBar-tab, .p-TabBar-tab")
    tabs.filter(has_text="Personajes").first.click()
    panel = page.locator(".rolkit-roster")
    panel.wait_for()
    assert str(data) not in page_texts(page) and str(Path.home()) not in page_texts(page)

    # a new roster, by name
    panel.locator(".rolkit-roster-new-name input").fill("Mesa")
    panel.locator(".rolkit-roster-new").click()
    wait_text(page, ".rolkit-roster-message", "Creada la lista «Mesa»")
    assert (data / "Mesa.json").is_file()

    # import: a roster file chosen in Chromium's file chooser
    src = Roster(tmp_path / "mis-personajes.json")
    weapon = rolkit.get_system(SYSTEM_ID).defaults()["weapon"]
    src.add(SYSTEM_ID, "weapon", "Hacha de Ana", weapon)
    upload = tmp_path / "mis-personajes.json"
    upload.write_text(json.dumps(src.export()), encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        panel.locator(".rolkit-roster-import").click()
    chooser.value.set_files(str(upload))
    wait_text(page, ".rolkit-roster-message", "Importadas 1 entradas en la lista «Mesa»")
    wait_text(page, ".rolkit-roster-list", "Hacha de Ana")
    assert "Hacha de Ana" in Roster(data / "Mesa.json").names(SYSTEM_ID, "weapon")

    # export: a download named Mesa.json holding the entry
    panel.locator(".rolkit-roster-export").click()
    link = panel.locator("a.rolkit-roster-download")
    link.wait_for()
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == "Mesa.json"
    doc = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert (
        doc["systems"][SYSTEM_ID]["weapon"]["Hacha de Ana"]
        == json.loads(upload.read_text(encoding="utf-8"))["systems"][SYSTEM_ID]["weapon"][
            "Hacha de Ana"
        ]
    )

    # an oversized upload is refused plainly, the roster left as it was
    before = (data / "Mesa.json").read_bytes()
    big = tmp_path / "grande.json"
    big.write_bytes(b" " * (MAX_BYTES + 1024))
    with page.expect_file_chooser() as chooser:
        panel.locator(".rolkit-roster-import").click()
    chooser.value.set_files(str(big))
    wait_text(page, ".rolkit-roster-message", "ocupa más de 1 MiB")
    assert (data / "Mesa.json").read_bytes() == before

    text = page_texts(page)
    assert not any(m in text for m in TRACE_MARKERS), text[:2000]
    assert str(data) not in text and str(Path.home()) not in text
    assert sorted(set(os.listdir(data)) - existing) == [
        "Mesa.json",
        "Mesa.json.bak",
        "Mesa.json.lock",
    ]
    assert existing <= set(os.listdir(data))
