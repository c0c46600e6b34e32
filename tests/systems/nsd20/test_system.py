"""The registered SYSTEM: fate and its projection, the after-state, the catalogue, presets."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import rolkit
from rolkit import i18n
from rolkit.dice import ScriptedDice
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import (
    Combatant,
    Modifiers,
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


def test_a_defender_at_zero_pr_is_dying_even_if_missed():
    zero = replace(E1_D, pr_current=0)
    assert S.odds(E1_A, zero, Weapon(), Modifiers()).p_dying == 1
