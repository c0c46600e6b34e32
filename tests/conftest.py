"""Suite-wide: no test reads or writes the real user data folder (rosters)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session", autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``ROLKIT_DATA_DIR`` in a temporary folder for the whole run (servers and kernels the
    tests start inherit it); a test that needs its own sets it again with monkeypatch."""
    old = os.environ.get("ROLKIT_DATA_DIR")
    os.environ["ROLKIT_DATA_DIR"] = str(tmp_path_factory.mktemp("rolkit-data"))
    yield
    if old is None:
        os.environ.pop("ROLKIT_DATA_DIR", None)
    else:
        os.environ["ROLKIT_DATA_DIR"] = old
