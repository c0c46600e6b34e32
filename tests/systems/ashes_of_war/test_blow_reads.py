"""``SYSTEM.blow_reads`` (#27 item 7): a blow's after-state law reads its attacker only
through the attack pool (§4.4) when the attacker has no pending ▽ and may attack, so a
whole fight builds one law per pool and gives every such attacker the same rows, each
with its own form after (``rolkit.fight.laws.Laws.law``). Checked against the system's
own law, built for every blow the fights below meet."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest

import rolkit
from rolkit.actions import TurnRules
from rolkit.fight import odds as fight_odds_module
from rolkit.fight import odds_of_fighters
from rolkit.fight.independent import NotDecomposable
from rolkit.systems.ashes_of_war import RulesConfig
from rolkit.systems.ashes_of_war.after import blow_reads
from rolkit.systems.ashes_of_war.forms import evolve

S = rolkit.get_system("ashes_of_war")
D = S.defaults()
ONE = dataclasses.replace(S, actions={}, turn_rules=TurnRules())  # one attack a turn
REPORTED = RulesConfig(first_serious_applied=False)
FIGHTERS = [("A", "a", D["attacker"], D["weapon"]), ("B", "b", D["defender"], D["weapon"])]

#: (system, rounds, options): the benchmark's round (exact), the same with the
#: first-serious effects applied (▽ on a wounded arm: the attackers' pools differ), and
#: two rounds (simulated: past the exact bound, its laws built as drawn)
FIGHTS = [(ONE, 1, REPORTED), (ONE, 1, None), (ONE, 2, None), (ONE, 2, REPORTED)]


def _chain_walks(*_args: Any) -> Any:
    """The horizon by the chain's own walk, not by the duel's one-sided chains
    (:mod:`rolkit.fight.horizon_split`): what this file checks."""
    raise NotDecomposable("the chain's own walk")


def _chain_of(system: Any, rounds: int, options: Any, share: bool) -> tuple[Any, Any]:
    """The fight's odds and its chain, laws shared by ``blow_reads`` or not."""
    made: list[Any] = []
    real = fight_odds_module.Chain

    def chain(*args: Any, **kw: Any) -> Any:
        c = real(*args, **kw)
        c.share_reads = share
        made.append(c)
        return c

    fight_odds_module.Chain = chain  # type: ignore[misc]
    split = fight_odds_module.split_horizon
    fight_odds_module.split_horizon = _chain_walks  # type: ignore[assignment]
    try:
        rolkit.clear_caches()
        result = odds_of_fighters(system, FIGHTERS, rounds=rounds, options=options)
    finally:
        fight_odds_module.Chain = real  # type: ignore[misc]
        fight_odds_module.split_horizon = split  # type: ignore[assignment]
    return result, made[-1]


def _over_forms(c: Any, law: Any) -> dict[tuple[Any, ...], Fraction]:
    den, rows = law
    out: dict[tuple[Any, ...], Fraction] = {}
    for after, n in rows:
        k = (c.forms[after.attacker], c.forms[after.defender], c.forms[after.weapon])
        out[k] = out.get(k, Fraction(0)) + Fraction(n, den)
    return out


@pytest.mark.parametrize("system, rounds, options", FIGHTS)
def test_every_shared_law_is_the_systems_own(system: Any, rounds: int, options: Any):
    _result, c = _chain_of(system, rounds, options, share=True)
    shared = 0
    for key, law in c._laws.items():
        a, d, w = (c.forms[k] for k in key[:3])
        mods = c.blow(key)[0]
        own = S.transitions(a, d, w, mods, c.options, with_weapon=True)
        assert _over_forms(c, law) == own, key
        shared += c._reads(key) is not None
    assert shared > len(c._by_reads)  # some laws were really shared


@pytest.mark.parametrize("system, rounds, options", FIGHTS)
def test_sharing_changes_no_result(system: Any, rounds: int, options: Any):
    on, c_on = _chain_of(system, rounds, options, share=True)
    off, c_off = _chain_of(system, rounds, options, share=False)
    assert repr(dataclasses.asdict(on)) == repr(dataclasses.asdict(off))
    assert on.states == off.states and on.p_win == off.p_win
    assert len(c_off._by_reads) == 0 and len(c_on._by_reads) > 0


def test_equal_pools_give_the_same_law_but_for_the_attacker():
    """Attackers with equal reads, from the wounded forms a round reaches: each one's law
    is the other's with the attacker swapped."""
    _result, c = _chain_of(ONE, 2, None, share=False)
    kira = D["attacker"].name
    attackers = [f for f in c.forms if isinstance(f, type(D["attacker"])) and f.name == kira]
    attackers = [f for f in attackers if S.status(f) is None]
    by_reads: dict[Any, list[Any]] = {}
    for a in attackers:
        reads = blow_reads(a, D["weapon"], D["modifiers"], c.options)
        if reads is not None:
            by_reads.setdefault(reads, []).append(a)
    assert len(by_reads) >= 2  # the pools differ (▽ of a wounded arm)
    pairs = 0
    for group in by_reads.values():
        base = S.transitions(group[0], D["defender"], D["weapon"], D["modifiers"], c.options)
        for other in group[1:4]:
            law = S.transitions(other, D["defender"], D["weapon"], D["modifiers"], c.options)
            assert law == {(other, d): p for (_a, d), p in base.items()}
            pairs += 1
    assert pairs > 0


def test_no_reads_when_the_law_would_change_or_refuse_the_attacker():
    a, w, m = D["attacker"], D["weapon"], D["modifiers"]
    assert blow_reads(a, w, m, REPORTED) is not None
    assert blow_reads(evolve(a, pending_desgracias=1), w, m, REPORTED) is None  # spent
    down = evolve(a, conditions=evolve(a.conditions, unconscious=True))
    assert blow_reads(down, w, m, REPORTED) is None
    assert blow_reads(a, evolve(w, integrity=0), m, REPORTED) is None  # no blow
    assert blow_reads(a, w, m, "not rules") is None
