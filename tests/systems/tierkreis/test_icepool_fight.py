"""The benchmark's icepool peer of the Tierkreis 1v1 fight (``bench_fight.peer_rows``,
#27 item 7) plays the same fight as rolkit: #25's turn of actions (standing up with the
action, the free attack of a fumble's 9–10), asserted here on fighters of 1 PV (VIT 1) so
the check costs about a second; the bench asserts it again at the default 4 PV before it
times the two."""

from __future__ import annotations

import pytest

pytest.importorskip("icepool")

from benchmarks.bench_tierkreis import icepool_fight, rolkit_fight  # noqa: E402


@pytest.fixture(scope="module")
def ours():
    return rolkit_fight(vitality=1)


def test_the_icepool_chain_has_rolkits_exact_win_law(ours):
    assert ours.exact and ours.p_draw == 0 and ours.p_ongoing == 0
    theirs = icepool_fight(vitality=1)
    assert theirs == {"A": ours.p_win["a"], "B": ours.p_win["b"], "draw": 0}


def test_the_turn_rules_the_peer_plays_change_the_law(ours, monkeypatch):
    """Standing up and the free attack do move the answer: the chain without them (every
    turn one attack, as before #25) gives another law, so the test above can fail."""
    from benchmarks import bench_tierkreis as bt

    monkeypatch.setattr(bt, "icepool_turn", bt.icepool_attack_forms)
    assert icepool_fight(vitality=1)["A"] != ours.p_win["a"]
