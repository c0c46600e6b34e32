"""Issue #26 (display, print, words, feedback, themes, link) in a real browser: Voilà,
Playwright and Debian's chromium, on two pages shared by the whole module (light, then
Voilà's dark theme), each switching systems through the picker.

* 1366×768, light: every system at its default forms shows the headline, the odds table,
  the chart and Tirar inside the window; a system switch hides the old forms and says it is
  working; no label is clipped; all text is ≥ 4.5:1 on its background, headers included.
* every tab of G.O.R.E. in both languages: no spec code, raw id or foreign UI word (the
  patterns of tests/widgets/test_widget_words.py, on the page's own text) and nothing
  clipped, at 1366 px and at 420 px (where the tabs wrap, all in view).
* Tablas: «calculando…» before the grid, then the grid; printed (Chromium's print media
  and PDF) the GM screen is whole: more than one A4 page, no table wider than the page or
  cut by a scrolling box; the download link looks like a link.
* Voilà's dark theme: the results and Tablas cards are dark, and all their text ≥ 4.5:1.

Every system's forms unfolded at 420 px are in test_display_narrow_browser.py, on a page
of its own: a file of its own runs on the other worker (``--dist loadfile``) meanwhile.
"""

import re

import pytest

import rolkit
from rolkit import i18n
from tests.harness import SHOTS, KernelWatch, local_only, shoot
from tests.widgets.test_widget_words import offences

pytestmark = [pytest.mark.browser, pytest.mark.serial]

TABS = ".lm-TabBar-tab, .jupyter-widget-TabBar-tab"
WIDE, NARROW = {"width": 1366, "height": 768}, {"width": 420, "height": 800}

#: every visible element with text of its own: its colour against the first opaque
#: background under it (rgba blended over white), the WCAG contrast ratio
CONTRAST_JS = """(root) => {
  const rgb = s => { const m = s.match(/[\\d.]+/g).map(Number);
                     return m.length > 3 ? m : [...m, 1]; };
  const lum = c => { const v = c.slice(0, 3).map(x => { x /= 255;
      return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
      return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const under = e => { const layers = [];
      for (let n = e; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
        if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
      let bg = [255, 255, 255];
      for (const c of layers.reverse()) bg = bg.map((x, i) => x * (1 - c[3]) + c[i] * c[3]);
      return bg; };
  const out = [];
  for (const e of root.querySelectorAll('*')) {
    if (e.closest('select, option, button:disabled, .rolkit-stale, svg, img')) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length) continue;
    const s = getComputedStyle(e);
    if (s.visibility !== 'visible' || Number(s.opacity) === 0) continue;
    const fg = rgb(s.color), bg = under(e);
    const mixed = fg.slice(0, 3).map((x, i) => x * fg[3] + bg[i] * (1 - fg[3]));
    const [a, b] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
    out.push({text: e.textContent.trim().slice(0, 40), ratio: (a + 0.05) / (b + 0.05),
              bg: lum(bg)});
  }
  return out;
}"""

#: labels, buttons and tab titles whose text does not fit their box
CLIPPED_JS = """() => [...document.querySelectorAll(
    '.rolkit-dashboard .widget-label, .rolkit-dashboard .widget-label-basic, ' +
    '.rolkit-dashboard button, .rolkit-dashboard .lm-TabBar-tabLabel, ' +
    '.rolkit-dashboard .jupyter-widget-TabBar-tabLabel')]
  .filter(e => e.getClientRects().length && e.offsetParent !== null)
  .filter(e => e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textOverflow === 'ellipsis'
               && e.scrollWidth > e.clientWidth)
  .map(e => e.textContent.trim())"""

#: the page's text, the values of its inputs and their titles
TEXT_JS = """() => document.querySelector('.rolkit-dashboard').innerText + '\\n' +
  [...document.querySelectorAll('.rolkit-dashboard select option')].map(o => o.text).join('\\n')"""

WATCH_JS = """() => { window.__rk26 = {busy: false, hidden: false, grid: 0, busyAt: 0, t0: 0};
  const busy = n => n.nodeType === 1 && (n.matches('.rolkit-busy') || n.querySelector('.rolkit-busy'));
  new MutationObserver(records => {
    const w = window.__rk26;
    for (const r of records) {
      if ([...r.addedNodes].some(busy)) { w.busy = true; w.busyAt = w.busyAt || performance.now(); }
      if (r.type === 'attributes' && (r.target.classList.contains('rolkit-switching') ||
          (r.oldValue || '').includes('rolkit-switching'))) w.hidden = true;
    }
    if (!w.grid && document.querySelector('table.rolkit-screen-table')) w.grid = performance.now();
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                              attributeFilter: ['class'], attributeOldValue: true}); }"""


def _page(browser, server, query, viewport=WIDE, **context):
    ctx = browser.new_context(viewport=viewport, **context)
    ctx.route("**/*", local_only)
    page = ctx.new_page()
    page.set_default_timeout(120000)
    page.kernel = KernelWatch(page)  # what the kernel still owes the page: see _settle
    page.goto(server.url + query, timeout=240000)
    page.wait_for_selector("table.rolkit-odds", state="visible")
    # a preheated kernel shows its first system, then the link's: wait for the link's
    system = re.search(r"system=(\w+)", query)
    name = rolkit.get_system(system[1] if system else rolkit.systems()[0]).display_name("es")
    page.wait_for_function(
        """name => { const s = document.querySelector('.rolkit-system select');
                     return s && s.options[s.selectedIndex].text === name
                       && !document.querySelector('.rolkit-switching'); }""",
        arg=name,
    )
    return page


@pytest.fixture(scope="module")
def light(browser, dashboard_server):
    page = _page(browser, dashboard_server, "?system=gore&lang=es")
    yield page
    page.context.close()


@pytest.fixture(scope="module")
def dark(browser, dashboard_server):
    page = _page(browser, dashboard_server, "?system=gore&lang=es&theme=dark")
    yield page
    page.context.close()


def _tab(page, index):
    page.locator(TABS).nth(index).click()


def _settle(page):
    """Wait until the kernel has handled every change the page sent (a tab built on its
    first opening, a folded section built on its first unfolding, each in the handler of
    its change), the page has drawn what came back, and nothing says it is working."""
    page.kernel.settle()
    if page.evaluate(BUSY_JS):  # a computation in the background: wait for its result
        page.wait_for_function(f"() => !({BUSY_JS})()")
        page.kernel.settle()


#: (JavaScript) whether a visible note says the page is working
BUSY_JS = (
    "() => [...document.querySelectorAll('.rolkit-busy')].some(e => e.getClientRects().length)"
)


#: (JavaScript) the src of the odds chart (a new blob URL each time the kernel sends one)
CHART_SRC_JS = """() => { const i = document.querySelector('img.rolkit-chart, .rolkit-chart img');
                          return i ? i.src : null; }"""


def _chart_drawn(page, old):
    """Wait for the chart that follows the table (debounced, CHART_DELAY after the last
    change): a new image, not ``old`` (the src before the change), loaded."""
    page.wait_for_function(
        """old => { const i = document.querySelector('img.rolkit-chart, .rolkit-chart img');
                    return i && i.src !== old && i.complete && i.naturalWidth > 0; }""",
        arg=old,
    )


def _switch(page, system_id):
    """Pick ``system_id`` in the header and wait for its forms (a working note meanwhile)."""
    page.evaluate(WATCH_JS)
    label = rolkit.get_system(system_id).display_name("es")  # the option's text is its label
    shown = page.evaluate(
        "() => { const s = document.querySelector('.rolkit-system select');"
        " return s.options[s.selectedIndex].text; }"
    )
    if shown == label:
        return
    chart = page.evaluate(CHART_SRC_JS)
    page.select_option(".rolkit-system select", label=label)
    page.wait_for_function(  # the switch began (its note was seen), then ended
        "() => window.__rk26.busy && !document.querySelector('.rolkit-switching') && "
        "!document.querySelector('.rolkit-notes .rolkit-busy')"
    )
    _chart_drawn(page, chart)  # the new system's chart follows its table (debounced)
    _settle(page)


#: whether the element is wholly visible without scrolling: inside the window and inside
#: every box that clips it (the results panel scrolls on its own at desktop widths)
IN_VIEW_JS = """e => { const b = e.getBoundingClientRect();
  let top = 0, bottom = innerHeight, right = innerWidth;
  for (let n = e.parentElement; n; n = n.parentElement) {
    if (getComputedStyle(n).overflowY === 'visible') continue;
    const c = n.getBoundingClientRect();
    top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom); right = Math.min(right, c.right);
  }
  return b.height > 0 && b.top >= top - 1 && b.bottom <= bottom + 1 && b.right <= right + 1; }"""


def _in_view(page, selector):
    return page.locator(selector).first.evaluate(IN_VIEW_JS)


def _bad_contrast(page, root):
    found = page.evaluate(CONTRAST_JS, page.locator(root).first.element_handle())
    return [f for f in found if f["ratio"] < 4.5], found


def _shoot(page, name):
    """A screenshot to look at, when ``$ROLKIT_SHOTS`` asks for them (tests/harness.py)."""
    shoot(page, name)


#: what a GM must see without scrolling at 1366×768 (#26 item 4)
AT_A_GLANCE = (".rolkit-headline", "table.rolkit-odds", ".rolkit-chart", ".rolkit-roll-button")


#: (JavaScript) the print button's text: it says the page's language
PRINT_JS = "() => document.querySelector('.rolkit-print').innerText.trim()"


def _language(page, lang):
    label, chart = i18n.t("dash.print", lang), page.evaluate(CHART_SRC_JS)
    changes = page.evaluate(PRINT_JS) != label
    page.locator(".rolkit-lang button", has_text=lang.upper()).click()
    page.wait_for_function(f"l => ({PRINT_JS})() === l", arg=label)
    if changes:
        _chart_drawn(page, chart)  # the chart in the new language follows the table
    _settle(page)


def test_every_system_fits_switches_visibly_and_reads_at_1366(light):
    page = light
    try:
        for lang in ("es", "en"):
            _language(page, lang)
            for system_id in [*[s for s in rolkit.systems() if s != "gore"], "gore"]:
                _switch(page, system_id)
                seen = page.evaluate("() => window.__rk26")
                assert seen["busy"] and seen["hidden"], (system_id, seen)  # never the old forms
                for part in AT_A_GLANCE:
                    assert _in_view(page, part), (lang, system_id, part)
                assert page.evaluate(CLIPPED_JS) == [], (lang, system_id)
                bad, found = _bad_contrast(page, ".rolkit-dashboard")
                assert found and not bad, (lang, system_id, bad[:5])
                _shoot(page, f"{system_id}-{lang}-1366-light")
    finally:
        _language(page, "es")


def test_gore_hit_locations_fit_beside_the_odds_at_1366(browser, dashboard_server):
    """With «Localización de impactos» ticked, G.O.R.E.'s hit-location table joins the
    headline, the odds, the chart and Tirar: all inside 1366×768, in both languages."""
    page = _page(browser, dashboard_server, "?system=gore&lang=es&modifiers.use_hit_locations=true")
    try:
        for lang in ("es", "en"):
            _language(page, lang)
            page.wait_for_selector("table.rolkit-locations", state="visible")
            for part in (*AT_A_GLANCE, "table.rolkit-locations"):
                assert _in_view(page, part), (lang, part)
            assert page.evaluate(CLIPPED_JS) == [], lang
            _shoot(page, f"gore-{lang}-1366-locations")
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_tab_says_no_code_and_clips_nothing_at_1366_and_420(light, lang):
    page = light
    page.set_viewport_size(WIDE)
    _language(page, lang)
    try:
        for viewport in (WIDE, NARROW):
            page.set_viewport_size(viewport)
            count = page.locator(TABS).count()
            for index in range(count):
                _tab(page, index)
                _settle(page)  # a lazy tab builds; Tablas computes
                if index == 3:
                    page.wait_for_selector("table.rolkit-screen-table", state="visible")
                text = page.evaluate(TEXT_JS).replace("\xa0", " ")
                names = [rolkit.get_system(s).display_name(lang) for s in rolkit.systems()]
                for name in names:
                    text = text.replace(name, "")
                found = [(w, s) for w, s in offences([text], lang) if w not in PENDING_WORDS]
                assert not found, (lang, viewport, index, found[:8])
                assert page.evaluate(CLIPPED_JS) == [], (lang, viewport, index)
                for tab in page.locator(TABS).all():  # tabs wrap: every one in view
                    box = tab.bounding_box()
                    assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
            _shoot(page, f"gore-{lang}-{viewport['width']}-tabs")
            _tab(page, 0)
    finally:
        page.set_viewport_size(WIDE)
        _tab(page, 0)
        page.locator(".rolkit-lang button", has_text="ES").click()


#: words the widget walker lists as pending (owned by other files), seen on the page too
PENDING_WORDS: set[str] = set()


def test_tablas_works_visibly_and_prints_whole(light):
    page = light
    page.locator(".rolkit-lang button", has_text="ES").click()
    _switch(page, "core_dread")  # the slowest screen: a fresh one for this kernel
    _tab(page, 3)
    page.wait_for_timeout(300)  # past ~300 ms the tab shows the grid, or says it is working
    state = page.evaluate(
        "() => [!!document.querySelector('.rolkit-screen .rolkit-busy'),"
        " !!document.querySelector('table.rolkit-screen-table')]"
    )
    assert any(state), state
    page.wait_for_selector("table.rolkit-screen-table", state="visible")
    page.wait_for_selector("table.rolkit-screen-weapon-table", state="visible")
    link = page.locator(".rolkit-screen-link")
    style = link.evaluate(
        "e => [getComputedStyle(e).textDecorationLine, getComputedStyle(e).color,"
        " getComputedStyle(e.parentElement).color]"
    )
    assert "underline" in style[0] and style[1] != style[2], style
    page.emulate_media(media="print")
    try:
        page.set_viewport_size({"width": 1047, "height": 718})  # A4 landscape less margins
        layout = page.evaluate(
            """() => [...document.querySelectorAll('.rolkit-screen table')].map(t => {
                 const b = t.getBoundingClientRect(); let cut = false;
                 for (let n = t.parentElement; n; n = n.parentElement) {
                   const s = getComputedStyle(n);
                   if (/(auto|hidden|scroll)/.test(s.overflow) &&
                       (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1))
                     cut = true; }
                 return {right: b.right, width: innerWidth, cut}; })"""
        )
        assert len(layout) == 2 and all(
            t["right"] <= t["width"] and not t["cut"] for t in layout
        ), layout
        pdf = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
        pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
        assert pages >= 2, pages  # the grid and the weapons, a page break between them
        if SHOTS is not None:  # the printed PDF, to look at
            SHOTS.mkdir(parents=True, exist_ok=True)
            (SHOTS / "tablas-core_dread.pdf").write_bytes(pdf)
    finally:
        page.emulate_media(media="screen")
        page.set_viewport_size(WIDE)
        _tab(page, 0)


def test_voila_dark_theme_cards_follow_it_and_read(dark):
    page = dark
    for tab in (0, 3):
        _tab(page, tab)
        if tab == 3:
            page.wait_for_selector("table.rolkit-screen-weapon-table", state="visible")
        _settle(page)
        papers = page.evaluate(
            """() => [...document.querySelectorAll('.rolkit-paper')].filter(e =>
                 e.getClientRects().length).map(e => getComputedStyle(e).backgroundColor)"""
        )
        assert papers and all(p != "rgb(255, 255, 255)" for p in papers), papers
        bad, found = _bad_contrast(page, ".rolkit-dashboard")
        assert found and not bad, (tab, bad[:5])
        _shoot(page, f"gore-es-1366-dark-tab{tab}")
    _tab(page, 0)
