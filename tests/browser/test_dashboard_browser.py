"""The dashboard in a real browser (Voilà + Playwright + Debian chromium), one page per
system: it loads, a field change redraws the odds, Tirar shows a result whose replay
matches, a bad value gives a message (never a traceback), and the language switch
relabels the forms. The first registered system's page is checked at 1400×1300 too and
screenshot there only when asked: ``ROLKIT_DOCS_SCREENSHOT=1`` saves it as docs/dashboard.png
(the README's picture; a plain run never modifies the checkout), ``$ROLKIT_SHOTS`` with the
other screenshots (tests/harness.py)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

import rolkit
from rolkit import i18n
from rolkit.fields import describe
from tests.harness import field_locator, odds_text, set_number, shoot, wait_table_change
from tests.widgets.sample_system import SYSTEM as SAMPLE  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.serial]

ROOT = Path(__file__).resolve().parents[2]
#: the README's picture, rewritten only when ROLKIT_DOCS_SCREENSHOT=1
SCREENSHOT = ROOT / "docs" / "dashboard.png"
TRACE_MARKERS = ("Traceback", 'File "')
SYSTEMS = rolkit.systems()
# (system id, server fixture, language the page opens in): languages alternate
CASES = [("sample", "sample_server", "es")] + [
    (s, "dashboard_server", ("es", "en")[i % 2]) for i, s in enumerate(SYSTEMS)
]


def get_system(system_id):
    return SAMPLE if system_id == "sample" else rolkit.get_system(system_id)


def main_field(system):
    """The attacker's main number (first grid axis) as (role, field)."""
    if system.grid_axes:
        return system.grid_axes[0]
    cls = system.forms["attacker"]
    return "attacker", next(n for n, s in describe(cls) if s.kind == "int" and not s.optional)


def open_section(page, role):
    section = page.locator(f".rolkit-section-{role}").first
    if not section.locator(".rolkit-form").first.is_visible():
        section.locator(".jupyter-widget-Collapse-header, .lm-Collapse-header").first.click()


def roll_button(page, lang):
    """Tirar, by its text (its accessible name also carries the dice icon's glyph)."""
    return page.locator(".rolkit-roll-button", has_text=i18n.t("roll", lang))


LAYOUT_JS = """() => {
  const box = document.querySelector('.rolkit-odds-box').getBoundingClientRect();
  const rows = [...document.querySelectorAll('table.rolkit-odds tbody tr')].map(r => {
      const b = r.getBoundingClientRect();
      return {h: b.height, inside: b.top >= box.top - 1 && b.bottom <= box.bottom + 1}; });
  const button = document.querySelector('.rolkit-roll-button');
  const b = button.getBoundingClientRect();
  const l = document.querySelector('.rolkit-roll-line').getBoundingClientRect();
  return {rows, button: [b.top, b.bottom, b.height, button.scrollHeight],
          line: [l.top, l.bottom]};
}"""


def assert_results_not_squeezed(page, where):
    """Every odds row is drawn inside its box with its height, and Tirar sits whole in its
    line: a long roll history in the height-limited results column once squeezed them (the
    screenshot showed the table header with no rows and Tirar cut to half its height)."""
    page.wait_for_selector("table.rolkit-odds tbody tr", state="visible")
    got = page.evaluate(LAYOUT_JS)
    assert got["rows"], (where, got)
    for row in got["rows"]:
        assert row["h"] > 10 and row["inside"], (where, got)
    top, bottom, height, full = got["button"]
    line_top, line_bottom = got["line"]
    assert height >= full - 1 and height >= 20, (where, got)
    assert line_top - 1 <= top and bottom <= line_bottom + 1, (where, got)


def assert_no_traceback(page):
    text = page.inner_text("body")
    for marker in TRACE_MARKERS:
        assert marker not in text, text[:2000]


@pytest.mark.parametrize(("system_id", "server_name", "lang"), CASES)
def test_dashboard_in_the_browser(system_id, server_name, lang, local_page, request):
    page, system = local_page, get_system(system_id)
    server = request.getfixturevalue(server_name)
    other = "en" if lang == "es" else "es"
    query = f"?system={system_id}&lang={lang}" if system_id != "sample" else f"?lang={lang}"
    page.goto(server.url + query)
    try:
        page.wait_for_selector("table.rolkit-odds", timeout=90000)
    except Exception as exc:  # say why: the page's text and the server's log
        log = server.log_path.read_text(errors="replace")[-3000:]
        raise AssertionError(f"no odds table\n{page.inner_text('body')[:2000]}\n{log}") from exc
    expect(page.locator(".rolkit-section-attacker").first).to_contain_text(
        i18n.t("form.attacker", lang)
    )
    if system_id != "sample":
        picked = page.locator(".rolkit-system select").input_value()  # the option's label
        assert picked.replace("\xa0", " ") == system.display_name(lang)

    # a field change redraws the odds table
    role, name = main_field(system)
    open_section(page, role)
    spec = dict(describe(system.forms[role]))[name]
    before = odds_text(page)
    set_number(page, role, name, int(spec.max))
    wait_table_change(page, before)
    expect(page.locator(".rolkit-headline").first).to_contain_text("%")

    # Tirar: a result with its steps folded and a replay that matches
    page.locator(".rolkit-seed input").first.fill("7")  # a fixed seed: a stable screenshot
    roll_button(page, lang).click()
    page.wait_for_selector(".rolkit-roll .rolkit-roll-headline")
    roll = page.locator(".rolkit-roll").first
    assert roll.inner_text().strip()
    roll.get_by_role("button", name=i18n.t("replay", lang)).click()
    page.wait_for_function(
        "() => (document.querySelector('.rolkit-replay-check') || {}).innerText?.includes('✓')"
    )
    roll.locator(".jupyter-widget-Collapse-header").first.click()  # unfold the steps
    page.wait_for_selector(".rolkit-roll table.rolkit-steps", state="visible")
    assert_results_not_squeezed(page, "1400×1000, steps unfolded")
    page.set_viewport_size({"width": 1366, "height": 768})
    assert_results_not_squeezed(page, "1366×768, steps unfolded")
    page.set_viewport_size({"width": 420, "height": 800})
    assert_results_not_squeezed(page, "420 px, steps unfolded")
    page.set_viewport_size({"width": 1400, "height": 1000})
    if SYSTEMS and system_id == SYSTEMS[0]:
        page.set_viewport_size({"width": 1400, "height": 1300})  # Voilà scrolls inside
        assert_results_not_squeezed(page, "1400×1300, the screenshot")
        if os.environ.get("ROLKIT_DOCS_SCREENSHOT") == "1":
            page.screenshot(path=str(SCREENSHOT), full_page=True)
        shoot(page, "dashboard", full_page=True)
        page.set_viewport_size({"width": 1400, "height": 1000})

    # a bad value: a plain message beside the seed, no traceback anywhere
    seed = page.locator(".rolkit-seed input").first
    seed.fill("no-es-un-numero")
    roll_button(page, lang).click()
    page.wait_for_function(
        "() => (document.querySelector('.rolkit-seed-error') || {}).innerText?.includes('⚠')"
    )
    expect(page.locator(".rolkit-seed-error").first).to_contain_text("no-es-un-numero")
    expect(page.locator(".rolkit-history .rolkit-roll")).to_have_count(1)
    seed.fill("")
    assert_no_traceback(page)

    # a bad field value: a plain message beside that field
    text_fields = [n for n, f in describe(system.forms["attacker"]) if f.kind == "text"]
    if text_fields:
        box = field_locator(page, "attacker", text_fields[0]).locator("input")
        original = box.input_value()
        box.fill("x" * 201)
        box.press("Enter")
        error = field_locator(page, "attacker", text_fields[0]).locator(".rolkit-field-error")
        error.wait_for(state="visible")
        label = dict(describe(system.forms["attacker"]))[text_fields[0]].label_for(lang)
        expect(error).to_contain_text("⚠")
        expect(page.locator(".rolkit-messages").first).to_contain_text(label)
        box.fill(original)
        box.press("Enter")
        page.wait_for_selector("table.rolkit-odds")
    assert_no_traceback(page)

    # the language switch relabels the forms
    page.get_by_role("button", name=other.upper(), exact=True).click()
    title = i18n.t("form.attacker", other)
    page.wait_for_function(
        "t => document.querySelector('.rolkit-section-attacker').innerText.includes(t)",
        arg=title,
    )
    label = spec.label_for(other)
    expect(field_locator(page, role, name)).to_contain_text(label)
    expect(roll_button(page, other)).to_have_count(1)
    assert_no_traceback(page)


def wait_headline(page, text):
    """Wait until the odds headline reads ``text`` (non-breaking spaces as spaces)."""
    page.wait_for_function(
        """t => { const h = document.querySelector('.rolkit-headline');
                  return h !== null && h.innerText.replace(/\\u00a0/g, ' ').includes(t); }""",
        arg=text.replace("\xa0", " "),
    )


@pytest.mark.skipif("core_dread" not in SYSTEMS, reason="core_dread is not registered")
def test_aplicar_and_deshacer_in_the_browser(local_page, dashboard_server):
    """Core Dread: Tirar, aplicar (the wounded defender's odds), deshacer (the odds back)."""

    from rolkit.systems.core_dread import CoreDreadOptions, Modifiers
    from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO
    from widgets import views

    page, system = local_page, rolkit.get_system("core_dread")
    options = CoreDreadOptions(defence_requires_turn=False)  # ANA may dodge again
    forms = (BRUNO, ANA, BAT, Modifiers(defence="dodge"))
    before = views.headline_text(system.odds(*forms, options), "es")
    r = system.resolve(*forms, options, seed=3)
    wounded = system.after(r)["defender"]
    after = views.headline_text(system.odds(BRUNO, wounded, BAT, forms[3], options), "es")
    assert before != after

    page.goto(dashboard_server.url + "?system=core_dread&lang=es")
    page.wait_for_selector("table.rolkit-odds", timeout=90000)
    presets = {
        "attacker": "Bruno (FOR 5, Pelea 1)",
        "defender": "Ana (FOR 4, AGI 5)",
        "weapon": next(n for n, w in system.presets["weapon"].items() if w == BAT),
        "modifiers": "Esquivar",
    }
    for role, name in presets.items():
        open_section(page, role)
        page.locator(f".rolkit-preset-{role} select").select_option(label=name)
    open_section(page, "options")
    field_locator(page, "options", "defence_requires_turn").locator("input").uncheck()
    wait_headline(page, before)

    page.locator(".rolkit-seed input").first.fill("3")
    roll_button(page, "es").click()
    roll = page.locator(".rolkit-roll").first
    roll.wait_for()
    table = odds_text(page)
    roll.locator(".rolkit-apply", has_text=i18n.t("apply", "es")).click()
    wait_table_change(page, table)
    wait_headline(page, after)
    expect(page.locator(".rolkit-messages").first).to_contain_text("Aplicado #1")
    assert_no_traceback(page)

    page.locator(".rolkit-undo", has_text=i18n.t("undo", "es")).click()
    wait_headline(page, before)
    expect(page.locator(".rolkit-messages").first).to_contain_text("Deshecho")
    assert_no_traceback(page)
