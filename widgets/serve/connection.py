"""A kernel websocket connection that validates every frame before upstream code reads it.

Configured as ``Voila.kernel_websocket_connection_class`` (see :mod:`widgets.serve.app`). It

* refuses the legacy framing: a socket that did not negotiate
  ``v1.kernel.websocket.jupyter.org`` gets ``400`` before the upgrade (Voilà 0.5.13 reads the
  legacy binary header of every outgoing frame as a v1 count and loops on it);
* checks each incoming frame with :func:`widgets.serve.frames.split_v1_frame` and the comm
  message shapes, and closes the socket (code 1008) on the first bad one, before
  ``deserialize_msg_from_ws_v1`` (which loops on an untrusted count) ever sees it;
* admits at most :attr:`widgets.serve.limits.ServeLimits.kernel_sockets_per_client` open
  kernel sockets per client and :attr:`~widgets.serve.limits.ServeLimits.kernel_sockets_total`
  in all (each opens ZMQ sockets; ~250 exhausted the server's ZMQ context): past them the
  socket is refused before the upgrade (429 for one client's cap, 503 for the total), before
  any ZMQ socket is opened;
* never sends a traceback, a path or a source line: ``error`` content is replaced by a
  plain message, ``stderr`` streams are dropped, and any other outgoing message whose
  content matches :data:`widgets.serve.leaks.LEAK_PATTERN` is dropped and logged server-side.
"""

from __future__ import annotations

import contextlib
import json
import logging
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web

from .frames import FrameError, split_v1_frame
from .leaks import PLAIN_ERROR, leaks
from .limits import ByteBudget, SocketLedger, client_key, limits_of
from .logs import Notice

__all__ = ["V1_PROTOCOL", "SafeKernelWebsocketConnection", "check_message"]

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
POLICY_VIOLATION = 1008
_DELIM = b"<IDS|MSG>"


def _json_object(raw: bytes, what: str) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise FrameError(f"{what} is not JSON") from err
    if not isinstance(value, dict):
        raise FrameError(f"{what} is not an object")
    return value


def check_message(parts: list[bytes], allowed: frozenset[str] | set[str]) -> str:
    """The ``msg_type`` of a browser message, after checking its shape.

    ``allowed`` is the kernel manager's ``allowed_message_types`` (empty = any). A comm
    message must name a string ``comm_id`` (and ``comm_open`` a string ``target_name``)
    and carry an object ``data``: the kernel would otherwise log a traceback to stderr.
    """
    header = _json_object(parts[0], "header")
    for raw, what in ((parts[1], "parent header"), (parts[2], "metadata")):
        _json_object(raw, what)
    content = _json_object(parts[3], "content")
    msg_type = header.get("msg_type")
    if not isinstance(msg_type, str) or not isinstance(header.get("msg_id"), str):
        raise FrameError("header without msg_type / msg_id")
    if allowed and msg_type not in allowed:
        raise FrameError("message type not allowed")
    if msg_type.startswith("comm_"):
        if msg_type != "comm_info_request" and not isinstance(content.get("comm_id"), str):
            raise FrameError("comm message without a comm_id")
        if msg_type == "comm_open" and not isinstance(content.get("target_name"), str):
            raise FrameError("comm_open without a target_name")
        if msg_type in ("comm_open", "comm_msg") and not isinstance(content.get("data", {}), dict):
            raise FrameError("comm data is not an object")
    return msg_type


def _socket_alive(connection: SafeKernelWebsocketConnection) -> bool:
    """Still holding its place: being prepared, or upgraded and not closed."""
    handler = connection.websocket_handler
    if getattr(handler, "_on_close_called", False):
        return False
    ws = getattr(handler, "ws_connection", None)
    if ws is not None:
        return not ws.is_closing()
    return not getattr(handler, "_finished", False)  # still in prepare(); else upgrade failed


class SafeKernelWebsocketConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's ZMQ channel bridge with validated frames and scrubbed replies."""

    _rejected = False
    #: every open kernel socket of the process, by client (see :func:`_socket_alive`)
    ledger = SocketLedger(_socket_alive)
    _refusals = Notice(logging.getLogger("widgets.serve.limits"))

    async def prepare(self) -> None:
        request = self.websocket_handler.request
        offered = request.headers.get("Sec-WebSocket-Protocol", "")
        if V1_PROTOCOL not in [p.strip() for p in offered.split(",")]:
            self.log.warning("kernel websocket without %s refused", V1_PROTOCOL)
            self._rejected = True
            raise web.HTTPError(400, "unsupported websocket protocol")
        self._admit(client_key(request.remote_ip))
        try:
            await super().prepare()
        except BaseException:
            self.ledger.release(self)
            raise

    def _admit(self, key: str) -> None:
        """Take a place for this socket, or refuse it (before any ZMQ socket is opened)."""
        limits = limits_of(self.config)
        refused = self.ledger.admit(
            self, key, limits.kernel_sockets_per_client, limits.kernel_sockets_total
        )
        if refused is None:
            return
        self._rejected = True
        self._refusals.note(
            "kernel websocket refused: %s (ServeLimits.kernel_sockets_%s)",
            "one client's cap" if refused == "client" else "the server's cap",
            "per_client" if refused == "client" else "total",
        )
        raise web.HTTPError(429 if refused == "client" else 503, "too many kernel websockets")

    def connect(self) -> Any:
        if self.subprotocol != V1_PROTOCOL:  # defence in depth: prepare() already refused
            self._reject("legacy framing")
            return None
        return super().connect()

    def disconnect(self) -> None:
        self.ledger.release(self)
        if self._rejected:
            return None
        return super().disconnect()

    def _reject(self, reason: str) -> None:
        self.log.warning("kernel %s: closing websocket (%s)", self.kernel_id, reason)
        with contextlib.suppress(Exception):  # already closed
            self.websocket_handler.close(POLICY_VIOLATION, "malformed message")

    # browser -> kernel ----------------------------------------------------------------
    def handle_incoming_message(self, incoming_msg: Any) -> None:
        if not self.channels:
            return
        if not self._inbound_budget().spend(len(incoming_msg)):
            self._reject("the page sent more than its kernel's byte budget")
            return
        try:
            channel, parts = split_v1_frame(incoming_msg)
            allowed = set(self.multi_kernel_manager.allowed_message_types or ())
            check_message(parts, allowed)
        except FrameError as err:
            self._reject(str(err))
            return
        stream = self.channels.get(channel)
        if stream is None or channel == "iopub":
            self._reject("no such channel")
            return
        self.session.send_raw(stream, parts)

    def _inbound_budget(self) -> ByteBudget:
        """The byte budget of this socket's kernel, shared by all its sockets (it lives on
        the per-kernel manager, so it goes with the kernel)."""
        owner = self.kernel_manager
        budget = getattr(owner, "_rolkit_inbound_budget", None)
        if budget is None:
            limits = limits_of(self.config)
            budget = ByteBudget(limits.kernel_inbound_burst, limits.kernel_inbound_rate)
            owner._rolkit_inbound_budget = budget
        return budget

    # kernel -> browser ----------------------------------------------------------------
    def handle_outgoing_message(self, stream: Any, outgoing_msg: list[Any]) -> None:
        try:
            cleaned = self._scrub(stream, outgoing_msg)
        except Exception:
            self.log.warning("kernel %s: unreadable kernel message dropped", self.kernel_id)
            return
        if cleaned is not None:
            super().handle_outgoing_message(stream, cleaned)

    def _on_error(self, channel: Any, msg: Any, msg_list: Any) -> None:
        """Upstream's replacement (``allow_tracebacks=False``) reads
        ``traceback_replacement_message`` from the per-kernel manager, which does not have
        it (jupyter_server 2.21.1: AttributeError, the message is lost); :meth:`_scrub` has
        already replaced every ``error`` content, so this does nothing."""

    def _scrub(self, stream: Any, msg_list: list[Any]) -> list[Any] | None:
        """The message to forward (possibly with plain error content), or None to drop it."""
        raw = [bytes(part) for part in msg_list]
        delim = raw.index(_DELIM)
        header_raw, content_raw = raw[delim + 2], raw[delim + 5]
        header = self.session.unpack(header_raw)
        msg_type = header.get("msg_type", "") if isinstance(header, dict) else ""
        if msg_type == "error":
            content = {"ename": "Error", "evalue": PLAIN_ERROR, "traceback": [PLAIN_ERROR]}
            raw[delim + 5] = self.session.pack(content)
            self.log.info("kernel %s: error details withheld from the browser", self.kernel_id)
            return raw
        if msg_type == "stream" and b'"stderr"' in content_raw:
            content = self.session.unpack(content_raw)
            if isinstance(content, dict) and content.get("name") == "stderr":
                self.log.info("kernel %s: stderr withheld from the browser", self.kernel_id)
                return None
        if leaks(content_raw) or leaks(raw[delim + 4]):  # content or metadata
            self.log.warning(
                "kernel %s: %s looked like a traceback or a path; dropped", self.kernel_id, msg_type
            )
            if header.get("msg_type", "").endswith("_reply"):
                # a reply must still arrive, or the front end waits forever
                raw[delim + 5] = self.session.pack({"status": "error", **_PLAIN_REPLY})
                return raw
            return None
        return raw


_PLAIN_REPLY = {"ename": "Error", "evalue": PLAIN_ERROR, "traceback": []}
