"""The G.O.R.E. spec's pure rule functions, one module per topic: :mod:`.checks` (§1 d100
tiers, opposition, contests), :mod:`.derived` (§2.1 HP, T8 location HP, the values of
empty fields), :mod:`.location` (T7), :mod:`.skills` (P5/P6 and the cross-form checks),
:mod:`.ranged` (P11), :mod:`.matrices` (T4–T6), :mod:`.damage` (P9/P10), :mod:`.wounds`
(P12/P13), :mod:`.fate` (§7.3), :mod:`.hazards` (P17), :mod:`.time` (P7, P13.8, P18,
P19)."""
