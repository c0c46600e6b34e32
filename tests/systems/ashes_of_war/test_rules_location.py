"""Hit location (§4.11, T4): a lost part moves toward the torso."""

from __future__ import annotations

from rolkit.systems.ashes_of_war.rules.location import location_weights


def test_random_location_on_a_lost_part_moves_toward_the_torso():
    w = location_weights(frozenset({"right_arm", "right_hand"}))
    assert "right_arm" not in w and "right_hand" not in w
    assert w["torso"] == 6 + 2 + 1
    assert sum(w.values()) == 20
