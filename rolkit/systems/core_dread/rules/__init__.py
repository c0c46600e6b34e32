"""The spec's pure rule functions, one module per topic.

:mod:`.laws` (§1.4 integer weights of one roll, memoised), :mod:`.rolls` (§1, §4.1–4.2 one
roll: hits, rerolls, degrees, exact laws, the opposed check), :mod:`.pools` (§1.2 the
effective attribute of a roll), :mod:`.damage` (§4.4–4.7 multipliers, opposed damage,
armour), :mod:`.wounds` (§4.8–4.11, §4.17 damage limits, the track, penalties),
:mod:`.hazards` (§4.15) and :mod:`.healing` (§4.16).
"""
