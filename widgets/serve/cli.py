"""``rolkit dashboard``: serve the dashboard with rolkit's serving layer, in one command.

The console script ``rolkit`` (``[project.scripts]``), ``python -m rolkit`` and
``make dashboard`` all run :func:`main`. ``rolkit dashboard`` serves the dashboard notebook
installed with the package (:func:`notebook_path`) through
:class:`widgets.serve.app.RolkitVoila` (validated frames, scrubbed replies, bounded kernels)
with the options ``make dashboard`` always passed: a preheated pool, a session cap and idle
culling. It prints the URL once the page will load (:mod:`widgets.serve.announce`).

Token policy: on a loopback host no token is needed (the server is reachable from this
machine only). On any other host a token is always required: ``--token`` (or the
environment variable :data:`TOKEN_ENV`, which keeps it out of ``ps``), else a random one is
generated and printed in the URL. A token on a non-loopback host is never optional.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import re
import secrets
import sys
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path

from widgets.voila_query import keep_out_iri_grammar

__all__ = [
    "TOKEN_ENV",
    "build_parser",
    "choose_token",
    "is_loopback",
    "main",
    "notebook_path",
    "parse_args",
    "voila_argv",
]

#: environment variable read when ``--token`` is not given (``make dashboard TOKEN=…`` sets it)
TOKEN_ENV = "ROLKIT_DASHBOARD_TOKEN"
#: a pass-through option for Voilà or one of its classes: ``--Class.trait=value``
_TRAIT_OPTION = re.compile(r"^--[A-Za-z_][\w]*\.[A-Za-z_]\w*=.*$", re.DOTALL)


def notebook_path(name: str = "dashboard.ipynb") -> Path:
    """The notebook ``name`` shipped as package data of :mod:`widgets` (``widgets/notebooks``:
    in a checkout a symlink to the repository's ``notebooks/`` folder, in a wheel real files)."""
    path = Path(str(resources.files("widgets") / "notebooks" / name))
    if not path.is_file():
        raise FileNotFoundError(f"rolkit's notebook {name} is not installed: reinstall rolkit")
    return path


def is_loopback(host: str) -> bool:
    """True when ``host`` is reachable from this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _at_least(low: int) -> Callable[[str], int]:
    """An argparse type: an integer of at least ``low``."""

    def check(text: str) -> int:
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, got {value}")
        return value

    return check


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rolkit",
        description="rolkit: a rules assistant for tabletop RPGs. "
        "`rolkit dashboard` serves the web dashboard.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    dash = commands.add_parser(
        "dashboard",
        help="serve the web dashboard (Voilà with rolkit's hardening)",
        description="Serve the rolkit dashboard. The URL is printed when the page will load. "
        "Extra Voilà options may follow as --Class.trait=value.",
    )
    dash.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    dash.add_argument("--port", type=int, default=8866, help="port to listen on (8866)")
    dash.add_argument(
        "--token",
        default=None,
        help=f"access token (or ${TOKEN_ENV}); required off loopback: "
        "a random one is generated if none is given",
    )
    dash.add_argument(
        "--pool",
        type=_at_least(0),
        default=10,
        help="preheated kernels waiting for visitors (10; 0 turns preheating off)",
    )
    dash.add_argument(
        "--sessions",
        type=_at_least(1),
        default=12,
        help="most dashboards in use at once; past it a visitor gets a 'busy' page (12)",
    )
    dash.add_argument(
        "--idle",
        type=_at_least(1),
        default=600,
        help="seconds before an idle tab's kernel is culled",
    )
    return parser


def choose_token(host: str, given: str | None) -> str:
    """The token to serve with: the given one, else none on loopback, else a random one."""
    token = given if given is not None else os.environ.get(TOKEN_ENV, "")
    if not token and not is_loopback(host):
        token = secrets.token_hex(16)
    return token


def voila_argv(args: argparse.Namespace, token: str, extra: Sequence[str] = ()) -> list[str]:
    """The Voilà command line of ``rolkit dashboard`` (what ``make dashboard`` used to pass)."""
    argv = [
        str(notebook_path()),
        "--no-browser",
        f"--Voila.ip={args.host}",
        f"--port={args.port}",
        "--Voila.port_retries=0",  # the port asked for, or a plain error: never another one
        f"--BoundedKernelManager.max_sessions={args.sessions}",
        f"--MappingKernelManager.cull_idle_timeout={args.idle}",
        "--MappingKernelManager.cull_interval=60",
    ]
    if args.pool:
        argv += ["--preheat_kernel=True", f"--pool_size={args.pool}"]
    if token:
        argv.append(f"--token={token}")
    return [*argv, *extra]


def parse_args(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]]:
    """The options, and the extra ``--Class.trait=value`` options for Voilà; anything else
    (a path, a stray word) is an error (exit status 2)."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    bad = [option for option in extra if not _TRAIT_OPTION.match(option)]
    if bad or (extra and args.command is None):
        parser.error(f"unrecognized arguments: {' '.join(bad or extra)}")
    if args.command is None:
        parser.print_help()
    return args, extra


def main(argv: Sequence[str] | None = None) -> int:
    """``rolkit COMMAND …``; returns the exit status (``rolkit`` with no command: help)."""
    args, extra = parse_args(argv)
    if args.command is None:
        return 0
    token = choose_token(args.host, args.token)
    # at once: importing Voilà and its stack takes seconds (tens on a busy machine)
    print("rolkit dashboard: starting (the URL follows when the page will load)...", flush=True)
    keep_out_iri_grammar()  # before Voilà's stack imports jsonschema (~2 s of CPU less)
    from widgets.serve.announce import serve  # Voilà is imported only to serve

    return serve(voila_argv(args, token, extra), token=token)


if __name__ == "__main__":
    sys.exit(main())
