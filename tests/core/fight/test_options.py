"""The fight tracker plays under the GM's house rules (``Fight.options``): its attacks and
their odds, the rules between attacks, the save file and whole-fight odds all read them —
the Combate tab passes the Ataque tab's Opciones. Before, the tracker always used the
system's defaults, whatever the GM had switched."""

from __future__ import annotations

import dataclasses

import pytest

import rolkit
from rolkit.fight import Fight, FightSpec, fight_odds

ASHES = rolkit.get_system("ashes_of_war")


def ashes_fight(options=None, **conditions) -> Fight:
    d = ASHES.defaults()
    kira = dataclasses.replace(d["attacker"], fortitude=4)  # Fortitud 4: she may wake
    ana = dataclasses.replace(kira, conditions=dataclasses.replace(kira.conditions, **conditions))
    fight = Fight(ASHES, options)
    fight.add("Ana", "grupo", ana, d["weapon"])
    fight.add("Orco", "enemigos", d["defender"], d["weapon"])
    return fight


def test_the_attack_and_its_odds_read_the_fights_house_rules():
    rules = ASHES.options_type(dying_rule=True)
    plain, house = ashes_fight(), ashes_fight(rules)
    assert house.options is rules and plain.options is None
    forms = house.forms_for("Orco", "Ana")
    for fight, options in ((house, rules), (plain, None)):
        got, want = fight.odds("Orco", "Ana"), ASHES.odds(**forms, options=options)
        assert got.probabilities == want.probabilities and got.inputs == want.inputs
    # §4.17 Moribundo: the lethal head or torso wound leaves her dying, not dead
    assert house.odds("Orco", "Ana").fate()["dying"] == plain.odds("Orco", "Ana").fate()["dead"]
    r = house.attack("Orco", "Ana", seed=11)
    assert r.inputs["options"] is rules


def test_the_rules_between_attacks_read_them():
    """§4.18 ``waking_roll``: an Inconsciente rolls Fortitud at its turn's start, unless
    the GM switched the roll off — then no seed wakes her."""

    def woke(options) -> set[bool]:
        out = set()
        for seed in range(1, 40):
            fight = ashes_fight(options, unconscious=True)
            fight.roll_initiative(seed=seed)  # order of entry: Ana's turn begins
            out.add(ASHES.status(fight.state.fighter("Ana").defender, options) is None)
        return out

    assert woke(None) == {True, False}
    assert woke(ASHES.options_type(waking_roll=False)) == {False}


def test_the_save_file_keeps_them_and_a_wrong_kind_is_refused():
    rules = ASHES.options_type(dying_rule=True, waking_roll=False)
    fight = ashes_fight(rules)
    again = Fight.from_json(fight.to_json())
    assert again.options == rules and again.state == fight.state
    assert Fight.from_json(ashes_fight().to_json()).options is None
    with pytest.raises(rolkit.RulesError, match="options must be"):
        fight.options = rolkit.get_system("core_dread").options_type()


def test_whole_fight_odds_read_the_fights_house_rules():
    """Tierkreis's fumble −2 kept until cleared (the house rule against the spec's timed
    default, P8/T1) changes the exact duel."""
    s = rolkit.get_system("tierkreis")
    d = s.defaults()
    rules = s.options_type(fumble_penalty_expires=False)
    fight = Fight(s, rules)
    fight.add("A", "a", d["attacker"], d["weapon"])
    fight.add("B", "b", d["defender"], d["weapon"])
    assert FightSpec.of(fight).options is rules
    house = fight_odds(fight, rounds=3)
    assert house == fight_odds(fight, rounds=3, options=rules)
    fight.options = None
    plain = fight_odds(fight, rounds=3)
    assert plain == fight_odds(FightSpec.of(fight), rounds=3, system=s)
    assert house.p_win != plain.p_win
