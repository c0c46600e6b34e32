"""``python -m widgets.serve NOTEBOOK [voila options]``: Voilà with rolkit's serving layer on any
notebook (the tests use it); ``rolkit dashboard`` (:mod:`widgets.serve.cli`) serves the
dashboard with the options of ``make dashboard``."""

from widgets.voila_query import keep_out_iri_grammar

keep_out_iri_grammar()  # before Voilà's stack imports jsonschema (~2 s of CPU less)

from widgets.serve.app import main  # noqa: E402

main()
