"""``make docs``: every notebook renders to a self-contained, phone-readable HTML page.

The renderer (``tools/render_docs.py``) runs once for the module, into a temporary folder.
Rendering all of them takes ~30 s on an idle machine and twice that on a busy one, and
``test_examples.py`` already executes every example, so by default a representative subset
is rendered: the index, the magics notebook (a deliberate stderr message), the GM reference
(a live widget) and Ashes Of War (charts, the slowest system notebook). The index is executed
by the renderer itself; the other three pages are rendered from the runs test_examples.py and
test_gm_reference.py make (``runs.py``: each notebook executed once for the three files).
``ROLKIT_DOCS_ALL=1`` renders every page, as ``make docs`` does.

Each page is checked: no error output and no traceback, the viewport meta tag and the
page's max-width, no external script, stylesheet or image, live widgets replaced by a note,
and an execution under 30 s of the kernel's CPU time. Every link of the index page resolves to a page that
``make docs`` writes (and that this run wrote), and the index links every example notebook.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import nbformat
import pytest
from bs4 import BeautifulSoup

from tests.notebooks import runs

pytestmark = pytest.mark.notebook

ROOT = Path(__file__).resolve().parents[2]
MAX_SECONDS = 30
SUBSET = ("index", "ipython_magics", "gm_reference", "ashes_of_war")


RENDER = runs.RENDER


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list]:
    out = tmp_path_factory.mktemp("html")
    chosen = RENDER.notebooks()
    if not os.environ.get("ROLKIT_DOCS_ALL"):
        chosen = [p for p in chosen if p.stem in SUBSET]
        assert len(chosen) == len(SUBSET)
    return out, RENDER.render_all(out, chosen, run=_run_once)


def _run_once(path: Path) -> tuple[nbformat.NotebookNode, float, float]:
    """The index through the renderer's own execution (``make docs``'s path, kept tested);
    the others from the runs test_examples.py and test_gm_reference.py make (runs.py): the
    same fresh kernel in the notebook's folder, run once for the three files."""
    return RENDER.execute(path) if path.stem == "index" else runs.for_renderer(path)


def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_make_docs_renders_every_notebook_but_the_voila_app(site):
    out, pages = site
    every = {p.name for d in RENDER.SOURCES for p in d.glob("*.ipynb")}
    assert {p.name for p in RENDER.notebooks()} == every - set(RENDER.SKIPPED)
    assert "index.ipynb" in every and "dashboard.ipynb" not in set(RENDER.notebooks())
    names = [RENDER.page_name(p) for p in RENDER.notebooks()]
    assert len(set(names)) == len(names)  # one page per notebook, no clash
    assert sorted(p.name for p in out.glob("*.html")) == sorted(p.target.name for p in pages)


def test_pages_have_no_error_output_and_no_traceback(site):
    out, pages = site
    for page in pages:
        doc = soup(page.target)
        areas = doc.select(".jp-OutputArea-output")
        assert areas, page.target.name
        for area in areas:
            text = area.get_text()
            assert "Traceback" not in text, (page.target.name, text[:300])
            assert not re.search(r"\b[A-Z]\w*(Error|Exception)\b", text), (
                page.target.name,
                text[:300],
            )
            if area.get("data-mime-type") == "application/vnd.jupyter.stderr":
                # the only stderr a reader sees: rolkit's one-sentence message for a typo
                assert text.strip().startswith("rolkit: "), (page.target.name, text[:300])
            assert not area.select('[class*="ansi-"]'), page.target.name  # traceback colours


def test_pages_are_self_contained_and_phone_readable(site):
    _, pages = site
    for page in pages:
        doc = soup(page.target)
        viewport = doc.find("meta", attrs={"name": "viewport"})
        assert viewport and "width=device-width" in viewport["content"], page.target.name
        css = " ".join(s.get_text() for s in doc.find_all("style"))
        assert re.search(r"div\.rolkit-page\s*\{[^}]*max-width", css), page.target.name
        assert doc.select_one("div.rolkit-page"), page.target.name
        assert not doc.find_all("script", src=True), page.target.name
        assert not doc.find_all("link", rel="stylesheet"), page.target.name
        for img in doc.find_all("img"):
            assert img["src"].startswith("data:"), (page.target.name, img["src"][:80])
        assert RENDER.WIDGET_MIME not in str(doc)
        assert doc.select(".jp-InputArea"), "inputs are kept"
    gm = soup(next(p.target for p in pages if p.source.stem == "gm_reference"))
    assert gm.select(".rolkit-widget-note"), "the live panel is replaced by a note"


def test_each_notebook_executes_in_under_30_seconds(site):
    """The kernel's own CPU time (its start-up included): wall-clock time on a machine shared
    with other jobs measures the others too. Both are recorded on the page objects."""
    _, pages = site
    slow = {p.source.name: round(p.cpu_seconds, 1) for p in pages if p.cpu_seconds >= MAX_SECONDS}
    assert not slow
    assert all(0 < p.cpu_seconds <= p.seconds + 5 for p in pages)


def test_index_links_resolve_and_cover_every_page(site):
    out, pages = site
    rendered = {p.target.name for p in pages}
    index = out / "index.html"
    hrefs = [a["href"] for a in soup(index).find_all("a", href=True)]
    local = [h.split("#")[0] for h in hrefs if not re.match(r"[a-z]+:|#", h)]
    assert local, "the index links the notebooks"
    written = {RENDER.page_name(p) for p in RENDER.notebooks()}  # what make docs writes
    for href in local:
        assert href in written, href
        assert href not in rendered or (out / href).is_file(), href
    assert written - {"index.html"} <= set(local), written - set(local)


def test_index_notebook_links_every_example_notebook():
    index = nbformat.read(ROOT / "examples" / "index.ipynb", as_version=4)
    text = "\n".join(c.source for c in index.cells if c.cell_type == "markdown")
    for path in sorted((ROOT / "examples").glob("*.ipynb")):
        if path.name != "index.ipynb":
            assert f"]({path.name})" in text, path.name
    assert "](../notebooks/gm_reference.ipynb)" in text
    assert "make dashboard" in text  # the Voilà app is not a page: the index says why


def test_links_to_notebooks_become_links_to_pages():
    html = '<a href="core_dread.ipynb">a</a> <a href="../notebooks/x.ipynb#s">b</a>'
    html += ' <a href="https://e.org/y.ipynb">c</a>'
    assert RENDER.link_pages(html) == (
        '<a href="core_dread.html">a</a> <a href="x.html#s">b</a>'
        ' <a href="https://e.org/y.ipynb">c</a>'
    )
