"""IPython line magics for the GM at the keyboard: ``%load_ext rolkit``.

================  ==============  ===================================================
magic             English alias   what it does
================  ==============  ===================================================
``%tirar``        ``%roll``       roll a dice expression, seeded: ``%tirar 2d6+3 seed=5``
``%prob``         ``%odds``       exact probability: ``%prob 1D8+1D4 >= 6``, or a whole law
``%ataque``       ``%attack``     resolve an attack with presets, seeded
``%prob_ataque``  ``%attack_odds``  exact odds of the same attack
``%chequeo``      ``%check``      a plain check (systems with ``roll_check``, e.g. Core Dread)
``%idioma``       ``%lang``       language of the displays: ``es`` or ``en``
``%rolkit``                       this list
================  ==============  ===================================================

Each magic returns a rich object, so a cell shows it as a table or card. A user's
mistake (a typo in an expression, an unknown preset) prints one plain sentence in the
display language and returns ``None``, with no traceback. Nothing is evaluated:
expressions go through :func:`rolkit.dice.parse` and comparisons through a table of
operators.

This module never imports IPython. ``load(ipython)`` receives the shell from
``rolkit.load_ipython_extension``, so every function here also works in a plain
interpreter.
"""

from __future__ import annotations

import functools
import random
import re
import shlex
import sys
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from rolkit import dice, i18n
from rolkit.dice import check_seed, new_seed
from rolkit.display import render
from rolkit.errors import FieldRangeError, RulesError, shown
from rolkit.model import Odds, Resolution
from rolkit.system import FORM_NAMES

__all__ = [
    "load",
    "unload",
    "MAGICS",
    "roll",
    "prob",
    "attack",
    "attack_odds",
    "check",
    "language",
    "match_name",
    "parse_comparison",
]

#: Largest amount of exact work ``%prob`` accepts (the dice engine's own budget).
MAX_WORK = dice.MAX_WORK

_SEED_KEYS = ("seed", "semilla")
_OP_ALIASES = {"=": "==", "≠": "!=", "≤": "<=", "≥": ">=", "=>": ">=", "=<": "<=", "<>": "!="}
_OP_RE = re.compile(r"(==|!=|<>|<=|>=|=>|=<|≤|≥|≠|<|>|=)")
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def _error(
    en: str, es: str, *, field: str | None = None, got: Any = None, allowed: str = ""
) -> RulesError:
    return RulesError(en, message_es=es, field=field, got=got, allowed=allowed or None)


# --------------------------------------------------------------------------- arguments
def _split(line: str) -> list[str]:
    try:
        return shlex.split(line)
    except ValueError as err:  # "No closing quotation"
        raise _error(
            f"cannot read the arguments ({err}): close every quotation mark",
            f"no se pueden leer los argumentos ({err}): cierra todas las comillas",
            field="line",
            got=line,
        ) from None


def _seed_value(text: str) -> int:
    return check_seed(text, from_text=True)


def _take_keywords(
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


def _fold(text: str) -> str:
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
    q = _fold(query)
    folded = [(n, _fold(n)) for n in names]

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
            raise _error(
                f"{what_en} {query!r} is ambiguous: it matches {listing}",
                f"{what_es} {query!r} es ambiguo: coincide con {listing}",
                field=what_en,
                got=query,
                allowed=listing,
            )
    listing = "; ".join(names) if names else "(none)"
    listing_es = "; ".join(names) if names else "(ninguno)"
    raise _error(
        f"no {what_en} matches {query!r}; available: {listing}",
        f"ningún {what_es} coincide con {query!r}; disponibles: {listing_es}",
        field=what_en,
        got=query,
        allowed=listing,
    )


# --------------------------------------------------------------------------- %tirar
#: Most rolls one ``%tirar … veces=N`` makes.
MAX_TIMES = 100


def roll(line: str) -> render.RollResult | render.RollSeries:
    """``%tirar 2d6+3 [veces=N] [seed=N]``: seeded rolls, with breakdowns and the seed."""
    tokens, kw = _take_keywords(
        _split(line), {"seed": _SEED_KEYS, "times": ("veces", "times", "n")}
    )
    text = "".join(tokens)
    if not text:
        raise _error(
            "write a dice expression, e.g. %tirar 2d6+3 seed=5",
            "escribe una expresión de dados, p. ej. %tirar 2d6+3 seed=5",
            field="expression",
        )
    expr = dice.parse(text)
    times = None
    if "times" in kw:
        times = _int_arg(kw["times"], "times", "veces")
        if not 1 <= times <= MAX_TIMES:
            raise FieldRangeError(
                f"times must be a whole number from 1 to {MAX_TIMES} (got {times})",
                field="times",
                allowed=f"1..{MAX_TIMES}",
                got=times,
                message_es=f"veces debe ser un número entero de 1 a {MAX_TIMES} (recibido {times})",
            )
    seed = _seed_value(kw["seed"]) if "seed" in kw else new_seed()
    rng = random.Random(seed)
    if times is None:
        return render.RollResult(expr.roll(rng), seed)
    return render.RollSeries(tuple(expr.roll(rng) for _ in range(times)), seed)


# --------------------------------------------------------------------------- %prob
def parse_comparison(line: str) -> tuple[str, str | None, str | None]:
    """Split ``"1D8+1D4 >= 6"`` into ``("1D8+1D4", ">=", "6")``.

    The operator may be ``== != < <= > >=`` (also ``= ≠ ≤ ≥``). Without an operator the
    result is ``(line, None, None)``.
    """
    parts = _OP_RE.split(line)
    if len(parts) == 1:
        return line.strip(), None, None
    if len(parts) > 3:
        raise _error(
            f"use one comparison at most (got {line.strip()!r})",
            f"usa como mucho una comparación (recibido {line.strip()!r})",
            field="comparison",
            got=line,
        )
    left, op, right = parts
    op = _OP_ALIASES.get(op, op)
    if not left.strip() or not right.strip():
        side_en, side_es = ("left", "izquierda") if not left.strip() else ("right", "derecha")
        raise _error(
            f"the comparison {op!r} needs an expression on its {side_en}, e.g. %prob 1D8+1D4 >= 6",
            f"la comparación {op!r} necesita una expresión a su {side_es}, p. ej. %prob 1D8+1D4 >= 6",
            field="comparison",
            got=line,
        )
    return left.strip(), op, right.strip()


def _work(expr: dice.DiceExpression) -> int:
    return expr.work


def _too_big(what: str) -> RulesError:
    return _error(
        f"{what} is too big for exact odds here (it would take more than a few seconds)",
        f"{what} es demasiado grande para calcular aquí las probabilidades exactas "
        "(tardaría más de unos segundos)",
        field="expression",
        got=what,
    )


def prob(line: str) -> render.ProbabilityResult | render.DistributionResult:
    """``%prob 1D8+1D4 >= 6``: the exact probability; ``%prob 2d6``: the whole law."""
    left, op, right = parse_comparison(line)
    if not left:
        raise _error(
            "write a dice expression, e.g. %prob 1D8+1D4 >= 6",
            "escribe una expresión de dados, p. ej. %prob 1D8+1D4 >= 6",
            field="expression",
        )
    lexpr = dice.parse(left)
    if _work(lexpr) > MAX_WORK:
        raise _too_big(str(lexpr))
    ldist = lexpr.distribution()
    if op is None:
        return render.DistributionResult(str(lexpr), ldist)
    rexpr = dice.parse(right or "")
    if _work(lexpr) + _work(rexpr) > MAX_WORK:
        raise _too_big(f"{lexpr} {op} {rexpr}")
    rdist = rexpr.distribution()
    if len(ldist) * len(rdist) > MAX_WORK:
        raise _too_big(f"{lexpr} {op} {rexpr}")
    law = dice.combine(ldist, rdist, _COMPARE[op])
    return render.ProbabilityResult(str(lexpr), op, str(rexpr), law[True])


# --------------------------------------------------------------------------- %ataque
_ROLE_ES = {
    "attacker": "atacante",
    "defender": "defensor",
    "weapon": "arma",
    "modifiers": "modificadores",
}
_DEFAULT_TOKENS = {"-", "_", "default", "defecto"}


def _system(query: str) -> Any:
    from rolkit import systems

    return systems.get(match_name(query, systems.available(), "system", "sistema"))


def _candidates(system: Any, role: str) -> dict[str, Any]:
    """The presets usable in ``role``: its own first, then other roles' of the same class."""
    presets = system.presets or {}
    pool = dict(presets.get(role, {}) or {})
    cls = system.forms.get(role)
    for other, table in presets.items():
        if other == role:
            continue
        for name, value in (table or {}).items():
            if name not in pool and cls is not None and isinstance(value, cls):
                pool[name] = value
    return pool


def _preset(system: Any, role: str, query: str | None) -> Any:
    if query is None or query.strip().casefold() in _DEFAULT_TOKENS:
        return system.defaults()[role]
    pool = _candidates(system, role)
    name = match_name(query, list(pool), f"{role} preset", f"preset de {_ROLE_ES[role]}")
    return pool[name]


def _usage_attack(system_ids: list[str]) -> RulesError:
    ids = ", ".join(system_ids) or "(none)"
    return _error(
        'usage: %ataque <system> "<attacker>" "<defender>" "<weapon>" ["<modifiers>"] '
        f"[seed=N]; quote names with spaces; systems: {ids}",
        'uso: %ataque <sistema> "<atacante>" "<defensor>" "<arma>" ["<modificadores>"] '
        f"[seed=N]; pon entre comillas los nombres con espacios; sistemas: {ids}",
        field="line",
    )


def _attack_forms(line: str) -> tuple[Any, dict[str, Any], dict[str, str]]:
    from rolkit import systems

    tokens, kw = _take_keywords(_split(line), {"seed": _SEED_KEYS})
    if not tokens or len(tokens) > 1 + len(FORM_NAMES):
        raise _usage_attack(systems.available())
    system = _system(tokens[0])
    queries = tokens[1:] + [None] * (len(FORM_NAMES) - len(tokens) + 1)
    forms = {role: _preset(system, role, q) for role, q in zip(FORM_NAMES, queries, strict=True)}
    return system, forms, kw


def attack(line: str) -> Resolution:
    """``%ataque core_dread Ana Bruno Cuchillo seed=7``: one seeded, explained attack."""
    system, forms, kw = _attack_forms(line)
    seed = _seed_value(kw["seed"]) if "seed" in kw else None
    return system.resolve(**forms, seed=seed)


def attack_odds(line: str) -> Odds:
    """``%prob_ataque core_dread Ana Bruno Cuchillo``: the exact odds of that attack."""
    system, forms, kw = _attack_forms(line)
    if kw:
        raise _error(
            "odds need no seed: they are exact",
            "las probabilidades no necesitan semilla: son exactas",
            field="seed",
        )
    return system.odds(**forms)


# --------------------------------------------------------------------------- %chequeo
def _int_arg(text: str, name_en: str, name_es: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise _error(
            f"{name_en} must be a whole number (got {shown(text)})",
            f"{name_es} debe ser un número entero (recibido {shown(text)})",
            field=name_en,
            got=text,
        ) from None


_TRUE = {"si", "sí", "yes", "true", "1", "s", "y"}
_FALSE = {"no", "false", "0", "n"}


def _systems_with_checks() -> list[str]:
    from rolkit import systems

    return [sid for sid in systems.available() if systems.get(sid).checks]


def _field_value(name: str, spec: Any, text: str) -> Any:
    """A typed token as the value of a check form field (validation comes from the form)."""
    label_en, label_es = spec.label_for("en"), spec.label_for("es")
    if spec.kind == "int":
        digits = text.strip()
        if digits.lstrip("+-").isdigit() and len(digits) <= 12:
            return int(digits)
        raise _error(
            f"{label_en} must be a whole number (got {shown(text)})",
            f"{label_es} debe ser un número entero (recibido {shown(text)})",
            field=name,
            got=text,
        )
    if spec.kind == "flag":
        word = _fold(text)
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise _error(
            f"{label_en} must be yes or no (got {shown(text)})",
            f"{label_es} debe ser sí o no (recibido {shown(text)})",
            field=name,
            got=text,
        )
    if spec.kind == "choice":
        labels = {str(c.value): c.value for c in spec.choices}
        labels.update({c.es: c.value for c in spec.choices})
        labels.update({c.en: c.value for c in spec.choices})
        return labels[match_name(text, list(labels), label_en, label_es)]
    return text


def _usage_check(system: Any | None) -> RulesError:
    if system is None:
        ids = ", ".join(_systems_with_checks()) or "(none)"
        return _error(
            f"usage: %chequeo [system] [check] <values…> [field=value] [seed=N]; systems: {ids}",
            f"uso: %chequeo [sistema] [chequeo] <valores…> [campo=valor] [seed=N]; sistemas: {ids}",
            field="line",
        )
    ids = ", ".join(system.checks)
    return _error(
        f"usage: %chequeo {system.id} [check] <values…> [field=value] [seed=N]; checks: {ids}",
        f"uso: %chequeo {system.id} [chequeo] <valores…> [campo=valor] [seed=N]; chequeos: {ids}",
        field="line",
    )


def _pick_check(tokens: list[str]) -> tuple[Any, Any, list[str]]:
    """The system and check a ``%chequeo`` line names (each optional), and the rest."""
    from rolkit import systems

    with_checks = _systems_with_checks()
    if not with_checks:
        raise _error(
            "no registered system declares checks",
            "ningún sistema registrado declara chequeos",
            field="system",
        )
    system_id = with_checks[0]
    if tokens and not tokens[0].lstrip("+-").isdigit() and "=" not in tokens[0]:
        system_id = match_name(tokens[0], with_checks, "system with checks", "sistema con chequeos")
        tokens = tokens[1:]
    system = systems.get(system_id)
    check = next(iter(system.checks.values()))
    if tokens and not tokens[0].lstrip("+-").isdigit() and "=" not in tokens[0]:
        names = {cid: cid for cid in system.checks}
        for cid, c in system.checks.items():
            names.setdefault(c.label[0], cid)
            names.setdefault(c.label[1], cid)
        check = system.checks[names[match_name(tokens[0], list(names), "check", "chequeo")]]
        tokens = tokens[1:]
    return system, check, tokens


def check(line: str) -> render.CheckReport:
    """``%chequeo [system] [check] <values…> [field=value] [seed=N]``: one seeded check of
    any system (``s.checks``), with its exact law by degree."""
    from rolkit import fields

    tokens, kw = _take_keywords(_split(line), {"seed": _SEED_KEYS})
    if not tokens:
        raise _usage_check(None)
    system, procedure, tokens = _pick_check(tokens)
    specs = fields.describe(procedure.form)
    by_name = {_fold(n): (n, spec) for n, spec in specs}
    for n, spec in specs:
        by_name.setdefault(_fold(spec.label_for("es")), (n, spec))
        by_name.setdefault(_fold(spec.label_for("en")), (n, spec))
    positional = [t for t in tokens if "=" not in t]
    named = [t for t in tokens if "=" in t]
    if len(positional) > len(specs):
        raise _usage_check(system)
    data: dict[str, Any] = {}
    for (name, spec), text in zip(specs, positional, strict=False):
        data[name] = _field_value(name, spec, text)
    for tok in named:
        key, _, text = tok.partition("=")
        field_name = match_name(key, list(by_name), "field", "campo")
        name, spec = by_name[field_name]
        data[name] = _field_value(name, spec, text)
    form = fields.from_data(procedure.form, data)
    seed = _seed_value(kw["seed"]) if "seed" in kw else new_seed()
    return render.CheckReport(procedure.resolve(form, seed=seed), procedure.odds(form))


# --------------------------------------------------------------------------- %idioma
def language(line: str) -> None:
    """``%idioma en``: the language of every display (``es`` or ``en``); no argument: show it."""
    value = line.strip().casefold()
    if value:
        if value not in i18n.LANGUAGES:
            raise _error(
                f"language must be one of {', '.join(i18n.LANGUAGES)} (got {shown(value)})",
                f"el idioma debe ser uno de {', '.join(i18n.LANGUAGES)} (recibido {shown(value)})",
                field="language",
                got=value,
            )
        i18n.set_language(value)
    print(f"{i18n.t('language')}: {i18n.get_language()}")


# --------------------------------------------------------------------------- registration
_HELP = {
    "tirar": """Tira una expresión de dados con semilla / roll a dice expression, seeded.

Uso / usage:  %tirar 2d6+3 [seed=5]
              %tirar 4d6 veces=6 [seed=5]    varias tiradas / several rolls (times=6)

Muestra cada dado, el total y la semilla: la misma semilla repite la misma tirada.
Shows every die, the total and the seed; the same seed replays the same roll.
Gramática / grammar: NdM, dM, d%, números, + y - (1D8+1D4, 2d6+3, 1D3-1).
Devuelve / returns: rolkit.display.render.RollResult (.total, .seed, .rolled), o RollSeries
(.totals, .rolls) con veces=N.
""",
    "prob": """Probabilidad exacta / exact probability of a dice expression.

Uso / usage:  %prob 1D8+1D4 >= 6     comparación con un número o con otra expresión
              %prob 1d20+5 > 1d20    (== != < <= > >=; también = ≠ ≤ ≥)
              %prob 2d6              sin comparación: la distribución completa

Devuelve / returns: ProbabilityResult (.probability es una Fraction exacta) o
DistributionResult (.distribution).
""",
    "ataque": """Resuelve un ataque con presets / resolve an attack with presets, seeded.

Uso / usage:  %ataque <sistema> "<atacante>" "<defensor>" "<arma>" ["<modificadores>"] [seed=7]

Los nombres de preset admiten comillas, mayúsculas o minúsculas y un prefijo o fragmento
único ("ana" vale por "Ana (FOR 4, AGI 5)"); "-" o un argumento omitido usa el valor por
defecto. Names may be quoted, any case, or a unique prefix/substring; "-" means default.
Devuelve / returns: la Resolution (pasos, semilla).
""",
    "prob_ataque": """Probabilidades exactas de un ataque / exact odds of an attack.

Uso / usage:  %prob_ataque <sistema> "<atacante>" "<defensor>" "<arma>" ["<modificadores>"]

Mismos argumentos que %ataque, sin semilla. Same arguments as %ataque, without a seed.
Devuelve / returns: Odds (tabla de resultados con columnas = y ≥, daño esperado).
""",
    "chequeo": """Chequeo de cualquier sistema / a check of any system (its s.checks).

Uso / usage:  %chequeo [sistema] [chequeo] <valores…> [campo=valor] [seed=7]
              %chequeo core_dread 5 2 seed=7       atributo 5, habilidad 2
              %chequeo gore 60 seed=7              habilidad 60

Los valores van en el orden de los campos del chequeo; campo=valor nombra uno (por su
nombre o su etiqueta). Sin sistema: el primero que declara chequeos; sin chequeo: el
primero del sistema. Muestra los dados, el grado de éxito y la ley exacta por grado.
Values follow the check form's fields in order; field=value names one. Shows the dice,
the degree of success and the exact law by degree.
""",
    "idioma": """Idioma de las tablas / language of the displays: %idioma es | %idioma en.""",
    "rolkit": """Lista las magias de rolkit / list rolkit's magics.""",
}

#: magic name -> (help key, function); English aliases share the Spanish help.
MAGICS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "tirar": ("tirar", roll),
    "roll": ("tirar", roll),
    "prob": ("prob", prob),
    "odds": ("prob", prob),
    "ataque": ("ataque", attack),
    "attack": ("ataque", attack),
    "prob_ataque": ("prob_ataque", attack_odds),
    "attack_odds": ("prob_ataque", attack_odds),
    "chequeo": ("chequeo", check),
    "check": ("chequeo", check),
    "idioma": ("idioma", language),
    "lang": ("idioma", language),
}


def _summary(line: str = "") -> None:
    rows = [
        ("%tirar / %roll", "2d6+3 seed=5 · 4d6 veces=6"),
        ("%prob / %odds", "1D8+1D4 >= 6"),
        ("%ataque / %attack", 'core_dread "Ana" "Bruno" "Cuchillo" seed=7'),
        ("%prob_ataque / %attack_odds", 'core_dread "Ana" "Bruno" "Cuchillo"'),
        ("%chequeo / %check", "core_dread 5 2 seed=7"),
        ("%idioma / %lang", "en"),
    ]
    print("rolkit — magias / magics (ayuda / help: %tirar?)")
    for name, example in rows:
        print(f"  {name:<30} {example}")


def _show_error(err: RulesError) -> None:
    """One plain sentence on stderr, in the display language; never a traceback."""
    print(f"rolkit: {err.message(i18n.get_language())}", file=sys.stderr)


def _friendly(fn: Callable[[str], Any], name: str, help_key: str) -> Callable[[str], Any]:
    @functools.wraps(fn)
    def magic(line: str = "") -> Any:
        try:
            return fn(line)
        except RulesError as err:
            _show_error(err)
            return None

    magic.__name__ = name
    magic.__qualname__ = name
    magic.__doc__ = _HELP[help_key]
    # arguments are taken as typed: IPython must not expand {…} or $name in them (that
    # would run code from a magic line)
    from IPython.core.magic import no_var_expand

    return no_var_expand(magic)


def load(ipython: Any) -> None:
    """Register every magic of :data:`MAGICS` (and ``%rolkit``) as a line magic."""
    for name, (help_key, fn) in MAGICS.items():
        ipython.register_magic_function(_friendly(fn, name, help_key), "line", name)
    summary = _friendly(_summary, "rolkit", "rolkit")
    ipython.register_magic_function(summary, "line", "rolkit")


def unload(ipython: Any) -> None:
    """Remove the magics registered by :func:`load`."""
    line_magics = ipython.magics_manager.magics.get("line", {})
    for name in [*MAGICS, "rolkit"]:
        line_magics.pop(name, None)
