"""rolkit.render: HTML is well formed and carries the expected numbers, Markdown is a table,
text is readable, and all of them follow the module-level language."""

from __future__ import annotations

import html
import subprocess
import sys
from dataclasses import dataclass
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rolkit import dice, fields, i18n
from rolkit.display import render
from rolkit.model import OutcomeView, Step
from rolkit.system import System

# --------------------------------------------------------------------------- a tiny system
# 1d6 + bonus against a target of 4; damage 1d4, doubled on a natural 6 ("critical").


@dataclass(frozen=True)
class Attacker:
    bonus: int = fields.int_field(0, 0, 3, label=("Bono", "Bonus"), help=("suma", "adds"))


@dataclass(frozen=True)
class Defender:
    target: int = fields.int_field(4, 2, 7, label=("Dificultad", "Target"), help=("a", "b"))


@dataclass(frozen=True)
class Weapon:
    damage: str = fields.dice_field("1D4", label=("Daño", "Damage"), help=("a", "b"))


@dataclass(frozen=True)
class Modifiers:
    pass


@dataclass(frozen=True)
class Options:
    pass


def _resolve(a, d, w, m, o, rng):
    face = rng.randint(1, 6)
    steps = [Step("Ataque <b>", (face,), {"total": face + a.bonus}, "§1 «tira 1d6»")]
    dmg = 0
    if face + a.bonus >= d.target:
        rolled = dice.parse(w.damage).roll(rng)
        dmg = rolled.total * (2 if face == 6 else 1)
        steps.append(Step("Daño", sum(rolled.faces, ()), {"damage": dmg}, "§2"))
    key = (dmg > 0, face == 6, dmg)
    return steps, key, key


def _odds(a, d, w, m, o):
    out: dict = {}
    law = dice.parse(w.damage).distribution()
    for face, p in dice.die(6).items():
        if face + a.bonus < d.target:
            out[(False, False, 0)] = out.get((False, False, 0), 0) + p
            continue
        for x, q in law.items():
            k = (True, face == 6, x * (2 if face == 6 else 1))
            out[k] = out.get(k, 0) + p * q
    return out


def _project(key):
    hit, crit, dmg = key
    wound = None if not hit else ("Herida grave" if dmg >= 5 else "Herida leve")
    rank = 0 if wound is None else (2 if dmg >= 5 else 1)
    return OutcomeView(hit, crit, dmg, wound, rank, frozenset({"counter"}) if crit else frozenset())


SYSTEM = System(
    id="fake_render",
    name_key="Fake",
    forms={"attacker": Attacker, "defender": Defender, "weapon": Weapon, "modifiers": Modifiers},
    options_type=Options,
    presets={},
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=_project,
)
FORMS = (Attacker(), Defender(), Weapon(), Modifiers())


# --------------------------------------------------------------------------- helpers
VOID = {"br", "hr", "img", "input", "meta", "link", "col", "wbr", "source", "area", "base"}


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        if not self.stack or self.stack[-1] != "style":
            self.text.append(data)


def well_formed(markup: str) -> _Balance:
    """Parse ``markup``; assert every tag is closed in order. Returns the parser."""
    p = _Balance()
    p.feed(markup)
    p.close()
    assert p.errors == [], p.errors
    assert p.stack == [], f"unclosed: {p.stack}"
    return p


def text_of(markup: str) -> str:
    return " ".join(" ".join(well_formed(markup).text).split())


def is_markdown_table(md: str, columns: int) -> None:
    lines = [x for x in md.splitlines() if x.startswith("|")]
    assert len(lines) >= 3
    assert lines[1].replace("|", "").replace("-", "") == ""
    for line in lines:
        cells = line.strip("|").replace("\\|", "").split("|")
        assert len(cells) == columns, line


@pytest.fixture(autouse=True)
def spanish():
    before = i18n.get_language()
    i18n.set_language("es")
    yield
    i18n.set_language(before)


# --------------------------------------------------------------------------- resolution
def test_resolution_html_shows_headline_seed_and_every_step():
    r = SYSTEM.resolve(*FORMS, seed=3)
    html_ = r._repr_html_()
    text = text_of(html_)
    assert "semilla 3" in text
    assert text_of(f"<p>{html.escape(render.tables.resolution_headline(r))}</p>") in text
    assert "Ataque <b>" in text  # a label is escaped, never markup
    assert "<b>" not in html_.replace("&lt;b&gt;", "")
    for step in r.steps:
        assert step.rule.split()[0] in text
        for face in step.dice:
            assert str(face) in text
    assert ("rolkit-hit" if r.view.hit else "rolkit-miss") in html_


def test_resolution_markdown_and_text():
    r = SYSTEM.resolve(*FORMS, seed=3)
    md = r._repr_markdown_()
    assert md.startswith("**")
    assert "semilla 3" in md
    is_markdown_table(md, 5)
    assert "| # | paso | dados | valores | regla |" in md
    text = r.describe()
    assert "semilla 3" in text and "1. Ataque <b>" in text
    assert len(text.splitlines()) == 1 + len(r.steps)
    # the plain repr is structural and never runs the renderer
    assert repr(r).startswith("Resolution(system='fake_render', seed=3,")


def test_resolution_follows_the_module_language():
    r = SYSTEM.resolve(*FORMS, seed=3)
    i18n.set_language("en")
    assert "seed 3" in text_of(r._repr_html_())
    assert "| # | step | dice | values | rule |" in r._repr_markdown_()
    assert "seed 3" in r.describe()


# --------------------------------------------------------------------------- odds
def test_odds_html_has_eq_and_ge_columns_and_expected_damage():
    o = SYSTEM.odds(*FORMS)
    text = text_of(o._repr_html_())
    assert "=" in text and "≥" in text
    assert "falla" in text and "50,00 %" in text  # miss: 3 faces of 6
    assert "100,00 %" in text  # the ≥ of the first row
    assert f"daño esperado {i18n.number(o.expected_damage, 'es')}" in text
    assert str(o[(False, False, 0)]) in text  # the exact fraction 1/2
    assert "Daño (distribución exacta)" in text  # the damage law, folded
    assert "contraataque" in text  # the flags table


def test_odds_markdown_rows_match_the_outcome_rows():
    o = SYSTEM.odds(*FORMS)
    md = o._repr_markdown_()
    is_markdown_table(md, 4)
    rows = render.tables.outcome_rows(o, "es")
    for row in rows:
        assert f"| {row['label']} | {i18n.percent(row['eq'], 'es', 2)} |" in md
        assert str(row["eq"]) in md
    assert "daño esperado" in md.splitlines()[0]


def test_odds_text_lists_every_outcome_with_its_fraction():
    o = SYSTEM.odds(*FORMS)
    text = o.describe()
    assert repr(o).startswith("Odds(system='fake_render', outcomes=")
    for row in render.tables.outcome_rows(o, "es"):
        line = next(x for x in text.splitlines() if x.strip().startswith(row["label"]))
        assert line.rstrip().endswith(str(row["eq"]))
    i18n.set_language("en")
    assert "expected damage" in o.describe() and "miss" in o.describe()


# --------------------------------------------------------------------------- dice
def test_distribution_reprs_carry_exact_fractions():
    d = dice.parse("2d6").distribution()
    text = text_of(d._repr_html_())
    assert "1/36" in text and "1/6" in text and "16,67 %" in text
    assert "media 7,00" in text
    md = d._repr_markdown_()
    is_markdown_table(md, 4)
    assert "| 7 | 16,67 % | 58,33 % | 1/6 |" in md
    plain = render.distribution_text(d)
    assert len([x for x in plain.splitlines() if "%" in x]) == 11


def test_distribution_of_non_numbers_has_no_mean_and_still_renders():
    d = dice.die(6).map(lambda x: "par" if x % 2 == 0 else "impar")
    text = text_of(render.distribution_html(d))
    assert "media" not in text and "1/2" in text
    is_markdown_table(render.distribution_markdown(d), 4)


def test_rolled_dice_marks_maxima_and_ones_and_shows_the_total():
    rolled = dice.parse("2d6+1d4-1").roll(dice.ScriptedDice([6, 1, 3]))
    html_ = rolled._repr_html_()
    assert "".join(well_formed(html_).text) == "2D6 (6, 1) + 1D4 (3) - 1 = 9"
    assert 'class="rolkit-max"' in html_ and 'class="rolkit-min"' in html_
    assert render.rolled_markdown(rolled) == "2D6 (**6**, **1**) + 1D4 (3) - 1 = `9`"
    assert render.rolled_text(rolled) == rolled.breakdown()


def test_roll_result_shows_the_seed_and_the_replay_line():
    rolled = dice.parse("2d6+3").roll(dice.ScriptedDice([6, 2]))
    r = render.RollResult(rolled, seed=5)
    assert r.total == 11 and r.replay == "%tirar 2D6+3 seed=5"
    text = text_of(r._repr_html_())
    assert "= 11" in text and "semilla 5" in text and "%tirar 2D6+3 seed=5" in text
    assert "`11`" in r._repr_markdown_()
    assert repr(r).startswith("2D6 (6, 2) + 3 = 11") and "semilla 5" in repr(r)
    assert "seed 5" in r.to_text("en")


def test_roll_series_lists_every_roll_and_the_totals():
    rng = dice.ScriptedDice([6, 1, 2, 2])
    rolls = tuple(dice.parse("2d6").roll(rng) for _ in range(2))
    s = render.RollSeries(rolls, seed=4)
    assert s.totals == [7, 4] and s.replay == "%tirar 2D6 veces=2 seed=4"
    text = text_of(s._repr_html_())
    assert "2D6 × 2: 7, 4" in text and "semilla 4" in text
    md = s._repr_markdown_()
    assert "1. 2D6 (**6**, **1**) = `7`" in md and "2. 2D6 (2, 2) = `4`" in md
    assert repr(s).splitlines()[2] == "  2. 2D6 (2, 2) = 4"


@pytest.mark.parametrize(
    ("op", "shown"), [("==", "="), ("!=", "≠"), ("<", "<"), ("<=", "≤"), (">", ">"), (">=", "≥")]
)
def test_probability_result_reprs(op, shown):
    p = render.ProbabilityResult("1D8+1D4", op, "6", Fraction(11, 16))
    assert p.statement == f"P(1D8+1D4 {shown} 6)"
    text = text_of(p._repr_html_())
    assert "11/16" in text and "68,75 %" in text and p.statement in text
    assert "**11/16**" in p._repr_markdown_()
    assert repr(p) == f"P(1D8+1D4 {shown} 6) = 11/16 = 68,75 %"


def test_probability_result_says_one_in_n_for_rare_events():
    p = render.ProbabilityResult("1D20", "==", "20", Fraction(1, 20))
    assert "1 de cada 20,0" in repr(p)
    assert "1 in 20.0" in p.to_text("en")


def test_distribution_result_has_a_title():
    d = render.DistributionResult("2D6", dice.parse("2d6").distribution())
    assert "Distribución de 2D6" in text_of(d._repr_html_())
    assert d._repr_markdown_().startswith("**Distribución de 2D6**")
    assert repr(d).startswith("Distribución de 2D6 · media 7,00")


def test_error_html_escapes_the_message():
    html_ = render.error_html("no <script> here")
    assert "&lt;script&gt;" in html_
    assert "no <script> here" in text_of(html_)


def test_frame_markdown_formats_percent_columns():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"x": ["a|b"], "=": [12.5], "≥": [100.0]})
    assert render.frame_markdown(df, "en").splitlines()[-1] == "| a\\|b | 12.50% | 100.00% |"


# --------------------------------------------------------------------------- import weight
def test_render_and_text_reprs_never_import_pandas_or_ipython():
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "import test_render as t\n"
        "import rolkit.display.render, rolkit.ipython\n"
        "from rolkit import dice\n"
        "r = t.SYSTEM.resolve(*t.FORMS, seed=1)\n"
        "o = t.SYSTEM.odds(*t.FORMS)\n"
        "d = dice.parse('2d6').distribution()\n"
        "texts = [r.describe(), o.describe(), rolkit.display.render.distribution_text(d), d._repr_html_()]\n"
        "assert all(texts)\n"
        "print(sorted({'pandas', 'IPython', 'numpy', 'matplotlib'} & set(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
