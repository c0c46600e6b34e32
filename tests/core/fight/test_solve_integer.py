"""The solve's integer elimination (:func:`rolkit.fight.linear.solve_integer`) gives
exactly what the plain Fraction Gauss–Jordan (:func:`~rolkit.fight.linear.gauss_jordan`,
kept as the reference) gives — every value, every key in the same order, the same
singular systems — on random systems (absorbing chains' round starts, and signed
matrices with many cancellations), each answer also checked by substitution; and whole
fights solved through either give byte-identical laws."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rolkit
from rolkit.fight import odds_of_fighters
from rolkit.fight import solve as solve_module
from rolkit.fight.chain import Chain
from rolkit.fight.linear import gauss_jordan, solve_integer
from rolkit.fight.spec import FightSpec

KEYS = ["win a", "win b", "fate", "rounds", "x", "y"]


def _as_fractions(
    solution: list[tuple[int, dict[str, int]]] | None,
) -> list[dict[str, Fraction]] | None:
    if solution is None:
        return None
    assert all(den > 0 for den, _ in solution)
    return [{key: Fraction(n, den) for key, n in nums.items()} for den, nums in solution]


def _reference(matrix: list[list[int]], rhs: list[dict[str, int]]) -> Any:
    return gauss_jordan(
        [[Fraction(x) for x in row] for row in matrix],
        [{key: Fraction(n) for key, n in values.items()} for values in rhs],
    )


def _check(matrix: list[list[int]], rhs: list[dict[str, int]]) -> None:
    """Equal to the reference, keys in its order; and a solution by substitution."""
    want = _reference(matrix, rhs)
    got = _as_fractions(solve_integer([list(r) for r in matrix], [dict(v) for v in rhs]))
    assert repr(got) == repr(want)
    if got is not None:
        for row, values in zip(matrix, rhs, strict=True):
            for key in KEYS:
                lhs = sum((a * x.get(key, Fraction(0)) for a, x in zip(row, got, strict=True)),
                          Fraction(0))  # fmt: skip
                assert lhs == values.get(key, 0)


def _rhs(draw: Any, k: int, big: bool) -> list[dict[str, int]]:
    values = st.integers(-(10**60), 10**60) if big else st.integers(-3, 3)
    return [
        {key: draw(values) for key in draw(st.permutations(KEYS))[: draw(st.integers(0, 4))]}
        for _ in range(k)
    ]


@st.composite
def absorbing_systems(draw: Any) -> tuple[list[list[int]], list[dict[str, int]]]:
    """Round starts of an absorbing chain as the solve writes them: row ``i`` is
    ``d_i V_i − Σ_j a_ij V_j = c_i``, ``a_ij`` weights over ``d_i`` (a shared large
    factor, as the marginals solved before bring), ``c_i`` large."""
    k = draw(st.integers(1, 7))
    matrix: list[list[int]] = []
    for i in range(k):
        den = draw(st.integers(1, 36))
        weights = [draw(st.integers(0, 6)) if draw(st.booleans()) else 0 for _ in range(k)]
        total = sum(weights)
        den = max(den, total)
        factor = draw(st.sampled_from([1, 7, 12**9, 2**61 - 1]))
        matrix.append([factor * ((den if j == i else 0) - w) for j, w in enumerate(weights)])
    return matrix, _rhs(draw, k, big=True)


@st.composite
def signed_systems(draw: Any) -> tuple[list[list[int]], list[dict[str, int]]]:
    """Any small signed matrix: zero pivots, row swaps, cancellations, singular ones."""
    k = draw(st.integers(0, 6))
    matrix = [[draw(st.integers(-2, 2)) for _ in range(k)] for _ in range(k)]
    return matrix, _rhs(draw, k, big=draw(st.booleans()))


@settings(max_examples=400, deadline=None)
@given(absorbing_systems())
def test_integer_solve_equals_fraction_gauss_jordan_on_absorbing_chains(system: Any) -> None:
    _check(*system)


@settings(max_examples=400, deadline=None)
@given(signed_systems())
def test_integer_solve_equals_fraction_gauss_jordan_on_signed_systems(system: Any) -> None:
    _check(*system)


def test_a_singular_system_is_none_and_a_cancelling_one_keeps_its_zero_keys() -> None:
    assert solve_integer([[2, -2], [-1, 1]], [{"x": 1}, {"y": 1}]) is None
    # the second row's "x" cancels to 0 once the first is subtracted: kept, as Fraction GJ
    _check([[1, 1], [1, 2]], [{"x": 1}, {"x": 1, "y": 1}])
    _check([[0, 3], [5, 0]], [{"y": 2}, {"x": 10**50}])  # a row swap


def _reference_solve_integer(
    matrix: list[list[int]], rhs: list[dict[Any, int]]
) -> list[tuple[int, dict[Any, int]]] | None:
    """The solve's former path: Fraction Gauss–Jordan, each answer over the lcm of its
    values' denominators."""
    solution = _reference(matrix, rhs)
    if solution is None:
        return None
    out = []
    for values in solution:
        d = math.lcm(*(x.denominator for x in values.values())) if values else 1
        out.append((d, {key: int(x * d) for key, x in values.items()}))
    return out


def _duel(system: str, **changes: Any) -> tuple[rolkit.System, list[Any]]:
    s = rolkit.get_system(system)
    d = s.defaults()
    a, b = (dataclasses.replace(d[r], **changes) for r in ("attacker", "defender"))
    return s, [("A", "a", a, d["weapon"]), ("B", "b", b, d["weapon"])]


FIGHTS = [
    pytest.param("tierkreis", {"vitality": 1}, {}, id="tierkreis-8-round-starts"),
    pytest.param(
        "tierkreis",
        {"vitality": 1},
        {"fumble_penalty_expires": True},
        id="tierkreis-59-round-starts",
    ),
]


@pytest.mark.parametrize(("system", "changes", "options"), FIGHTS)
def test_real_fights_solve_byte_identical_to_the_fraction_path(
    system: str, changes: dict[str, Any], options: dict[str, Any], monkeypatch: Any
) -> None:
    """Every law the solve keeps (every turn's, in order) and the whole answer, through
    the integer elimination and through the Fraction reference, are the same bytes."""
    s, fighters = _duel(system, **changes)
    opts = dataclasses.replace(s.options_type(), **options)
    sizes: list[int] = []

    def run() -> tuple[str, str]:
        rolkit.clear_caches()
        chain = Chain(s, FightSpec(s.id, tuple(fighters)), s.defaults()["modifiers"], opts, {})
        chain.explore(10_000)
        absorber = solve_module.Absorber(chain)
        root = absorber.solve()
        rolkit.clear_caches()
        odds = odds_of_fighters(s, fighters, rounds=None, options=opts)
        return repr((root, list(absorber.memo.items()))), repr(odds)

    def counted(matrix: Any, rhs: Any) -> Any:
        sizes.append(len(matrix))
        return solve_integer(matrix, rhs)

    monkeypatch.setattr(solve_module, "solve_integer", counted)
    new = run()
    assert sizes and max(sizes) >= 8  # the fight does go through the round starts' system
    monkeypatch.setattr(solve_module, "solve_integer", _reference_solve_integer)
    assert run() == new
