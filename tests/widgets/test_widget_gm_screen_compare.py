"""The Tablas tab equals analysis.gm_screen and its download link decodes to
screen_html; the Comparar tab equals analysis.compare (every system, sample included)."""

import dataclasses
import html
import math
import re

import pandas as pd
import pytest

from rolkit import analysis, fields, i18n
from rolkit.display.compare import comparison_html
from rolkit.display.screen import screen_html
from widgets.fight import decode_link
from widgets.screen import axis_label

from .widget_helpers import get_system, make_dashboard


def panel_of(dashboard, name):
    return next(p for p in dashboard.panels if p.name == name)


def cells(table_html):
    return re.findall(r'<td class="rolkit-num">([^<]*)</td>', table_html)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_screen_tab_equals_gm_screen(system_id, lang):
    system = get_system(system_id)
    d = make_dashboard(system_id, lang=lang)
    p = panel_of(d, "screen")
    want = analysis.gm_screen(system)
    pd.testing.assert_frame_equal(p.screen.grid, want.grid)
    grid = p.grid.value
    shown = cells(grid)
    values = [v for row in want.grid.itertuples(index=False) for v in row]
    assert shown == ["—" if math.isnan(v) else i18n.percent(v / 100, lang, 1) for v in values]
    for axis in (want.rows, want.cols):
        label = axis_label(system, axis, lang)
        spec = dict(fields.describe(system.forms[axis[0]]))[axis[1]]
        assert spec.label_for(lang) in label and html.escape(label) in grid
    assert [str(c) for c in want.grid.columns] == re.findall(
        r"<th>([^<]*)</th>", grid.split("<tbody>")[0]
    )[1:]
    weapons = cells(p.weapons.value)
    assert len(weapons) == 4 * len(want.weapons)
    for i, (name, odds) in enumerate(want.weapons):
        assert name in p.weapons.value
        assert weapons[4 * i] == i18n.percent(odds.p_hit, lang)
        assert weapons[4 * i + 2] == i18n.percent(odds.p_dead, lang)
    page = decode_link(p.download.value)
    assert page == screen_html(want, lang)
    assert f'download="rolkit-pantalla-{system_id}-{lang}.html"' in p.download.value


def test_screen_tab_follows_the_language():
    d = make_dashboard("sample")
    p = panel_of(d, "screen")
    d.set_language("en")
    assert decode_link(p.download.value) == screen_html(p.screen, "en")
    assert "Chance to hit" in p.grid.value


def pick_change(system, forms):
    """A numeric field of the attacker (else any field) whose value can move by one."""
    for name, spec in fields.describe(system.forms["attacker"]):
        if spec.kind == "int" and spec.max is not None:
            now = getattr(forms["attacker"], name)
            if now is None:
                continue
            new = now + 1 if now + 1 <= spec.max else now - 1
            trial = dataclasses.replace(forms["attacker"], **{name: new})
            try:
                system.odds(trial, forms["defender"], forms["weapon"], forms["modifiers"])
            except Exception:
                continue
            return f"attacker__{name}", new
    return None


def test_compare_tab_equals_analysis_compare(system_id):
    system = get_system(system_id)
    d = make_dashboard(system_id)
    p = panel_of(d, "compare")
    forms = {
        r: d.attack.sections[r].read() for r in ("attacker", "defender", "weapon", "modifiers")
    }
    change = pick_change(system, forms)
    assert change is not None
    key, value = change
    p.what.value = key
    p.number.value = str(value)
    p.run_button.click()
    assert p.message.value == "", p.message.value
    options = d.attack.sections["options"].read()
    want = analysis.compare(system, forms, options=options, **{key: value})
    assert p.comparison.rows("es") == want.rows("es")

    def same_ids(text):  # a Styler's table id is random per render
        return re.sub(r"T_[0-9a-f]+", "T_", text)

    assert same_ids(p.result.value) == same_ids(comparison_html(want, "es"))
    assert p.chart.value[:4] == b"\x89PNG" and p.chart.layout.display is None


def test_compare_tab_house_rule(system_id):
    system = get_system(system_id)
    d = make_dashboard(system_id)
    p = panel_of(d, "compare")
    rules = [k for k, _ in (o[::-1] for o in p.what.options) if k.startswith("option__")]
    flags = [
        k
        for k in rules
        if p._specs[k].kind == "flag"
        or (p._specs[k].kind == "choice" and len(p._specs[k].choices) > 1)
    ]
    if not flags:
        pytest.skip("no house rule with a choice in this system")
    p.what.value = flags[0]
    p.run_button.click()
    forms = {
        r: d.attack.sections[r].read() for r in ("attacker", "defender", "weapon", "modifiers")
    }
    options = d.attack.sections["options"].read()
    value = p._choice_values[p.choice.value]
    assert value != getattr(options, flags[0].split("__")[1])
    if p.comparison is None:  # the rules refused this variant: a plain message
        assert p.message.value and "Traceback" not in p.message.value
        return
    want = analysis.compare(system, forms, options=options, **{flags[0]: value})
    assert p.comparison.rows("es") == want.rows("es")


def test_compare_bad_value_is_plain():
    d = make_dashboard("sample")
    p = panel_of(d, "compare")
    key = next(k for k, s in p._specs.items() if s.kind == "int")
    p.what.value = key
    p.number.value = "muchos"
    p.run_button.click()
    assert "muchos" in p.message.value and p._specs[key].label_for("es") in p.message.value
    assert p.comparison is None
