"""Every example in every magic's help text, and in ``%rolkit``'s summary, runs as written.

The examples are read from the help texts themselves (``rolkit.ipython.texts.HELP`` and the
summary ``%rolkit`` prints), so a help text edited later is tested with no new code. A
usage template (with ``<…>`` or ``[…]``) is not an example and is skipped.
"""

import contextlib
import io
import re

import pytest

import rolkit
from rolkit import i18n
from rolkit import ipython as magics
from rolkit.ipython import texts

EXAMPLE = re.compile(r"%(\w+)\s+(.+?)(?:\s{2,}|$)")
SEPARATORS = re.compile(r"\s+[|·]\s+")  # "%idioma es | %idioma en", "2d6 seed=5 · 4d6 veces=6"


def _known(name, args):
    marks = []
    if name in ("chequeo", "check") and not any(
        rolkit.get_system(s).checks for s in rolkit.systems()
    ):
        marks.append(pytest.mark.xfail(reason="no registered system declares checks yet"))
    return marks


def _examples(text, where):
    for line in text.splitlines():
        line = line.replace("Uso / usage:", " ")
        for name, args in EXAMPLE.findall(line):
            first = name
            for part in SEPARATORS.split(args.strip()):
                part = part.strip().rstrip(".")
                if part.startswith("%"):
                    first, _, part = part[1:].partition(" ")
                if first in magics.MAGICS and part and not re.search(r"[<\[]", part):
                    yield pytest.param(
                        first, part, id=f"{where}: %{first} {part}", marks=_known(first, part)
                    )


def _help_examples():
    for key, text in texts.HELP.items():
        yield from _examples(text, key)


def _summary_examples():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        texts.summary()
    for line in out.getvalue().splitlines()[1:]:
        match = re.match(r"\s*%(\w+)\s*/\s*%\w+\s+(.+)$", line)
        if match:
            yield from _examples(f"%{match[1]} {match[2]}", "%rolkit")


CASES = [*_help_examples(), *_summary_examples()]


def test_there_are_examples_of_every_magic_with_arguments():
    names = {c.values[0] for c in CASES}
    assert {"tirar", "prob", "ataque", "chequeo", "idioma"} <= names, names


@pytest.mark.parametrize(("name", "args"), CASES)
def test_every_help_example_runs(name, args):
    fn = magics.MAGICS[name][1]
    lang = i18n.get_language()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            result = fn(args)
    finally:
        i18n.set_language(lang)
    if name not in ("idioma", "lang"):
        assert result is not None
