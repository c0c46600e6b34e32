"""The Ashes of War spec's pure rule functions, one module per topic: ``mechanic`` (§2.2),
``dice`` (§2.3, §4.1–§4.2), ``pools`` (§4.4–§4.6), ``legality`` (§4.3, §4.5), ``location``
(§4.11), ``damage`` (§4.9, §4.12–§4.13), ``wounds`` (§4.14–§4.17) and ``healing`` (§4.17,
§4.23, T8). Nothing is re-exported here: the options import ``mechanic`` alone.
"""
