"""Steps in both languages: every step label, ``derived`` label and value comes from the
catalogue in es and en; in English every label carries a gloss and no value is Spanish
except game terms, dice text and «quoted rule text» (the rule citation)."""

from __future__ import annotations

import functools
import re

import pytest

from rolkit import i18n
from rolkit.display.tables import format_derived
from rolkit.systems import gore as g

S = g.SYSTEM
P = S.presets
SMG = P["weapon"]["Subfusil"]
#: A value that is not a message key must be numbers, dice text, arrows, table names or
#: T10 numerals: nothing a reader would have to translate.
PLAIN = re.compile(r"^(T\d+|[IVX]+|[0-9Dd×/+\-−→ ,().=vs]+)$")

SCENARIOS = [
    (P["attacker"]["Guerrero (Hab. 60, FUE 13, TAM 14: MD +1D4)"], P["defender"]["Esquiva 40, armadura 2, 12 PG"], P["weapon"]["Espada ancha"], g.Modifiers()),
    (P["attacker"]["Guerrero (Hab. 60, FUE 13, TAM 14: MD +1D4)"], P["defender"]["Con broquel (bloqueo 50, 15 PG)"], P["weapon"]["Espada ancha"], g.Modifiers(defence="block", charge=True)),
    (P["attacker"]["Tirador (Hab. 60, DES 11)"], P["defender"]["Con rodela (bloqueo 50, 20 PG)"], SMG, g.Modifiers(bullets=5, distance_m=30.0, use_hit_locations=True, covered_locations=frozenset({"cabeza"}))),
    (g.Combatant(attack_skill=70, off_hand=True), g.Combatant(hp_max=8), P["weapon"]["Garrote ligero"], g.Modifiers(target_helpless=True, defence="none", ko_attempt=True, use_hit_locations=True, lighting="penumbra", target_surprised=True)),
    (g.Combatant(attack_skill=80), g.Combatant(hp_max=10, block_item=g.Shield(kind="grande", pg_max=22)), P["weapon"]["Espada ancha"], g.Modifiers(defence="none", strike_item=True, pull_blow=True)),
    (g.Combatant(attack_skill=90), g.Combatant(hp_max=10, pod=3), P["weapon"]["Lanza corta"], g.Modifiers(defence="dodge", relative_height="attacker_higher", situational_bonus=10)),
    (g.Combatant(attack_skill=150), g.Combatant(dodge_skill=90, block_skill=90), P["weapon"]["Daga"], g.Modifiers(attacks_this_round=3, defence="block")),
    (g.Combatant(attack_skill=50), g.Combatant(), g.Weapon(damage="1D3", kind="unarmed"), g.Modifiers(defence="none")),
    (g.Combatant(attack_skill=40), g.Combatant(), P["weapon"]["Arco largo"], g.Modifiers(distance_m=120.0, angle="down45", crowd=True)),
]  # fmt: skip


@functools.cache
def _steps() -> tuple:
    out = []
    for a, d, w, m in SCENARIOS:
        for seed in range(100):
            out.extend(S.resolve(a, d, w, m, seed=seed).steps)
    for check in S.checks.values():
        for seed in range(20):
            out.extend(check.resolve(check.defaults(), seed=seed).steps)
    return tuple(out)


def _has_gloss(key: str) -> bool:
    es, en = i18n.t(key, "es"), i18n.t(key, "en")
    return "(" in en or en != es


def test_every_step_label_key_and_value_is_in_the_catalogue():
    labels, keys, values = set(), set(), set()
    for step in _steps():
        labels.add(step.label)
        assert step.rule, step.label
        for key, value in step.derived.items():
            keys.add(key)
            if isinstance(value, str):
                values.add(value)
    for label in labels:
        assert i18n.has(label, "es") and i18n.has(label, "en"), label
        assert _has_gloss(label), label
    for key in keys:
        assert re.fullmatch(r"[a-z_0-9]+", key), key
        full = f"gore.derived.{key}"
        assert i18n.has(full, "es") and i18n.has(full, "en"), key
        assert "(" in i18n.t(full, "en"), key  # the English label glosses the Spanish term
    for value in values:
        if value.startswith("gore."):
            assert i18n.has(value, "es") and i18n.has(value, "en"), value
            assert _has_gloss(value) or i18n.t(value, "en") in ("Abdomen", "G.O.R.E."), value
        else:
            assert PLAIN.match(value), value
    seen = {label.removeprefix("gore.step.") for label in labels}
    assert {
        "skill", "attack_roll", "defence_roll", "dodge_table", "block_table", "no_defence",
        "location", "location_status", "cover", "shield", "shield_damage", "burst", "damage",
        "armour", "critical", "ko", "fumble", "wound", "serious", "check",
    } <= seen  # fmt: skip


@pytest.mark.parametrize(
    "word",
    [
        "tirada",
        "habilidad",
        "bruto",
        "tras la armadura",
        "sumas",
        "fracciones",
        "pérdidas",
        "permanente",
        "máx",
    ],
)
def test_english_steps_gloss_the_spanish_words_of_old(word):
    """The words the English UI showed bare before: each now comes with its gloss."""
    for step in _steps():
        text = format_derived(step.derived, "en", prefix="gore")
        for part in text.split(" · "):
            if word in part.lower():
                assert "(" in part, (word, part)
