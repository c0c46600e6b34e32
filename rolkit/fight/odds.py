"""Whole-fight odds, the entry points: :func:`fight_odds` (a tracker's fight or a
:class:`~rolkit.fight.spec.FightSpec`) and :func:`odds_of_fighters` — exact when the
chain fits under ``max_states`` (walked round by round, then solved to the end; a
duel's horizon of rounds, where it splits, by its two one-sided chains:
:mod:`rolkit.fight.horizon_split`, the same Fractions, its side states bounded by
``max_states`` and counted in ``states``); past
it, to the end, certified bounds (a duel split into one-sided chains,
:mod:`rolkit.fight.independent`; two parties as a sparse matrix over their sides' states,
:mod:`rolkit.fight.party_split`; else :mod:`rolkit.fight.bounds`); a simulation, said so,
only as the last resort (a horizon of rounds, bounds that cannot be solved or stay
wider than the simulation's interval, :func:`widest`)."""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rolkit import systems
from rolkit.fight.bounds import DEFAULT_WIDTH, bounded
from rolkit.fight.chain import Chain, TooLarge
from rolkit.fight.graph import Cycle
from rolkit.fight.horizon_split import split_horizon
from rolkit.fight.independent import NotDecomposable, decomposable, split_bounds
from rolkit.fight.party_split import party_bounds
from rolkit.fight.result import FightOdds, Outcome, collect, collect_bounds, marginals
from rolkit.fight.simulate import simulate
from rolkit.fight.solve import LENGTH, to_the_end
from rolkit.fight.spec import (
    DEFAULT_MAX_STATES,
    DEFAULT_SIMULATIONS,
    SHOWN_ROUNDS_CAP,
    SHOWN_TAIL,
    DefencePolicy,
    FightSpec,
    Method,
    Policy,
    check_method,
    plain,
    validate,
)
from rolkit.fight.walk import walk
from rolkit.system import System

if TYPE_CHECKING:
    from rolkit.fight.tracker import Fight

__all__ = ["fight_odds", "odds_of_fighters", "widest"]


def fight_odds(
    fight: Fight | FightSpec,
    rounds: int | None = None,
    *,
    policy: Policy = "weakest",
    policies: Mapping[str, str] | None = None,
    modifiers: Any = None,
    options: Any = None,
    method: Method = "auto",
    max_states: int = DEFAULT_MAX_STATES,
    simulations: int = DEFAULT_SIMULATIONS,
    seed: int = 0,
    rounds_shown: int | None = None,
    system: System | None = None,
    defence_policy: DefencePolicy = "when_able",
    defence_policies: Mapping[str, str] | None = None,
    aid: Iterable[str] = (),
    width: Fraction = DEFAULT_WIDTH,
    seconds: float = 5.0,
) -> FightOdds:
    """The exact odds of a whole fight from its current state.

    Args:
        fight: a :class:`rolkit.fight.Fight` (or a :class:`FightSpec`) with two sides.
        rounds: the horizon in rounds, or ``None`` for the fight to its end.
        policy: every combatant's target policy (``"weakest"`` or ``"first"``).
        policies: ``{name: policy}`` overriding ``policy`` for some combatants.
        modifiers: the modifiers every attack uses (default: the system's defaults).
        options: the system's options (house rules); default: the fight's own
            (:attr:`FightSpec.options`), else the system's defaults.
        method: ``"auto"`` (exact under ``max_states``; past it, to the end, certified
            bounds, :mod:`rolkit.fight.bounds`, unless wider than a simulation's
            interval, :func:`widest`, or unsolvable: then, and for a horizon of rounds,
            simulated and said so), ``"exact"`` (raise past the bound), ``"bounds"``
            (to the end: the bounds however wide) or ``"simulate"``.
        max_states: the bound on distinct reachable states for the exact solve.
        simulations: fights simulated when simulating.
        seed: the seed of the simulation.
        rounds_shown: with ``rounds=None``, rounds whose end chance is given one by one
            (default: until 99 % of fights have ended, at most 40).
        system: the System of a :class:`FightSpec` (default: the registered one).
        defence_policy: when the modifiers carry a defence and the system's rules tie it
            to the defender's turn (:meth:`~rolkit.system.System.fight_blow`, Core Dread:
            a defence spends the turn): ``"when_able"`` (default: a defender who has not
            acted yet this round defends, and so loses its own attack of the round; one
            who has acted is hit undefended) or ``"keep_action"`` (it never defends and
            keeps its attack).
        defence_policies: ``{name: defence policy}`` overriding ``defence_policy``.
        aid: the sides or combatants (by name) who aid a fallen ally on their turn when
            the system gives an action for it (:mod:`rolkit.fight.acting`); default none.
        width: with bounds, the widest interval wanted (default 0.5 pp).
        seconds: with bounds, the time budget of their refinement (a target).

    Raises:
        RulesError: not two sides, an unknown policy, a system without its after-state
            law, or ``method="exact"`` past the bound.
    """
    if isinstance(fight, FightSpec):
        spec, s = fight, system if system is not None else systems.get(fight.system)
    else:
        spec, s = FightSpec.of(fight), fight.system
    return _fight_odds(
        s,
        spec,
        rounds,
        policy=policy,
        policies=policies or {},
        modifiers=modifiers,
        options=options,
        method=method,
        max_states=max_states,
        simulations=simulations,
        seed=seed,
        rounds_shown=rounds_shown,
        defence_policy=defence_policy,
        defence_policies=defence_policies or {},
        aid=tuple(aid),
        width=width,
        seconds=seconds,
    )


def odds_of_fighters(
    system: System | str, fighters: Iterable[tuple[str, str, Any, Any]], **kw: Any
) -> FightOdds:
    """:func:`fight_odds` of combatants ``(name, side, character, weapon)`` in this order."""
    s = system if not isinstance(system, str) else systems.get(system)
    return fight_odds(FightSpec(s.id, tuple(fighters)), system=s, **kw)


def _fight_odds(
    s: System,
    spec: FightSpec,
    rounds: int | None,
    *,
    policy: str = "weakest",
    policies: Mapping[str, str],
    modifiers: Any = None,
    options: Any = None,
    method: str = "auto",
    max_states: int = DEFAULT_MAX_STATES,
    simulations: int = DEFAULT_SIMULATIONS,
    seed: int = 0,
    rounds_shown: int | None = None,
    defence_policy: str = "when_able",
    defence_policies: Mapping[str, str] | None = None,
    aid: tuple[str, ...] = (),
    width: Fraction = DEFAULT_WIDTH,
    seconds: float = 5.0,
) -> FightOdds:
    """:func:`fight_odds` of ``spec`` in the system ``s``, every argument explicit."""
    validate(s, spec, rounds, policy, policies, defence_policy, defence_policies)
    _check_aid(spec, aid)
    check_method(method)
    modifiers = s.defaults()["modifiers"] if modifiers is None else modifiers
    options = spec.options if options is None else options
    options = s.options_type() if options is None else options
    per = {f[0]: policies.get(f[0], policy) for f in spec.fighters}
    per_defence = {f[0]: (defence_policies or {}).get(f[0], defence_policy) for f in spec.fighters}
    chain = Chain(s, spec, modifiers, options, per, per_defence, aid)
    result: Outcome | None = None
    reason: tuple[str, str] | None = None
    if rounds is not None and method in ("auto", "exact") and decomposable(chain) is None:
        try:  # a duel's horizon by its one-sided chains: exact, no product of forms
            result, reason = split_horizon(chain, rounds, max_states), None
        except (NotDecomposable, TooLarge):  # a fresh chain: none of the split's laws' notes
            chain = Chain(s, spec, modifiers, options, per, per_defence, aid)
    if result is None:
        result, reason = _exact_or_why(chain, method, rounds, rounds_shown, max_states)
    # --- certified bounds past the exact bound (#27 item 1) ---------------------------
    if result is None and rounds is None and method in ("auto", "bounds") and reason:
        limit = widest(simulations)
        # "auto" simulates bounds wider than ``limit``: it stops narrowing them once they
        # cannot get there in time (method="bounds" wants them however wide)
        hopeless = limit if method == "auto" else None
        asked = (width, seconds, limit, hopeless)
        found, reason = _bounds(s, spec, chain, asked, per, per_defence, reason)
        if found is not None and (method == "bounds" or (found.width or 0) <= limit):
            return found
        # the bounds built laws as far as the clock let them, and a simulation draws from
        # the laws built: a fresh chain keeps the seeded simulation the same every time
        chain = Chain(s, spec, modifiers, options, per, per_defence, aid)
    # --- the last resort: a labelled simulation ----------------------------------------
    if result is None:
        result = simulate(chain, rounds, rounds_shown, simulations, seed)
    return collect(s, spec, chain, rounds, result, reason, simulations, per, per_defence)


def widest(simulations: int) -> Fraction:
    """The widest bounds ``method="auto"`` answers with: past it a simulation of
    ``simulations`` fights says more (the full width of its 95 % interval at a chance of
    ½, 2 · 1,96 · √(¼ / n): 1,96 pp at n = 10 000, 6,2 pp at n = 1 000), so it is
    simulated instead and says so."""
    return Fraction(round(196 * 10_000 / math.sqrt(simulations)), 1_000_000)


def _bounds(
    s: System,
    spec: FightSpec,
    chain: Chain,
    asked: tuple[Fraction, float, Fraction, Fraction | None],
    per: Mapping[str, str],
    per_defence: Mapping[str, str],
    reason: tuple[str, str],
) -> tuple[FightOdds | None, tuple[str, str]]:
    """Certified bounds on the fight to its end (``asked``: the width wanted, the time
    budget, the widest that stands alone, the width past which the narrowing gives up
    early, :func:`~rolkit.fight.bounds.bounded`) and why they were asked for; or ``None`` and
    why they cannot stand alone (their cut chain is not solved: a group of round starts
    the rounds never leave), or, when they stay wider than that, the reason saying so (in
    words that do not depend on the clock: equal fights get equal answers)."""
    width, seconds, limit, hopeless = asked
    began = time.perf_counter()
    try:
        try:  # a duel whose blows read their attacker only through a declared profile
            b = split_bounds(chain, width, seconds)
        except NotDecomposable:
            try:  # two sides, each turn reading its actor and its foes: a matrix of sides
                b = party_bounds(chain, width, seconds)
            except (NotDecomposable, TooLarge):  # the time it took is spent
                left = max(0.0, seconds - (time.perf_counter() - began))
                b = bounded(chain, width, left, hopeless=hopeless)
    except Cycle:
        return None, (
            f"{reason[0]}, y sus estados pueden volver a uno anterior",
            f"{reason[1]}, and its states can return to an earlier one",
        )
    found = collect_bounds(s, spec, chain, b.lower, b.unknown, b.explored, reason, per, per_defence)
    if (found.width or 0) <= limit:
        return found, reason
    pp = f"{100 * float(limit):.1f}"
    return found, (
        f"{reason[0]}, y en {seconds:g} s las cotas exactas no bajaron de "
        f"{pp.replace('.', ',')} pp",
        f"{reason[1]}, and in {seconds:g} s the exact bounds did not narrow to {pp} pp",
    )


def _check_aid(spec: FightSpec, aid: tuple[str, ...]) -> None:
    """Each name in ``aid`` is a side or a combatant of the fight."""
    known = {f[0] for f in spec.fighters} | {f[1] for f in spec.fighters}
    for who in aid:
        if not isinstance(who, str) or who not in known:
            raise plain(
                f"aid: no side or combatant is called {who!r}",
                f"auxilio: ningún bando ni combatiente se llama {who!r}",
                "aid",
            )


def _exact_or_why(
    chain: Chain, method: str, rounds: int | None, rounds_shown: int | None, max_states: int
) -> tuple[Outcome | None, tuple[str, str] | None]:
    """The exact outcome, or ``None`` and ``(es, en)`` why it is simulated instead.

    Raises:
        RulesError: ``method="exact"`` and the fight cannot be solved exactly.
    """
    if method == "simulate":
        return None, ("simulación pedida", "simulation asked for")
    if method == "bounds" and rounds is None:
        return None, ("cotas pedidas", "bounds asked for")
    try:
        return exact(chain, rounds, rounds_shown, max_states), None
    except TooLarge:
        states = f"{max_states:,}".replace(",", "\u202f")
        reason = (f"más de {states} estados posibles", f"more than {states} possible states")
        if method == "exact":
            raise plain(
                f"the exact fight has {reason[1]} (past the bound); simulate it instead",
                f"el combate exacto tiene {reason[0]} (más que el límite); simúlalo",
            ) from None
    except Cycle:
        reason = (
            "los estados pueden volver a uno anterior",
            "the states can return to an earlier one",
        )
        if method == "exact":
            raise plain(
                f"not solved exactly: {reason[1]}", f"no se resuelve exacto: {reason[0]}"
            ) from None
    return None, reason


def exact(chain: Chain, rounds: int | None, rounds_shown: int | None, max_states: int) -> Outcome:
    """The exact outcome: ``rounds`` rounds walked; or to the end (``rounds=None``), the
    first rounds walked to show their law, then solved.

    Raises:
        TooLarge: past ``max_states``.
        Cycle: a chain the solve does not handle.
    """
    states = chain.explore(max_states, rounds)
    if rounds is not None:
        walked = walk(chain, rounds)
        return Outcome(
            states, marginals(walked.ended, walked.going), walked.rounds_law, Fraction(0), None
        )
    shown = (rounds_shown, None) if rounds_shown is not None else (SHOWN_ROUNDS_CAP, SHOWN_TAIL)
    walked = walk(chain, shown[0], shown[1], collect=False)
    law = to_the_end(chain)
    mean = law.pop(LENGTH)
    never = law.get(("going",), Fraction(0))
    shown_total = sum(walked.rounds_law.values(), Fraction(0))
    return Outcome(states, law, walked.rounds_law, 1 - never - shown_total, None if never else mean)
