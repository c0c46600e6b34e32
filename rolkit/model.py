"""The shared data every system speaks: steps, the common outcome view, resolutions, odds.

Data only: nothing here renders, translates or knows a rule system. Rich display goes
through :mod:`rolkit.reprs` (filled by :mod:`rolkit.display`), and each type has a plain
structural ``__repr__``.

Conventions (they hold for every class here):

* Instances are immutable. Anything that looks like it mutates returns a new instance.
* Probabilities are ``fractions.Fraction``; a float appears only when rendering.
* A roll is reproducible: a Resolution records the seed its random source was built from.
* User-facing text is never built here: steps carry message keys and parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, Protocol, TypeVar

from rolkit.dice import MAX_SEED, check_seed, new_seed
from rolkit.errors import (
    DiceSyntaxError,
    FieldRangeError,
    ImpossibleActionError,
    RulesError,
)
from rolkit.reprs import RichRepr

__all__ = [
    "Fate",
    "FATES",
    "OUT_FATES",
    "Step",
    "named_repr",
    "OutcomeView",
    "Resolution",
    "Odds",
    "Degree",
    "CheckOdds",
    "CheckResolution",
    # re-exported for callers of the first API
    "RulesError",
    "FieldRangeError",
    "ImpossibleActionError",
    "DiceSyntaxError",
    "MAX_SEED",
    "new_seed",
    "check_seed",
]

#: What an attack leaves the defender as, in every system: ``None`` still acting,
#: ``"down"`` unconscious/knocked out/unable to act, ``"dying"`` dies without help,
#: ``"dead"``.
Fate = Literal["down", "dying", "dead"] | None
#: The fates from the mildest to the worst.
FATES: tuple[Fate, ...] = (None, "down", "dying", "dead")
#: The fates that put a combatant out of the fight (what :attr:`Odds.p_down` counts).
OUT_FATES = frozenset({"down", "dying", "dead"})


# --------------------------------------------------------------------------- steps
#: What one die of a step records: its face (``int``) in every system but one; a system
#: whose spec records more per die (Ashes of War: ``(kind, sides, faces)``) says so with
#: ``Step[ThatType]``. (A default type parameter, PEP 696, for the type checker.)
if TYPE_CHECKING:
    from typing_extensions import TypeVar as TypeVarWithDefault

    D = TypeVarWithDefault("D", default=int)
else:
    D = TypeVar("D")


@dataclass(frozen=True)
class Step(Generic[D]):
    """One recorded step of a resolution (the one Step of every system).

    A system whose spec names its own step type subclasses this one, adding typed fields.

    Attributes:
        label: an i18n message key (``"cd.step.attack"``).
        dice: the faces in the order drawn (rerolled and dropped dice included).
        derived: the numbers this step derived, by identifier (``{"attribute": 5}``);
            a string value that is an i18n key is shown translated.
        rule: the rule applied, as a short citation (the rulebook's section, a quote).
        params: extra values the label's message needs (names, levels, …).
    """

    label: str
    dice: tuple[D, ...] = ()
    derived: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)


class NamedKey(Protocol):
    """A NamedTuple key: its field names and its values."""

    @property
    def _fields(self) -> tuple[str, ...]: ...

    def __iter__(self) -> Iterator[Any]: ...


def named_repr(key: NamedKey, name: str) -> str:
    """``name(field=value, …)``: a NamedTuple key shown under another class name — a
    system's ``AttackKey`` under the name its spec gives it (``OddsKey``), as the recorded
    replays (the golden files) hold it."""
    shown = ", ".join(f"{n}={v!r}" for n, v in zip(key._fields, key, strict=True))
    return f"{name}({shown})"


class OutcomeView(NamedTuple):
    """The common projection of any system's outcome key, used by tables and headlines.

    ``hit``: the attack got through; ``critical``: the system's critical tier;
    ``damage``: damage points the defender took (after armour); ``wound``: an i18n key
    (``"gore.wound.grave"``) or ``None``; ``wound_rank``: orders wounds, 0 = none;
    ``flags``: further yes/no facts (``"counter"``, ``"fumble"``, …) for side tables;
    ``location``: the hit location's i18n key, or ``None``; ``fate``: what the attack
    leaves the defender as (:data:`Fate`), on its current track; ``prone``: the
    defender ends on the ground.
    """

    hit: bool
    critical: bool
    damage: int
    wound: str | None
    wound_rank: int
    flags: frozenset[str] = frozenset()
    location: str | None = None
    fate: Fate = None
    prone: bool = False


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class Resolution(RichRepr):
    """One seeded, reproducible attack, every step recorded.

    Attributes:
        system: the system id.
        seed: the seed the random source was built from.
        steps: the steps in order.
        outcome: the system's own result object (its spec's ``Resolution``).
        key: the outcome key, the same kind of key :class:`Odds` is indexed by.
        view: the common projection of ``key``.
        inputs: the forms and options that were resolved (for replay and display).
        prefix: the system's i18n prefix (labels of flags, wounds, derived values).
    """

    system: str
    seed: int
    steps: tuple[Step, ...]
    outcome: Any
    key: Hashable
    view: OutcomeView
    inputs: Mapping[str, Any] = field(default_factory=dict, compare=False)
    prefix: str = field(default="", compare=False)

    def __repr__(self) -> str:
        v = self.view
        return (
            f"Resolution(system={self.system!r}, seed={self.seed}, hit={v.hit}, "
            f"damage={v.damage}, wound={v.wound!r}, fate={v.fate!r}, steps={len(self.steps)})"
        )


def _sum(values: Iterable[Fraction]) -> Fraction:
    return sum(values, Fraction(0))


@dataclass(frozen=True, eq=False)
class Odds(RichRepr):
    """Exact odds of every outcome of one attack: ``key -> Fraction``, summing to 1.

    Args:
        system: the system id.
        probabilities: the outcome keys (hashable) and their exact probabilities.
        project: maps a key to its :class:`OutcomeView`.
        inputs: the forms and options the odds are of.
        prefix: the system's i18n prefix.
        critical_key: the i18n key of the headline's critical phrase (``"{p} crítico"``).
    """

    system: str
    probabilities: Mapping[Hashable, Fraction]
    project: Callable[[Hashable], OutcomeView] = field(repr=False)
    inputs: Mapping[str, Any] = field(default_factory=dict, repr=False)
    prefix: str = ""
    critical_key: str = "headline.critical"

    # mapping protocol -----------------------------------------------------
    def __getitem__(self, key: Hashable) -> Fraction:
        return self.probabilities.get(key, Fraction(0))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.probabilities)

    def __len__(self) -> int:
        return len(self.probabilities)

    def items(self) -> Iterable[tuple[Hashable, Fraction]]:
        return self.probabilities.items()

    def __bool__(self) -> bool:
        raise TypeError("Odds have no truth value; use odds.p_hit or odds[key].")

    def __repr__(self) -> str:
        return (
            f"Odds(system={self.system!r}, outcomes={len(self.probabilities)}, "
            f"p_hit={self.p_hit}, p_down={self.p_down}, p_dead={self.p_dead})"
        )

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
        return _sum(self.probabilities.values())

    def probability(self, predicate: Callable[[OutcomeView], bool]) -> Fraction:
        """P(predicate(view)), exact."""
        return _sum(p for v, p in self._views if predicate(v))

    @property
    def p_hit(self) -> Fraction:
        return self.probability(lambda v: v.hit)

    @property
    def p_critical(self) -> Fraction:
        return self.probability(lambda v: v.critical)

    @property
    def p_dead(self) -> Fraction:
        """P(the defender is dead after the attack)."""
        return self.probability(lambda v: v.fate == "dead")

    @property
    def p_dying(self) -> Fraction:
        """P(the defender is dying: dies without help)."""
        return self.probability(lambda v: v.fate == "dying")

    @property
    def p_down(self) -> Fraction:
        """P(the defender can no longer act: down, dying or dead)."""
        return self.probability(lambda v: v.fate in OUT_FATES)

    @property
    def p_prone(self) -> Fraction:
        return self.probability(lambda v: v.prone)

    @property
    def expected_damage(self) -> Fraction:
        return _sum(p * v.damage for v, p in self._views)

    def flag(self, name: str) -> Fraction:
        """P(the outcome carries flag ``name``), e.g. ``odds.flag("counter")``."""
        return self.probability(lambda v: name in v.flags)

    def flags(self) -> list[str]:
        """Every flag some outcome carries, sorted."""
        return sorted({f for v, _ in self._views for f in v.flags})

    def _marginal(self, of: Callable[[OutcomeView], Hashable]) -> dict[Any, Fraction]:
        out: dict[Any, Fraction] = {}
        for v, p in self._views:
            k = of(v)
            out[k] = out.get(k, Fraction(0)) + p
        return out

    def damage(self) -> dict[int, Fraction]:
        """Marginal law of the damage points, sorted by damage."""
        return dict(sorted(self._marginal(lambda v: v.damage).items()))

    def fate(self) -> dict[Fate, Fraction]:
        """Marginal law of the defender's fate, from still acting to dead."""
        law = self._marginal(lambda v: v.fate)
        return {f: law[f] for f in FATES if f in law}

    def location(self) -> dict[str | None, Fraction]:
        """Marginal law of the hit location (``None``: no location), most likely first."""
        law = self._marginal(lambda v: v.location)
        return dict(sorted(law.items(), key=lambda kv: (kv[0] is None, -kv[1], kv[0] or "")))

    def wound(self) -> dict[tuple[int, str | None], Fraction]:
        """Marginal law of ``(wound_rank, wound)``, sorted from no wound to the worst."""
        law = self._marginal(lambda v: (v.wound_rank, v.wound))
        return dict(sorted(law.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")))

    def outcome_classes(self) -> dict[tuple[int, str, str | None], Fraction]:
        """Outcomes grouped for the results table, ordered from worst for the attacker.

        Keys are ``(rank, kind, wound)`` with kind ``"miss"`` (rank -1), ``"hit"``
        (a hit that leaves no wound, rank 0) or ``"wound"`` (rank = wound_rank).
        """

        def group(v: OutcomeView) -> tuple[int, str, str | None]:
            if not v.hit and v.wound is None:
                return (-1, "miss", None)
            if v.wound is None:
                return (0, "hit", None)
            return (v.wound_rank, "wound", v.wound)

        law = self._marginal(group)
        return dict(sorted(law.items(), key=lambda kv: (kv[0][0], kv[0][2] or "")))


# --------------------------------------------------------------------------- checks
@dataclass(frozen=True)
class Degree:
    """One degree of success of a check: its id, ``(es, en)`` label, and whether it succeeds."""

    id: str
    label: tuple[str, str]
    success: bool

    def label_for(self, lang: str = "es") -> str:
        return self.label[0] if lang == "es" else self.label[1]


@dataclass(frozen=True)
class CheckOdds(RichRepr):
    """The exact law of one check over its degrees (worst → best), summing to 1."""

    system: str
    check: str
    label: tuple[str, str]
    degrees: tuple[Degree, ...]
    probabilities: Mapping[str, Fraction]
    form: Any = field(default=None, repr=False)

    def __getitem__(self, degree: str) -> Fraction:
        return self.probabilities.get(degree, Fraction(0))

    @property
    def p_success(self) -> Fraction:
        return _sum(self[d.id] for d in self.degrees if d.success)

    @property
    def total(self) -> Fraction:
        return _sum(self.probabilities.values())

    def __repr__(self) -> str:
        law = ", ".join(f"{d.id}: {self[d.id]}" for d in self.degrees)
        return f"CheckOdds({self.system}.{self.check}: {law})"


@dataclass(frozen=True)
class CheckResolution(RichRepr):
    """One seeded, explained check: its steps, its degree and the system's own result."""

    system: str
    check: str
    label: tuple[str, str]
    seed: int
    steps: tuple[Step, ...]
    degree: Degree
    outcome: Any = field(compare=False)
    form: Any = field(default=None, compare=False)

    @property
    def success(self) -> bool:
        return self.degree.success

    def __repr__(self) -> str:
        return (
            f"CheckResolution({self.system}.{self.check}, seed={self.seed}, "
            f"degree={self.degree.id!r}, steps={len(self.steps)})"
        )
