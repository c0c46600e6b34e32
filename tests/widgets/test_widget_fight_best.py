"""The Combate tab's «mejor opción» line (#27, item 4): after every change it shows the best
move of the state on screen — checked against rolkit.best_move of that state computed
apart — says «calculando…» while it works, speaks the GM's language, says «sin cálculo
exacto» past its bound and is empty once the fight is over. On the contract's toy system
(a small duel: a second or two)."""

import html
from fractions import Fraction

import pytest

from rolkit.fight import FightSpec
from rolkit.fight.best_move import BestMove, Move, best_move
from rolkit.fight.mdp import Stopped
from tests.contract.toy_actions import SYSTEM as TOY
from tests.contract.toy_actions import Combatant
from widgets import fight as fight_tab
from widgets.app import Dashboard
from widgets.fight_best import BestLine, BestRequest


@pytest.fixture(autouse=True)
def _no_wall_clock_bound(monkeypatch):
    """The line's exploring stops after BEST_SECONDS of wall-clock time: on a loaded machine
    (load ~8, two workers) the toy duel once ran past 15 s and showed bounds where these
    tests compare with the exact ``best_move`` computed apart (a flake, not a bug). The
    bounded path is tested by its node bound (BEST_MAX_NODES), which is not a clock."""
    monkeypatch.setattr(fight_tab, "BEST_SECONDS", 600.0)


def toy_duel_panel():
    d = Dashboard(system="toya", registry={"toya": TOY})
    p = next(panel for panel in d.panels if panel.name == "fight")
    p.fight.add("Ana", "grupo", Combatant(pv=3, pericia=2))
    p.fight.add("Bruto", "enemigos", Combatant(pv=3, pericia=1, defensa=1))
    seen: list[str] = []
    p.best.widget.observe(lambda change: seen.append(change["new"]), "value")
    p.seed_box.text.value = "1"
    p.initiative_button.click()
    return p, seen


def shown(p) -> str:
    p.best.wait()
    return html.unescape(p.best.widget.value)


def test_the_line_is_the_best_move_of_the_state_on_screen_never_stale():
    p, seen = toy_duel_panel()
    assert any("calculando…" in v for v in seen)  # said while it worked
    expected = best_move(p.fight)
    assert expected.line("es") in shown(p) and p.best.best == expected
    assert shown(p).startswith("<p") and "mejor opción: Atacar a Bruto" in shown(p)
    # Ana attacks once: the line follows the rest of her turn
    p.seed_box.text.value = "7"
    p.roll_button.click()
    p.apply_button.click()
    assert p.fight.state.taken == ("attack",) and p.fight.state.current == "Ana"
    after = best_move(p.fight)
    assert after.line("es") in shown(p) and p.best.best == after
    # undo: the earlier state's line, at once (known)
    p.undo_button.click()
    assert p.best.best == expected and expected.line("es") in html.unescape(p.best.widget.value)
    # the GM's language
    p.state.lang = "en"
    p.set_language("en")
    assert expected.line("en") in shown(p) and "mejor" not in shown(p)


def test_too_large_is_bounded_and_a_fight_over_shows_nothing(monkeypatch):
    """Past its bound the line gives the best move's interval («entre … y …»), or says
    which moves cannot be told apart — the bounded best_move of that state, computed apart."""
    monkeypatch.setattr(fight_tab, "BEST_MAX_NODES", 5)
    p, seen = toy_duel_panel()
    text = shown(p)
    expected = best_move(p.fight, max_nodes=5)
    assert not expected.exact and p.best.best == expected
    assert any("calculando…" in v for v in seen)
    assert expected.line("es") in text and "entre " in text and " y " in text
    assert "Traceback" not in text and "BEST_MAX_NODES" not in text
    p.state.lang = "en"
    p.set_language("en")
    assert expected.line("en") in shown(p) and "between " in shown(p)
    for seed in range(1, 200):  # play until the fight is over
        if fight_tab.fight_over(p.fight) is not None:
            break
        p.seed_box.text.value = str(seed)
        if p.roll_button.disabled:
            p.next_button.click()
            continue
        p.roll_button.click()
        p.apply_button.click()
    assert fight_tab.fight_over(p.fight) is not None
    assert p.best.widget.value == "" and p.best.best is None


def test_a_refusal_is_said_plainly():
    """A state the best move cannot answer (here: bounds refused past 5 decision points)
    shows the refusal's own words, in the GM's language."""

    def refuse(spec, taken, system, stop):
        return best_move(spec, taken=taken, system=system, max_nodes=5, bounds=False)

    line = BestLine(refuse)
    p, _seen = toy_duel_panel()
    line.show(BestRequest(FightSpec.of(p.fight), (), TOY, "es"))
    line.wait()
    assert "sin cálculo exacto" in shown_line(line) and line.best is None
    line.show(BestRequest(FightSpec.of(p.fight), (), TOY, "en"))  # known: at once
    assert "no exact best move" in shown_line(line)


def test_the_line_gives_way_to_the_victory_odds_and_starts_again():
    """While the victory odds are solved (``busy``) the solve stops; the request, still
    the newest, is solved again once they are done (``before``)."""
    move = Move("attack", ("Atacar", "Atacar (attack)"), "Bruto", Fraction(3, 4), True)
    answer = BestMove("toya", "Ana", "grupo", (move,), move, Fraction(3, 4), 1)
    busy, calls = [True], []

    def solve(spec, taken, system, stop):
        calls.append(stop())
        if stop():
            raise Stopped()
        return answer

    line = BestLine(
        solve, before=lambda: calls and busy.__setitem__(0, False), busy=lambda: busy[0]
    )
    line.show(BestRequest(FightSpec("toya", ()), (), TOY, "es"))
    assert line.wait() == answer and calls == [True, False]
    assert "mejor opción: Atacar a Bruto (la elección por defecto)" in shown_line(line)


def shown_line(line) -> str:
    return html.unescape(line.widget.value)
