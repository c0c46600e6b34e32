"""#26 No spec code («§2.2», «[BRP]», «P1/R3», «(P12)», «G24», «T11») in G.O.R.E.'s user
text: the catalogue, the step citations, every form's labels, help and choices, the
conditions, the short consequence lines and the hit-location table; and the short texts
themselves (one line per wound, T7 chances, T9 effects)."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest

from rolkit import fields
from rolkit.systems import gore as g
from rolkit.systems.gore import messages as m
from rolkit.systems.gore import view
from rolkit.systems.gore.checks import acts
from rolkit.systems.gore.checks import forms as check_forms

CODE = re.compile(r"§\s?\d|\[BRP\]|(?<![\w-])[PGTRVX]\d+(?:\.\d+)?(?!\w)")
FORMS = (
    g.Combatant,
    g.Weapon,
    g.Modifiers,
    g.Shield,
    g.GoreOptions,
    check_forms.SkillCheckForm,
    check_forms.CharacteristicCheckForm,
    check_forms.ResistanceForm,
    check_forms.FirstAidForm,
    acts.ActForm,
    acts.ReloadForm,
)


def _form_texts():
    for cls in FORMS:
        for name, spec in fields.describe(cls):
            yield f"{cls.__name__}.{name}", spec.label_for("es")
            yield f"{cls.__name__}.{name}", spec.label_for("en")
            for h in spec.help:
                yield f"{cls.__name__}.{name}.help", h
            for choice in spec.choices:
                yield f"{cls.__name__}.{name}.{choice.value}", choice.es
                yield f"{cls.__name__}.{name}.{choice.value}", choice.en


def _texts():
    yield from (("es:" + k, v) for k, v in m.ES.items())
    yield from (("en:" + k, v) for k, v in m.EN.items())
    yield from (("cite:" + k, v) for k, v in m.CITE.items())
    yield from _form_texts()
    for k, pair in g.forms.CONDITIONS.items():
        yield from ((f"condition:{k}", t) for t in pair)
    for lang in ("es", "en"):
        for row in view.location_table(lang):
            yield from (
                (f"location:{row.location}", t) for t in (row.label, row.disabled, row.severe)
            )


@pytest.mark.parametrize(("where", "text"), list(_texts()))
def test_no_spec_code_in_user_text(where, text):
    assert not CODE.search(text), (where, text)


def test_step_rules_are_plain():
    sword = g.Weapon(name="espada", damage="1D8+1")
    for mods in (
        g.Modifiers(),
        g.Modifiers(defence="block", use_hit_locations=True),
        g.Modifiers(defence="none", ko_attempt=True),
        g.Modifiers(target_surprised=True, lighting="oscuridad_total", focus_steps=1),
    ):
        for seed in range(60):
            d = g.Combatant(block_skill=40, block_item=g.Shield())
            r = g.SYSTEM.resolve(g.Combatant(attack_skill=70), d, sword, mods, seed=seed)
            for s in r.steps:
                assert not CODE.search(s.rule), s.rule
    for check in g.SYSTEM.checks.values():
        for seed in range(5):
            for s in check.resolve(check.defaults(), seed=seed).steps:
                assert not CODE.search(s.rule), s.rule


def test_plain_drops_codes_and_keeps_the_quote():
    assert m.plain("«Tabla de Pifia con armas» (P16, T11)") == "«Tabla de Pifia con armas»"
    assert m.plain("P2, §1.5: característica × N (×5 por defecto [BRP])") == (
        "característica × N (×5 por defecto)"
    )
    assert m.plain("«Hab. a 1/4, POD x3» (T1, P5.6)") == "«Hab. a 1/4, POD x3»"


def test_short_consequence_one_line_per_wound():
    for key in ("none", "leve", "grave", "mortal"):
        for lang in ("es", "en"):
            text = view.short_consequence(f"gore.wound.{key}", lang)
            assert text and "\n" not in text and len(text) < 100
            assert text == view.short_consequence(key, lang)
            assert m.ES[f"gore.consequence.{key}"] == view.short_consequence(key, "es")
    assert view.short_consequence(None) == view.short_consequence("none")
    assert view.short_consequence("nonsense") == ""
    assert "inconsciente" in view.short_consequence("grave")
    assert "Primeros Auxilios" in view.short_consequence("mortal")


def test_location_table_is_t7_and_t9():
    """T7 1–3, 4–6, 7–9, 10–12, 13–15, 16–18, 19–20; chances count the d20 faces."""
    rows = view.location_table("es")
    faces = {row.location: row.faces for row in rows}
    assert faces == {
        "pierna_derecha": "1–3",
        "pierna_izquierda": "4–6",
        "abdomen": "7–9",
        "pecho": "10–12",
        "brazo_derecho": "13–15",
        "brazo_izquierdo": "16–18",
        "cabeza": "19–20",
    }
    brute = {loc: F(sum(1 for d in range(1, 21) if g.hit_location(d) == loc), 20) for loc in faces}
    assert {row.location: row.chance for row in rows} == brute
    assert sum(brute.values()) == 1
    head = next(r for r in rows if r.location == "cabeza")
    assert head.severe == "Muerte en el acto" and head.chance == F(1, 10)
    assert [r.label for r in view.location_table("en")][3] == "Pecho (chest)"
