"""``python -m widgets.serve NOTEBOOK [voila options]``: Voilà with rolkit's serving layer on any
notebook (the tests use it); ``rolkit dashboard`` (:mod:`widgets.serve.cli`) serves the
dashboard with the options of ``make dashboard``."""

from widgets.serve.app import main

main()
