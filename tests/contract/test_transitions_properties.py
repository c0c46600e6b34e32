"""Properties of the exact after-state law (``s.transitions``, issue #16 item 1) for every
registered system that declares it, plus a toy system with a wound track (which proves
the properties can pass and fail before any real system has the law):

* the law sums to exactly 1 and its keys are form instances of the system's classes;
* the law of ``s.status(defender_after)`` is exactly ``s.odds(...).fate()`` (same
  marginals) for a defender still able to act, at defaults and with presets;
* a seeded Monte Carlo of ``s.resolve`` + ``s.after`` agrees with it within 6σ per
  after-state (σ = sqrt(p(1-p)/n)), and never lands on an after-state of probability 0.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import rolkit
from rolkit import RulesError
from tests.contract.toy import SYSTEM as TOY
from tests.contract.toy_fight import SYSTEM as TOY_FIGHT

ROLES = ("attacker", "defender", "weapon", "modifiers")
SYSTEM_IDS = [*rolkit.systems(), "toyf"]


def system(system_id: str) -> rolkit.System:
    return TOY_FIGHT if system_id == "toyf" else rolkit.get_system(system_id)


def with_law(system_id: str) -> rolkit.System:
    s = system(system_id)
    if not s.has_transitions:
        pytest.skip(f"{system_id} does not declare its after-state law yet")
    return s


def setups(s: rolkit.System) -> list[dict[str, Any]]:
    """Defaults, then each attacker preset against each defender preset (first few)."""
    base = s.defaults()
    out = [base]
    attackers = list(s.presets.get("attacker", {}).values())[:2]
    defenders = list(s.presets.get("defender", {}).values())[:2]
    for a in attackers:
        for d in defenders:
            out.append({**base, "attacker": a, "defender": d})
    return out


def after_state(s: rolkit.System, forms: dict[str, Any], seed: int) -> tuple[Any, Any, Any]:
    after = s.after(s.resolve(*(forms[r] for r in ROLES), seed=seed))
    return tuple(after.get(r, forms[r]) for r in ("attacker", "defender", "weapon"))


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_law_sums_to_one_over_forms_of_the_right_classes(system_id):
    s = with_law(system_id)
    for forms in setups(s):
        try:
            law = s.transitions(*(forms[r] for r in ROLES), with_weapon=True)
        except RulesError:
            continue
        assert sum(law.values()) == 1
        assert all(isinstance(p, Fraction) and p > 0 for p in law.values())
        for a, d, w in law:
            assert isinstance(a, s.forms["attacker"])
            assert isinstance(d, s.forms["defender"])
            assert isinstance(w, s.forms["weapon"])
        pairs = s.transitions(*(forms[r] for r in ROLES))
        assert sum(pairs.values()) == 1 and all(len(k) == 2 for k in pairs)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_defenders_fate_has_the_same_law_as_the_odds(system_id):
    s = with_law(system_id)
    checked = 0
    for forms in setups(s):
        if s.status(forms["defender"]) is not None:
            continue
        try:
            odds = s.odds(*(forms[r] for r in ROLES))
        except RulesError:
            continue
        law: dict[Any, Fraction] = {}
        for (_a, d), p in s.transitions(*(forms[r] for r in ROLES)).items():
            fate = s.status(d)
            law[fate] = law.get(fate, Fraction(0)) + p
        expected = {f: p for f, p in odds.fate().items() if p}
        assert {f: p for f, p in law.items() if p} == expected
        checked += 1
    assert checked


N_TRIALS = 1500


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_seeded_resolve_and_after_agree_with_the_law(system_id):
    s = with_law(system_id)
    forms = s.defaults()
    law = s.transitions(*(forms[r] for r in ROLES), with_weapon=True)
    counts = Counter(after_state(s, forms, seed) for seed in range(N_TRIALS))
    impossible = [k for k in counts if law.get(k, 0) == 0]
    assert impossible == [], (
        f"resolve + after reached states the law calls impossible: {impossible[:2]}"
    )
    failures = []
    for key, p in law.items():
        observed = counts.get(key, 0) / N_TRIALS
        sigma = math.sqrt(float(p) * (1 - float(p)) / N_TRIALS)
        if abs(observed - float(p)) > 6 * sigma + 1e-12:
            failures.append((float(p), observed))
    assert failures == []


def test_every_registered_system_declares_its_law():
    """Whole-fight odds work in every system: none may fall back to "not yet"."""
    assert [sid for sid in rolkit.systems() if not system(sid).has_transitions] == []
    assert all(system(sid).status_fn is not None for sid in rolkit.systems())


def test_a_wrong_law_is_caught():
    """The toy law with one after-state's mass moved is refused by the checks above."""
    forms = TOY_FIGHT.defaults()
    law = TOY_FIGHT.transitions(*(forms[r] for r in ROLES), with_weapon=True)
    (k1, p1), (k2, p2) = sorted(law.items(), key=lambda kv: -kv[1])[:2]
    wrong = {**law, k1: p1 + p2 / 2, k2: p2 / 2}
    counts = Counter(after_state(TOY_FIGHT, forms, seed) for seed in range(N_TRIALS))
    sigma = math.sqrt(float(wrong[k2]) * (1 - float(wrong[k2])) / N_TRIALS)
    assert abs(counts[k2] / N_TRIALS - float(wrong[k2])) > 6 * sigma


def test_status_refuses_a_form_of_another_class():
    with pytest.raises(RulesError):
        TOY_FIGHT.status("not a combatant")


def test_a_system_without_the_law_says_so_plainly():
    d = TOY.defaults()
    with pytest.raises(RulesError) as err:
        TOY.transitions(*(d[r] for r in ROLES))
    assert "Juguete" in err.value.message("es")
