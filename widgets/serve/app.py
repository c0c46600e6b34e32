"""``python -m widgets.serve NOTEBOOK``: Voilà with rolkit's safe defaults and handler classes.

Everything Voilà accepts still works (``--port``, ``--Voila.ip``, ``--token``,
``--preheat_kernel``, ``--pool_size``, any ``--Class.trait=value``); the defaults below are
applied first, so the command line and ``voila.json`` still override them.

=================================================  ========================================
default                                            why
=================================================  ========================================
``Voila.kernel_websocket_connection_class``        frames validated, replies scrubbed
  = :class:`widgets.serve.connection.SafeKernelWebsocketConnection`
``VoilaConfiguration.multi_kernel_manager_class``  session cap, abandoned kernels culled
  = :class:`widgets.serve.kernels.BoundedKernelManager`
``MappingKernelManager.cull_connected = True``     an idle open tab is culled
``cull_idle_timeout = 600``, ``cull_interval = 60``
``tornado websocket_max_message_size = 4 MiB``     a frame cannot be a memory bomb
the pool refilled one kernel at a time            a burst of visitors is served before
  (:mod:`widgets.serve.pool`, ``SerialPoolRefill.*``)      the pool refills, and a refill never
                                                   takes both cores at once
connections: a header timeout, a body cap, a cap   half-open sockets are dropped, the fd
  on open connections, no log flood on EMFILE       table never fills, the log stays small
  (:mod:`widgets.serve.netlimits`, ``ServeLimits.*``)
kernel websockets and sessions per client          one client cannot hold every kernel
  (:mod:`widgets.serve.limits`, ``ServeLimits.*``)     socket or the whole session cap
the log in a rotating 0600 file, stderr summarised a flood cannot fill the disk or the
  (:mod:`widgets.serve.logs`, ``ServeLog.*``,         terminal
  ``--log-file``)
=================================================  ========================================
"""

from __future__ import annotations

from typing import Any

import voila.app
from jupyter_core.paths import jupyter_runtime_dir
from traitlets.config import Config
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler

from .connection import SafeKernelWebsocketConnection
from .frames import MAX_FRAME_BYTES
from .handlers import (
    AuthenticatedRequestInfoHandler,
    DashboardPageHandler,
    PlainLogoutHandler,
    with_plain_errors,
)
from .limits import ServeLimits, limits_of
from .logs import ServeLog, install_serve_log
from .netlimits import listen_limited
from .pool import serial_refill_factory

__all__ = ["RolkitVoila", "SAFE_DEFAULTS", "kernel_transport", "main", "replace_handlers"]

SAFE_DEFAULTS: dict[str, dict[str, Any]] = {
    "Voila": {
        "kernel_websocket_connection_class": SafeKernelWebsocketConnection,
        "tornado_settings": {"websocket_max_message_size": MAX_FRAME_BYTES},
    },
    "VoilaConfiguration": {
        "multi_kernel_manager_class": "widgets.serve.kernels.BoundedKernelManager",
        "show_tracebacks": False,
    },
    "MappingKernelManager": {
        "cull_connected": True,
        "cull_idle_timeout": 600,
        "cull_interval": 60,
    },
}

_REPLACEMENTS: dict[type, type] = {
    TornadoVoilaHandler: DashboardPageHandler,
    RequestInfoSocketHandler: AuthenticatedRequestInfoHandler,
}


def replace_handlers(handlers: list[Any]) -> list[Any]:
    """Voilà's handler table with rolkit's classes in place of the unsafe ones."""
    out = []
    for spec in handlers:
        pattern, cls, *rest = spec
        if isinstance(pattern, str) and pattern.rstrip("/").endswith("/logout"):
            cls = PlainLogoutHandler
        else:
            cls = _REPLACEMENTS.get(cls, cls)
        out.append((pattern, with_plain_errors(cls), *rest))
    return out


#: the longest path a Unix socket may have (``sockaddr_un.sun_path``, less its NUL)
UNIX_PATH_MAX = 107
#: what jupyter_client appends to the runtime folder for a kernel's socket:
#: ``/kernel-<uuid>-ipc-<n>`` (n up to 5, one per channel; 99 leaves room)
_KERNEL_SOCKET_SUFFIX = len("/kernel-") + 36 + len("-ipc-99")


def kernel_transport(runtime_dir: str | None = None) -> str:
    """``"ipc"`` — kernels talk to the server over Unix sockets in the private (0700)
    runtime folder, not over loopback TCP ports any local user could reach (and that warn
    "running over TCP without encryption" on every start) — when the folder's path leaves
    room for a socket's name; ``"tcp"`` otherwise (a long home path: ZMQ refuses the bind)."""
    folder = runtime_dir if runtime_dir is not None else jupyter_runtime_dir()
    return "ipc" if len(folder) + _KERNEL_SOCKET_SUFFIX <= UNIX_PATH_MAX else "tcp"


class RolkitVoila(Voila):
    """Voilà with :data:`SAFE_DEFAULTS` and :func:`replace_handlers`."""

    name = "rolkit-voila"
    aliases = {**Voila.aliases, "log-file": "ServeLog.log_file"}
    classes = [*Voila.classes, ServeLimits, ServeLog]

    def initialize(self, argv: Any = None) -> None:
        self.update_config(Config(SAFE_DEFAULTS))
        self.update_config(Config({"KernelManager": {"transport": kernel_transport()}}))
        super().initialize(argv)
        path = install_serve_log(self.log, ServeLog(config=self.config), self.log_level)
        self.log.info("Full log (rotated): %s", path)

    def listen(self) -> None:
        # Voilà calls self.app.listen(port, ip): serve with the limited HTTP server instead
        self.app.listen = listen_limited(self.app, limits_of(self.config))  # type: ignore[method-assign]  # Voilà's listen replaced on purpose
        super().listen()

    def init_settings(self) -> dict[str, Any]:
        # Voilà builds its pooled kernel manager with this module-level factory: for the
        # duration of this call it is the one with the serial refill (widgets.serve.pool)
        upstream = voila.app.voila_kernel_manager_factory
        voila.app.voila_kernel_manager_factory = serial_refill_factory  # type: ignore[assignment]  # Voilà's factory swapped for this call
        try:
            return super().init_settings()
        finally:
            voila.app.voila_kernel_manager_factory = upstream

    def init_handlers(self) -> list[Any]:
        return replace_handlers(super().init_handlers())


def main() -> None:
    RolkitVoila.launch_instance()
