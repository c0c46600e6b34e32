"""The Combate tab's «probabilidad de victoria» (#16 item 4): the fight on screen's exact
odds (rolkit.fight_odds of the same fight, computed apart), recomputed after an applied
blow, translated sides, and a hint while only one side is present."""

import rolkit
from rolkit.fight import Fight
from widgets.fight import PANEL_MAX_STATES, PANEL_SECONDS, PANEL_SIMULATIONS

from .widget_helpers import get_system, make_dashboard


def panel_of(dashboard, name):
    return next(p for p in dashboard.panels if p.name == name)


def _odds(fight):
    return rolkit.fight_odds(
        fight,
        rounds=None,
        max_states=PANEL_MAX_STATES,
        simulations=PANEL_SIMULATIONS,
        seconds=PANEL_SECONDS,
    )


def test_the_victory_block_follows_the_fight(system_id):
    system = get_system(system_id)
    d = make_dashboard(system_id)
    p = panel_of(d, "fight")
    p.name_box.value = "Ana"
    p.side.value = "grupo"
    p.add_button.click()
    if not system.has_transitions:
        assert p.victory.value == "" and p.victory_odds is None
        return
    assert "probabilidad de victoria" in p.victory.value.lower()
    assert p.victory_odds is None
    assert p._victory_thread is None, "nothing to solve with one side"
    p.name_box.value = "Bruto"
    p.side.value = "enemigos"
    p.add_button.click()
    assert p.wait_victory() is not None
    ref = Fight(system)
    defaults = system.defaults()
    ref.add("Ana", "grupo", defaults["attacker"], defaults["weapon"])
    ref.add("Bruto", "enemigos", defaults["attacker"], defaults["weapon"])
    assert "Probabilidad de victoria: Grupo" in p.victory.value
    assert "Enemigos" in p.victory.value and "Traceback" not in p.victory.value

    p.seed_box.text.value = "5"
    p.initiative_button.click()
    ref.roll_initiative(5)
    first = p.wait_victory()
    assert first == _odds(ref)
    attacker, target = p.attacker.value, p.target.value
    for seed in range(1, 400):
        r = ref.attack(attacker, target, seed=seed)
        if system.after(r):
            break
    p.seed_box.text.value = str(seed)
    p.roll_button.click()
    assert p.victory_odds is first, "a roll not applied yet changes nothing"
    assert "rolkit-victory" in p.victory.value
    p.apply_button.click()
    ref.apply(r, attacker, target)
    assert p.wait_victory() == _odds(ref) and p.victory_odds != first
    p.undo_button.click()
    assert p.victory_odds == first, "an undo shows the earlier odds at once (cached)"
    p.state.lang = "en"
    p.set_language("en")
    p.wait_victory()
    assert "Probability of victory: Grupo (party)" in p.victory.value


def test_every_default_duel_is_exact_in_the_panel_but_ashes_of_war():
    """The panel's bound keeps each system's 1v1 at default forms exact; Ashes of War's
    cannot be (its states number in the hundreds of millions) and says so."""
    for system_id in rolkit.systems():
        s = rolkit.get_system(system_id)
        if not s.has_transitions:
            continue
        d = s.defaults()
        fight = Fight(s)
        fight.add("A", "a", d["attacker"], d["weapon"])
        fight.add("B", "b", d["defender"], d["weapon"])
        odds = rolkit.fight_odds(
            fight, max_states=PANEL_MAX_STATES, simulations=200, seconds=PANEL_SECONDS
        )
        assert odds.exact == (system_id != "ashes_of_war"), (system_id, odds.reason)
