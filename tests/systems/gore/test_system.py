"""§7 ``SYSTEM``: registered and consistent, the projection, options, presets, speed."""

from __future__ import annotations

import rolkit
from rolkit.systems import gore as g

from .gore_fixtures import opts


# --------------------------------------------------------------------------- SYSTEM
def test_system_registered_and_consistent():
    s = rolkit.get_system("gore")
    assert s is g.SYSTEM and "gore" in rolkit.systems()
    o = s.odds(**s.defaults())
    assert o.total == 1
    for seed in range(30):
        r = s.resolve(**s.defaults(), seed=seed)
        assert o[r.key] > 0
        assert r.view == s.project(r.key)


def test_project():
    row = g.OutcomeRow("critico", "fallo", "hit_critical", 20, "mortal", None, None, 1, None, 0)
    v = g.project(row)
    assert (v.hit, v.critical, v.damage, v.wound, v.wound_rank) == (
        True,
        True,
        20,
        "gore.wound.mortal",
        3,
    )
    assert "item_destroyed" in v.flags
    v = g.project(g.OutcomeRow("exito", "exito", "blocked", 0, "none", None, None, 0, None, None))
    assert (v.hit, v.wound, v.wound_rank, v.flags) == (False, None, 0, frozenset({"blocked"}))
    assert rolkit.i18n.t("gore.wound.leve", "en") == "Herida leve (light wound)"


def test_system_options_win_unless_default():
    s = g.SYSTEM
    f = s.defaults()
    custom = opts(critical_rule="margin20")
    direct = g.attack_outcomes(
        f["attacker"], f["defender"], f["weapon"], g.Modifiers(options=custom)
    ).rows
    assert dict(s.odds(**f, options=custom).probabilities) == direct
    f2 = dict(f, modifiers=g.Modifiers(options=custom))
    assert dict(s.odds(**f2).probabilities) == direct  # default options keep modifiers.options
    assert (
        dict(
            s.odds(
                **f2, options=opts(critical_rule="fifth", auto_success_on_01=False)
            ).probabilities
        )
        != direct
    )


def test_presets_are_valid_forms_and_compute():
    s = g.SYSTEM
    for role, presets in s.presets.items():
        for name, value in presets.items():
            assert isinstance(value, s.forms[role]), (role, name)
            forms = dict(s.defaults(), **{role: value})
            if role == "weapon" and value.ranged:
                forms["modifiers"] = g.Modifiers(distance_m=20.0)
            assert s.odds(**forms).total == 1
    assert {"Daga", "Espada ancha", "Fusil de asalto", "Ballesta ligera"} <= set(
        s.presets["weapon"]
    )


def test_default_odds_are_fast_enough_to_matter():
    import time

    s = g.SYSTEM
    f = s.defaults()
    s.odds(**f)
    t0 = time.thread_time()  # CPU time: the machine's load cannot stretch it
    for _ in range(5):
        s.odds(**f)
    assert (time.thread_time() - t0) / 5 < 0.05
