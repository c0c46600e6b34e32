"""rolkit's ipywidgets layer: no rule logic, only widgets around ``rolkit``.

* :mod:`widgets.forms`: ``form_for(cls, lang)``, a form generated from field metadata.
* :mod:`widgets.views`: odds table, chart and roll history entries.
* :mod:`widgets.app`: ``Dashboard``, the Voilà dashboard (``notebooks/dashboard.ipynb``).
* :mod:`widgets.errors`: every callback guarded; details to a log file, never the page.
* :mod:`widgets.testing`: Voilà + Playwright helpers for the browser tests and benchmark.

Inside the project write ``import ipywidgets as ipw`` so the two packages never blur.
"""
