"""``python -m rolkit``: the ``rolkit`` command (``python -m rolkit dashboard`` serves the
dashboard). This is a program entry, not part of the rules package: ``import rolkit`` never
imports it, so the package stays free of widgets and Voilà."""

import sys

from widgets.serve.cli import main

sys.exit(main())
