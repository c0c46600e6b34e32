"""#16 After an attack: the exact after-state law, and where a form stands on the track.

``attack_transitions`` groups the integer weights of :func:`.attack.odds.attack_weights`
(one row per :class:`~.attack.AttackKey`) by the forms :func:`.attack.resolve_attack`
leaves (the last stage of :mod:`.attack.stages`, which ``resolve`` writes too):

* the attacker: the same whatever the dice (:func:`.attack.attacker_after_attack`: no
  longer Desprevenido, Esfuerzo extra marked as used this turn);
* the defender: given by the key's final damage, new wound state and ``stunned``
  (:func:`.attack.defender_after_attack`: PR − damage, P8–P10; damage 0 leaves the very
  input form, P7);
* the weapon: never changes (NSd20 has no ammunition or wear rule).

One ``Fraction`` is built per after-state. Rows whose forms coincide (PR floored at −999)
are merged, so equal situations compare equal.

An Aturdido attacker who cannot act loses its turn: the law is "no blow" (the forms as
they are), so a whole fight can go on through it, and the end of its turn
(``SYSTEM.turn_end``, :mod:`.turns`) takes one round of Aturdido off
(``stun_rounds_left`` − 1, or, in its last round, Aturdido wears off: a one-round Aturdido,
``stun_rounds = 1``, as before) — in the tracker too; ``resolve_attack`` still refuses the
attack, as a GM expects. A blow that leaves Aturdido for ``stun_rounds`` = n rounds sets
``stunned`` and ``stun_rounds_left = n − 1`` (the next turn is the first lost; an Aturdido
already running keeps the longer of the two, :func:`.rules.wounds.stun_after`). With
``stunned_cannot_act`` off an Aturdido combatant attacks and nothing counts its rounds
down (the GM clears it), as before.

The pending fatigue of an Esfuerzo extra (P11: Fatigado at the next round unless a Punto de
Acción is spent) is carried by ``effort_used_this_turn``, which an attack never resets:
the round's end applies the fatigue and clears the mark (:mod:`.turns`,
``SYSTEM.round_end``). ``flat_footed`` ends with the combatant's first action (here).
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.memo import memo
from rolkit.model import Fate
from rolkit.systems.nsd20.attack.odds import attack_weights
from rolkit.systems.nsd20.attack.stages import (
    PR_FLOOR,
    attack_effort,
    attacker_after_attack,
    defender_after_attack,
    setup_attack,
)
from rolkit.systems.nsd20.attack.validate import validate_attack
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon, evolve_form
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.wounds import fate, stun_after
from rolkit.systems.nsd20.tables import FATIGUE_LABELS, WOUND_LABELS

__all__ = ["attack_transitions", "combatant_status", "combatant_conditions"]

AfterState = tuple[Combatant, Combatant, Weapon]


@memo
def _transition_rows(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: NSd20Rules,
) -> tuple[tuple[AfterState, Fraction], ...]:
    s = setup_attack(attacker, defender, weapon, modifiers, rules)
    weights, denominator = attack_weights(s, weapon, modifiers, rules)
    attacker_after = attacker_after_attack(attacker, attack_effort(attacker, modifiers))
    # the defender's changed fields (None: untouched) -> (a damage giving them, weight)
    # (the rounds of a new Aturdido, keyed by the Aturdido it leaves: equal forms merge)
    stun_now = {False: stun_after(defender, 0), True: stun_after(defender, rules.stun_rounds)}
    by_change: dict[tuple[int, str, tuple[bool, int]] | None, tuple[int, int, int]] = {}
    for key, w in weights:
        final = key.damage
        change = None
        if final > 0:  # the fields defender_after_attack writes (PR floored at −999)
            change = (max(PR_FLOOR, defender.pr - final), key.state, stun_now[key.stunned])
        prior = by_change.get(change)
        rounds = rules.stun_rounds if key.stunned else 0
        by_change[change] = (final, rounds, w + (prior[2] if prior else 0))
    rows = []
    for change, (final, rounds, w) in by_change.items():
        state = defender.wound_state if change is None else change[1]
        d_after = defender_after_attack(defender, final, state, rounds)
        rows.append(((attacker_after, d_after, weapon), Fraction(w, denominator)))
    return tuple(rows)


def _lost_turn(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: NSd20Rules,
) -> dict[AfterState, Fraction]:
    """P10/P16 An Aturdido attacker cannot act (``stunned_cannot_act``): no blow, nothing
    changes here; the end of its turn counts its Aturdido down (:func:`.turns.turn_end`,
    in the tracker and in whole fights alike)."""
    validate_attack(evolve_form(attacker, stunned=False), defender, weapon, modifiers, rules)
    return {(attacker, defender, weapon): Fraction(1)}


def attack_transitions(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: NSd20Rules = DEFAULT_RULES,
) -> dict[AfterState, Fraction]:
    """#16 ``SYSTEM.transitions_fn``: ``{(attacker_after, defender_after, weapon_after):
    Fraction}``, exact, summing to 1: the forms ``resolve_attack`` leaves, over every roll
    (P4–P10).

    An Aturdido attacker who cannot act (``stunned_cannot_act``; ``resolve_attack``
    refuses it) loses the turn instead: ``{(attacker, defender, weapon): 1}``
    (:func:`_lost_turn`; its turn's end counts the Aturdido down), so a whole fight goes
    on through every round of Aturdido.

    Raises:
        NSd20InputError: the combination cannot attack (V21, :func:`.attack.validate_attack`).
    """
    if attacker.stunned and rules.stunned_cannot_act and not attacker.unconscious:
        return _lost_turn(attacker, defender, weapon, modifiers, rules)
    return dict(_transition_rows(attacker, defender, weapon, modifiers, rules))


def combatant_status(combatant: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> Fate:
    """The fate a form's own state gives (:func:`.rules.wounds.fate`): ``"dead"`` at
    ``death_at_pr`` (off by default), ``"dying"`` Moribundo or PR ≤ 0, ``"down"``
    Incapacitado or Inconsciente from fatigue, ``None`` can still fight (an Aturdido or
    Malherido combatant included: Aturdido only costs it its next action); a Moribundo
    first aid has stabilised is ``"down"``."""
    return fate(combatant.wound_state, combatant.pr, combatant.fatigue, rules, combatant.stabilised)


def combatant_conditions(
    combatant: Combatant, rules: NSd20Rules = DEFAULT_RULES
) -> tuple[tuple[str, str], ...]:
    """The states a form carries, as ``(es, en)`` short labels (P4, P10, P11, P16, first
    aid): what the Combate card and the players' view show."""
    c = combatant
    out: list[tuple[str, str]] = []
    if c.flat_footed:
        out.append(("Desprevenido", "Desprevenido (flat-footed)"))
    if c.stunned:
        rounds = c.stun_rounds_left + 1
        es = "Aturdido" if rounds == 1 else f"Aturdido ({rounds} asaltos)"
        en = "Aturdido (stunned)" if rounds == 1 else f"Aturdido (stunned, {rounds} rounds)"
        out.append((es, en))
    if c.fatigue != "normal":
        out.append(FATIGUE_LABELS[c.fatigue])
    if c.wound_state != "none":
        out.append(WOUND_LABELS[c.wound_state])
    elif c.pr <= 0:
        out.append(("0 PR o menos", "0 PR o menos (0 hit points or less)"))
    if c.stabilised:
        out.append(("Estabilizado", "Estabilizado (stabilised)"))
    if c.effort_fatigue_undoable:
        out.append(
            (
                "Fatiga del Esfuerzo: un Punto de Acción en este turno la quita",
                "Fatiga del Esfuerzo (extra-effort fatigue): an action point this turn removes it",
            )
        )
    if c.action_point_spent:
        out.append(
            (
                "Esfuerzo extra sin fatiga (Punto de Acción gastado)",
                "Esfuerzo extra sin fatiga (extra effort, an action point spent: no fatigue)",
            )
        )
    elif c.effort_used_this_turn:
        out.append(
            (
                "Esfuerzo extra: fatiga al próximo asalto",
                "Esfuerzo extra: fatiga al próximo asalto (extra effort: tires next round)",
            )
        )
    return tuple(out)
