"""The System hook ``canonical_fn`` (#27 item 3): the chain interns each form as its
canonical one in the fight (:meth:`rolkit.fight.chain.Chain.intern`).

* without the hook (every system but PHANTÄSIA TIERKREIS) nothing changes: equal forms
  share an id, different ones do not, and the chain's law is the same with a hook that
  gives ``None``;
* with one, it is asked once with the fighters' weapons, the modifiers and the options,
  and forms with one canonical form share its id (the start state's too), a form met
  again by identity included.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import rolkit
from rolkit.fight.chain import Chain
from rolkit.fight.odds import exact
from rolkit.fight.spec import FightSpec
from rolkit.systems import available
from tests.contract.toy_turn import SYSTEM as TOY
from tests.contract.toy_turn import Combatant, Options, Weapon

D4, D6 = Weapon("1D4"), Weapon("1D6")
FIGHTERS = (
    ("Ana", "A", Combatant(pv=2, pericia=1, defensas=1), D4),
    ("Orco", "B", Combatant(pv=2), D6),
)


def _chain(system: Any) -> Chain:
    spec = FightSpec(system.id, FIGHTERS)
    return Chain(system, spec, system.defaults()["modifiers"], Options(), {}, {}, ())


def test_only_tierkreis_declares_canonical_forms() -> None:
    for system_id in available():
        s = rolkit.get_system(system_id)
        d = s.defaults()
        canon = s.canonical_form((d["weapon"],), d["modifiers"], s.options_type())
        assert (canon is not None) == (system_id == "tierkreis"), system_id
    assert TOY.canonical_form((D4,), TOY.defaults()["modifiers"]) is None


def test_without_a_canonical_form_the_chain_interns_as_before() -> None:
    chain = _chain(TOY)
    a, b = Combatant(defensas=1), Combatant(defensas=0)
    assert chain.intern(a) == chain.intern(Combatant(defensas=1)) != chain.intern(b)
    none = _chain(dataclasses.replace(TOY, canonical_fn=lambda *args: None))
    assert none.start == chain.start
    assert exact(none, None, 3, 10**5).marginals == exact(chain, None, 3, 10**5).marginals


def test_forms_with_one_canonical_form_share_its_id() -> None:
    asked: list[tuple[Any, ...]] = []

    def hook(weapons: Any, modifiers: Any, options: Any) -> Any:
        asked.append((weapons, modifiers, options))

        def canonical(form: Any) -> Any:
            if isinstance(form, Combatant) and form.defensas:
                return dataclasses.replace(form, defensas=0)
            return form

        return canonical

    chain = _chain(dataclasses.replace(TOY, canonical_fn=hook))
    assert asked == [((D4, D6), TOY.defaults()["modifiers"], Options())]
    fresh = Combatant(pv=2, pericia=1)
    # the start form is interned as its canonical one
    assert chain.forms[chain.start[0].form] == fresh
    marked = Combatant(pv=2, pericia=1, defensas=2)
    assert chain.intern(marked) == chain.intern(fresh) == chain.start[0].form
    assert chain.intern(marked) == chain.start[0].form  # met again: found by identity
    assert chain.intern(Combatant(pv=1)) != chain.intern(fresh)
    assert chain.forms[chain.intern(D6)] is D6  # a weapon is the hook's to keep
