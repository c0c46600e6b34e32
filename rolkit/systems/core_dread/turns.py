"""§4.3 The turn: the rules that act between attacks (issue #16 follow-up): ``SYSTEM.turn_end`` and
``SYSTEM.round_end``. Nothing acts at the start of a combatant's own turn, so the system
declares no ``turn_start``.

«Cada personaje tiene un solo turno por asalto» (§4.3.3), and defending «se considera que
está haciendo uso de su turno» (§4.3.6, §4.5): the turn is the character's one action of the
round, spent either way —

* by a defence: the attack's after-state (:mod:`.after`, contract item 9);
* by its own turn, whether it attacked or could not: :func:`turn_end`. Afterwards it cannot
  defend this round (G23: «A defender who has already acted cannot defend»);

and the new round gives every character its turn back: :func:`round_end`. Both laws are
certain (no dice): the form with ``turn_available`` changed, or ``{c: 1}`` (the same object)
when there is nothing to change. Under ``defence_requires_turn=False`` (G23 off) a defence
does not need the turn, so an own turn leaves nothing a later defence reads:
:func:`turn_end` is the identity (the round still gives back a turn spent by a defence).
A combatant who cannot act (unconscious or dead) has no turn to spend: the identity too, so a
fallen combatant's form stops changing and the whole-fight chain merges it with its fate.

In a fight (the tracker, whole-fight odds) the spent turn decides how a blow is made —
:func:`fight_blow`, ``SYSTEM.fight_blow``: a combatant whose turn is spent when its turn
comes (it defended earlier this round) does not attack, its turn passes; a defence the
defender can no longer make (its turn spent, G23; or it is unconscious, §4.9.3) is not made,
and the blow is resolved with ``defence="none"`` — what a GM does at the table. ``odds``,
``resolve`` and ``transitions`` keep raising for a direct call (§3.6): they never change a
GM's input silently.

Nothing else in the seed acts round by round on what the forms hold: fire and electricity
«per turn» are hazards a GM applies (§4.15, no form field says a character is burning),
asphyxia counts turns without air (no field), Malherido's FOR check comes «every 10
minutes» (§4.16, outside a fight), and the leader's first turn and a new initiative when a
leader goes down are the tracker's order, not a form's state.

§4.3 Initiative and turn order («Iniciativa», below): the groups' leaders roll Sentidos.

The seed: «Al comenzar un combate, cada grupo de personajes designa a una o un líder. Estos
personajes designados realizarán una tirada de Sentidos para definir qué grupo tiene la
iniciativa.» and «Cuando comienza un asalto, el personaje que lidera al grupo toma el
primer turno.»

:func:`fight_initiative` is the System's ``initiative_fn`` (``(entries, rng) -> (order,
steps)``; each entry has ``.name``, ``.side`` and ``.character``, a :class:`Combatant`).
Choices where the seed leaves it to the table (listed in the package docstring):

* a group's leader is the member with the highest effective Sentidos (after the wound
  penalty) who can act (not dead, not unconscious); ties go to the first entered;
* the leaders roll in the order their groups were first entered: 5 faces each, no skill
  (the seed names none), ``rng.randint(1, 10)``; more hits wins, then the higher effective
  Sentidos («mayor puntuación en el Atributo utilizado», §1.6); a full tie is rolled again
  by the tied leaders (spec §4.3.1), unless none of them can hit (effective Sentidos 0 for
  all: then the first entered wins, since a reroll could never end);
* the order a fight walks: the winning leader first, then the other leaders by their rank,
  then everyone else alternating between the groups by rank, each group in entry order;
  combatants who cannot act come last. The seed passes the turn by the result of each
  action («si … falla, el turno pasa a cualquier otro personaje del equipo contrario»),
  so past the first turn this list is a starting order the GM follows or changes;
* initiative is not rolled each round (``initiative_each_round=False``): it is rolled
  again only when a leader leaves or falls («al comienzo del siguiente asalto los grupos
  enfrentados vuelven a hacer una tirada de iniciativa») — the GM rolls it again then.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from itertools import zip_longest

from rolkit.dice import RandomSource
from rolkit.hooks import Entrant
from rolkit.memo import memo
from rolkit.model import Step
from rolkit.systems.core_dread.forms import Combatant, Modifiers, Weapon
from rolkit.systems.core_dread.messages import cite
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.rules.pools import Pool, effective_parts, make_pool, penalty_term
from rolkit.systems.core_dread.rules.rolls import CheckRoll, opposed_check, roll_check

__all__ = [
    "round_end",
    "turn_end",
    "fight_blow",
    "undefended",
    "fight_initiative",
    "choose_leaders",
    "initiative_pool",
    "leader_odds",
    "INITIATIVE_EACH_ROUND",
]

#: ``(role, es, en)``: the phrases follow the combatant's name (tracker log, fight notes)
NO_ATTACK = (
    "attacker",
    "ya ha usado su turno de este asalto: no ataca, su turno pasa",
    "has already used the turn this round: no attack, the turn passes",
)
NO_DEFENCE_TURN = (
    "defender",
    "no puede defenderse: ya ha usado su turno de este asalto (el golpe va sin defensa)",
    "cannot defend: the turn is already used this round (the blow lands undefended)",
)
NO_DEFENCE_UNCONSCIOUS = (
    "defender",
    "no puede defenderse: está inconsciente (el golpe va sin defensa)",
    "cannot defend: unconscious (the blow lands undefended)",
)


@memo
def turn_end(
    c: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS, modifiers: Modifiers | None = None
) -> dict[Combatant, Fraction]:
    """§4.3.3, §4.3.6, G23 The law of ``c`` when its own turn ends: its turn is used
    (``turn_available`` False until the round ends), so it cannot defend again this round.

    ``modifiers`` known to make no defence (``defence="none"``, whole-fight odds): no attack
    to come reads the mark before the round gives it back, so the form is left as it is
    (the chain keeps exactly the states of a fight without defences). Treat the result as
    read-only (it is memoised)."""
    if (
        not c.turn_available
        or c.dead
        or c.unconscious
        or not options.defence_requires_turn
        or (modifiers is not None and modifiers.defence == "none")
    ):
        return {c: Fraction(1)}
    return {dataclasses.replace(c, turn_available=False): Fraction(1)}


@memo
def round_end(
    c: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> dict[Combatant, Fraction]:
    """§4.3 The law of ``c`` when the round ends: its turn back (``turn_available``).
    Treat the result as read-only (it is memoised)."""
    if c.turn_available or c.dead:
        return {c: Fraction(1)}
    return {dataclasses.replace(c, turn_available=True): Fraction(1)}


def undefended(m: Modifiers) -> Modifiers:
    """The same attack with the defender making no defence (``defence="none"``; taking
    cover goes with the dodge, §4.5)."""
    if m.defence == "none" and not m.dodge_to_cover:
        return m
    return dataclasses.replace(m, defence="none", dodge_to_cover=False)


def fight_blow(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
    defend: bool = True,
) -> tuple[Modifiers | None, tuple[tuple[str, str, str], ...]]:
    """``SYSTEM.fight_blow``: how a blow in a fight is made from the fight's modifiers.

    * §4.3.3, G23: an attacker whose turn is spent (it defended this round) does not
      attack: ``None``, its turn passes;
    * G23, §4.9.3: a defence the defender can no longer make (its turn spent, or it is
      unconscious) is dropped: ``defence="none"``, with the reason;
    * ``defend=False``: the defender keeps its action (§4.3.6: «Not defending keeps it»):
      no defence, no reason (it is the defender's choice, not a rule).

    Under ``defence_requires_turn=False`` the turn decides neither. Everything else is
    left to the attack's own checks (§3.6), which raise as ``odds`` does.
    """
    if options.defence_requires_turn and not attacker.turn_available:
        return None, (NO_ATTACK,)
    if modifiers.defence == "none":
        return modifiers, ()
    if not defend:
        return undefended(modifiers), ()
    if defender.unconscious:
        return undefended(modifiers), (NO_DEFENCE_UNCONSCIOUS,)
    if options.defence_requires_turn and not defender.turn_available:
        return undefended(modifiers), (NO_DEFENCE_TURN,)
    return modifiers, ()


# --------------------------------------------------------------------------- §4.3 initiative
#: One combatant as the initiative rule sees it (``.name``, ``.side``, ``.character``).
Entry = Entrant[Combatant]

#: §4.3.5 Initiative is rolled again only when a leader is out, not every round.
INITIATIVE_EACH_ROUND = False


def initiative_pool(c: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS) -> Pool:
    """§4.3.1 The leader's Sentidos roll: base SEN minus the wound penalty (§4.11 applies to
    Sentidos), no skill, no difficulty."""
    return make_pool("sentidos", c.sentidos, 0, penalty_term(c, options), "base_initiative")


def _can_act(c: Combatant) -> bool:
    return not (c.dead or c.unconscious)


def _sides(entries: Sequence[Entry]) -> dict[str, list[Entry]]:
    """The groups in the order they were first entered, each in entry order."""
    sides: dict[str, list[Entry]] = {}
    for e in entries:
        sides.setdefault(e.side, []).append(e)
    return sides


def choose_leaders(entries: Sequence[Entry]) -> dict[str, Entry]:
    """§4.3.1 «cada grupo de personajes designa a una o un líder»: each group's member with
    the highest effective Sentidos who can act (ties: the first entered). A group with no
    one able to act has no leader (and takes no part in the roll)."""
    leaders = {}
    for side, members in _sides(entries).items():
        able = [e for e in members if _can_act(e.character)]
        if able:
            leaders[side] = max(able, key=lambda e: initiative_pool(e.character).attribute)
    return leaders


def leader_odds(a: Combatant, b: Combatant) -> dict[str, Fraction]:
    """§4.3.1 Exact P(first leader wins) / P(second wins) of two leaders' Sentidos rolls,
    a full tie rolled again (the §1.6 opposed check with ``opposed_tie_break="reroll"``)."""
    pa, pb = initiative_pool(a), initiative_pool(b)
    law = opposed_check(
        pa.attribute, 0, pb.attribute, 0, CoreDreadOptions(opposed_tie_break="reroll")
    )
    if law["draw"]:  # neither can ever hit and the attributes are equal: the first wins
        return {"a": Fraction(1), "b": Fraction(0)}
    return {"a": law["a"], "b": law["b"]}


def _roll_step(e: Entry, roll: CheckRoll, attempt: int) -> Step:
    return Step(
        "cd.step.initiative.roll",
        roll.drawn,
        {"attribute": roll.attribute, "hits": roll.hits},
        cite("initiative"),
        {"name": e.name, "attempt": f" ({attempt + 1})" if attempt else ""},
    )


def _rank(
    leaders: dict[str, Entry], rng: RandomSource, steps: list[Step], attempt: int = 0
) -> list[str]:
    """Roll the leaders' Sentidos and rank their groups, best first (more hits, then more
    effective Sentidos, then entry order); a full tie at the top is rolled again by the
    tied leaders, the others keep their places below them."""
    pools = {side: initiative_pool(e.character) for side, e in leaders.items()}
    score = {}
    for side, e in leaders.items():
        roll = roll_check(pools[side].attribute, 0, rng, 3)
        steps.append(_roll_step(e, roll, attempt))
        score[side] = (roll.hits, pools[side].attribute)
    ordered = sorted(leaders, key=lambda s: score[s], reverse=True)  # stable: entry order
    top = [s for s in ordered if score[s] == score[ordered[0]]]
    if len(top) > 1 and score[top[0]][1] > 0:
        hits, attribute = score[top[0]]
        names = ", ".join(leaders[s].name for s in top)
        tie = {"hits": hits, "attribute": attribute}
        steps.append(
            Step("cd.step.initiative.tie", (), tie, cite("initiative_tie"), {"names": names})
        )
        return _rank({s: leaders[s] for s in top}, rng, steps, attempt + 1) + ordered[len(top) :]
    return ordered


def _order(entries: Sequence[Entry], leaders: dict[str, Entry], ranked: list[str]) -> list[str]:
    sides = _sides(entries)
    first = [leaders[s].name for s in ranked]
    columns = [
        [e.name for e in sides[s] if e.name not in first and _can_act(e.character)]
        for s in ranked + [s for s in sides if s not in ranked]
    ]
    rest = [name for row in zip_longest(*columns) for name in row if name is not None]
    out = [e.name for e in entries if not _can_act(e.character)]
    return first + rest + out


def fight_initiative(
    entries: Sequence[Entry], rng: RandomSource
) -> tuple[list[str], tuple[Step, ...]]:
    """§4.3 The System's ``initiative_fn``: choose each group's leader, roll the leaders'
    Sentidos (rerolling a full tie), and give the round's starting order (module docs)."""
    leaders = choose_leaders(entries)
    steps: list[Step] = []
    for side, e in leaders.items():
        derived, rule = effective_parts(initiative_pool(e.character))
        steps.append(
            Step(
                "cd.step.initiative.leader",
                (),
                derived,
                f"{cite('leader')}; {rule}",
                {"name": e.name, "side": side},
            )
        )
    ranked = _rank(leaders, rng, steps) if len(leaders) > 1 else list(leaders)
    order = _order(entries, leaders, ranked)
    if ranked:
        steps.append(
            Step(
                "cd.step.initiative.winner",
                (),
                {},
                cite("initiative_order"),
                {"name": leaders[ranked[0]].name, "side": ranked[0], "order": ", ".join(order)},
            )
        )
    return order, tuple(steps)
