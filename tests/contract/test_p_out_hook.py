"""Every system that declares :attr:`~rolkit.system.System.p_out_fn` (#27 item 6 follow-up:
the "weakest" target policy's measure without the odds) agrees with its own odds: the hook's
Fraction is ``odds(...).p_down`` exactly, or it refuses as the odds refuse (or answers
``None``: not declared for those forms), on the defaults, each preset swapped in, and the
wounded targets the system's own after-state law reaches in one and two blows.

A toy system with a hook written apart (an enumeration face by face of its die and its
damage, not its odds) shows the check holds on a second system, and the same toy with a
hook that counts only "down" — and Ashes of War's with the same fault — are caught.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import rolkit
from rolkit import RulesError
from rolkit.dice import die, parse
from rolkit.system import FORM_NAMES
from tests.contract.toy_fight import SYSTEM as TOY_FIGHT
from tests.contract.toy_fight import Combatant as ToyCombatant


def _toy_p_out(a: Any, d: Any, w: Any, m: Any, o: Any) -> Fraction:
    """The toy's rules read apart from its odds: a hit is 1d6 + Pericia + bonus ≥ 4 +
    Defensa; its damage the weapon's roll, +1 on a 6 when the option says so, less the
    Armadura (never below 0); the defender is out when its PV after is ≤ 0."""
    out = Fraction(0)
    for face, p in die(6).items():
        if face + a.pericia + m.bonus < 4 + d.defensa:
            out += p if d.pv <= 0 else 0
            continue
        for rolled, q in parse(w.damage).distribution().items():
            dmg = max(0, rolled + (1 if face == 6 and o.crit_bonus else 0) - d.armadura)
            out += p * q if d.pv - dmg <= 0 else 0
    return out


def _toy_down_only(a: Any, d: Any, w: Any, m: Any, o: Any) -> Fraction:
    """Wrong on purpose: only "down" (0 ≥ PV after > −3), not "dead"."""
    odds = TOY_FIGHT.odds(a, d, w, m, o)
    return odds.probability(lambda v: v.fate == "down")


TOY_OUT = dataclasses.replace(TOY_FIGHT, p_out_fn=_toy_p_out)
SYSTEMS = {**{sid: rolkit.get_system(sid) for sid in rolkit.systems()}, "toyo": TOY_OUT}


def _forms(s: rolkit.System) -> list[dict[str, Any]]:
    """The defaults, then each preset swapped in, one role at a time."""
    base = s.defaults()
    out = [base]
    for role, presets in s.presets.items():
        out += [{**base, role: p} for p in presets.values()]
    return out


def _wounded(s: rolkit.System, forms: dict[str, Any], limit: int) -> list[Any]:
    """The defenders, still able to act, that one and then two blows of this attack leave
    (the system's after-state law), the likeliest first: up to ``limit``."""
    four = [forms[r] for r in FORM_NAMES]
    try:
        first = s.transitions(*four)
    except RulesError:
        return []
    reached: dict[Any, Fraction] = {}
    for (_a, d), p in first.items():
        reached[d] = reached.get(d, Fraction(0)) + p
        if s.status(d) is None:
            try:
                second = s.transitions(four[0], d, *four[2:])
            except RulesError:
                continue
            for (_a2, d2), q in second.items():
                reached[d2] = reached.get(d2, Fraction(0)) + p * q
    able = [d for d in reached if s.status(d) is None and d != forms["defender"]]
    return sorted(able, key=lambda d: -reached[d])[:limit]


def _disagreements(s: rolkit.System, limit: int = 25) -> tuple[list[Any], int, set[Any]]:
    """Every setup where ``s.p_out_fn`` and ``s.odds(...).p_down`` differ, how many the
    odds answered, and the fates those odds reach."""
    hook = s.p_out_fn
    assert hook is not None
    wrong: list[Any] = []
    answered = 0
    fates: set[Any] = set()
    options = s.options_type()
    for forms in _forms(s):
        for d in [forms["defender"], *_wounded(s, forms, limit)]:
            a, w, m = forms["attacker"], forms["weapon"], forms["modifiers"]
            try:
                odds = s.odds(a, d, w, m, options)
            except RulesError as err:
                try:
                    got = hook(a, d, w, m, options)
                except RulesError as mine:
                    if type(mine) is not type(err):
                        wrong.append((forms, d, type(mine), type(err)))
                    continue
                if got is not None:
                    wrong.append((forms, d, got, type(err)))
                continue
            answered += 1
            fates |= {f for f, p in odds.fate().items() if p}
            got = hook(a, d, w, m, options)
            if got is not None and got != odds.p_down:
                wrong.append((forms, d, got, odds.p_down))
    return wrong, answered, fates


@pytest.mark.parametrize("system_id", list(SYSTEMS))
def test_a_declared_hook_is_the_odds_p_down(system_id):
    s = SYSTEMS[system_id]
    if s.p_out_fn is None:
        pytest.skip(f"{system_id} declares no p_out_fn (its measure reads the odds)")
    wrong, answered, fates = _disagreements(s)
    assert not wrong, f"{len(wrong)} setups disagree, e.g. {wrong[0]}"
    assert answered >= 20
    assert fates & {"down", "dying", "dead"}, "no setup where the attack can put one out"


def test_ashes_of_war_declares_it_and_its_setups_reach_every_fate():
    s = SYSTEMS["ashes_of_war"]
    assert s.p_out_fn is not None
    _, answered, fates = _disagreements(s, limit=5)
    assert answered >= 20 and {"down", "dead"} <= fates


def test_the_toy_reaches_both_of_its_fates_and_a_target_out_already():
    _, answered, fates = _disagreements(TOY_OUT)
    assert answered >= 20 and {"down", "dead"} <= fates
    d = ToyCombatant(pv=0)
    a, w, m = (TOY_OUT.defaults()[r] for r in ("attacker", "weapon", "modifiers"))
    assert _toy_p_out(a, d, w, m, TOY_OUT.options_type()) == 1


@pytest.mark.parametrize(
    "wrong_system",
    [
        dataclasses.replace(TOY_FIGHT, p_out_fn=_toy_down_only),
        dataclasses.replace(
            rolkit.get_system("ashes_of_war"),
            p_out_fn=lambda *five: (
                rolkit.get_system("ashes_of_war")
                .odds(*five)
                .probability(lambda v: v.fate == "down")
            ),
        ),
    ],
    ids=["toy", "ashes_of_war"],
)
def test_a_hook_that_counts_only_down_is_caught(wrong_system: rolkit.System):
    wrong, _, _ = _disagreements(wrong_system, limit=5)
    assert wrong


def _always(value: Any) -> Callable[..., Any]:
    return lambda *_: value


def test_a_hook_that_answers_none_defers_and_a_constant_one_is_caught():
    assert not _disagreements(dataclasses.replace(TOY_FIGHT, p_out_fn=_always(None)))[0]
    aow = rolkit.get_system("ashes_of_war")
    assert _disagreements(dataclasses.replace(aow, p_out_fn=_always(Fraction(0))), limit=2)[0]


def _toy_party_fights(system: rolkit.System) -> Any:
    """A seeded simulation of the toy's 2 v 3 whose "weakest" policy ranks three foes of
    different Armadura and PV (a single-blow system: the chain's own target choice)."""
    from rolkit.fight import odds_of_fighters

    a, w = (system.defaults()[r] for r in ("attacker", "weapon"))
    foes = [
        ToyCombatant(pv=p, pericia=1, defensa=0, armadura=r) for p, r in ((6, 0), (3, 1), (4, 2))
    ]
    party = [(f"A{i}", "a", a, w) for i in range(2)] + [
        (f"B{i}", "b", f, w) for i, f in enumerate(foes)
    ]
    r = odds_of_fighters(system, party, method="simulate", simulations=200, seed=3, rounds_shown=0)
    return r.p_win, r.p_draw, r.fates, r.rounds_law


def test_a_single_blow_chain_reads_the_hook_for_its_targets():
    """The chain's own target choice (single-blow systems, :meth:`rolkit.fight.chain.Chain.
    p_out_by` when simulating) reads a declared hook, as the actions' measure does, and
    draws the same seeded fights as the odds' ``p_down``; a hook that answers 0 for every
    foe (the turn order) draws other fights (not vacuous)."""
    calls: list[int] = []

    def counted(*five: Any) -> Fraction | None:
        calls.append(1)
        return _toy_p_out(*five)

    on = _toy_party_fights(dataclasses.replace(TOY_FIGHT, p_out_fn=counted))
    assert calls
    assert on == _toy_party_fights(TOY_FIGHT)
    assert on != _toy_party_fights(dataclasses.replace(TOY_FIGHT, p_out_fn=lambda *f: Fraction(0)))
