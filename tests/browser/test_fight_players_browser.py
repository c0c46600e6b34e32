"""Issue 26 in a real browser (Voilà + Playwright + Debian chromium), two pages: the GM's
Combate tab (the odds block says which state it is for, the trend, the turn it follows)
and the players' page opened from its «vista de los jugadores» link — an unguessable id,
read-only, following the GM within a couple of seconds, with no odds. Screenshots of both
(1366x768 es for the GM, 420 px en for the players) go to ``$ROLKIT_SHOTS`` when set."""

import re
import time

import pytest

from tests.harness import shoot

pytestmark = [pytest.mark.browser, pytest.mark.serial]


@pytest.fixture(scope="module")
def fight_server(dashboard_server):
    """The worker's dashboard server (tests/browser/conftest.py) and its data folder, where
    the table files land: the run's private one (tests/conftest.py), no server of its own."""
    assert dashboard_server.data_dir is not None, "the suite's private data folder"
    return dashboard_server, dashboard_server.data_dir


def wait_text(page, selector, text, present=True, timeout=30000):
    page.wait_for_function(
        """([s, t, p]) => { const e = document.querySelector(s);
              return e !== null && e.innerText.replace(/\\u00a0/g, ' ').includes(t) === p; }""",
        arg=[selector, text, present],
        timeout=timeout,
    )


def shot(page, name):
    shoot(page, name, full_page=True)


def test_the_players_page_follows_the_gm_and_shows_no_odds(local_page, fight_server):
    server, data = fight_server
    gm = local_page
    gm.set_viewport_size({"width": 1366, "height": 768})
    server.wait_idle(timeout=180)  # the preheated kernels have run the notebook
    gm.set_default_timeout(240000)  # generous: the 2 cores are shared
    gm.goto(f"{server.url}?system=gore&lang=es", timeout=240000)
    gm.locator(".rolkit-dashboard").wait_for()
    gm.locator(".lm-TabBar-tab, .jupyter-widget-TabBar-tab").filter(
        has_text="Combate"
    ).first.click()
    fight = gm.locator(".rolkit-fight")
    for name, side in (("Ana", None), ("Bruto", "Enemigos")):
        fight.locator(".rolkit-fight-name input").fill(name)
        if side:
            fight.locator(".rolkit-fight-side select").select_option(label=side)
        fight.locator(".rolkit-fight-add").click()
        wait_text(gm, ".rolkit-fight-log", f"{name} entra")
    wait_text(gm, ".rolkit-fight-victory", "Para el estado actual", timeout=90000)
    fight.locator(".rolkit-fight-table").click()
    link = fight.locator("a.rolkit-table-href")
    link.wait_for()
    href = link.get_attribute("href")
    table_id = re.fullmatch(r"\?mesa=([A-Za-z0-9_-]{22})&lang=es", href).group(1)
    assert (data / "mesas" / f"{table_id}.json").is_file()

    players = gm.context.new_page()
    players.set_default_timeout(240000)
    players.set_viewport_size({"width": 420, "height": 900})
    players.goto(f"{server.url}?mesa={table_id}&lang=en", timeout=240000)
    players.locator(".rolkit-table-view").wait_for()
    wait_text(players, ".rolkit-table-view", "No initiative yet")
    body = players.inner_text("body")
    assert "Ana" in body and "Bruto" in body
    assert (
        players.locator(
            ".rolkit-players button, .rolkit-players input, .rolkit-players select"
        ).count()
        == 0
    )
    assert players.locator(".rolkit-fight, .rolkit-system").count() == 0

    fight.locator(".rolkit-seed input").fill("3")
    fight.locator(".rolkit-fight-initiative").click()
    wait_text(gm, ".rolkit-fight-log", "Iniciativa")
    current = fight.locator(".rolkit-fight-attacker select option:checked").inner_text()
    start = time.monotonic()
    wait_text(players, ".rolkit-table-view", f"{current}'s turn", timeout=10000)
    assert time.monotonic() - start < 5, "the players' page follows within seconds"
    fight.locator(".rolkit-fight-next").click()
    wait_text(gm, ".rolkit-fight-log", "Ronda 1: turno de")
    other = "Bruto" if current == "Ana" else "Ana"
    wait_text(players, ".rolkit-table-view", f"{other}'s turn", timeout=10000)
    assert fight.locator(".rolkit-fight-attacker select option:checked").inner_text() == other
    wait_text(gm, ".rolkit-fight-victory", f"turno de {other}", timeout=90000)
    wait_text(gm, ".rolkit-fight-victory", "Rondas desde ahora", timeout=90000)
    assert gm.locator(".rolkit-fight-trend svg polyline").count() == 1
    text = players.inner_text("body")
    assert "%" not in text and "Probab" not in text and "Traceback" not in text
    gm.set_viewport_size({"width": 1366, "height": 2200})
    shot(gm, "gm_1366_es")
    shot(players, "players_420_en")
    gm.locator(".rolkit-lang button").filter(has_text="EN").click()
    wait_text(gm, ".rolkit-fight-victory", "For the current state", timeout=90000)
    wait_text(gm, ".rolkit-fight-victory", "Rounds from now")
    victory = gm.inner_text(".rolkit-fight-victory")
    assert "Probabilidad" not in victory and "Para el estado" not in victory
    gm.set_viewport_size({"width": 420, "height": 3000})
    shot(gm, "gm_420_en")
    players.goto(f"{server.url}?mesa=../../etc/passwd&lang=es", timeout=240000)
    wait_text(players, ".rolkit-table-view", "Este enlace no es válido")
    shot(players, "players_bad_link")
