"""Core Dread whole fights with a defence in the modifiers: «un solo turno por asalto»
(§4.3.3), a defence «hace uso de su turno» (§4.3.6, §4.5), G23 «A defender who has already
acted cannot defend» (issue #16 follow-up).

* the chain (``rolkit.fight_odds``) with ``defence="dodge"`` equals the same fights written
  again turn by turn in Fractions from the rules (brute force over each blow's after-state
  law, ``SYSTEM.transitions`` with the defence each rule allows), at horizons of 1–3 rounds
  and to the end (icepool's absorbing chain over whole rounds), with the defence policies;
* the tracker played n times as a GM plays it (``Fight`` + ``attack`` with the fight's
  modifiers + ``next_turn``) agrees with the exact law within 6σ, and so does the chain's
  own simulation;
* a combatant whose turn is spent does not attack (its turn passes); a defender whose turn
  is spent is hit undefended (not skipped); ``odds``/``resolve``/``transitions`` still
  raise for a direct call;
* defaults (``defence="none"``) give exactly the Fractions and the state counts of a chain
  without the turn rules;
* the tracker's log and the notes say it in es and en, with names, no raw ids.

Then ``SYSTEM.round_end`` (§4.3): a blow defended spends ``turn_available``, the round's
end gives it back; and §4.3 initiative: the groups' leaders roll Sentidos, with exact odds
checked independently.
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
from dataclasses import replace
from fractions import Fraction
from fractions import Fraction as F
from math import comb, sqrt

import icepool
import pytest

import rolkit
from rolkit import RulesError, i18n
from rolkit.dice import ScriptedDice
from rolkit.fight import Fight, FightSpec, InitiativeEntry, odds_of_fighters
from rolkit.fight.odds import _fight_odds
from rolkit.systems.core_dread import Combatant, CoreDreadOptions, Modifiers, Weapon, presets
from rolkit.systems.core_dread.system import SYSTEM
from rolkit.systems.core_dread.turns import (
    choose_leaders,
    fight_initiative,
    leader_odds,
)

RAW = re.compile(r"_|\bcd\.|\{|\}|\bNone\b|\bTrue\b|\bFalse\b")

S = SYSTEM
FIST = Weapon()
DODGE = Modifiers(defence="dodge")
NONE = Modifiers()
RANGED = "semiautomatica_revolver"
#: the GM's rules without the turn economy: what the chain did before (#16 first version)
PLAIN = replace(SYSTEM, turn_end_fn=None, fight_blow_fn=None)

#: a balanced two-against-one that can also stand still (a dodger nobody can hurt)
BRUTO = Combatant(name="Bruto", malherido=1, fortaleza=5, melee_skill=1)
ANA = Combatant(name="Ana", malherido=2, agilidad=5, dodge_skill=1, fortaleza=5, melee_skill=1)
TRIO = [("Bruto", "b", BRUTO, FIST), ("Ana", "a", ANA, FIST), ("Eva", "a", ANA, FIST)]
DUEL = [("Ana", "a", Combatant(), FIST), ("Bruto", "b", Combatant(), FIST)]
#: near the end of their tracks: blows take them out within the first rounds
FRAIL_B = Combatant(name="Bruto", magullado=3, lesionado=3, fortaleza=8, melee_skill=3)
FRAIL_A = Combatant(
    name="Ana", magullado=3, lesionado=3, agilidad=8, dodge_skill=2, fortaleza=8, melee_skill=2
)
FRAIL = [("Bruto", "b", FRAIL_B, FIST), ("Ana", "a", FRAIL_A, FIST), ("Eva", "a", FRAIL_A, FIST)]


# --------------------------------------------------------------------------- the oracle
def _status(c: Combatant) -> str | None:
    """§7.3: dead, down when unconscious, else able to act."""
    if c.dead:
        return "dead"
    return "down" if c.unconscious else None


def _ended(state, sides) -> bool:
    return len({sides[i] for i, c in enumerate(state) if _status(c) is None}) < 2


def _put(out: dict, key, p: Fraction) -> None:
    out[key] = out.get(key, Fraction(0)) + p


def _undefended(m: Modifiers) -> Modifiers:
    return replace(m, defence="none", dodge_to_cover=False)


def _oracle_turn(state, i, fighters, mods, keep):
    """{state after: P} of combatant ``i``'s turn, the rules written again: it attacks the
    first foe able to act unless it already used its turn this round (it defended); the
    foe dodges if it still has its turn (and does not keep its action), else the blow
    lands undefended; then its own turn is used (turn_available False)."""
    sides = [f[1] for f in fighters]
    c = state[i]
    blown: dict = {}
    if _status(c) is not None or not c.turn_available:
        blown[state] = Fraction(1)
    else:
        j = next(k for k in range(len(state)) if sides[k] != sides[i] and _status(state[k]) is None)
        d = state[j]
        defends = mods.defence != "none" and not keep[j] and d.turn_available
        law = S.transitions(c, d, fighters[i][3], mods if defends else _undefended(mods))
        for (a_after, d_after), p in law.items():
            nxt = list(state)
            nxt[i], nxt[j] = a_after, d_after
            _put(blown, tuple(nxt), p)
    out: dict = {}
    for s, p in blown.items():
        a = s[i]
        if not _ended(s, sides) and _status(a) is None and a.turn_available:
            s = s[:i] + (replace(a, turn_available=False),) + s[i + 1 :]
        _put(out, s, p)
    return out


def _oracle_round(state, fighters, mods, keep):
    """{state: P} after a whole round from its start (order of entry) and its end: every
    combatant not dead gets its turn back."""
    sides = [f[1] for f in fighters]
    dist = {state: Fraction(1)}
    for t in range(len(state)):
        new: dict = {}
        for s, p in dist.items():
            if _ended(s, sides):
                _put(new, s, p)
                continue
            for s2, q in _oracle_turn(s, t, fighters, mods, keep).items():
                _put(new, s2, p * q)
        dist = new
    out: dict = {}
    for s, p in dist.items():
        if not _ended(s, sides):
            s = tuple(c if c.dead else replace(c, turn_available=True) for c in s)
        _put(out, s, p)
    return out


def _oracle_rounds(fighters, rounds, mods, keep):
    sides = [f[1] for f in fighters]
    dist = {tuple(f[2] for f in fighters): Fraction(1)}
    for _ in range(rounds):
        new: dict = {}
        for s, p in dist.items():
            step = {s: Fraction(1)} if _ended(s, sides) else _oracle_round(s, fighters, mods, keep)
            for s2, q in step.items():
                _put(new, s2, p * q)
        dist = new
    return dist


def _oracle_to_the_end(fighters, mods, keep):
    """The end law as icepool solves the absorbing chain of whole rounds (states as tuples
    of form ids)."""
    sides = [f[1] for f in fighters]
    ids: dict = {}
    forms: list = []

    def intern(c):
        if c not in ids:
            ids[c] = len(forms)
            forms.append(c)
        return ids[c]

    def as_die(dist):
        den = math.lcm(*(p.denominator for p in dist.values()))
        return icepool.Die(
            {
                tuple(intern(c) for c in s): p.numerator * (den // p.denominator)
                for s, p in dist.items()
            }
        )

    def one_round(*key):
        state = tuple(forms[k] for k in key)
        if _ended(state, sides):
            return key
        return as_die(_oracle_round(state, fighters, mods, keep))

    start = tuple(intern(f[2]) for f in fighters)
    end = icepool.map(one_round, icepool.Die([start]), star=True, repeat="inf")
    den = end.denominator()
    return {tuple(forms[k] for k in s): Fraction(q, den) for s, q in end.items()}


def _summarise(dist, fighters):
    sides = [f[1] for f in fighters]
    wins = dict.fromkeys(dict.fromkeys(sides), Fraction(0))
    draw_, going = Fraction(0), Fraction(0)
    fates: dict = {f[0]: {} for f in fighters}
    for s, p in dist.items():
        standing = {sides[i] for i, c in enumerate(s) if _status(c) is None}
        if len(standing) == 1:
            wins[next(iter(standing))] += p
        elif not standing:
            draw_ += p
        else:
            going += p
        for f, c in zip(fighters, s, strict=True):
            _put(fates[f[0]], _status(c), p)
    return wins, draw_, going, fates


def _assert_same(ours, oracle, fighters):
    wins, draw_, going, fates = oracle
    assert ours.exact
    assert dict(ours.p_win) == wins
    assert ours.p_draw == draw_ and ours.p_ongoing == going
    for name, *_ in fighters:
        assert dict(ours.fates[name]) == {f: p for f, p in fates[name].items() if p}


def _keep(fighters, keepers=()):
    return [f[0] in keepers for f in fighters]


# --------------------------------------------------------------------------- exact
CASES = [
    ("duel", DUEL, ()),
    ("trio", TRIO, ()),
    ("frail trio", FRAIL, ()),
    ("trio, Ana keeps her action", TRIO, ("Ana",)),
    ("frail trio, Bruto keeps his action", FRAIL, ("Bruto",)),
]


@pytest.mark.parametrize(("fighters", "keepers"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_the_chain_with_a_dodge_equals_the_rules_turn_by_turn(fighters, keepers, rounds):
    ours = odds_of_fighters(
        S,
        fighters,
        rounds=rounds,
        policy="first",
        modifiers=DODGE,
        defence_policies=dict.fromkeys(keepers, "keep_action"),
    )
    oracle = _oracle_rounds(fighters, rounds, DODGE, _keep(fighters, keepers))
    _assert_same(ours, _summarise(oracle, fighters), fighters)


@pytest.mark.parametrize(
    ("fighters", "keepers"), [c[1:] for c in CASES[:4]], ids=[c[0] for c in CASES[:4]]
)
def test_the_chain_with_a_dodge_equals_the_absorbing_chain_to_the_end(fighters, keepers):
    ours = odds_of_fighters(
        S,
        fighters,
        policy="first",
        modifiers=DODGE,
        defence_policies=dict.fromkeys(keepers, "keep_action"),
    )
    oracle = _oracle_to_the_end(fighters, DODGE, _keep(fighters, keepers))
    _assert_same(ours, _summarise(oracle, fighters), fighters)


def test_the_figures_the_rules_give():
    """What the turn economy does to these fights, stated: in a duel the second in the
    order dodges every blow and so never attacks (A wins for certain); in the trio a
    dodger nobody can hurt stands forever; keeping one's action is a real choice."""
    duel = odds_of_fighters(S, DUEL, policy="first", modifiers=DODGE)
    assert duel.p_win == {"a": 1, "b": 0}
    assert odds_of_fighters(S, DUEL, policy="first").p_win["a"] < 1  # no defence: B attacks
    trio = odds_of_fighters(S, TRIO, policy="first", modifiers=DODGE)
    assert 0 < trio.p_ongoing < Fraction(1, 10) and 0 < trio.p_win["a"] < trio.p_win["b"]
    # each rule changes the law at a horizon of 2 rounds (the oracle tests see them)
    frail = odds_of_fighters(S, FRAIL, rounds=2, policy="first", modifiers=DODGE)
    for without in (replace(S, turn_end_fn=None), replace(S, fight_blow_fn=None)):
        other = odds_of_fighters(without, FRAIL, rounds=2, policy="first", modifiers=DODGE)
        assert (other.p_win, other.fates) != (frail.p_win, frail.fates)
    assert frail.p_win["a"] > 0 and 0 < frail.p_ongoing < 1
    kept = odds_of_fighters(
        S, TRIO, policy="first", modifiers=DODGE, defence_policies={"Ana": "keep_action"}
    )
    assert kept.p_win != trio.p_win
    assert kept.defence_policy == {"Bruto": "when_able", "Ana": "keep_action", "Eva": "when_able"}


def test_everyone_keeping_the_action_is_the_fight_without_defences():
    nobody = odds_of_fighters(
        S, TRIO, policy="first", modifiers=DODGE, defence_policy="keep_action"
    )
    plain = odds_of_fighters(S, TRIO, policy="first", modifiers=NONE)
    assert (nobody.p_win, nobody.p_draw, nobody.p_ongoing, nobody.fates) == (
        plain.p_win,
        plain.p_draw,
        plain.p_ongoing,
        plain.fates,
    )


@pytest.mark.parametrize("rounds", [2, None])
def test_defaults_give_exactly_the_figures_and_states_of_before(rounds):
    """Defence "none": the same Fractions and state counts as the chain without the turn
    rules (what main gave: 300 states for the default duel, bench_fight.py)."""
    d = S.defaults()
    duel = [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    for fighters in (duel, TRIO):
        ours = odds_of_fighters(S, fighters, rounds=rounds)
        before = odds_of_fighters(PLAIN, fighters, rounds=rounds)
        assert (ours.p_win, ours.p_draw, ours.p_ongoing, ours.fates, ours.states) == (
            before.p_win,
            before.p_draw,
            before.p_ongoing,
            before.fates,
            before.states,
        )
        assert (ours.rounds_law, ours.mean_rounds) == (before.rounds_law, before.mean_rounds)
    assert odds_of_fighters(S, duel, rounds_shown=0).states == 300


def test_g23_off_decouples_the_turn_from_the_defence():
    """``defence_requires_turn=False``: a defence needs no turn, so every attack is dodged
    and a dodger still attacks — the chain without the turn rules, under that option."""
    off = CoreDreadOptions(defence_requires_turn=False)
    ours = odds_of_fighters(S, TRIO, policy="first", modifiers=DODGE, options=off, rounds=2)
    before = odds_of_fighters(PLAIN, TRIO, policy="first", modifiers=DODGE, options=off, rounds=2)
    assert (ours.p_win, ours.fates, ours.states) == (before.p_win, before.fates, before.states)
    assert S.turn_end(Combatant(), off) == {Combatant(): 1}


# --------------------------------------------------------------------------- single rules
def test_an_own_turn_spends_the_turn_and_the_round_gives_it_back():
    c = Combatant()
    spent = replace(c, turn_available=False)
    assert S.turn_end(c) == {spent: 1}
    assert S.round_end(spent) == {c: 1}
    assert S.turn_end(spent) == {spent: 1}
    for fallen in (replace(c, unconscious=True), replace(c, dead=True)):
        assert S.turn_end(fallen) == {fallen: 1}
    # whole-fight odds with no defence in any attack to come: nothing to mark
    assert S.turn_end(c, None, NONE) == {c: 1} and S.turn_end(c, None, DODGE) == {spent: 1}
    with pytest.raises(RulesError):
        S.turn_end(c, None, FIST)


def test_a_spent_attacker_does_not_attack_and_a_spent_defender_is_hit_undefended():
    fresh, spent = Combatant(), Combatant(turn_available=False)
    mods, why = S.fight_blow(spent, fresh, FIST, DODGE)
    assert mods is None and [r[0] for r in why] == ["attacker"]
    mods, why = S.fight_blow(fresh, spent, FIST, DODGE)
    assert mods == NONE and [r[0] for r in why] == ["defender"]
    assert "ya ha usado su turno" in why[0][1] and "turn is already used" in why[0][2]
    assert S.fight_blow(fresh, fresh, FIST, DODGE) == (DODGE, ())
    assert S.fight_blow(fresh, fresh, FIST, DODGE, defend=False) == (NONE, ())
    assert S.fight_blow(fresh, spent, FIST, NONE) == (NONE, ())
    assert S.fight_blow(fresh, replace(fresh, unconscious=True), FIST, DODGE)[0] == NONE
    cover = Modifiers(defence="dodge", dodge_to_cover=True)
    assert (
        S.fight_blow(
            fresh, spent, Weapon(mode="ranged", category="peligrosa", ranged_type=RANGED), cover
        )[0]
        == NONE
    )
    # a direct call is never adapted: the GM's input is refused, as §3.6 says
    for call in (S.odds, S.transitions, S.resolve):
        with pytest.raises(RulesError):
            call(fresh, spent, FIST, DODGE)
    # in a fight: the blow on the spent defender is the undefended one (not skipped)
    spec = FightSpec("core_dread", (("A", "a", fresh, FIST), ("B", "b", spent, FIST)))
    one = _fight_odds(S, spec, 1, policies={}, modifiers=DODGE)
    undefended = S.transitions(fresh, spent, FIST, NONE)
    p_down = sum((p for (_a, d), p in undefended.items() if _status(d)), Fraction(0))
    assert one.p_win["a"] == p_down  # B, spent, does not strike back in its turn
    assert one.fates["A"] == {None: 1}


def test_a_spent_attackers_turn_passes_in_the_chain():
    """B dodged earlier this round (turn spent) and its turn comes: it does not strike the
    frail A (one more wound kills her); the round gives B its turn back and B strikes in
    round 2 (keeping its action, it does not dodge A's blow)."""
    frail = Combatant(magullado=3, lesionado=3, malherido=3)
    b = Combatant(turn_available=False)
    fighters = (("A", "a", frail, FIST), ("B", "b", b, FIST))
    spec = FightSpec("core_dread", fighters, ("A", "B"), 1, True)
    keep = {"B": "keep_action"}
    passed = _fight_odds(S, spec, 1, policies={}, modifiers=DODGE, defence_policies=keep)
    assert passed.p_ongoing == 1 and passed.fates["A"] == {None: 1}
    assert any("no ataca, su turno pasa" in es for es, _en in passed.notes)
    able = replace(spec, fighters=(fighters[0], ("B", "b", Combatant(), FIST)))
    assert _fight_odds(S, able, 1, policies={}, modifiers=DODGE).fates["A"]["dead"] > 0
    later = _fight_odds(S, spec, 2, policies={}, modifiers=DODGE, defence_policies=keep)
    assert later.fates["A"]["dead"] > 0


def test_the_notes_say_what_happened_in_both_languages():
    r = odds_of_fighters(S, TRIO, modifiers=DODGE, defence_policies={"Eva": "keep_action"})
    text_es = " · ".join(es for es, _ in r.notes)
    text_en = " · ".join(en for _, en in r.notes)
    assert "Defensa: quien aún no ha actuado" in text_es and "guardan su acción): Eva" in text_es
    assert "Defence: a combatant who has not acted yet" in text_en and "Eva" in text_en
    assert "A veces un defensor no puede defenderse: ya ha usado su turno" in text_es
    assert "Sometimes a defender cannot defend: the turn is already used" in text_en
    assert "modificadores elegidos" in text_es and "modifiers chosen" in text_en
    for text in (text_es, text_en):
        assert "turn_available" not in text and "when_able" not in text and "defence=" not in text
    plain = odds_of_fighters(S, TRIO)
    assert not any("Defensa" in es or "defensor" in es for es, _ in plain.notes)


def test_an_unknown_defence_policy_is_refused_plainly():
    with pytest.raises(RulesError) as err:
        odds_of_fighters(S, TRIO, defence_policy="sometimes")
    assert "política de defensa desconocida" in err.value.message("es")
    with pytest.raises(RulesError):
        odds_of_fighters(S, TRIO, defence_policies={"Nadie": "keep_action"})


# --------------------------------------------------------------------------- the tracker
def _within_6_sigma(count: int, n: int, p: Fraction) -> bool:
    q = float(p)
    return abs(count / n - q) <= 6 * math.sqrt(q * (1 - q) / n) + 1e-9


CAP = 8


def _play(fighters, n: int, seed0: int):
    """``n`` fights on the tracker as a GM plays them with the fight's dodge, target
    "first"; each fight grouped by the order its initiative gave."""
    by_order: dict = {}
    for k in range(n):
        fight = Fight(S)
        for name, side, form, weapon in fighters:
            fight.add(name, side, form, weapon)
        fight.roll_initiative(seed=seed0 + k)
        order = fight.state.order
        counts = by_order.setdefault(order, {"n": 0, "win": {}, "fates": {}})
        counts["n"] += 1
        step = 0
        while True:
            step += 1
            st = fight.state
            standing = {f.side for f in st.fighters if S.status(f.defender) is None}
            if len(standing) < 2 or st.round > CAP:
                key = (
                    next(iter(standing))
                    if len(standing) == 1
                    else ("going" if standing else "draw")
                )
                counts["win"][key] = counts["win"].get(key, 0) + 1
                for f in st.fighters:
                    fk = (f.name, S.status(f.defender))
                    counts["fates"][fk] = counts["fates"].get(fk, 0) + 1
                break
            me = st.fighter(st.current)
            if S.status(me.defender) is None:
                foe = next(
                    st.fighter(x)
                    for x in st.order
                    if st.fighter(x).side != me.side and S.status(st.fighter(x).defender) is None
                )
                if me.attacker.turn_available:
                    res = fight.attack(
                        me.name, foe.name, DODGE, seed=seed0 * 10**6 + k * 1000 + step
                    )
                    fight.apply(res, me.name, foe.name)
                else:  # it dodged this round: its turn passes (the tracker refuses an attack)
                    with pytest.raises(RulesError):
                        fight.attack(me.name, foe.name, DODGE, seed=1)
            fight.next_turn(seed=seed0 * 10**6 + k * 1000 + 500 + step)
    return by_order


def test_fights_played_on_the_tracker_agree_with_the_exact_law():
    n = 240
    by_order = _play(TRIO, n, seed0=7)
    assert sum(c["n"] for c in by_order.values()) == n
    for order, counts in by_order.items():
        spec = FightSpec("core_dread", tuple(TRIO), order, 0, True, True)
        exact = _fight_odds(S, spec, CAP, policies={}, policy="first", modifiers=DODGE)
        m = counts["n"]
        for side, p in exact.p_win.items():
            assert _within_6_sigma(counts["win"].get(side, 0), m, p), (order, side)
        assert _within_6_sigma(counts["win"].get("going", 0), m, exact.p_ongoing), order
        for name, *_ in TRIO:
            for fate in (None, "down", "dead"):
                p = exact.fates[name].get(fate, Fraction(0))
                assert _within_6_sigma(counts["fates"].get((name, fate), 0), m, p), (name, fate)


def test_the_chains_own_simulation_plays_the_same_turn_rules():
    exact = odds_of_fighters(S, TRIO, policy="first", modifiers=DODGE, rounds=CAP)
    n = 400
    sim = odds_of_fighters(
        S, TRIO, policy="first", modifiers=DODGE, rounds=CAP, method="simulate", simulations=n
    )
    assert not sim.exact
    for side, p in exact.p_win.items():
        assert _within_6_sigma(round(sim.p_win[side] * n), n, p), side
    for name, *_ in TRIO:
        for fate, p in exact.fates[name].items():
            assert _within_6_sigma(round(sim.fates[name].get(fate, 0) * n), n, p), (name, fate)
    assert any("no puede defenderse" in es for es, _ in sim.notes)


def test_the_tracker_logs_the_turn_rules_with_names_in_both_languages():
    fight = Fight(S)
    fight.add("Ana", "a", Combatant(), FIST)
    fight.add("Bruto", "b", Combatant(), FIST)
    fight.roll_initiative(seed=1)
    first, second = fight.state.order
    fight.apply(fight.attack(first, second, DODGE, seed=3), first, second)
    assert not fight.state.fighter(second).defender.turn_available  # it dodged
    entry = fight.next_turn(seed=4).entry
    assert (
        f"{first} ya ha usado su turno: no puede defenderse hasta el próximo asalto"
        in entry.text("es")
    )
    assert f"{first} has used the turn: no defence until the next round" in entry.text("en")
    assert f"{second} ya ha usado su turno de este asalto: no ataca, su turno pasa" in entry.text(
        "es"
    )
    assert f"{second} has already used the turn this round" in entry.text("en")
    with pytest.raises(RulesError) as err:
        fight.attack(second, first, DODGE, seed=5)
    assert err.value.message("es").startswith(f"{second} ya ha usado su turno")
    # round 2: both get the turn back; a second attack on the one who has acted this round
    entry = fight.next_turn(seed=6).entry
    assert f"{first} recupera su turno" in entry.text("es")
    assert f"{second} gets its turn back" in entry.text("en")
    fight.apply(fight.attack(first, second, seed=7), first, second)  # no defence
    fight.next_turn(seed=8)  # second's turn: it attacks the one who has acted (undefended)
    res = fight.attack(second, first, DODGE, seed=9)
    assert res.inputs["modifiers"].defence == "none"
    fight.apply(res, second, first)
    last = fight.log[-1]
    assert f"{first} no puede defenderse: ya ha usado su turno de este asalto" in last.text("es")
    assert f"{first} cannot defend: the turn is already used this round" in last.text("en")
    for e in fight.log:
        for lang in ("es", "en"):
            assert "turn_available" not in e.text(lang) and "fight." not in e.text(lang)
    again = Fight.from_json(fight.to_json())
    assert again.state.fighters == fight.state.fighters
    assert [e.text("es") for e in again.log] == [e.text("es") for e in fight.log]


def test_which_systems_declare_the_turn_end_and_the_fight_blow():
    """Core Dread (a turn spent defending), Tierkreis (a fumble's −2 ends with the
    fumbler's next turn) and NSd20 (an Aturdido turn is lost, and counted) declare the
    turn's end; Core Dread, Tierkreis (an empty weapon's blow is not made, #25) and NSd20
    say how a blow is made in a fight; no other does."""
    turn_end = {sid for sid in rolkit.systems() if rolkit.get_system(sid).turn_end_fn}
    fight_blow = {sid for sid in rolkit.systems() if rolkit.get_system(sid).fight_blow_fn}
    assert turn_end == {"core_dread", "tierkreis", "nsd20"}
    assert fight_blow == {"core_dread", "tierkreis", "nsd20"}


def test_a_turn_spent_and_given_back_in_the_same_step_is_not_logged():
    """Seen in Chromium: the last turn of a round is spent and the round's end gives it
    back at once; the log said «Bruto ya ha usado su turno: no puede defenderse hasta el
    próximo asalto · … · Bruto recupera su turno». Only the net change is news."""
    from rolkit.fight import Fight

    d = SYSTEM.defaults()
    fight = Fight(SYSTEM)
    fight.add("Ana", "grupo", d["attacker"], d["weapon"])
    fight.add("Bruto", "enemigos", d["defender"], d["weapon"])
    fight.roll_initiative(seed=3)
    first, last = fight.state.order
    fight.next_turn(seed=1)  # the first's turn ends: spent, logged
    assert f"{first} ya ha usado su turno" in fight.log[-1].text("es")
    fight.next_turn(seed=2)  # the last's turn ends and the round ends
    text = fight.log[-1].text("es")
    assert f"{first} recupera su turno" in text
    assert f"{last} ya ha usado su turno" not in text and f"{last} recupera" not in text


def only(law: dict) -> Combatant:
    assert sum(law.values()) == 1
    ((form, p),) = law.items()
    assert p == 1
    return form


def test_nothing_to_apply_returns_the_form_unchanged():
    for c in (
        S.defaults()["defender"],
        presets.ANA,
        presets.BRUNO,
        dataclasses.replace(presets.ANA, dead=True),
    ):
        assert only(S.round_end(c)) == c
        assert only(S.turn_start(c)) == c
    assert S.turn_start_fn is None and S.has_turn_effects
    spent_dead = dataclasses.replace(presets.ANA, dead=True, turn_available=False)
    assert only(S.round_end(spent_dead)) == spent_dead


def test_a_defence_spends_the_turn_and_the_round_end_gives_it_back():
    law = S.transitions(presets.BRUNO, presets.ANA, presets.BAT, DODGE)
    spent = [d for (_a, d) in law]
    assert spent and all(not d.turn_available for d in spent)
    with pytest.raises(RulesError):  # G23: no second defence in the same round
        S.odds(presets.BRUNO, spent[0], presets.BAT, DODGE)
    for d in spent:
        back = only(S.round_end(d))
        if d.dead:  # the dead take no more turns
            assert back is d
            continue
        assert back == dataclasses.replace(d, turn_available=True)
    dodged = [d for d in spent if dataclasses.replace(d, turn_available=True) == presets.ANA]
    assert len(dodged) == 1
    fresh = only(S.round_end(dodged[0]))
    assert fresh == presets.ANA
    assert (
        S.odds(presets.BRUNO, fresh, presets.BAT, DODGE).fate()
        == S.odds(presets.BRUNO, presets.ANA, presets.BAT, DODGE).fate()
    )


def test_it_applies_whatever_the_option():
    """Without ``defence_requires_turn`` the mark changes no rule, and is given back too."""
    off = CoreDreadOptions(defence_requires_turn=False)
    spent = dataclasses.replace(presets.ANA, turn_available=False)
    assert only(S.round_end(spent, off)) == presets.ANA


def E(name, side, **kw):  # noqa: N802 - a short constructor for the tables below
    return InitiativeEntry(name, side, Combatant(name=name, **kw))


# --------------------------------------------------------------------------- §4.3 initiative
def test_each_group_designates_a_leader_with_the_most_sentidos():
    """«cada grupo de personajes designa a una o un líder»: the member with the highest
    effective Sentidos who can act (ties: the first entered)."""
    entries = [
        E("Ana", "PJ", sentidos=5),
        E("Bruno", "PJ", sentidos=6, lesionado=1),  # 6 − 1 = 5: tie, Ana entered first
        E("Orco", "Antagonistas", sentidos=9, dead=True),
        E("Gul", "Antagonistas", sentidos=3),
        E("Zed", "Antagonistas", sentidos=4),
    ]
    leaders = choose_leaders(entries)
    assert {side: e.name for side, e in leaders.items()} == {"PJ": "Ana", "Antagonistas": "Zed"}


def test_leaders_roll_sentidos_and_the_winner_takes_the_first_turn():
    """«realizarán una tirada de Sentidos para definir qué grupo tiene la iniciativa» and
    «el personaje que lidera al grupo toma el primer turno»: Ana (SEN 5) 3 hits beats
    Zed (SEN 4) 2 hits; then the other leader, then the rest alternating by group."""
    entries = [
        E("Ana", "PJ", sentidos=5),
        E("Bruno", "PJ", sentidos=3),
        E("Zed", "Antagonistas", sentidos=4),
        E("Gul", "Antagonistas", sentidos=2),
        E("Caído", "Antagonistas", sentidos=2, unconscious=True),
    ]
    dice = ScriptedDice([1, 2, 3, 9, 9, 1, 2, 9, 9, 9])
    order, steps = fight_initiative(entries, dice)
    assert dice.remaining == 0
    assert order == ["Ana", "Zed", "Bruno", "Gul", "Caído"]
    rolls = [s for s in steps if s.label == "cd.step.initiative.roll"]
    assert [s.derived["hits"] for s in rolls] == [3, 2]
    assert [s.dice for s in rolls] == [(1, 2, 3, 9, 9), (1, 2, 9, 9, 9)]
    assert steps[-1].label == "cd.step.initiative.winner" and steps[-1].params["name"] == "Ana"


def test_equal_hits_go_to_the_higher_sentidos_without_a_reroll():
    """«Si tienen la misma cantidad de aciertos, gana quien tenga una mayor puntuación en el
    Atributo utilizado» (§1.6): Zed SEN 6 beats Ana SEN 5 on 2 hits each."""
    entries = [E("Ana", "PJ", sentidos=5), E("Zed", "Antagonistas", sentidos=6)]
    dice = ScriptedDice([1, 2, 9, 9, 9, 1, 2, 9, 9, 9])
    order, _ = fight_initiative(entries, dice)
    assert order == ["Zed", "Ana"] and dice.remaining == 0


def test_a_full_tie_is_rolled_again():
    """Spec §4.3.1: same hits and same Sentidos → the leaders roll again."""
    entries = [E("Ana", "PJ", sentidos=4), E("Zed", "Antagonistas", sentidos=4)]
    tie = [1, 2, 9, 9, 9, 3, 4, 9, 9, 9]
    dice = ScriptedDice(tie + [9, 9, 9, 9, 9, 1, 9, 9, 9, 9])
    order, steps = fight_initiative(entries, dice)
    assert order == ["Zed", "Ana"] and dice.remaining == 0
    labels = [s.label for s in steps]
    assert labels.count("cd.step.initiative.roll") == 4
    assert "cd.step.initiative.tie" in labels
    es = [i18n.t(s.label, "es", **dict(s.params)) for s in steps]
    assert "Empate total entre Ana, Zed: vuelven a tirar" in es
    assert "Tirada de Sentidos de Zed (2)" in es


def test_leaders_who_can_never_hit_do_not_roll_forever():
    """Both at effective Sentidos 0 (wounds): a reroll could never end; the first entered."""
    entries = [E("Ana", "PJ", sentidos=2, malherido=1), E("Zed", "B", sentidos=1, lesionado=1)]
    dice = ScriptedDice([5] * 10)
    order, _ = fight_initiative(entries, dice)
    assert order == ["Ana", "Zed"] and dice.remaining == 0
    assert leader_odds(entries[0].character, entries[1].character) == {"a": 1, "b": 0}


def _leader_odds_by_hand(sa: int, sb: int) -> F:
    """Independent: binomial hits (no skill), more hits or equal hits and more SEN wins,
    a full tie rolled again."""

    def law(a):
        return [F(comb(5, k) * a**k * (10 - a) ** (5 - k), 10**5) for k in range(6)]

    la, lb = law(sa), law(sb)
    win = sum(la[i] * lb[j] for i in range(6) for j in range(6) if (i, sa) > (j, sb))
    tie = sum(la[i] * lb[i] for i in range(6)) if sa == sb else F(0)
    return win / (1 - tie)


@pytest.mark.parametrize(("sa", "sb"), [(5, 4), (4, 4), (3, 7), (9, 1)])
def test_leader_odds_are_exact(sa, sb):
    odds = leader_odds(Combatant(sentidos=sa), Combatant(sentidos=sb))
    assert odds["a"] == _leader_odds_by_hand(sa, sb) and odds["a"] + odds["b"] == 1


def test_initiative_rolls_agree_with_the_exact_odds():
    """Seeded Monte Carlo, 1500 rolls, within 6σ."""
    entries = [E("Ana", "PJ", sentidos=5), E("Zed", "B", sentidos=4)]
    n = 1500
    first = sum(fight_initiative(entries, random.Random(s))[0][0] == "Ana" for s in range(n))
    p = float(leader_odds(entries[0].character, entries[1].character)["a"])
    assert abs(first / n - p) <= 6 * sqrt(p * (1 - p) / n)


def test_the_system_and_a_fight_use_the_rule():
    """«Cuando comienza un asalto, el personaje que lidera al grupo toma el primer turno»;
    initiative is rolled again only when a leader falls, not every round."""
    assert S.initiative_fn is fight_initiative and S.initiative_each_round is False
    fight = Fight(S)
    fight.add("Ana", "PJ", Combatant(name="Ana", sentidos=5))
    fight.add("Zed", "Antagonistas", Combatant(name="Zed", sentidos=4))
    state = fight.roll_initiative(seed=11)
    entries = [E("Ana", "PJ", sentidos=5), E("Zed", "Antagonistas", sentidos=4)]
    assert list(state.order) == fight_initiative(entries, random.Random(11))[0]
    for step in state.entry.steps:
        for lang in ("es", "en"):
            assert not RAW.search(i18n.t(step.label, lang, **dict(step.params)))
