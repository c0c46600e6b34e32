"""Properties every registered system must have, driven only by the System API and the
field metadata (so a newly registered system is covered with no new test code):

* the forms are complete: defaults construct, every field has labels and help in es/en;
* every single field pushed out of its declared range raises a RulesError naming it;
* exact odds sum to exactly 1, for defaults, presets and random valid forms;
* P(hit) never decreases along the system's two ``grid_axes`` (attribute and skill);
* ``resolve`` with the same seed gives the same Resolution, and its key has odds > 0;
* exact odds agree with a seeded Monte Carlo of ``resolve`` within 6 standard deviations
  per outcome (tolerance ``6 * sqrt(p * (1 - p) / n)``).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rolkit
from rolkit import RulesError, fields
from tests.contract.toy import SYSTEM as TOY_SYSTEM

# Every registered system, plus a toy system built from the foundation alone, which proves
# these properties can fail and pass before any real system exists.
SYSTEM_IDS = [*rolkit.systems(), "toy"]
ROLES = ("attacker", "defender", "weapon", "modifiers")


def system(system_id: str) -> rolkit.System:
    return TOY_SYSTEM if system_id == "toy" else rolkit.get_system(system_id)


def forms_of(s: rolkit.System, **overrides: Any) -> list[Any]:
    d = s.defaults()
    d.update(overrides)
    return [d[r] for r in ROLES]


def all_form_classes(s: rolkit.System) -> list[type]:
    """The four forms, the options and every nested sub-form, once each."""
    seen: list[type] = []
    todo = [*s.forms.values(), s.options_type]
    while todo:
        cls = todo.pop(0)
        if cls in seen:
            continue
        seen.append(cls)
        todo += [spec.nested for _, spec in fields.describe(cls) if spec.kind == "nested"]
    return seen


# --------------------------------------------------------------------------- completeness
@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_system_object_is_complete(system_id):
    s = system(system_id)
    assert s.id == system_id
    assert set(s.forms) == set(ROLES)
    assert s.display_name("es") and s.display_name("en")
    s.options_type()
    for role, cls in s.forms.items():
        assert isinstance(cls(), cls), role
    for role, presets in s.presets.items():
        assert role in ROLES
        for name, preset in presets.items():
            assert isinstance(preset, s.forms[role]), (role, name)
    assert s.grid_axes is not None and len(s.grid_axes) == 2


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_field_has_labels_help_and_a_default_inside_its_bounds(system_id):
    for cls in all_form_classes(system(system_id)):
        described = fields.describe(cls)
        declared = [f.name for f in dataclasses.fields(cls)]
        assert [n for n, _ in described] == declared, f"{cls.__name__}: a field lacks metadata"
        instance = cls()
        for name, spec in described:
            for lang in ("es", "en"):
                assert spec.label_for(lang).strip(), (cls.__name__, name, lang)
                assert spec.help_for(lang).strip(), (cls.__name__, name, lang)
            value = getattr(instance, name)
            if spec.kind in ("int", "float") and value is not None:
                assert spec.min <= value <= (spec.max if spec.max is not None else math.inf)


# --------------------------------------------------------------------------- validation
def out_of_range_values(spec: fields.FieldSpec) -> list[Any]:
    """Values a tampering browser or a typo could send, each outside the metadata."""
    if spec.kind == "int":
        return [spec.min - 1, spec.max + 1, "3", 2.5]
    if spec.kind == "float":
        bad = [spec.min - 1, float("nan"), "x"]
        return bad + ([spec.max + 1] if spec.max is not None else [])
    if spec.kind == "choice":
        return ["__no_such_choice__", 3.5]
    if spec.kind == "flag":
        return ["yes", 1]
    if spec.kind == "dice":
        return ["1d", "2*3", "__import__('os')"]
    if spec.kind == "text":
        return [42]
    if spec.kind == "multichoice":
        return [frozenset({"__no_such_choice__"})]
    if spec.kind == "int_map":
        key = spec.choices[0].value
        return [{key: spec.max + 1}, {"__no_such_key__": spec.min}]
    if spec.kind == "nested":
        return ["not a form"]
    raise AssertionError(spec.kind)


def field_cases():
    for system_id in SYSTEM_IDS:
        for cls in all_form_classes(system(system_id)):
            for name, spec in fields.describe(cls):
                for value in out_of_range_values(spec):
                    yield pytest.param(
                        cls, name, value, id=f"{system_id}-{cls.__name__}.{name}={value!r}"
                    )


@pytest.mark.parametrize(("cls", "name", "value"), list(field_cases()))
def test_every_out_of_range_field_raises_a_rules_error_naming_it(cls, name, value):
    with pytest.raises(RulesError) as info:
        cls(**{name: value})
    err = info.value
    assert err.field is not None and err.field.split(".")[-1] == name, err.field
    assert err.message("es") and err.message("en")
    assert "Traceback" not in str(err)


# --------------------------------------------------------------------------- exact odds
@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_odds_at_defaults_sum_to_exactly_one(system_id):
    s = system(system_id)
    odds = s.odds(*forms_of(s))
    assert odds.total == 1
    assert all(p > 0 for _, p in odds.items())
    assert 0 <= odds.p_hit <= 1 and 0 <= odds.p_critical <= 1
    assert odds.expected_damage >= 0


def preset_combinations(s: rolkit.System) -> list[dict[str, Any]]:
    """Defaults with each preset swapped in, one role at a time."""
    combos = []
    for role, presets in s.presets.items():
        for preset in presets.values():
            combos.append({role: preset})
    return combos


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_odds_with_every_preset_sum_to_one_or_refuse_plainly(system_id):
    s = system(system_id)
    valid = 0
    for combo in preset_combinations(s):
        try:
            odds = s.odds(*forms_of(s, **combo))
        except RulesError:
            continue
        valid += 1
        assert odds.total == 1, combo
    assert valid >= 1


def value_strategy(spec: fields.FieldSpec):
    """Values inside the metadata of one field (wide int ranges sampled near their ends)."""
    if spec.kind == "int":
        lo, hi = int(spec.min), int(spec.max)
        base = (
            st.integers(lo, hi)
            if hi - lo <= 30
            else st.sampled_from(
                sorted(
                    {lo, lo + 1, (lo + hi) // 2, hi - 1, hi}
                    | set(range(lo, min(hi, lo + 100) + 1, 5))
                )
            )
        )
        return st.one_of(st.none(), base) if spec.optional else base
    if spec.kind == "choice":
        base = st.sampled_from(spec.choice_values())
        return st.one_of(st.none(), base) if spec.optional else base
    if spec.kind == "flag":
        return st.booleans()
    if spec.kind == "nested":
        inner = form_strategy(spec.nested)
        return st.one_of(st.none(), inner) if spec.optional else inner
    return st.just(spec.default) if spec.kind not in ("multichoice", "int_map") else st.nothing()


def form_strategy(cls: type):
    kwargs = {
        name: value_strategy(spec)
        for name, spec in fields.describe(cls)
        if spec.kind not in ("text", "dice", "float", "multichoice", "int_map")
    }

    def build(values):
        try:
            return cls(**values)
        except RulesError:
            return None

    return st.fixed_dictionaries(kwargs).map(build)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_random_valid_forms_give_odds_summing_to_one_and_a_resolvable_key(system_id):
    s = system(system_id)
    strategies = {role: form_strategy(cls) for role, cls in s.forms.items()}

    @settings(
        max_examples=60,
        deadline=None,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
    )
    @given(st.fixed_dictionaries(strategies), st.integers(0, 2**31 - 1))
    def check(forms, seed):
        assume(all(f is not None for f in forms.values()))
        try:
            odds = s.odds(*(forms[r] for r in ROLES))
        except RulesError:
            with pytest.raises(RulesError):
                s.resolve(*(forms[r] for r in ROLES), seed=seed)
            return
        assert odds.total == 1
        r = s.resolve(*(forms[r] for r in ROLES), seed=seed)
        assert odds[r.key] > 0, r.key

    check()


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_hit_chance_never_decreases_along_the_grid_axes(system_id):
    s = system(system_id)
    for role, name in s.grid_axes:
        spec = dict(fields.describe(s.forms[role]))[name]
        previous = None
        checked = 0
        for value in range(int(spec.min), int(spec.max) + 1):
            try:
                odds = s.odds(
                    *forms_of(s, **{role: dataclasses.replace(s.defaults()[role], **{name: value})})
                )
            except RulesError:
                continue
            if previous is not None:
                assert odds.p_hit >= previous, f"{role}.{name}={value}"
            previous = odds.p_hit
            checked += 1
            if checked > 60:
                break
        assert checked >= 2, f"{role}.{name}: fewer than two valid values"


# --------------------------------------------------------------------------- resolve
@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_same_seed_same_resolution(system_id):
    s = system(system_id)
    for seed in (0, 1, 99, 2**31 - 1):
        a = s.resolve(*forms_of(s), seed=seed)
        b = s.resolve(*forms_of(s), seed=seed)
        assert a == b
        assert a.seed == seed
        assert a.steps, "a resolution records its steps"


def monte_carlo_cases():
    for system_id in SYSTEM_IDS:
        s = system(system_id)
        yield pytest.param(system_id, {}, id=f"{system_id}-defaults")
        combos = preset_combinations(s)
        for i, combo in enumerate(combos[:3]):
            yield pytest.param(system_id, combo, id=f"{system_id}-preset{i}")


N_TRIALS = 3000


@pytest.mark.parametrize(("system_id", "combo"), list(monte_carlo_cases()))
def test_exact_odds_agree_with_seeded_monte_carlo(system_id, combo):
    s = system(system_id)
    forms = forms_of(s, **combo)
    try:
        odds = s.odds(*forms)
    except RulesError:
        pytest.skip("this preset combination is not a legal attack")
    counts = Counter(s.resolve(*forms, seed=seed).key for seed in range(N_TRIALS))
    unknown = [k for k in counts if odds[k] == 0]
    assert unknown == [], f"resolve produced outcomes the odds call impossible: {unknown[:3]}"
    failures = []
    for key, p in itertools.chain(odds.items()):
        observed = counts.get(key, 0) / N_TRIALS
        sigma = math.sqrt(float(p) * (1 - float(p)) / N_TRIALS)
        if abs(observed - float(p)) > 6 * sigma + 1e-12:
            failures.append((key, float(p), observed))
    assert failures == []
