"""The system author's kit: errors as a leaf, display one way, namespaced i18n, labels,
presets as data, one clear_caches(), checks as procedures, fate and location in Odds."""

from __future__ import annotations

import ast
import dataclasses
import functools
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

import rolkit
from rolkit import errors, fields, i18n, memo, reprs
from rolkit.dice import ScriptedDice
from rolkit.model import CheckOdds, CheckResolution, Odds, OutcomeView

from .toy import CHECK, SYSTEM, Attacker, CheckForm, Defender, Modifiers, Weapon

ROOT = Path(rolkit.__file__).parent


def _rolkit_imports(path: Path) -> set[str]:
    """Every rolkit module ``path`` imports, at any depth of the file (functions included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("rolkit")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rolkit"):
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


@pytest.mark.parametrize("module", ["errors", "reprs"])
def test_leaf_modules_import_nothing_of_rolkit(module):
    assert _rolkit_imports(ROOT / f"{module}.py") == set()


@pytest.mark.parametrize("module", ["model", "dice", "fields", "errors", "reprs", "i18n", "memo"])
def test_the_model_never_imports_display(module):
    imported = _rolkit_imports(ROOT / f"{module}.py")
    assert not any(m.startswith("rolkit.display") for m in imported), imported
    assert "rolkit.system" not in imported and "rolkit.systems" not in imported


def test_dice_and_fields_take_errors_from_the_leaf():
    for module in ("dice", "fields"):
        imported = _rolkit_imports(ROOT / f"{module}.py")
        assert "rolkit.errors" in imported and "rolkit.model" not in imported, module


def test_every_system_error_subclasses_the_shared_ones():
    for sid in rolkit.systems():
        package = __import__(f"rolkit.systems.{sid}.errors", fromlist=["*"])
        own = [
            v
            for v in vars(package).values()
            if isinstance(v, type) and issubclass(v, Exception) and v.__module__ == package.__name__
        ]
        assert own, sid
        # every error a system raises is a shared FieldRangeError or ImpossibleActionError;
        # a root class of the system's own tree may sit above them (the spec names one)
        leaves = [c for c in own if not any(o is not c and issubclass(o, c) for o in own)]
        for cls in leaves:
            assert issubclass(cls, errors.FieldRangeError | errors.ImpossibleActionError), cls
        for cls in own:
            assert issubclass(cls, errors.RulesError), cls


# --------------------------------------------------------------------------- errors
def test_error_factories_name_the_label_in_both_languages():
    with pytest.raises(errors.FieldRangeError) as info:
        errors.check_int(10, 1, 9, field="fortaleza", label=fields.label("Fortaleza", "strength"))
    err = info.value
    assert err.field == "fortaleza" and err.got == 10 and err.allowed == "1..9"
    assert str(err) == "Fortaleza (strength) must be a whole number from 1 to 9 (got 10)"
    assert err.message("es") == "Fortaleza debe ser un número entero de 1 a 9 (recibido 10)"
    assert errors.check_int(3, 1, 9, field="x") == 3
    with pytest.raises(errors.FieldRangeError):
        errors.check_int(True, 0, 9, field="x")
    with pytest.raises(errors.ImpossibleActionError, match="one of: a, b"):
        errors.check_choice("c", ("a", "b"), field="d", cls=errors.ImpossibleActionError)
    assert errors.check_choice("a", ("a", "b"), field="d") == "a"


def test_a_huge_value_never_breaks_the_message():
    huge = 10**5000
    with pytest.raises(errors.FieldRangeError) as info:
        errors.check_int(huge, 0, 9, field="x")
    assert len(str(info.value)) < 200
    with pytest.raises(errors.FieldRangeError) as info:
        Attacker(bonus=huge)
    assert len(str(info.value)) < 200


# --------------------------------------------------------------------------- i18n
def test_register_is_namespaced_and_refuses_a_conflicting_text():
    i18n.register("kit_test", {"es": {"a": "uno"}, "en": {"a": "one"}})
    assert i18n.t("kit_test.a", "en") == "one"
    i18n.register("kit_test", {"es": {"a": "uno"}})  # same text again: fine
    with pytest.raises(i18n.CatalogConflictError):
        i18n.register("kit_test", {"es": {"a": "otro"}})
    assert i18n.t("kit_test.a", "es") == "uno"  # nothing was overwritten
    with pytest.raises(i18n.CatalogConflictError):
        i18n.register("", {"es": {"roll": "Lanzar"}})  # nor a shared message
    i18n.register_pairs("kit_test", {"b": ("dos", "dos (two)")})
    assert i18n.t("kit_test.b", "en") == "dos (two)"


def test_term_prefers_the_system_then_the_shared_label():
    assert i18n.term("toy", "flag", "crit", "en") == "critical"
    assert i18n.term("toy", "flag", "counter", "es") == "contraataque"  # shared
    assert i18n.term("toy", "flag", "nothing_here", "es") == "nothing_here"


def test_gloss_labels():
    assert fields.label("Pelea", gloss="melee skill") == ("Pelea", "Pelea (melee skill)")
    assert fields.label("PG") == ("PG", "PG")
    assert fields.label("Daño", en="Damage") == ("Daño", "Damage")


# --------------------------------------------------------------------------- presets as data
def test_presets_are_plain_data_and_build_valid_forms():
    assert SYSTEM.preset_data["weapon"]["Hacha"] == {"damage": "1D8+1"}
    axe = SYSTEM.presets["weapon"]["Hacha"]
    assert isinstance(axe, Weapon) and axe.damage == "1D8+1"
    assert fields.from_data(Weapon, fields.to_data(axe)) == axe


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_every_preset_round_trips_through_data(system_id):
    s = rolkit.get_system(system_id)
    for role, table in s.presets.items():
        for name, form in table.items():
            data = fields.to_data(form)
            assert fields.from_data(s.forms[role], data) == form, (role, name)


def test_bad_preset_data_names_the_entry_and_the_field():
    with pytest.raises(rolkit.RulesError) as info:
        fields.from_data(Attacker, {"bonus": 9}, where="attacker: Bruno")
    assert "attacker: Bruno" in str(info.value) and "bonus" in str(info.value)
    with pytest.raises(rolkit.RulesError, match="unknown field 'fuerza'"):
        fields.from_data(Attacker, {"fuerza": 1}, where="attacker: Bruno")
    with pytest.raises(rolkit.RulesError, match="table of field values"):
        fields.from_data(Attacker, [1, 2], where="attacker: Bruno")


# --------------------------------------------------------------------------- caches
def test_clear_caches_reaches_registered_and_forgotten_caches():
    calls = []

    @memo.memo
    def registered(x):
        calls.append(x)
        return x

    registered(1)
    registered(1)
    assert calls == [1]
    n = rolkit.clear_caches()
    registered(1)
    assert calls == [1, 1] and n >= 1
    # a module-level lru_cache nobody registered is found too
    from rolkit import dice

    dice.distribution_of("3d6")
    assert dice._expression_distribution.cache_info().currsize > 0
    rolkit.clear_caches()
    assert dice._expression_distribution.cache_info().currsize == 0
    assert isinstance(dice._expression_distribution, functools._lru_cache_wrapper)


# --------------------------------------------------------------------------- display
def test_display_goes_through_the_registry():
    o = SYSTEM.odds(Attacker(), Defender(), Weapon(), Modifiers())
    assert reprs.renderer(o, "html") is not None
    assert repr(o).startswith("Odds(system='toy'")  # structural, no renderer involved

    class Custom(Odds):
        pass

    reprs.register(Custom, "text", lambda obj: "custom!")
    custom = Custom("toy", o.probabilities, o.project)
    assert custom.describe() == "custom!"
    assert reprs.renderer(custom, "html") is reprs.renderer(o, "html")  # inherits Odds'
    assert "rolkit-odds-card" in custom._repr_html_()


# --------------------------------------------------------------------------- fate, location
def test_fate_marginals_are_exact():
    o = SYSTEM.odds(Attacker(bonus=3), Defender(target=2), Weapon("1D4"), Modifiers())
    # every face hits; only a 6 (doubling 1D4 to 2, 4, 6, 8) reaches 5: 6 drops, 8 kills
    assert o.p_dead == Fraction(1, 6) * Fraction(1, 4)
    assert o.p_down == Fraction(1, 6) * Fraction(2, 4)
    assert o.fate() == {None: Fraction(11, 12), "down": Fraction(1, 24), "dead": Fraction(1, 24)}
    assert o.location() == {None: 1}
    assert "muere" in o.describe().splitlines()[0]  # the headline names the fate
    assert "crítico" in o.describe().splitlines()[0] and "espectacular" not in o.describe()


def test_outcome_view_defaults_keep_old_projections_valid():
    v = OutcomeView(True, False, 3, None, 0)
    assert v.location is None and v.fate is None and v.prone is False


# --------------------------------------------------------------------------- checks
def test_a_check_is_a_procedure_of_the_system():
    chk = SYSTEM.checks["check"]
    assert chk.system == "toy" and chk is not CHECK  # the System stamped its id on it
    law = chk.odds(CheckForm(bonus=1, target=5))
    assert isinstance(law, CheckOdds)
    assert [d.id for d in law.degrees] == ["pifia", "fallo", "exito"]
    assert law.probabilities == {
        "pifia": Fraction(1, 6),
        "fallo": Fraction(2, 6),
        "exito": Fraction(3, 6),
    }
    assert law.p_success == Fraction(1, 2) and law.total == 1
    r = chk.resolve(CheckForm(bonus=1, target=5), seed=11)
    assert isinstance(r, CheckResolution) and r.seed == 11
    assert chk.resolve(CheckForm(bonus=1, target=5), seed=11) == r
    assert r.success == (r.degree.id == "exito")
    assert "semilla 11" in r.describe() and r._repr_html_().count("<table") == 1
    assert "Éxito" in law.describe() or "Pifia" in law.describe()


def test_check_resolve_is_exact_against_every_face():
    chk = SYSTEM.checks["check"]
    form = CheckForm(bonus=2, target=6)
    counts: dict[str, int] = {}
    for face in range(1, 7):
        _, _, degree = chk.resolve_fn(form, None, ScriptedDice([face]))
        counts[degree] = counts.get(degree, 0) + 1
    assert chk.odds(form).probabilities == {k: Fraction(v, 6) for k, v in counts.items()}


def test_check_rejects_a_wrong_form():
    with pytest.raises(rolkit.RulesError, match="form must be a CheckForm"):
        SYSTEM.checks["check"].odds(Attacker())


@dataclass(frozen=True)
class _Outcome:
    defender_after: Defender


def test_default_after_adapter_reads_role_after_attributes():
    from rolkit.system import after_attributes

    assert after_attributes(_Outcome(Defender(target=3))) == {"defender": Defender(target=3)}


def test_derived_values_show_what_the_engine_uses_for_empty_fields():
    for sid in rolkit.systems():
        s = rolkit.get_system(sid)
        for role, form in s.defaults().items():
            values = s.derived(role, form)
            for name, value in values.items():
                if "." in name:  # a nested form's field: "block_item.pg_current"
                    head, _, rest = name.partition(".")
                    assert getattr(getattr(form, head), rest) is None, (sid, role, name)
                    continue
                assert getattr(form, name) is None, (sid, role, name)  # only empty fields
                filled = dataclasses.replace(form, **{name: value})
                # filling the field with the shown value changes nothing the engine computes
                forms = {**s.defaults(), role: filled}
                base = {**s.defaults(), role: form}
                assert s.odds(**forms).probabilities == s.odds(**base).probabilities, (sid, name)
