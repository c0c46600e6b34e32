"""The query of the page Voilà serves (``?system=gore&lang=en&…``), read by the dashboard
shell (:meth:`widgets.app.Dashboard.from_query_string`) to open the setup a link carries."""

from __future__ import annotations

import os
import sys
from urllib.parse import parse_qs

__all__ = ["keep_out_iri_grammar", "query_params", "served_query_string"]


def query_params(query: str | None) -> dict[str, str]:
    """``"system=gore&lang=en"`` → ``{"system": "gore", "lang": "en"}`` (first values)."""
    return {k: v[0] for k, v in parse_qs(query or "").items() if v}


def keep_out_iri_grammar() -> None:
    """Keep ``rfc3987_syntax`` out of this process, before jsonschema is imported.

    jsonschema imports it, optionally, to check the JSON-schema formats ``iri`` and
    ``iri-reference``, and it builds a Lark grammar on import (~2 s of CPU): a third of a
    preheated dashboard kernel's start, and of a Voilà server's. No schema of the stack we
    serve (jupyter_server's and Voilà's events, nbformat, jupyterlab_server's settings)
    uses those formats, so nothing is checked less. None in ``sys.modules`` makes the
    import fail, and jsonschema then skips the two formats. Called by the kernel (below)
    and by the server's entry points (``rolkit dashboard``, ``python -m widgets.serve``)."""
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]


def served_query_string() -> str | None:
    """The query string of the request Voilà is serving (``QUERY_STRING`` outside Voilà)."""
    # Deferred on purpose (no cycle): importing voila.utils loads the whole Voilà server
    # extension (jupyter_server, jupyterlab_server: seconds), which a notebook's Dashboard()
    # never needs; only a page Voilà serves asks for its query string.
    keep_out_iri_grammar()
    try:
        from voila.utils import get_query_string  # waits for the request when preheated
    except ImportError:  # pragma: no cover - voila is a dependency
        return os.environ.get("QUERY_STRING")
    return get_query_string() or os.environ.get("QUERY_STRING")
