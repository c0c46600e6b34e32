"""The layers point one way, with no dodges (issue 24, item 3), read from the source (AST).

Rules, over every module of ``rolkit/`` and ``widgets/``:

(a) no import statement inside a function or method body — and no
    ``importlib.import_module("<constant>")`` there either (the same import, spelt
    differently). The only exceptions are named in :data:`LAZY`, each with its reason: an
    optional heavy dependency loaded when first used, never a cycle dodged;
(b) a package never imports itself bare (``import rolkit`` / ``import rolkit.x`` inside
    rolkit, ``from rolkit import <a name that is not a submodule>``), and the module-level
    imports (``TYPE_CHECKING`` blocks aside) form no cycle;
(c) only ``rolkit.display`` and ``rolkit.ipython`` (and the front door,
    ``rolkit/__init__``, lazily) import ``rolkit.display``; only
    ``rolkit.ipython`` imports IPython; rolkit never imports ipywidgets, voila or widgets
    (``rolkit.__main__``, the ``python -m rolkit`` program entry, excepted: :data:`ENTRY`);
(d) no module imports another module's ``_private`` name (``from x import _y``);
(e) the five systems have the same module set, named from the one layout.

Rules (a)–(d) run once per folder (rolkit's top-level modules, each of its subpackages,
each system, widgets, widgets/serve…), so a failure names the folder it is in. Each checker is also run on a planted violation (the ``test_checker_*``
tests) so that a rule which silently stopped looking would fail here.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rolkit", "widgets")

#: (importing module, imported module or its top-level package) -> why it is imported lazily.
#: Nothing here dodges a cycle: each is an optional heavy dependency loaded when first used,
#: so ``import rolkit`` stays free of pandas, numpy, dask and IPython
#: (tests/core/test_registry_and_import.py).
LAZY: Mapping[tuple[str, str], str] = {
    ("rolkit.analysis", "pandas"): "a hit grid or a comparison frame is built on demand",
    ("rolkit.balance", "pandas"): "a sweep's frame is built on demand",
    ("rolkit.balance", "dask"): "the Dask cluster starts only when a sweep runs",
    ("rolkit.encounter", "pandas"): "the fair-fight curve's frame is built on demand",
    ("rolkit.encounter", "matplotlib"): "the fair-fight curve is plotted only when asked",
    ("rolkit.systems.gore.attack.odds", "numpy"): "a burst's hit-count polynomials are "
    "multiplied with numpy only when a burst is computed",
    ("rolkit.fight.bounds", "numpy"): "the explored turns' mass is settled with numpy only "
    "when a fight is bounded past the exact bound",
    ("rolkit.fight.party_split", "numpy"): "two parties' joint mass is pushed with numpy only "
    "when their fight is bounded past the exact bound",
    ("rolkit.fight.party_tables", "numpy"): "the party split's side states and law tables "
    "are numpy arrays, built only when two parties' fight is bounded past the exact bound",
    ("rolkit.fight.party_turns", "numpy"): "the party split's turns of actions are stepped "
    "with numpy only when two parties' fight is bounded past the exact bound",
    ("rolkit.fight.lockstep", "numpy"): "a party's fights are drawn side by side with numpy "
    "only when a party is simulated (Lockstep)",
    ("rolkit.systems.ashes_of_war.rules.compact_duel", "numpy"): "the default duel's side "
    "states are pushed with numpy only when its certified bounds are asked for",
    ("rolkit.display.markup", "pandas"): "right-aligning a frame's number columns",
    ("rolkit.display.tables", "pandas"): "tables are built on demand; text reprs never need them",
    ("rolkit.display.compare", "pandas"): "the comparison table, on demand",
    ("rolkit.ipython.extension", "IPython"): "only a shell registers the magics",
    ("rolkit", "rolkit.ipython"): "%load_ext only: the IPython glue loads the display layer, "
    "which import rolkit defers to the first rich display",
    ("rolkit", "rolkit.display"): "the renderer registry fills on the first rich display "
    "(reprs.on_first_use), so import rolkit stays light",
    ("widgets.voila_query", "voila.utils"): "the query string of a page Voilà serves: importing it "
    "loads the whole Voilà server extension, which a notebook's Dashboard() never needs",
    ("widgets.serve.cli", "widgets.serve.announce"): "Voilà and its stack load only to serve, "
    "after «starting…» is printed (seconds on a busy machine)",
}

#: Modules that may import what their package's layer may not: the ``python -m rolkit``
#: program entry serves the dashboard (``import rolkit`` never imports it).
ENTRY = frozenset({"rolkit.__main__"})

#: Who may import the display layer, and the libraries rolkit never imports. The package's
#: front door (``rolkit/__init__.py``) wires the display registry and the ``%load_ext``
#: hook, lazily (see :data:`LAZY`); no layer below imports them.
FRONT_DOOR = "rolkit"
DISPLAY_USERS = ("rolkit.display", "rolkit.ipython")
NEVER_IN_ROLKIT = ("ipywidgets", "voila", "widgets")
IPYTHON_USERS = ("rolkit.ipython",)

#: The one layout of a system (the common brief; a role a system lacks is an absent file).
SYSTEM_LAYOUT = frozenset(
    {
        "__init__",
        "errors",
        "tables",
        "forms",
        "options",
        "presets",
        "messages",
        "view",
        "rules",
        "attack",
        "after",
        "turns",
        "checks",
        "grid",
        "system",
    }
)
ATTACK_LAYOUT = frozenset(
    {"__init__", "validate", "key", "stages", "resolve", "odds", "blow", "sample"}
)
SYSTEMS = ("core_dread", "ashes_of_war", "tierkreis", "gore", "nsd20")


# --------------------------------------------------------------------------- reading imports
class Import(NamedTuple):
    """One import as the checkers see it."""

    line: int
    module: str  # absolute, as written after ``import``/``from`` (relative ones resolved)
    names: tuple[str, ...]  # ``from m import a, b``: ("a", "b"); ``import m``: ()
    in_function: str | None  # the enclosing function's name, if any
    type_only: bool  # inside ``if TYPE_CHECKING:``
    bare: bool  # ``import m`` (binds the top-level package name)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _absolute(module: str, level: int, here: str, is_package: bool) -> str:
    if not level:
        return module
    parts = here.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def _import_module_call(node: ast.AST) -> str | None:
    """``importlib.import_module("x")`` / ``import_module("x")`` with a constant: ``"x"``."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    f = node.func
    named = (isinstance(f, ast.Attribute) and f.attr == "import_module") or (
        isinstance(f, ast.Name) and f.id == "import_module"
    )
    arg = node.args[0]
    if named and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    return None


def imports(tree: ast.AST, here: str, is_package: bool = False) -> Iterator[Import]:
    """Every import of a module's tree, with where it sits."""

    def walk(node: ast.AST, fn: str | None, type_only: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                for a in child.names:
                    yield Import(child.lineno, a.name, (), fn, type_only, True)
            elif isinstance(child, ast.ImportFrom):
                module = _absolute(child.module or "", child.level, here, is_package)
                names = tuple(a.name for a in child.names)
                yield Import(child.lineno, module, names, fn, type_only, False)
            elif (dynamic := _import_module_call(child)) is not None:
                yield Import(child.lineno, dynamic, (), fn, type_only, False)
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                name = getattr(child, "name", "<lambda>")
                yield from walk(child, fn or name, type_only)
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.body:
                    yield from walk(ast.Module(body=[stmt], type_ignores=[]), fn, True)
                for stmt in child.orelse:
                    yield from walk(ast.Module(body=[stmt], type_ignores=[]), fn, type_only)
            elif not isinstance(child, ast.Import | ast.ImportFrom):
                yield from walk(child, fn, type_only)

    yield from walk(tree, None, False)


def _within(module: str, prefixes: Iterable[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _targets(imp: Import, known: frozenset[str]) -> list[str]:
    """The modules an import reaches: ``from pkg import sub`` reaches ``pkg.sub`` when that
    is a module, else ``pkg`` itself."""
    if imp.bare or not imp.names:
        return [imp.module]
    subs = [f"{imp.module}.{n}" for n in imp.names if f"{imp.module}.{n}" in known]
    rest = [n for n in imp.names if f"{imp.module}.{n}" not in known]
    return subs + ([imp.module] if rest else [])


# --------------------------------------------------------------------------- the checkers
def function_imports(here: str, tree: ast.AST, is_package: bool = False) -> list[str]:
    """Rule (a): imports inside a function body, except the named lazy ones."""
    out = []
    for imp in imports(tree, here, is_package):
        if imp.in_function is None:
            continue
        if any(key == here and _within(imp.module, [dep]) for key, dep in LAZY):
            continue
        out.append(f"{here}:{imp.line} imports {imp.module} inside {imp.in_function}()")
    return out


def self_imports(
    here: str, tree: ast.AST, known: frozenset[str], is_package: bool = False
) -> list[str]:
    """Rule (b), first half: a package never imports itself bare, nor names from its own
    ``__init__`` (``from rolkit import get_system``); submodules are fine."""
    top = here.split(".")[0]
    out = []
    for imp in imports(tree, here, is_package):
        if imp.bare and _within(imp.module, [top]):
            out.append(f"{here}:{imp.line} imports {imp.module} bare (binds {top!r})")
        elif not imp.bare and imp.module == top and imp.names and here != top:
            own = [n for n in imp.names if f"{top}.{n}" not in known]
            if own:
                out.append(f"{here}:{imp.line} imports {', '.join(own)} from {top}/__init__")
    return out


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (or a self-loop)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph.get(v, ()):
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def import_graph(trees: Mapping[str, tuple[ast.AST, bool]]) -> dict[str, set[str]]:
    """Module -> the modules of ``trees`` it imports at module level (at run time)."""
    known = frozenset(trees)
    graph: dict[str, set[str]] = {m: set() for m in trees}
    for here, (tree, is_package) in trees.items():
        for imp in imports(tree, here, is_package):
            if imp.in_function is None and not imp.type_only:
                graph[here] |= {t for t in _targets(imp, known) if t in known and t != here}
    return graph


def layer_imports(
    here: str, tree: ast.AST, known: frozenset[str], is_package: bool = False
) -> list[str]:
    """Rule (c): only the display and IPython layers import ``rolkit.display``; only the
    IPython layer imports IPython; rolkit never imports ipywidgets, voila or widgets."""
    if not _within(here, ["rolkit"]) or here in ENTRY:
        return []
    out = []
    for imp in imports(tree, here, is_package):
        for target in _targets(imp, known | {"rolkit.display"}):
            below = not _within(here, DISPLAY_USERS) and here != FRONT_DOOR
            if _within(target, ["rolkit.display"]) and below:
                out.append(f"{here}:{imp.line} imports {target} (display) below the display")
            if _within(target, ["IPython"]) and not _within(here, IPYTHON_USERS):
                out.append(f"{here}:{imp.line} imports {target} outside rolkit.ipython")
            if _within(target, NEVER_IN_ROLKIT):
                out.append(f"{here}:{imp.line} imports {target} (UI) from rolkit")
    return out


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(here: str, tree: ast.AST, is_package: bool = False) -> list[str]:
    """Rule (d): no ``from x import _y`` and no ``import x._y`` (another module's private)."""
    out = []
    for imp in imports(tree, here, is_package):
        hidden = [n for n in imp.names if _private(n)]
        hidden += [p for p in imp.module.split(".") if _private(p)]
        if hidden:
            out.append(f"{here}:{imp.line} imports private {', '.join(hidden)} from {imp.module}")
    return out


# --------------------------------------------------------------------------- the tree
def _module_name(path: Path) -> tuple[str, bool]:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _sources() -> dict[str, tuple[ast.AST, bool, Path]]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name, is_package = _module_name(path)
            out[name] = (ast.parse(path.read_text(encoding="utf-8")), is_package, path)
    return out


SOURCES = _sources()
KNOWN = frozenset(SOURCES)
_PACKAGES = frozenset(m for m, (_, is_package, _) in SOURCES.items() if is_package)


def _folder(module: str) -> str:
    """``rolkit/systems/gore``, ``rolkit/fight``, ``rolkit`` (its top-level modules),
    ``widgets/serve``…: who owns a failure is read from its test id."""
    parts = module.split(".")
    if parts[:2] == ["rolkit", "systems"] and len(parts) > 2:
        return f"rolkit/systems/{parts[2]}"
    package = parts[:2] if len(parts) > 1 and ".".join(parts[:2]) in _PACKAGES else parts[:1]
    return "/".join(package)


FOLDERS = sorted({_folder(m) for m in SOURCES})


def _in(folder: str) -> Iterator[tuple[str, ast.AST, bool]]:
    for name, (tree, is_package, _) in SOURCES.items():
        if _folder(name) == folder:
            yield name, tree, is_package


# --------------------------------------------------------------------------- the rules, per folder
@pytest.mark.parametrize("folder", FOLDERS)
def test_no_import_inside_a_function(folder):
    bad = [v for m, t, p in _in(folder) for v in function_imports(m, t, p)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("folder", FOLDERS)
def test_no_package_imports_itself_bare(folder):
    bad = [v for m, t, p in _in(folder) for v in self_imports(m, t, KNOWN, p)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("folder", FOLDERS)
def test_module_level_imports_form_no_cycle(folder):
    graph = import_graph({m: (t, p) for m, (t, p, _) in SOURCES.items()})
    bad = [c for c in cycles(graph) if any(_folder(m) == folder for m in c)]
    assert not bad, "\n".join(" → ".join(c) for c in bad)


@pytest.mark.parametrize("folder", FOLDERS)
def test_only_display_and_ipython_import_the_display(folder):
    bad = [v for m, t, p in _in(folder) for v in layer_imports(m, t, KNOWN, p)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("folder", FOLDERS)
def test_no_module_imports_another_modules_private_name(folder):
    bad = [v for m, t, p in _in(folder) for v in private_imports(m, t, p)]
    assert not bad, "\n".join(bad)


def test_every_lazy_exception_is_still_needed():
    """An exception in :data:`LAZY` whose import has gone is removed, not kept "just in case"."""
    used = set()
    for here, dep in LAZY:
        tree, is_package, _ = SOURCES[here]
        if any(i.in_function and _within(i.module, [dep]) for i in imports(tree, here, is_package)):
            used.add((here, dep))
    assert set(LAZY) == used, sorted(set(LAZY) - used)


# --------------------------------------------------------------------------- (e) one layout
def _system_modules(system_id: str) -> frozenset[str]:
    folder = ROOT / "rolkit" / "systems" / system_id
    files = {p.stem for p in folder.glob("*.py")}
    packages = {p.parent.name for p in folder.glob("*/__init__.py")}
    return frozenset(files | packages)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_system_names_its_modules_from_the_one_layout(system_id):
    modules = _system_modules(system_id)
    assert modules <= SYSTEM_LAYOUT, sorted(modules - SYSTEM_LAYOUT)
    attack = ROOT / "rolkit" / "systems" / system_id / "attack"
    if attack.is_dir():
        inside = {p.stem for p in attack.glob("*.py")}
        assert inside <= ATTACK_LAYOUT, sorted(inside - ATTACK_LAYOUT)


def test_the_five_systems_have_the_same_module_set():
    sets = {s: _system_modules(s) for s in SYSTEMS}
    union = frozenset().union(*sets.values())
    missing = {s: sorted(union - m) for s, m in sets.items() if m != union}
    assert not missing, missing


# --------------------------------------------------------------------------- the checkers catch
def _tree(source: str) -> ast.AST:
    return ast.parse(source)


def test_checker_sees_an_import_inside_a_function():
    src = "import os\n\ndef f():\n    import rolkit.fields\n    return os\n"
    assert function_imports("rolkit.planted", _tree(src)) == [
        "rolkit.planted:4 imports rolkit.fields inside f()"
    ]
    method = "class C:\n    def m(self):\n        from rolkit import dice\n"
    assert function_imports("rolkit.planted", _tree(method)) == [
        "rolkit.planted:3 imports rolkit inside m()"
    ]
    dynamic = "import importlib\nload = lambda: importlib.import_module('rolkit.display')\n"
    assert function_imports("rolkit.planted", _tree(dynamic)) == [
        "rolkit.planted:2 imports rolkit.display inside <lambda>()"
    ]


def test_checker_lets_a_named_lazy_dependency_through_and_only_there():
    src = "def frame():\n    import pandas as pd\n    return pd\n"
    assert function_imports("rolkit.analysis", _tree(src)) == []
    assert function_imports("rolkit.model", _tree(src)) == [
        "rolkit.model:2 imports pandas inside frame()"
    ]


def test_checker_sees_a_bare_self_import_and_a_name_from_the_package_init():
    known = frozenset({"rolkit", "rolkit.fields", "rolkit.planted"})
    src = "import rolkit\nimport rolkit.fields\nfrom rolkit import fields, get_system\n"
    assert self_imports("rolkit.planted", _tree(src), known) == [
        "rolkit.planted:1 imports rolkit bare (binds 'rolkit')",
        "rolkit.planted:2 imports rolkit.fields bare (binds 'rolkit')",
        "rolkit.planted:3 imports get_system from rolkit/__init__",
    ]
    assert self_imports("widgets.planted", _tree("import rolkit\n"), known) == []


def test_checker_sees_a_cycle_and_ignores_type_only_and_function_imports():
    trees = {
        "rolkit.a": (_tree("from rolkit.b import x\n"), False),
        "rolkit.b": (_tree("from rolkit import c\n"), False),
        "rolkit.c": (_tree("import rolkit.a\n"), False),
        "rolkit.d": (
            _tree(
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from rolkit.e import y\n"
            ),
            False,
        ),
        "rolkit.e": (
            _tree("from rolkit.d import z\ndef f():\n    from rolkit.d import w\n"),
            False,
        ),
        "rolkit": (_tree("from rolkit.a import x\n"), True),
    }
    assert cycles(import_graph(trees)) == [["rolkit.a", "rolkit.b", "rolkit.c"]]


def test_checker_sees_the_display_below_the_display_and_ui_in_rolkit():
    known = frozenset({"rolkit.display", "rolkit.display.render", "rolkit.fight.odds"})
    src = (
        "from rolkit.display import render\nimport ipywidgets\nfrom widgets.app import App\n"
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from IPython import get_ipython\n"
    )
    assert layer_imports("rolkit.fight.odds", _tree(src), known) == [
        "rolkit.fight.odds:1 imports rolkit.display.render (display) below the display",
        "rolkit.fight.odds:2 imports ipywidgets (UI) from rolkit",
        "rolkit.fight.odds:3 imports widgets.app (UI) from rolkit",
        "rolkit.fight.odds:6 imports IPython outside rolkit.ipython",
    ]
    assert layer_imports("rolkit.ipython.magics", _tree(src.split("\n")[0]), known) == []
    assert (
        layer_imports("rolkit.__main__", _tree("from widgets.serve.cli import main\n"), known) == []
    )


def test_checker_sees_a_private_name_imported_from_another_module():
    src = "from rolkit.display.render import _headline, card\nimport rolkit._impl\nfrom __future__ import annotations\n"
    assert private_imports("rolkit.planted", _tree(src)) == [
        "rolkit.planted:1 imports private _headline from rolkit.display.render",
        "rolkit.planted:2 imports private _impl from rolkit._impl",
    ]


def test_checker_resolves_relative_imports():
    src = "from . import _cache\nfrom ..display import render\n"
    found = [i.module for i in imports(_tree(src), "rolkit.fight.odds")]
    assert found == ["rolkit.fight", "rolkit.display"]
    assert [i.module for i in imports(_tree("from .x import y\n"), "rolkit.fight", True)] == [
        "rolkit.fight.x"
    ]
