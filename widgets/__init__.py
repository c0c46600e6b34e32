"""rolkit's ipywidgets layer: no rule logic, only widgets around ``rolkit``.

* :mod:`widgets.app`: ``Dashboard``, a thin shell (header, system, language, link, print,
  tabs) over one :class:`widgets.state.AppState`; panels plug in through ``PANELS``.
* :mod:`widgets.tabs`: the tabs, each panel built when its tab first opens (or a link needs it).
* :mod:`widgets.state`: the shared state and the link (query string) codec.
* :mod:`widgets.attack`: the Ataque tab (forms, live odds, Tirar, history, aplicar).
* :mod:`widgets.checks`: the Chequeos tab (``s.checks``: form, exact law, Tirar).
* :mod:`widgets.views`: headline, odds and check tables, charts, history entries, CSS.
* :mod:`widgets.forms`: ``form_for(cls, lang)``, a form generated from field metadata.
* :mod:`widgets.texts`: the dashboard's es/en strings. :mod:`widgets.timing`: debounce.
* :mod:`widgets.errors`: every callback guarded; details to a log file, never the page.

Inside the project write ``import ipywidgets as ipw`` so the two packages never blur.
"""
