"""SYSTEM.checks (exact law vs brute force, seeded/scripted resolve), the Esfuerzo extra
machine's refusals, the options' documented effects, fate and the after-state."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction as F

import pytest

import rolkit
from rolkit import fields, i18n
from rolkit.dice import ScriptedDice
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import (
    Combatant,
    EffortEvent,
    EffortState,
    Modifiers,
    NSd20InputError,
    NSd20Rules,
    Weapon,
)
from rolkit.systems.nsd20.checks import (
    CDCheckForm,
    ConcentrationForm,
    MassiveDamageForm,
    OpposedForm,
    RecoveryForm,
    TakeForm,
)

S = rolkit.get_system("nsd20")
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)


# --------------------------------------------------------------------------- checks
def test_every_check_has_exact_odds_summing_to_one_and_a_replayable_resolve():
    assert set(S.checks) == {"cd", "opposed", "take", "concentration", "massive", "recovery"}
    for chk in S.checks.values():
        form = chk.defaults()
        odds = chk.odds(form)
        assert odds.total == 1, chk.id
        assert set(odds.probabilities) <= {d.id for d in chk.degrees}
        a, b = chk.resolve(form, seed=11), chk.resolve(form, seed=11)
        assert a == b and a.steps
        assert odds[a.degree.id] > 0
        for _, spec in fields.describe(chk.form):
            assert all(spec.label) and all(spec.help)


def _brute_cd(form: CDCheckForm) -> dict[str, F]:
    out: dict[str, F] = {}
    space = 20 ** (form.helpers + 1)
    for faces in itertools.product(range(1, 21), repeat=form.helpers + 1):
        *helpers, n = faces
        aid = 2 * sum(1 for h in helpers if h == 20 or (h != 1 and h + form.helper_modifier >= 10))
        total = n + form.total_modifier + aid
        degree = (
            "fallo_automatico"
            if n == 1
            else "exito_automatico"
            if n == 20
            else "exito"
            if total >= form.cd
            else "fallo"
        )
        out[degree] = out.get(degree, F(0)) + F(1, space)
    return out


@pytest.mark.parametrize(
    "form",
    [
        CDCheckForm(modifier=6, cd=20),
        CDCheckForm(modifier=6, cd=20, extra_effort=True),
        CDCheckForm(modifier=5, cd=15, condition=-2, improvised_tools=True),
        CDCheckForm(modifier=3, cd=18, helpers=2, helper_modifier=1),
    ],
)
def test_cd_check_matches_brute_force(form):
    got = {k: v for k, v in S.checks["cd"].odds(form).probabilities.items() if v}
    assert got == _brute_cd(form)


def test_cd_check_seed_numbers():
    assert S.checks["cd"].odds(CDCheckForm(modifier=6, cd=20)).p_success == F(7, 20)
    assert S.checks["cd"].odds(CDCheckForm(modifier=6, cd=20, extra_effort=True)).p_success == F(
        3, 5
    )
    assert S.checks["cd"].odds(
        CDCheckForm(modifier=5, cd=15, condition=-2, improvised_tools=True)
    ).p_success == F(1, 4)


def test_cd_check_resolve_rolls_helpers_first():
    rng = ScriptedDice([12, 9, 14])
    steps, outcome, degree = S.checks["cd"].resolve_fn(
        CDCheckForm(modifier=3, cd=19, helpers=2), NSd20Rules(), rng
    )
    assert rng.remaining == 0
    assert outcome["aid_bonus"] == 2 and outcome["total"] == 19 and degree == "exito"


def test_opposed_check_odds_and_rerolls():
    chk = S.checks["opposed"]
    assert chk.odds(OpposedForm(mod_a=2)).probabilities == {
        "a": F(229, 382),
        "b": F(153, 382),
        "tie": F(0),
    }
    rng = ScriptedDice([10, 12, 15, 3])  # 12 vs 12 tie → reroll, then 17 vs 3
    steps, outcome, degree = chk.resolve_fn(OpposedForm(mod_a=2), NSd20Rules(), rng)
    assert len(steps) == 2 and degree == "a" and rng.remaining == 0


def test_opposed_higher_score_policy():
    rules = NSd20Rules(opposed_tie_policy="higher_score_then_reroll")
    assert (
        nsd20.opposed_check(15, 15, ties_allowed=False, score_a=12, score_b=14, rules=rules) == "b"
    )
    assert (
        nsd20.opposed_check(15, 15, ties_allowed=False, score_a=12, score_b=12, rules=rules)
        == "reroll"
    )
    law = nsd20.opposed_probability(2, 0, ties_allowed=False, score_a=14, score_b=10, rules=rules)
    assert law == {"a": F(229 + 18, 400), "b": F(153, 400), "tie": F(0)}


def test_opposed_natural_rules_option():
    rules = NSd20Rules(natural_rules_in_opposed=True)
    assert (
        nsd20.opposed_check(20, 30, ties_allowed=False, natural_a=20, natural_b=10, rules=rules)
        == "a"
    )
    law = nsd20.opposed_probability(0, 30, ties_allowed=True, rules=rules)
    # A wins only by the naturals: A's 20 against a non-20 (19 pairs) or B's 1 against a
    # non-1 (19 pairs), the pair (20, 1) counted once
    assert law["a"] == F(19 + 19 - 1, 400)


def test_comparative_check():
    assert nsd20.comparative_check(14, 12) == "a"
    assert nsd20.comparative_check(12, 14) == "b"
    assert nsd20.comparative_check(13, 13) == "tie"


def test_take_check_and_its_refusals():
    chk = S.checks["take"]
    assert chk.odds(TakeForm(modifier=6, cd=20, mode=20)).p_success == 1
    assert chk.odds(TakeForm(modifier=6, cd=20, mode=10)).p_success == 0
    with pytest.raises(NSd20InputError):
        chk.odds(TakeForm(mode=20, failure_has_consequences=True))
    with pytest.raises(NSd20InputError):
        chk.odds(TakeForm(mode=10, distracted=True))
    res = nsd20.take_result(
        -3, 20, under_pressure=False, distracted=False, failure_has_consequences=False
    )
    assert not nsd20.take_succeeds(res, 20, 30)
    assert nsd20.take_succeeds(res, 20, 30, rules=NSd20Rules(take_20_is_natural_20=True))


def test_concentration_check_v11():
    form = ConcentrationForm(will_total=4, damage_taken=7, unstable_ground=True)
    assert S.checks["concentration"].odds(form).p_success == F(3, 20)
    both = ConcentrationForm(damage_taken=0, unstable_ground=True, grappled=True)
    assert nsd20.concentration_cd(0, unstable_ground=True, grappled=True) == 20
    no_stack = NSd20Rules(concentration_plus5_stack=False)
    assert nsd20.concentration_cd(0, unstable_ground=True, grappled=True, rules=no_stack) == 15
    assert S.checks["concentration"].odds(both, no_stack).p_success == F(6, 20)


@pytest.mark.parametrize(("fort", "damage"), [(3, 9), (0, 12), (25, 9), (-2, 30)])
def test_massive_check_matches_v14_bands(fort, damage):
    law = S.checks["massive"].odds(MassiveDamageForm(fortitude_total=fort, damage=damage))
    brute: dict[str, F] = {}
    for f in range(1, 21):
        band = nsd20.massive_damage_result(f, fort, damage)
        brute[band] = brute.get(band, F(0)) + F(1, 20)
    assert {k: v for k, v in law.probabilities.items() if v} == brute


# --------------------------------------------------------------------------- effort
@pytest.mark.parametrize(
    ("state", "event", "match"),
    [
        (
            EffortState(),
            EffortEvent(kind="use_effort", benefit="speed", stressful=False),
            "stressful",
        ),
        (
            EffortState(),
            EffortEvent(kind="use_effort", benefit="check_bonus", roll="attack"),
            "attack or damage",
        ),
        (EffortState(), EffortEvent(kind="spend_action_point"), "no Esfuerzo extra fatigue"),
        (EffortState(pending=True), EffortEvent(kind="spend_action_point"), "Puntos de Acción"),
        (
            EffortState(undo_available=True),
            EffortEvent(kind="start_of_turn", spend_action_point=True),
            "Puntos de Acción",
        ),
        (
            EffortState(action_points=2),
            EffortEvent(kind="start_of_turn", spend_action_point=True),
            "no Esfuerzo extra fatigue",
        ),
    ],
)
def test_effort_refusals(state, event, match):
    with pytest.raises(NSd20InputError, match=match):
        nsd20.effort_step(state, event)


def test_spending_an_action_point_in_the_same_round_cancels_the_fatigue():
    s = nsd20.effort_step(
        EffortState(action_points=1), EffortEvent(kind="use_effort", benefit="carry")
    )
    s = nsd20.effort_step(s, EffortEvent(kind="spend_action_point"))
    s = nsd20.effort_step(s, EffortEvent(kind="start_of_round"))
    assert (s.fatigue, s.pending, s.action_points) == ("normal", False, 0)


def test_effort_events_are_validated():
    with pytest.raises(NSd20InputError):
        EffortEvent(kind="sleep")
    with pytest.raises(NSd20InputError):
        EffortEvent(kind="use_effort")  # a benefit is required
    with pytest.raises(NSd20InputError):
        EffortState(fatigue=2)  # fatigue is a name, never a number


# --------------------------------------------------------------------------- options
W0, M0, R0 = Weapon(), Modifiers(), NSd20Rules()


def _p_hit(a=E1_A, d=E1_D, w=W0, m=M0, r=R0):
    o = nsd20.attack_outcomes(a, d, w, m, rules=r).outcome
    return o["hit"] + o["critical"]


def test_options_move_the_odds_as_documented():
    base = _p_hit()
    assert _p_hit(m=Modifiers(cover="cover")) == base - F(4, 20)
    assert _p_hit(m=Modifiers(cover="cover"), r=NSd20Rules(cover_bonuses={"cover": 2})) == (
        base - F(2, 20)
    )
    assert _p_hit(a=replace(E1_A, size="small")) == base + F(1, 20)
    assert _p_hit(a=replace(E1_A, size="small"), r=NSd20Rules(size_modifies_attack=False)) == base
    thrown = Weapon(kind="thrown")
    assert _p_hit(w=thrown, m=Modifiers(range_increments=2)) == base - F(4, 20)
    assert _p_hit(w=thrown, m=Modifiers(range_increments=2), r=NSd20Rules(range_penalty=1)) == (
        base - F(2, 20)
    )
    # natural 20 hits an impossible Defensa only with the natural rules on
    far = replace(E1_D, defense_misc=20)
    assert _p_hit(d=far) == F(1, 20)
    assert _p_hit(d=far, r=NSd20Rules(natural_rules_on_attacks=False)) == 0
    # surprise removes the defender's Esquiva (+1 from DES 12)
    assert _p_hit(m=Modifiers(surprise=True)) == base + F(1, 20)


def test_stunned_attacker_option():
    stunned = replace(E1_A, stunned=True)
    with pytest.raises(NSd20InputError, match="stunned"):
        nsd20.attack_outcomes(stunned, E1_D, Weapon(), Modifiers())
    nsd20.attack_outcomes(
        stunned, E1_D, Weapon(), Modifiers(), rules=NSd20Rules(stunned_cannot_act=False)
    )


def test_default_threshold_none_removes_massive_damage():
    d = replace(E1_D, serious_wound_threshold=None, constitution=4)
    assert nsd20.attack_outcomes(E1_A, d, Weapon(), Modifiers()).p_massive > 0
    assert (
        nsd20.attack_outcomes(
            E1_A, d, Weapon(), Modifiers(), rules=NSd20Rules(default_threshold="none")
        ).p_massive
        == 0
    )


def test_every_option_is_labelled_and_assumptions_say_so():
    for name, spec in fields.describe(NSd20Rules):
        assert all(spec.label) and all(spec.help), name
        if "SRD-assumed" in spec.rule:
            assert "regla supuesta" in spec.label[0] or "supuesta" in spec.choice_label(
                spec.default, "es"
            ), name
            assert "assumed rule" in spec.label[1] or "assumed" in spec.choice_label(
                spec.default, "en"
            ), name


def test_aid_options():
    assert nsd20.aid_another_bonus([(12, 0), (15, 0)]) == 4
    assert (
        nsd20.aid_another_bonus([(12, 0), (15, 0)], rules=NSd20Rules(aid_helpers_stack=False)) == 2
    )
    with pytest.raises(NSd20InputError, match="(?i)at most 1"):
        nsd20.aid_another_bonus([(12, 0), (15, 0)], rules=NSd20Rules(max_helpers=1))
    assert nsd20.aid_bonus_distribution([0, 0], rules=NSd20Rules(aid_helpers_stack=False)) == {
        0: F(81, 400),
        2: F(319, 400),
    }


# --------------------------------------------------------------------------- fate and views
def test_fate_vocabulary_and_projection():
    odds = S.odds(E1_A, E1_D, Weapon(), Modifiers())
    fates = odds.fate()
    assert set(fates) <= {None, "down", "dying", "dead"}
    assert (
        odds.p_dying == nsd20.attack_outcomes(E1_A, E1_D, Weapon(), Modifiers()).wound["moribundo"]
    )
    assert odds.p_down == odds.p_dying + fates.get("down", 0)
    assert odds.location() == {None: 1}
    assert odds.flag("massive") == F(13, 960)
    dying = replace(E1_D, wound_state="moribundo")
    assert S.odds(E1_A, dying, Weapon(), Modifiers()).p_dying == 1


def test_after_state_loads_back_into_the_forms():
    r = S.resolve(E1_A, replace(E1_D, flat_footed=True), Weapon(), Modifiers(), seed=5)
    after = S.after(r)
    for role, form in after.items():
        assert isinstance(form, S.forms[role])
    r2 = nsd20.resolve_attack(E1_A, E1_D, Weapon(), Modifiers(), ScriptedDice([20, 9, 4, 6, 15]))
    assert (r2.defender_after.pr_current, r2.defender_after.wound_state) == (8, "incapacitado")


def test_every_step_label_and_derived_key_is_translated():
    r = nsd20.resolve_attack(
        E1_A, E1_D, Weapon(), Modifiers(concealment="partial"), ScriptedDice([20, 3, 9, 4, 6, 15])
    )
    forms = [
        CDCheckForm(helpers=1),
        OpposedForm(),
        TakeForm(),
        ConcentrationForm(),
        MassiveDamageForm(),
        RecoveryForm(),
    ]
    steps = list(r.steps)
    for form, chk in zip(
        forms, ("cd", "opposed", "take", "concentration", "massive", "recovery"), strict=True
    ):
        steps += S.checks[chk].resolve(form, seed=3).steps
    for step in steps:
        assert step.rule.startswith("«"), step.rule  # the rulebook's section first
        for lang in ("es", "en"):
            assert i18n.has(step.label, lang), step.label
            for key, value in step.derived.items():
                assert i18n.has(f"nsd20.derived.{key}", lang), key
                if isinstance(value, str) and value.startswith("nsd20."):
                    assert i18n.has(value, lang), value
    for key in ("none", "pr_loss", "malherido", "incapacitado", "moribundo"):
        assert i18n.has(f"nsd20.wound.{key}", "en")
    for flag in ("massive", "stunned", "concealed"):
        assert i18n.has(f"nsd20.flag.{flag}", "es")


def test_presets_are_plain_data_and_build():
    for role, table in S.preset_data.items():
        for name, data in table.items():
            assert isinstance(data, dict)
            assert isinstance(S.presets[role][name], S.forms[role])


@pytest.mark.parametrize(
    ("check_id", "form"),
    [
        ("cd", CDCheckForm(modifier=3, cd=16, helpers=2, helper_modifier=1)),
        ("opposed", OpposedForm(mod_a=1, mod_b=0)),
        ("concentration", ConcentrationForm(will_total=3, damage_taken=4, grappled=True)),
        ("massive", MassiveDamageForm(fortitude_total=2, damage=11)),
    ],
)
def test_check_odds_agree_with_seeded_resolves_within_6_sigma(check_id, form):
    import math
    from collections import Counter

    chk, n = S.checks[check_id], 2000
    counts = Counter(chk.resolve(form, seed=seed).degree.id for seed in range(n))
    for degree, p in chk.odds(form).probabilities.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts.get(degree, 0) / n - float(p)) <= 6 * sigma + 1e-12, degree


def test_a_defender_at_zero_pr_is_dying_even_if_missed():
    zero = replace(E1_D, pr_current=0)
    assert S.odds(E1_A, zero, Weapon(), Modifiers()).p_dying == 1
