"""The registry and the import path: `import rolkit` stays light and UI-free."""

import subprocess
import sys

import pytest

import rolkit


def test_systems_is_callable_and_lists_ids_in_display_order():
    ids = rolkit.systems()
    assert isinstance(ids, list)
    assert len(ids) == len(set(ids))
    order = [s for s in rolkit.systems.PREFERRED_ORDER if s in ids]
    assert ids[: len(order)] == order


def test_systems_stays_callable_after_importing_a_system_module():
    for system_id in rolkit.systems():
        s = rolkit.get_system(system_id)
        assert s.id == system_id
    assert rolkit.systems() == rolkit.systems.available()


def test_unknown_system_names_the_known_ones():
    with pytest.raises(rolkit.RulesError) as info:
        rolkit.get_system("dnd")
    assert info.value.field == "system"
    assert info.value.got == "dnd"


def test_import_pulls_no_heavy_or_ui_module():
    code = (
        "import sys, rolkit\n"
        "[rolkit.get_system(s) for s in rolkit.systems()]\n"
        "heavy = {'pandas', 'numpy', 'matplotlib', 'ipywidgets', 'IPython', 'voila'}\n"
        "print(sorted(heavy & set(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
