"""Render the teaching notebooks to self-contained HTML pages (``make docs``).

Every notebook in ``examples/`` and ``notebooks/`` is executed top to bottom in a fresh
``python3`` kernel (with its own folder as the working directory), then exported with
nbconvert's ``lab`` template, inputs kept, to ``docs/html/<name>.html``:

* self-contained: no external script (require.js, MathJax and Mermaid are left out; the
  notebooks need none of them), the CSS inlined and the charts embedded as data URIs;
* readable on a phone: the template's viewport meta tag, a ``max-width`` column, code and
  tables that scroll sideways instead of being cut, the ``In [n]:`` prompts hidden on narrow
  screens;
* links between notebooks (``core_dread.ipynb``, ``../notebooks/gm_reference.ipynb``) point
  at the rendered pages; ``examples/index.ipynb`` becomes ``index.html``.

A live widget (the panel in ``gm_reference``) cannot work in a static page: its output is
replaced by a short note saying where to open it. ``notebooks/dashboard.ipynb`` is the Voilà
app (all widgets, no text), so it is not rendered: the index says to run ``make dashboard``.

A cell that raises stops the rendering with the notebook's name (a page with a traceback
is never written).

    python tools/render_docs.py [--out docs/html] [NOTEBOOK ...]
"""

from __future__ import annotations

import argparse
import functools
import html
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import nbformat
from jinja2 import DictLoader
from nbclient import NotebookClient
from nbconvert import HTMLExporter

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (ROOT / "examples", ROOT / "notebooks")
DEFAULT_OUT = ROOT / "docs" / "html"
INDEX = ROOT / "examples" / "index.ipynb"
# The Voilà app: nothing but widgets, so a static page would be empty.
SKIPPED = {"dashboard.ipynb": "the Voilà dashboard: run `make dashboard`"}
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
TIMEOUT_S = 120

PHONE_CSS = """
body { margin: 0; }
div.rolkit-page { max-width: 60rem; margin: 0 auto; padding: 0.5rem 1rem 2rem;
                   box-sizing: border-box; }
div.rolkit-page .jp-OutputArea-output, div.rolkit-page .jp-RenderedHTMLCommon,
div.rolkit-page .jp-InputArea, div.rolkit-page .jp-InputArea-editor { overflow-x: auto; }
div.rolkit-page .jp-Cell, div.rolkit-page .jp-OutputArea-child,
div.rolkit-page .jp-OutputArea-output, div.rolkit-page .jp-InputArea-editor,
div.rolkit-page .jp-Cell-inputWrapper, div.rolkit-page .jp-Cell-outputWrapper,
div.rolkit-page .jp-OutputArea { min-width: 0; max-width: 100%; }
.jp-RenderedImage img, .jp-OutputArea-output img { max-width: 100%; height: auto; }
.jp-RenderedHTMLCommon table { font-size: 0.9em; }
.rolkit-source { color: #666; font-size: 0.85em; margin-top: 2rem; }
@media (max-width: 40rem) {
  div.rolkit-page { padding: 0.25rem 0.5rem 1.5rem; }
  .jp-InputPrompt, .jp-OutputPrompt { display: none; }
  div.rolkit-page .jp-InputArea, div.rolkit-page .jp-InputArea-editor,
  div.rolkit-page .jp-OutputArea-child, div.rolkit-page .jp-OutputArea-output { display: block; }
  .jp-Notebook { padding: 0; }
}
"""

# The lab template without its external scripts, with the phone CSS and a page column.
PAGE_TEMPLATE = (
    """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{% block extra_css %}<style type="text/css">"""
    + PHONE_CSS
    + """</style>{% endblock extra_css %}
{% block body_header %}{{ super() }}<div class="rolkit-page">{% endblock body_header %}
{% block body_footer %}<p class="rolkit-source">{{ resources.rolkit_source }}</p></div>
{{ super() }}{% endblock body_footer %}
"""
)


class RenderError(RuntimeError):
    """A notebook that does not execute cleanly (its name and the first error)."""


@dataclass(frozen=True)
class Page:
    """A written page: its notebook, its file, the wall-clock seconds of the execution and
    the kernel's own CPU seconds (start-up and imports included; other load excluded)."""

    source: Path
    target: Path
    seconds: float
    cpu_seconds: float


def notebooks() -> list[Path]:
    """Every notebook to render: ``examples/`` then ``notebooks/``, skipping the Voilà app."""
    found = [p for folder in SOURCES for p in sorted(folder.glob("*.ipynb"))]
    return [p for p in found if p.name not in SKIPPED]


def page_name(path: Path) -> str:
    """``examples/index.ipynb`` → ``index.html``; any other notebook → ``<stem>.html``."""
    return f"{path.stem}.html"


CPU_PROBE = "import time as _t\nprint(_t.process_time())"


def run_probed(
    path: Path, probe: str, timeout: int = TIMEOUT_S
) -> tuple[nbformat.NotebookNode, float, str]:
    """Run ``path`` in a fresh kernel (cwd = its folder) with ``probe`` appended as a last
    cell, then removed: the executed notebook, the wall seconds and what the probe printed.
    nbclient's errors (a failed cell, a timeout, a dead kernel) go to the caller."""
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(probe))
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        store_widget_state=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - start
    probe_cell = nb.cells.pop()
    printed = "".join(o.get("text", "") for o in probe_cell.outputs if o.output_type == "stream")
    return nb, seconds, printed


def execute(path: Path) -> tuple[nbformat.NotebookNode, float, float]:
    """Run ``path`` in a fresh kernel (cwd = its folder): the executed notebook, the wall
    seconds and the kernel's CPU seconds (read by a last cell that is then removed)."""
    try:
        nb, seconds, printed = run_probed(path, CPU_PROBE)
    except Exception as err:  # CellExecutionError, a timeout, a dead kernel
        first = str(err).strip().splitlines()[-1:] or [type(err).__name__]
        raise RenderError(f"{path.relative_to(ROOT)}: {first[0]}") from err
    return nb, seconds, float(printed.split()[-1])


def static_widgets(nb: nbformat.NotebookNode) -> None:
    """Replace each live widget output with a note (a static page cannot run it)."""
    note = (
        '<p class="rolkit-widget-note"><em>Panel interactivo: ábrelo en Jupyter (o con '
        "<code>make dashboard</code>). (Interactive panel: open it in Jupyter.)</em></p>"
    )
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for i, out in enumerate(cell.outputs):
            if WIDGET_MIME in out.get("data", {}):
                cell.outputs[i] = nbformat.v4.new_output(
                    "display_data", data={"text/html": note, "text/plain": "(widget)"}
                )


_IPYNB_LINK = re.compile(r'href="(?![a-z]+:|#)([^"#]*?)([^"/#]+)\.ipynb(#[^"]*)?"')


def link_pages(page_html: str) -> str:
    """``href="core_dread.ipynb"`` / ``"../notebooks/x.ipynb"`` → the rendered page."""
    return _IPYNB_LINK.sub(lambda m: f'href="{m.group(2)}.html{m.group(3) or ""}"', page_html)


@functools.cache
def exporter() -> HTMLExporter:
    """nbconvert's lab exporter with :data:`PAGE_TEMPLATE` (built once)."""
    return HTMLExporter(
        template_name="lab",
        template_file="rolkit_page.html.j2",
        extra_loaders=[DictLoader({"rolkit_page.html.j2": PAGE_TEMPLATE})],
        exclude_input_prompt=False,
        exclude_output_prompt=False,
    )


#: how a notebook is run: the executed notebook, wall seconds, kernel CPU seconds
Executor = Callable[[Path], tuple[nbformat.NotebookNode, float, float]]


def render(path: Path, out: Path, run: Executor = execute) -> Page:
    """Execute ``path`` (with ``run``: the tests pass the runs they already made) and write
    its page into ``out``; raises RenderError on any error."""
    nb, seconds, cpu = run(path)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    errors = [o for o in errors if o.output_type == "error"]
    if errors:  # allow_errors is off, so this is belt and braces
        raise RenderError(f"{path.relative_to(ROOT)}: {errors[0].ename}")
    static_widgets(nb)
    source = path.relative_to(ROOT).as_posix()
    resources = {
        "metadata": {"name": path.stem.replace("_", " ")},
        "rolkit_source": f"Generado con rolkit desde {source} (generated from {source}).",
    }
    body, _ = exporter().from_notebook_node(nb, resources=resources)
    target = out / page_name(path)
    target.write_text(link_pages(body), encoding="utf-8")
    return Page(path, target, seconds, cpu)


def render_all(out: Path, paths: list[Path] | None = None, run: Executor = execute) -> list[Page]:
    """Render ``paths`` (default: every notebook) into ``out``, each executed by ``run``;
    the index last is fine."""
    out.mkdir(parents=True, exist_ok=True)
    chosen = paths if paths is not None else notebooks()
    names = [page_name(p) for p in chosen]
    clash = {n for n in names if names.count(n) > 1}
    if clash:
        raise RenderError(f"two notebooks would write the same page: {sorted(clash)}")
    return [render(p, out, run) for p in chosen]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: all of them")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or None
    try:
        pages = render_all(args.out, paths)
    except RenderError as err:
        print(f"render_docs: {html.unescape(str(err))}", file=sys.stderr)
        return 1
    for page in pages:
        print(f"{page.target}  ({page.seconds:.1f} s, kernel CPU {page.cpu_seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
