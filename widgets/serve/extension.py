"""The same serving layer inside any jupyter_server (JupyterHub's single-user servers).

Enable it *instead of* Voilà's own server extension::

    --ServerApp.jpserver_extensions="{'widgets.serve.extension': True, 'voila.server_extension': False}"

It loads Voilà's server extension with :func:`widgets.serve.app.replace_handlers` applied to every
handler table Voilà registers, so ``/voila/render/...`` is
:class:`widgets.serve.handlers.DashboardPageHandler` (busy page past the cap, the ``_xsrf`` cookie
the close-tab beacon needs, the idle notice, the page's time to connect) and every Voilà
page answers errors with :func:`widgets.serve.pages.error_page`. The kernel-side classes are
ServerApp options, set on the command line (see ``deploy/jupyterhub/jupyterhub_config.py``):
``kernel_websocket_connection_class`` and ``kernel_manager_class``; when they were not set,
this extension sets the validated websocket connection class itself, and the frame size cap.
Under JupyterHub enable :mod:`widgets.serve.hub` instead: it loads this extension and lets
the server serve the dashboard and nothing else.
"""

from __future__ import annotations

from typing import Any

from voila import server_extension as voila_extension

from .app import replace_handlers
from .connection import SafeKernelWebsocketConnection
from .frames import MAX_FRAME_BYTES

__all__ = ["load_jupyter_server_extension"]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "widgets.serve.extension"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    web_app = server_app.web_app
    settings = web_app.settings
    connection = settings.get("kernel_websocket_connection_class")
    if not (isinstance(connection, type) and issubclass(connection, SafeKernelWebsocketConnection)):
        settings["kernel_websocket_connection_class"] = SafeKernelWebsocketConnection
    size = settings.get("websocket_max_message_size")
    if not size or size > MAX_FRAME_BYTES:
        settings["websocket_max_message_size"] = MAX_FRAME_BYTES
    add_handlers = web_app.add_handlers

    def add_safe_handlers(host_pattern: str, handlers: list[Any]) -> Any:
        return add_handlers(host_pattern, replace_handlers(list(handlers)))

    web_app.add_handlers = add_safe_handlers
    try:
        voila_extension._load_jupyter_server_extension(server_app)
    finally:
        del web_app.add_handlers  # the class's own method again
    server_app.log.info("rolkit serving layer: Voilà's handlers replaced (widgets.serve.extension)")


load_jupyter_server_extension = _load_jupyter_server_extension
