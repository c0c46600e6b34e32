"""The fight tracker: undo/redo return exactly the earlier states, applying a roll carries
the wounds onto the combatants, the next odds use the wounded state, the log exports, and a
fight saves and loads."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rolkit
from rolkit.fight import Fight, InitiativeEntry

TRACKING = [sid for sid in rolkit.systems() if rolkit.get_system(sid).tracks_state]


def two_fighter_fight(system_id: str) -> Fight:
    s = rolkit.get_system(system_id)
    d = s.defaults()
    fight = Fight(s)
    fight.add("Ana", "jugadores", d["attacker"], d["weapon"])
    fight.add("Orco", "enemigos", d["defender"], d["weapon"])
    return fight


@pytest.mark.parametrize("system_id", TRACKING)
def test_applying_a_roll_wounds_the_target_and_the_next_odds_see_it(system_id):
    fight = two_fighter_fight(system_id)
    fresh_odds = fight.odds("Ana", "Orco")
    for seed in range(1, 400):
        r = fight.attack("Ana", "Orco", seed=seed)
        if r.view.damage > 0 and rolkit.get_system(system_id).after(r).get("defender"):
            break
    else:
        pytest.fail("no seed in 1..399 wounded the target")
    fight.apply(r, "Ana", "Orco")
    wounded = fight.state.fighter("Orco").defender
    assert wounded == rolkit.get_system(system_id).after(r)["defender"]
    assert fight.forms_for("Ana", "Orco")["defender"] == wounded
    after_odds = fight.odds("Ana", "Orco")
    assert after_odds.inputs["defender"] == wounded
    assert after_odds.total == 1 and fresh_odds.inputs["defender"] != wounded
    assert "Ana → Orco" in fight.log[-1].text("es") and fight.log[-1].seed == seed


OPS = st.lists(st.sampled_from(["attack", "undo", "redo", "turn"]), min_size=1, max_size=25)


@pytest.mark.parametrize("system_id", TRACKING)
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=OPS, seed=st.integers(1, 10_000))
def test_any_sequence_of_apply_undo_redo_returns_the_exact_earlier_state(system_id, ops, seed):
    fight = two_fighter_fight(system_id)
    fight.roll_initiative(seed=seed)
    # an independent model of the history: the states along the current line; undo
    # goes no further back than the fight as it stood before the sequence
    history = list(fight.history)
    cursor = start = fight.cursor
    assert history[cursor] == fight.state
    for i, op in enumerate(ops):
        if op == "undo":
            if cursor > start:
                fight.undo()
                cursor -= 1
                assert fight.state == history[cursor]
            continue
        if op == "redo":
            if fight.can_redo:
                fight.redo()
                cursor += 1
                assert fight.state == history[cursor]
            continue
        if op == "turn":
            fight.next_turn()
        else:
            a, t = fight.state.order[0], fight.state.order[1]
            if fight.system.fight_blow(**fight.forms_for(a, t))[0] is None:
                continue  # Core Dread: a's own turn has ended, its turn is spent (no attack)
            fight.apply(fight.attack(a, t, seed=seed + i), a, t)
        del history[cursor + 1 :]
        history.append(fight.state)
        cursor += 1
    # walking all the way back gives the very first state, all the way forward the last
    while fight.can_undo:
        fight.undo()
    assert fight.state == history[0] and fight.state.fighters == ()
    while fight.can_redo:
        fight.redo()
    assert fight.state == history[-1]


def test_turns_and_rounds_advance_in_initiative_order():
    fight = two_fighter_fight("core_dread")
    fight.roll_initiative(seed=4)
    order = fight.state.order
    assert sorted(order) == ["Ana", "Orco"] and fight.state.round == 1
    assert fight.state.current == order[0]
    fight.next_turn()
    assert fight.state.current == order[1]
    fight.next_turn()
    assert fight.state.current == order[0] and fight.state.round == 2


def test_a_system_initiative_rule_is_used(monkeypatch):
    s = rolkit.get_system("core_dread")
    calls = []

    def rule(entries, rng):
        calls.append([e.name for e in entries])
        assert all(isinstance(e, InitiativeEntry) for e in entries)
        return sorted((e.name for e in entries), reverse=True), ()

    monkeypatch.setattr(type(s), "initiative_fn", property(lambda self: rule), raising=False)
    fight = two_fighter_fight("core_dread")
    fight.roll_initiative(seed=1)
    assert fight.state.order == ("Orco", "Ana") and calls == [["Ana", "Orco"]]


def test_log_exports_and_the_fight_saves_and_loads():
    fight = two_fighter_fight("core_dread")
    fight.roll_initiative(seed=2)
    fight.apply(fight.attack("Ana", "Orco", seed=9), "Ana", "Orco")
    md = fight.log_markdown("es")
    assert md.startswith("# Registro del combate — Core Dread")
    assert "Ana entra" in md and "semilla 9" in md
    assert "Fight log" in fight.log_markdown("en")
    doc = fight.to_json()
    json.loads(doc)
    again = Fight.from_json(doc)
    assert again.state.fighters == fight.state.fighters
    assert again.state.order == fight.state.order
    again.undo()
    assert again.state.fighters == fight.history[-2].fighters
    with pytest.raises(rolkit.RulesError, match="not a rolkit fight"):
        Fight.from_json('{"format": "x"}')


def test_plain_errors():
    fight = two_fighter_fight("core_dread")
    with pytest.raises(rolkit.RulesError, match="new, non-empty name"):
        fight.add("Ana", "x", rolkit.get_system("core_dread").defaults()["attacker"])
    with pytest.raises(rolkit.RulesError, match="roll initiative first"):
        fight.next_turn()
    with pytest.raises(rolkit.RulesError, match="no combatant is called"):
        fight.odds("Ana", "Nadie")
    fresh = Fight(rolkit.get_system("core_dread"))
    with pytest.raises(rolkit.RulesError, match="nothing to undo"):
        fresh.undo()


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_a_combatant_is_named_as_the_gm_added_it_in_every_rules_message(system_id):
    """A preset or roster form keeps its own name («Kira»); the fighter «Ana» made from it
    must be «Ana» in its forms, so the rules' own messages and the resolution name her."""
    fight = two_fighter_fight(system_id)
    for name in ("Ana", "Orco"):
        f = fight.state.fighter(name)
        assert f.attacker.name == name and f.defender.name == name
    s = rolkit.get_system(system_id)
    preset = s.defaults()["attacker"]
    assert fight.state.fighter("Ana").attacker == dataclasses.replace(preset, name="Ana")


def test_a_rules_message_names_the_fighter_not_the_preset_it_came_from():
    """Seen in Chromium: «Kira no puede actuar» about the fighter the GM called «Ana»."""
    s = rolkit.get_system("ashes_of_war")
    d = s.defaults()
    assert d["attacker"].name == "Kira"
    fight = Fight(s)
    knocked_out = dataclasses.replace(
        d["attacker"], conditions=dataclasses.replace(d["attacker"].conditions, unconscious=True)
    )
    fight.add("Ana", "jugadores", knocked_out, d["weapon"])
    fight.add("Orco", "enemigos", d["defender"], d["weapon"])
    with pytest.raises(rolkit.RulesError) as err:
        fight.attack("Ana", "Orco", seed=3)
    assert "Ana" in str(err.value) and "Kira" not in str(err.value)
