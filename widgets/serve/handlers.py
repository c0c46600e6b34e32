"""Handler classes that replace Voilà's where they crash, leak or skip authentication.

* :class:`DashboardPageHandler` (the notebook page): answers 503 with :data:`BUSY_PAGE`
  past the kernel cap or past the client's share of it
  (:attr:`widgets.serve.limits.ServeLimits.sessions_per_client`), and sets the ``_xsrf``
  cookie so the page's ``beforeunload`` beacon to ``/voila/api/shutdown/<id>`` is accepted
  (Voilà 0.5.13 never sets it, so every beacon got ``403 _xsrf missing`` and closed tabs
  kept their kernels); the page carries
  :data:`widgets.serve.pages.IDLE_NOTICE_SCRIPT`, so a tab whose kernel was culled says so and
  offers to reload; when the page is sent, the kernel manager is told
  (``page_served``), so its time to connect starts then.
* :class:`AuthenticatedRequestInfoHandler`: ``/voila/query/<id>`` with the token check
  every other websocket has (upstream it accepts anyone).
* :class:`PlainLogoutHandler`: ``/logout`` clears the cookie and answers a page (upstream
  renders a template Voilà does not ship: 500).
* :class:`PlainErrorsMixin`: every error page is :func:`widgets.serve.pages.error_page`.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from jupyter_server.auth.decorator import allow_unauthenticated, ws_authenticated
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin
from tornado import web
from tornado.websocket import WebSocketHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler

from .limits import client_key
from .logs import Notice
from .pages import BUSY_PAGE, LOGGED_OUT_PAGE, error_page, with_idle_notice

_KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')

__all__ = [
    "AuthenticatedRequestInfoHandler",
    "DashboardPageHandler",
    "PlainErrorsMixin",
    "PlainLogoutHandler",
    "with_plain_errors",
]


class PlainErrorsMixin:
    """Error pages that name the status and nothing else (upstream's ``error.html`` is not
    shipped by Voilà, so its ``write_error`` itself raised). A file handler that chokes on a
    malformed path (Voilà's template handler raises ``ValueError``) answers 404."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(self, web.StaticFileHandler) and not isinstance(exc, web.HTTPError):
            status_code = 404
            self.set_status(404)  # type: ignore[attr-defined]  # mixin of tornado's RequestHandler (untyped upstream)
        if status_code in (429, 503):  # a cap: worth trying again later
            self.set_header("Retry-After", "30")  # type: ignore[attr-defined]  # mixin of tornado's RequestHandler (untyped upstream)
        self.set_header("Content-Type", "text/html; charset=utf-8")  # type: ignore[attr-defined]  # mixin of tornado's RequestHandler (untyped upstream)
        self.finish(error_page(status_code))  # type: ignore[attr-defined]  # mixin of tornado's RequestHandler (untyped upstream)


def with_plain_errors(cls: type) -> type:
    """``cls`` with :class:`PlainErrorsMixin` in front (websocket and JSON API handlers,
    whose errors carry no page, are returned unchanged)."""
    if (
        not isinstance(cls, type)
        or not issubclass(cls, web.RequestHandler)
        or issubclass(cls, (APIHandler, PlainErrorsMixin))
        or (issubclass(cls, WebSocketHandler) and not issubclass(cls, JupyterHandler))
    ):
        return cls
    return type(cls.__name__, (PlainErrorsMixin, cls), {"__module__": __name__})


class DashboardPageHandler(PlainErrorsMixin, TornadoVoilaHandler):
    """The dashboard page: busy past the cap or past the client's share of it, and the
    xsrf cookie for the unload beacon."""

    _busy_notices: dict[str, Notice] = {}

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        manager = self.kernel_manager
        at_capacity = getattr(manager, "at_capacity", None)
        if at_capacity is not None and at_capacity():
            self._busy("kernel cap reached")
            return
        claim_session = getattr(manager, "claim_session", None)
        claim = claim_session(client_key(self.request.remote_ip)) if claim_session else True
        if claim is None:
            self._busy("one client's session cap reached (ServeLimits.sessions_per_client)")
            return
        self.xsrf_token  # noqa: B018 - reading it sets the _xsrf cookie the beacon sends
        injected, kernel_id = False, None
        try:
            async for html in self.get_generator(path=path):  # TornadoVoilaHandler.get, plus
                if not injected:  # the idle notice's script at the top of the page
                    html, injected = with_idle_notice(html)
                if kernel_id is None:
                    found = _KERNEL_ID.search(html)
                    kernel_id = found.group(1) if found else None
                self.write(html)
                self.flush()
        finally:  # the page has its kernel: the time it has to connect starts now
            if claim is not True:
                manager.settle_claim(claim, kernel_id)
            page_served = getattr(manager, "page_served", None)
            if kernel_id is not None and page_served is not None:
                page_served(kernel_id)

    def _busy(self, why: str) -> None:
        """The plain 503 "Ocupado (busy), try again" page."""
        notice = self._busy_notices.setdefault(
            why, Notice(logging.getLogger("widgets.serve.limits"), interval=10.0)
        )
        notice.note("%s: busy page served", why)
        self.set_status(503)
        self.set_header("Retry-After", "30")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(BUSY_PAGE)


class AuthenticatedRequestInfoHandler(WebSocketMixin, RequestInfoSocketHandler, JupyterHandler):
    """Voilà's request-info websocket, behind the same token check as the kernel socket."""

    def set_default_headers(self) -> None:
        """No JupyterHandler headers on a websocket (as jupyter_server's kernel socket)."""

    @ws_authenticated
    async def get(self, *args: Any, **kwargs: Any) -> None:
        await super().get(*args, **kwargs)  # type: ignore[misc]  # mixin of tornado's RequestHandler (untyped upstream)

    def on_close(self) -> None:
        if self in RequestInfoSocketHandler._waiters.values():
            super().on_close()


class PlainLogoutHandler(PlainErrorsMixin, JupyterHandler):
    """``/logout``: clear the login cookie, answer a plain page."""

    @allow_unauthenticated
    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(LOGGED_OUT_PAGE)
