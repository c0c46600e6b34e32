"""Reading a magic's line: quoted tokens, ``key=value`` keywords, names matched ignoring
case and accents, and one comparison (``1D8+1D4 >= 6``). Nothing is evaluated: a line is
split by :mod:`shlex` and its comparison read through a table of operators.

Every mistake is a :class:`~rolkit.errors.RulesError` in both languages (the magics show
it as one plain sentence)."""

from __future__ import annotations

import re
import shlex
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from rolkit.dice import check_seed
from rolkit.errors import RulesError, shown

__all__ = [
    "SEED_KEYS",
    "magic_error",
    "split_line",
    "seed_value",
    "take_keywords",
    "fold",
    "match_name",
    "parse_comparison",
    "int_arg",
]

#: The keywords a seed may be given with (``seed=7``, ``semilla=7``).
SEED_KEYS = ("seed", "semilla")
_OP_ALIASES = {"=": "==", "≠": "!=", "≤": "<=", "≥": ">=", "=>": ">=", "=<": "<=", "<>": "!="}
_OP_RE = re.compile(r"(==|!=|<>|<=|>=|=>|=<|≤|≥|≠|<|>|=)")


def magic_error(
    en: str, es: str, *, field: str | None = None, got: Any = None, allowed: str = ""
) -> RulesError:
    """A user's mistake in a magic line, in both languages."""
    return RulesError(en, message_es=es, field=field, got=got, allowed=allowed or None)


# --------------------------------------------------------------------------- arguments
def split_line(line: str) -> list[str]:
    """The line's tokens as a shell would split them (quotes group words)."""
    try:
        return shlex.split(line)
    except ValueError as err:  # "No closing quotation"
        raise magic_error(
            f"cannot read the arguments ({err}): close every quotation mark",
            f"no se pueden leer los argumentos ({err}): cierra todas las comillas",
            field="line",
            got=line,
        ) from None


def seed_value(text: str) -> int:
    """A typed seed, checked as every seed is (:func:`rolkit.dice.check_seed`)."""
    return check_seed(text, from_text=True)


def take_keywords(
    tokens: list[str], keys: Mapping[str, tuple[str, ...]]
) -> tuple[list[str], dict[str, str]]:
    """Split ``key=value`` tokens (any alias in ``keys``) from the positional ones."""
    alias = {a.casefold(): name for name, names in keys.items() for a in names}
    rest, found = [], {}
    for tok in tokens:
        key, eq, value = tok.partition("=")
        name = alias.get(key.strip().lstrip("-").casefold()) if eq else None
        if name is None:
            rest.append(tok)
        else:
            found[name] = value.strip()
    return rest, found


def fold(text: str) -> str:
    """Case- and accent-insensitive form of a name (``"José"`` → ``"jose"``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.replace("_", " ").replace("-", " ").casefold().split())


def match_name(query: str, names: list[str], what_en: str, what_es: str) -> str:
    """The one name in ``names`` that ``query`` means, ignoring case and accents.

    Tries, in order, and stops at the first test that some name passes: an exact match;
    a prefix ending at a word boundary (``"ana"`` → ``"Ana (FOR 4, AGI 5)"``, not
    ``"Anabel"``); any prefix; a substring starting a word; any substring.

    Raises:
        RulesError: listing the candidates, when no name matches or several pass the
            same test.
    """
    q = fold(query)
    folded = [(n, fold(n)) for n in names]

    def word_prefix(f: str) -> bool:
        return f.startswith(q) and (len(f) == len(q) or not f[len(q)].isalnum())

    def word_substring(f: str) -> bool:
        i = f.find(q)
        while i != -1:
            if i == 0 or not f[i - 1].isalnum():
                return True
            i = f.find(q, i + 1)
        return False

    tests: list[Callable[[str], bool]] = [
        lambda f: f == q,
        word_prefix,
        lambda f: f.startswith(q),
        word_substring,
        lambda f: q in f,
    ]
    for test in tests:
        hits = [n for n, f in folded if q and test(f)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            listing = "; ".join(hits)
            raise magic_error(
                f"{what_en} {query!r} is ambiguous: it matches {listing}",
                f"{what_es} {query!r} es ambiguo: coincide con {listing}",
                field=what_en,
                got=query,
                allowed=listing,
            )
    listing = "; ".join(names) if names else "(none)"
    listing_es = "; ".join(names) if names else "(ninguno)"
    raise magic_error(
        f"no {what_en} matches {query!r}; available: {listing}",
        f"ningún {what_es} coincide con {query!r}; disponibles: {listing_es}",
        field=what_en,
        got=query,
        allowed=listing,
    )


def parse_comparison(line: str) -> tuple[str, str | None, str | None]:
    """Split ``"1D8+1D4 >= 6"`` into ``("1D8+1D4", ">=", "6")``.

    The operator may be ``== != < <= > >=`` (also ``= ≠ ≤ ≥``). Without an operator the
    result is ``(line, None, None)``.
    """
    parts = _OP_RE.split(line)
    if len(parts) == 1:
        return line.strip(), None, None
    if len(parts) > 3:
        raise magic_error(
            f"use one comparison at most (got {line.strip()!r})",
            f"usa como mucho una comparación (recibido {line.strip()!r})",
            field="comparison",
            got=line,
        )
    left, op, right = parts
    op = _OP_ALIASES.get(op, op)
    if not left.strip() or not right.strip():
        side_en, side_es = ("left", "izquierda") if not left.strip() else ("right", "derecha")
        raise magic_error(
            f"the comparison {op!r} needs an expression on its {side_en}, e.g. %prob 1D8+1D4 >= 6",
            f"la comparación {op!r} necesita una expresión a su {side_es}, p. ej. %prob 1D8+1D4 >= 6",
            field="comparison",
            got=line,
        )
    return left.strip(), op, right.strip()


def int_arg(text: str, name_en: str, name_es: str) -> int:
    """A typed whole number, or a plain error naming the argument."""
    try:
        return int(text)
    except ValueError:
        raise magic_error(
            f"{name_en} must be a whole number (got {shown(text)})",
            f"{name_es} debe ser un número entero (recibido {shown(text)})",
            field=name_en,
            got=text,
        ) from None
