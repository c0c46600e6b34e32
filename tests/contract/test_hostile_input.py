"""Every hostile input ends in a RulesError or a result — never another exception, never a
hang: out-of-range, wrong-type, huge (10**5000, 5000-digit strings), negative, empty,
NaN/inf and unicode values in every field of every form (the four forms, the options, each
check's form) of every system, through the dataclasses, ``s.odds``, ``s.resolve`` and the
checks. The number of cases tried is printed (``pytest -s``) and asserted."""

from __future__ import annotations

import contextlib
import dataclasses
import math
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rolkit
from rolkit import fields

HOSTILE: list[Any] = [
    10**5000,
    -(10**5000),
    "9" * 5000,
    "1d" + "9" * 5000,
    -1,
    -(2**63),
    2**63,
    0,
    "",
    " ",
    None,
    math.nan,
    math.inf,
    -math.inf,
    1.5,
    True,
    "ñandú ☠️ \u202e\x00",
    "<script>alert(1)</script>",
    [1, 2],
    {"a": 1},
    frozenset({"x"}),
    object(),
]
#: Longest any one exact computation may take here (the dice engine's budget is ~2 s), in
#: CPU seconds of the test's own thread (:func:`time.thread_time`): a bound on the work
#: done, which the machine's load cannot stretch (wall-clock limits belong to the serial
#: tests, run alone) and a leftover background thread of another test cannot inflate.
LIMIT_S = 10.0
TRIED: dict[str, int] = {}


def _targets(system_id: str) -> list[tuple[str, type, str]]:
    s = rolkit.get_system(system_id)
    out = [(role, cls, name) for role, cls in s.forms.items() for name, _ in fields.describe(cls)]
    out += [("options", s.options_type, n) for n, _ in fields.describe(s.options_type)]
    for cid, chk in s.checks.items():
        out += [(f"check:{cid}", chk.form, n) for n, _ in fields.describe(chk.form)]
    return out


def _exercise(system_id: str, where: str, cls: type, name: str, value: Any) -> None:
    s = rolkit.get_system(system_id)
    base = (
        s.checks[where[6:]].defaults()
        if where.startswith("check:")
        else (s.options_type() if where == "options" else s.defaults()[where])
    )
    t0 = time.thread_time()
    try:
        form = dataclasses.replace(base, **{name: value})
    except rolkit.RulesError:
        return  # refused plainly: the point
    try:
        if where.startswith("check:"):
            chk = s.checks[where[6:]]
            chk.odds(form)
            chk.resolve(form, seed=3)
        elif where == "options":
            s.odds(**s.defaults(), options=form)
            s.resolve(**s.defaults(), options=form, seed=3)
        else:
            forms = {**s.defaults(), where: form}
            s.odds(**forms)
            s.resolve(**forms, seed=3)
    except rolkit.RulesError:
        pass
    assert time.thread_time() - t0 < LIMIT_S, (system_id, where, name, repr(value)[:40])


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_every_field_takes_every_hostile_value_plainly(system_id):
    n = 0
    for where, cls, name in _targets(system_id):
        for value in HOSTILE:
            _exercise(system_id, where, cls, name, value)
            n += 1
    TRIED[system_id] = n
    print(f"{system_id}: {n} hostile cases, each a RulesError or a result")
    assert n >= 100


TEXT = st.text(min_size=0, max_size=60)
ANY = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=3),
)


@pytest.mark.parametrize("system_id", rolkit.systems())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_values_in_random_fields_end_plainly(system_id, data):
    where, cls, name = data.draw(st.sampled_from(_targets(system_id)))
    _exercise(system_id, where, cls, name, data.draw(ANY))


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="0123456789dD%+- x", max_size=40))
def test_the_dice_parser_refuses_or_parses_every_text(text):
    from rolkit import dice

    try:
        expr = dice.parse(text)
    except rolkit.RulesError:
        return
    t0 = time.thread_time()
    with contextlib.suppress(rolkit.RulesError):
        expr.distribution()
    assert time.thread_time() - t0 < LIMIT_S


@settings(max_examples=100, deadline=None)
@given(
    doc=st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
        lambda inner: st.one_of(
            st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
        ),
        max_leaves=12,
    )
)
def test_the_roster_loader_refuses_any_document_plainly(tmp_path_factory, doc):
    import json

    from rolkit.roster import Roster

    path = tmp_path_factory.mktemp("roster") / "r.json"
    path.write_text(json.dumps(doc))
    with contextlib.suppress(rolkit.RulesError):
        Roster(path)
    assert json.loads(path.read_text()) == doc  # never rewritten by a load
