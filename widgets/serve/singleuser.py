"""``python -m widgets.serve.singleuser``: a JupyterHub user's server, as
``jupyterhub-singleuser`` starts it, without the iri grammar
(:func:`widgets.voila_query.keep_out_iri_grammar`, ~2 s of CPU less per user's server).
``deploy/jupyterhub``'s ``Spawner.cmd`` starts it."""

import sys

from widgets.voila_query import keep_out_iri_grammar

keep_out_iri_grammar()  # before jupyter_server's stack imports jsonschema

from jupyterhub.singleuser import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
