"""§4.3 Initiative and turn order («Iniciativa»): the groups' leaders roll Sentidos.

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

from collections.abc import Sequence
from fractions import Fraction
from itertools import zip_longest
from typing import Any

from rolkit.model import Step
from rolkit.systems.core_dread.citations import cite
from rolkit.systems.core_dread.context import Pool, make_pool, penalty_term
from rolkit.systems.core_dread.forms import DEFAULT_OPTIONS, Combatant, CoreDreadOptions
from rolkit.systems.core_dread.resolve import effective_parts
from rolkit.systems.core_dread.rolls import CheckRoll, opposed_check, roll_check

__all__ = [
    "fight_initiative",
    "choose_leaders",
    "initiative_pool",
    "leader_odds",
    "INITIATIVE_EACH_ROUND",
]

#: §4.3.5 Initiative is rolled again only when a leader is out, not every round.
INITIATIVE_EACH_ROUND = False


def initiative_pool(c: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS) -> Pool:
    """§4.3.1 The leader's Sentidos roll: base SEN minus the wound penalty (§4.11 applies to
    Sentidos), no skill, no difficulty."""
    return make_pool("sentidos", c.sentidos, 0, penalty_term(c, options), "base_initiative")


def _can_act(c: Combatant) -> bool:
    return not (c.dead or c.unconscious)


def _sides(entries: Sequence[Any]) -> dict[str, list[Any]]:
    """The groups in the order they were first entered, each in entry order."""
    sides: dict[str, list[Any]] = {}
    for e in entries:
        sides.setdefault(e.side, []).append(e)
    return sides


def choose_leaders(entries: Sequence[Any]) -> dict[str, Any]:
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


def _roll_step(e: Any, roll: CheckRoll, attempt: int) -> Step:
    return Step(
        "cd.step.initiative.roll",
        roll.drawn,
        {"attribute": roll.attribute, "hits": roll.hits},
        cite("initiative"),
        {"name": e.name, "attempt": f" ({attempt + 1})" if attempt else ""},
    )


def _rank(leaders: dict[str, Any], rng: Any, steps: list[Step], attempt: int = 0) -> list[str]:
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


def _order(entries: Sequence[Any], leaders: dict[str, Any], ranked: list[str]) -> list[str]:
    sides = _sides(entries)
    first = [leaders[s].name for s in ranked]
    columns = [
        [e.name for e in sides[s] if e.name not in first and _can_act(e.character)]
        for s in ranked + [s for s in sides if s not in ranked]
    ]
    rest = [name for row in zip_longest(*columns) for name in row if name is not None]
    out = [e.name for e in entries if not _can_act(e.character)]
    return first + rest + out


def fight_initiative(entries: Sequence[Any], rng: Any) -> tuple[list[str], tuple[Step, ...]]:
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
