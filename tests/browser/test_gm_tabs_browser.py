"""Issue 14 in a real browser (Voilà + Playwright + Debian chromium): the Combate tab (add
two combatants, roll initiative, resolve, apply, undo, redo), the Tablas download and a
comparison, on one page of a system that keeps state (one preheated kernel, ~30 s)."""

import base64
import dataclasses

import pytest
from playwright.sync_api import expect

import rolkit
from rolkit import analysis, fields
from rolkit.display.screen import screen_html
from rolkit.fight import Fight

pytestmark = [pytest.mark.browser, pytest.mark.serial]

TRACE_MARKERS = ("Traceback", 'File "')
#: the first registered system that keeps state and rolls initiative (fast screen first)
PREFERRED = ("tierkreis", "nsd20", "gore", "ashes_of_war", "core_dread")
SYSTEM_ID = next(
    (s for s in (*PREFERRED, *rolkit.systems()) if s in rolkit.systems()),
    None,
)


def wait_text(page, selector, text, present=True, timeout=30000):
    page.wait_for_function(
        """([s, t, p]) => { const e = document.querySelector(s);
              return e !== null && e.innerText.replace(/\\u00a0/g, ' ').includes(t) === p; }""",
        arg=[selector, text.replace("\xa0", " "), present],
        timeout=timeout,
    )


def no_traceback(page):
    text = page.inner_text("body")
    assert not any(m in text for m in TRACE_MARKERS), text[:2000]


def tab(page, title):
    tabs = page.locator(".lm-TabBar-tab, .jupyter-widget-TabBar-tab, .p-TabBar-tab")
    tabs.filter(has_text=title).first.click()


def expected_fight(system):
    """The same fight run by rolkit: initiative with seed 7, then a seed that wounds."""
    d = system.defaults()
    ref = Fight(system)
    ref.add("Ana", "grupo", d["attacker"], d["weapon"])
    ref.add("Bruto", "enemigos", d["attacker"], d["weapon"])
    ref.roll_initiative(7)
    current = ref.state.current
    foe = "Bruto" if current == "Ana" else "Ana"
    seed = next(s for s in range(1, 400) if system.after(ref.attack(current, foe, seed=s)))
    return ref, current, foe, seed


def a_change(system):
    """An attacker number that can move by one: (key, label, value)."""
    d = system.defaults()
    for name, spec in fields.describe(system.forms["attacker"]):
        now = getattr(d["attacker"], name)
        if spec.kind != "int" or spec.max is None or now is None:
            continue
        new = now + 1 if now + 1 <= spec.max else now - 1
        trial = dataclasses.replace(d["attacker"], **{name: new})
        try:
            system.odds(trial, d["defender"], d["weapon"], d["modifiers"])
        except Exception:
            continue
        return f"attacker__{name}", spec.label_for("es"), new
    raise AssertionError("no attacker number to compare")


@pytest.mark.skipif(SYSTEM_ID is None, reason="no registered system")
def test_combate_tablas_and_comparar(local_page, dashboard_server):
    system = rolkit.get_system(SYSTEM_ID)
    page = local_page
    page.goto(f"{dashboard_server.url}?system={SYSTEM_ID}&lang=es")
    page.wait_for_selector("table.rolkit-odds", timeout=90000)

    # ---- Combate: add two, initiative, resolve, apply, undo, redo
    ref, current, foe, seed = expected_fight(system)
    tab(page, "Combate")
    fight = page.locator(".rolkit-fight")
    name = fight.locator(".rolkit-fight-name input")
    name.fill("Ana")
    fight.locator(".rolkit-fight-add").click()
    wait_text(page, ".rolkit-fight-log", "Ana entra")
    name.fill("Bruto")
    fight.locator(".rolkit-fight-side select").select_option(label="Enemigos")
    fight.locator(".rolkit-fight-add").click()
    wait_text(page, ".rolkit-fight-log", "Bruto entra")
    seed_box = fight.locator(".rolkit-seed input")
    seed_box.fill("7")
    fight.locator(".rolkit-fight-initiative").click()
    wait_text(page, ".rolkit-fight-log", ref.log[-1].text("es"))
    # default pair: the current combatant attacks a foe
    for cls, who in (("attacker", current), ("target", foe)):
        chosen = fight.locator(f".rolkit-fight-{cls} select option:checked")
        expect(chosen).to_have_text(who)
    card = fight.locator(f'.rolkit-fight-card[data-name="{foe}"]')
    expect(card).to_contain_text("sin cambios desde que entró")
    fight.locator("table.rolkit-odds").wait_for()
    seed_box.fill(str(seed))
    fight.locator(".rolkit-fight-roll").click()
    wait_text(page, ".rolkit-fight-rolled", "Tirada sin aplicar")
    fight.locator(".rolkit-fight-apply").click()
    arrow = f"{current} → {foe}"
    wait_text(page, ".rolkit-fight-log", arrow)
    expect(card).to_contain_text("última tirada aplicada")
    fight.locator(".rolkit-fight-undo").click()
    wait_text(page, ".rolkit-fight-log", arrow, present=False)
    expect(card).to_contain_text("sin cambios desde que entró")
    fight.locator(".rolkit-fight-redo").click()
    wait_text(page, ".rolkit-fight-log", arrow)
    expect(card).to_contain_text("última tirada aplicada")
    expect(fight.locator(".rolkit-fight-redo")).to_be_disabled()
    no_traceback(page)

    # ---- Tablas: the download is the printable page in Spanish
    tab(page, "Tablas")
    link = page.locator("a.rolkit-screen-link")
    link.wait_for(timeout=60000)
    href = link.get_attribute("href")
    want = screen_html(analysis.gm_screen(system), "es")
    assert base64.b64decode(href.split("base64,", 1)[1]).decode("utf-8") == want
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == f"rolkit-pantalla-{SYSTEM_ID}-es.html"
    with open(download.path(), encoding="utf-8") as f:
        assert f.read() == want
    expect(page.locator("table.rolkit-screen-table")).to_be_visible()
    no_traceback(page)

    # ---- Comparar: one attacker number against the defaults
    key, label, value = a_change(system)
    tab(page, "Comparar")
    panel = page.locator(".rolkit-compare")
    panel.locator(".rolkit-compare-what select").select_option(
        label=f"{rolkit.i18n.t('form.attacker', 'es')} › {label}"
    )
    panel.locator(".rolkit-compare-number input").fill(str(value))
    panel.locator(".rolkit-compare-run").click()
    table = panel.locator("table.rolkit-compare-table")
    table.wait_for()
    c = analysis.compare(system, system.defaults(), **{key: value})
    hit_row = c.rows("es")[0]
    expect(table).to_contain_text(str(hit_row[3]))  # the exact difference of hitting
    expect(panel.locator(".rolkit-compare-chart")).to_be_visible()
    no_traceback(page)
