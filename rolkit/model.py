"""The shared model every system speaks: errors, steps, resolutions, odds and ``System``.

Conventions (they hold for every class here):

* Instances are immutable. Anything that looks like it mutates returns a new instance.
* Probabilities are ``fractions.Fraction``; a float appears only when rendering.
* A roll is reproducible: ``System.resolve`` takes a seed, records it, and builds the
  random source from it, so ``resolve(..., seed=r.seed)`` gives the same ``Resolution``.
* User-facing text is never built here: errors and steps carry message keys and
  parameters, and :mod:`rolkit.i18n` renders them in ``es`` or ``en``.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, NamedTuple

__all__ = [
    "RulesError",
    "FieldRangeError",
    "ImpossibleActionError",
    "DiceSyntaxError",
    "Step",
    "OutcomeView",
    "Resolution",
    "Odds",
    "System",
    "MAX_SEED",
    "new_seed",
    "check_seed",
]

MAX_SEED = 2**31 - 1


# --------------------------------------------------------------------------- errors
class RulesError(ValueError):
    """Any error a user can cause: carries the field, what is allowed and what was got.

    Args:
        message: the plain English sentence (``str(err)``).
        field: the dataclass field (or argument) at fault, e.g. ``"fortaleza"`` or
            ``"defender.con"``; ``None`` when no single field is to blame.
        allowed: a short English description of what is allowed.
        got: the offending value.
        message_es: the same sentence in Spanish (defaults to the English one).
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        allowed: str | None = None,
        got: Any = None,
        message_es: str | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.allowed = allowed
        self.got = got
        self.message_en = message
        self.message_es = message_es or message

    def message(self, lang: str = "en") -> str:
        """The plain sentence in ``lang`` (``"es"`` or ``"en"``)."""
        return self.message_es if lang == "es" else self.message_en


class FieldRangeError(RulesError):
    """A single field holds a value outside its declared range or choices."""


class ImpossibleActionError(RulesError):
    """The fields are each valid, but the combination is not an action the rules allow."""


class DiceSyntaxError(RulesError):
    """A dice expression could not be parsed; carries ``position``, ``got`` and ``expected``."""

    def __init__(self, message: str, *, position: int, got: str, expected: str, **kw: Any):
        super().__init__(message, got=got, **kw)
        self.position = position
        self.expected = expected


# --------------------------------------------------------------------------- steps
@dataclass(frozen=True)
class Step:
    """One recorded step of a resolution.

    Attributes:
        label: an i18n message key (``"cd.step.attack"``) or a literal Spanish label.
        dice: the faces in the order drawn (rerolled and dropped dice included).
        derived: the numbers this step derived (``{"attribute": 5, "hits": 3}``).
        rule: the rule applied, as a short citation (section and a Spanish quote).
        params: extra values the label's message needs (names, levels, …).
    """

    label: str
    dice: tuple[int, ...] = ()
    derived: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)


class OutcomeView(NamedTuple):
    """The common projection of any system's outcome key, used by tables and headlines.

    ``hit``: the attack got through; ``critical``: a critical/spectacular/impale tier;
    ``damage``: damage points the defender took (after armour); ``wound``: a wound label
    (i18n key or Spanish term) or ``None``; ``wound_rank``: orders wounds, 0 = none;
    ``flags``: further yes/no facts (``"counter"``, ``"fumble"``, …) for side tables.
    """

    hit: bool
    critical: bool
    damage: int
    wound: str | None
    wound_rank: int
    flags: frozenset[str] = frozenset()


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class Resolution:
    """One seeded, reproducible attack, every step recorded.

    Attributes:
        system: the system id.
        seed: the seed the random source was built from.
        steps: the steps in order.
        outcome: the system's own result object (its spec's ``Resolution``).
        key: the outcome key, the same kind of key :class:`Odds` is indexed by.
        view: the common projection of ``key``.
        inputs: the forms and options that were resolved (for replay and display).
    """

    system: str
    seed: int
    steps: tuple[Step, ...]
    outcome: Any
    key: Hashable
    view: OutcomeView
    inputs: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def _repr_html_(self) -> str:
        from rolkit import render

        return render.resolution_html(self)

    def _repr_markdown_(self) -> str:
        from rolkit import render

        return render.resolution_markdown(self)

    def __repr__(self) -> str:
        from rolkit import render

        return render.resolution_text(self)


@dataclass(frozen=True, eq=False)
class Odds:
    """Exact odds of every outcome of one attack: ``key -> Fraction``, summing to 1.

    Args:
        system: the system id.
        probabilities: the outcome keys (hashable) and their exact probabilities.
        project: maps a key to its :class:`OutcomeView`.
    """

    system: str
    probabilities: Mapping[Hashable, Fraction]
    project: Callable[[Hashable], OutcomeView] = field(repr=False)
    inputs: Mapping[str, Any] = field(default_factory=dict, repr=False)

    # mapping protocol -----------------------------------------------------
    def __getitem__(self, key: Hashable) -> Fraction:
        return self.probabilities.get(key, Fraction(0))

    def __iter__(self):
        return iter(self.probabilities)

    def __len__(self) -> int:
        return len(self.probabilities)

    def items(self) -> Iterable[tuple[Hashable, Fraction]]:
        return self.probabilities.items()

    def __bool__(self) -> bool:
        raise TypeError("Odds have no truth value; use odds.p_hit or odds[key].")

    # derived --------------------------------------------------------------
    def views(self) -> list[tuple[OutcomeView, Fraction]]:
        """Each outcome's common projection with its probability."""
        return list(self._views)

    @cached_property
    def _views(self) -> tuple[tuple[OutcomeView, Fraction], ...]:
        # projected once: the headline, tables and marginals all read these
        return tuple((self.project(k), p) for k, p in self.probabilities.items())

    @property
    def total(self) -> Fraction:
        return sum(self.probabilities.values(), Fraction(0))

    def probability(self, predicate: Callable[[OutcomeView], bool]) -> Fraction:
        """P(predicate(view)), exact."""
        return sum((p for v, p in self.views() if predicate(v)), Fraction(0))

    @property
    def p_hit(self) -> Fraction:
        return self.probability(lambda v: v.hit)

    @property
    def p_critical(self) -> Fraction:
        return self.probability(lambda v: v.critical)

    @property
    def expected_damage(self) -> Fraction:
        return sum((p * v.damage for v, p in self.views()), Fraction(0))

    def flag(self, name: str) -> Fraction:
        """P(the outcome carries flag ``name``), e.g. ``odds.flag("counter")``."""
        return self.probability(lambda v: name in v.flags)

    def flags(self) -> list[str]:
        """Every flag some outcome carries, sorted."""
        return sorted({f for v, _ in self.views() for f in v.flags})

    def damage(self) -> dict[int, Fraction]:
        """Marginal law of the damage points, sorted by damage."""
        out: dict[int, Fraction] = {}
        for v, p in self.views():
            out[v.damage] = out.get(v.damage, Fraction(0)) + p
        return dict(sorted(out.items()))

    def wound(self) -> dict[tuple[int, str | None], Fraction]:
        """Marginal law of ``(wound_rank, wound)``, sorted from no wound to the worst."""
        out: dict[tuple[int, str | None], Fraction] = {}
        for v, p in self.views():
            k = (v.wound_rank, v.wound)
            out[k] = out.get(k, Fraction(0)) + p
        return dict(sorted(out.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")))

    def outcome_classes(self) -> dict[tuple[int, str, str | None], Fraction]:
        """Outcomes grouped for the results table, ordered from worst for the attacker.

        Keys are ``(rank, kind, wound)`` with kind ``"miss"`` (rank -1), ``"hit"``
        (a hit that leaves no wound, rank 0) or ``"wound"`` (rank = wound_rank).
        """
        out: dict[tuple[int, str, str | None], Fraction] = {}
        for v, p in self.views():
            if not v.hit and v.wound is None:
                k = (-1, "miss", None)
            elif v.wound is None:
                k = (0, "hit", None)
            else:
                k = (v.wound_rank, "wound", v.wound)
            out[k] = out.get(k, Fraction(0)) + p
        return dict(sorted(out.items(), key=lambda kv: (kv[0][0], kv[0][2] or "")))

    # display --------------------------------------------------------------
    def _repr_html_(self) -> str:
        from rolkit import render

        return render.odds_html(self)

    def _repr_markdown_(self) -> str:
        from rolkit import render

        return render.odds_markdown(self)

    def __repr__(self) -> str:
        from rolkit import render

        return render.odds_text(self)


# --------------------------------------------------------------------------- seeds
def new_seed() -> int:
    """A fresh random seed in ``1..MAX_SEED`` (from the OS, not the global ``random``)."""
    return secrets.randbelow(MAX_SEED) + 1


def check_seed(seed: Any, *, from_text: bool = False) -> int:
    """``seed`` as a valid seed: a whole number ``0..MAX_SEED``.

    Args:
        seed: the value to check.
        from_text: also accept the digits a user typed (``"81723"``), for forms and magics.

    Raises:
        FieldRangeError: on field ``seed``, naming the range and what was got.
    """
    value = seed
    if from_text and isinstance(seed, str) and seed.strip().isdigit():
        value = int(seed)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise FieldRangeError(
            f"seed must be a whole number from 0 to {MAX_SEED} (got {seed!r})",
            field="seed",
            allowed=f"0..{MAX_SEED}",
            got=seed,
            message_es=f"la semilla debe ser un número entero de 0 a {MAX_SEED} (recibido {seed!r})",
        )
    return value


# --------------------------------------------------------------------------- system
FORM_NAMES = ("attacker", "defender", "weapon", "modifiers")


@dataclass(frozen=True, eq=False)
class System:
    """What every system module exports as ``SYSTEM``; the widgets know only this object.

    Attributes:
        id: the registry id (``"core_dread"``).
        name_key: i18n key of the display name.
        forms: the four form dataclasses by role.
        options_type: dataclass of house rules and placeholders, all defaulted.
        presets: ``{role: {preset name: instance}}`` from the spec's examples.
        resolve_fn: ``(attacker, defender, weapon, modifiers, options, rng) ->
            (steps, outcome, key)``.
        odds_fn: ``(attacker, defender, weapon, modifiers, options) -> {key: Fraction}``.
        project: ``key -> OutcomeView``.
        default_forms: ``{role: instance}``; defaults to each form class called with no
            arguments.
        options_field: for a system whose options travel inside the modifiers form (its
            spec puts them there), the name of that field. Then ``options=None`` means
            "the options the modifiers carry", and explicit options replace them; either
            way ``resolve_fn``/``odds_fn`` get modifiers and options that agree. Forms
            hide the field, since the options panel edits it.
        grid_axes: two ``(role, field)`` pairs of the attacker's main numbers (attribute
            and skill): the success grid and the monotonicity property use them. Raising
            either never lowers the probability of a hit.
        after_fn: ``outcome -> {role: instance}``: given a Resolution's ``outcome`` (the
            system's own result object), the forms as they stand after the attack, for
            the roles that changed (``attacker``, ``defender``, ``weapon``; never
            ``modifiers``): wounds marked, HP lost, ammunition spent, item PG lost. Each
            value is a valid instance of that role's form class, so a dashboard can load
            it and keep going through a fight. ``None``: the system does not track state
            (:meth:`after` returns ``{}``).
    """

    id: str
    name_key: str
    forms: Mapping[str, type]
    options_type: type
    presets: Mapping[str, Mapping[str, Any]]
    resolve_fn: Callable[..., tuple[tuple[Step, ...], Any, Hashable]] = field(repr=False)
    odds_fn: Callable[..., Mapping[Hashable, Fraction]] = field(repr=False)
    project: Callable[[Hashable], OutcomeView] = field(repr=False)
    default_forms: Mapping[str, Any] | None = None
    grid_axes: tuple[tuple[str, str], tuple[str, str]] | None = None
    options_field: str | None = None
    after_fn: Callable[[Any], Mapping[str, Any]] | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        from rolkit import i18n

        return i18n.t(self.name_key)

    def display_name(self, lang: str | None = None) -> str:
        from rolkit import i18n

        return i18n.t(self.name_key, lang)

    def defaults(self) -> dict[str, Any]:
        """Fresh default instances of the four forms."""
        if self.default_forms is not None:
            return dict(self.default_forms)
        return {role: cls() for role, cls in self.forms.items()}

    @property
    def tracks_state(self) -> bool:
        """Whether :meth:`after` can return the forms after an attack (``after_fn`` set)."""
        return self.after_fn is not None

    def after(self, resolution: Resolution) -> dict[str, Any]:
        """The forms after ``resolution``, ``{role: instance}`` for the roles that changed.

        ``{}`` when the system has no ``after_fn``. Only ``attacker``, ``defender`` and
        ``weapon`` can appear, and only when they differ from the resolved inputs; each
        value is an instance of ``self.forms[role]``.

        Raises:
            RulesError: ``resolution`` belongs to another system.
        """
        if self.after_fn is None:
            return {}
        if resolution.system != self.id:
            raise RulesError(
                f"this resolution is from {resolution.system!r}, not {self.id!r}",
                field="system",
                allowed=self.id,
                got=resolution.system,
                message_es=f"esta tirada es de {resolution.system!r}, no de {self.id!r}",
            )
        after = dict(self.after_fn(resolution.outcome))
        return {
            r: after[r]
            for r in FORM_NAMES
            if r != "modifiers" and r in after and after[r] != resolution.inputs.get(r)
        }

    def _check(self, forms: dict[str, Any], options: Any) -> tuple[dict[str, Any], Any]:
        """Type-check the four forms and the options; returns them, made consistent."""
        for role in FORM_NAMES:
            cls = self.forms[role]
            value = forms[role]
            if not isinstance(value, cls):
                raise RulesError(
                    f"{role} must be a {cls.__name__} (got {type(value).__name__})",
                    field=role,
                    allowed=cls.__name__,
                    got=type(value).__name__,
                    message_es=f"{role} debe ser un {cls.__name__} (recibido {type(value).__name__})",
                )
        if self.options_field is not None:
            modifiers = forms["modifiers"]
            if options is None:
                options = getattr(modifiers, self.options_field)
            elif isinstance(options, self.options_type):
                forms = {**forms, "modifiers": replace(modifiers, **{self.options_field: options})}
        if options is None:
            return forms, self.options_type()
        if not isinstance(options, self.options_type):
            raise RulesError(
                f"options must be a {self.options_type.__name__}",
                field="options",
                allowed=self.options_type.__name__,
                got=type(options).__name__,
            )
        return forms, options

    def resolve(
        self,
        attacker: Any,
        defender: Any,
        weapon: Any,
        modifiers: Any,
        options: Any = None,
        seed: int | None = None,
    ) -> Resolution:
        """Resolve one attack with a seeded random source; the seed is recorded."""
        forms, options = self._check(
            {"attacker": attacker, "defender": defender, "weapon": weapon, "modifiers": modifiers},
            options,
        )
        seed = new_seed() if seed is None else check_seed(seed)
        steps, outcome, key = self.resolve_fn(
            *(forms[r] for r in FORM_NAMES), options, random.Random(seed)
        )
        return Resolution(
            system=self.id,
            seed=seed,
            steps=tuple(steps),
            outcome=outcome,
            key=key,
            view=self.project(key),
            inputs={**forms, "options": options},
        )

    def odds(
        self, attacker: Any, defender: Any, weapon: Any, modifiers: Any, options: Any = None
    ) -> Odds:
        """Exact odds of every outcome of the attack."""
        forms, options = self._check(
            {"attacker": attacker, "defender": defender, "weapon": weapon, "modifiers": modifiers},
            options,
        )
        probabilities = self.odds_fn(*(forms[r] for r in FORM_NAMES), options)
        return Odds(
            system=self.id,
            probabilities=dict(probabilities),
            project=self.project,
            inputs={**forms, "options": options},
        )
