"""T1, T4 Equal futures as one form in whole-fight odds (#27 item 3):
``SYSTEM.canonical_fn`` (:attr:`rolkit.system.System.canonical_fn`).

A fumble 7–8 «Reduce INT-2, CAR-2 y SUE-2 hasta el final de su próximo turno» (T1) leaves
``fumble_penalty`` «mental» (or «both» with a 5–6): a −2 that only a check of INT, CAR or
SUE reads (T4, :func:`~.check.conditions`). The checks a fight can roll are:

* each attack's, on its characteristic (T3: AGI or FUE for fists and one-hand weapons —
  the bare-handed blow of a dropped or snatched weapon among them, P24 —, FUE for a
  two-handed one, AGI for a ranged one, a power's own, P14), also read in dodge mode: the
  NPC's conditions on it are mirrored onto the player's dodge (P3);
* the defender's dodge, on the attacker's ``dodge_characteristic`` (P5);
* the maneuvers' FUE, or the better of FUE and AGI, and the player's AGI dodge against an
  NPC's maneuver (P15, :data:`MANEUVER_CODES`); every other action rolls nothing.

Nothing else reads the mental −2: not the status (P9; P20 reads base FUE and VIT), not the
turn rules (:mod:`..turns` counts each −2 down on its own), not the policy (it reads the
status and the laws). The rules that write it keep the difference alone: a mental fumble
on a form with or without it gives it again, a physical one adds «physical» to either
(:func:`~..after.fumble_condition`), and every other rule changes other fields. So in a
fight where no weapon's attack or dodge characteristic is INT, CAR or SUE, two forms that
differ only in the mental −2 (and its count, option ``fumble_penalty_expires``) are read
alike by every rule, now and after any rule: :func:`canonical` gives the chain the form
without it, and such forms are interned as one (Tierkreis 4 v 4: ~65 slot values per
member → ~35).

The −2 is a condition the GM sees (T4, :mod:`..view`): only the chain's interning drops it,
never a form shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from rolkit.memo import memo
from rolkit.systems.tierkreis.attack.stages import attack_codes
from rolkit.systems.tierkreis.forms import UNARMED, Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.tables import CONDITION_CHECKS, FUMBLE_PENALTY_PARTS

__all__ = ["MANEUVER_CODES", "rolled_codes", "without_mental", "canonical"]

#: P15 The characteristics a maneuver rolls: FUE (push, trip) or the better of FUE and
#: AGI (grapple, keep a grapple, break free, snatch); AGI for the player's dodge against
#: an NPC's maneuver.
MANEUVER_CODES: frozenset[str] = frozenset({"FUE", "AGI"})

_MENTAL = CONDITION_CHECKS["mental"]


def rolled_codes(weapons: Sequence[Weapon], modifiers: Modifiers) -> frozenset[str]:
    """The characteristics any check of a fight with these weapons may roll (module
    docstring): each weapon's attack characteristics and dodge characteristic, the
    bare-handed blow's, and the maneuvers'."""
    codes = set(MANEUVER_CODES)
    for weapon in (*weapons, UNARMED):
        codes.update(attack_codes(weapon, modifiers))
        codes.add(weapon.dodge_characteristic)
    return frozenset(codes)


def without_mental(form: Any) -> Any:
    """``form`` without the mental −2 of a fumble and its count (the form itself when it
    has neither, or is not a :class:`Combatant`)."""
    if not isinstance(form, Combatant):
        return form
    if form.mental_penalty_turns == 0 and "mental" not in FUMBLE_PENALTY_PARTS[form.fumble_penalty]:
        return form
    return _without_mental(form)


@memo
def _without_mental(form: Combatant) -> Combatant:
    kept = [k for k in FUMBLE_PENALTY_PARTS[form.fumble_penalty] if k != "mental"]
    return replace(form, fumble_penalty=kept[0] if kept else "none", mental_penalty_turns=0)


def canonical(
    weapons: tuple[Any, ...], modifiers: Any, options: Any
) -> Callable[[Any], Any] | None:
    """``SYSTEM.canonical_fn``: :func:`without_mental` in a fight where no check rolls INT,
    CAR or SUE (:func:`rolled_codes`), else ``None`` (every form kept)."""
    if not isinstance(modifiers, Modifiers) or not all(isinstance(w, Weapon) for w in weapons):
        return None
    if rolled_codes(weapons, modifiers) & _MENTAL:
        return None
    return without_mental
