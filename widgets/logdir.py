"""Where rolkit's logs go: one small module, so the serving layer finds the folder without
importing the kernel's hardening (and ipywidgets with it)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_log_path

__all__ = ["log_dir"]


def log_dir() -> Path:
    """The per-user log folder (``$ROLKIT_LOG_DIR`` or platformdirs' user log dir)."""
    override = os.environ.get("ROLKIT_LOG_DIR")
    if override:
        return Path(override)
    return user_log_path("rolkit", appauthor=False)
