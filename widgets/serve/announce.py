"""The dashboard's URL printed when the page will load, and a terminal without per-visitor noise.

:class:`DashboardApp` is :class:`widgets.serve.app.RolkitVoila` for ``rolkit dashboard``:

* Voilà logs "Voilà is running at: …" as soon as it listens, long before the first
  preheated kernel has run the notebook (the page would hang for many seconds). That line is
  dropped; :meth:`DashboardApp.announce_when_ready` prints ``rolkit dashboard: <url>`` on
  stdout once the server listens **and** a pooled kernel has pre-rendered the dashboard
  (with preheating off: once it listens). If no kernel is ready after
  :data:`READY_PATIENCE` seconds the URL is printed anyway, saying the page may be slow.
* :class:`QuietFilter` drops, from every handler of the server's log, the lines each
  visitor would add that say nothing an operator can act on: "Notebook … is not trusted"
  (Voilà serves rolkit's own notebook, whose outputs are produced by the server; trust
  only matters to JupyterLab's front end), the startup lines that repeat the URL too
  early, and tornado's notice at the first visitor that jupyter_server's default ping
  timeout is longer than its ping interval (tornado uses the interval). Everything else (warnings, errors, the kernel pool and culling lines) still shows.
  The kernels' "running over TCP without encryption" warning is not filtered: its cause is
  removed (kernels on Unix sockets: :func:`widgets.serve.app.kernel_transport`).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Sequence
from typing import Any

from tornado.ioloop import IOLoop

from .app import RolkitVoila

__all__ = ["READY_PATIENCE", "DashboardApp", "QuietFilter", "dashboard_url", "serve"]

#: seconds to wait for a pooled kernel before printing the URL anyway
READY_PATIENCE = 240.0
#: log lines (their start, once formatted) that are per-visitor or premature noise
QUIET_MESSAGES = re.compile(
    r"Notebook .* is not trusted"
    r"|Voilà is running at:"  # printed by rolkit when the page will load instead
    r"|Storing connection files in |Using .* to store connection files"
    r"|Serving static files from "
    r"|The websocket_ping_timeout \(",  # tornado, at the first visitor: jupyter_server's defaults
    re.DOTALL,
)


class QuietFilter(logging.Filter):
    """Drops log records whose message starts like one of :data:`QUIET_MESSAGES`."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a malformed record is shown, never hidden
            return True
        return not QUIET_MESSAGES.match(message)


def dashboard_url(host: str, port: int, token: str) -> str:
    """The URL to open: loopback for a wildcard host, brackets around an IPv6 literal."""
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}/" + (f"?token={token}" if token else "")


class DashboardApp(RolkitVoila):
    """RolkitVoila that prints its URL when the page will load (see the module docstring)."""

    name = "rolkit-dashboard"
    url_token = ""  # the token put in the printed URL (set by serve())

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        quiet = QuietFilter()
        for logger in (self.log, logging.getLogger()):
            for handler in getattr(logger, "handlers", []):
                handler.addFilter(quiet)
        logging.getLogger("tornado.general").addFilter(quiet)  # no handler: Python's last resort

    def start(self) -> None:
        IOLoop.current().add_callback(self.announce_when_ready)
        super().start()

    def page_ready(self) -> bool:
        """True when a visitor's GET is answered at once: with a preheated pool, one of its
        kernels has pre-rendered the notebook; without one, as soon as the server listens."""
        if not self.voila_configuration.preheat_kernel:
            return True
        manager = self.kernel_manager
        pools: dict[Any, list[asyncio.Task[Any]]] = getattr(manager, "_pools", {})
        return any(
            item.done()
            and not item.cancelled()
            and item.exception() is None
            and manager.prerendered(item)
            for pool in pools.values()
            for item in pool
        )

    async def announce_when_ready(self) -> None:
        start = time.monotonic()
        while not self.page_ready():
            if time.monotonic() - start > READY_PATIENCE:
                self.announce("the first kernel is slow to start: the page may take a while")
                return
            await asyncio.sleep(0.1)
        self.announce("")

    def announce(self, note: str) -> None:
        url = dashboard_url(self.ip, self.port, self.url_token)
        line = f"rolkit dashboard: {url}  (Ctrl-C stops it)"
        if self.ip in ("", "0.0.0.0", "::"):
            line += "\n  from another machine: this machine's address in place of 127.0.0.1"
        print(line + (f"\n  note: {note}" if note else ""), flush=True)


def serve(argv: Sequence[str], token: str) -> int:
    """Run the dashboard server with Voilà's command line ``argv`` until Ctrl-C / SIGTERM;
    ``token`` goes in the printed URL."""
    DashboardApp.url_token = token
    app = DashboardApp.instance()
    app.initialize(list(argv))
    app.start()
    return 0
