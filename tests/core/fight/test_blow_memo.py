"""An attack action's blow (:meth:`rolkit.actions.AttackAction.blow`) is memoised in the
shared mechanism, for every system, by all it reads: the action (its ``modifiers_fn``, its
system) and the whole context, then ``System.fight_blow`` by the system, the forms, the
modifiers after ``modifiers_fn``, the options and the defence.

* asked in any order, the memo answers as the blow spelled out here does (``modifiers_fn``,
  then the system's ``fight_blow``), for every attack action of every system over a spread
  of forms (fresh, wounded, fallen; weapons as a blow leaves them);
* a context that differs from another in one thing only (the actor, the target, the
  weapon, the modifiers, the options, the defence, the actions taken, the action, the
  system) whose blow differs is never answered with the other's blow;
* whole-fight odds keep each action's blow by its interned ids
  (:meth:`rolkit.fight.acting.Acting.act_blow`): each one kept is its context's plain blow;
* each distinct blow asks the system once, each action's modifiers are computed once, and
  ``rolkit.clear_caches()`` forgets them.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from typing import Any

import pytest

import rolkit
from rolkit import actions as actions_module
from rolkit.actions import ActionContext, AttackAction
from rolkit.fight.bounds import Explorer
from rolkit.fight.chain import Chain
from rolkit.fight.spec import FightSpec
from rolkit.systems import core_dread as cd
from rolkit.systems import tierkreis as tk

SYSTEMS = ("core_dread", "gore", "nsd20", "tierkreis", "ashes_of_war")


def plain(action: AttackAction, ctx: ActionContext) -> Any:
    """The blow as the rules make it, with no memo: the action's modifiers, then the
    system's ``fight_blow``."""
    mods = ctx.modifiers
    if action.modifiers_fn is not None:
        mods = action.modifiers_fn(ctx, mods)
    return action.bound.fight_blow(
        ctx.actor, ctx.target, ctx.weapon, mods, ctx.options, defend=ctx.defend
    )


def attacks(s: Any) -> list[AttackAction]:
    return [a for a in s.actions.values() if isinstance(a, AttackAction)]


PISTOL = tk.Weapon(name="pistola", kind="firearm", damage=4, ammo_capacity=2)
#: forms a fight meets whose blow fight_blow changes (a turn spent, unconscious, no shots)
EXTRA_PEOPLE = {
    "core_dread": [
        cd.Combatant(turn_available=False),
        dataclasses.replace(cd.SYSTEM.defaults()["defender"], unconscious=True),
    ],
}
EXTRA_WEAPONS = {"tierkreis": [PISTOL, dataclasses.replace(PISTOL, ammo_left=0)]}


def _forms(s: Any) -> tuple[list[Any], list[Any]]:
    """Combatant forms (the defaults, what a default blow leaves of the defender: wounded,
    fallen, and :data:`EXTRA_PEOPLE`) and weapons (the default, what the blow leaves of
    it, and :data:`EXTRA_WEAPONS`)."""
    d = s.defaults()
    law = s.transitions(d["attacker"], d["defender"], d["weapon"], d["modifiers"], with_weapon=True)
    people = list(dict.fromkeys([d["attacker"], d["defender"], *(k[1] for k in law)]))
    weapons = list(dict.fromkeys([d["weapon"], *(k[2] for k in law)]))
    people.sort(key=lambda c: (s.status(c) is not None, repr(c)))
    return (
        people[:2] + EXTRA_PEOPLE.get(s.id, []) + people[-2:],
        weapons[:2] + EXTRA_WEAPONS.get(s.id, []),
    )


def spread(sid: str) -> list[tuple[AttackAction, ActionContext]]:
    """Every attack action of the system over a spread of contexts."""
    s = rolkit.get_system(sid)
    d = s.defaults()
    people, weapons = _forms(s)
    mods = [d["modifiers"]]
    for defence in ("dodge", "none") if hasattr(d["modifiers"], "defence") else ():
        other = dataclasses.replace(d["modifiers"], defence=defence)
        if other != mods[0]:
            mods.append(other)
    out = []
    for action, actor, target, weapon, m, taken, defend in itertools.product(
        attacks(s), people, people[1:], weapons, mods, ((), ("attack",)), (True, False)
    ):
        out.append(
            (action, ActionContext(actor, weapon, target, m, s.options_type(), taken, defend))
        )
    return out


def test_the_spread_meets_blows_made_and_refused_with_reasons() -> None:
    blows = [plain(a, c) for sid in SYSTEMS for a, c in spread(sid)]
    assert any(m is None for m, _r in blows) and any(m is not None and r for m, r in blows)
    assert len({repr(b) for b in blows}) >= 10


@pytest.mark.parametrize("sid", SYSTEMS)
def test_the_memoised_blow_is_the_plain_blow_in_any_order(sid: str) -> None:
    pairs = spread(sid)
    want = [plain(a, c) for a, c in pairs]
    assert len(pairs) >= 90
    for order in (pairs, pairs[::-1], pairs[1::2] + pairs[::2]):
        rolkit.clear_caches()
        got = {(id(a), c): a.blow(c) for a, c in order}
        assert [got[(id(a), c)] for a, c in pairs] == want
        # and again from the memo, every answer still its own
        assert [a.blow(c) for a, c in pairs] == want


# one component at a time ---------------------------------------------------------------
def _variants() -> Iterator[tuple[str, AttackAction, ActionContext, AttackAction, ActionContext]]:
    """Pairs of blows that differ in one component only, each pair's blows different."""
    s = cd.SYSTEM
    d = s.defaults()
    attack = s.actions["attack"]
    dodge = dataclasses.replace(d["modifiers"], defence="dodge")
    base = ActionContext(d["attacker"], d["weapon"], d["defender"], dodge, s.options_type())
    yield (
        "actor",
        attack,
        base,
        attack,
        base._replace(actor=dataclasses.replace(d["attacker"], turn_available=False)),
    )
    yield (
        "target",
        attack,
        base,
        attack,
        base._replace(target=dataclasses.replace(d["defender"], turn_available=False)),
    )
    yield "modifiers", attack, base, attack, base._replace(modifiers=d["modifiers"])
    yield "defend", attack, base, attack, base._replace(defend=False)
    yield (
        "options",
        attack,
        base._replace(actor=dataclasses.replace(d["attacker"], turn_available=False)),
        attack,
        base._replace(
            actor=dataclasses.replace(d["attacker"], turn_available=False),
            options=dataclasses.replace(s.options_type(), defence_requires_turn=False),
        ),
    )
    # the system: the same action bound to a system whose fight_blow refuses every blow
    never = dataclasses.replace(
        s, fight_blow_fn=lambda *_a: (None, (("attacker", "nunca", "never"),))
    )
    yield "system", attack, base, attack.bind(never), base  # type: ignore[misc]
    # the weapon: Tierkreis's pistol with its shots spent (P19)
    t = tk.SYSTEM
    tbase = ActionContext(tk.Combatant(), PISTOL, tk.Combatant(), tk.Modifiers(), t.options_type())
    yield (
        "weapon",
        t.actions["attack"],
        tbase,
        t.actions["attack"],
        tbase._replace(weapon=dataclasses.replace(PISTOL, ammo_left=0)),
    )
    # the actions taken (Ashes of War's second attack: a Desgracia die)
    a = rolkit.get_system("ashes_of_war")
    ad = a.defaults()
    abase = ActionContext(
        ad["attacker"], ad["weapon"], ad["defender"], ad["modifiers"], a.options_type()
    )
    yield (
        "taken",
        a.actions["attack"],
        abase,
        a.actions["attack"],
        abase._replace(taken=("attack",)),
    )
    # the action (G.O.R.E.'s attack and charge: the charge declared)
    g = rolkit.get_system("gore")
    gd = g.defaults()
    gbase = ActionContext(
        gd["attacker"], gd["weapon"], gd["defender"], gd["modifiers"], g.options_type()
    )
    yield "action", g.actions["attack"], gbase, g.actions["charge"], gbase


VARIANTS = list(_variants())


@pytest.mark.parametrize("variant", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_a_blow_differing_in_one_component_is_never_answered_from_the_memo(variant) -> None:
    _name, a1, c1, a2, c2 = variant
    w1, w2 = plain(a1, c1), plain(a2, c2)
    assert w1 != w2  # the component matters: a memo that missed it would answer wrong
    for first, second in (((a1, c1, w1), (a2, c2, w2)), ((a2, c2, w2), (a1, c1, w1))):
        rolkit.clear_caches()
        assert first[0].blow(first[1]) == first[2]
        assert second[0].blow(second[1]) == second[2]
        assert first[0].blow(first[1]) == first[2]


# counts ----------------------------------------------------------------------------------
def test_each_distinct_blow_asks_the_system_once_and_clear_caches_forgets() -> None:
    calls: list[Any] = []
    modified: list[Any] = []
    s = cd.SYSTEM
    fn = s.fight_blow_fn
    assert fn is not None

    def counting(*args: Any) -> Any:
        calls.append(args)
        return fn(*args)

    counted = dataclasses.replace(s, fight_blow_fn=counting)
    base = s.actions["attack"]
    assert base.modifiers_fn is not None
    inner = base.modifiers_fn

    def modifiers_fn(ctx: ActionContext, mods: Any) -> Any:
        modified.append(ctx)
        return inner(ctx, mods)

    attack = dataclasses.replace(base, modifiers_fn=modifiers_fn).bind(counted)
    assert isinstance(attack, AttackAction)
    contexts = list(dict.fromkeys(c for _a, c in spread("core_dread")))
    rolkit.clear_caches()
    for _ in range(3):
        for c in contexts:
            attack.blow(c)
            attack.refusal(c)
            attack.law(c)
    assert len(modified) == len(contexts)  # the modifiers once per action
    distinct = {
        (c.actor, c.target, c.weapon, inner(c, c.modifiers), c.options, c.defend) for c in contexts
    }
    assert len(calls) == len(distinct) < len(contexts)  # taken shares the system's blow
    assert actions_module._action_blow.cache_info().currsize == len(contexts)
    rolkit.clear_caches()
    assert actions_module._action_blow.cache_info().currsize == 0
    assert actions_module._fight_blow.cache_info().currsize == 0
    attack.blow(contexts[0])
    assert len(calls) == len(distinct) + 1


def test_the_memo_is_bounded() -> None:
    for memo in (actions_module._action_blow, actions_module._fight_blow):
        assert memo.cache_info().maxsize is not None and memo.cache_info().maxsize <= 65_536


def test_an_unhashable_context_is_answered_plainly() -> None:
    """A form that cannot be a key (a GM's own unhashable modifiers): no memo, the blow
    as the rules make it."""
    s = tk.SYSTEM
    attack = s.actions["attack"]

    class Unhashable(tk.Modifiers):
        __hash__ = None  # type: ignore[assignment]

    mods = Unhashable()
    ctx = ActionContext(tk.Combatant(), tk.SWORD, tk.Combatant(), mods, s.options_type())
    with pytest.raises(TypeError):
        hash(ctx)
    assert attack.blow(ctx) == plain(attack, ctx)


# whole-fight odds: the blow kept per action by interned ids -----------------------------
@pytest.mark.parametrize("sid", SYSTEMS)
def test_the_chains_blow_per_action_is_the_plain_blow(sid: str) -> None:
    """:meth:`rolkit.fight.acting.Acting.act_blow` (each action's blow kept by its
    interned ids, which the chain's own forms, modifiers and options make whole) answers,
    for every action a 2 v 2's exploration met (Ashes of War: a duel's, its turns being
    long), the plain blow of its context (Tierkreis: one side shoots a one-shot pistol,
    its blow not made once it is empty, P19). One combatant keeps its action rather than
    defend (``defend=False`` on the blows at it), and Core Dread's defence is a dodge:
    a blow at it differs from a blow at its ally (§4.3.6)."""
    s = rolkit.get_system(sid)
    d = s.defaults()
    n, turns = (1, 12) if sid == "ashes_of_war" else (2, 150)
    # Tierkreis: the A side shoots a one-shot pistol (P19: empty, it makes no blow)
    a_weapon = dataclasses.replace(PISTOL, ammo_capacity=1) if sid == "tierkreis" else d["weapon"]
    fighters = tuple(
        [(f"A{i}", "a", d["attacker"], a_weapon) for i in range(n)]
        + [(f"B{i}", "b", d["defender"], d["weapon"]) for i in range(n)]
    )
    names = [f[0] for f in fighters]
    mods = d["modifiers"]
    if sid == "core_dread":
        mods = dataclasses.replace(mods, defence="dodge")
    rolkit.clear_caches()
    chain = Chain(
        s,
        FightSpec(s.id, fighters),
        mods,
        s.default_options,
        dict.fromkeys(names, "weakest"),
        {**dict.fromkeys(names, "when_able"), names[-1]: "keep_action"},
    )
    Explorer(chain).grow(turns)
    met = {*chain._refusals, *chain._act_laws, *chain._act_blows}
    attacks_met = [k for k in met if isinstance(chain.actions[k.action], AttackAction)]
    assert len(attacks_met) >= 10
    blows = {}
    for key in attacks_met:
        blows[key] = chain.act_blow(key)
        assert blows[key] == plain(chain.actions[key.action], chain.context(key)), key
    if sid == "tierkreis":  # the pistol loaded and empty
        assert {b[0] is None for b in blows.values()} == {True, False}
    if sid == "ashes_of_war":  # the second attack of a turn is its own blow
        assert {k.taken for k in attacks_met} >= {(), ("attack",)}
    if sid == "core_dread":  # a blow at one who keeps its action: no dodge
        assert {k.defend for k in attacks_met} == {True, False}
        assert {b[0].defence for k, b in blows.items() if not k.defend} == {"none"}
        assert "dodge" in {b[0].defence for k, b in blows.items() if k.defend and b[0]}
