"""``rolkit dashboard``'s options, token policy and log filter, and ``make dashboard`` calling it
(no server started here: tests/install/test_wheel_install.py serves)."""

from __future__ import annotations

import logging
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from widgets.serve.announce import QuietFilter, dashboard_url
from widgets.serve.cli import TOKEN_ENV, choose_token, is_loopback, notebook_path, parse_args
from widgets.serve.cli import voila_argv as argv_of

ROOT = Path(__file__).resolve().parents[2]


def _argv(*options: str, token: str = "") -> list[str]:
    args, extra = parse_args(["dashboard", *options])
    return argv_of(args, token, extra)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
def test_loopback_hosts(host):
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.5", "example.org", ""])
def test_other_hosts_are_not_loopback(host):
    assert not is_loopback(host)


def test_token_policy(monkeypatch):
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    assert choose_token("127.0.0.1", None) == ""  # loopback: no token needed
    generated = {choose_token("0.0.0.0", None) for _ in range(3)}
    assert len(generated) == 3 and all(re.fullmatch(r"[0-9a-f]{32}", t) for t in generated)
    assert choose_token("0.0.0.0", "s3cret") == "s3cret"
    monkeypatch.setenv(TOKEN_ENV, "from-env")
    assert choose_token("0.0.0.0", None) == "from-env"
    assert choose_token("127.0.0.1", None) == "from-env"


def test_dashboard_options_are_make_dashboards_hardening():
    argv = _argv("--port", "9000", "--pool", "4", "--sessions", "6", "--idle", "900")
    assert Path(argv[0]) == notebook_path() and argv[0].endswith("notebooks/dashboard.ipynb")
    for option in (
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        "--port=9000",
        "--Voila.port_retries=0",
        "--preheat_kernel=True",
        "--pool_size=4",
        "--BoundedKernelManager.max_sessions=6",
        "--MappingKernelManager.cull_idle_timeout=900",
        "--MappingKernelManager.cull_interval=60",
    ):
        assert option in argv, option
    assert not [a for a in argv if a.startswith("--token")]
    assert "--token=abc" in _argv("--host", "0.0.0.0", token="abc")
    assert not [a for a in _argv("--pool", "0") if "preheat" in a or "pool_size" in a]
    assert _argv("--MappingKernelManager.cull_interval=30")[-1].endswith("=30")


@pytest.mark.parametrize(
    "options",
    [
        ["/etc/passwd"],
        ["--no-such-option"],
        ["--pool", "-1"],
        ["--sessions", "0"],
        ["x", "--Voila.a=1"],
    ],
)
def test_bad_options_are_refused(options, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(["dashboard", *options])
    assert stop.value.code == 2


def test_rolkit_without_a_command_prints_help(capsys):
    args, _ = parse_args([])
    assert args.command is None and "dashboard" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("host", "token", "url"),
    [
        ("127.0.0.1", "", "http://127.0.0.1:8866/"),
        ("0.0.0.0", "abc", "http://127.0.0.1:8866/?token=abc"),
        ("::1", "", "http://[::1]:8866/"),
        ("192.168.1.5", "t", "http://192.168.1.5:8866/?token=t"),
    ],
)
def test_dashboard_url(host, token, url):
    assert dashboard_url(host, 8866, token) == url


def _record(msg: str, *args: object, level: int = logging.WARNING) -> logging.LogRecord:
    return logging.LogRecord("Voila", level, __file__, 1, msg, args, None)


def test_quiet_filter_drops_per_visitor_noise_only():
    quiet = QuietFilter()
    assert not quiet.filter(_record("Notebook %s is not trusted", "dashboard.ipynb"))
    assert not quiet.filter(_record("Voilà is running at:\n%s", "http://localhost:8866/"))
    assert not quiet.filter(_record("The websocket_ping_timeout (90000) cannot be longer …"))
    assert not quiet.filter(_record("Using /tmp to store connection files"))  # %-formatted
    for kept in ("a pool kernel for %s failed to start", "Kernel started: %s", "Culling %s"):
        assert quiet.filter(_record(kept, "x"))
    assert quiet.filter(_record("Notebook %s is not trusted %s", "x"))  # malformed: shown


def test_make_dashboard_runs_the_cli_with_the_token_off_its_command_line():
    out = subprocess.run(
        ["make", "-n", "-C", str(ROOT), "dashboard", "HOST=0.0.0.0", "TOKEN=s3cret-xyz"],
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert re.search(r"-m rolkit dashboard --host 0\.0\.0\.0 --port 8866 --pool 10", out), out
    assert "--sessions 12 --idle 600" in out, out
    assert "s3cret-xyz" not in out  # passed in the environment, not visible in ps


def test_pyproject_uses_the_modern_fields():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["license"] == "MIT"  # an SPDX string, not the deprecated table
    assert project["project"]["scripts"] == {"rolkit": "widgets.serve.cli:main"}
    assert project["build-system"]["requires"] == ["setuptools>=77"]  # 77: SPDX license


def test_kernels_use_unix_sockets_when_the_runtime_folder_leaves_room():
    """Unix sockets (not loopback TCP ports) unless the socket's path would pass the
    107-character limit, where ZMQ refuses the bind and no kernel would start."""
    from widgets.serve.app import kernel_transport

    assert kernel_transport("/root/.local/share/jupyter/runtime") == "ipc"
    assert kernel_transport("/tmp/" + "x" * 60) == "tcp"
