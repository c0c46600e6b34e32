"""P16–P17 jumps and falls (:mod:`rolkit.systems.tierkreis.rules.hazards`) under their
options."""

from __future__ import annotations

from fractions import Fraction as F

from rolkit.systems import tierkreis as tk


def test_jump_and_fall_options() -> None:
    assert tk.jump_modifier(6, 4, run_up=False, standing="hard_cap") is None
    assert tk.jump_modifier(6, 3, run_up=False, standing="hard_cap") == 0
    assert tk.jump_modifier(5, F(5, 2), run_up=False) == 0  # exact half: FUE 5 → 2.5 m
    assert tk.jump_modifier(6, F(11, 2)) == 0 and tk.jump_modifier(6, F(13, 2)) == -1  # G14
    assert tk.fall_damage(7, 6) == 3 and tk.fall_damage(7, 6, "up") == 4
