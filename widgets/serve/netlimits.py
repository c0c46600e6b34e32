"""An HTTP server that drops slow clients, caps open connections and survives EMFILE quietly.

tornado's :class:`~tornado.httpserver.HTTPServer` as Voilà starts it (``app.listen``) waits an
hour for a request's headers, accepts connections until the process runs out of file
descriptors, and then its accept handler (``tornado.netutil.add_accept_handler``) raises
``OSError(EMFILE)`` on every turn of the event loop — the listening socket stays readable —
and asyncio logs each one with a traceback: ~20 000 half-open connections took every fd and
wrote 542 MB of log in under 2 minutes. :class:`LimitedHTTPServer`:

* passes :class:`widgets.serve.limits.ServeLimits`' header timeout (tornado's
  ``idle_connection_timeout``, which bounds the wait for a request's line and headers), body
  timeout and body size to tornado;
* counts the connections it accepted that are still open (websockets included), in all and
  by client address (the TCP peer, :func:`widgets.serve.limits.client_key`), and answers a
  connection past :meth:`~widgets.serve.limits.ServeLimits.connection_cap` or past
  :attr:`~widgets.serve.limits.ServeLimits.connections_per_client` with a bare ``503`` and
  closes it at once;
* on ``EMFILE``/``ENFILE`` (or any other accept error) stops accepting for
  :attr:`~widgets.serve.limits.ServeLimits.accept_pause` seconds instead of spinning, and
  says so in the log once, then in a summary at most once a minute
  (:class:`widgets.serve.logs.Notice`).
"""

from __future__ import annotations

import logging
import socket
import weakref
from collections.abc import Callable, Iterable
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop

from .limits import ServeLimits, client_key, limits_of
from .logs import Notice

#: Connections taken per readiness event, as tornado's own accept loop does (its listen
#: backlog, 128): then the loop runs other work before taking more.
ACCEPTS_PER_WAKEUP = 128

__all__ = ["LimitedHTTPServer", "http_server_options", "limit_server_app", "listen_limited"]

log = logging.getLogger("widgets.serve.net")
_REFUSAL = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Retry-After: 10\r\nConnection: close\r\nContent-Length: 30\r\n\r\n"
    b"Ocupado (busy): try again soon"
)

_CAPS = ("max_connections", "connections_per_client")


def http_server_options(limits: ServeLimits) -> dict[str, Any]:
    """tornado ``HTTPServer`` keyword arguments for ``limits``."""
    return {
        "xheaders": limits.trust_xheaders,
        "idle_connection_timeout": limits.header_timeout or None,
        "body_timeout": limits.body_timeout or None,
        "max_body_size": limits.max_body_size or None,
    }


class LimitedHTTPServer(HTTPServer):
    """See the module docstring; ``max_connections`` 0 = no cap."""

    def initialize(  # type: ignore[override]  # tornado passes the server's options as keywords
        self,
        *args: Any,
        max_connections: int = 0,
        max_per_client: int = 0,
        accept_pause: float = 1.0,
        **kwargs: Any,
    ) -> None:
        super().initialize(*args, **kwargs)
        self.max_connections = max_connections
        self.max_per_client = max_per_client
        self.accept_pause = accept_pause
        self._open: weakref.WeakSet[socket.socket] = weakref.WeakSet()
        self._by_client: dict[str, weakref.WeakSet[socket.socket]] = {}
        self.refused = 0
        self._refused_notices = {cap: Notice(log) for cap in _CAPS}
        self._exhausted_notice = Notice(log)

    def open_connections(self) -> int:
        """Accepted connections not yet closed."""
        for sock in [s for s in list(self._open) if s.fileno() == -1]:
            self._open.discard(sock)
        return len(self._open)

    def add_sockets(self, sockets: Iterable[socket.socket]) -> None:
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = self._accept_on(sock)

    def _over_cap(self) -> bool:
        if self.max_connections <= 0 or len(self._open) < self.max_connections:
            return False
        return self.open_connections() >= self.max_connections

    def _client_over_cap(self, key: str) -> bool:
        if self.max_per_client <= 0:
            return False
        mine = self._by_client.get(key)
        if mine is None or len(mine) < self.max_per_client:
            return False
        for sock in [s for s in list(mine) if s.fileno() == -1]:
            mine.discard(sock)
        return len(mine) >= self.max_per_client

    def _track(self, connection: socket.socket, key: str) -> None:
        self._open.add(connection)
        if self.max_per_client > 0:
            if len(self._by_client) > 4 * self.max_connections + 1024:  # forget the gone
                self._by_client = {k: v for k, v in self._by_client.items() if len(v)}
            self._by_client.setdefault(key, weakref.WeakSet()).add(connection)

    def _refuse(self, connection: socket.socket, cap: str) -> None:
        self.refused += 1
        try:
            connection.setblocking(False)
            connection.send(_REFUSAL)
        except OSError:
            pass
        finally:
            connection.close()
        self._refused_notices[cap].note("connection refused: past the cap (ServeLimits.%s)", cap)

    def _accept_on(self, sock: socket.socket) -> Callable[[], None]:
        """tornado's ``add_accept_handler`` with the cap and the pause on errors."""
        loop = IOLoop.current()
        state = {"removed": False, "paused": False}

        def resume() -> None:
            if not state["removed"] and state["paused"]:
                state["paused"] = False
                loop.add_handler(sock, on_readable, IOLoop.READ)

        def pause(err: OSError) -> None:
            state["paused"] = True
            loop.remove_handler(sock)
            loop.call_later(self.accept_pause, resume)
            self._exhausted_notice.note(
                "cannot accept a connection (%s): accepting paused for %.1f s",
                err.strerror or type(err).__name__,
                self.accept_pause,
            )

        def on_readable(fd: Any, events: int) -> None:
            for _ in range(ACCEPTS_PER_WAKEUP):
                if state["removed"] or state["paused"]:
                    return
                try:
                    connection, address = sock.accept()
                except BlockingIOError:
                    return
                except ConnectionAbortedError:
                    continue
                except OSError as err:  # EMFILE, ENFILE, ENOBUFS...: do not spin
                    pause(err)
                    return
                key = client_key(address[0] if isinstance(address, tuple) else None)
                if self._over_cap():
                    self._refuse(connection, "max_connections")
                    continue
                if self._client_over_cap(key):
                    self._refuse(connection, "connections_per_client")
                    continue
                self._track(connection, key)
                self._handle_connection(connection, address)

        def remove() -> None:
            if not state["paused"]:
                loop.remove_handler(sock)
            state["removed"] = True

        loop.add_handler(sock, on_readable, IOLoop.READ)
        return remove


def per_peer_cap(limits: ServeLimits, behind_proxy: bool) -> int:
    """The per-address connection cap, or 0 behind a trusted proxy (every peer is it)."""
    return 0 if behind_proxy else limits.connections_per_client


def listen_limited(app: Any, limits: ServeLimits) -> Callable[..., LimitedHTTPServer]:
    """A replacement for ``app.listen`` (tornado's ``Application.listen``) that serves with
    :class:`LimitedHTTPServer` under ``limits``."""

    def listen(port: int, address: str | None = None, **kwargs: Any) -> LimitedHTTPServer:
        server = LimitedHTTPServer(
            app,
            max_connections=limits.connection_cap(),
            max_per_client=per_peer_cap(limits, limits.trust_xheaders),
            accept_pause=limits.accept_pause,
            **{**http_server_options(limits), **kwargs},
        )
        server.listen(port, address=address)
        return server

    return listen


def limit_server_app(server_app: Any) -> None:
    """Make a jupyter_server ``ServerApp`` (JupyterHub's single-user server) serve with
    :class:`LimitedHTTPServer` under its config's :class:`~widgets.serve.limits.ServeLimits`.

    Call it from a server extension's load hook: extensions load before the app creates its
    HTTP server (``init_httpserver``), which this wraps; the server keeps the app's own TLS,
    ``trust_xheaders`` and buffer settings, and the smaller of the two body sizes.
    """
    limits = limits_of(server_app.config)
    create = server_app.init_httpserver

    def init_httpserver() -> None:
        create()  # finds the port and schedules the bind of server_app.http_server
        options = http_server_options(limits)
        options["xheaders"] = server_app.trust_xheaders
        ours, theirs = options["max_body_size"], server_app.max_body_size
        options["max_body_size"] = min(ours, theirs) if ours and theirs else ours or theirs
        server_app._http_server = LimitedHTTPServer(
            server_app.web_app,
            ssl_options=server_app.ssl_options,
            max_buffer_size=server_app.max_buffer_size,
            max_connections=limits.connection_cap(),
            max_per_client=per_peer_cap(limits, server_app.trust_xheaders),
            accept_pause=limits.accept_pause,
            **options,
        )

    server_app.init_httpserver = init_httpserver
