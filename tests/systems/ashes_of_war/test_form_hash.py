"""The forms' cached hashes (``forms.cached_hash``, ``forms.wounds_hash``) are the hash of
the field values in field order, and of each wound row's counts in ``LOCATIONS`` order —
the values the plain formulas below give — whichever way a form was built: equal forms
hash equal, and a changed way of computing them changes no hash (the whole-fight laws
and their dict orders stay byte-identical)."""

from __future__ import annotations

import dataclasses
from typing import Any

from rolkit import fields
from rolkit.systems.ashes_of_war import SYSTEM
from rolkit.systems.ashes_of_war.forms import (
    _WOUND_ROWS,
    Combatant,
    Conditions,
    Wounds,
    cached_hash,
    evolve,
    wounds_hash,
)
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.tables import LOCATIONS


def _plain(form: Any) -> int:
    return hash(tuple(getattr(form, f.name) for f in dataclasses.fields(form)))


def _plain_wounds(w: Wounds) -> int:
    return hash(
        tuple(tuple(getattr(w, name).get(loc) for loc in LOCATIONS) for name in _WOUND_ROWS)
    )


def _forms() -> list[Any]:
    d = SYSTEM.defaults()
    law = SYSTEM.transitions(d["attacker"], d["defender"], d["weapon"], d["modifiers"])
    out: list[Any] = [d["attacker"], d["defender"], d["weapon"], d["modifiers"], RulesConfig()]
    for a, b in law:
        out += [a, b, b.conditions, b.wounds, *list(SYSTEM.round_end(b))]
    return out


def test_cached_hashes_are_the_plain_hashes() -> None:
    forms = _forms()
    assert len(forms) > 50
    for form in forms:
        fresh = evolve(form)  # no hash cached yet
        if isinstance(form, Wounds):
            assert wounds_hash(fresh) == _plain_wounds(form) == hash(form)
        else:
            assert cached_hash(fresh) == _plain(form) == hash(form)


def test_one_field_form_and_partial_wound_row() -> None:
    @dataclasses.dataclass(frozen=True)
    class One:
        x: int = 3
        __hash__ = cached_hash

    assert hash(One()) == hash((3,)) and hash(One(4)) == hash((4,))
    # a row without every location (built by evolve, no canonicalisation): ``None`` there
    full = Wounds().add("head", "light", "blunt")
    partial = evolve(full, light=fields.FrozenMap({"head": 1}))
    assert wounds_hash(partial) == _plain_wounds(partial)
    assert hash(partial) != hash(full)
    # equal forms built two ways hash equal
    built = Wounds(light=fields.FrozenMap({"head": 1}))
    assert built == full and hash(built) == hash(full)


def test_equal_combatants_hash_equal() -> None:
    c = Combatant()
    other = evolve(c, conditions=evolve(c.conditions), wounds=Wounds())
    assert other == c and hash(other) == hash(c)
    bruised = evolve(c, conditions=Conditions(bruised=True))
    assert bruised != c and hash(bruised) == _plain(bruised)


def test_counts_derived_by_add_are_the_plain_counts() -> None:
    """``Wounds.add`` gives its copy the source's hashed counts with the one count it
    changes (``forms.wound_counts``): over chains of marks of every severity and type at
    every location, each copy hashes as the plain formula says and as the same marks
    built from scratch; ``evolve`` and pickling drop the counts (no stale hash)."""
    import pickle

    from rolkit.systems.ashes_of_war.forms import _ROWS, wounds_from_marks

    marks = [
        (loc, sev, kind)
        for loc in LOCATIONS
        for sev, kind in (("light", "cutting"), ("serious", "blunt"), ("serious", "piercing"))
        + (("serious", "fire"), ("lethal", "cutting"))
    ]
    checked = 0
    for start in range(0, len(marks), 7):
        w = Wounds()
        hash(w)  # the source's counts computed: each copy derives its own
        for loc, sev, kind in marks[start : start + 9]:
            if w.count(loc, sev) >= (1 if sev == "lethal" else 3):
                continue
            w = w.add(loc, sev, kind)
            assert _ROWS in w.__dict__  # derived, not recomputed
            assert wounds_hash(w) == _plain_wounds(w) == hash(evolve(w))
            checked += 1
        scratch = Wounds(**{name: dict(getattr(w, name)) for name in _WOUND_ROWS})
        assert scratch == w and hash(scratch) == hash(w)
        # a row changed by evolve: the source's counts are not carried over
        again = evolve(w, light=fields.FrozenMap({loc: 0 for loc in LOCATIONS}))
        assert _ROWS not in again.__dict__ and hash(again) == _plain_wounds(again)
        assert _ROWS not in pickle.loads(pickle.dumps(w)).__dict__
    assert checked > 50
    assert wounds_from_marks({}) == Wounds()
