"""The best move (#27, item 4): each move of the combatant to act, ranked by its side's
exact chance to win choosing best afterwards while the other side keeps its policy.

Checked against a brute-force value iteration written here apart from the chain and the
solver (floats over the enumerated states of a toy duel, from the actions' own laws), and
against :func:`rolkit.fight_odds` (the default policy's value); the best is never below
the default, and equal when there is one choice."""

import html
import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

import rolkit
from rolkit.actions import ActionContext, TurnRules
from rolkit.display.best_move import best_move_text
from rolkit.display.tables import best_move_frame
from rolkit.errors import RulesError
from rolkit.fight import Fight, fight_odds
from rolkit.fight.best_move import END, best_move
from rolkit.fight.mdp import Option, Stopped, solve
from rolkit.system import System
from tests.contract.toy_actions import SYSTEM as TOY
from tests.contract.toy_actions import Combatant


def toy_duel(system: System = TOY, ana_pv: int = 3, bruto_pv: int = 3) -> Fight:
    f = Fight(system)
    f.add("Ana", "grupo", Combatant(pv=ana_pv, pericia=2))
    f.add("Bruto", "enemigos", Combatant(pv=bruto_pv, pericia=1, defensa=1))
    f.roll_initiative(seed=1)
    return f


# an independent brute force ------------------------------------------------------------
def brute_force(fight: Fight, end_turn: bool = True) -> dict[tuple[str, str | None], float]:
    """Each first move's value by value iteration over the duel's states (forms, weapons,
    whose turn, actions taken), the side to act choosing best, the other playing the
    default policy as the rules state it (recover, else attack while the turn allows)."""
    s, st, opts = fight.system, fight.state, fight.options or fight.system.options_type()
    mods = s.defaults()["modifiers"]
    names = [f.name for f in st.fighters]
    order = [names.index(n) for n in st.order]
    assert st.current is not None
    me = names.index(st.current)
    rules, actions = s.turn_rules, s.actions
    laws: dict = {}

    def law_of(a, ctx):
        key = (a.id, ctx)
        if key not in laws:
            laws[key] = None if a.refusal(ctx) is not None else a.law(ctx)
        return laws[key]

    def out(form) -> bool:
        return s.status(form, opts) is not None

    def moves(state, best: bool):
        forms, weapons, turn, taken = state
        i = order[turn]
        nxt = (forms, weapons, (turn + 1) % 2, ())
        found = []
        if not out(forms[i]):
            for a in actions.values():
                if not rules.affordable(a, taken, actions):
                    continue
                k = i if a.target == "self" else 1 - i
                if a.target == "ally":
                    continue  # a duel: no ally
                ctx = ActionContext(forms[i], weapons[i], forms[k], mods, opts, taken, True)
                exact = law_of(a, ctx)
                if exact is None:
                    continue
                law = []
                for after, p in exact.items():
                    fs, ws = list(forms), list(weapons)
                    fs[k] = after.target
                    fs[i], ws[i] = after.actor, after.weapon
                    law.append(((tuple(fs), tuple(ws), turn, (*taken, a.id)), float(p)))
                target = None if a.target == "self" else names[k]
                found.append(((a.id, target, a.kind), law))
        if not best:  # the default policy: a recover action, else an attack, else end
            for kind in ("recover", "attack"):
                for m in found:
                    if m[0][2] == kind:
                        return [m]
            return [((END, None, ""), [(nxt, 1.0)])]
        if end_turn or not found:
            found.append(((END, None, ""), [(nxt, 1.0)]))
        return found

    def ended(state) -> bool:
        return out(state[0][0]) or out(state[0][1])

    def won(state) -> float:
        return 1.0 if out(state[0][1 - me]) and not out(state[0][me]) else 0.0

    root = (
        tuple(f.defender for f in st.fighters),
        tuple(f.weapon for f in st.fighters),
        st.turn,
        tuple(st.taken),
    )
    table, todo = {}, [root]
    while todo:
        state = todo.pop()
        if state in table:
            continue
        table[state] = moves(state, order[state[2]] == me)
        todo.extend(nxt for _m, law in table[state] for nxt, _p in law if not ended(nxt))
    # each move as (chance to win at once, [(state going on, chance)])
    compiled = {
        state: [
            (
                sum(p * won(n) for n, p in law if ended(n)),
                [(n, p) for n, p in law if not ended(n)],
            )
            for _m, law in ms
        ]
        for state, ms in table.items()
    }
    value = dict.fromkeys(table, 0.0)

    def q(move) -> float:
        return move[0] + sum(p * value[n] for n, p in move[1])

    for _sweep in range(10_000):
        delta = 0.0
        for state, ms in compiled.items():
            v = max(q(m) for m in ms)
            delta = max(delta, abs(v - value[state]))
            value[state] = v
        if delta < 1e-14:
            break
    return {(m[0], m[1]): q(c) for (m, _law), c in zip(table[root], compiled[root], strict=True)}


def by_move(b) -> dict[tuple[str, str | None], Fraction]:
    return {(m.action, m.target): m.value for m in b.moves}


# the toy duel -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def toy():
    f = toy_duel()
    return f, best_move(f)


@pytest.fixture(scope="module")
def brute(toy):
    """The toy duel's first moves by the independent value iteration."""
    return brute_force(toy[0])


def test_each_move_equals_an_independent_value_iteration(toy, brute):
    _f, b = toy
    expected = brute
    got = by_move(b)
    assert set(got) == set(expected)
    for move, v in expected.items():
        assert float(got[move]) == pytest.approx(v, abs=1e-12), move
    assert b.best.value == max(got.values())
    assert [m.value for m in b.moves] == sorted((m.value for m in b.moves), reverse=True)


def test_the_best_is_at_least_the_default_policy_of_fight_odds(toy):
    f, b = toy
    odds = fight_odds(f)
    assert b.policy_value == odds.p_win[b.side]  # the same chain, the default policy
    assert b.value >= b.default.value >= b.policy_value
    assert b.default.action == "attack" and b.default.target == "Bruto" and b.default.default
    assert b.difference == b.best.value - b.default.value >= 0


def test_in_the_middle_of_a_turn_the_rest_of_the_turn_is_chosen():
    f = toy_duel()
    ana = "Ana"
    assert f.state.current == ana
    for seed in range(1, 100):  # a blow that wounds Bruto and leaves him standing
        result = f.act(ana, "attack", "Bruto", seed=seed)
        if 0 < result.after.target.pv < 3:
            break
    f.apply_action(result, ana, "Bruto")
    b = best_move(f)
    assert f.state.taken == ("attack",)
    expected = brute_force(f)
    assert {k: pytest.approx(v, abs=1e-12) for k, v in expected.items()} == {
        k: float(v) for k, v in by_move(b).items()
    }


def test_one_choice_makes_the_best_the_default():
    """Only the attack, one a turn, and no ending a turn early: nothing to choose."""
    one = replace(
        TOY,
        id="toya1",
        actions={"attack": TOY.actions["attack"]},
        turn_rules=TurnRules({"attack": 1}, {"attack": ("ataque", "attack")}),
    )
    f = toy_duel(one)
    b = best_move(f, end_turn=False)
    assert [(m.action, m.target) for m in b.moves] == [("attack", "Bruto")]
    assert b.value == b.default.value == b.policy_value == fight_odds(f).p_win[b.side]
    assert b.difference == 0
    assert "la elección por defecto" in b.line("es")


def test_the_table_and_the_line_speak_the_gms_language(toy):
    _f, b = toy
    es, en = best_move_frame(b, "es"), best_move_frame(b, "en")
    assert list(es.columns)[:2] == ["Opción", "Victoria (%)"]
    assert "Atacar a Bruto" in set(es["Opción"]) and "Terminar el turno" in set(es["Opción"])
    assert "Terminar el turno (end the turn)" in set(en["Opción (option)"])
    assert es["Victoria (%)"].iloc[0] == pytest.approx(100 * float(b.value))
    assert b.line("es").startswith("mejor opción: ") and b.line("en").startswith("best option: ")
    for text in (b.line("es"), b.line("en"), *es["Opción"], *en["Opción (option)"]):
        assert text != "attack" and "_" not in text  # no raw id
    shown = b._repr_html_()
    assert shown is not None and "Atacar a Bruto" in shown and b.line("es") in html.unescape(shown)
    assert b.line("en") in best_move_text(b, "en")


def test_a_too_large_fight_is_refused_plainly_when_bounds_are_refused():
    f = toy_duel()
    with pytest.raises(RulesError) as err:
        best_move(f, max_nodes=10, bounds=False)
    assert "sin cálculo exacto" in err.value.message("es")
    assert "no exact best move" in err.value.message("en")
    before = Fight(TOY)
    before.add("Ana", "grupo", Combatant())
    before.add("Bruto", "enemigos", Combatant())
    with pytest.raises(RulesError, match="initiative"):
        best_move(before)
    with pytest.raises(Stopped):  # a background caller's answer no longer wanted
        best_move(f, stop=lambda: True)


# bounded answers ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def budgets(toy):
    """The toy duel bounded on its likeliest 3, 10, 30, 100 and 300 decision points (of 864)."""
    f, _b = toy
    return {n: best_move(f, max_nodes=n) for n in (3, 10, 30, 100, 300)}


def test_each_bounded_move_contains_the_exact_value(toy, budgets, brute):
    _f, exact = toy
    assert exact.exact and exact.nodes > 300
    truth = by_move(exact)
    for n, b in budgets.items():
        assert not b.exact and b.nodes == n
        assert set(by_move(b)) == set(truth)
        for m in b.moves:
            key = (m.action, m.target)
            assert m.upper is not None
            assert m.value <= truth[key] <= m.upper, (n, key)
            assert m.value - 1e-12 <= brute[key] <= m.upper + 1e-12, (n, key)
        assert b.policy_upper is not None
        assert b.policy_value <= exact.policy_value <= b.policy_upper
        assert b.default == b.moves[[m.default for m in b.moves].index(True)]


def test_the_bounds_narrow_as_the_budget_grows(budgets):
    runs = [budgets[n] for n in sorted(budgets)]
    for small, large in itertools.pairwise(runs):
        for m in small.moves:
            wider = next(x for x in large.moves if (x.action, x.target) == (m.action, m.target))
            assert m.value <= wider.value and wider.high <= m.high
    first, last = runs[0], runs[-1]
    assert last.best.high - last.best.value < (first.best.high - first.best.value) / 5


def test_bounds_that_overlap_cannot_be_told_apart(budgets):
    """With 3 decision points, ending the turn (at most 40,6 %) may beat the attack (at
    least 37,5 %): the line says they cannot be told apart; with 300 it cannot (27,5–31,8 %
    against 69,4–74,0 %): the line gives the best move's interval."""
    loose, tight = budgets[3], budgets[300]
    assert [(m.action, m.target) for m in loose.apart] == [(END, None)]
    assert loose.best.value < loose.apart[0].high
    es, en = loose.line("es"), loose.line("en")
    assert es == (
        "mejor opción: Atacar a Bruto (victoria entre 37,5 % y 100,0 %); "
        "no se puede distinguir de: Terminar el turno"
    )
    assert "cannot be told apart from: Terminar el turno (end the turn)" in en
    assert tight.apart == () and tight.best.high > tight.best.value
    assert tight.best.value > max(m.high for m in tight.moves[1:])
    assert tight.line("es").startswith("mejor opción: Atacar a Bruto (la elección por defecto;")
    assert "victoria entre " in tight.line("es") and " y " in tight.line("es")
    assert "victory between " in tight.line("en")
    text = best_move_text(tight, "es")
    assert "entre" in text and "+0,0 pp" in text  # the default against itself: exactly 0
    frame = best_move_frame(tight, "en")
    assert list(frame.columns)[1:3] == ["Victory: lower bound (%)", "Victory: upper bound (%)"]
    assert frame["Over the default (pp)"].iloc[0] == 0  # the best is the default here
    end = frame["Over the default (pp)"].iloc[1]
    assert end == pytest.approx(100 * float(tight.moves[1].value - tight.default.high))


def test_the_shown_interval_contains_the_bounds():
    """«entre» rounds the lower bound down and the upper one up."""
    from rolkit.fight.best_move import between, pp

    assert between(Fraction(1, 3), Fraction(2, 3), "es") == "entre 33,3 % y 66,7 %"
    assert between(Fraction(2, 3), Fraction(2, 3), "en") == "66.7%"
    assert between(Fraction(5, 9), None, "en") == "55.6%"
    assert (
        pp(Fraction(-1, 300), "es", "low") == "−0,4"
        and pp(Fraction(1, 300), "en", "high") == "+0.4 pp"
    )


def test_a_time_budget_of_nothing_still_answers_bounded():
    b = best_move(toy_duel(), seconds=0)
    assert not b.exact and b.nodes >= 1
    assert all(0 <= m.value <= m.high <= 1 for m in b.moves)


# real systems -------------------------------------------------------------------------
def real_duel(system_id: str) -> Fight:
    s = rolkit.get_system(system_id)
    f = Fight(s)
    d = s.defaults()
    f.add("Ana", "grupo", d["attacker"])
    f.add("Bruto", "enemigos", d["defender"])
    f.roll_initiative(seed=3)
    return f


@pytest.mark.parametrize("system_id", ["core_dread", "gore"])
def test_a_real_duel_best_is_at_least_the_default(system_id):
    f = real_duel(system_id)
    b = best_move(f)
    assert b.policy_value == fight_odds(f).p_win[b.side]
    assert b.value == max(m.value for m in b.moves) >= b.default.value >= b.policy_value
    assert sum(m.default for m in b.moves) == 1
    assert b.line("es").startswith("mejor opción: ")
    # bounded on its likeliest 400 decision points: each exact value inside its interval
    bounded = best_move(f, max_nodes=400)
    assert not bounded.exact and b.exact
    for m in bounded.moves:
        assert m.value <= by_move(b)[(m.action, m.target)] <= m.high
    assert bounded.policy_upper is not None
    assert bounded.policy_value <= b.policy_value <= bounded.policy_upper


# the solver on its own ----------------------------------------------------------------
def test_the_solver_prefers_a_way_out_of_a_loop():
    """Node 0 may loop to itself (value 0 forever) or take a ½ chance: ½; node 1 loops
    with chance ⅓ and else wins: 1."""
    half, third = Fraction(1, 2), Fraction(1, 3)
    options = [
        [Option(Fraction(0), Fraction(0), ((0, Fraction(1)),)), Option(half, Fraction(1), ())],
        [Option(1 - third, 1 - third, ((1, third),))],
    ]
    value, chosen = solve(options, 0)
    assert value[0] == half and chosen[0] == 1
    assert solve(options, 1)[0][1] == 1


# the defence as a choice ----------------------------------------------------------------
@pytest.fixture(scope="module")
def dodger():
    """Core Dread, modifiers with a dodge (a defence spends the defender's turn, §4.5):
    frail Ana second in the order, on her turn."""
    from rolkit.systems.core_dread import Modifiers
    from tests.systems.core_dread.test_turns import FIST, FRAIL_A, FRAIL_B

    f = Fight(rolkit.get_system("core_dread"))
    f.add("Bruto", "enemigos", FRAIL_B, FIST)
    f.add("Ana", "grupo", FRAIL_A, FIST)
    f.roll_initiative(seed=3)
    f.next_turn()
    assert f.state.order == ("Bruto", "Ana") and f.state.current == "Ana"
    return f, Modifiers(defence="dodge")


def test_choosing_the_defence_dominates_each_fixed_defence_policy(dodger):
    """Dodging when able, Ana never attacks and never wins (0); keeping her action she
    wins 76,3 %. Choosing blow by blow (``choose_defence``) is worth at least either fixed
    policy and does not depend on which is the default, whose value stays fight_odds'."""
    f, dodge = dodger
    keep = {"Ana": "keep_action"}
    fixed_when = best_move(f, modifiers=dodge)
    fixed_keep = best_move(f, modifiers=dodge, defence_policies=keep)
    chosen_when = best_move(f, modifiers=dodge, choose_defence=True)
    chosen_keep = best_move(f, modifiers=dodge, defence_policies=keep, choose_defence=True)
    assert fixed_when.value == 0 < fixed_keep.value
    assert by_move(chosen_when) == by_move(chosen_keep)
    for fixed in (fixed_when, fixed_keep):
        for move, v in by_move(fixed).items():
            assert by_move(chosen_when)[move] >= v
    assert chosen_when.value >= max(fixed_when.value, fixed_keep.value)
    assert chosen_when.policy_value == fight_odds(f, modifiers=dodge).p_win["grupo"] == 0
    assert chosen_keep.policy_value == fixed_keep.policy_value
    assert (
        chosen_keep.policy_value
        == fight_odds(f, modifiers=dodge, defence_policies=keep).p_win["grupo"]
    )
