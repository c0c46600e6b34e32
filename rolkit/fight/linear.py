"""Exact linear algebra for the solve: a square system with one row of unknowns'
coefficients and a right-hand side of many named values per equation."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import TypeVar

__all__ = ["gauss_jordan"]

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
