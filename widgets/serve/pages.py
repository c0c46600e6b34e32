"""The few pages the serving layer writes itself: busy, logged out, and any error.

Static text in Spanish with an English gloss, and the script that tells an idle page its
session was closed; nothing from a request or an exception is interpolated, so no path,
traceback or user input can appear in them.
"""

from __future__ import annotations

__all__ = ["BUSY_PAGE", "IDLE_NOTICE_SCRIPT", "LOGGED_OUT_PAGE", "error_page", "with_idle_notice"]

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
    429: ("Demasiadas conexiones", "too many connections"),
    503: ("Ocupado", "busy"),
}


def error_page(status: int) -> str:
    """A plain page for HTTP ``status``: its name, never its cause."""
    es, en = _ERRORS.get(status, ("Error del servidor", "server error"))
    return _page(f"{es} ({en})", f"<h1>{status}: {es} ({en})</h1>")


#: Injected at the top of the dashboard page (:class:`widgets.serve.handlers.DashboardPageHandler`):
#: when the page's kernel websocket closes, ask the server whether the kernel still
#: exists; if it was culled (idle), shut down or died, show a plain bilingual notice with a
#: reload button instead of a page whose controls silently do nothing. Static text: nothing
#: from the request is interpolated.
IDLE_NOTICE_SCRIPT = """<script id="rolkit-session-watch">
(function () {
  "use strict";
  var NOTICE = "rolkit-session-closed";
  var Native = window.WebSocket;
  if (!Native || Native.rolkitWatched) { return; }
  function kernelUrl() {
    var cfg = document.getElementById("jupyter-config-data");
    if (!cfg) { return null; }
    try {
      var c = JSON.parse(cfg.textContent);
      if (!c.kernelId) { return null; }
      var base = c.baseUrl || "/";
      var url = base + (base.slice(-1) === "/" ? "" : "/") + "api/kernels/" + c.kernelId;
      var token = new URLSearchParams(location.search).get("token");
      return token ? url + "?token=" + encodeURIComponent(token) : url;
    } catch (e) { return null; }
  }
  function show() {
    if (document.getElementById(NOTICE) || !document.body) { return; }
    var box = document.createElement("div");
    box.id = NOTICE;
    box.className = NOTICE;
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:100000;" +
      "background:#fff3cd;color:#222;border-bottom:2px solid #c9a227;padding:.8em 1.2em;" +
      "font:16px/1.4 sans-serif;box-shadow:0 2px 6px rgba(0,0,0,.25)";
    var es = document.createElement("p");
    es.style.margin = "0";
    es.appendChild(document.createTextNode("La sesi\\u00f3n se cerr\\u00f3 por inactividad \\u2014 "));
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rolkit-reload";
    button.textContent = "Recargar (reload)";
    button.style.cssText = "font:inherit;padding:.2em .8em;cursor:pointer";
    button.addEventListener("click", function () { location.reload(); });
    es.appendChild(button);
    var en = document.createElement("p");
    en.lang = "en";
    en.style.margin = ".3em 0 0";
    en.innerHTML = "<em>This session was closed after being idle \\u2014 Reload</em>";
    box.appendChild(es);
    box.appendChild(en);
    document.body.appendChild(box);
  }
  var pending = null;
  function check() {
    pending = null;
    var url = kernelUrl();
    if (!url || document.getElementById(NOTICE)) { return; }
    fetch(url, {credentials: "same-origin", cache: "no-store"}).then(function (r) {
      if (r.status === 404) { show(); return null; }
      return r.ok ? r.json() : null;
    }).then(function (model) {
      if (model && model.execution_state === "dead") { show(); }
    }).catch(function () {});
  }
  function soon(delay) {
    if (pending === null) { pending = setTimeout(check, delay); }
  }
  function Watched(url, protocols) {
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (/\\/api\\/kernels\\/[^\\/?]+\\/channels/.test(String(url))) {
      ws.addEventListener("close", function () { soon(300); });
    }
    return ws;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { Watched[k] = Native[k]; });
  Watched.rolkitWatched = true;
  window.WebSocket = Watched;
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { soon(0); }
  });
})();
</script>"""


def with_idle_notice(html: str) -> tuple[str, bool]:
    """``html`` with :data:`IDLE_NOTICE_SCRIPT` right after its ``<head>`` tag (before
    any other script); ``(html, False)`` when this chunk has no ``<head>``."""
    start = html.find("<head")
    end = html.find(">", start) if start >= 0 else -1
    if end < 0:
        return html, False
    return html[: end + 1] + IDLE_NOTICE_SCRIPT + html[end + 1 :], True
