"""Exact dice distributions, seeded rolling, and the dice-expression parser.

Conventions:

* A :class:`Distribution` is an immutable mapping ``outcome -> Fraction`` whose values sum
  to 1. Anything that looks like it mutates returns a new instance, so derived values
  are cached and per-die distributions are memoised.
* Randomness is injected: rolling takes any object with ``randint(a, b)``
  (``random.Random(seed)`` or a scripted test double), never the global ``random``.
* Expressions are parsed by the small grammar below, never evaluated.

Grammar (case-insensitive, spaces ignored)::

    expression := ["+" | "-"] term (("+" | "-") term)*
    term       := dice | number
    dice       := [count] "d" (sides | "%")        count 1..100, sides 1..1000
    number     := digits                           0..100000

Examples: ``1D8+1D4``, ``2d6+3``, ``1D3-1``, ``d%``, ``-1D4``. At most 100 dice in one
expression (so no input can hang a kernel).
"""

from __future__ import annotations

import contextlib
import operator
import re
import secrets
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from typing import Any, Literal, Protocol

from rolkit.errors import DiceSyntaxError, FieldRangeError, RulesError, shown
from rolkit.reprs import RichRepr

__all__ = [
    "Distribution",
    "die",
    "constant",
    "combine",
    "DiceExpression",
    "DiceTerm",
    "RolledDice",
    "parse",
    "roll",
    "distribution_of",
    "ScriptedDice",
    "MAX_DICE",
    "MAX_SIDES",
]

MAX_DICE = 100
MAX_SIDES = 1000
MAX_CONSTANT = 100_000
#: Longest expression text accepted.
MAX_LENGTH = 500
#: Largest exact work (integer operations of the convolution) one law may take: about 2 s
#: here, enough for 100d100; past it, :class:`TooLargeError` instead of a hung kernel.
MAX_WORK = 5_000_000

Comparison = Literal["==", "!=", "<=", "<", ">=", ">"]
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<=": operator.le,
    "<": operator.lt,
    ">=": operator.ge,
    ">": operator.gt,
}


# --------------------------------------------------------------------------- distributions
class Distribution(RichRepr, Mapping):
    """An exact probability distribution over hashable outcomes (immutable).

    Build one with :func:`die`, :func:`constant` or ``Distribution({outcome: weight})``
    (weights are normalised to Fractions summing to 1).
    """

    __slots__ = ("_p", "__dict__")

    def __init__(self, weights: Mapping[Hashable, Any]) -> None:
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("a distribution needs a positive total weight")
        items = [(k, Fraction(w) / total) for k, w in weights.items() if w]
        _sort_if_possible(items)
        self._p: dict[Hashable, Fraction] = dict(items)

    @classmethod
    def _exact(cls, probabilities: dict[Hashable, Fraction]) -> Distribution:
        """Wrap already-normalised probabilities without re-checking them."""
        d = cls.__new__(cls)
        items = [(k, p) for k, p in probabilities.items() if p]
        _sort_if_possible(items)
        d._p = dict(items)
        return d

    # mapping protocol
    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def __bool__(self) -> bool:
        raise TypeError("A Distribution has no truth value; use d.prob('>=', k) instead.")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._p == {k: v for k, v in other.items() if v}
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self._p.items())
        return f"Distribution({{{inner}}})"

    # queries
    def prob(self, comparison: Comparison, threshold: Any, /) -> Fraction:
        """P(outcome <comparison> threshold), e.g. ``d.prob('>=', 6)``."""
        cmp = _COMPARE.get(comparison)
        if cmp is None:
            raise ValueError(f"comparison must be one of {sorted(_COMPARE)} (got {comparison!r})")
        return sum((p for k, p in self._p.items() if cmp(k, threshold)), Fraction(0))

    @cached_property
    def mean(self) -> Fraction:
        return sum((k * p for k, p in self._p.items()), Fraction(0))  # type: ignore[operator]

    @cached_property
    def at_least(self) -> dict[Hashable, Fraction]:
        """``{k: P(outcome >= k)}`` for each outcome (outcomes must be sortable)."""
        out: dict[Hashable, Fraction] = {}
        running = Fraction(1)
        for k, p in self._p.items():
            out[k] = running
            running -= p
        return out

    # operations (each returns a new Distribution)
    def map(self, f: Callable[[Any], Hashable]) -> Distribution:
        """The law of ``f(outcome)``."""
        out: dict[Hashable, Fraction] = {}
        for k, p in self._p.items():
            fk = f(k)
            out[fk] = out.get(fk, 0) + p
        return Distribution._exact(out)

    def __add__(self, other: Distribution | int) -> Distribution:
        return combine(self, _lift(other), operator.add)

    __radd__ = __add__

    def __sub__(self, other: Distribution | int) -> Distribution:
        return combine(self, _lift(other), operator.sub)

    def __rsub__(self, other: int) -> Distribution:
        return combine(_lift(other), self, operator.sub)

    def __neg__(self) -> Distribution:
        return self.map(operator.neg)

    def repeat(self, n: int) -> Distribution:
        """The sum of ``n`` independent rolls (not ``n`` times one roll's outcome)."""
        if n < 0:
            raise ValueError("n must be >= 0")
        result = constant(0)
        base = self
        while n:
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result

    def as_dict(self) -> dict[Hashable, Fraction]:
        return dict(self._p)


def _sort_if_possible(items: list[tuple[Hashable, Fraction]]) -> None:
    """Sort outcomes when they are comparable (numbers, tuples); keep order otherwise."""
    with contextlib.suppress(TypeError):
        items.sort(key=lambda kv: kv[0])  # type: ignore[arg-type, return-value]


def _lift(x: Distribution | int) -> Distribution:
    return x if isinstance(x, Distribution) else constant(x)


def combine(a: Distribution, b: Distribution, op: Callable[[Any, Any], Hashable]) -> Distribution:
    """The law of ``op(x, y)`` for independent ``x ~ a`` and ``y ~ b`` (the one kernel)."""
    out: dict[Hashable, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            k = op(x, y)
            out[k] = out.get(k, 0) + p * q
    return Distribution._exact(out)


@cache
def die(sides: int) -> Distribution:
    """A fair die with faces ``1..sides``."""
    if not isinstance(sides, int) or sides < 1:
        raise ValueError("sides must be a whole number of at least 1")
    p = Fraction(1, sides)
    return Distribution._exact({k: p for k in range(1, sides + 1)})


def constant(value: Hashable) -> Distribution:
    """A point mass: ``value`` with probability 1."""
    return Distribution._exact({value: Fraction(1)})


class TooLargeError(RulesError):
    """An exact computation would exceed its work budget (a plain "too large" error)."""


# --------------------------------------------------------------------------- expressions
@dataclass(frozen=True)
class DiceTerm:
    """``sign × count d sides``, or ``sign × constant`` when ``sides == 0``."""

    sign: int
    count: int
    sides: int

    def __str__(self) -> str:
        body = f"{self.count}D{self.sides}" if self.sides else str(self.count)
        return body

    @property
    def is_dice(self) -> bool:
        return self.sides > 0


@dataclass(frozen=True)
class RolledDice(RichRepr):
    """What happened when an expression was rolled: every face, per term, and the total."""

    expression: DiceExpression
    faces: tuple[tuple[int, ...], ...]
    total: int

    def breakdown(self) -> str:
        """d20-style text: ``1D8 (3) + 1D4 (4) + 1 = 8``."""
        parts = []
        for i, (term, faces) in enumerate(zip(self.expression.terms, self.faces, strict=True)):
            sign = "-" if term.sign < 0 else ("+" if i else "")
            text = f"{term} ({', '.join(map(str, faces))})" if term.is_dice else str(term)
            parts.append(f"{sign} {text}".strip() if i else f"{sign}{text}")
        return f"{' '.join(parts)} = {self.total}"

    def __repr__(self) -> str:
        return f"RolledDice({self.breakdown()})"


@dataclass(frozen=True)
class DiceExpression:
    """A parsed dice expression; ``str()`` gives back its canonical form."""

    terms: tuple[DiceTerm, ...]

    def __str__(self) -> str:
        out = ""
        for i, t in enumerate(self.terms):
            if t.sign < 0:
                out += "-"
            elif i:
                out += "+"
            out += str(t)
        return out

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms if t.is_dice)

    @property
    def minimum(self) -> int:
        return _min_max(self)[0]

    @property
    def maximum(self) -> int:
        return _min_max(self)[1]

    @property
    def work(self) -> int:
        """Integer operations needed to build the exact law (a sliding window per die
        added, then one convolution per dice term): what :data:`MAX_WORK` bounds."""
        ops, width = 0, 1
        for t in self.terms:
            if not t.is_dice:
                continue
            term_width = 1
            for _ in range(t.count):
                term_width += t.sides - 1
                ops += term_width
            ops += width * term_width
            width += term_width - 1
        return ops

    def distribution(self) -> Distribution:
        """The exact law of the total.

        Raises:
            TooLargeError: the law would take more than :data:`MAX_WORK` operations.
        """
        if self.work > MAX_WORK:
            raise TooLargeError(
                f"{self} is too large for exact odds here (it would take more than a few seconds)",
                field="expression",
                got=str(self),
                message_es=f"{self} es demasiado grande para calcular aquí las probabilidades "
                "exactas (tardaría más de unos segundos)",
            )
        return _expression_distribution(self)

    def roll(self, rng: Any) -> RolledDice:
        """Roll with ``rng.randint``: faces drawn term by term, left to right."""
        faces = []
        total = 0
        for t in self.terms:
            if t.is_dice:
                fs = tuple(rng.randint(1, t.sides) for _ in range(t.count))
                total += t.sign * sum(fs)
            else:
                fs = ()
                total += t.sign * t.count
            faces.append(fs)
        return RolledDice(self, tuple(faces), total)


@lru_cache(maxsize=512)
def _expression_distribution(expr: DiceExpression) -> Distribution:
    """Exact law of the total, by integer convolution of face counts (one Fraction per
    outcome at the end: far faster than multiplying Fractions at every step)."""
    low, counts, ways = 0, [1], 1  # counts[i]: ways to reach low + i
    for t in expr.terms:
        if not t.is_dice:
            low += t.sign * t.count
            continue
        term = [1]
        for _ in range(t.count):
            term = _add_one_die(term, t.sides)
        if t.sign < 0:
            term.reverse()
        low += t.count if t.sign > 0 else -t.count * t.sides
        counts = _convolve(counts, term)
        ways *= t.sides**t.count
    return Distribution._exact({low + i: Fraction(c, ways) for i, c in enumerate(counts) if c})


def _add_one_die(counts: list[int], sides: int) -> list[int]:
    """Add one die of ``sides`` faces: a sliding-window sum over ``counts``."""
    out = [0] * (len(counts) + sides - 1)
    window = 0
    for i in range(len(out)):
        if i < len(counts):
            window += counts[i]
        if i >= sides:
            window -= counts[i - sides]
        out[i] = window
    return out


def _convolve(a: list[int], b: list[int]) -> list[int]:
    """Integer convolution of two count lists."""
    if len(a) == 1:
        return [a[0] * x for x in b]
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _min_max(expr: DiceExpression) -> tuple[int, int]:
    lo = hi = 0
    for t in expr.terms:
        a, b = (t.count, t.count * t.sides) if t.is_dice else (t.count, t.count)
        if t.sign > 0:
            lo, hi = lo + a, hi + b
        else:
            lo, hi = lo - b, hi - a
    return lo, hi


_NUMBER = re.compile(r"\d+")


def _syntax_error(text: str, pos: int, expected_en: str, expected_es: str) -> DiceSyntaxError:
    got = repr(text[pos]) if pos < len(text) else "end of text"
    got_es = repr(text[pos]) if pos < len(text) else "fin del texto"
    return DiceSyntaxError(
        f"unexpected {got} at position {pos + 1} of {shown(text)}: expected {expected_en}",
        position=pos,
        got=got,
        expected=expected_en,
        field="expression",
        allowed="a dice expression such as 1D8+1D4, 2d6+3 or 1D3-1",
        message_es=(
            f"{got_es} inesperado en la posición {pos + 1} de {shown(text)}: "
            f"se esperaba {expected_es}"
        ),
    )


def _limit_error(text: str, what_en: str, what_es: str) -> DiceSyntaxError:
    return DiceSyntaxError(
        f"{shown(text)}: {what_en}",
        position=0,
        got=text,
        expected=what_en,
        field="expression",
        allowed="a dice expression such as 1D8+1D4, 2d6+3 or 1D3-1",
        message_es=f"{shown(text)}: {what_es}",
    )


def parse(text: str) -> DiceExpression:
    """Parse a dice expression (see the module grammar).

    Raises:
        DiceSyntaxError: with the position, what was found and what was expected.
    """
    if not isinstance(text, str):
        raise _limit_error(
            repr(text), "a dice expression must be text", "una expresión de dados debe ser texto"
        )
    return _parse_cached("".join(text.split()))


def _number(text: str, digits: str) -> int:
    """A number of the expression; more digits than any limit allows is a limit error (and
    ``int()`` never meets a 5000-digit string)."""
    if len(digits) > len(str(MAX_CONSTANT)):
        raise _limit_error(
            text,
            f"a number must be at most {MAX_CONSTANT}",
            f"un número debe ser como mucho {MAX_CONSTANT}",
        )
    return int(digits)


@lru_cache(maxsize=256)
def _parse_cached(s: str) -> DiceExpression:
    if len(s) > MAX_LENGTH:
        raise _limit_error(
            s,
            f"an expression has at most {MAX_LENGTH} characters",
            f"una expresión tiene como mucho {MAX_LENGTH} caracteres",
        )
    if not s:
        raise _syntax_error(s, 0, "a number or a die such as 1D6", "un número o un dado como 1D6")
    pos = 0
    terms: list[DiceTerm] = []
    sign = 1
    if s[0] in "+-":
        sign = -1 if s[0] == "-" else 1
        pos = 1
    while True:
        m = _NUMBER.match(s, pos)
        count: int | None = None
        if m:
            count = _number(s, m.group())
            pos = m.end()
        if pos < len(s) and s[pos] in "dD":
            pos += 1
            if pos < len(s) and s[pos] == "%":
                sides = 100
                pos += 1
            else:
                m2 = _NUMBER.match(s, pos)
                if not m2:
                    raise _syntax_error(
                        s, pos, "the number of sides after 'd'", "el número de caras tras la 'd'"
                    )
                sides = _number(s, m2.group())
                pos = m2.end()
            n = 1 if count is None else count
            if not 1 <= n <= MAX_DICE:
                raise _limit_error(
                    s,
                    f"the number of dice must be from 1 to {MAX_DICE}",
                    f"el número de dados debe ser de 1 a {MAX_DICE}",
                )
            if not 1 <= sides <= MAX_SIDES:
                raise _limit_error(
                    s,
                    f"a die must have from 1 to {MAX_SIDES} sides",
                    f"un dado debe tener de 1 a {MAX_SIDES} caras",
                )
            terms.append(DiceTerm(sign, n, sides))
        elif count is not None:
            if count > MAX_CONSTANT:
                raise _limit_error(
                    s,
                    f"a number must be at most {MAX_CONSTANT}",
                    f"un número debe ser como mucho {MAX_CONSTANT}",
                )
            terms.append(DiceTerm(sign, count, 0))
        else:
            raise _syntax_error(
                s, pos, "a number or a die such as 1D6", "un número o un dado como 1D6"
            )
        if pos == len(s):
            break
        if s[pos] not in "+-":
            raise _syntax_error(s, pos, "'+', '-' or the end", "'+', '-' o el final")
        sign = -1 if s[pos] == "-" else 1
        pos += 1
        if pos == len(s):
            raise _syntax_error(
                s, pos, "a number or a die after the sign", "un número o un dado tras el signo"
            )
    expr = DiceExpression(tuple(terms))
    if expr.dice_count > MAX_DICE:
        raise _limit_error(
            s,
            f"at most {MAX_DICE} dice in one expression",
            f"como mucho {MAX_DICE} dados en una expresión",
        )
    return expr


def roll(text: str, rng: Any) -> RolledDice:
    """Parse ``text`` and roll it with ``rng``."""
    return parse(text).roll(rng)


def distribution_of(text: str) -> Distribution:
    """The exact law of the total of the expression ``text``."""
    return parse(text).distribution()


class ScriptedDice:
    """``randint(a, b)`` returning scripted faces in order (for tests and examples)."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self.used = 0

    def randint(self, a: int, b: int) -> int:
        if self.used >= len(self._values):
            raise RulesError(f"scripted dice ran out after {self.used} faces", field="rng")
        v = self._values[self.used]
        if not a <= v <= b:
            raise RulesError(f"scripted face {v} is outside {a}..{b}", field="rng", got=v)
        self.used += 1
        return v

    @property
    def remaining(self) -> int:
        return len(self._values) - self.used


# --------------------------------------------------------------------------- randomness
class RandomSource(Protocol):
    """What every roll draws from: ``random.Random(seed)``, or :class:`ScriptedDice`."""

    def randint(self, a: int, b: int) -> int: ...


MAX_SEED = 2**31 - 1


def new_seed() -> int:
    """A fresh random seed in ``1..MAX_SEED`` (from the OS, not the global ``random``)."""
    return secrets.randbelow(MAX_SEED) + 1


def check_seed(seed: object, *, from_text: bool = False) -> int:
    """``seed`` as a valid seed: a whole number ``0..MAX_SEED``.

    Args:
        seed: the value to check.
        from_text: also accept the digits a user typed (``"81723"``), for forms and magics.

    Raises:
        FieldRangeError: on field ``seed``, naming the range and what was got.
    """
    value = seed
    if from_text and isinstance(seed, str):
        text = seed.strip()
        if text.isdigit() and len(text) <= 10:
            value = int(text)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise FieldRangeError(
            f"seed must be a whole number from 0 to {MAX_SEED} (got {shown(seed)})",
            field="seed",
            allowed=f"0..{MAX_SEED}",
            got=seed,
            message_es=(
                f"la semilla debe ser un número entero de 0 a {MAX_SEED} (recibido {shown(seed)})"
            ),
        )
    return value
