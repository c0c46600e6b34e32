"""Fights: the tracker of a fight at the table, and whole-fight odds (#16).

One job per module:

* :mod:`~rolkit.fight.tracker` — :class:`Fight`: combatants, initiative, turns, applied
  rolls, a log with exact undo/redo, save and load;
* :mod:`~rolkit.fight.spec` — :class:`FightSpec` (the fight to evaluate, as plain data),
  the policies and their validation, the defaults of the evaluation;
* :mod:`~rolkit.fight.state` — the chain's named values: :class:`Slot`,
  :class:`ChainState`, :class:`Node`, :class:`Summary`, …;
* :mod:`~rolkit.fight.laws` — interned forms and the laws of one blow and of the rules
  between attacks; :mod:`~rolkit.fight.chain` — the chain: targets, one turn's law, the
  exploration;
* :mod:`~rolkit.fight.walk` — the law walked round by round; :mod:`~rolkit.fight.solve` —
  the exact solve to the end (with :mod:`~rolkit.fight.graph` and
  :mod:`~rolkit.fight.linear`); :mod:`~rolkit.fight.simulate` — the labelled simulation;
* :mod:`~rolkit.fight.result` — :class:`FightOdds` and the marginals;
  :mod:`~rolkit.fight.odds` — :func:`fight_odds`, :func:`odds_of_fighters`;
* :mod:`~rolkit.fight.best_move` — :func:`~rolkit.fight.best_move.best_move`: the moves of
  the combatant to act ranked by its side's exact chance to win choosing best afterwards
  (the chain as a decision process, solved by :mod:`~rolkit.fight.mdp`); past its bound,
  each move's chance between certified bounds.

A fight from the tracker is a Markov chain over the combatants' forms: each turn, the
combatant whose turn it is attacks one foe, and the system's exact after-state law
(:meth:`rolkit.system.System.transitions`) moves the attacker, the target and the weapon
to their forms after the blow. A side is out when none of its combatants can act
(:meth:`~rolkit.system.System.status` is not ``None``); the fight is absorbed there (a
draw when both sides are out after the same blow).

**Exact** (the default): the chain is explored over the reachable states; when their number
stays under ``max_states`` it is solved with integer weights over one common denominator
(every law's denominator divides it), one :class:`~fractions.Fraction` per result:

* ``rounds=N``: the law of the state after N rounds, turn by turn: each side's chance to
  win by then, a draw, the fight still going, and the round each fight ended in;
* ``rounds=None``: to the end. The first rounds are walked as above (until 99 % of the
  fights have ended, or ``rounds_shown``), then each state still going is solved for its
  absorption law, by memoised dynamic programming over the rounds' kernel, in strongly
  connected groups: the chance of a whole round that brings its start state back —
  nothing changed, or counters "this turn" set back at its end — is summed as a geometric
  series, and a group with several round starts (a state back after two rounds or more: a
  −2 that ends) is solved as their exact linear system.

**Simulated**: past the bound (or with ``method="simulate"``), ``n`` seeded fights drawn
blow by blow from the same laws with the same policy (a duel whose system declares a
compact engine, Ashes of War's default one, is drawn on that engine's packed states, all
fights at once: :attr:`rolkit.system.System.duel_sample`); the result says so ("simulado,
n = …, ± …", the widest 95 % interval of its probabilities). Never silently approximate.

Rules of the chain (what a GM would expect, stated in :attr:`FightOdds.notes`):

* the order is the fight's initiative as rolled (from the current turn on), or the order of
  entry when initiative has not been rolled; a system that rerolls initiative every round
  (``initiative_each_round``) is walked with that order held fixed, and the notes say so;
* every combatant attacks with its own weapon and the default modifiers (or ``modifiers``);
* the target policy: ``"weakest"`` (default) attacks the foe this blow is likeliest to put
  out of the fight (ties: the earlier in the order); ``"first"`` the first foe able to act
  in the order. ``policies={name: policy}`` sets it per combatant;
* a combatant who cannot act skips its turn; a round is every turn of the order once;
* the rules that act between attacks (:meth:`~rolkit.system.System.turn_start`,
  :meth:`~rolkit.system.System.turn_end`, :meth:`~rolkit.system.System.round_end`) in the
  contract's order: a combatant's turn is its turn-start rules, then its blow if it can
  act, then its turn-end rules (given the fight's modifiers); after the last turn of the order,
  the round-end rules of everyone not dead; the fight ends as soon as fewer than two sides
  can act, whichever step did it. A fight taken from the tracker has its current turn
  begun (:attr:`FightSpec.started`): that turn's start rules are not applied again;
* a blow is made as :meth:`~rolkit.system.System.fight_blow` says (Core Dread, §4.3.6 and
  G23: an attacker who used its turn defending this round does not attack, its turn
  passes; a defender who has already acted takes the blow undefended, not skipped), and
  the notes give the reasons the fight met. The defence policy, when the modifiers carry
  a defence the defender may make or not: ``"when_able"`` (default — what the GM asked
  for by setting the defence: a defender who has not acted yet defends, and so loses its
  own attack of the round) or ``"keep_action"`` (it never defends and keeps its attack);
  ``defence_policies={name: policy}`` per combatant. With ``"when_able"`` the rule bites:
  in a duel the second in the order dodges every blow and never attacks;
* a combatant out of the fight is never attacked again (no coup de grâce); once no rule
  between attacks can change it (dead, or every such law the identity; always, for a system
  without them) the chain keeps only its fate, so situations that differ only in how the
  fallen fell merge; until then it keeps its form (dying → stable or dead; knocked out →
  awake and fighting again).
"""

from rolkit.fight.odds import fight_odds, odds_of_fighters
from rolkit.fight.result import FightOdds
from rolkit.fight.spec import (
    DEFAULT_MAX_STATES,
    DEFAULT_SIMULATIONS,
    DefencePolicy,
    FightSpec,
    Method,
    Policy,
)
from rolkit.fight.state import ChainState, Node, Slot, Summary
from rolkit.fight.tracker import Fight, Fighter, FightState, InitiativeEntry, LogEntry, draw

__all__ = [
    "Fighter",
    "LogEntry",
    "FightState",
    "Fight",
    "InitiativeEntry",
    "draw",
    "FightOdds",
    "fight_odds",
    "odds_of_fighters",
    "FightSpec",
    "Policy",
    "DefencePolicy",
    "Method",
    "DEFAULT_MAX_STATES",
    "DEFAULT_SIMULATIONS",
    "ChainState",
    "Node",
    "Slot",
    "Summary",
]
