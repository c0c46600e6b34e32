"""Issue #26 in a real browser, at 420 px: every system's Ataque and Chequeos forms, every
section unfolded, clip nothing, in both languages. On a page of its own (the helpers are
test_display_browser.py's): apart from that module's shared page, this file runs on the
other worker (``--dist loadfile``) while that one runs, instead of after it.
"""

import pytest

import rolkit
from tests.browser.test_display_browser import (
    CLIPPED_JS,
    NARROW,
    WIDE,
    _language,
    _page,
    _settle,
    _shoot,
    _switch,
    _tab,
)

pytestmark = [pytest.mark.browser, pytest.mark.serial]


@pytest.fixture(scope="module")
def light(browser, dashboard_server):
    page = _page(browser, dashboard_server, "?system=gore&lang=es")
    yield page
    page.context.close()


#: opens every folded section of the visible tab (the forms' labels are measured open)
UNFOLD_JS = """() => { let n = 0;
  for (const h of document.querySelectorAll(
      '.rolkit-dashboard .jupyter-widget-Collapse-header, .rolkit-dashboard .lm-Collapse-header')) {
    const box = h.closest('.jupyter-widget-Collapse, .lm-Collapse');
    if (h.offsetParent !== null && box && !box.classList.contains('jupyter-widget-Collapse-open')
        && !box.classList.contains('lm-mod-expanded')) { h.click(); n++; } }
  return n; }"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_systems_forms_clip_nothing_at_420(light, lang):
    """Every system's Ataque and Chequeos forms, every section unfolded, at 420 px: no
    label, button or tab title cut (the long G.O.R.E. labels wrap)."""
    page = light
    _language(page, lang)
    try:
        for system_id in rolkit.systems():
            _switch(page, system_id)
            page.set_viewport_size(NARROW)
            for index in (0, 1):
                _tab(page, index)
                _settle(page)
                for _ in range(3):  # a section may hold folded sections of its own
                    if not page.evaluate(UNFOLD_JS):
                        break
                    _settle(page)  # each section is built on its first unfolding
                assert page.evaluate(CLIPPED_JS) == [], (lang, system_id, index)
            _shoot(page, f"{system_id}-{lang}-420-forms")
            page.set_viewport_size(WIDE)
            _tab(page, 0)
    finally:
        page.set_viewport_size(WIDE)
        _tab(page, 0)
        _language(page, "es")
