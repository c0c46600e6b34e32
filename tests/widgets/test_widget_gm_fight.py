"""The Combate tab, driven through its widgets in every system (sample included), checked
against an independent rolkit.fight.Fight run with the same inputs and seeds."""

import pytest

import rolkit
from rolkit.fight import Fight
from widgets import views
from widgets.fight import decode_link

from .widget_helpers import get_system, make_dashboard


def panel_of(dashboard, name):
    return next(p for p in dashboard.panels if p.name == name)


def first_changing_seed(system, fight, attacker, target):
    """A seed whose attack changes a form (found by the rules, not by the widget)."""
    for seed in range(1, 400):
        r = fight.attack(attacker, target, seed=seed)
        if system.after(r):
            return seed
    return None


def add_two(panel):
    panel.name_box.value = "Ana"
    panel.side.value = "grupo"
    panel.add_button.click()
    panel.name_box.value = "Bruto"
    panel.side.value = "enemigos"
    if len(panel.weapon.options) > 2:
        panel.weapon.value = panel.weapon.options[2][1]  # a second weapon preset
    panel.add_button.click()


def test_fight_tab_add_initiative_resolve_apply_undo_redo(system_id):
    system = get_system(system_id)
    d = make_dashboard(system_id)
    p = panel_of(d, "fight")
    assert p.roll_button.disabled and p.undo_button.disabled and p.redo_button.disabled
    add_two(p)
    assert p.message.value == "", p.message.value
    ref = Fight(system)
    ref.add("Ana", "grupo", system.defaults()["attacker"], system.defaults()["weapon"])
    weapon = p._picked(p.weapon, "weapon")
    ref.add("Bruto", "enemigos", system.defaults()["attacker"], weapon)
    assert p.fight.state.fighters == ref.state.fighters

    p.seed_box.text.value = "7"
    p.initiative_button.click()
    ref.roll_initiative(7)
    assert p.fight.state.order == ref.state.order
    # default pair: the current combatant and a foe
    current = ref.state.current
    foe = "Bruto" if current == "Ana" else "Ana"
    assert (p.attacker.value, p.target.value) == (current, foe)
    # the odds shown are the exact odds of that attack now
    assert p.results.table.value == views.odds_table_html(ref.odds(current, foe), "es")

    seed = first_changing_seed(system, ref, current, foe) if system.tracks_state else 3
    assert seed is not None, "no seed in 1..399 changes a form: the test cannot check apply"
    p.seed_box.text.value = str(seed)
    p.roll_button.click()
    r_ref = ref.attack(current, foe, seed=seed)
    r, a, t = p.pending
    assert (r.key, r.steps, a, t) == (r_ref.key, r_ref.steps, current, foe)
    assert not p.apply_button.disabled

    before = p.fight.state
    p.apply_button.click()
    ref.apply(r_ref, current, foe)
    assert p.pending is None and p.apply_button.disabled
    assert p.fight.state.fighters == ref.state.fighters
    if system.tracks_state:
        assert p.fight.state.fighters != before.fighters
        # the next attack's odds use the wounded state
        _next_blow_odds_are_shown(p, system, ref, current, foe)
    applied = p.fight.state
    newest = p.fight.log[-1].text("es")
    assert p.log.value.index(newest) < p.log.value.index("entra"), "newest first"
    card = p.cards_html()
    assert "última tirada aplicada" in card

    p.undo_button.click()
    assert p.fight.state is before and not p.redo_button.disabled
    assert "última tirada aplicada" not in p.cards_html()
    p.redo_button.click()
    assert p.fight.state is applied and p.redo_button.disabled
    if system.tracks_state:
        _next_blow_odds_are_shown(p, system, ref, current, foe)

    # the downloads carry the fight's own Markdown log and JSON document (built when asked)
    assert p.downloads.value == ""
    p.prepare_button.click()
    links = p.downloads.value
    md, js = links.split(" · ")
    assert decode_link(md) == p.fight.log_markdown("es")
    assert decode_link(js) == p.fight.to_json()
    if system_id in rolkit.systems():
        assert Fight.from_json(decode_link(js)).state.fighters == ref.state.fighters


def test_fight_card_shows_changed_track_and_fate(system_id):
    system = get_system(system_id)
    if not system.tracks_state:
        pytest.skip("this system keeps no state between attacks")
    d = make_dashboard(system_id, lang="en")
    p = panel_of(d, "fight")
    add_two(p)
    seed = first_changing_seed(system, p.fight, "Ana", "Bruto")
    p.attacker.value, p.target.value = "Ana", "Bruto"
    p.seed_box.text.value = str(seed)
    p.roll()
    r = p.pending[0]
    p.apply()
    card = p.cards_html().split('data-name="Bruto"')[1]
    assert "last applied roll" in card
    from rolkit.display import tables

    assert tables.fate_label(r.view.fate, "en") in card
    changed = system.after(r)
    if "defender" in changed:
        assert "unchanged since joining" not in card


def test_fight_errors_are_plain(system_id):
    d = make_dashboard(system_id)
    p = panel_of(d, "fight")
    p.initiative_button.click()
    assert "añade combatientes" in p.message.value
    p.name_box.value = "Ana"
    p.add_button.click()
    p.name_box.value = "Ana"
    p.add_button.click()
    assert "nombre nuevo" in p.message.value
    assert "Traceback" not in p.message.value


def test_fight_resets_on_system_switch():
    d = make_dashboard("sample")
    p = panel_of(d, "fight")
    add_two(p)
    d.set_system("sample2")
    assert p.fight.system.id == "sample2" and not p.fight.state.fighters


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_wounded_card_names_locations_not_internal_ids(lang):
    """Ashes of War keeps wound boxes per location and Conditions as sets of locations:
    the card lists the marked locations by their labels, never a dict, a set or an id."""
    system = get_system("ashes_of_war")
    d = make_dashboard("ashes_of_war", lang=lang)
    p = panel_of(d, "fight")
    add_two(p)
    seed = first_changing_seed(system, p.fight, "Ana", "Bruto")
    p.attacker.value, p.target.value = "Ana", "Bruto"
    p.seed_box.text.value = str(seed)
    p.roll()
    p.apply()
    card = p.cards_html().split('data-name="Bruto"')[1]
    assert "unchanged since joining" not in card and "sin cambios" not in card
    for internal in ("{", "frozenset", "'", "_arm", "_hand", "_leg", "_foot", "torso':"):
        assert internal not in card, (internal, card)


def test_the_fight_plays_under_the_attack_tabs_house_rules():
    """Opciones on the Ataque tab (Moribundo, §4.17) reach the Combate tab's fight: its
    odds read «moribundo», not «muere»; switching the rule off again comes back."""
    d = make_dashboard("ashes_of_war")
    p = panel_of(d, "fight")
    for name, side in (("Ana", "grupo"), ("Bruto", "enemigos")):  # both with the sword
        p.name_box.value, p.side.value = name, side
        p.add_button.click()
    assert p.fight.options is None or not p.fight.options.dying_rule
    assert "dead" in p.fight.odds("Bruto", "Ana").fate()
    rows = d.attack.sections["options"].form.rows
    rows["dying_rule"].input.value = True
    d.attack.refresh()
    assert p.fight.options is not None and p.fight.options.dying_rule
    fate = p.fight.odds("Bruto", "Ana").fate()
    assert "dying" in fate and "dead" not in fate
    rows["dying_rule"].input.value = False
    d.attack.refresh()
    assert not p.fight.options.dying_rule and "dead" in p.fight.odds("Bruto", "Ana").fate()


def _next_blow_odds_are_shown(p, system, ref, current, foe):
    """The tab shows the exact odds of the next blow from the fight as it stands: this
    turn's next attack with the modifiers the turn gives it (Ashes of War: the second
    carries a Desgracia die); when the turn's attack is spent (a movement may be left),
    the wounded foe's blow back, which the GM can always look at."""
    if "attack" in [aid for _label, aid in p.action.options]:
        p.action.value, p.target.value = "attack", foe
        attack = system.actions["attack"]
        ctx = ref.action_context(current, "attack", foe)
        mods = attack.modifiers_fn(ctx, ctx.modifiers) if attack.modifiers_fn else None
        expected = ref.odds(current, foe, mods)
    else:
        p.attacker.value, p.target.value = foe, current
        expected = ref.odds(foe, current)
    assert p.results.table.value == views.odds_table_html(expected, "es")
    p.attacker.value = current


def test_a_rules_refusal_in_the_fight_tab_names_fields_by_their_labels():
    """A Conmocionado (G.O.R.E.) cannot attack: the Combate tab names the real state in
    words («Ana está conmocionado…», #26), never the internal path ``attacker.conditions``
    or the id ``'stunned'``."""
    import dataclasses

    d = make_dashboard("gore")
    p = panel_of(d, "fight")
    for name, side in (("Ana", "grupo"), ("Bruto", "enemigos")):
        p.name_box.value, p.side.value = name, side
        p.add_button.click()
    st = p.fight.state
    ana = st.fighter("Ana")
    stunned = dataclasses.replace(ana.attacker, conditions=ana.attacker.conditions | {"stunned"})
    p.fight._states[p.fight.cursor] = dataclasses.replace(
        st,
        fighters=tuple(
            dataclasses.replace(f, attacker=stunned, defender=stunned) if f.name == "Ana" else f
            for f in st.fighters
        ),
    )
    p.attacker.value, p.target.value = "Ana", "Bruto"
    p.roll_button.click()
    text = p.message.value
    assert "conmocionado" in text.lower() and "Ana" in text  # the real state, in words
    assert "attacker.conditions" not in text and "stunned" not in text
