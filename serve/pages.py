"""The few pages the serving layer writes itself: busy, logged out, and any error.

Static text in Spanish with an English gloss; nothing from a request or an exception is
interpolated, so no path, traceback or user input can appear in them.
"""

from __future__ import annotations

__all__ = ["BUSY_PAGE", "LOGGED_OUT_PAGE", "error_page"]

_STYLE = (
    "<style>body{font-family:sans-serif;max-width:36em;margin:4em auto;line-height:1.5}</style>"
)


def _page(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html><html lang="es"><head><meta charset="utf-8">'
        f"<title>{title}</title>{_STYLE}</head><body>{body}</body></html>"
    )


BUSY_PAGE = _page(
    "Ocupado (busy)",
    '<h1 class="rolkit-busy">Ocupado (busy)</h1>'
    "<p>Todas las mesas están en uso; inténtalo de nuevo en unos minutos.</p>"
    "<p><em>Every table is in use; try again in a few minutes.</em></p>"
    '<p><a href="">Reintentar (try again)</a></p>',
)

LOGGED_OUT_PAGE = _page(
    "Sesión cerrada (logged out)",
    "<h1>Sesión cerrada (logged out)</h1>"
    '<p><a href="./">Volver al panel (back to the dashboard)</a></p>',
)

_ERRORS = {
    400: ("Petición no válida", "bad request"),
    403: ("Acceso denegado", "forbidden"),
    404: ("No encontrado", "not found"),
    405: ("Método no permitido", "method not allowed"),
    503: ("Ocupado", "busy"),
}


def error_page(status: int) -> str:
    """A plain page for HTTP ``status``: its name, never its cause."""
    es, en = _ERRORS.get(status, ("Error del servidor", "server error"))
    return _page(f"{es} ({en})", f"<h1>{status}: {es} ({en})</h1>")
