"""rolkit's serving layer: Voilà with validated websockets, bounded kernels, no leaks.

``rolkit dashboard`` (:mod:`widgets.serve.cli`, what ``make dashboard`` runs) and
``python -m widgets.serve NOTEBOOK`` are Voilà with
the classes of this package wired in (:mod:`widgets.serve.app`): frames checked before upstream
parsers see them (:mod:`widgets.serve.frames`, :mod:`widgets.serve.connection`), replies scrubbed of
tracebacks and paths (:mod:`widgets.serve.leaks`), a session cap and abandoned-kernel culling
(:mod:`widgets.serve.kernels`), the preheated pool refilled one kernel at a time after a burst
(:mod:`widgets.serve.pool`), and handler classes for the busy page, the unload beacon, the
request-info socket's token check and ``/logout`` (:mod:`widgets.serve.handlers`).

Choices made where the issue was silent: legacy (no-subprotocol) kernel sockets are refused
outright, since Voilà's own front end always offers v1; a bad frame closes its socket (code
1008) rather than being skipped; stderr streams never reach the browser; an outgoing
message whose content looks like a traceback or a path is dropped (a ``*_reply`` keeps
its slot with a plain error) and logged server-side.
"""

__all__: list[str] = []
