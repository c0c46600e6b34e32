"""Every label and value a Core Dread step shows comes from the i18n catalogue, in es and en."""

from __future__ import annotations

import re

import pytest

from rolkit import i18n
from rolkit.display import render
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import Armor, Combatant, Modifiers, Weapon
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO, CARLA, KNIFE, PISTOL

SHOOTER = Combatant(agilidad=6, ranged_skill=2, block_weapon=PISTOL)
CASES = [
    (BRUNO, ANA, BAT, Modifiers(defence="block")),
    (
        Combatant(fortaleza=6, melee_skill=2),
        Combatant(armor=Armor(armor_type="comun")),
        KNIFE,
        Modifiers(dangerous_situation=True),
    ),
    (Combatant(), Combatant(), BAT, Modifiers(surprise=True, knockout_attempt=True)),
    (
        Combatant(fortaleza=2, malherido=1),
        Combatant(fortaleza=6, block_weapon=KNIFE),
        Weapon(name=""),
        Modifiers(defence="block"),
    ),
    (CARLA, SHOOTER, PISTOL, Modifiers(defence="ranged_block")),
    (
        Combatant(agilidad=5),
        Combatant(),
        Weapon(mode="ranged", ranged_type="fusil_asalto", category="letal"),
        Modifiers(defence="dodge", dodge_to_cover=True),
    ),
]
#: Raw ids that must never reach the user (levels, effects, option values).
RAW = re.compile(
    r"\b(magullado|lesionado|malherido|fortaleza|agilidad|sin_armas|peligrosa)\b|_|cd\."
)


def _resolutions():
    for forms in CASES:
        for seed in range(25):
            yield cd.SYSTEM.resolve(*forms, seed=seed)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_step_label_param_and_value_is_translated(lang):
    seen_labels = set()
    for r in _resolutions():
        for step in r.steps:
            seen_labels.add(step.label)
            assert i18n.has(step.label, lang), step.label
            text = i18n.t(step.label, lang, **dict(step.params))
            assert "{" not in text and not RAW.search(text.replace("d1", "")), text
            for key, value in step.derived.items():
                assert key.isidentifier(), key
                assert i18n.has(f"cd.derived.{key}", lang), key
                values = value if isinstance(value, tuple) else (value,)
                for v in values:
                    if isinstance(v, str) and key != "weapon":
                        assert re.fullmatch(r"[+−]\d+", v) or i18n.has(v, lang), (key, v)
    # named and unnamed combatants both reached, and the variants are real sentences
    assert {"cd.step.attack", "cd.step.attack.attacker", "cd.step.prone"} <= seen_labels
    assert {"cd.step.counter", "cd.step.wear.defender", "cd.step.ammo"} <= seen_labels
    assert {"cd.step.effective", "cd.step.effective.attacker"} <= seen_labels


def test_english_glosses_spanish_terms_and_unnamed_roles_read_naturally():
    assert i18n.t("cd.step.prone.defender", "es").startswith("Tirada de Fortaleza del defensor")
    assert i18n.t("cd.step.wear.attacker", "en") == "The armour of the attacker wears down"
    assert i18n.t("cd.step.ammo.attacker", "es") == "{weapon} del atacante: munición gastada"
    assert i18n.t("cd.step.ammo.defender", "en").startswith("The defender's {weapon}")
    assert i18n.t("cd.value.malherido", "en") == "Malherido (badly wounded)"
    assert i18n.t("cd.value.fortaleza", "en") == "Fortaleza (strength)"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_text_of_a_resolution_shows_no_raw_ids(lang):
    for r in _resolutions():
        for line in render.resolution_text(r, lang).splitlines()[1:]:
            shown = line.split("  («")[0]  # the rule citation quotes the seed in Spanish
            assert not RAW.search(shown), shown
