"""The query of the page Voilà serves (``?system=gore&lang=en&…``), read by the dashboard
shell (:meth:`widgets.app.Dashboard.from_query_string`) to open the setup a link carries."""

from __future__ import annotations

import os
import sys
from urllib.parse import parse_qs

__all__ = ["query_params", "served_query_string"]


def query_params(query: str | None) -> dict[str, str]:
    """``"system=gore&lang=en"`` → ``{"system": "gore", "lang": "en"}`` (first values)."""
    return {k: v[0] for k, v in parse_qs(query or "").items() if v}


def served_query_string() -> str | None:
    """The query string of the request Voilà is serving (``QUERY_STRING`` outside Voilà)."""
    # Deferred on purpose (no cycle): importing voila.utils loads the whole Voilà server
    # extension (jupyter_server, jupyterlab_server: seconds), which a notebook's Dashboard()
    # never needs; only a page Voilà serves asks for its query string. Under it, jsonschema
    # builds an RFC 3987 grammar (rfc3987_syntax, a Lark parser: ~2 s CPU, a third of a
    # preheated kernel's start) for a JSON-schema format no dashboard kernel checks:
    # None in sys.modules makes that optional import fail, and jsonschema skips the format.
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
    try:
        from voila.utils import get_query_string  # waits for the request when preheated
    except ImportError:  # pragma: no cover - voila is a dependency
        return os.environ.get("QUERY_STRING")
    return get_query_string() or os.environ.get("QUERY_STRING")
