"""Suite-wide: no test reads or writes the real user data folder (rosters); ``-m serial``
(the second part of ``make test``) collects only the files that can hold serial tests."""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

#: the marker of the tests ``make test`` runs after the rest (pyproject.toml)
SERIAL = "serial"


def _is_test_file(path: Path) -> bool:
    return path.suffix == ".py" and (
        path.name.startswith("test_") or path.name.endswith("_test.py")
    )


_SAYS_SERIAL: dict[Path, bool] = {}  # each test file read once


def _says_serial(path: Path) -> bool:
    if path not in _SAYS_SERIAL:
        _SAYS_SERIAL[path] = SERIAL in path.read_text(encoding="utf-8", errors="replace")
    return _SAYS_SERIAL[path]


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under ``-m serial`` a test file that never says «serial» is not imported: it cannot
    hold a serial test (the guard below keeps that true), and importing the whole suite to
    deselect it cost ~20 s of CPU. None leaves every other file and run to pytest (a False
    would overrule an ``--ignore`` of a serial file: make test's last part ignores one)."""
    if (config.option.markexpr or "").strip() != SERIAL or not _is_test_file(collection_path):
        return None
    return True if not _says_serial(collection_path) else None


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> Generator[None, None, None]:
    """The guard, before every other hook: a test marked serial (its function, class or
    module) lives in a file whose text says «serial»; one marked another way (a conftest
    hook, a mark imported under another name) would be skipped by both parts of
    ``make test``, so the run stops. On an xdist worker, after every other hook, the files'
    order (:func:`_workload_order`): pytest's own reordering by parametrized fixtures
    (Playwright's session-wide ``browser_name``) otherwise runs last and moved the one
    browser-part file without it, the JupyterHub test, to the end."""
    hidden = sorted(
        item.nodeid
        for item in items
        if item.get_closest_marker(SERIAL) is not None and not _says_serial(Path(item.path))
    )
    if hidden:
        raise pytest.UsageError(
            f"marked {SERIAL} but their file never says «{SERIAL}», so `-m {SERIAL}` would "
            f"not collect them (tests/conftest.py): {', '.join(hidden[:10])}"
        )
    result = yield
    if hasattr(config, "workerinput"):  # an xdist worker (make test: --no-loadscope-reorder)
        _workload_order(items)
    return result


#: test files that share work done in their process, each mapped to the file whose xdist
#: worker runs it too (``--dist loadfile`` would otherwise hand them to either worker): the
#: notebooks test_examples.py and test_gm_reference.py execute are the pages test_docs.py
#: renders (tests/notebooks/runs.py runs each once per process)
SHARED_FILES = {
    "tests/notebooks/test_docs.py": "tests/notebooks/test_examples.py",
    "tests/notebooks/test_gm_reference.py": "tests/notebooks/test_examples.py",
}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """Under ``--dist loadfile`` (make test), the files of :data:`SHARED_FILES` go to one
    worker as one unit of work; any other mode is left to xdist."""
    if config.getvalue("dist") != "loadfile":
        return None
    missing = [
        p for p in {*SHARED_FILES, *SHARED_FILES.values()} if not (config.rootpath / p).is_file()
    ]
    if missing:  # a renamed file would silently run its notebooks twice again
        raise pytest.UsageError(f"SHARED_FILES names no such file (tests/conftest.py): {missing}")
    missing = [p for p in HEAVY_FIRST if not (config.rootpath / p).is_file()]
    if missing:  # a renamed file would silently go back to the end of the run
        raise pytest.UsageError(f"HEAVY_FIRST names no such file (tests/conftest.py): {missing}")
    from xdist.scheduler import LoadFileScheduling

    class SharedFileScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = super()._split_scope(nodeid)
            return SHARED_FILES.get(path, path)

    return SharedFileScheduling(config, log)  # type: ignore[arg-type]


#: folders whose files are few tests of long runs (a kernel per notebook or per dashboard):
#: handed to the workers first, so that the run does not end on one of them alone
SLOW_FIRST = ("notebooks", "widgets")

#: the browser part's files (``make test``'s second part: each a long run of page loads and
#: kernel waits), longest first: by their number of tests the JupyterHub test (a hub and two
#: users' servers to start) came last and ran alone for ~40-80 s while the other worker had
#: ended (a run of 2026-12-03, wall per file under load: display 210 s, the 420 px sweep
#: 170 s, dashboard 166 s, issue 10 120 s, hub 103 s, JupyterLab 82 s, players 51 s, link
#: 38 s, GM tabs 34 s, roster 26 s)
BROWSER_FIRST = (
    "tests/browser/test_display_browser.py",
    "tests/browser/test_display_narrow_browser.py",
    "tests/browser/test_dashboard_browser.py",
    "tests/browser/test_issue10_browser.py",
    "tests/security/test_sec_jupyterhub.py",
    "tests/browser/test_jupyterlab_dark.py",
    "tests/browser/test_fight_players_browser.py",
    "tests/browser/test_link_copy_browser.py",
    "tests/browser/test_gm_tabs_browser.py",
    "tests/browser/test_roster_browser.py",
)

#: other files of few tests but long runs (exact solves), heaviest first: handed out right
#: after the SLOW_FIRST folders. Ordered by their number of tests they came last, and the
#: part ended on one of them alone (CI of 2026-12-03, per file: the compact duel 284 s, the
#: Tierkreis turn marks 101 s, the Ashes of War blow reads 96 s, ...; a run of session 37,
#: CPU per file: the turn memo 40 s and the compact samples 27 s, each handed out with
#: ~40 s of CPU left per worker; the party bounds 9 s and the iri grammar's three server
#: starts, 24 s of wall for 6 s of CPU, among the last files)
HEAVY_FIRST = (
    "tests/core/fight/test_turn_memo.py",
    "tests/systems/ashes_of_war/test_sample_compact.py",
    "tests/systems/ashes_of_war/test_compact_duel.py",
    "tests/systems/tierkreis/test_turn_marks.py",
    "tests/systems/ashes_of_war/test_blow_reads.py",
    "tests/core/fight/test_party_bounds.py",
    "tests/install/test_iri_grammar.py",
    "tests/core/test_sweep_dask.py",
    "tests/security/test_sec_widgets_limits.py",
    "tests/core/fight/test_best_move.py",
    "tests/core/test_readme.py",
    "tests/core/fight/test_options.py",
    "tests/core/fight/test_layout.py",
    "tests/systems/gore/test_oracle.py",
    "tests/core/fight/test_simulate_speed.py",
    *BROWSER_FIRST,
)


def _workload_order(items: list[pytest.Item]) -> None:
    """Files of SLOW_FIRST first, then those of HEAVY_FIRST in its order, then the rest by
    number of tests (xdist's own guess of a file's weight), each file's tests in their
    order: the same on every worker."""
    counts: dict[Path, int] = {}
    for item in items:
        counts[Path(item.path)] = counts.get(Path(item.path), 0) + 1
    root = items[0].config.rootpath if items else Path()
    heavy = {root / p: i for i, p in enumerate(HEAVY_FIRST)}

    def key(item: pytest.Item) -> tuple[int, int, int, str]:
        path = Path(item.path)
        folder = path.parent.name
        rank = SLOW_FIRST.index(folder) if folder in SLOW_FIRST else len(SLOW_FIRST)
        if rank == len(SLOW_FIRST) and path in heavy:
            return rank, heavy[path], 0, str(path)
        return rank, len(heavy), -counts[path], str(path)

    items.sort(key=key)  # stable: a file's tests keep their order


@pytest.fixture(scope="session", autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``ROLKIT_DATA_DIR`` in a temporary folder for the whole run (servers and kernels the
    tests start inherit it); a test that needs its own sets it again with monkeypatch."""
    old = os.environ.get("ROLKIT_DATA_DIR")
    os.environ["ROLKIT_DATA_DIR"] = str(tmp_path_factory.mktemp("rolkit-data"))
    yield
    if old is None:
        os.environ.pop("ROLKIT_DATA_DIR", None)
    else:
        os.environ["ROLKIT_DATA_DIR"] = old
