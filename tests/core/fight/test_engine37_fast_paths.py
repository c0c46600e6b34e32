"""#27 item 7: the chain's fast paths give what the plain ones gave.

* ``Laws._built_law`` finds the forms after a blow by identity before interning them: each
  row's ids name forms equal to the system's own after-state law's, with its weights over
  the lcm of its denominators (every system's default blow, fresh and on a wounded form);
  an equal form that is not the interned object still gets the interned one's id.
* ``Laws.hook_law`` takes a one-form rule as certain: the System refuses a rule whose one
  form is not certain, so the chain never meets one.
* ``independent._push`` reads no clock without a deadline, and stops past one.
"""

from __future__ import annotations

import copy
import dataclasses
import math
from fractions import Fraction

import pytest

import rolkit
from rolkit.fight import independent
from rolkit.fight.laws import Laws
from rolkit.fight.state import BlowKey

SYSTEMS = ("core_dread", "gore", "nsd20", "tierkreis", "ashes_of_war")


def _rows_of(laws: Laws, key: BlowKey) -> dict[tuple[object, object, object], Fraction]:
    den, rows = laws.law(key)
    out: dict[tuple[object, object, object], Fraction] = {}
    for after, w in rows:
        forms = (laws.forms[after.attacker], laws.forms[after.defender], laws.forms[after.weapon])
        out[forms] = out.get(forms, Fraction(0)) + Fraction(w, den)
    return out


@pytest.mark.parametrize("sid", SYSTEMS)
def test_blow_law_rows_are_the_systems_law_over_interned_ids(sid: str) -> None:
    s = rolkit.get_system(sid)
    d = s.defaults()
    laws = Laws(s, d["modifiers"], s.default_options)
    a, b, w = laws.intern(d["attacker"]), laws.intern(d["defender"]), laws.intern(d["weapon"])
    want = s.transitions(
        d["attacker"], d["defender"], d["weapon"], d["modifiers"], with_weapon=True
    )
    assert _rows_of(laws, BlowKey(a, b, w, True)) == want
    den, rows = laws.law(BlowKey(a, b, w, True))
    assert den == math.lcm(*(p.denominator for p in want.values()))
    # each id is the id of its form (equal forms, one id)
    for after, _w in rows:
        for fid in after:
            assert laws.intern(laws.forms[fid]) == fid
    # a blow on a form the first blow left (the most likely changed defender)
    changed = [
        k[1] for k, _p in sorted(want.items(), key=lambda kv: -kv[1]) if k[1] != d["defender"]
    ]
    if changed:
        hurt = laws.intern(changed[0])
        again = s.transitions(
            d["attacker"], changed[0], d["weapon"], d["modifiers"], with_weapon=True
        )
        assert _rows_of(laws, BlowKey(a, hurt, w, True)) == again


def test_an_equal_form_not_interned_gets_the_interned_id() -> None:
    s = rolkit.get_system("ashes_of_war")
    d = s.defaults()
    laws = Laws(s, d["modifiers"], s.default_options)
    first = laws.intern(d["defender"])
    twin = copy.deepcopy(d["defender"])
    assert twin is not d["defender"] and twin == d["defender"]
    assert laws.intern(twin) == first
    assert len(laws.forms) == 1


def test_a_one_form_rule_not_certain_is_refused() -> None:
    s = rolkit.get_system("ashes_of_war")
    d = s.defaults()
    half = dataclasses.replace(s, round_end_fn=lambda c, o: {c: Fraction(1, 2)})
    laws = Laws(half, d["modifiers"], half.default_options)
    fid = laws.intern(d["defender"])
    with pytest.raises(ValueError, match="sums to 1/2"):
        laws.hook_law("end", fid)


def _side() -> independent._Side:
    return independent._Side({(0, 0): 1, (1, 0): 2}, 3)


def _law(key: tuple[int, int]) -> independent.SideLaw:
    return (2, (((key[0], 1), 1), (independent._Fell("down"), 1)))


def test_push_without_a_deadline_reads_no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    want = independent._push(_side(), _law)

    def no_clock() -> float:
        raise AssertionError("the clock was read")

    monkeypatch.setattr(independent.time, "perf_counter", no_clock)
    assert independent._push(_side(), _law) == want
    assert want == (independent._Side({(0, 1): 1, (1, 1): 2}, 6), {"down": 3})


def test_push_past_its_deadline_stops() -> None:
    with pytest.raises(independent._OutOfTime):
        independent._push(_side(), _law, deadline=0.0)
