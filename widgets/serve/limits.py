"""Limits one client cannot exhaust: who a client is, and the caps every part reads.

:class:`ServeLimits` holds the operator's settings (``--ServeLimits.<trait>=<value>``); each
part of the serving layer reads it from its own config, so the same options work under
``python -m widgets.serve`` and inside a jupyter_server (JupyterHub's single-user servers):

* kernel websockets: at most :attr:`~ServeLimits.kernel_sockets_per_client` per client and
  :attr:`~ServeLimits.kernel_sockets_total` in all (each opens ZMQ sockets in the server's
  one ZMQ context; ~250 exhausted it and every later visitor got HTTP 500) — enforced by
  :class:`widgets.serve.connection.SafeKernelWebsocketConnection` with a :class:`SocketLedger`;
* sessions: at most :attr:`~ServeLimits.sessions_per_client` kernels handed to one client's
  pages (:class:`widgets.serve.kernels.BoundedKernelManager`), so one client cannot hold the
  whole session cap;
* bytes from the page: at most :attr:`~ServeLimits.kernel_inbound_burst` bytes at once and
  :attr:`~ServeLimits.kernel_inbound_rate` a second after that, per kernel (all its sockets
  together, :class:`ByteBudget`): a client that sends faster than its kernel reads would grow
  the kernel's ZMQ queue without a bound (400 frames of 3 MB sent at once: +1 GiB); past the
  budget the socket is closed (code 1008);
* connections: a header timeout, a body timeout and size, and caps on open connections
  per client and in all, applied by :class:`widgets.serve.netlimits.LimitedHTTPServer`.

A client is its address (:func:`client_key`): the TCP peer, or — only when the operator sets
:attr:`~ServeLimits.trust_xheaders` because a reverse proxy of theirs sits in front — the
address that proxy puts in ``X-Real-IP`` / ``X-Forwarded-For``. IPv6 addresses count per
/64 network (one host usually holds a whole /64). Cookies, tokens and session ids are not
used: a hostile client simply does not send them back.
"""

from __future__ import annotations

import ipaddress
import resource
import time
import weakref
from collections.abc import Callable
from typing import Any

from traitlets import Bool, Float, Int
from traitlets.config import Configurable

__all__ = ["ByteBudget", "ServeLimits", "SocketLedger", "client_key", "default_max_connections"]

#: Connections allowed when ``max_connections`` is 0 (auto): half the process's file
#: descriptor limit (kernels, ZMQ and log files need the rest), at most this many.
AUTO_CONNECTIONS_CEILING = 4096


def default_max_connections() -> int:
    """Half the soft RLIMIT_NOFILE, between 64 and :data:`AUTO_CONNECTIONS_CEILING`."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return AUTO_CONNECTIONS_CEILING
    return max(64, min(AUTO_CONNECTIONS_CEILING, soft // 2))


class ServeLimits(Configurable):
    """What one client, and all of them together, may hold (0 disables a cap)."""

    trust_xheaders = Bool(
        False,
        config=True,
        help="Take a client's address from X-Real-IP / X-Forwarded-For. Only behind a "
        "reverse proxy you run that sets them (anyone could send them otherwise); without "
        "it, every client behind that proxy is one client.",
    )
    kernel_sockets_per_client = Int(
        6, config=True, help="Most kernel websockets one client may hold open."
    )
    kernel_sockets_total = Int(64, config=True, help="Most kernel websockets open in all.")
    sessions_per_client = Int(
        4, config=True, help="Most sessions (kernels handed to pages) one client may hold."
    )
    header_timeout = Float(
        20.0,
        config=True,
        help="Seconds a connection has to send a full request line and headers (also the "
        "idle time allowed between two requests on a kept-alive connection).",
    )
    body_timeout = Float(60.0, config=True, help="Seconds a request has to send its body.")
    max_body_size = Int(4 * 1024 * 1024, config=True, help="Largest request body, in bytes.")
    max_connections = Int(
        0,
        config=True,
        help="Most connections open at once (websockets included); past it a new "
        "connection is answered 503 and closed at once. 0: half the file descriptor limit "
        f"(at most {AUTO_CONNECTIONS_CEILING}).",
    )
    connections_per_client = Int(
        64,
        config=True,
        help="Most connections open at once from one address (websockets included); past "
        "it that address's new connections are answered 503 and closed at once. Counted by "
        "the TCP peer, so not applied when trust_xheaders is set (the peer is the proxy).",
    )
    kernel_inbound_burst = Int(
        8 * 1024 * 1024,
        config=True,
        help="Bytes the pages of one kernel may send it at once (a roster upload is about "
        "1.4 MB); past it, with kernel_inbound_rate, the sending socket is closed.",
    )
    kernel_inbound_rate = Int(
        1024 * 1024,
        config=True,
        help="Bytes a second the pages of one kernel may send it once the burst is spent.",
    )
    accept_pause = Float(
        1.0,
        config=True,
        help="Seconds the server stops accepting after running out of file descriptors.",
    )

    def connection_cap(self) -> int:
        """:attr:`max_connections`, or its automatic value."""
        return self.max_connections if self.max_connections > 0 else default_max_connections()


def limits_of(config: Any) -> ServeLimits:
    """The :class:`ServeLimits` a config object sets (its defaults otherwise)."""
    return ServeLimits(config=config) if config is not None else ServeLimits()


def client_key(remote_ip: str | None) -> str:
    """Who a request comes from: its address, an IPv6 address by its /64 network."""
    if not remote_ip:
        return "?"
    try:
        address = ipaddress.ip_address(remote_ip)
    except ValueError:
        return remote_ip
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


class SocketLedger:
    """Open kernel websockets by client, counted from admission until they close.

    An entry counts while ``alive(entry)`` says so (as well as until :meth:`release`), so a
    socket whose upgrade failed after it was admitted does not hold a place for ever.
    """

    def __init__(self, alive: Callable[[Any], bool]) -> None:
        self._owners: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
        self._alive = alive

    def _prune(self) -> None:
        for entry in [e for e in list(self._owners) if not self._alive(e)]:
            self._owners.pop(entry, None)

    def count(self, key: str | None = None) -> int:
        """Open sockets of ``key`` (all of them when None)."""
        self._prune()
        owners = list(self._owners.values())
        return len(owners) if key is None else sum(1 for k in owners if k == key)

    def admit(self, entry: Any, key: str, per_client: int, total: int) -> str | None:
        """Register ``entry`` for ``key``; or, past a cap, None registered and the cap's
        name (``"client"`` or ``"total"``)."""
        if per_client > 0 and self.count(key) >= per_client:
            return "client"
        if total > 0 and self.count() >= total:
            return "total"
        self._owners[entry] = key
        return None

    def release(self, entry: Any) -> None:
        self._owners.pop(entry, None)


class ByteBudget:
    """A token bucket: ``burst`` bytes at once, then ``rate`` bytes a second (0: no cap)."""

    def __init__(self, burst: int, rate: int, clock: Callable[[], float] = time.monotonic):
        self.burst, self.rate, self._clock = burst, rate, clock
        self._left = float(burst)
        self._at = clock()

    def spend(self, n: int) -> bool:
        """Take ``n`` bytes from the budget; False (nothing taken) when they do not fit."""
        if self.burst <= 0:
            return True
        now = self._clock()
        self._left = min(float(self.burst), self._left + (now - self._at) * self.rate)
        self._at = now
        if n > self._left:
            return False
        self._left -= n
        return True
