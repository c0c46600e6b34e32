"""The typed hooks a system hands to :class:`rolkit.system.System`, one Protocol each.

A system writes plain functions with its own form types; these Protocols say what each
function is given and what it returns, so mypy checks every system against the contract
(``docs/adding-a-system.md`` lists them in the same order). Parameters are positional:
a hook's argument names are the system's own.

Type parameters, the same letters everywhere:

* ``C``: the combatant form (attacker and defender), ``W``: the weapon form,
  ``M``: the modifiers form, ``O``: the options, ``K``: the odds key (``AttackKey``),
  ``F``: a check's form.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Generic, NamedTuple, Protocol, TypeVar

from rolkit.dice import RandomSource
from rolkit.model import Fate, OutcomeView, Step

__all__ = [
    "AttackResult",
    "Resolved",
    "BlowReason",
    "Entrant",
    "ResolveHook",
    "OddsHook",
    "ProjectHook",
    "AfterHook",
    "DerivedHook",
    "TransitionsHook",
    "StatusHook",
    "TurnEffectHook",
    "TurnEndHook",
    "FightBlowHook",
    "InitiativeHook",
    "CheckOddsHook",
    "CheckResolveHook",
    "ConditionsHook",
]

C = TypeVar("C")
W = TypeVar("W")
M = TypeVar("M")
K = TypeVar("K", bound=Hashable)
C_in = TypeVar("C_in", contravariant=True)
W_in = TypeVar("W_in", contravariant=True)
M_in = TypeVar("M_in", contravariant=True)
O_in = TypeVar("O_in", contravariant=True)
K_in = TypeVar("K_in", contravariant=True)
F_in = TypeVar("F_in", contravariant=True)
K_out = TypeVar("K_out", covariant=True)
C_out = TypeVar("C_out", covariant=True)

#: ``(role, es, en)``: why a blow in a fight is made otherwise than the GM's standing
#: choice; ``role`` (``"attacker"`` or ``"defender"``) is whom the phrase is about.
BlowReason = tuple[str, str, str]


class AttackResult(Protocol[K_out]):
    """What a system's ``resolve`` gives: its own result object (its spec's
    ``Resolution``), read through these attributes by the System and the fight.

    ``steps`` in order; ``key``: the odds key this roll lands on. A system that tracks
    state also has ``attacker_after``, ``defender_after`` and ``weapon_after``
    (:func:`rolkit.system.after_attributes`)."""

    @property
    def steps(self) -> Sequence[Step]: ...

    @property
    def key(self) -> K_out: ...


R_out = TypeVar("R_out", covariant=True)


class Resolved(NamedTuple, Generic[R_out, K_out]):
    """What a resolve hook returns: the steps a user reads, the system's own result
    (its spec's ``Resolution`` or outcome: ``Resolution.outcome``) and the odds key."""

    steps: Sequence[Step]
    outcome: R_out
    key: K_out


class Entrant(Protocol[C_out]):
    """One combatant as an initiative rule sees it (:class:`rolkit.fight.InitiativeEntry`)."""

    @property
    def name(self) -> str: ...

    @property
    def side(self) -> str: ...

    @property
    def character(self) -> C_out: ...


class ResolveHook(Protocol[C_in, W_in, M_in, O_in, K_out]):
    """``(attacker, defender, weapon, modifiers, options, rng) -> Resolved``: one attack,
    every die drawn from ``rng`` in the order the spec binds."""

    def __call__(
        self,
        attacker: C_in,
        defender: C_in,
        weapon: W_in,
        modifiers: M_in,
        options: O_in,
        rng: RandomSource,
        /,
    ) -> Resolved[object, K_out]: ...


class OddsHook(Protocol[C_in, W_in, M_in, O_in, K]):
    """``(attacker, defender, weapon, modifiers, options) -> {key: Fraction}``: the exact
    law of the attack's keys, summing to 1."""

    def __call__(
        self, attacker: C_in, defender: C_in, weapon: W_in, modifiers: M_in, options: O_in, /
    ) -> Mapping[K, Fraction]: ...


class ProjectHook(Protocol[K_in]):
    """``key -> OutcomeView``: the common view of one odds key (hit, damage, wound, fate)."""

    def __call__(self, key: K_in, /) -> OutcomeView: ...


R_in = TypeVar("R_in", contravariant=True)


class AfterHook(Protocol[R_in]):
    """``result -> {role: form}``: the forms after an attack, read from the system's own
    result object (``Resolution.outcome``; default: its ``<role>_after`` attributes)."""

    def __call__(self, result: R_in, /) -> Mapping[str, object]: ...


class DerivedHook(Protocol[O_in]):
    """``(role, form, options) -> {field: value}``: the values the engine uses for a form's
    automatic fields (an optional field left empty)."""

    def __call__(self, role: str, form: object, options: O_in, /) -> Mapping[str, object]: ...


class TransitionsHook(Protocol[C, W, M_in, O_in]):
    """``(attacker, defender, weapon, modifiers, options) -> {(attacker_after,
    defender_after, weapon_after): Fraction}``: the exact after-state law of one attack."""

    def __call__(
        self, attacker: C, defender: C, weapon: W, modifiers: M_in, options: O_in, /
    ) -> Mapping[tuple[C, C, W], Fraction]: ...


class StatusHook(Protocol[C_in, O_in]):
    """``(combatant, options) -> Fate``: where a combatant's state leaves it on the track."""

    def __call__(self, combatant: C_in, options: O_in, /) -> Fate: ...


class TurnEffectHook(Protocol[C, O_in]):
    """``(combatant, options) -> {combatant_after: Fraction}``: a rule that acts between
    attacks (the start of its own turn, the end of a round)."""

    def __call__(self, combatant: C, options: O_in, /) -> Mapping[C, Fraction]: ...


class TurnEndHook(Protocol[C, O_in, M_in]):
    """``(combatant, options, modifiers) -> {combatant_after: Fraction}``: the end of the
    combatant's own turn; ``modifiers``: the standing modifiers of the attacks to come when
    known (whole-fight odds), ``None`` when not (the tracker)."""

    def __call__(
        self, combatant: C, options: O_in, modifiers: M_in | None, /
    ) -> Mapping[C, Fraction]: ...


class FightBlowHook(Protocol[C_in, W_in, M, O_in]):
    """``(attacker, defender, weapon, modifiers, options, defend) -> (modifiers or None,
    reasons)``: how a blow in a fight is made from the GM's standing choices (``None``:
    the attacker cannot attack now)."""

    def __call__(
        self,
        attacker: C_in,
        defender: C_in,
        weapon: W_in,
        modifiers: M,
        options: O_in,
        defend: bool,
        /,
    ) -> tuple[M | None, Sequence[BlowReason]]: ...


class InitiativeHook(Protocol[C_in]):
    """``(entries, rng) -> (names in acting order, steps)``: the system's initiative rule."""

    def __call__(
        self, entries: Sequence[Entrant[C_in]], rng: RandomSource, /
    ) -> tuple[Sequence[str], Sequence[Step]]: ...


class CheckOddsHook(Protocol[F_in, O_in]):
    """``(form, options) -> {degree id: Fraction}``: a check's exact law, summing to 1."""

    def __call__(self, form: F_in, options: O_in, /) -> Mapping[str, Fraction]: ...


class CheckResolveHook(Protocol[F_in, O_in]):
    """``(form, options, rng) -> (steps, outcome, degree id)``: one check, explained."""

    def __call__(
        self, form: F_in, options: O_in, rng: RandomSource, /
    ) -> tuple[Sequence[Step], object, str]: ...


class ConditionsHook(Protocol[C_in, O_in]):
    """``(combatant, options) -> ((es, en), ...)``: the combatant's visible conditions."""

    def __call__(self, combatant: C_in, options: O_in, /) -> Sequence[tuple[str, str]]: ...
