"""Never a traceback on the page: every widget callback runs through :func:`guarded`.

A ``RulesError`` goes to the caller's handler (a plain message beside the field); any
other exception is logged with its traceback to ``ROLKIT_LOG`` (default
``~/.cache/rolkit/dashboard.log``) and the caller shows an apology. Warnings raised in a
callback go to the same log, not to stderr (which Voilà would put on the page).
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rolkit.errors import RulesError

__all__ = ["log", "guarded", "configure_log"]

log = logging.getLogger("rolkit.dashboard")
#: the name of the file handler :func:`configure_log` adds (added once)
HANDLER_NAME = "rolkit.dashboard.file"


def configure_log() -> None:
    """A file handler on first use; never stderr (it would reach the page)."""
    if any(h.get_name() == HANDLER_NAME for h in log.handlers):
        return
    log.propagate = False
    log.setLevel(logging.INFO)
    path = Path(os.environ.get("ROLKIT_LOG") or Path.home() / ".cache" / "rolkit" / "dashboard.log")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    handler.set_name(HANDLER_NAME)
    log.addHandler(handler)


def _ignore(err: RulesError) -> None:
    return None


def guarded(
    fn: Callable[[], Any],
    on_rules_error: Callable[[RulesError], None] = _ignore,
    on_bug: Callable[[], None] = lambda: None,
) -> Any:
    """Run ``fn``; a RulesError goes to ``on_rules_error``, anything else is logged."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            return fn()
        except RulesError as err:
            on_rules_error(err)
        except Exception:
            configure_log()
            log.exception("dashboard callback failed")
            on_bug()
        finally:
            if caught:
                configure_log()
                for w in caught:
                    log.warning("%s:%s: %s", w.filename, w.lineno, w.message)
    return None
