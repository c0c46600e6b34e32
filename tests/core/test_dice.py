"""rolkit.dice: exact distributions, the parser, seeded rolling."""

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rolkit import DiceSyntaxError, RulesError, dice
from rolkit.dice import (
    MAX_DICE,
    Distribution,
    ScriptedDice,
    combine,
    constant,
    die,
    distribution_of,
    parse,
    roll,
)


def brute_force(terms: list[tuple[int, int, int]]) -> dict[int, Fraction]:
    """Every face of every die, enumerated: [(sign, count, sides or 0 for a constant)]."""
    ranges, const = [], 0
    for sign, count, sides in terms:
        if sides == 0:
            const += sign * count
        else:
            ranges += [[sign * f for f in range(1, sides + 1)]] * count
    counts = Counter(sum(faces) + const for faces in itertools.product(*ranges))
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("1D8+1D4", [(1, 1, 8), (1, 1, 4)]),
        ("2d6+3", [(1, 2, 6), (1, 3, 0)]),
        ("1D3-1", [(1, 1, 3), (-1, 1, 0)]),
        ("3d6", [(1, 3, 6)]),
        ("-1D4+2", [(-1, 1, 4), (1, 2, 0)]),
        ("1d6-1d6", [(1, 1, 6), (-1, 1, 6)]),
        ("1d6-2d4+3", [(1, 1, 6), (-1, 2, 4), (1, 3, 0)]),
        ("2d4-1d3+1d8-2", [(1, 2, 4), (-1, 1, 3), (1, 1, 8), (-1, 2, 0)]),
        ("d%", [(1, 1, 100)]),
        ("7", [(1, 7, 0)]),
    ],
)
def test_expression_distribution_matches_brute_force(text, terms):
    assert parse(text).distribution() == brute_force(terms)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("1d8 + 1d4", "1D8+1D4"),
        ("2D6+3", "2D6+3"),
        (" 1d3 - 1 ", "1D3-1"),
        ("d6", "1D6"),
        ("d%", "1D100"),
        ("-1d4", "-1D4"),
    ],
)
def test_canonical_form(text, canonical):
    assert str(parse(text)) == canonical
    assert str(parse(canonical)) == canonical


@pytest.mark.parametrize(
    ("text", "position", "expected_word"),
    [
        ("", 0, "a number or a die"),
        ("2d", 2, "sides"),
        ("1D8+", 4, "after the sign"),
        ("x", 0, "a number or a die"),
        ("3*2", 1, "'+', '-' or the end"),
        ("__import__('os')", 0, "a number or a die"),
        ("1d6;2", 3, "'+', '-' or the end"),
    ],
)
def test_syntax_errors_name_position_and_expectation(text, position, expected_word):
    with pytest.raises(DiceSyntaxError) as info:
        parse(text)
    err = info.value
    assert isinstance(err, RulesError) and isinstance(err, ValueError)
    assert err.position == position
    assert expected_word in err.expected
    assert err.field == "expression"
    assert "inesperado" in err.message("es") or "fin del texto" in err.message("es")


@pytest.mark.parametrize("text", ["101d6", "1d0", "1d1001", "0d6", "60d6+60d6", "100001"])
def test_limits_are_rejected(text):
    with pytest.raises(DiceSyntaxError):
        parse(text)


def test_max_dice_is_accepted():
    assert parse(f"{MAX_DICE}d2").dice_count == MAX_DICE


def test_min_max_and_mean():
    e = parse("1D8+1D4-2")
    assert (e.minimum, e.maximum) == (0, 10)
    assert e.distribution().mean == Fraction(9, 2) + Fraction(5, 2) - 2


def test_prob_comparisons():
    d = distribution_of("1D8+1D4")
    assert d.prob(">=", 6) == Fraction(22, 32)  # sums 2..5 have 1+2+3+4 ways of 32
    assert d.prob("<", 6) == 1 - d.prob(">=", 6)
    assert d.prob("==", 2) == Fraction(1, 32)
    assert d.prob("!=", 2) == Fraction(31, 32)
    assert d.prob("<=", 12) == 1
    assert d.prob(">", 12) == 0
    with pytest.raises(ValueError):
        d.prob("=>", 3)


def test_distribution_has_no_truth_value():
    with pytest.raises(TypeError, match="prob"):
        bool(die(6))


def test_distribution_is_normalised_and_sorted():
    d = Distribution({3: 2, 1: 1, 2: 1})
    assert list(d) == [1, 2, 3]
    assert d[3] == Fraction(1, 2)
    assert d[99] == 0
    assert sum(d.values()) == 1


def test_operations_agree_with_brute_force():
    assert die(6).repeat(3) == brute_force([(1, 3, 6)])
    assert die(6) + die(4) == brute_force([(1, 1, 6), (1, 1, 4)])
    assert die(6) - 1 == brute_force([(1, 1, 6), (-1, 1, 0)])
    assert combine(die(6), die(6), max) == {k: Fraction(2 * k - 1, 36) for k in range(1, 7)}
    assert die(6).map(lambda x: x % 2) == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert die(6).repeat(0) == constant(0)


def test_at_least_column():
    d = die(4)
    assert d.at_least == {1: 1, 2: Fraction(3, 4), 3: Fraction(1, 2), 4: Fraction(1, 4)}


def test_seeded_roll_is_reproducible_and_in_range():
    a = roll("3d6+2", random.Random(42))
    b = roll("3d6+2", random.Random(42))
    assert a == b
    assert 5 <= a.total <= 20
    assert a.total == sum(a.faces[0]) + 2
    assert a.breakdown().endswith(f"= {a.total}")


def test_scripted_dice_drive_faces_in_order():
    r = roll("1D8+1D4-1", ScriptedDice([7, 3]))
    assert r.faces == ((7,), (3,), ())
    assert r.total == 9
    assert r.breakdown() == "1D8 (7) + 1D4 (3) - 1 = 9"


def test_scripted_dice_refuse_bad_faces_and_running_out():
    with pytest.raises(RulesError):
        ScriptedDice([7]).randint(1, 6)
    s = ScriptedDice([1])
    s.randint(1, 6)
    with pytest.raises(RulesError):
        s.randint(1, 6)


# Hypothesis: generate expressions rule by rule from the grammar.
term = st.one_of(
    st.builds(lambda n, s: f"{n}d{s}", st.integers(1, 3), st.integers(1, 8)),
    st.integers(0, 20).map(str),
)
expression = st.builds(
    lambda first, rest: first + "".join(op + t for op, t in rest),
    term,
    st.lists(st.tuples(st.sampled_from(["+", "-"]), term), max_size=3),
)


@settings(max_examples=150, deadline=None)
@given(expression)
def test_every_grammar_expression_parses_to_its_canonical_form(text):
    e = parse(text)
    assert parse(str(e)) == e
    d = e.distribution()
    assert sum(d.values()) == 1
    assert min(d) == e.minimum and max(d) == e.maximum


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_any_text_parses_or_raises_a_rules_error(text):
    try:
        parse(text)
    except RulesError as err:
        assert err.field == "expression"


def test_exact_work_is_budgeted_so_no_expression_hangs_a_kernel():
    import time

    from rolkit.dice import TooLargeError, distribution_of, parse

    t0 = time.thread_time()  # the work done (CPU), which the machine's load cannot stretch
    with pytest.raises(TooLargeError, match="too large for exact odds"):
        distribution_of("50d1000-50d1000")
    assert time.thread_time() - t0 < 1
    assert parse("100d100").work <= dice.MAX_WORK  # the documented ceiling still works
    assert distribution_of("100d100").mean == 5050


def test_huge_numbers_are_limit_errors_not_crashes():
    for text in ("9" * 5000 + "d6", "1d" + "7" * 5000, "3+" + "1" * 5000, "1d6+" * 200 + "1"):
        with pytest.raises(RulesError) as info:
            dice.parse(text)
        assert len(str(info.value)) < 300
