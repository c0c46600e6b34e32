"""The Tierkreis attacks' blow (P19: no blow with an empty counted weapon; P23: a surprise
attack's modifiers) is memoised by all ``SYSTEM.fight_blow`` reads (the shared memo of
:meth:`rolkit.actions.AttackAction.blow`; moved here from ``tests/systems/tierkreis`` with
Tierkreis's own memo): asked in any order, it answers as the unmemoised
:meth:`rolkit.actions.AttackAction.plain_blow` does, it asks the system once per distinct
blow, and ``rolkit.clear_caches()`` clears it."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

import rolkit
from rolkit import actions as actions_module
from rolkit.actions import ActionContext, AttackAction
from rolkit.systems import tierkreis as tk

S = tk.SYSTEM
PISTOL = tk.Weapon(name="pistola", kind="firearm", damage=4, ammo_capacity=2)
EMPTY = dataclasses.replace(PISTOL, ammo_left=0)
ARMED = tk.Combatant()
DROPPED = dataclasses.replace(ARMED, weapon_state="dropped")


def _contexts() -> list[ActionContext]:
    """Blows that differ in one thing each (the weapon, the attacker's hands, the
    target, the defence, the modifiers, the options): a memo that missed any of them
    would answer one with another's answer."""
    out = []
    for actor, weapon, target, defend, mods, options in itertools.product(
        (ARMED, DROPPED),
        (PISTOL, EMPTY, tk.SWORD),
        (tk.Combatant(), tk.Combatant(is_player=False)),
        (True, False),
        (tk.Modifiers(), tk.Modifiers(cover=1)),
        (tk.TierkreisOptions(), tk.TierkreisOptions(variable_damage=True)),
    ):
        out.append(ActionContext(actor, weapon, target, mods, options, (), defend))
    return out


@pytest.mark.parametrize("action_id", ["attack", "free_attack", "surprise_attack"])
def test_the_memoised_blow_answers_as_the_plain_one_in_any_order(action_id: str) -> None:
    action = S.actions[action_id]
    assert isinstance(action, AttackAction)
    contexts = _contexts()
    want = [AttackAction.plain_blow(action, c) for c in contexts]
    assert any(m is None for m, _ in want) and any(m is not None for m, _ in want)
    for order in (contexts, contexts[::-1], contexts[1::2] + contexts[::2]):
        rolkit.clear_caches()
        got = {id(c): action.blow(c) for c in order}
        assert [got[id(c)] for c in contexts] == want


def test_each_distinct_blow_asks_the_system_once_and_clear_caches_forgets() -> None:
    memo = actions_module._action_blow
    rolkit.clear_caches()
    action = S.actions["attack"]
    contexts = _contexts()
    for _ in range(3):
        for c in contexts:
            action.blow(c)
    info = memo.cache_info()
    assert (info.misses, info.hits) == (len(contexts), 2 * len(contexts))
    assert actions_module._fight_blow.cache_info().misses == len(contexts)
    rolkit.clear_caches()
    assert memo.cache_info().currsize == 0
    assert actions_module._fight_blow.cache_info().currsize == 0
