"""Roster entries beside the presets: load a file, save the Ataque tab's form, see it in
the Ataque dropdowns and in Combate (every system, sample excluded: the roster only knows
registered systems)."""

import dataclasses

import pytest

import rolkit
from rolkit.roster import Roster
from widgets.app import Dashboard


def panel_of(dashboard, name):
    return next(p for p in dashboard.panels if p.name == name)


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_roster_save_and_load_beside_presets(system_id, tmp_path):
    path = tmp_path / "roster.json"
    d = Dashboard(system=system_id)
    roster = panel_of(d, "roster")
    roster.path.value = str(path)
    roster.load_button.click()
    assert "0 entradas" in roster.message.value
    # save the Ataque tab's attacker as "Zoe"
    attacker = d.attack.sections["attacker"].read()
    roster.role.value = "attacker"
    roster.entry_name.value = "Zoe"
    roster.save_button.click()
    assert "Zoe" in roster.message.value, roster.message.value
    assert Roster(path).entries(system_id, "attacker")["Zoe"] == attacker
    label = "Zoe (roster)"
    section = d.attack.sections["attacker"]
    assert label in [v for _, v in section.preset.options]
    assert label in [v for _, v in panel_of(d, "fight").character.options]
    # a fresh dashboard loads it from the file; choosing it loads the form
    d2 = Dashboard(system=system_id)
    r2 = panel_of(d2, "roster")
    r2.path.value = str(path)
    r2.load_button.click()
    sec = d2.attack.sections["attacker"]
    sec.preset.value = label
    assert sec.read() == attacker
    fight = panel_of(d2, "fight")
    fight.character.value = label
    fight.name_box.value = "Zoe"
    fight.add_button.click()
    # the fighter is the saved character, under the name the GM gave it in the fight
    assert fight.fight.state.fighter("Zoe").attacker == dataclasses.replace(attacker, name="Zoe")


def test_roster_conflict_and_corrupt_file_are_plain(tmp_path):
    system_id = rolkit.systems()[0]
    path = tmp_path / "roster.json"
    d = Dashboard(system=system_id)
    roster = panel_of(d, "roster")
    roster.path.value = str(path)
    roster.load_button.click()
    other = Roster(path)  # another session saves in between
    other.add(system_id, "weapon", "Hacha", rolkit.get_system(system_id).defaults()["weapon"])
    other.save()
    roster.entry_name.value = "Zoe"
    roster.save_button.click()
    assert "otra sesión" in roster.message.value and "Traceback" not in roster.message.value
    path.write_text("{ no es json", encoding="utf-8")
    roster.load_button.click()
    assert "no es JSON válido" in roster.message.value
    assert path.read_text(encoding="utf-8") == "{ no es json"


def test_roster_entry_modified_mark(tmp_path):
    system_id = rolkit.systems()[0]
    system = rolkit.get_system(system_id)
    path = tmp_path / "roster.json"
    r = Roster(path)
    weapon = system.defaults()["weapon"]
    r.add(system_id, "weapon", "Mía", weapon)
    r.save()
    d = Dashboard(system=system_id)
    roster = panel_of(d, "roster")
    roster.path.value = str(path)
    roster.load_button.click()
    sec = d.attack.sections["weapon"]
    sec.preset.value = "Mía (roster)"
    assert sec.read() == weapon
    assert dataclasses.asdict(sec.read()) == dataclasses.asdict(weapon)
