"""Every server start keeps ``rfc3987_syntax`` out (:func:`widgets.voila_query.keep_out_iri_grammar`:
jsonschema would build its Lark grammar, ~2 s of CPU, for formats no served schema uses):
``python -m widgets.serve``, ``rolkit dashboard`` and the test harness's Voilà and JupyterLab.
Each check runs the entry in a fresh Python and reads its ``sys.modules`` at exit, after
Voilà's stack (jsonschema included) was imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.harness import server_entry

ROOT = Path(__file__).resolve().parents[2]

#: prepended to the code run: at exit, print whether jsonschema was imported and what
#: ``sys.modules`` holds for rfc3987_syntax (None: kept out; absent: never asked for)
REPORT = (
    "import atexit, json, sys\n"
    "atexit.register(lambda: print('\\nREPORT', json.dumps(['jsonschema' in sys.modules, "
    "repr(sys.modules.get('rfc3987_syntax', 'absent'))])))\n"
)


def _report(code: str, *argv: str) -> tuple[bool, str]:
    done = subprocess.run(
        [sys.executable, "-c", REPORT + code, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    line = [x for x in done.stdout.splitlines() if x.startswith("REPORT ")]
    assert line, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    jsonschema_loaded, rfc = json.loads(line[-1][len("REPORT ") :])
    return jsonschema_loaded, rfc


def test_python_m_widgets_serve_keeps_it_out():
    code = "import runpy; sys.argv[0] = 'widgets.serve'; runpy.run_module('widgets.serve', run_name='__main__')"
    assert _report(code, "--help") == (True, "None")


def test_rolkit_dashboard_keeps_it_out_before_voila_is_imported():
    """``rolkit dashboard``'s main, up to the server (a stand-in for ``serve`` that imports
    what the real one does, Voilà's app, and returns)."""
    code = (
        "import types\n"
        "fake = types.ModuleType('widgets.serve.announce')\n"
        "def serve(argv, token):\n"
        "    import voila.app, jupyter_events.logger\n"
        "    return 0\n"
        "fake.serve = serve\n"
        "sys.modules['widgets.serve.announce'] = fake\n"
        "from widgets.serve.cli import main\n"
        "main(['dashboard'])\n"
    )
    assert _report(code) == (True, "None")


def test_the_harness_servers_keep_it_out():
    """Its Voilà (and, by the same function, its JupyterLab)."""
    command = server_entry("voila.app:main")
    assert command[:2] == [sys.executable, "-c"], command
    assert _report(command[2], "--help") == (True, "None")


def test_a_hub_users_server_keeps_it_out():
    """``deploy/jupyterhub``'s user servers (``Spawner.cmd``: ``python -m
    widgets.serve.singleuser``), up to jupyter_server's stack."""
    code = (
        "import runpy\n"
        "runpy.run_module('widgets.serve.singleuser', run_name='not_main')\n"
        "import jupyter_server.serverapp, jupyter_events.logger\n"
    )
    assert _report(code) == (True, "None")
