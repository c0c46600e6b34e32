"""``python -m serve NOTEBOOK [voila options]``: see :mod:`serve.app`."""

from serve.app import main

main()
