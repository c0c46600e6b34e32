"""The GM notebook in a real JupyterLab in the dark theme: every cell run, then the text
contrast of its outputs measured in the page (rolkit's cards, tables, headlines, dice and
the dashboard's results): each ≥ 4.5:1 against the colour actually behind it."""

from pathlib import Path

import pytest

from tests.harness import CHROMIUM, COLOUR_JS, LabServer, shoot

pytestmark = [pytest.mark.browser, pytest.mark.serial]

ROOT = Path(__file__).resolve().parents[2]

#: text elements measured: each with a direct text node, inside rolkit's outputs
CONTRAST_JS = (
    """
() => {
"""
    + COLOUR_JS
    + """  const roots = document.querySelectorAll(
      '.rolkit-card, .rolkit-results, .rolkit-roll, table.rolkit-odds');
  const out = [];
  for (const root of roots) {
    for (const e of [root, ...root.querySelectorAll('*')]) {
      const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
      if (!own || e.offsetParent === null) continue;
      const a = lum(rgb(getComputedStyle(e).color)), b = lum(bg(e));
      out.push([e.tagName + ' ' + e.textContent.trim().slice(0, 25),
                (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)]);
    }
  }
  return out;
}"""
)


#: rolkit's blocks whose own background (the first opaque one under them) is light
BLOCKS_JS = (
    """
() => {
"""
    + COLOUR_JS
    + """  return [...document.querySelectorAll('.rolkit-card, .rolkit-results, .rolkit-paper, ' +
      'table.rolkit-odds, table.rolkit-check-odds, table.rolkit-screen-table')]
    .filter(e => e.offsetParent !== null && lum(bg(e)) > 0.2)
    .map(e => e.className + ' ' + e.textContent.trim().slice(0, 30));
}"""
)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is absent")
    tmp = tmp_path_factory.mktemp("lab")
    server = LabServer(ROOT, tmp / "settings", tmp / "lab.log")
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def test_gm_notebook_is_readable_in_the_dark_theme(local_page, lab):
    page = local_page
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(lab.url + "lab/tree/notebooks/gm_reference.ipynb")
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-Notebook')")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=60000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator, .jp-Toolbar", timeout=60000)
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget?.sessionContext?.session?.kernel",
        timeout=90000,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".rolkit-card", timeout=120000)
    page.wait_for_selector("table.rolkit-odds", timeout=180000)  # the dashboard, last cell
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('.jp-InputArea-prompt'))
                 .every(p => !p.innerText.includes('*'))""",
        timeout=180000,
    )
    # every cell's output is rendered once scrolled into view (JupyterLab virtualises)
    for cell in page.locator(".jp-Cell").all():
        cell.scroll_into_view_if_needed()
    pairs = page.evaluate(CONTRAST_JS)
    assert len(pairs) > 20, pairs
    low = [(text, round(ratio, 2)) for text, ratio in pairs if ratio < 4.5]
    assert low == [], low
    # no white blocks: every card, results panel and table sits on a dark background
    light = page.evaluate(BLOCKS_JS)
    assert light == [], "\n".join(light)
    card = page.locator(".rolkit-card").first
    card.scroll_into_view_if_needed()
    shoot(card, "lab-dark-card")  # to look at, when $ROLKIT_SHOTS asks (tests/harness.py)
    odds = page.locator(".rolkit-card:has(table.rolkit-odds), table.rolkit-odds").first
    odds.scroll_into_view_if_needed()
    shoot(odds, "lab-dark-odds")
    assert page.locator(".jp-OutputArea-output pre").filter(has_text="Traceback").count() == 0
    shoot(page, "lab-dark")
