"""A JupyterHub single-user server that serves the dashboard and nothing else.

Enable it as the server's only rolkit extension (``deploy/jupyterhub/jupyterhub_config.py``)::

    --ServerApp.jpserver_extensions="{'widgets.serve.hub': True, 'voila.server_extension': False}"
    --ServerApp.reraise_server_extension_failures=True

It loads :mod:`widgets.serve.extension` (Voilà's pages with rolkit's handlers), then

* gives the kernel manager Voilà's ``allowed_message_types`` (:data:`DASHBOARD_MESSAGES`,
  what ``python -m widgets.serve`` allows): the validated websocket connection closes a
  kernel socket on any other message (execute, inspect, complete, history, debug, stdin);
* puts a guard in front of every route: a request reaches a handler only when its method and
  raw path (below the server's ``base_url``) are in :data:`OPEN_ROUTES` — the dashboard page
  (the server's ``default_url`` only), Voilà's static files, the page's own kernel (its model
  and its websocket), the close-tab beacon, and the hub's OAuth callback, logout and ``api``
  (the hub's readiness check). Everything else — the kernels, sessions, contents, terminals,
  kernelspecs, config and events APIs, ``/files/``, ``/nbconvert/``, Voilà's tree, file and
  contents routes, any other notebook — answers the plain 404 page, whatever the credentials.

It also makes the served folder the working directory before Voilà's extension loads (Voilà
reads and runs ``voila.py`` from there; the spawners start servers in the user's home).
``reraise_server_extension_failures`` matters: if this extension failed to load, jupyter_server
would otherwise log it and serve every route open.
"""

from __future__ import annotations

import os
import re
from typing import Any
from urllib.parse import quote, unquote

from tornado import httputil, web
from tornado.routing import Matcher, Rule

from . import extension
from .netlimits import limit_server_app
from .pages import error_page

__all__ = [
    "DASHBOARD_MESSAGES",
    "close_routes",
    "OPEN_ROUTES",
    "ClosedRouteHandler",
    "load_jupyter_server_extension",
]

#: The message types a dashboard page sends its kernel: Voilà's ``allowed_message_types``
#: (voila/app.py, 0.5.13), which ``python -m widgets.serve`` uses.
DASHBOARD_MESSAGES = (
    "comm_open",
    "comm_close",
    "comm_msg",
    "comm_info_request",
    "kernel_info_request",
    "shutdown_request",
)

_KERNEL = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_SEGMENT = r"[A-Za-z0-9_@~+-][A-Za-z0-9._@~+-]*"  # no "%", no "..", no "//", no dot-file
_FILE = rf"{_SEGMENT}(?:/{_SEGMENT})*"

#: ``(methods, pattern)``: what a user's browser may ask of its server, below ``base_url``.
#: ``{notebook}`` is the served notebook (the server's ``default_url``).
OPEN_ROUTES: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"GET", "HEAD"}), r""),  # redirects to the dashboard
    (frozenset({"GET", "HEAD"}), r"voila/render/{notebook}"),
    (frozenset({"GET", "HEAD"}), rf"voila/(?:static|templates|labextensions|api/themes)/{_FILE}"),
    (frozenset({"POST"}), rf"voila/api/shutdown/{_KERNEL}"),  # the close-tab beacon
    (frozenset({"GET"}), rf"api/kernels/{_KERNEL}"),  # the page's kernel model, idle notice
    (frozenset({"GET"}), rf"api/kernels/{_KERNEL}/channels"),  # its websocket
    (frozenset({"GET"}), r"api"),  # the hub's readiness check (versions only)
    (frozenset({"GET"}), r"oauth_callback"),  # the hub's login
    (frozenset({"GET"}), r"logout"),
)


class OpenRoutes(Matcher):
    """Matches every request that is NOT on the open routes (so the guard answers it)."""

    def __init__(self, base_url: str, notebook: str) -> None:
        self.base_url = base_url
        self.routes = [
            (methods, re.compile(pattern.replace("{notebook}", re.escape(notebook))))
            for methods, pattern in OPEN_ROUTES
        ]

    def is_open(self, method: str, path: str) -> bool:
        if not path.startswith(self.base_url):
            return False
        rest = path[len(self.base_url) :]
        return any(method in methods and rx.fullmatch(rest) for methods, rx in self.routes)

    def match(self, request: httputil.HTTPServerRequest) -> dict[str, Any] | None:
        return None if self.is_open(request.method or "", request.path) else {}


class ClosedRouteHandler(web.RequestHandler):
    """Any method, any closed path: the plain 404 page, before any other check."""

    def check_xsrf_cookie(self) -> None:  # nothing is done here, so nothing to protect
        return None

    def prepare(self) -> None:
        self.set_status(404)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(error_page(404))


def _served_notebook(settings: dict[str, Any]) -> str:
    """The raw (URL-quoted) path of the one notebook served: the server's ``default_url``."""
    base, default = settings["base_url"], settings.get("default_url", "")
    prefix = base + "voila/render/"
    if not default.startswith(prefix) or len(default) == len(prefix):
        raise RuntimeError("widgets.serve.hub needs --Spawner.default_url=/voila/render/<notebook>")
    return quote(unquote(default[len(prefix) :]))


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "widgets.serve.hub"}]


def close_routes(web_app: web.Application) -> OpenRoutes:
    """Put the guard in front of every route of ``web_app`` (a jupyter_server app)."""
    settings = web_app.settings
    guard = OpenRoutes(settings["base_url"], _served_notebook(settings))
    router = web_app.default_router
    router.rules.insert(0, router.process_rule(Rule(guard, ClosedRouteHandler)))
    return guard


def _load_jupyter_server_extension(server_app: Any) -> None:
    # Voilà's extension reads (and runs) voila.py / voila.json from the working directory,
    # which the hub's spawners set to the user's home: read them from the served folder
    os.chdir(server_app.root_dir)
    extension.load_jupyter_server_extension(server_app)
    server_app.kernel_manager.allowed_message_types = list(DASHBOARD_MESSAGES)
    close_routes(server_app.web_app)
    # the header timeout, connection caps and EMFILE pause of `rolkit dashboard` (the
    # kernel-socket and session caps live in the connection and kernel classes already)
    limit_server_app(server_app)
    server_app.log.info(
        "rolkit hub server (widgets.serve.hub): only %s and its widget traffic are served",
        server_app.web_app.settings["default_url"],
    )


load_jupyter_server_extension = _load_jupyter_server_extension
