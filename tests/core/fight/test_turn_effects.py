"""Rules that act between attacks (#16 follow-up), on a toy system with turn effects
(``contract/toy_turn.py``: a dying roll and waking up at the turn's start,
bleeding and a counter "this round" set back at the round's end):

* the exact chain equals the same fights written again from the toy's rules — turn by
  turn with Fractions, and solved to the end as an icepool absorbing Markov chain
  (``icepool.map(round, state, repeat='inf')``) — for a 1v1 and a 2v1, to the end and
  at horizons, from the start and from a turn already under way;
* fights played on the real tracker (``Fight`` + ``next_turn(seed)`` + ``attack`` /
  ``apply``, seeded) agree with the exact law within 6σ, with a fallen combatant who
  wakes up and fights again;
* the tracker logs each change in es and en, keeps the seed through JSON, replays, undoes;
* a system without turn effects (or with identity ones) is unchanged;
* every registered system with turn effects (and the toy): the laws sum to 1 at default
  and wounded forms, and a seeded tracker only reaches forms those laws give.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction

import icepool
import pytest

import rolkit
from rolkit.fight import Fight, FightSpec, draw, odds_of_fighters
from rolkit.fight.odds import _fight_odds
from tests.contract.toy_fight import SYSTEM as PLAIN
from tests.contract.toy_fight import Combatant as PlainCombatant
from tests.contract.toy_fight import Weapon as PlainWeapon
from tests.contract.toy_turn import SYSTEM as TOY
from tests.contract.toy_turn import Combatant, Options, Weapon

D4, D6 = Weapon("1D4"), Weapon("1D6")


# --------------------------------------------------------------------------- the oracle
# The toy's rules written again, independently of its module: a combatant is a tuple
# (pv, sangrado, inconsciente, estable, defensas); a fighter of the oracle is
# (side, pericia, damage die sides).
PV, SANG, KO, EST, DEF = range(5)


def _status(c: tuple[int, ...]) -> str | None:
    if c[PV] <= -3:
        return "dead"
    if c[PV] <= 0:
        return "down" if c[EST] else "dying"
    return "down" if c[KO] else None


def _with(c: tuple[int, ...], **changes: int) -> tuple[int, ...]:
    out = list(c)
    for name, value in changes.items():
        out[{"pv": PV, "sang": SANG, "ko": KO, "est": EST, "dfn": DEF}[name]] = value
    return tuple(out)


def _ended(state, sides) -> bool:
    return len({sides[i] for i, c in enumerate(state) if _status(c) is None}) < 2


def _put(out: dict, key, p: Fraction) -> None:
    out[key] = out.get(key, Fraction(0)) + p


def _oracle_turn(state, i, fighters, begun=False):
    """{state after: P} of combatant ``i``'s turn: its turn start, then its blow on the
    first foe able to act (in the order of entry, the oracle's turn order)."""
    sides = [f[0] for f in fighters]
    start: dict = {}
    c = state[i]
    if begun or _status(c) not in ("dying",) and not (c[KO] and c[PV] > 0):
        start[state] = Fraction(1)
    elif _status(c) == "dying":
        for after, p in ((_with(c, pv=-3), Fraction(1, 3)), (_with(c, est=1), Fraction(2, 3))):
            _put(start, state[:i] + (after,) + state[i + 1 :], p)
    else:
        for after in (_with(c, ko=0), c):
            _put(start, state[:i] + (after,) + state[i + 1 :], Fraction(1, 2))
    out: dict = {}
    for s, p in start.items():
        if _ended(s, sides) or _status(s[i]) is not None:
            _put(out, s, p)
            continue
        j = next(k for k in range(len(s)) if sides[k] != sides[i] and _status(s[k]) is None)
        d, (_side, pericia, sides_of_die) = s[j], fighters[i]
        for face in range(1, 7):
            for rolled in range(1, sides_of_die + 1):
                q = Fraction(1, 6 * sides_of_die)
                after = _with(d, dfn=min(2, d[DEF] + 1))
                if face + pericia + d[DEF] >= 4:
                    pv = d[PV] - rolled
                    after = _with(
                        after,
                        pv=pv,
                        sang=min(2, d[SANG] + 1) if face == 6 else d[SANG],
                        ko=1 if d[KO] or (rolled >= 3 and pv > 0) else 0,
                    )
                _put(out, s[:j] + (after,) + s[j + 1 :], p * q)
    return out


def _oracle_round_end(state, bleeding=True):
    dist = {state: Fraction(1)}
    for i, c in enumerate(state):
        if _status(c) == "dead":
            continue
        rested = _with(c, dfn=0)
        outs = (
            [(_with(rested, pv=c[PV] - 1), Fraction(1, 2)), (rested, Fraction(1, 2))]
            if bleeding and c[SANG]
            else [(rested, Fraction(1))]
        )
        new: dict = {}
        for s, p in dist.items():
            for after, q in outs:
                _put(new, s[:i] + (after,) + s[i + 1 :], p * q)
        dist = new
    return dist


def _oracle_rest_of_round(state, fighters, first_turn=0, begun=False):
    """{state: P} after the turns ``first_turn``.. of the round and its end, each step
    only while the fight goes on."""
    sides = [f[0] for f in fighters]
    dist = {state: Fraction(1)}
    for t in range(first_turn, len(fighters)):
        new: dict = {}
        for s, p in dist.items():
            if _ended(s, sides):
                _put(new, s, p)
                continue
            for s2, q in _oracle_turn(s, t, fighters, begun and t == first_turn).items():
                _put(new, s2, p * q)
        dist = new
    out: dict = {}
    for s, p in dist.items():
        for s2, q in ({s: Fraction(1)} if _ended(s, sides) else _oracle_round_end(s)).items():
            _put(out, s2, p * q)
    return out


def _flat(state) -> tuple[int, ...]:
    return tuple(x for c in state for x in c)


def _unflat(flat: tuple[int, ...]):
    return tuple(flat[k : k + 5] for k in range(0, len(flat), 5))


def _as_die(dist: dict, phase: int = 1) -> icepool.Die:
    """A law over states as an icepool Die over flat tuples of ints: ``(phase, *forms)``."""
    den = math.lcm(*(p.denominator for p in dist.values()))
    return icepool.Die(
        {(phase, *_flat(s)): p.numerator * (den // p.denominator) for s, p in dist.items()}
    )


def _oracle_to_the_end(fighters, start, first_turn=0, begun=False) -> dict:
    """The end law as icepool solves the absorbing chain of whole rounds. The chain
    starts from the one state given (phase 0: the rest of the current round, from
    ``first_turn``), never from a law: icepool's absorbing solve drops the mass a
    starting law already puts on absorbing states."""
    sides = [f[0] for f in fighters]

    def one_round(phase: int, *flat: int):
        state = _unflat(flat)
        if phase == 0:
            return _as_die(_oracle_rest_of_round(state, fighters, first_turn, begun))
        if _ended(state, sides):
            return (phase, *flat)
        return _as_die(_oracle_rest_of_round(state, fighters))

    end = icepool.map(one_round, icepool.Die([(0, *_flat(start))]), star=True, repeat="inf")
    den = end.denominator()
    return {_unflat(s[1:]): Fraction(q, den) for s, q in end.items()}


def _oracle_rounds(fighters, start, rounds, first_turn=0, begun=False) -> dict:
    dist = _oracle_rest_of_round(start, fighters, first_turn, begun)
    sides = [f[0] for f in fighters]
    for _ in range(rounds - 1):
        new: dict = {}
        for s, p in dist.items():
            step = {s: Fraction(1)} if _ended(s, sides) else _oracle_rest_of_round(s, fighters)
            for s2, q in step.items():
                _put(new, s2, p * q)
        dist = new
    return dist


def _summarise(dist, fighters, names):
    """(P(win) per side, P(draw), P(going), fates per name) of an oracle law."""
    sides = [f[0] for f in fighters]
    wins = dict.fromkeys(dict.fromkeys(sides), Fraction(0))
    draw_, going = Fraction(0), Fraction(0)
    fates: dict = {n: {} for n in names}
    for s, p in dist.items():
        standing = {sides[i] for i, c in enumerate(s) if _status(c) is None}
        if len(standing) == 1:
            wins[next(iter(standing))] += p
        elif not standing:
            draw_ += p
        else:
            going += p
        for n, c in zip(names, s, strict=True):
            _put(fates[n], _status(c), p)
    return wins, draw_, going, fates


def _form(c: tuple[int, ...], pericia: int) -> Combatant:
    return Combatant(
        pv=c[PV],
        pericia=pericia,
        sangrado=c[SANG],
        inconsciente=bool(c[KO]),
        estable=bool(c[EST]),
        defensas=c[DEF],
    )


def _assert_same(ours, oracle, names):
    wins, draw_, going, fates = oracle
    assert ours.exact
    assert dict(ours.p_win) == wins
    assert ours.p_draw == draw_ and ours.p_ongoing == going
    for n in names:
        assert dict(ours.fates[n]) == {f: p for f, p in fates[n].items() if p}


DUEL = [("A", 2, 4), ("B", 1, 4)]
DUEL_START = ((4, 0, 0, 0, 0), (4, 0, 0, 0, 0))
#: Bruto attacks Ben first (policy "first"): a blow of 3 knocks Ben (4 PV) out while Ana
#: fights on, and Ben may wake up at his next turn; a blow of 4 leaves him dying, and his
#: next turn's roll kills or stabilises him. Small enough for icepool's exact solve.
PARTY_NAMES = ("Ben", "Ana", "Bruto")
PARTY = [("A", 0, 4), ("A", 1, 4), ("B", 2, 4)]
PARTY_START = ((4, 0, 0, 0, 0), (1, 0, 0, 0, 0), (2, 0, 0, 0, 0))
#: a closer fight for the tracker's Monte Carlo
MC_PARTY = [("A", 0, 4), ("A", 1, 4), ("B", 2, 6)]
MC_PARTY_START = ((4, 0, 0, 0, 0), (2, 0, 0, 0, 0), (4, 0, 0, 0, 0))


def _fighters(oracle_fighters, start, names):
    return [
        (n, side, _form(c, pericia), D4 if die_sides == 4 else D6)
        for n, (side, pericia, die_sides), c in zip(names, oracle_fighters, start, strict=True)
    ]


# --------------------------------------------------------------------------- exact
def test_a_duel_with_turn_effects_equals_the_icepool_absorbing_chain():
    names = ("Ana", "Bruto")
    ours = odds_of_fighters(TOY, _fighters(DUEL, DUEL_START, names), rounds=None)
    oracle = _oracle_to_the_end(DUEL, DUEL_START)
    _assert_same(ours, _summarise(oracle, DUEL, names), names)
    assert ours.p_draw > 0  # both bleed out at the same round's end
    assert ours.mean_rounds is not None


def test_two_against_one_with_a_fallen_who_may_wake_equals_the_oracle():
    names = PARTY_NAMES
    fighters = _fighters(PARTY, PARTY_START, names)
    ours = odds_of_fighters(TOY, fighters, rounds=None, policy="first")
    oracle = _oracle_to_the_end(PARTY, PARTY_START)
    _assert_same(ours, _summarise(oracle, PARTY, names), names)
    # the turn-start rules matter here: dying Ben's roll (dead or stable), Ben waking up
    assert ours.fates["Ben"]["down"] > 0 and ours.fates["Ben"]["dead"] > 0
    plain_turns = replace(TOY, turn_start_fn=None)
    assert odds_of_fighters(plain_turns, fighters, policy="first").p_win != ours.p_win


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_horizons_equal_the_oracle_turn_by_turn(rounds):
    names = PARTY_NAMES
    fighters = _fighters(PARTY, PARTY_START, names)
    ours = odds_of_fighters(TOY, fighters, rounds=rounds, policy="first")
    oracle = _oracle_rounds(PARTY, PARTY_START, rounds)
    _assert_same(ours, _summarise(oracle, PARTY, names), names)


def test_horizons_add_up_and_grow_to_the_law_to_the_end():
    names = PARTY_NAMES
    fighters = _fighters(PARTY, PARTY_START, names)
    end = odds_of_fighters(TOY, fighters, rounds=None, policy="first")
    previous = Fraction(0)
    for n in (1, 2, 3, 6):
        r = odds_of_fighters(TOY, fighters, rounds=n, policy="first")
        assert sum(r.p_win.values()) + r.p_draw + r.p_ongoing == 1
        assert sum(r.rounds_law.values()) == sum(r.p_win.values()) + r.p_draw
        assert max(r.rounds_law) <= n
        won = r.p_win["A"]
        assert previous <= won <= end.p_win["A"] <= won + r.p_ongoing
        previous = won
        for name in names:
            assert sum(r.fates[name].values()) == 1
        # the first rounds of the law to the end are the horizons' own
        shown = [k for k in r.rounds_law if k in end.rounds_law]
        assert shown and all(end.rounds_law[k] == r.rounds_law[k] for k in shown)
    assert sum(end.rounds_law.values()) + end.p_later == 1
    hidden = odds_of_fighters(TOY, fighters, rounds=None, policy="first", rounds_shown=1)
    assert (hidden.p_win, hidden.fates, hidden.mean_rounds) == (
        end.p_win,
        end.fates,
        end.mean_rounds,
    )
    assert hidden.p_later == 1 - end.rounds_law[1]


def test_a_turn_under_way_is_not_begun_again():
    """From the tracker mid-round — Ben's turn begun (his turn-start rules applied) — the
    chain plays the rest of that turn, not Ben's turn start again; a spec not begun does."""
    names = ("Ana", "Ben", "Bruto")
    start = ((1, 0, 0, 0, 0), (1, 0, 1, 0, 1), (2, 0, 0, 0, 0))  # Ben knocked out
    fighters = tuple(_fighters(PARTY, start, names))
    begun = FightSpec("toyt", fighters, names, turn=1, initiative_rolled=True, started=True)
    fresh = replace(begun, started=False)
    pol = {n: "first" for n in names}
    for spec, is_begun in ((begun, True), (fresh, False)):
        ours = _fight_odds(TOY, spec, None, policies=pol)
        oracle = _oracle_to_the_end(PARTY, start, first_turn=1, begun=is_begun)
        _assert_same(ours, _summarise(oracle, PARTY, names), names)
        two = _fight_odds(TOY, spec, 2, policies=pol)
        oracle2 = _oracle_rounds(PARTY, start, 2, first_turn=1, begun=is_begun)
        _assert_same(two, _summarise(oracle2, PARTY, names), names)
    assert (
        _fight_odds(TOY, begun, None, policies=pol).p_win
        != _fight_odds(TOY, fresh, None, policies=pol).p_win
    )


def test_the_tracker_spec_says_the_turn_has_begun():
    fight = Fight(TOY)
    fight.add("Ana", "A", Combatant(pv=4, pericia=2), D4)
    fight.add("Bruto", "B", Combatant(pv=4), D4)
    assert not FightSpec.of(fight).started
    fight.roll_initiative(seed=1)
    assert FightSpec.of(fight).started


# --------------------------------------------------------------------------- no hooks
def test_a_system_without_turn_effects_or_with_identity_ones_is_unchanged():
    fighters = [
        ("Ana", "Jugadores", PlainCombatant(pv=3, pericia=1), PlainWeapon("1D4")),
        ("Bea", "Jugadores", PlainCombatant(pv=5, pericia=0), PlainWeapon("1D4")),
        ("Bruto", "Monstruos", PlainCombatant(pv=7, pericia=2), PlainWeapon("1D6")),
    ]

    def identity(c, o):
        return {c: Fraction(1)}

    same = replace(PLAIN, turn_start_fn=identity, round_end_fn=identity)
    assert same.has_turn_effects and not PLAIN.has_turn_effects
    for rounds in (None, 2):
        a = odds_of_fighters(PLAIN, fighters, rounds=rounds)
        b = odds_of_fighters(same, fighters, rounds=rounds)
        assert (a.p_win, a.p_draw, a.fates, a.rounds_law, a.mean_rounds, a.states) == (
            b.p_win,
            b.p_draw,
            b.fates,
            b.rounds_law,
            b.mean_rounds,
            b.states,
        )
    spec = FightSpec("toyf", tuple(fighters), ("Bruto", "Ana", "Bea"), 1, True)
    begun = replace(spec, started=True)
    x = _fight_odds(PLAIN, spec, None, policies={})
    y = _fight_odds(PLAIN, begun, None, policies={})
    assert (x.p_win, x.fates, x.states) == (y.p_win, y.fates, y.states)


def test_the_tracker_without_turn_effects_logs_no_seed_and_changes_nobody():
    fight = Fight(PLAIN)
    fight.add("Ana", "A", PlainCombatant(pv=-1), PlainWeapon())
    fight.add("Bruto", "B", PlainCombatant(), PlainWeapon())
    fight.roll_initiative(seed=4)
    before = fight.state.fighters
    for _ in range(3):
        st = fight.next_turn(seed=9)
        assert st.fighters == before and st.entry.seed is None
    assert fight.log[-1].text("es") == "Ronda 2: turno de Bruto"


# --------------------------------------------------------------------------- the tracker
def _play(fight_forms, n: int, seed0: int):
    """``n`` fights on the real tracker, target policy "first" written again."""
    counts: dict = {"win": {}, "draw": 0, "fates": {}, "woke": 0}
    for k in range(n):
        fight = Fight(TOY)
        for name, side, form, weapon in fight_forms:
            fight.add(name, side, form, weapon)
        fight.roll_initiative(seed=seed0 + k)
        was_out: set[str] = set()
        woke = False
        step = 0
        while True:
            step += 1
            st = fight.state
            standing = {f.side for f in st.fighters if TOY.status(f.defender) is None}
            if len(standing) < 2:
                if standing:
                    side = next(iter(standing))
                    counts["win"][side] = counts["win"].get(side, 0) + 1
                else:
                    counts["draw"] += 1
                for f in st.fighters:
                    key = (f.name, TOY.status(f.defender))
                    counts["fates"][key] = counts["fates"].get(key, 0) + 1
                counts["woke"] += woke
                break
            me = st.fighter(st.current)
            if TOY.status(me.defender) is None:
                if me.name in was_out:
                    woke = True
                foe = next(
                    st.fighter(n2)
                    for n2 in st.order
                    if st.fighter(n2).side != me.side
                    and TOY.status(st.fighter(n2).defender) is None
                )
                res = fight.attack(me.name, foe.name, seed=seed0 * 10**7 + k * 1000 + step)
                fight.apply(res, me.name, foe.name)
                if (
                    len({f.side for f in fight.state.fighters if TOY.status(f.defender) is None})
                    < 2
                ):
                    continue  # the blow ended the fight: no more rules between attacks
            was_out |= {f.name for f in fight.state.fighters if TOY.status(f.defender)}
            fight.next_turn(seed=seed0 * 10**7 + k * 1000 + 500 + step)
    return counts


def _within_6_sigma(count: int, n: int, p: Fraction) -> bool:
    q = float(p)
    return abs(count / n - q) <= 6 * math.sqrt(q * (1 - q) / n) + 1e-9


@pytest.mark.parametrize(
    ("oracle_fighters", "start", "names", "n"),
    [
        (DUEL, DUEL_START, ("Ana", "Bruto"), 800),
        (MC_PARTY, MC_PARTY_START, PARTY_NAMES, 500),
    ],
)
def test_fights_played_on_the_tracker_agree_with_the_exact_law(oracle_fighters, start, names, n):
    fighters = _fighters(oracle_fighters, start, names)
    exact = odds_of_fighters(TOY, fighters, rounds=None, policy="first")
    counts = _play(fighters, n, seed0=len(names))
    for side, p in exact.p_win.items():
        assert _within_6_sigma(counts["win"].get(side, 0), n, p), side
    assert _within_6_sigma(counts["draw"], n, exact.p_draw)
    for name in names:
        for fate in (None, "down", "dying", "dead"):
            p = exact.fates[name].get(fate, Fraction(0))
            assert _within_6_sigma(counts["fates"].get((name, fate), 0), n, p), (name, fate)
    if len(names) == 3:
        assert counts["woke"] > 0  # some fallen combatant woke up and fought again


def test_next_turn_logs_each_change_in_both_languages_and_replays(monkeypatch):
    registered = rolkit.systems.get
    monkeypatch.setattr(rolkit.systems, "get", lambda i: TOY if i == "toyt" else registered(i))
    fight = Fight(TOY)
    fight.add("Gorath", "A", Combatant(pv=0, pericia=1), D4)  # dying
    fight.add("Ben", "A", Combatant(pv=5, sangrado=1), D4)
    fight.add("Bruto", "B", Combatant(pv=5), D4)
    fight.roll_initiative(seed=1)  # order of entry: Gorath's turn begins, his dying roll
    first = fight.state.entry
    assert first.kind == "initiative" and first.seed == 1
    assert TOY.status(fight.state.fighter("Gorath").defender) in ("dead", "down")
    assert "Gorath " in first.text("es") and "Gorath " in first.text("en")
    # seeds for each outcome of the dying roll
    outcomes = {}
    for seed in range(1, 40):
        f = Fight(TOY)
        f.add("Gorath", "A", Combatant(pv=0, pericia=1), D4)
        f.add("Bruto", "B", Combatant(pv=5), D4)
        f.roll_initiative(seed=seed)
        outcomes.setdefault(TOY.status(f.state.fighter("Gorath").defender), f.log[-1])
    assert set(outcomes) == {"dead", "down"}
    assert "Gorath muere" in outcomes["dead"].text("es")
    assert "Gorath dies" in outcomes["dead"].text("en")
    assert "Gorath se estabiliza (fuera de combate)" in outcomes["down"].text("es")
    assert "Gorath stabilises (out of the fight)" in outcomes["down"].text("en")
    # a round's end: Ben's Defensas back to 0 (no status change) and his bleeding
    fight.next_turn(seed=2)  # Ben's turn
    fight.apply(fight.attack("Ben", "Bruto", seed=3), "Ben", "Bruto")
    fight.next_turn(seed=5)  # Bruto's turn
    fight.apply(fight.attack("Bruto", "Ben", seed=4), "Bruto", "Ben")
    assert fight.state.fighter("Ben").defender.defensas == 1
    entry = fight.next_turn(seed=7).entry  # round 2: round end, then Gorath's turn start
    assert entry.seed == 7 and entry.text("es").startswith("Ronda 2: turno de Gorath")
    ben = fight.state.fighter("Ben").defender
    assert ben.defensas == 0
    # the log says what the rule changed, by the form's labels
    assert "Ben: Defensas: 0" in entry.text("es")
    assert "Ben: Defensas (defences this round): 0" in entry.text("en")
    # replay: the same seeds give the same fight; JSON keeps the seeds; undo/redo exact
    again = Fight.from_json(fight.to_json())
    assert again.state == fight.state and [e.seed for e in again.log] == [e.seed for e in fight.log]
    fight.undo()
    assert fight.state.fighter("Ben").defender.defensas == 1
    fight.redo()
    assert fight.state.fighter("Ben").defender == ben
    fight.undo()
    assert fight.next_turn(seed=7).fighters == again.state.fighters


def test_a_fighter_back_on_its_feet_is_logged():
    fight = Fight(TOY)
    fight.add("Ana", "A", Combatant(pv=3, inconsciente=True), D4)
    fight.add("Bruto", "B", Combatant(pv=5), D4)
    texts = set()
    for seed in range(1, 30):
        fight.roll_initiative(seed=seed)
        texts.add(fight.state.entry.text("es"))
        fight.undo()
    assert any(t.endswith("Ana vuelve a la lucha (Inconsciente: no)") for t in texts)
    assert any(t == "Orden de entrada (el sistema no define iniciativa)" for t in texts)


def test_draw_follows_the_law():
    law = {"a": Fraction(1, 3), "b": Fraction(1, 2), "c": Fraction(1, 6)}
    rng = random.Random(5)
    n = 6000
    counts = dict.fromkeys(law, 0)
    for _ in range(n):
        counts[draw(law, rng)] += 1
    for k, p in law.items():
        assert _within_6_sigma(counts[k], n, p)
    assert draw({"only": Fraction(1)}, rng) == "only"


# --------------------------------------------------------------------------- any system
def _systems_with_turn_effects():
    registered = [rolkit.get_system(i) for i in rolkit.systems()]
    return [TOY, *(s for s in registered if s.has_turn_effects)]


def _wounded(s) -> list:
    """Default combatant forms and every form a default blow can leave the defender in."""
    d = s.defaults()
    forms = [d["defender"]]
    if isinstance(d["attacker"], s.forms["defender"]):
        forms.append(d["attacker"])
    if s.has_transitions:
        law = s.transitions(d["attacker"], d["defender"], d["weapon"], d["modifiers"])
        for (_a, after), _p in sorted(law.items(), key=lambda kv: -kv[1])[:12]:
            forms.append(after)
    return list(dict.fromkeys(forms))


def _support(law) -> set:
    assert all(p > 0 for p in law.values())
    return set(law)


@pytest.mark.parametrize("s", _systems_with_turn_effects(), ids=lambda s: s.id)
def test_turn_effect_laws_sum_to_one_and_the_tracker_only_reaches_them(s):
    d = s.defaults()
    for form in _wounded(s):
        for rule in (s.turn_start, s.turn_end, s.round_end):
            law = rule(form)
            assert sum(law.values()) == 1
            assert all(isinstance(f, s.forms["defender"]) for f in _support(law))
        # the tracker: A's turn begins at initiative (turn start), then B's, then round 2
        # (round end for both, then A's turn start) — every form reached is in the laws
        # each fighter's form carries its fighter's name (Fight.add), the laws are the same
        named = {n: replace(form, name=n) if hasattr(form, "name") else form for n in "AB"}
        for seed in (1, 2, 3):
            fight = Fight(s)
            fight.add("A", "a", form, d["weapon"])
            fight.add("B", "b", form, d["weapon"])
            fight.roll_initiative(seed=seed)
            first, second = fight.state.order
            reached = {f.name: f.defender for f in fight.state.fighters}
            assert reached[first] in _support(s.turn_start(named[first]))
            assert reached[second] == named[second]
            fight.next_turn(seed=seed + 10)  # A's turn ends (turn end), B's begins
            now = {f.name: f.defender for f in fight.state.fighters}
            assert now[first] in _support(s.turn_end(reached[first]))
            assert now[second] in _support(s.turn_start(named[second]))
            fight.next_turn(seed=seed + 20)  # B's turn ends, the round ends, A's turn begins
            later = {f.name: f.defender for f in fight.state.fighters}
            for name in (first, second):
                before = {now[name]} if name == first else _support(s.turn_end(now[name]))
                ended = set().union(
                    *({f} if s.status(f) == "dead" else _support(s.round_end(f)) for f in before)
                )
                if name == first:
                    ended = set().union(*(_support(s.turn_start(f)) for f in ended))
                assert later[name] in ended, (s.id, name)


def test_options_switch_a_house_rule_off():
    bleeding = Combatant(pv=4, sangrado=1, defensas=2)
    assert TOY.round_end(bleeding) == {
        replace(bleeding, pv=3, defensas=0): Fraction(1, 2),
        replace(bleeding, defensas=0): Fraction(1, 2),
    }
    assert TOY.round_end(bleeding, Options(sangrado=False)) == {
        replace(bleeding, defensas=0): Fraction(1)
    }
    calm = Combatant(pv=4)
    assert TOY.round_end(calm) == {calm: Fraction(1)} and TOY.turn_start(calm) == {
        calm: Fraction(1)
    }


def test_the_chains_own_simulation_plays_the_same_rules():
    """Past the bound (or asked for), the simulation draws the turn effects too."""
    fighters = _fighters(MC_PARTY, MC_PARTY_START, PARTY_NAMES)
    exact = odds_of_fighters(TOY, fighters, policy="first")
    n = 2000
    sim = odds_of_fighters(TOY, fighters, policy="first", method="simulate", simulations=n)
    assert not sim.exact and sim.n == n
    for side, p in exact.p_win.items():
        assert _within_6_sigma(round(sim.p_win[side] * n), n, p)
    for name in PARTY_NAMES:
        for fate, p in exact.fates[name].items():
            assert _within_6_sigma(round(sim.fates[name].get(fate, 0) * n), n, p), (name, fate)


def test_a_reroll_of_initiative_does_not_begin_the_same_turn_twice():
    """A system that rerolls initiative each round: the GM passes to the new round (its
    first combatant's turn begins, its rules drawn once), then rolls the round's initiative;
    with the same combatant first, its turn-start rules are not drawn again."""
    fight = Fight(TOY)
    fight.add("Ana", "A", Combatant(pv=3, inconsciente=True), D4)  # wakes with 1/2 at her turn
    fight.add("Bruto", "B", Combatant(pv=5), D4)
    for seed in range(1, 40):  # a first roll where Ana stays out
        fight.roll_initiative(seed=seed)
        if TOY.status(fight.state.fighter("Ana").defender) == "down":
            break
        fight.undo()
    assert fight.state.started == "Ana"
    assert TOY.status(fight.state.fighter("Ana").defender) == "down"
    fight.next_turn(seed=2)  # Bruto
    for seed in range(1, 40):
        fight.next_turn(seed=seed)  # round 2: Ana's turn begins
        ana = fight.state.fighter("Ana").defender
        fight.roll_initiative(seed=seed + 100)  # order of entry again: Ana first
        assert fight.state.fighter("Ana").defender == ana, seed
        assert fight.state.started == "Ana" and fight.state.round == 2
        fight.undo()
        fight.undo()
    # when the turn that began was another combatant's, the reroll begins Ana's turn
    seed = next(k for k in range(1, 40) if _still_out_after_next_turn(fight, k))
    fight.next_turn(seed=seed)
    fight._push(replace(fight.state, started="Bruto"))
    woke = set()
    for seed in range(1, 40):
        fight.roll_initiative(seed=seed)
        woke.add(TOY.status(fight.state.fighter("Ana").defender))
        fight.undo()
    assert woke == {None, "down"}


def _still_out_after_next_turn(fight: Fight, seed: int) -> bool:
    fight.next_turn(seed=seed)
    out = TOY.status(fight.state.fighter("Ana").defender) == "down"
    fight.undo()
    return out


@pytest.mark.parametrize(
    "law",
    [
        lambda c: {c: Fraction(1, 2)},  # one form, not certain
        lambda c: {c: Fraction(2)},
        lambda c: {},  # no form at all
        lambda c: {c: Fraction(1, 2), replace(c, pv=c.pv - 1): Fraction(1, 3)},
    ],
)
def test_a_turn_effect_law_not_summing_to_one_is_refused(law) -> None:
    """System._turn_effect checks every law sums to 1: a certain law (one form) at once,
    others by their sum."""
    bad = replace(TOY, round_end_fn=lambda c, o: law(c), turn_start_fn=lambda c, o: law(c))
    c = Combatant()
    with pytest.raises(ValueError, match="sums to"):
        bad.round_end(c)
    with pytest.raises(ValueError, match="sums to"):
        bad.turn_start(c)
    fine = replace(TOY, round_end_fn=lambda c, o: {c: Fraction(1)})
    assert fine.round_end(c) == {c: Fraction(1)}
