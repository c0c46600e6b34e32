"""The Combate tab offers the acting combatant's actions (issue 25, item 7): an action
dropdown from ``Fight.actions_for`` and its targets, «Tirar» takes it (``Fight.act``),
«aplicar» carries it (``Fight.apply_action``), the log names it, the turn's budget is
respected, and the cards show ``System.conditions``. Driven on the contract's toy system
(two attacks and one movement a turn; Auxiliar, Levantarse) and checked against an
independent ``rolkit.fight.Fight`` run with the same seeds."""

from dataclasses import replace

from rolkit.fight import Fight
from tests.contract.toy_actions import SYSTEM as TOY
from widgets.app import Dashboard


def toy_panel(fallen=False, prone=False):
    """Ana and Caída (grupo) against Bruto; Caída already down and Bruto already prone
    when asked (their forms given to the fight as they join)."""
    d = Dashboard(system="toya", registry={"toya": TOY})
    p = next(panel for panel in d.panels if panel.name == "fight")
    base = TOY.defaults()["attacker"]
    joins = (
        ("Ana", "grupo", base),
        ("Caída", "grupo", replace(base, pv=-1) if fallen else base),
        ("Bruto", "enemigos", replace(base, derribado=True) if prone else base),
    )
    for name, side, form in joins:
        p.fight.add(name, side, form)
    p.seed_box.text.value = "3"
    p.initiative_button.click()
    for _ in range(3):  # Ana's turn
        if p.fight.state.current == "Ana":
            break
        p.next_button.click()
    return p


def reference(p):
    ref = Fight(TOY)
    for f in p.fight.history[1 : len(p.fight.state.fighters) + 1]:
        new = f.fighters[-1]
        ref.add(new.name, new.side, new.attacker, new.weapon)
    for state in p.fight.history[len(p.fight.state.fighters) + 1 : p.fight.cursor + 1]:
        if state.entry.kind == "initiative":
            ref.roll_initiative(state.entry.seed)
        else:
            ref.next_turn(state.entry.seed)
    assert ref.state.fighters == p.fight.state.fighters and ref.state.current == "Ana"
    return ref


def labels(box):
    return [label for label, _value in box.options]


def test_the_actions_of_the_turn_are_offered_taken_and_logged():
    p = toy_panel()
    ref = reference(p)
    me = "Ana"
    assert p.attacker.value == me
    offered = [a.action.id for a in ref.actions_for(me)]
    assert [v for _l, v in p.action.options] == offered and p.action.value == "attack"
    foes = [f.name for f in ref.state.fighters if f.side != ref.state.fighter(me).side]
    assert list(p.target.options) == foes
    for seed in (5, 6):  # two attacks: the budget of the turn
        target = p.target.value
        p.seed_box.text.value = str(seed)
        p.roll_button.click()
        assert p.message.value == "", p.message.value
        want = ref.act(me, "attack", target, seed=seed)
        assert p.pending[0].steps == want.steps
        p.apply_button.click()
        ref.apply_action(want, me, target)
        assert p.fight.state.fighters == ref.state.fighters
        assert p.fight.state.taken == ref.state.taken
        assert p.fight.log[-1].text_es == ref.log[-1].text_es
    assert p.fight.state.taken == ("attack", "attack")
    assert "attack" not in [v for _l, v in p.action.options], "two attacks a turn, no more"
    p.undo_button.click()
    assert p.fight.state.taken == ("attack",) and "attack" in [v for _l, v in p.action.options]


def test_a_check_action_shows_its_odds_and_its_log_line_names_it():
    p = toy_panel(fallen=True)
    me, ally = "Ana", "Caída"
    fight = p.fight
    assert "Auxiliar" in labels(p.action)
    p.action.value = "aid"
    assert list(p.target.options) == [ally]
    ctx = fight.action_context(me, "aid", ally)
    odds = TOY.actions["aid"].odds(TOY.actions["aid"].prepared(ctx), fight.options)
    assert p.results.headline.value.startswith("<h4>Auxiliar: ")
    assert p.odds == odds
    ref = reference(p)
    p.seed_box.text.value = "11"
    p.roll_button.click()
    want = ref.act(me, "aid", ally, seed=11)
    assert p.pending[0].degree == want.roll.degree
    p.apply_button.click()
    ref.apply_action(want, me, ally)
    assert p.fight.state.fighters == ref.state.fighters
    assert p.fight.log[-1].text_es.startswith(f"{me} → {ally}: Auxiliar: ")
    assert "aid" in p.fight.state.taken
    assert "Auxiliar" not in labels(p.action), "the movement is spent"


def test_the_cards_show_the_systems_conditions():
    p = toy_panel(prone=True)
    card = p.cards_html().split('data-name="Bruto"')[1].split("rolkit-fight-card")[0]
    assert "rolkit-fight-cond" in card and "Derribado" in card
    prone = p.fight.state.fighter("Bruto").defender
    assert TOY.conditions(prone) == (("Derribado", "Derribado (prone)"),)
    ana = p.cards_html().split('data-name="Ana"')[1].split("rolkit-fight-card")[0]
    assert "rolkit-fight-cond" not in ana
