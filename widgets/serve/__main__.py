"""``python -m widgets.serve NOTEBOOK [voila options]``: see :mod:`widgets.serve.app`."""

from widgets.serve.app import main

main()
