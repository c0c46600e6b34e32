"""Whole-fight odds (#16 item 2), on the toy system with a wound track:

* the exact law of a 1v1 fight to the end equals the same fight written independently as
  an icepool absorbing Markov chain (``icepool.map(step, state, repeat='inf')``);
* 2-against-1 fights played through the real fight tracker (``Fight.attack`` + ``apply``,
  seeded) agree with the exact law within 6σ, for both target policies;
* horizons are consistent (wins grow with the horizon up to the law to the end; every
  probability adds up to 1); the current turn of a fight on screen is respected;
* past the state bound the result is simulated and says so; a fight that can never end,
  bad setups and a system without the law give plain answers.
"""

from __future__ import annotations

import math
from fractions import Fraction

import icepool
import pytest

from rolkit import RulesError
from rolkit.fight import Fight, FightSpec, odds_of_fighters
from rolkit.fight.odds import _fight_odds
from tests.contract.toy_fight import SYSTEM as TOY
from tests.contract.toy_fight import Combatant, Weapon

D4 = Weapon("1D4")


def duel(ana: Combatant, bruto: Combatant, **kw):
    fighters = [("Ana", "Jugadores", ana, D4), ("Bruto", "Monstruos", bruto, D4)]
    return odds_of_fighters(TOY, fighters, **kw)


# --------------------------------------------------------------------------- icepool oracle
def _icepool_attack(att_per: int, d_pv: int) -> icepool.Die:
    """The toy's blow, written from its rules: 1d6 + Pericia ≥ 4 hits for 1d4 (+1 on a
    6); a 1 tires the attacker (Pericia − 1). Outcomes: (attacker Pericia, defender PV)."""

    def blow(face: int, rolled: int) -> tuple[int, int]:
        hit = face + att_per >= 4
        dmg = rolled + (1 if face == 6 else 0) if hit else 0
        per = att_per - 1 if face == 1 and att_per > 0 else att_per
        return per, d_pv - dmg

    return icepool.map(blow, icepool.d6, icepool.d4)


def _icepool_round(state: tuple[int, int, int, int]):
    pv_a, per_a, pv_b, per_b = state
    if pv_a <= 0 or pv_b <= 0:
        return state

    def after_ana(r: tuple[int, int]):
        per_a2, pv_b2 = r
        if pv_b2 <= 0:
            return (pv_a, per_a2, pv_b2, per_b)
        return _icepool_attack(per_b, pv_a).map(lambda r2: (r2[1], per_a2, pv_b2, r2[0]))

    return _icepool_attack(per_a, pv_b).map(after_ana)


def test_a_duel_to_the_end_equals_the_icepool_absorbing_chain():
    ana, bruto = Combatant(pv=4, pericia=2), Combatant(pv=5, pericia=1)
    chain = icepool.map(_icepool_round, (4, 2, 5, 1), repeat="inf")
    den = chain.denominator()
    p_ana = Fraction(sum(q for s, q in chain.items() if s[2] <= 0), den)
    p_bruto = Fraction(sum(q for s, q in chain.items() if s[0] <= 0), den)
    ours = duel(ana, bruto, rounds=None)
    assert ours.exact
    assert ours.p_win == {"Jugadores": p_ana, "Monstruos": p_bruto}
    assert ours.p_draw == 0 and ours.p_ongoing == 0
    dead = Fraction(sum(q for s, q in chain.items() if s[0] <= -3), den)
    assert ours.p_dead("Ana") == dead


# --------------------------------------------------------------------------- the tracker
def _simulate_with_the_tracker(fighters, policy: str, n: int, seed0: int):
    """Play ``n`` fights with the real tracker; the policy written again, independently."""
    wins = {"Jugadores": 0, "Monstruos": 0}
    ended_round1 = 0
    for k in range(n):
        fight = Fight(TOY)
        for name, side, form, weapon in fighters:
            fight.add(name, side, form, weapon)
        fight.roll_initiative(seed=1)  # the toy has no initiative: order of entry
        rnd, last_blow = 1, 0
        while True:
            st = fight.state
            standing = {f.side for f in st.fighters if TOY.status(f.defender) is None}
            if len(standing) < 2:
                wins[next(iter(standing))] += 1
                ended_round1 += last_blow == 1
                break
            me = st.fighter(st.current)
            if TOY.status(me.defender) is None:
                foes = [
                    st.fighter(n2)
                    for n2 in st.order
                    if st.fighter(n2).side != me.side
                    and TOY.status(st.fighter(n2).defender) is None
                ]
                if policy == "weakest":
                    chances = [fight.odds(me.name, f.name).p_down for f in foes]
                    target = foes[chances.index(max(chances))]
                else:
                    target = foes[0]
                res = fight.attack(me.name, target.name, seed=seed0 + 7919 * k + rnd * 31 + st.turn)
                fight.apply(res, me.name, target.name)
                last_blow = rnd
            before = fight.state.round
            fight.next_turn()
            rnd += fight.state.round != before
    return wins, ended_round1


@pytest.mark.parametrize("policy", ["weakest", "first"])
def test_two_against_one_agrees_with_fights_played_on_the_tracker(policy):
    fighters = [
        ("Ana", "Jugadores", Combatant(pv=3, pericia=1), D4),
        ("Bea", "Jugadores", Combatant(pv=5, pericia=0), D4),
        ("Bruto", "Monstruos", Combatant(pv=7, pericia=2), Weapon("1D6")),
    ]
    exact = odds_of_fighters(TOY, fighters, rounds=None, policy=policy)
    assert exact.exact
    n = 300
    wins, ended_round1 = _simulate_with_the_tracker(fighters, policy, n, seed0=11)
    for side, count in wins.items():
        p = float(exact.p_win[side])
        sigma = math.sqrt(p * (1 - p) / n)
        assert abs(count / n - p) <= 6 * sigma + 1e-9, (side, count / n, p)
    p1 = float(exact.rounds_law.get(1, 0))
    assert abs(ended_round1 / n - p1) <= 6 * math.sqrt(p1 * (1 - p1) / n) + 1e-9


def test_the_policies_choose_different_targets():
    """Bruto (weakest) goes for whoever it is likelier to drop: with Ana at 1 PV, Ana."""
    fighters = [
        ("Bea", "Jugadores", Combatant(pv=9), D4),
        ("Ana", "Jugadores", Combatant(pv=1), D4),
        ("Bruto", "Monstruos", Combatant(pv=12, pericia=3), D4),
    ]
    weakest = odds_of_fighters(TOY, fighters, rounds=1, policy="weakest")
    first = odds_of_fighters(TOY, fighters, rounds=1, policy="first")
    assert weakest.p_out("Ana") > 0 and weakest.p_out("Bea") == 0
    assert first.p_out("Ana") == 0
    per = odds_of_fighters(TOY, fighters, rounds=1, policies={"Bruto": "first"})
    assert per.p_win == first.p_win and per.fates == first.fates


# --------------------------------------------------------------------------- horizons
def test_horizons_add_up_and_grow_to_the_law_to_the_end():
    ana, bruto = Combatant(pv=4, pericia=2), Combatant(pv=5)
    end = duel(ana, bruto, rounds=None)
    previous = Fraction(0)
    for n in (1, 2, 4, 8):
        r = duel(ana, bruto, rounds=n)
        total = sum(r.p_win.values()) + r.p_draw + r.p_ongoing
        assert total == 1
        assert sum(r.rounds_law.values()) == sum(r.p_win.values()) + r.p_draw
        assert max(r.rounds_law) <= n
        won = r.p_win["Jugadores"]
        assert previous <= won <= end.p_win["Jugadores"] <= won + r.p_ongoing
        previous = won
        for name in ("Ana", "Bruto"):
            assert sum(r.fates[name].values()) == 1
    assert sum(end.rounds_law.values()) + end.p_later == 1
    unwalked = duel(ana, bruto, rounds=None, rounds_shown=0)
    assert unwalked.rounds_law == {} and unwalked.p_later == 1
    assert (unwalked.p_win, unwalked.fates, unwalked.mean_rounds) == (
        end.p_win,
        end.fates,
        end.mean_rounds,
    )
    shown = sum(k * p for k, p in end.rounds_law.items())
    assert end.mean_rounds is not None and end.mean_rounds > shown


def test_the_current_turn_of_the_fight_on_screen_is_respected():
    """Mid-round, with Bruto to act, the chain starts with Bruto's blow: the same law as
    the duel with Bruto first."""
    fight = Fight(TOY)
    fight.add("Ana", "Jugadores", Combatant(pv=4, pericia=2), D4)
    fight.add("Bruto", "Monstruos", Combatant(pv=5), D4)
    fight.roll_initiative(seed=3)
    fight.next_turn()
    assert fight.state.current == "Bruto"
    mid = _fight_odds(TOY, FightSpec.of(fight), None, policies={})
    spec = FightSpec(
        "toyf",
        (
            ("Bruto", "Monstruos", Combatant(pv=5), D4),
            ("Ana", "Jugadores", Combatant(pv=4, pericia=2), D4),
        ),
    )
    bruto_first = _fight_odds(TOY, spec, None, policies={})
    assert mid.p_win == bruto_first.p_win
    a_first = duel(Combatant(pv=4, pericia=2), Combatant(pv=5), rounds=None)
    assert mid.p_win != a_first.p_win
    assert mid.notes[0][0].startswith("Orden: la iniciativa tirada")


def test_an_applied_blow_changes_the_odds():
    fight = Fight(TOY)
    fight.add("Ana", "Jugadores", Combatant(pv=4, pericia=2), D4)
    fight.add("Bruto", "Monstruos", Combatant(pv=5), D4)
    fight.roll_initiative(seed=3)
    before = _fight_odds(TOY, FightSpec.of(fight), None, policies={})
    for seed in range(200):
        res = fight.attack("Ana", "Bruto", seed=seed)
        if res.view.damage >= 3:
            break
    fight.apply(res, "Ana", "Bruto")
    fight.next_turn()
    after = _fight_odds(TOY, FightSpec.of(fight), None, policies={})
    assert after.p_win["Jugadores"] > before.p_win["Jugadores"]


# --------------------------------------------------------------------------- bounds
def test_past_the_state_bound_it_simulates_and_says_so():
    """Past the bound a horizon of rounds, or a simulation asked for, is simulated and
    says so (to the end, past the bound, is bounded: tests/core/fight/test_bounds.py)."""
    ana, bruto = Combatant(pv=4, pericia=2), Combatant(pv=5)
    exact = duel(ana, bruto, rounds=None)
    sim = duel(ana, bruto, rounds=None, max_states=10, simulations=4000, seed=5, seconds=0)
    assert not sim.exact and sim.n == 4000 and sim.states == 0
    assert sim.label("es").startswith("simulado, n = 4\u202f000, ± ")
    assert sim.label("en").startswith("simulated, n = 4\u202f000, ± ")
    assert "10" in sim.reason[0] and "estados" in sim.reason[0]
    p, q = float(exact.p_win["Jugadores"]), float(sim.p_win["Jugadores"])
    assert abs(p - q) <= 6 * math.sqrt(p * (1 - p) / 4000)
    assert sim.margin == pytest.approx(1.96 * math.sqrt(0.25 / 4000), rel=0.05)
    again = duel(ana, bruto, rounds=None, max_states=10, simulations=4000, seed=5, seconds=0)
    assert again.p_win == sim.p_win
    with pytest.raises(RulesError) as err:
        duel(ana, bruto, rounds=None, max_states=10, method="exact")
    assert "simúlalo" in err.value.message("es")
    asked = duel(ana, bruto, rounds=3, method="simulate", simulations=500)
    assert not asked.exact and asked.reason[1] == "simulation asked for"


def test_a_fight_nobody_can_win_never_ends_and_says_so():
    wall = Combatant(pv=4, pericia=0, defensa=3)
    r = duel(wall, wall, rounds=None)
    assert r.p_ongoing == 1 and r.p_win == {"Jugadores": 0, "Monstruos": 0}
    assert r.mean_rounds is None
    assert "no acaba nunca" in r.describe()


def test_bad_setups_get_plain_messages():
    one_side = [("Ana", "Jugadores", Combatant(), D4), ("Bea", "Jugadores", Combatant(), D4)]
    with pytest.raises(RulesError) as err:
        odds_of_fighters(TOY, one_side)
    assert "dos bandos" in err.value.message("es")
    pair = [("Ana", "A", Combatant(), D4), ("Bruto", "B", Combatant(), D4)]
    with pytest.raises(RulesError):
        odds_of_fighters(TOY, pair, policy="random")
    with pytest.raises(RulesError):
        odds_of_fighters(TOY, pair, rounds=0)
    with pytest.raises(RulesError):
        odds_of_fighters(TOY, pair, policies={"Nadie": "first"})
    from tests.contract.toy import SYSTEM as NO_LAW

    with pytest.raises(RulesError):
        odds_of_fighters(NO_LAW, pair)


def test_the_display_names_sides_fates_and_the_method():
    r = duel(Combatant(pv=4, pericia=2), Combatant(pv=5), rounds=None)
    text = r.describe()
    assert text.startswith("Probabilidad de victoria: Jugadores 57,6 % · Monstruos 42,4 %")
    assert "exacto" in text and "Bruto" in text
    html = r._repr_html_()
    assert "rolkit-victory" in html and "rolkit-rounds" in html and "Traceback" not in html
    assert "| Ana | Jugadores |" in r._repr_markdown_()
