"""rolkit.model: System's seeded resolve/odds, Odds marginals, errors."""

from fractions import Fraction

import pytest

from rolkit import FieldRangeError, ImpossibleActionError, RulesError
from rolkit.dice import ScriptedDice
from tests.contract.toy import SYSTEM, Attacker, Defender, Modifiers, Options, Weapon

FORMS = (Attacker(), Defender(), Weapon(), Modifiers())


def test_odds_sum_to_one_and_match_hand_computation():
    odds = SYSTEM.odds(*FORMS)
    assert odds.total == 1
    # target 4 on 1d6: faces 4, 5, 6 hit.
    assert odds.p_hit == Fraction(1, 2)
    assert odds.p_critical == Fraction(1, 6)
    # E[damage] = 2/6 * 2.5 + 1/6 * 5
    assert odds.expected_damage == Fraction(2, 6) * Fraction(5, 2) + Fraction(1, 6) * 5
    assert odds.flag("crit") == Fraction(1, 6)
    assert odds.flags() == ["crit"]


def test_odds_marginals():
    odds = SYSTEM.odds(*FORMS)
    damage = odds.damage()
    assert list(damage) == sorted(damage)
    assert sum(damage.values()) == 1
    assert damage[0] == Fraction(1, 2)
    classes = odds.outcome_classes()
    assert list(classes)[0] == (-1, "miss", None)
    assert sum(classes.values()) == 1
    wound = odds.wound()
    assert list(wound)[0] == (0, None)
    assert odds[(False, False, 0)] == Fraction(1, 2)
    assert odds[("no such key",)] == 0
    with pytest.raises(TypeError):
        bool(odds)


def test_resolve_records_seed_and_replays_exactly():
    r = SYSTEM.resolve(*FORMS, seed=1234)
    again = SYSTEM.resolve(*FORMS, seed=1234)
    assert r == again
    assert r.seed == 1234
    assert r.view == SYSTEM.project(r.key)
    assert SYSTEM.odds(*FORMS)[r.key] > 0
    auto = SYSTEM.resolve(*FORMS)
    assert auto.seed >= 1 and SYSTEM.resolve(*FORMS, seed=auto.seed) == auto


@pytest.mark.parametrize("seed", [-1, 2**31, 1.5, "7", True])
def test_bad_seed_is_a_field_error(seed):
    with pytest.raises(FieldRangeError) as info:
        SYSTEM.resolve(*FORMS, seed=seed)
    assert info.value.field == "seed"


def test_wrong_form_type_names_the_role():
    with pytest.raises(RulesError) as info:
        SYSTEM.odds(Defender(), Defender(), Weapon(), Modifiers())
    assert info.value.field == "attacker"
    with pytest.raises(RulesError) as info:
        SYSTEM.odds(*FORMS, options="x")
    assert info.value.field == "options"


def test_options_reach_the_rules():
    plain = SYSTEM.odds(*FORMS, options=Options(crit_doubles=False))
    assert plain.expected_damage < SYSTEM.odds(*FORMS).expected_damage


def test_impossible_action_surfaces_as_rules_error():
    with pytest.raises(ImpossibleActionError):
        SYSTEM.resolve(Attacker(3), Defender(), Weapon(), Modifiers(blind=True), seed=1)


def test_resolve_fn_with_scripted_dice():
    steps, outcome, key = SYSTEM.resolve_fn(*FORMS, Options(), ScriptedDice([6, 3]))
    assert key == (True, True, 6)
    assert [s.dice for s in steps] == [(6,), (3,)]


def test_defaults_are_fresh_instances():
    d = SYSTEM.defaults()
    assert set(d) == {"attacker", "defender", "weapon", "modifiers"}
    assert d["attacker"] == Attacker()


def test_rules_error_carries_data_in_both_languages():
    err = RulesError(
        "x must be 1 (got 2)", field="x", allowed="1", got=2, message_es="x debe ser 1"
    )
    assert isinstance(err, ValueError)
    assert (err.field, err.allowed, err.got) == ("x", "1", 2)
    assert err.message("en") == str(err) == "x must be 1 (got 2)"
    assert err.message("es") == "x debe ser 1"


def test_options_carried_in_the_modifiers_form():
    """A system whose spec puts options inside the modifiers (options_field)."""
    import dataclasses

    from rolkit import fields

    @dataclasses.dataclass(frozen=True)
    class Mods:
        blind: bool = fields.flag_field(False, label=("a", "a"), help=("h", "h"))
        options: Options = fields.nested_field(Options, label=("o", "o"), help=("h", "h"))

    seen = []

    def odds_fn(a, d, w, m, o):
        seen.append((m.options, o))
        return {(False, False, 0): Fraction(1)}

    s = dataclasses.replace(
        SYSTEM, forms={**SYSTEM.forms, "modifiers": Mods}, odds_fn=odds_fn, options_field="options"
    )
    plain, house = Options(), Options(crit_doubles=False)
    s.odds(Attacker(), Defender(), Weapon(), Mods(options=house))
    s.odds(Attacker(), Defender(), Weapon(), Mods(options=house), options=plain)
    assert seen == [(house, house), (plain, plain)]


# --------------------------------------------------------------------------- after()
def _toy_after(outcome):
    """Toy rule for the test: a hit raises the target by 1 (capped); modifiers never move."""
    hit, _crit, _dmg = outcome
    return {
        "defender": Defender(target=min(7, 4 + hit)),
        "attacker": Attacker(),
        "modifiers": Modifiers(blind=True),
    }


def test_after_without_after_fn_is_empty():
    r = SYSTEM.resolve(*FORMS, seed=3)
    assert SYSTEM.after_fn is None and not SYSTEM.tracks_state
    assert SYSTEM.after(r) == {}


def test_after_with_after_fn_returns_the_changed_roles_only():
    import dataclasses

    system = dataclasses.replace(SYSTEM, after_fn=_toy_after)
    assert system.tracks_state
    r = system.resolve(
        *FORMS, seed=next(s for s in range(1, 200) if system.resolve(*FORMS, seed=s).view.hit)
    )
    after = system.after(r)
    # the attacker came back unchanged and modifiers are never part of the after-state
    assert after == {"defender": Defender(target=5)}
    miss = system.resolve(
        *FORMS, seed=next(s for s in range(1, 200) if not system.resolve(*FORMS, seed=s).view.hit)
    )
    assert system.after(miss) == {}


def test_after_rejects_another_systems_resolution():
    import dataclasses

    system = dataclasses.replace(SYSTEM, after_fn=_toy_after)
    other = dataclasses.replace(system, id="other")
    with pytest.raises(RulesError) as info:
        other.after(system.resolve(*FORMS, seed=1))
    assert info.value.field == "system"
