"""§4.5, §4.16–§4.18 The rules that act between attacks: ``SYSTEM.turn_start`` and
``SYSTEM.round_end``.

A «Turno» is «one combat interval, a round shared by everyone» (glossary), so the end of the
turn is the end of the fight's round, and "the start of each of their turns" is the moment
the combatant's own turn comes in that round.

* :func:`round_end` (every combatant still in the fight, when the shared turn ends):

  - §4.16 bleeding ticks, «recibiendo en cada turno un daño leve en esa ubicación»: each
    location bleeding when the turn ends takes one wound of its bleeding's severity (leve,
    or grave for Hemorragia Grave) with damage type ``bleed``, through §4.14–4.15
    (:func:`~.wounds.wound_effect`, the attack's own stage): overflow into the next boxes,
    a limb's lethal box dismembers it and the bleeding moves toward the torso, at head or
    torso the lethal box kills (or leaves Moribundo, ``dying_rule``). Only with
    ``bleed_timing="end_of_turn"`` (the default, G18);
  - §4.5 ``defences_this_turn`` back to 0: «cada defensa sucesiva» counts within one turn.

* :func:`turn_start` (the combatant's own turn, before it acts):

  - §4.16 the bleeding ticks, when ``bleed_timing="start_of_turn"``;
  - §4.17 Moribundo: «At the start of each of their turns they roll Fortitud vs Difícil»:
    success → estabilizado, no longer Moribundo, still Inconsciente; failure → one more
    failed roll; «a la tercera tirada fallada, muere»;
  - §4.18 an Inconsciente (not Moribundo) rolls «Fortitud vs Difícil at the start of each
    turn» and wakes on a success (``waking_roll``; a stabilised character is Inconsciente
    and rolls too).

  The Fortitud roll is the system's own check (:func:`~.procedures.p_simple_check`: not a
  quick roll, so Contusionado and Fracturado do not count) and, being «the roller's next
  roll» (§2.3), it takes the pending ▽ and spends them, as ``wake_roll`` and
  ``stabilisation_roll`` do.

Not here: an ally's Auxiliar, standing up, picking up, reloading, Fintar and Correr are
actions of a turn (:mod:`~rolkit.systems.ashes_of_war.checks.turn`), and the T5 effects are
set by the wound itself (:func:`~.wounds.first_serious_states`). Not modelled (the forms do
not hold it): waking «after one hour» or by medical care, Prana.
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.memo import memo
from rolkit.systems.ashes_of_war.forms import Combatant, Conditions, evolve
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.dice import threshold
from rolkit.systems.ashes_of_war.rules.pools import skill_pool
from rolkit.systems.ashes_of_war.rules.wounds import applied_plan, wound_plan
from rolkit.systems.ashes_of_war.tables import LOCATIONS

__all__ = ["bleeding_ticks", "fortitude_success", "round_end", "turn_start"]

Law = dict[Combatant, Fraction]

_plan = wound_plan.__wrapped__  # type: ignore[attr-defined]

#: The probability of a certain form (one shared Fraction: it is immutable).
_CERTAIN = Fraction(1)


def bleeding_ticks(c: Combatant, rules: RulesConfig = DEFAULT_RULES) -> Combatant:
    """§4.16 one turn of every bleeding: ``c`` itself when it does not bleed or is dead.

    Each location bleeding when the ticks begin bleeds once, in body order (head, torso,
    arms, hands, legs, feet), at the level it has when its tick comes (a bleeding moved
    there by an earlier tick raises it); a bleeding that moves to a new location this turn
    bleeds from the next one. Once dead, no more ticks. A stabilised character was
    Moribundo, so the Moribundo rule is in play for it whatever ``dying_rule`` says.
    """
    cond = c.conditions
    if cond.dead or not (cond.bleeding_light or cond.bleeding_serious):
        return c
    dying_rule = rules.dying_rule or cond.stabilised
    bleeding = cond.bleeding  # read once, not once per location
    for loc in [loc for loc in LOCATIONS if loc in bleeding]:
        now = c.conditions
        if now.dead:
            break
        # its level now (``Conditions.bleeding``: a serious bleeding over a light one)
        serious, light = loc in now.bleeding_serious, loc in now.bleeding_light
        level = "serious" if serious else "light" if light else None
        if level is None or loc in now.dismembered:
            continue
        # each tick meets a new form (the round's law is memoised on the first): the plan
        # unmemoised, not hashed into two memos it would not be read from again
        plan = _plan(c, loc, level, "bleed", False, dying_rule, rules)
        wounds, conditions, _, _ = applied_plan(c, loc, "bleed", plan)
        c = evolve(c, wounds=wounds, conditions=conditions)
    return c


def fortitude_success(c: Combatant, rules: RulesConfig = DEFAULT_RULES) -> Fraction:
    """§4.17–4.18 the exact chance of Fortitud vs Difícil (pending ▽ included, §2.3)."""
    pool = skill_pool(c, "fortitude", rules=rules)
    weights, den = rules.mechanic.weights(pool.ndp, pool.gracias, pool.desgracias)
    return Fraction(sum(weights[threshold("hard", rules) :]), den)


def _two_ways(success: Combatant, failure: Combatant, p: Fraction) -> Law:
    law: Law = {}
    for form, q in ((success, p), (failure, 1 - p)):
        if q:
            law[form] = law.get(form, Fraction(0)) + q
    return law


def _fortitude_roll(c: Combatant, rules: RulesConfig) -> Law:
    """§4.17 the Moribundo's roll, or §4.18 the Inconsciente's; ``{c: 1}`` for anyone else."""
    cond = c.conditions
    if cond.dead:
        return {c: _CERTAIN}
    if cond.dying:
        ok = evolve(cond, dying=False, stabilised=True, unconscious=True, dying_failures=0)
        if cond.dying_failures + 1 >= 3:  # «a la tercera tirada fallada, muere»
            bad = evolve(cond, dying=False, dead=True, dying_failures=2)
        else:
            bad = evolve(cond, dying_failures=cond.dying_failures + 1)
    elif cond.unconscious and rules.waking_roll:
        ok, bad = evolve(cond, unconscious=False), cond
    else:
        return {c: _CERTAIN}
    spent = {"pending_desgracias": 0} if c.pending_desgracias else {}

    def form(new: Conditions) -> Combatant:
        return c if (new is cond and not spent) else evolve(c, conditions=new, **spent)

    return _two_ways(form(ok), form(bad), fortitude_success(c, rules))


@memo
def turn_start(c: Combatant, rules: RulesConfig = DEFAULT_RULES) -> Law:
    """The law of ``c`` after the start of its own turn: the bleeding ticks when
    ``bleed_timing="start_of_turn"``, then a Moribundo's or an Inconsciente's Fortitud roll
    (§4.16–4.18). ``{c: 1}`` when nothing applies. Treat the result as read-only."""
    if c.conditions.dead:
        return {c: _CERTAIN}
    after = bleeding_ticks(c, rules) if rules.bleed_timing == "start_of_turn" else c
    return _fortitude_roll(after, rules)


@memo
def round_end(c: Combatant, rules: RulesConfig = DEFAULT_RULES) -> Law:
    """The law of ``c`` when the shared turn ends: the bleeding ticks (``bleed_timing=
    "end_of_turn"``) and ``defences_this_turn`` back to 0 (§4.5, §4.16). Certain (no dice);
    ``{c: 1}`` when nothing applies. Treat the result as read-only."""
    cond = c.conditions
    if cond.dead:
        return {c: _CERTAIN}
    bleeds = cond.bleeding_light or cond.bleeding_serious
    after = bleeding_ticks(c, rules) if bleeds and rules.bleed_timing == "end_of_turn" else c
    if after.defences_this_turn:
        after = evolve(after, defences_this_turn=0)
    return {after: _CERTAIN}
