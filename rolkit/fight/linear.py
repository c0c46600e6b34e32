"""Exact linear algebra for the solve: a square system with one row of unknowns'
coefficients and a right-hand side of many named values per equation.

:func:`gauss_jordan` solves it in :class:`~fractions.Fraction` (the plain method, kept as the
reference and for the best-move solve). :func:`solve_integer` solves the round starts'
systems of :mod:`~rolkit.fight.solve`, whose coefficients are small (each row's, over the
row's content, a probability's numerators: a few dozen bits) while its right-hand sides
carry the marginals of everything solved before (hundreds or thousands of bits): it
eliminates the small coefficients alone, in integers, tracking each row as a combination
of the original rows, and meets the large values once at the end. Its answers equal
:func:`gauss_jordan`'s exactly, keys in the same order."""

from __future__ import annotations

import math
from collections.abc import Hashable
from fractions import Fraction
from operator import mul
from typing import TypeVar

__all__ = ["gauss_jordan", "solve_integer"]

K = TypeVar("K", bound=Hashable)


def gauss_jordan(
    matrix: list[list[Fraction]], rhs: list[dict[K, Fraction]]
) -> list[dict[K, Fraction]] | None:
    """Solve ``matrix · X = rhs`` exactly (each right-hand side a mapping of values,
    solved together); ``None`` when the matrix is singular. The arguments are consumed."""
    k = len(matrix)
    for col in range(k):
        piv = next((r for r in range(col, k) if matrix[r][col] != 0), None)
        if piv is None:
            return None
        matrix[col], matrix[piv] = matrix[piv], matrix[col]
        rhs[col], rhs[piv] = rhs[piv], rhs[col]
        lead = matrix[col][col]
        matrix[col] = [x / lead for x in matrix[col]]
        rhs[col] = {key: x / lead for key, x in rhs[col].items()}
        for r in range(k):
            f = matrix[r][col]
            if r != col and f != 0:
                matrix[r] = [a - f * b for a, b in zip(matrix[r], matrix[col], strict=True)]
                out = dict(rhs[r])
                for key, x in rhs[col].items():
                    out[key] = out.get(key, Fraction(0)) - f * x
                rhs[r] = out
    return rhs


def solve_integer(
    matrix: list[list[int]], rhs: list[dict[K, int]]
) -> list[tuple[int, dict[K, int]]] | None:
    """Solve ``matrix · X = rhs`` (integers) exactly: each ``X_i`` as ``(den, {key: num})``
    (``den > 0``, zero values kept), equal to :func:`gauss_jordan`'s answer value for
    value and key for key, in its order; ``None`` when the matrix is singular.

    The same Gauss–Jordan steps (the same pivots, the same rows met), each row kept as
    integers: its coefficients over their content (``g_i``), then the rows it has been
    combined from (``E``, starting as the identity), divided by their common content after
    each step. Every row stays a nonzero multiple of :func:`gauss_jordan`'s, so a
    coefficient is zero exactly when it is there and the keys meet in the same order. At
    the end row ``r`` reads ``d_r X_r = Σ_j E_rj rhs_j / g_j``."""
    k = len(matrix)
    scales = [math.gcd(*row) or 1 for row in matrix]
    rows = [
        [x // g for x in row] + [int(i == j) for j in range(k)]
        for i, (row, g) in enumerate(zip(matrix, scales, strict=True))
    ]
    keys = [dict.fromkeys(values) for values in rhs]
    for col in range(k):
        piv = next((r for r in range(col, k) if rows[r][col]), None)
        if piv is None:
            return None
        rows[col], rows[piv] = rows[piv], rows[col]
        keys[col], keys[piv] = keys[piv], keys[col]
        pivot = rows[col]
        p = pivot[col]
        for r in range(k):
            row = rows[r]
            f = row[col]
            if r == col or not f:
                continue
            new = [p * x - f * y for x, y in zip(row, pivot, strict=True)]
            g = math.gcd(*new)
            rows[r] = [x // g for x in new] if g != 1 else new
            keys[r].update(keys[col])
    return _combined(rows, keys, scales, rhs)


def _combined(
    rows: list[list[int]], keys: list[dict[K, None]], scales: list[int], rhs: list[dict[K, int]]
) -> list[tuple[int, dict[K, int]]]:
    """Each eliminated row's unknown over one denominator: ``Σ_j E_rj rhs_j / g_j`` over
    ``d_r``, the ``g_j`` brought to their lcm."""
    k = len(rows)
    common = math.lcm(*scales)
    lifts = [common // g for g in scales]
    columns: dict[K, list[int]] = {}
    for j, values in enumerate(rhs):
        for key, n in values.items():
            columns.setdefault(key, [0] * k)[j] = n * lifts[j]
    out: list[tuple[int, dict[K, int]]] = []
    for r, row in enumerate(rows):
        combination = row[k:]
        den = row[r] * common
        sign = -1 if den < 0 else 1
        nums = {key: sign * sum(map(mul, combination, columns[key])) for key in keys[r]}
        out.append((sign * den, nums))
    return out
