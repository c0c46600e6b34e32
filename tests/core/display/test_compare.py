"""What-if comparisons: exact differences between a setup and a variant of it."""

from __future__ import annotations

import dataclasses

import pytest

import rolkit
from rolkit.analysis import Comparison


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_compare_gives_the_exact_difference_of_two_independent_odds(system_id):
    s = rolkit.get_system(system_id)
    (role, name), _ = s.grid_axes
    forms = s.defaults()
    value = getattr(forms[role], name) + 1
    c = rolkit.compare(system_id, **{f"{role}__{name}": value})
    assert isinstance(c, Comparison)
    variant_forms = {**forms, role: dataclasses.replace(forms[role], **{name: value})}
    direct = s.odds(**variant_forms)
    assert c.variant.p_hit == direct.p_hit and c.base.p_hit == s.odds(**forms).p_hit
    rows = {label: (a, b, d) for label, a, b, d in c.rows("es")}
    a, b, d = rows["impacta"]
    assert d == b - a == direct.p_hit - s.odds(**forms).p_hit
    assert d >= 0  # grid axes never lower the chance to hit
    frame = c.frame("en")
    assert list(frame.columns)[:4] == ["what", "now %", "variant %", "difference (points)"]
    assert "¿Y si" in c._repr_html_() or "What if" in c._repr_html_()
    assert c.describe().startswith("What if") or c.describe().startswith("¿Y si")


def test_compare_a_house_rule_changes_the_fate_exactly():
    c = rolkit.compare("core_dread", option__spectacular_wounds="plus_one")
    s = rolkit.get_system("core_dread")
    opts = dataclasses.replace(s.options_type(), spectacular_wounds="plus_one")
    assert c.variant.probabilities == s.odds(**s.defaults(), options=opts).probabilities


def test_compare_names_a_bad_change_plainly():
    with pytest.raises(rolkit.RulesError, match="names no field"):
        rolkit.compare("core_dread", attacker__nonsense=3)
    with pytest.raises(rolkit.RulesError):
        rolkit.compare("core_dread", attacker__fortaleza=99)
