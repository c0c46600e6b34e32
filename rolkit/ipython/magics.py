"""The magics themselves, each a plain function of the typed line: ``roll`` (``%tirar``),
``prob`` (``%prob``), ``attack`` (``%ataque``), ``attack_odds`` (``%prob_ataque``),
``check`` (``%chequeo``) and ``language`` (``%idioma``).

Each returns a rich object (:mod:`rolkit.display.render`'s display objects, a
:class:`~rolkit.model.Resolution`, an :class:`~rolkit.model.Odds`), so a cell shows it as
a table or card; a user's mistake raises :class:`~rolkit.errors.RulesError`. None of them
needs IPython: they work in a plain interpreter too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rolkit import dice, fields, i18n, systems
from rolkit.dice import new_seed
from rolkit.display import render
from rolkit.errors import FieldRangeError, RulesError, shown
from rolkit.ipython.args import (
    SEED_KEYS,
    fold,
    int_arg,
    magic_error,
    match_name,
    parse_comparison,
    seed_value,
    split_line,
    take_keywords,
)
from rolkit.model import Odds, Resolution
from rolkit.system import FORM_NAMES

__all__ = ["MAX_WORK", "MAX_TIMES", "roll", "prob", "attack", "attack_odds", "check", "language"]

#: Largest amount of exact work ``%prob`` accepts (the dice engine's own budget).
MAX_WORK = dice.MAX_WORK

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


# --------------------------------------------------------------------------- %tirar
#: Most rolls one ``%tirar … veces=N`` makes.
MAX_TIMES = 100


def roll(line: str) -> render.RollResult | render.RollSeries:
    """``%tirar 2d6+3 [veces=N] [seed=N]``: seeded rolls, with breakdowns and the seed."""
    tokens, kw = take_keywords(
        split_line(line), {"seed": SEED_KEYS, "times": ("veces", "times", "n")}
    )
    text = "".join(tokens)
    if not text:
        raise magic_error(
            "write a dice expression, e.g. %tirar 2d6+3 seed=5",
            "escribe una expresión de dados, p. ej. %tirar 2d6+3 seed=5",
            field="expression",
        )
    expr = dice.parse(text)
    times = None
    if "times" in kw:
        times = int_arg(kw["times"], "times", "veces")
        if not 1 <= times <= MAX_TIMES:
            raise FieldRangeError(
                f"times must be a whole number from 1 to {MAX_TIMES} (got {times})",
                field="times",
                allowed=f"1..{MAX_TIMES}",
                got=times,
                message_es=f"veces debe ser un número entero de 1 a {MAX_TIMES} (recibido {times})",
            )
    seed = seed_value(kw["seed"]) if "seed" in kw else new_seed()
    rng = random.Random(seed)
    if times is None:
        return render.RollResult(expr.roll(rng), seed)
    return render.RollSeries(tuple(expr.roll(rng) for _ in range(times)), seed)


# --------------------------------------------------------------------------- %prob
# --------------------------------------------------------------------------- %prob
def _work(expr: dice.DiceExpression) -> int:
    return expr.work


def _too_big(what: str) -> RulesError:
    return magic_error(
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
        raise magic_error(
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
    return magic_error(
        'usage: %ataque <system> "<attacker>" "<defender>" "<weapon>" ["<modifiers>"] '
        f"[seed=N]; quote names with spaces; systems: {ids}",
        'uso: %ataque <sistema> "<atacante>" "<defensor>" "<arma>" ["<modificadores>"] '
        f"[seed=N]; pon entre comillas los nombres con espacios; sistemas: {ids}",
        field="line",
    )


def _attack_forms(line: str) -> tuple[Any, dict[str, Any], dict[str, str]]:
    tokens, kw = take_keywords(split_line(line), {"seed": SEED_KEYS})
    if not tokens or len(tokens) > 1 + len(FORM_NAMES):
        raise _usage_attack(systems.available())
    system = _system(tokens[0])
    queries = tokens[1:] + [None] * (len(FORM_NAMES) - len(tokens) + 1)
    forms = {role: _preset(system, role, q) for role, q in zip(FORM_NAMES, queries, strict=True)}
    return system, forms, kw


def attack(line: str) -> Resolution:
    """``%ataque core_dread Ana Bruno Cuchillo seed=7``: one seeded, explained attack."""
    system, forms, kw = _attack_forms(line)
    seed = seed_value(kw["seed"]) if "seed" in kw else None
    return system.resolve(**forms, seed=seed)


def attack_odds(line: str) -> Odds:
    """``%prob_ataque core_dread Ana Bruno Cuchillo``: the exact odds of that attack."""
    system, forms, kw = _attack_forms(line)
    if kw:
        raise magic_error(
            "odds need no seed: they are exact",
            "las probabilidades no necesitan semilla: son exactas",
            field="seed",
        )
    return system.odds(**forms)


# --------------------------------------------------------------------------- %chequeo
_TRUE = {"si", "sí", "yes", "true", "1", "s", "y"}
_FALSE = {"no", "false", "0", "n"}


def _systems_with_checks() -> list[str]:
    return [sid for sid in systems.available() if systems.get(sid).checks]


def _field_value(name: str, spec: Any, text: str) -> Any:
    """A typed token as the value of a check form field (validation comes from the form)."""
    label_en, label_es = spec.label_for("en"), spec.label_for("es")
    if spec.kind == "int":
        digits = text.strip()
        if digits.lstrip("+-").isdigit() and len(digits) <= 12:
            return int(digits)
        raise magic_error(
            f"{label_en} must be a whole number (got {shown(text)})",
            f"{label_es} debe ser un número entero (recibido {shown(text)})",
            field=name,
            got=text,
        )
    if spec.kind == "flag":
        word = fold(text)
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise magic_error(
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
        return magic_error(
            f"usage: %chequeo [system] [check] <values…> [field=value] [seed=N]; systems: {ids}",
            f"uso: %chequeo [sistema] [chequeo] <valores…> [campo=valor] [seed=N]; sistemas: {ids}",
            field="line",
        )
    ids = ", ".join(system.checks)
    return magic_error(
        f"usage: %chequeo {system.id} [check] <values…> [field=value] [seed=N]; checks: {ids}",
        f"uso: %chequeo {system.id} [chequeo] <valores…> [campo=valor] [seed=N]; chequeos: {ids}",
        field="line",
    )


def _pick_check(tokens: list[str]) -> tuple[Any, Any, list[str]]:
    """The system and check a ``%chequeo`` line names (each optional), and the rest."""
    with_checks = _systems_with_checks()
    if not with_checks:
        raise magic_error(
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
    tokens, kw = take_keywords(split_line(line), {"seed": SEED_KEYS})
    if not tokens:
        raise _usage_check(None)
    system, procedure, tokens = _pick_check(tokens)
    specs = fields.describe(procedure.form)
    by_name = {fold(n): (n, spec) for n, spec in specs}
    for n, spec in specs:
        by_name.setdefault(fold(spec.label_for("es")), (n, spec))
        by_name.setdefault(fold(spec.label_for("en")), (n, spec))
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
    seed = seed_value(kw["seed"]) if "seed" in kw else new_seed()
    return render.CheckReport(procedure.resolve(form, seed=seed), procedure.odds(form))


# --------------------------------------------------------------------------- %idioma
def language(line: str) -> None:
    """``%idioma en``: the language of every display (``es`` or ``en``); no argument: show it."""
    value = line.strip().casefold()
    if value:
        if value not in i18n.LANGUAGES:
            raise magic_error(
                f"language must be one of {', '.join(i18n.LANGUAGES)} (got {shown(value)})",
                f"el idioma debe ser uno de {', '.join(i18n.LANGUAGES)} (recibido {shown(value)})",
                field="language",
                got=value,
            )
        i18n.set_language(value)
    print(f"{i18n.t('language')}: {i18n.get_language()}")
