"""T1/T4 The forms whole-fight odds intern as one (#27 item 3,
:mod:`rolkit.systems.tierkreis.rules.canonical`): a fumble's mental −2 in a fight where no
check rolls INT, CAR or SUE.

* every rule of such a fight (status, turn start and end, every action's law and refusal,
  as actor and as target, both P3 modes) reads two forms that differ only in it alike, up
  to the same difference (a bisimulation, checked form by form);
* whole fights solved exactly give the same Fractions with and without it, with fewer
  states; a wrong normalisation (dropping the physical −2 too) changes them;
* a fight whose weapon attacks or dodges on a mental characteristic keeps every form;
* the GM's own forms keep the −2 (only the chain's interning drops it).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import rolkit
from rolkit.actions import ActionContext, AttackAction
from rolkit.errors import RulesError
from rolkit.fight.chain import Chain
from rolkit.fight.odds import exact
from rolkit.fight.spec import FightSpec
from rolkit.systems import tierkreis as tk
from rolkit.systems.tierkreis.after import status_of
from rolkit.systems.tierkreis.checks.maneuvers import _opponent_target, maneuver_target
from rolkit.systems.tierkreis.rules.canonical import (
    MANEUVER_CODES,
    canonical,
    rolled_codes,
    without_mental,
)
from rolkit.systems.tierkreis.turns import turn_end, turn_start
from tests.systems.tierkreis.tk_fixtures import BOW, mods

S = rolkit.get_system("tierkreis")
#: The same system without the hook: every form kept (the reference).
PLAIN = dataclasses.replace(S, canonical_fn=None)

TWO_HANDED = tk.Weapon(name="hacha", kind="melee_2h", damage=2)
WEAPONS = (tk.UNARMED, tk.KNIFE, BOW, TWO_HANDED)
MODIFIERS = {"default": tk.Modifiers(), "timed −2": mods(fumble_penalty_expires=True)}


def _forms() -> list[tk.Combatant]:
    """Combatants in every condition a fight's rules write (PV, prone, free attack, each
    fumble −2 with and without its count), PC and NPC."""
    out = []
    for player, health, prone, free, penalty, counts in itertools.product(
        (True, False),
        ({}, {"pv_current": 1}, {"pv_current": 0, "death_points": 2}),
        (False, True),
        (False, True),
        ("none", "physical", "mental", "both"),
        ((0, 0), (2, 0), (0, 2), (1, 2)),
    ):
        try:
            out.append(
                tk.Combatant(
                    is_player=player,
                    prone=prone,
                    free_attack=free,
                    fumble_penalty=penalty,
                    physical_penalty_turns=counts[0],
                    mental_penalty_turns=counts[1],
                    **health,
                )
            )
        except tk.TierkreisInputError:  # a count of a −2 it does not have
            continue
    return out


FORMS = _forms()


def _classes(canon: Callable[[Any], Any]) -> list[list[tk.Combatant]]:
    """The forms grouped by their canonical form, only groups of two or more."""
    groups: dict[Any, list[tk.Combatant]] = {}
    for f in FORMS:
        groups.setdefault(canon(f), []).append(f)
    return [g for g in groups.values() if len(g) > 1]


def _image(law: dict[Any, Fraction], canon: Callable[[Any], Any]) -> dict[Any, Fraction]:
    """A law over tuples of forms (or forms) mapped through ``canon``."""
    out: dict[Any, Fraction] = {}
    for key, p in law.items():
        k = tuple(canon(x) for x in key) if isinstance(key, tuple) else canon(key)
        out[k] = out.get(k, Fraction(0)) + p
    return out


#: The partners a form meets (foe or target): fresh, wounded and prone, fallen.
PARTNERS = (
    tk.Combatant(),
    tk.Combatant(is_player=False, pv_current=2, prone=True),
    tk.Combatant(pv_current=0),
)


def _reads(form: tk.Combatant, weapon: tk.Weapon, m: tk.Modifiers, canon: Any) -> list[Any]:
    """Everything a fight's rules read of ``form`` with ``weapon`` and modifiers ``m``:
    its status, its turn start and end, every action's refusal and law taken by it and on
    it — the laws' forms mapped through ``canon``."""
    o = m.options
    out: list[Any] = [
        status_of(form, o),
        _image(turn_start(form, o), canon),
        _image(turn_end(form, o), canon),
    ]
    for action, partner in itertools.product(S.actions.values(), PARTNERS):
        for actor, target in ((form, partner), (partner, form)):
            ctx = ActionContext(actor, weapon, target, m, o)
            try:
                if isinstance(action, AttackAction):
                    refused, law = action.refused_law(ctx)
                else:
                    refused, law = action.refusal(ctx) is not None, action.law(ctx)
            except RulesError as e:  # one who cannot act (the chain never asks it)
                out.append((action.id, actor is form, str(e)))
                continue
            out.append((action.id, actor is form, refused, _image(law, canon)))
    return out


@pytest.mark.parametrize("mod", list(MODIFIERS))
@pytest.mark.parametrize("weapon", WEAPONS, ids=lambda w: w.kind)
def test_forms_without_the_mental_penalty_are_read_alike(weapon: tk.Weapon, mod: str) -> None:
    m = MODIFIERS[mod]
    canon = canonical(WEAPONS, m, m.options)
    assert canon is without_mental
    classes = _classes(canon)
    assert len(classes) > 20  # the mental −2 and its count do occur
    for group in classes:
        first = _reads(group[0], weapon, m, canon)
        for other in group[1:]:
            assert _reads(other, weapon, m, canon) == first, (group[0], other)


def test_a_power_on_int_reads_the_mental_penalty() -> None:
    """The check of the bisimulation has teeth: with a power attacking on INT the mental
    −2 changes the laws, so the hook keeps every form there."""
    power = tk.Weapon(name="rayo", kind="power", damage=2, power_characteristic="INT")
    m = tk.Modifiers()
    assert canonical((tk.UNARMED, power), m, m.options) is None
    a, b = tk.Combatant(), tk.Combatant(fumble_penalty="mental")
    assert _reads(a, power, m, without_mental) != _reads(b, power, m, without_mental)


@pytest.mark.parametrize(
    "weapon",
    [
        tk.Weapon(kind="power", power_characteristic="CAR"),
        tk.Weapon(kind="power", power_characteristic="SUE"),
        tk.Weapon(kind="ranged", dodge_characteristic="INT"),
    ],
    ids=["power CAR", "power SUE", "dodge INT"],
)
def test_no_canonical_form_where_a_check_rolls_a_mental_characteristic(weapon: Any) -> None:
    m = tk.Modifiers()
    assert rolled_codes((tk.KNIFE, weapon), m) & {"INT", "CAR", "SUE"}
    assert canonical((tk.KNIFE, weapon), m, m.options) is None
    assert S.canonical_form((tk.KNIFE, weapon), m) is None
    assert S.canonical_form((tk.KNIFE,), m) is without_mental


def test_the_maneuvers_roll_only_fue_and_agi() -> None:
    """:data:`MANEUVER_CODES` is what the maneuvers roll, the actor's check and the
    player's against an NPC's (P15): a maneuver on another characteristic fails here."""
    npc, pc, m = tk.Combatant(is_player=False), tk.Combatant(), tk.Modifiers()
    kinds = ("grapple", "keep_grapple", "snatch", "push", "trip")
    rolled = {maneuver_target(k, pc, m).characteristic for k in kinds}
    rolled |= {_opponent_target(k, npc, pc, m, False).characteristic for k in kinds}
    assert rolled == set(MANEUVER_CODES)


def test_the_actions_reviewed() -> None:
    """The canonical form was checked against these actions (module docstring of
    :mod:`~rolkit.systems.tierkreis.rules.canonical`); a new one must be reviewed (and added to
    the bisimulation above through ``S.actions``)."""
    assert set(S.actions) == {
        "attack", "free_attack", "surprise_attack", "prepared_attack", "reaction_power",
        "defend", "stand_up", "pick_up", "reload", "draw", "grapple", "break_free",
        "snatch", "push", "trip", "aid", "move", "prepare",
    }  # fmt: skip


def test_without_mental_keeps_everything_else() -> None:
    both = tk.Combatant(fumble_penalty="both", physical_penalty_turns=1, mental_penalty_turns=2)
    assert without_mental(both) == tk.Combatant(fumble_penalty="physical", physical_penalty_turns=1)
    assert without_mental(tk.Combatant(fumble_penalty="mental")) == tk.Combatant()
    plain = tk.Combatant(fumble_penalty="physical", prone=True)
    assert without_mental(plain) is plain
    assert without_mental(tk.KNIFE) is tk.KNIFE


# --------------------------------------------------------------------------- whole fights
def _fighters(n: int, m: int, pv: tuple[int, int] = (4, 4)) -> tuple[Any, ...]:
    a, b = tk.Combatant(pv_current=pv[0]), tk.Combatant(pv_current=pv[1])
    return tuple((f"A{i}", "a", a, tk.UNARMED) for i in range(n)) + tuple(
        (f"B{i}", "b", b, tk.UNARMED) for i in range(m)
    )


FIGHTS = {
    "duel": (_fighters(1, 1), tk.Modifiers()),
    "duel, timed −2": (_fighters(1, 1), mods(fumble_penalty_expires=True)),
    "NPC knife v PC": (
        (
            ("A", "a", tk.Combatant(is_player=False), tk.KNIFE),
            ("B", "b", tk.Combatant(), tk.UNARMED),
        ),
        tk.Modifiers(),
    ),
    "2 v 1, 1 PV v 2 PV": (_fighters(2, 1, (1, 2)), tk.Modifiers()),
}


def _solve(system: Any, fighters: Any, m: tk.Modifiers) -> Any:
    spec = FightSpec(system.id, fighters)
    chain = Chain(system, spec, m, m.options, {}, {}, ())
    return exact(chain, None, 3, 10**6)


def _same(a: Any, b: Any) -> bool:
    return (a.marginals, a.rounds_law, a.p_later, a.mean_rounds) == (
        b.marginals,
        b.rounds_law,
        b.p_later,
        b.mean_rounds,
    )


@pytest.mark.parametrize("case", list(FIGHTS))
def test_whole_fights_are_exactly_the_same(case: str) -> None:
    fighters, m = FIGHTS[case]
    kept = _solve(PLAIN, fighters, m)
    merged = _solve(S, fighters, m)
    assert _same(merged, kept)
    assert merged.states < kept.states  # forms were merged


def test_a_wrong_normalisation_changes_the_odds() -> None:
    """The comparison above can fail: a hook that also drops the physical −2 (which the
    attack check reads, T4) gives other Fractions."""

    def wrong(weapons: Any, modifiers: Any, options: Any) -> Any:
        def drop(form: Any) -> Any:
            form = without_mental(form)
            if isinstance(form, tk.Combatant) and form.fumble_penalty != "none":
                return dataclasses.replace(form, fumble_penalty="none", physical_penalty_turns=0)
            return form

        return drop

    fighters, m = FIGHTS["duel"]
    assert not _same(
        _solve(dataclasses.replace(S, canonical_fn=wrong), fighters, m), _solve(PLAIN, fighters, m)
    )


def test_the_gm_keeps_the_mental_penalty() -> None:
    """Only the chain drops it: the tracker's form after a fumble 7–8 still shows it, and
    the fight's odds from there are the plain system's."""
    fighters = (("A", "a", tk.Combatant(fumble_penalty="mental"), tk.UNARMED),
                ("B", "b", tk.Combatant(pv_current=2), tk.UNARMED))  # fmt: skip
    assert S.conditions(fighters[0][2]) == PLAIN.conditions(fighters[0][2])
    assert any("INT" in es for es, _en in S.conditions(fighters[0][2]))
    m = tk.Modifiers()
    assert _same(_solve(S, fighters, m), _solve(PLAIN, fighters, m))
    assert fighters[0][2].fumble_penalty == "mental"
