"""The benchmark's icepool peer of the Tierkreis 1v1 fight (``bench_fight.peer_rows``,
#27 item 7) plays the same fight as rolkit: #25's turn of actions (standing up with the
action, the free attack of a fumble's 9–10), asserted here on fighters of 1 PV (VIT 1) so
the check costs about a second; the bench asserts it again at the default 4 PV before it
times the two.

The bench's peer keeps a fumble's −2 until the GM clears it (option
``fumble_penalty_expires`` off), so it is checked against rolkit with the option off; the
default, the spec's timed −2 (P8/T1 «hasta el final de su próximo turno»), is checked
against the same peer with its −2 timed (``icepool_fight(timed=True)``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

icepool = pytest.importorskip("icepool")

from benchmarks.bench_tierkreis import icepool_fight  # noqa: E402
from rolkit import clear_caches  # noqa: E402
from rolkit.fight import odds_of_fighters  # noqa: E402
from rolkit.systems import tierkreis as tk  # noqa: E402

UNTIMED = tk.TierkreisOptions(fumble_penalty_expires=False)


def rolkit_duel(vitality: int, options: tk.TierkreisOptions | None = None) -> Any:
    """The bench's ``rolkit_fight`` with explicit options: A (default attacker and weapon)
    acts first, B (default defender and weapon), default modifiers, to the end."""
    clear_caches()
    s, d = tk.SYSTEM, tk.SYSTEM.defaults()
    a, b = (replace(d[r], vitality=vitality) for r in ("attacker", "defender"))
    fighters = [("A", "a", a, d["weapon"]), ("B", "b", b, d["weapon"])]
    return odds_of_fighters(s, fighters, rounds=None, options=options)


@pytest.fixture(scope="module")
def ours():
    return rolkit_duel(1, UNTIMED)


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


# --------------------------------------------------------------------------- the timed −2
def test_the_default_timed_minus_two_matches_a_timed_peer(ours):
    """P8/T1 by default: rolkit's exact duel equals the bench's peer with its −2 timed
    (ended after the fumbler's next turn), and the timed law differs from the untimed one
    (the test can fail)."""
    untimed = icepool_fight(vitality=1)
    default = rolkit_duel(1)
    assert default.exact and default.p_draw == 0 and default.p_ongoing == 0
    timed = icepool_fight(vitality=1, timed=True)
    assert timed == {"A": default.p_win["a"], "B": default.p_win["b"], "draw": 0}
    assert timed["A"] != untimed["A"]
