"""What the fight's evaluation returns: :class:`FightOdds`, built from the chain's
marginals (:func:`marginals`, :func:`ended_keys`) with the notes that state the chain's
assumptions (:func:`collect`)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from rolkit.fight.chain import Chain
from rolkit.fight.spec import FightSpec
from rolkit.fight.state import Summary
from rolkit.model import FATES, Fate
from rolkit.reprs import RichRepr
from rolkit.system import System

__all__ = [
    "FightOdds",
    "Outcome",
    "Key",
    "ended_keys",
    "going_keys",
    "marginals",
    "collect",
    "margin",
]

#: A marginal's key: ``("win", side)``, ``("draw",)``, ``("fate", i, fate)``,
#: ``("going",)``, ``("going", i, fate)`` (i: the combatant's index in order of entry).
Key = tuple[Any, ...]


@dataclass(frozen=True)
class FightOdds(RichRepr):
    """The law of a whole fight.

    Attributes:
        system: the system id.
        names, sides: the combatants (order of entry) and their sides.
        side_names: the two sides, in order of first appearance.
        rounds: the horizon (``None``: to the end).
        method: ``"exact"``, ``"bounds"`` (past the exact bound: certified bounds, see
            :attr:`bounds`) or ``"simulated"``.
        p_win: each side's chance to win (within the horizon).
        p_draw: both sides out after the same blow.
        p_ongoing: the fight still going after ``rounds`` rounds (``rounds=None``: a fight
            where no blow can ever change anything).
        rounds_law: ``{r: P(the fight ends in round r)}`` for the rounds walked one by one;
            :attr:`p_later` is the rest (ends later, ``rounds=None`` only); with bounds
            both are left empty (not bounded), as is :attr:`mean_rounds`.
        mean_rounds: the exact mean length of the fight in rounds (``rounds=None``, exact,
            when every fight ends), else ``None``.
        fates: ``{name: {fate: P}}`` how each combatant stands at the end (or at the
            horizon).
        states: distinct states explored (exact), turns explored (bounds) — ``0`` when
            simulated.
        n, margin: simulated fights and the widest 95 % half-width of the probabilities
            shown (wins, draw, still going, each combatant's fates and being out).
        reason: ``(es, en)`` why it was not solved exactly (bounded or simulated), or
            ``None``.
        notes: ``(es, en)`` pairs: the chain's assumptions for this fight.
        policy, defence_policy: each combatant's target and defence policies.
    """

    system: str
    names: tuple[str, ...]
    sides: tuple[str, ...]
    side_names: tuple[str, str]
    rounds: int | None
    method: Literal["exact", "bounds", "simulated"]
    p_win: Mapping[str, Fraction]
    p_draw: Fraction
    p_ongoing: Fraction
    rounds_law: Mapping[int, Fraction]
    p_later: Fraction
    mean_rounds: Fraction | None
    fates: Mapping[str, Mapping[Fate, Fraction]]
    states: int = 0
    n: int | None = None
    margin: float | None = None
    reason: tuple[str, str] | None = None
    notes: tuple[tuple[str, str], ...] = ()
    policy: Mapping[str, str] = field(default_factory=dict)
    #: each combatant's defence policy (``"when_able"`` or ``"keep_action"``)
    defence_policy: Mapping[str, str] = field(default_factory=dict)
    #: ``{field: {key: (lower, upper)}}``: exact Fractions that contain each probability:
    #: ``"p_win"`` by side, ``"p_draw"`` and ``"p_ongoing"`` under ``None``, ``"fates"`` by
    #: ``(name, fate)``. Equal bounds for an exact result; empty when simulated. With
    #: ``method == "bounds"`` each probability field holds its interval's midpoint.
    bounds: Mapping[str, Mapping[Any, tuple[Fraction, Fraction]]] = field(default_factory=dict)
    #: with bounds, the exact chance the fight reaches a turn left unexplored: each upper
    #: bound is its lower bound plus this (at most 1); ``0`` exact
    unknown: Fraction = Fraction(0)

    @property
    def width(self) -> Fraction | None:
        """The widest interval of :attr:`bounds` (``0`` exact; ``None`` simulated)."""
        if not self.bounds:
            return None
        return max(hi - lo for per in self.bounds.values() for lo, hi in per.values())

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def p_out(self, name: str) -> Fraction:
        """``name``'s chance to end unable to act (down, dying or dead)."""
        return sum((p for f, p in self.fates[name].items() if f is not None), Fraction(0))

    def p_dead(self, name: str) -> Fraction:
        return self.fates[name].get("dead", Fraction(0))

    def fate_bounds(self, name: str, fates: tuple[Fate, ...]) -> tuple[Fraction, Fraction]:
        """Exact bounds on ``name`` ending in one of ``fates`` (e.g. out of the fight: down,
        dying or dead): the lower bounds summed, plus :attr:`unknown` above (each fight
        that reaches the unknown ends in one fate only). Raises ``KeyError`` when
        simulated (no bounds)."""
        per = self.bounds["fates"]
        low = sum((per[(name, f)][0] for f in fates), Fraction(0))
        return low, min(Fraction(1), low + self.unknown)

    def out_bounds(self, name: str) -> tuple[Fraction, Fraction]:
        """Exact bounds on :meth:`p_out`."""
        return self.fate_bounds(name, tuple(f for f in FATES if f is not None))

    def expected_rounds(self) -> Fraction | None:
        """The mean length of the fight in rounds: exact to the end when known
        (:attr:`mean_rounds`), else over the fights that ended in the rounds walked
        (``None`` if none did)."""
        if self.mean_rounds is not None:
            return self.mean_rounds
        ended = sum(self.rounds_law.values(), Fraction(0))
        if not ended:
            return None
        return sum((r * p for r, p in self.rounds_law.items()), Fraction(0)) / ended

    def label(self, lang: str = "es") -> str:
        """How the numbers were obtained, for a GM: «exacto» or «simulado, n = …, ± …»."""
        if self.exact:
            return "exacto" if lang == "es" else "exact"
        if self.method == "bounds":
            width = f"{100 * float(self.width or 0):.1f}"
            if lang == "es":
                return f"cota exacta, intervalos de {width.replace('.', ',')} pp como mucho"
            return f"exact bounds, intervals at most {width} pp wide"
        n = f"{self.n:,}".replace(",", "\u202f")
        margin = f"{100 * (self.margin or 0):.1f}"
        if lang == "es":
            return f"simulado, n = {n}, ± {margin.replace('.', ',')} %"
        return f"simulated, n = {n}, ± {margin} %"

    def __repr__(self) -> str:
        wins = ", ".join(f"{s}={float(p):.4f}" for s, p in self.p_win.items())
        return (
            f"FightOdds({self.system!r}, {self.method}, {wins}, draw={float(self.p_draw):.4f}, "
            f"ongoing={float(self.p_ongoing):.4f}, states={self.states})"
        )


class Outcome(NamedTuple):
    """What the exact solve or the simulation found, before it is told as FightOdds."""

    states: int
    marginals: Mapping[Key, Fraction]
    rounds_law: Mapping[int, Fraction]
    p_later: Fraction
    mean_rounds: Fraction | None


# marginals ------------------------------------------------------------------------------
def ended_keys(summary: Summary) -> list[Key]:
    """The marginal keys an ended fight counts towards: who won (or a draw) and each
    combatant's fate. The chain propagates these marginals, not the joint summaries
    (fewer numbers per state; every result asked for is a marginal)."""
    winner, fates = summary
    head = ("win", winner) if winner is not None else ("draw",)
    return [head, *(("fate", i, f) for i, f in enumerate(fates))]


def going_keys(fates: tuple[Fate, ...]) -> list[Key]:
    """The marginal keys of a fight still going: its mass and each combatant's fate."""
    return [("going",), *(("going", i, f) for i, f in enumerate(fates))]


def marginals(
    ended: Mapping[Summary, Fraction], going: Mapping[tuple[Fate, ...], Fraction]
) -> dict[Key, Fraction]:
    """Joint results (summary → P, fates → P) as marginals."""
    out: dict[Key, Fraction] = {}
    for summary, p in ended.items():
        for key in ended_keys(summary):
            out[key] = out.get(key, Fraction(0)) + p
    for fates, p in going.items():
        for key in going_keys(fates):
            out[key] = out.get(key, Fraction(0)) + p
    return out


def margin(probabilities: Iterable[Fraction], n: int) -> float:
    """The widest 95 % normal half-width over ``probabilities`` (at least that of a
    probability 1/n, so an outcome never seen is not called impossible)."""
    floor = 1 / n
    widest = 1.96 * math.sqrt(floor * (1 - floor) / n)
    for p in probabilities:
        widest = max(widest, 1.96 * math.sqrt(float(p) * (1 - float(p)) / n))
    return widest


# the result ----------------------------------------------------------------------------
def collect(
    s: System,
    spec: FightSpec,
    chain: Chain,
    rounds: int | None,
    result: Outcome,
    reason: tuple[str, str] | None,
    simulations: int,
    per: Mapping[str, str],
    per_defence: Mapping[str, str] | None = None,
) -> FightOdds:
    """The :class:`FightOdds` of ``result`` (simulated when there is a ``reason``)."""
    side_names = tuple(dict.fromkeys(chain.sides))
    p_win = {side: Fraction(0) for side in side_names}
    m = result.marginals
    p_draw = m.get(("draw",), Fraction(0))
    p_ongoing = m.get(("going",), Fraction(0))
    for key, p in m.items():
        if key[0] == "win":
            p_win[key[1]] += p
    simulated = reason is not None
    fates = _fates(chain.names, m)
    # every figure shown: the sides' wins, a draw, still going, each one's fates and out
    probs = [*p_win.values(), p_draw, p_ongoing]
    for law in fates.values():
        probs += [*law.values(), sum((p for f, p in law.items() if f is not None), Fraction(0))]
    return FightOdds(
        system=s.id,
        names=chain.names,
        sides=chain.sides,
        side_names=(side_names[0], side_names[1]),
        rounds=rounds,
        method="simulated" if simulated else "exact",
        p_win=p_win,
        p_draw=p_draw,
        p_ongoing=p_ongoing,
        rounds_law=dict(sorted(result.rounds_law.items())),
        p_later=result.p_later,
        mean_rounds=result.mean_rounds,
        fates=fates,
        states=result.states,
        n=simulations if simulated else None,
        margin=margin(probs, simulations) if simulated else None,
        reason=reason,
        notes=tuple(_notes(s, spec, chain, per_defence or {})),
        policy=dict(per),
        defence_policy=dict(per_defence or {}),
        bounds={} if simulated else _point_bounds(p_win, p_draw, p_ongoing, fates),
    )


def _point_bounds(
    p_win: Mapping[str, Fraction],
    p_draw: Fraction,
    p_ongoing: Fraction,
    fates: Mapping[str, Mapping[Fate, Fraction]],
) -> dict[str, dict[Any, tuple[Fraction, Fraction]]]:
    """An exact result's bounds: each value twice."""
    return {
        "p_win": {side: (p, p) for side, p in p_win.items()},
        "p_draw": {None: (p_draw, p_draw)},
        "p_ongoing": {None: (p_ongoing, p_ongoing)},
        "fates": {
            (name, fate): (law.get(fate, Fraction(0)),) * 2
            for name, law in fates.items()
            for fate in FATES
        },
    }


def collect_bounds(
    s: System,
    spec: FightSpec,
    chain: Chain,
    lower: Mapping[Key, Fraction],
    unknown: Fraction,
    states: int,
    reason: tuple[str, str],
    per: Mapping[str, str],
    per_defence: Mapping[str, str] | None = None,
) -> FightOdds:
    """The :class:`FightOdds` of certified bounds (:mod:`rolkit.fight.bounds`): each
    result's interval ``[lower, lower + unknown]``, its midpoint as the value; ``states``:
    the turns explored."""

    def interval(key: Key) -> tuple[Fraction, Fraction]:
        low = lower.get(key, Fraction(0))
        return low, min(Fraction(1), low + unknown)

    def mid(pair: tuple[Fraction, Fraction]) -> Fraction:
        return (pair[0] + pair[1]) / 2

    side_names = tuple(dict.fromkeys(chain.sides))
    win = {side: interval(("win", side)) for side in side_names}
    draw, going = interval(("draw",)), interval(("going",))
    fate_bounds: dict[tuple[str, Fate], tuple[Fraction, Fraction]] = {}
    for i, name in enumerate(chain.names):
        for fate in FATES:
            low = lower.get(("fate", i, fate), Fraction(0)) + lower.get(
                ("going", i, fate), Fraction(0)
            )
            fate_bounds[(name, fate)] = (low, min(Fraction(1), low + unknown))
    fates = {
        name: {f: mid(fate_bounds[(name, f)]) for f in FATES if fate_bounds[(name, f)][1]}
        for name in chain.names
    }
    return FightOdds(
        system=s.id,
        names=chain.names,
        sides=chain.sides,
        side_names=(side_names[0], side_names[1]),
        rounds=None,
        method="bounds",
        p_win={side: mid(pair) for side, pair in win.items()},
        p_draw=mid(draw),
        p_ongoing=mid(going),
        rounds_law={},
        p_later=Fraction(0),
        mean_rounds=None,
        fates=fates,
        states=states,
        reason=reason,
        notes=tuple(_notes(s, spec, chain, per_defence or {})),
        policy=dict(per),
        defence_policy=dict(per_defence or {}),
        bounds={
            "p_win": win,
            "p_draw": {None: draw},
            "p_ongoing": {None: going},
            "fates": fate_bounds,
        },
        unknown=unknown,
    )


def _fates(names: tuple[str, ...], m: Mapping[Key, Fraction]) -> dict[str, dict[Fate, Fraction]]:
    """Each combatant's fates (ended or still going), in the order of :data:`FATES`."""
    fates: dict[str, dict[Fate, Fraction]] = {n: {} for n in names}
    for key, p in m.items():
        if len(key) == 3:  # ("fate" | "going", combatant, fate)
            name, fate = names[key[1]], key[2]
            fates[name][fate] = fates[name].get(fate, Fraction(0)) + p
    return {n: {f: law[f] for f in FATES if law.get(f)} for n, law in fates.items()}


def _notes(
    s: System, spec: FightSpec, chain: Chain, per_defence: Mapping[str, str]
) -> list[tuple[str, str]]:
    """The chain's assumptions for this fight, ``(es, en)``."""
    notes = [
        (
            "Orden: la iniciativa tirada, desde el turno actual"
            if spec.initiative_rolled
            else "Orden: el de entrada (aún no se tiró la iniciativa)",
            "Order: the initiative rolled, from the current turn"
            if spec.initiative_rolled
            else "Order: order of entry (initiative not rolled yet)",
        ),
        (
            "Cada uno ataca con su arma y los modificadores por defecto",
            "Everyone attacks with their own weapon and the default modifiers",
        )
        if chain.modifiers == s.defaults()["modifiers"]
        else (
            "Cada uno ataca con su arma y los modificadores elegidos",
            "Everyone attacks with their own weapon and the modifiers chosen",
        ),
    ]
    if chain.impossible:
        notes.append(
            (
                "Algún ataque no podía hacerse en su estado (arma o escudo gastados…): "
                "ese turno pasa sin cambios",
                "Some attack could not be made in its state (a weapon or shield worn "
                "out…): that turn passes with no change",
            )
        )
    notes.extend(_defence_notes(chain, per_defence))
    notes.extend(_action_notes(s, chain))
    if getattr(s, "initiative_each_round", False):
        notes.append(
            (
                "El sistema repite la iniciativa cada ronda; aquí se mantiene el orden",
                "The system rerolls initiative every round; here the order is held",
            )
        )
    return notes


def _action_notes(s: System, chain: Chain) -> list[tuple[str, str]]:
    """How the chain played each turn's actions (a system whose turn is more than one
    attack): the policy, and the actions the fight met."""
    if not chain.multi:
        return []
    met = [s.actions[a] for a in chain.acted]
    es = ", ".join(a.label[0] for a in met) or "ninguna"
    en = ", ".join(a.label[1] for a in met) or "none"
    aid = (
        "auxilia a un aliado caído quien lo tiene pedido; "
        if chain.aiders
        else "nadie auxilia a los caídos; "
    )
    aid_en = "those asked to aid a fallen ally do; " if chain.aiders else "no one aids the fallen; "
    return [
        (
            "Cada turno: primero lo que recupera al propio combatiente (levantarse, recargar), "
            f"{aid}después ataca al rival más débil mientras el turno lo permita. "
            f"Acciones que se dieron: {es}",
            "Each turn: first what mends the combatant itself (stand up, reload), "
            f"{aid_en}then it attacks the weakest foe while the turn allows. "
            f"Actions the fight met: {en}",
        )
    ]


#: How a blow's reason is told in the notes: ``role -> (es, en)`` subject.
_SUBJECT = {
    "attacker": ("A veces un atacante", "Sometimes an attacker"),
    "defender": ("A veces un defensor", "Sometimes a defender"),
}


def _defence_notes(chain: Chain, per_defence: Mapping[str, str]) -> list[tuple[str, str]]:
    """The defence policy, when the fight's modifiers carry a defence the defender may make
    or not (:meth:`System.fight_blow` with and without ``defend`` differ), and the reasons
    of the blows the fight met that were made otherwise than the modifiers say."""
    notes: list[tuple[str, str]] = []
    if chain.defence_matters(chain.start[0].weapon):
        keep = [n for n in chain.names if per_defence.get(n) == "keep_action"]
        es = (
            "Defensa: quien aún no ha actuado en el asalto se defiende, y gasta así su "
            "turno (no ataca ese asalto); quien ya actuó recibe el golpe sin defensa"
        )
        en = (
            "Defence: a combatant who has not acted yet this round defends, and so spends "
            "its turn (it does not attack that round); one who has acted takes the blow "
            "undefended"
        )
        if keep:
            es += f"; no se defienden (guardan su acción): {', '.join(keep)}"
            en += f"; never defending (keeping their action): {', '.join(keep)}"
        notes.append((es, en))
    for role, es, en in chain.happened:
        subject_es, subject_en = _SUBJECT.get(role, _SUBJECT["defender"])
        notes.append((f"{subject_es} {es}", f"{subject_en} {en}"))
    return notes
