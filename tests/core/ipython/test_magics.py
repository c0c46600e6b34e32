"""The IPython extension in a real shell: ``%load_ext rolkit`` and its line magics.

A user's mistake must print one plain sentence and never a traceback. Results are exact
(checked against brute-force enumeration) and replayable from the seed shown.
"""

from __future__ import annotations

import itertools
import operator
import shlex
from dataclasses import dataclass
from fractions import Fraction

import pytest

import rolkit
from rolkit import dice, fields, i18n
from rolkit import ipython as magics
from rolkit import systems as registry
from rolkit.display import render
from rolkit.model import Odds, OutcomeView, Resolution, Step
from rolkit.system import System

IPython = pytest.importorskip("IPython")


# --------------------------------------------------------------------------- a fake system
@dataclass(frozen=True)
class Person:
    name: str = fields.text_field("", label=("Nombre", "Name"), help=("a", "b"))
    skill: int = fields.int_field(2, 0, 5, label=("Pericia", "Skill"), help=("a", "b"))


@dataclass(frozen=True)
class Blade:
    damage: str = fields.dice_field("1D4", label=("Daño", "Damage"), help=("a", "b"))


@dataclass(frozen=True)
class Mods:
    bonus: int = fields.int_field(0, 0, 2, label=("Bono", "Bonus"), help=("a", "b"))


@dataclass(frozen=True)
class NoOptions:
    pass


def _resolve(a, d, w, m, o, rng):
    face = rng.randint(1, 6)
    hit = face + a.skill + m.bonus > 4 + d.skill
    steps = [Step("Ataque", (face,), {"hit": hit}, "§1")]
    damage = 0
    if hit:
        rolled = dice.parse(w.damage).roll(rng)
        damage = rolled.total
        steps.append(Step("Daño", rolled.faces[0], {"damage": damage}, "§2"))
    return steps, (hit, damage), (hit, damage)


def _odds(a, d, w, m, o):
    out: dict = {}
    law = dice.parse(w.damage).distribution()
    for face, p in dice.die(6).items():
        if face + a.skill + m.bonus > 4 + d.skill:
            for x, q in law.items():
                out[(True, x)] = out.get((True, x), 0) + p * q
        else:
            out[(False, 0)] = out.get((False, 0), 0) + p
    return out


def _project(key):
    hit, damage = key
    return OutcomeView(hit, False, damage, "Herida" if hit else None, 1 if hit else 0)


ANA = Person("Ana", 4)
FAKE = System(
    id="fake_magic",
    name_key="Fake",
    forms={"attacker": Person, "defender": Person, "weapon": Blade, "modifiers": Mods},
    options_type=NoOptions,
    presets={
        "attacker": {"Ana (FOR 4, AGI 5)": ANA, "Anabel (FOR 2)": Person("Anabel", 1)},
        "defender": {"Bruto": Person("Bruto", 0), "José el Ágil": Person("José", 3)},
        "weapon": {"Cuchillo ×4": Blade("1D4"), "Hacha (letal ×8)": Blade("1D8+1")},
        "modifiers": {"Con bono": Mods(2)},
    },
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=_project,
)


# --------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def ip():
    from IPython.testing.globalipapp import get_ipython

    shell = get_ipython()
    shell.run_line_magic("load_ext", "rolkit")
    yield shell
    shell.run_line_magic("unload_ext", "rolkit")


@pytest.fixture(autouse=True)
def spanish():
    before = i18n.get_language()
    i18n.set_language("es")
    yield
    i18n.set_language(before)


@pytest.fixture
def fake(monkeypatch):
    """Register FAKE next to the real systems, without touching the package."""
    real_available, real_get = registry.available, registry.get
    monkeypatch.setattr(registry, "available", lambda: [*real_available(), FAKE.id])
    monkeypatch.setattr(registry, "get", lambda sid: FAKE if sid == FAKE.id else real_get(sid))
    return FAKE


def output(capsys) -> str:
    captured = capsys.readouterr()
    return captured.out + captured.err


# --------------------------------------------------------------------------- loading
ALL = ["tirar", "roll", "prob", "odds", "ataque", "attack", "prob_ataque", "attack_odds"]
ALL += ["chequeo", "check", "idioma", "lang", "rolkit"]


def test_load_ext_registers_every_magic_with_help(ip):
    for name in ALL:
        fn = ip.find_line_magic(name)
        assert fn is not None, name
        assert fn.__doc__ and ("Uso" in fn.__doc__ or "/" in fn.__doc__), name
    for es, en in [("tirar", "roll"), ("prob", "odds"), ("ataque", "attack"), ("chequeo", "check")]:
        assert ip.find_line_magic(es).__doc__ == ip.find_line_magic(en).__doc__


def test_help_through_pinfo_shows_the_docstring(ip, capsys):
    ip.run_line_magic("pinfo", "%tirar")
    out = output(capsys)
    assert "seed=5" in out and "Traceback" not in out


def test_unload_and_reload():
    from IPython.testing.globalipapp import get_ipython

    shell = get_ipython()
    shell.run_line_magic("load_ext", "rolkit")
    shell.run_line_magic("unload_ext", "rolkit")
    assert shell.find_line_magic("tirar") is None
    shell.run_line_magic("load_ext", "rolkit")
    assert shell.find_line_magic("tirar") is not None


def test_summary_lists_the_magics(ip, capsys):
    assert ip.run_line_magic("rolkit", "") is None
    out = output(capsys)
    assert "%tirar / %roll" in out and "%prob / %odds" in out


# --------------------------------------------------------------------------- %tirar
def test_tirar_is_seeded_and_replayable(ip):
    r = ip.run_line_magic("tirar", "2d6+3 seed=5")
    assert isinstance(r, render.RollResult)
    assert r.seed == 5 and 5 <= r.total <= 15
    again = ip.run_line_magic("roll", "2D6 + 3 semilla=5")
    assert again.rolled == r.rolled
    import random

    assert r.rolled == dice.parse("2d6+3").roll(random.Random(5))
    html = r._repr_html_()
    assert "semilla 5" in html and "%tirar 2D6+3 seed=5" in html


def test_tirar_without_seed_picks_one_and_shows_it(ip):
    r = ip.run_line_magic("tirar", "1d20")
    assert 0 <= r.seed <= rolkit.dice.MAX_SEED
    assert f"semilla {r.seed}" in repr(r)
    replay = ip.run_line_magic("tirar", r.replay.removeprefix("%tirar "))
    assert replay.rolled == r.rolled


def test_tirar_veces_rolls_a_replayable_series(ip):
    import random

    series = ip.run_line_magic("tirar", "4d6 veces=6 seed=8")
    assert isinstance(series, render.RollSeries) and len(series.rolls) == 6
    rng = random.Random(8)
    assert list(series.rolls) == [dice.parse("4d6").roll(rng) for _ in range(6)]
    assert series.replay == "%tirar 4D6 veces=6 seed=8"
    assert ip.run_line_magic("roll", "4d6 times=6 seed=8") == series
    assert all(4 <= t <= 24 for t in series.totals)


# --------------------------------------------------------------------------- %prob
def brute(left: str, op, right: str) -> Fraction:
    """P(left op right) by enumerating every face of every die."""

    def outcomes(expr: str):
        e = dice.parse(expr)
        ranges = []
        for t in e.terms:
            if t.is_dice:
                ranges += [[t.sign * f for f in range(1, t.sides + 1)]] * t.count
            else:
                ranges.append([t.sign * t.count])
        return [sum(c) for c in itertools.product(*ranges)]

    xs, ys = outcomes(left), outcomes(right)
    good = sum(1 for x in xs for y in ys if op(x, y))
    return Fraction(good, len(xs) * len(ys))


OPS = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


@pytest.mark.parametrize("op", list(OPS))
def test_prob_every_comparison_matches_brute_force(ip, op):
    r = ip.run_line_magic("prob", f"1D8+1D4 {op} 6")
    assert isinstance(r, render.ProbabilityResult)
    assert r.probability == brute("1D8+1D4", OPS[op], "6")
    assert r.comparison == op and r.left == "1D8+1D4" and r.right == "6"


def test_prob_example_from_the_issue(ip):
    r = ip.run_line_magic("prob", "1D8+1D4 >= 6")
    assert r.probability == Fraction(11, 16)
    assert "11/16" in r._repr_html_() and "68,75 %" in r._repr_html_()


@pytest.mark.parametrize(
    ("line", "op"), [("2d6=7", "=="), ("2d6 ≥ 10", ">="), ("2d6 ≤ 3", "<="), ("2d6≠7", "!=")]
)
def test_prob_accepts_friendly_operator_spellings(ip, line, op):
    r = ip.run_line_magic("odds", line)
    assert r.comparison == op
    left, right = line.replace("≥", ">=").replace("≤", "<=").replace("≠", "!=").split(op[0], 1)
    assert r.probability == brute("2d6", OPS[op], right.lstrip("=").strip())


def test_prob_compares_two_expressions(ip):
    r = ip.run_line_magic("prob", "1d20+5 > 1d20")
    assert r.probability == brute("1d20+5", operator.gt, "1d20") == Fraction(7, 10)


def test_prob_without_comparison_is_the_whole_law(ip):
    r = ip.run_line_magic("prob", "2d6")
    assert isinstance(r, render.DistributionResult)
    assert r.distribution == dice.parse("2d6").distribution()
    assert "1/36" in r._repr_html_()


# --------------------------------------------------------------------------- errors
BAD = [
    ("tirar", "2d", "caras"),
    ("tirar", "", "expresión"),
    ("tirar", "2d6 seed=abc", "semilla"),
    ("tirar", "2d6 seed=-1", "semilla"),
    ("tirar", "101d6", "100"),
    ("tirar", '"2d6', "comillas"),
    ("tirar", "2d6 veces=0", "veces"),
    ("tirar", "2d6 veces=muchas", "veces"),
    ("prob", "1d6 >=", "derecha"),
    ("prob", ">= 3", "izquierda"),
    ("prob", "1d6 > 2 > 1", "una comparación"),
    ("prob", "1d6 >= x", "inesperado"),
    ("prob", "100d1000", "demasiado grande"),
    ("prob", "50d100 >= 50d100", "demasiado grande"),
    ("prob", "", "expresión"),
    ("ataque", "", "uso"),
    ("ataque", "sistema_que_no_existe", "sistema"),
    ("ataque", "fake_magic a b c d e f", "uso"),
    ("ataque", "fake_magic nadie", "disponibles: Ana (FOR 4, AGI 5); Anabel (FOR 2)"),
    ("ataque", "fake_magic ana bruto cuchillo seed=x", "semilla"),
    ("prob_ataque", "fake_magic ana bruto cuchillo seed=3", "semilla"),
    ("chequeo", "", "uso"),
    ("chequeo", "sistema_sin_chequeo 5", "chequeos"),
    ("idioma", "fr", "idioma"),
]


@pytest.mark.usefixtures("fake")
@pytest.mark.parametrize(("magic", "line", "words"), BAD)
def test_bad_input_prints_a_plain_message_and_no_traceback(ip, capsys, magic, line, words):
    assert ip.run_line_magic(magic, line) is None
    out = output(capsys)
    assert "Traceback" not in out and "Error" not in out
    assert out.startswith("rolkit: ") and len(out.strip().splitlines()) == 1
    assert words in out


def test_errors_follow_the_display_language(ip, capsys):
    i18n.set_language("en")
    assert ip.run_line_magic("roll", "2d") is None
    out = output(capsys)
    assert "expected the number of sides" in out and "Traceback" not in out


def test_error_through_run_cell_shows_no_traceback(ip, capsys):
    result = ip.run_cell("%tirar 3x")
    assert result.success and result.result is None
    assert "Traceback" not in output(capsys)


# --------------------------------------------------------------------------- %ataque
@pytest.mark.usefixtures("fake")
@pytest.mark.parametrize(
    "line",
    [
        '"Ana (FOR 4, AGI 5)" Bruto "Cuchillo ×4"',
        "'ana (for 4, agi 5)' bruto cuchillo",  # case-insensitive, quoted
        '"Ana (" BRU cuch',  # unique prefixes
        '"for 4" uto "×4"',  # unique substrings
    ],
)
def test_ataque_matches_presets_by_quote_prefix_or_substring(ip, line):
    r = ip.run_line_magic("ataque", f"fake_magic {line} seed=7")
    assert isinstance(r, Resolution)
    assert r.seed == 7 and r.system == "fake_magic"
    assert r.inputs["attacker"] == ANA
    assert r.inputs["defender"] == Person("Bruto", 0)
    assert r.inputs["weapon"] == Blade("1D4")
    assert r.inputs["modifiers"] == Mods()  # modifiers at default


def test_ataque_exact_prefix_wins_and_accents_are_ignored(ip, fake):
    r = ip.run_line_magic("attack", "fake ana jose hacha con seed=1")
    assert r.inputs["attacker"] == ANA  # "ana" is a whole word of "Ana (…)" only
    assert r.inputs["defender"].name == "José"
    assert r.inputs["weapon"] == Blade("1D8+1")
    assert r.inputs["modifiers"] == Mods(2)


def test_ataque_ambiguous_names_list_the_candidates(ip, fake, capsys):
    assert ip.run_line_magic("ataque", "fake_magic an") is None
    out = output(capsys)
    assert "ambiguo" in out and "Ana (FOR 4, AGI 5); Anabel (FOR 2)" in out


def test_ataque_dash_and_missing_arguments_mean_defaults(ip, fake):
    r = ip.run_line_magic("ataque", "fake_magic - bruto seed=2")
    d = fake.defaults()
    assert r.inputs["attacker"] == d["attacker"] and r.inputs["weapon"] == d["weapon"]


def test_ataque_defender_may_use_an_attacker_preset_of_the_same_class(ip, fake):
    r = ip.run_line_magic("ataque", "fake_magic anabel 'ana (for' seed=2")
    assert r.inputs["defender"] == ANA


def test_ataque_is_replayable_and_odds_are_exact(ip, fake):
    a = ip.run_line_magic("ataque", "fake_magic ana bruto hacha seed=99")
    b = ip.run_line_magic("ataque", "fake_magic ana bruto hacha seed=99")
    assert a == b
    o = ip.run_line_magic("attack_odds", "fake_magic ana bruto hacha")
    assert isinstance(o, Odds) and o.total == 1 and o[a.key] > 0


def first_presets(system: System) -> list[str]:
    names = []
    for role in ("attacker", "defender", "weapon"):
        table = system.presets.get(role) or {}
        names.append(shlex.quote(next(iter(table))) if table else "-")
    return names


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_ataque_with_each_systems_first_presets(ip, capsys, system_id):
    s = rolkit.get_system(system_id)
    args = " ".join([system_id, *first_presets(s)])
    r = ip.run_line_magic("ataque", f"{args} seed=11")
    assert isinstance(r, Resolution), output(capsys)
    assert r.system == system_id and r.seed == 11
    assert r == ip.run_line_magic("attack", f"{args} seed=11")
    for role, name in zip(("attacker", "defender", "weapon"), first_presets(s), strict=True):
        if name != "-":
            assert r.inputs[role] == s.presets[role][shlex.split(name)[0]]
    assert r.inputs["modifiers"] == s.defaults()["modifiers"]
    assert r.steps and "Traceback" not in output(capsys)
    html = r._repr_html_()
    assert "11" in html and "</table>" in html
    o = ip.run_line_magic("prob_ataque", args)
    assert isinstance(o, Odds) and o.total == 1 and o[r.key] > 0


# --------------------------------------------------------------------------- %chequeo
@pytest.fixture
def checker(monkeypatch):
    """The toy system (one check: 1d6 + bonus against a target) registered first."""
    from tests.contract.toy import SYSTEM as TOY

    real_available, real_get = registry.available, registry.get
    monkeypatch.setattr(registry, "available", lambda: [TOY.id, *real_available()])
    monkeypatch.setattr(registry, "get", lambda sid: TOY if sid == TOY.id else real_get(sid))
    return TOY


def test_chequeo_uses_the_checks_the_system_declares(ip, checker):
    c = ip.run_line_magic("chequeo", "toy check 2 5 seed=3")
    assert isinstance(c, render.CheckReport)
    form = c.resolution.form
    assert (form.bonus, form.target) == (2, 5) and c.seed == 3
    expected = checker.checks["check"].resolve(form, seed=3)
    assert c.resolution == expected
    assert c.p_success == checker.checks["check"].odds(form).p_success == Fraction(4, 6)
    # the system, the check and the fields can be named or left out, fields by label
    assert ip.run_line_magic("check", "2 5 seed=3") == c
    assert ip.run_line_magic("chequeo", "toy dificultad=5 bonificador=2 seed=3") == c
    html = c._repr_html_()
    assert "semilla 3" in html and "Pifia" in html and "Éxito" in html


def test_chequeo_range_errors_come_from_the_check_form(ip, checker, capsys):
    assert ip.run_line_magic("chequeo", "toy 9") is None
    out = output(capsys)
    assert "Bonificador" in out and "0 a 3" in out and "Traceback" not in out
    assert ip.run_line_magic("chequeo", "toy 1 2 3") is None
    assert "uso" in output(capsys)


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_chequeo_runs_every_check_of_every_system(ip, capsys, system_id):
    s = rolkit.get_system(system_id)
    assert s.checks, f"{system_id} declares no checks"
    for check_id, procedure in s.checks.items():
        c = ip.run_line_magic("chequeo", f"{system_id} {check_id} seed=5")
        assert isinstance(c, render.CheckReport), output(capsys)
        assert c.resolution == procedure.resolve(procedure.defaults(), seed=5)
        assert c.odds.total == 1
        assert "Traceback" not in c._repr_html_()


# --------------------------------------------------------------------------- %idioma
def test_idioma_switches_the_display_language(ip, capsys):
    ip.run_line_magic("idioma", "en")
    assert i18n.get_language() == "en"
    assert "seed 5" in repr(ip.run_line_magic("tirar", "1d6 seed=5"))
    ip.run_line_magic("lang", "ES")
    assert i18n.get_language() == "es"
    ip.run_line_magic("idioma", "")
    assert "es" in output(capsys)


def test_magic_functions_work_without_a_shell():
    assert magics.prob("1d6 >= 5").probability == Fraction(1, 3)
    assert magics.parse_comparison("2d6") == ("2d6", None, None)
    with pytest.raises(rolkit.RulesError):
        magics.match_name("x", ["a", "b"], "preset", "preset")


# --------------------------------------------------------------------------- hostile lines
HOSTILE = [
    ("tirar", "{open('/tmp/rolkit_pwned','w').write('x') and 1}d6"),
    ("prob", "$HOME >= 3"),
    ("tirar", "1d6 seed=" + "9" * 5000),
    ("tirar", "9" * 5000 + "d6"),
    ("prob", "1d" + "7" * 5000),
    ("prob", "50d1000-50d1000"),
    ("chequeo", "core_dread " + "5" * 5000),
    ("ataque", "core_dread a b c seed=" + "1" * 5000),
]


@pytest.mark.parametrize(("magic", "line"), HOSTILE)
def test_hostile_lines_end_in_a_plain_message_and_run_no_code(ip, capsys, magic, line):
    import os
    import time

    if os.path.exists("/tmp/rolkit_pwned"):
        os.unlink("/tmp/rolkit_pwned")
    t0 = time.thread_time()  # CPU of this thread: the load of the machine cannot stretch it
    result = ip.run_line_magic(magic, line)
    elapsed = time.thread_time() - t0
    out = output(capsys)
    assert "Traceback" not in out and len(out) < 600, out
    assert not os.path.exists("/tmp/rolkit_pwned")
    assert elapsed < 10
    assert result is None
