"""Servers for tests/security (each module starts the ones it needs)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
