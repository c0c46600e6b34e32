"""Tierkreis: the turn rules the forms now carry (#16 follow-up, task tknsd18).

* G11 ``death_timing="turn_start"`` (P9, P10 literal): a third death point from a blow
  leaves the character «dying» until its own turn starts, and dead then; the form's
  ``dead`` tells the two apart. Since the spec's revision (issue #25) this is the default;
  ``"immediate"`` (a house rule) keeps the earlier forms and fights.
* P8/T1 a fumble's −2 «hasta el final de su próximo turno» (option
  ``fumble_penalty_expires``, on by default: the spec's rule): counted per kind from 2
  (the fumble's turn) to 1 when that turn ends, and lifted when its next turn ends;
  untimed (count 0, or the option off) it stays.
* fresh forms and the untimed option change nothing (golden figures from main at c60c17e);
  the chain (exact, to the end) and the tracker (seeded, ``next_turn``) agree within 6σ in
  a fight where a fumble's −2 ends.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
from fractions import Fraction as F

import pytest

from rolkit import fields
from rolkit.fight import Fight, FightSpec, fight_odds, odds_of_fighters
from rolkit.fight.chain import Chain
from rolkit.systems import tierkreis as tk
from rolkit.systems.tierkreis.tables import FUMBLE_PENALTY_PARTS

S = tk.SYSTEM
LITERAL = tk.TierkreisOptions(death_timing="turn_start")
IMMEDIATE = tk.TierkreisOptions(death_timing="immediate")
EXPIRES = tk.TierkreisOptions(fumble_penalty_expires=True)
#: P8/T1 off (a house rule since the default follows the spec): the −2 stays until cleared.
UNTIMED = tk.TierkreisOptions(fumble_penalty_expires=False)
NPC = {"is_player": False}
BOW = tk.Weapon(name="arco", kind="ranged", damage=3)
NEW_FIELDS = ("dead", "physical_penalty_turns", "mental_penalty_turns")


def only(law: dict) -> tk.Combatant:
    assert sum(law.values()) == 1
    ((form, p),) = law.items()
    assert p == 1
    return form


def fallen(death_points: int = 0, **kw) -> tk.Combatant:
    return tk.Combatant(name="caído", pv_current=0, death_points=death_points, **kw)


def digest(x: object) -> str:
    return hashlib.sha256(str(x).encode()).hexdigest()[:20]


# --------------------------------------------------------------------------- the new fields
def spec(cls: type, name: str) -> fields.FieldSpec:
    found = fields.spec_of({f.name: f for f in dataclasses.fields(cls)}[name])
    assert found is not None, name
    return found


def test_new_fields_are_labelled_bounded_and_default_to_nothing():
    """es/en label and help (what the dashboard builds its widgets from), a range, and a
    default that changes nothing — but ``fumble_penalty_expires``, on by default: the spec's
    own rule (P8/T1 «hasta el final de su próximo turno»)."""
    for cls, name in [
        *((tk.Combatant, n) for n in NEW_FIELDS),
        (tk.TierkreisOptions, "fumble_penalty_expires"),
    ]:
        sp = spec(cls, name)
        assert all(sp.label) and all(sp.help) and sp.label[0] != sp.label[1], name
        expected = (True,) if name == "fumble_penalty_expires" else (False, 0)
        assert sp.help[0] != sp.help[1] and sp.default in expected, name
    assert (
        spec(tk.Combatant, "physical_penalty_turns").min,
        spec(tk.Combatant, "physical_penalty_turns").max,
    ) == (0, 2)
    fresh = tk.Combatant()
    assert (fresh.dead, fresh.physical_penalty_turns, fresh.mental_penalty_turns) == (False, 0, 0)
    for bad in (
        {"physical_penalty_turns": 3, "fumble_penalty": "physical"},
        {"mental_penalty_turns": -1, "fumble_penalty": "mental"},
        {"physical_penalty_turns": 1},  # a count without its −2
        {"mental_penalty_turns": 2, "fumble_penalty": "physical"},
        {"dead": True},  # dead needs 3 death points
        {"dead": True, "pv_current": 0, "death_points": 2},
    ):
        with pytest.raises(tk.TierkreisInputError):
            tk.Combatant(**bad)
    with pytest.raises(tk.TierkreisInputError) as err:
        tk.Combatant(mental_penalty_turns=1)
    assert "Pifia INT, CAR y SUE −2: turnos" in str(err.value)
    assert tk.Combatant(fumble_penalty="both", physical_penalty_turns=1, mental_penalty_turns=2)
    assert fallen(3, dead=True).dead


# --------------------------------------------------------------------------- defaults unchanged
def test_untimed_options_give_the_whole_fight_of_the_turns_actions():
    """The default duel's exact figures with the −2 untimed (``fumble_penalty_expires``
    off, the default until the option followed the spec) (sha256 of the Fraction's text). They changed with
    issue #25 (were 1 536 states, P(A wins) 9896583171…, rounds 2207d4b937… on c60c17e):
    a turn is now the rulebook's action, so a combatant knocked prone by its fumble (T1
    3–4) spends its next action standing up («debe gastar su acción … para levantarse»),
    and a fumble 9–10 gives the defender the free attack it was only told of before; the
    fight meets exactly these three actions. No state ticks ``dead`` (a fight ends when one
    side falls). Since #27 the chain keeps a fallen form that only the rules between attacks
    move by its class (:meth:`rolkit.fight.laws.Laws.settle`): 4 352 reachable states, 3 200
    once merged, the same figures. Since #27 item 3 its forms drop a fumble's mental −2,
    which no check of this fight rolls (:mod:`rolkit.systems.tierkreis.rules.canonical`): 1 088
    and 832 states, the same figures again (the system without that hook: 4 352 and 3 200)."""
    d = S.defaults()
    fighters = [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    spec = FightSpec(S.id, tuple(fighters))
    plain = dataclasses.replace(S, canonical_fn=None)
    mods = dataclasses.replace(d["modifiers"], options=UNTIMED)
    for system, (states, whole_states) in ((S, (832, 1088)), (plain, (3200, 4352))):
        r = odds_of_fighters(system, fighters, rounds_shown=0, options=UNTIMED)
        assert r.exact and r.states == states
        whole = Chain(system, spec, mods, UNTIMED, {}, merge=False)
        assert whole.explore(10_000, None) == whole_states
        assert digest(r.p_win["a"]) == "ca9cd2636b1cbea624e4"
        assert digest(r.expected_rounds()) == "c31ea48263f1de978376"
    assert "Atacar (attack), Ataque gratis (free attack), Levantarse (stand up)" in r.notes[-1][1]


def test_default_options_time_the_fumbles_minus_two_in_the_whole_fight():
    """By default a fumble's −2 ends after the fumbler's next turn (P8/T1): the default duel
    is the one with ``fumble_penalty_expires`` on, not the untimed one; the canonical forms
    (the mental −2 and its count dropped where nothing reads them) give the same exact
    figures on fewer states. Its law is checked against an independent timed icepool peer
    (VIT 1, ``test_icepool_fight``) and against the tracker (below)."""
    d = S.defaults()
    fighters = [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    plain = dataclasses.replace(S, canonical_fn=None)
    assert tk.TierkreisOptions().fumble_penalty_expires
    default = odds_of_fighters(S, fighters, rounds_shown=0)
    timed = odds_of_fighters(S, fighters, rounds_shown=0, options=EXPIRES)
    untimed = odds_of_fighters(S, fighters, rounds_shown=0, options=UNTIMED)
    full = odds_of_fighters(plain, fighters, rounds_shown=0)
    assert default.exact and full.exact
    assert default.p_win == timed.p_win == full.p_win != untimed.p_win
    assert default.expected_rounds() == full.expected_rounds()
    assert default.states < full.states


def test_untimed_after_states_and_turn_rules_never_touch_the_new_fields():
    """With the −2 untimed (option off) no blow or turn rule of the default duel sets a
    count or ``dead`` (the timed default's counts: the T1 tests below)."""
    d = S.defaults()
    mods = dataclasses.replace(d["modifiers"], options=UNTIMED)
    seen = [d["attacker"]]
    frontier = list(seen)
    for _ in range(4):  # four blows deep from the default duel, both ways
        nxt = []
        for a in frontier:
            if S.status(a) is not None:
                continue
            for (a1, d1), _p in S.transitions(a, a, d["weapon"], mods).items():
                for form in (a1, d1):
                    for rule in (S.turn_start, S.turn_end, S.round_end):
                        (after,) = rule(form)
                        assert (after.dead, after.physical_penalty_turns) == (False, 0)
                        assert after.mental_penalty_turns == 0
                    nxt.append(a1)
        frontier = list(dict.fromkeys(nxt))[:40]
    pen = tk.Combatant(fumble_penalty="both")  # untimed (count 0): stays until cleared
    assert only(S.round_end(pen)) == pen and only(S.turn_start(pen)) == pen
    assert only(S.turn_end(pen)) == pen


# --------------------------------------------------------------------------- G11 literal death
def test_g11_a_third_point_from_a_blow_is_dying_until_its_turn_starts():
    """V13 ``apply_damage(0, 2, 1, "turn_start")`` → (0, 3, unconscious); at its next turn
    start it dies («Si al iniciar un turno … 3 puntos de muerte, muere»)."""
    pc = tk.Combatant(agility=7)
    law = S.transitions(pc, fallen(2, **NPC), BOW, tk.Modifiers(options=LITERAL))
    three = {d: p for (_a, d), p in law.items() if d.death_points == 3}
    assert sum(three.values()) == F(1, 12) + F(1, 2)  # critical + hit (V22)
    (dying,) = three
    assert not dying.dead and S.status(dying, LITERAL) == "dying"
    dead = only(S.turn_start(dying, LITERAL))
    assert dead == dataclasses.replace(dying, dead=True)
    assert S.status(dead, LITERAL) == "dead" and S.status(dead) == "dead"
    assert only(S.turn_start(dead, LITERAL)) == dead  # the dead stay as they are
    assert only(S.round_end(dying, LITERAL)) == dying  # nothing at the round end


def test_g11_reaching_three_at_the_turn_start_kills_at_once_in_both_timings():
    for options in (LITERAL, IMMEDIATE, tk.TierkreisOptions()):
        after = only(S.turn_start(fallen(2), options))
        assert after.death_points == 3 and S.status(after, options) == "dead"
    assert only(S.turn_start(fallen(2), LITERAL)).dead
    assert only(S.turn_start(fallen(2))).dead  # turn_start is the default (G11 revised)
    assert not only(S.turn_start(fallen(2), IMMEDIATE)).dead  # immediate: the points say it


def test_g11_healed_before_its_turn_starts_it_lives():
    """P9 «muere al iniciar su siguiente turno, salvo que lo curen»; a healing power clears
    the death points and wakes it (0 → 2 PV)."""
    assert tk.heal(0, 3, 2, 4, still_dying=True) == (2, 0, "active")
    assert tk.heal(0, 3, 0, 4, still_dying=True) == (0, 3, "unconscious")
    assert tk.heal(0, 3, 2, 4) == (0, 3, "dead")  # dead (immediate, or ``dead`` ticked)


def test_g11_immediate_timing_is_the_earlier_rule():
    pc = tk.Combatant(agility=7)
    law = S.transitions(pc, fallen(2, **NPC), BOW, tk.Modifiers(options=IMMEDIATE))
    three = [d for (_a, d) in law if d.death_points == 3]
    assert three and all(S.status(d, IMMEDIATE) == "dead" and not d.dead for d in three)
    assert only(S.turn_start(fallen(3), IMMEDIATE)) == fallen(3)


def test_g11_the_default_is_the_turn_start():
    """The spec's revision: «Si al iniciar un turno el personaje alcanza 3 puntos de muerte,
    muere» is the default; the same blow leaves the same forms as ``LITERAL``."""
    assert tk.TierkreisOptions().death_timing == "turn_start"
    pc = tk.Combatant(agility=7)
    default = S.transitions(pc, fallen(2, **NPC), BOW, tk.Modifiers())
    assert default == S.transitions(pc, fallen(2, **NPC), BOW, tk.Modifiers(options=LITERAL))
    three = [d for (_a, d) in default if d.death_points == 3]
    assert three and all(S.status(d) == "dying" for d in three)


def test_g11_a_dead_defender_stays_dead_under_any_blow():
    dead = fallen(3, dead=True, **NPC)
    odds = S.odds(tk.Combatant(agility=7), dead, BOW, tk.Modifiers(options=LITERAL))
    assert odds.fate() == {"dead": 1}


def test_g11_a_fight_where_the_dying_die_at_their_turn_start():
    """B (1 PV) against A1 (1 PV) and A2 (3 death points, dying), order B, A1, A2, every
    blow at the first foe able to act, unarmed (target 6). A blow ends the fight with
    q = 1/2 (a hit or critical drops a 1-PV target) + 1/72 (the fumble's 11–12 drops the
    attacker), so it goes on with 35/72. B's fumble 3–4 (1/72) leaves it prone, and A1's
    melee blow at a prone B gets +1 (P12: goes on with 1 − 7/12 − 1/72 = 29/72); B's
    fumble 9–10 (1/72) gives A1 a free attack after its own (T1): the two go on with
    (30·35 + 35 + 41 + 47 + 35 + 35)/72² = 1243/5184 (after A1's first blow missed, 30/72,
    or fumbled: 1–2, 7–8, 9–10 change nothing for the second blow; 3–4 leaves A1 prone,
    −1 from the ground: target 5, goes on with 41/72; 5–6 its −2: target 4, 47/72). A2
    dies at its turn start only if no blow ended the fight:
    (33/72)(35/72) + (1/72)(29/72) + (1/72)(1243/5184) = 86491/373248; else «dying»."""
    one = tk.Combatant(pv_current=1)
    a2 = fallen(3)
    fighters = (
        ("B", "b", one, tk.UNARMED),
        ("A1", "a", one, tk.UNARMED),
        ("A2", "a", a2, tk.UNARMED),
    )
    spec = FightSpec("tierkreis", fighters, order=("B", "A1", "A2"), initiative_rolled=True)
    two = (30 * 35 + 35 + 41 + 47 + 35 + 35) / F(72 * 72)
    dies = F(33, 72) * F(35, 72) + F(1, 72) * (1 - F(7, 12) - F(1, 72)) + F(1, 72) * two
    assert dies == F(86491, 373248)
    literal = fight_odds(spec, options=LITERAL, policy="first", system=S)
    assert literal.exact
    assert literal.fates["A2"] == {"dying": 1 - dies, "dead": dies}
    assert fight_odds(spec, policy="first", system=S).fates["A2"] == literal.fates["A2"]
    immediate = fight_odds(spec, options=IMMEDIATE, policy="first", system=S)
    assert immediate.fates["A2"] == {"dead": 1}  # 3 points: dead from the start
    assert literal.p_win == immediate.p_win  # the timing changes fates, not who wins


# --------------------------------------------------------------------------- P8 fumble −2
PC = tk.Combatant(agility=7)


def fumbled(kind: str, options: tk.TierkreisOptions = EXPIRES) -> tk.Combatant:
    law = S.transitions(PC, tk.Combatant(**NPC), BOW, tk.Modifiers(options=options))
    rows = [(a, p) for (a, _d), p in law.items() if a.fumble_penalty == kind]
    ((a, p),) = rows
    assert p == F(1, 72)  # V22: each fumble effect 1/72
    return a


def test_t1_a_timed_fumble_starts_the_count_at_two():
    phys, ment = fumbled("physical"), fumbled("mental")
    assert (phys.physical_penalty_turns, phys.mental_penalty_turns) == (2, 0)
    assert (ment.physical_penalty_turns, ment.mental_penalty_turns) == (0, 2)
    default = fumbled("physical", tk.TierkreisOptions())
    assert default == phys  # the spec's timed −2 is the default (P8/T1)
    off = fumbled("physical", UNTIMED)
    assert off.physical_penalty_turns == 0  # option off: the untimed −2


def test_t1_the_minus_two_lasts_to_the_end_of_its_next_turn():
    """Fumble in turn N (count 2): its end leaves count 1, still at −2, through the
    others' turns and its whole turn N+1 (AGI 7 → target 5: crit 1/12 + hit 4/12); the
    end of turn N+1 lifts it (target 7: crit 1/12 + hit 1/2, V22). The round's end and
    the turn's start change nothing."""
    a = fumbled("physical")
    npc = tk.Combatant(**NPC)
    assert only(S.round_end(a)) == a and only(S.turn_start(a)) == a
    nxt = only(S.turn_end(a))  # the fumble's own turn ends
    assert nxt == dataclasses.replace(a, physical_penalty_turns=1)
    assert only(S.round_end(nxt)) == nxt and only(S.turn_start(nxt)) == nxt
    assert tk.check_target(nxt, "AGI").target == 5
    assert S.odds(nxt, npc, BOW, tk.Modifiers()).p_hit == F(5, 12)
    clear = only(S.turn_end(nxt))  # its next turn ends
    assert clear == dataclasses.replace(a, fumble_penalty="none", physical_penalty_turns=0)
    assert S.odds(clear, npc, BOW, tk.Modifiers()).p_hit == F(7, 12)
    assert clear == PC  # back to the form before the fumble


def test_t1_both_penalties_end_each_at_its_own_time():
    a = tk.Combatant(fumble_penalty="both", physical_penalty_turns=1, mental_penalty_turns=2)
    after = only(S.turn_end(a))
    assert (after.fumble_penalty, after.physical_penalty_turns, after.mental_penalty_turns) == (
        "mental",
        0,
        1,
    )
    last = only(S.turn_end(after))
    assert (last.fumble_penalty, last.physical_penalty_turns, last.mental_penalty_turns) == (
        "none",
        0,
        0,
    )
    # an untimed −2 (count 0) beside a timed one stays when the timed one ends
    mixed = tk.Combatant(fumble_penalty="both", physical_penalty_turns=0, mental_penalty_turns=1)
    assert only(S.turn_end(mixed)).fumble_penalty == "physical"
    # a second physical fumble while the first is in its last turn starts it again
    again = tk.Combatant(agility=7, fumble_penalty="physical", physical_penalty_turns=1)
    law = S.transitions(again, tk.Combatant(**NPC), BOW, tk.Modifiers(options=EXPIRES))
    restarted = [a1 for (a1, _d) in law if a1.physical_penalty_turns == 2]
    assert restarted and all(a1.fumble_penalty == "physical" for a1 in restarted)


def test_t1_the_tracker_applies_the_fumble_count_through_its_attack():
    """``Fight.attack`` with the option in the modifiers leaves the count (``after``)."""
    fight = Fight(S)
    fight.add("A", "a", PC, BOW)
    fight.add("B", "b", tk.Combatant(**NPC), BOW)
    mods = tk.Modifiers(options=EXPIRES)
    for seed in range(1, 4000):
        res = fight.attack("A", "B", mods, seed=seed)
        if res.outcome.fumble_effect == "physical_minus_2":
            break
    after = S.after(res)["attacker"]
    assert (after.fumble_penalty, after.physical_penalty_turns) == ("physical", 2)


def test_turn_rules_laws_sum_to_one_over_every_count():
    for pen in ("none", "physical", "mental", "both"):
        for p in range(3):
            for m in range(3):
                if (p and pen not in ("physical", "both")) or (m and pen not in ("mental", "both")):
                    continue
                c = tk.Combatant(
                    fumble_penalty=pen, physical_penalty_turns=p, mental_penalty_turns=m
                )
                for rule in (S.turn_start, S.turn_end, S.round_end):
                    law = rule(c)
                    assert sum(law.values()) == 1 and len(law) == 1
                after = only(S.turn_end(only(S.turn_end(c))))  # two own turns end
                assert (after.physical_penalty_turns, after.mental_penalty_turns) == (0, 0)
                assert ("physical" in FUMBLE_PENALTY_PARTS[after.fumble_penalty]) == (
                    "physical" in FUMBLE_PENALTY_PARTS[pen] and p == 0
                )


# --------------------------------------------------------------------------- chain vs tracker
def _within_6_sigma(count: int, n: int, p: F) -> bool:
    q = float(p)
    return abs(count / n - q) <= 6 * math.sqrt(q * (1 - q) / n) + 1e-9


def _duel(count: int = 2) -> Fight:
    """Ana (AGI 3) fumbled a 5–6 in her last turn: −2 FUE/AGI/VIT (target 1: only a
    critical hits) with its count at 2; Bo (AGI 5). Default options."""
    fight = Fight(S)
    ana = tk.Combatant(
        name="Ana",
        agility=3,
        strength=3,
        pv_current=3,
        fumble_penalty="physical",
        physical_penalty_turns=count,
    )
    fight.add("Ana", "a", ana, tk.UNARMED)
    fight.add("Bo", "b", tk.Combatant(name="Bo", agility=5, strength=3, pv_current=3), tk.UNARMED)
    fight.roll_initiative(seed=3)  # one order for every fight (no turn rule draws dice)
    return fight


def test_the_chain_and_the_tracker_agree_where_a_fumble_penalty_ends():
    """The count on the form acts under any options (the tracker gives the defaults):
    Ana's −2 (count 2: her fumble's turn has not ended) lasts until her next turn ends.
    The exact chain to the end (P(Ana wins) well above the −2 that stayed, count 0) and 600 seeded fights on
    the tracker (``attack``/``apply``, ``next_turn(seed)`` playing the turn rules) agree
    within 6σ (σ ≈ 0.018) on who wins and how each ends."""
    exact = fight_odds(_duel(), policy="first")
    assert exact.exact
    stays = fight_odds(_duel(count=0), policy="first")
    assert exact.p_win["a"] - stays.p_win["a"] > F(1, 10)  # the rule acts
    n = 600
    counts: dict = {}
    expired = 0
    for k in range(n):
        fight = _duel()
        for step in range(1000):
            st = fight.state
            standing = {f.side for f in st.fighters if S.status(f.defender) is None}
            if len(standing) < 2:
                side = next(iter(standing), "draw")
                counts[side] = counts.get(side, 0) + 1
                for f in st.fighters:
                    counts[(f.name, S.status(f.defender))] = (
                        counts.get((f.name, S.status(f.defender)), 0) + 1
                    )
                break
            me = st.fighter(st.current)
            if S.status(me.defender) is None:
                foe = next(f for f in st.fighters if f.side != me.side)
                res = fight.attack(me.name, foe.name, seed=10**6 * k + step)
                fight.apply(res, me.name, foe.name)
                if len({f.side for f in fight.state.fighters if S.status(f.defender) is None}) < 2:
                    continue
            before = fight.state.fighter("Ana").defender.fumble_penalty
            fight.next_turn(seed=10**6 * k + 5000 + step)
            expired += (
                before == "physical"
                and fight.state.fighter("Ana").defender.fumble_penalty == "none"
            )
        else:
            raise AssertionError("a fight that does not end")
    assert expired > n // 2  # Ana's −2 ended on the tracker in most fights
    for side in ("a", "b"):
        assert _within_6_sigma(counts.get(side, 0), n, exact.p_win[side]), side
    assert counts.get("draw", 0) == 0 and exact.p_draw == 0
    for name in ("Ana", "Bo"):
        for fate in (None, "down", "dying", "dead"):
            p = exact.fates[name].get(fate, F(0))
            assert _within_6_sigma(counts.get((name, fate), 0), n, p), (name, fate)


def test_to_the_end_with_expiring_fumbles_the_chain_solves_it_exactly():
    """A −2 that ends can bring a duel back to a state of two rounds before (fumble, then
    the same forms again): the chain solves those round starts as one exact linear
    system. It matches the exact 60-round horizon to within what is still going then
    (below 1e-12), for each side's win and for a draw."""
    d = S.defaults()
    fighters = [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    horizon = odds_of_fighters(S, fighters, rounds=60, options=EXPIRES)
    assert horizon.exact and horizon.p_ongoing < F(1, 10**12)
    end = odds_of_fighters(S, fighters, rounds_shown=0, options=EXPIRES)
    assert end.exact and end.reason is None
    for side in ("a", "b"):
        assert 0 <= end.p_win[side] - horizon.p_win[side] <= horizon.p_ongoing
    assert sum(end.p_win.values()) + end.p_draw == 1
