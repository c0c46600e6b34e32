"""The chance one attack puts its target out (#27 item 6 follow-up,
:func:`rolkit.systems.ashes_of_war.attack.odds.p_out`, ``SYSTEM.p_out_fn``): exactly
``SYSTEM.odds(...).p_down`` — the same Fraction, or the same refusal — over attackers,
targets, weapons and modifiers a fight meets (wounded targets near each fate, prone,
disarmed, armoured, with a shield or a parry object, dismembered, bleeding; a second
attack's ▽ and a pending ▽; each defence; the dying rule; an aimed blow; a blunt, a
non-lethal and a ranged weapon), and over the targets a simulated party measured."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from typing import Any

from rolkit.errors import RulesError
from rolkit.fight.chain import Chain
from rolkit.fight.simulate import simulate
from rolkit.fight.spec import FightSpec
from rolkit.systems.ashes_of_war import Weapon, combatant
from rolkit.systems.ashes_of_war.attack.odds import p_out
from rolkit.systems.ashes_of_war.forms import Combatant, evolve
from rolkit.systems.ashes_of_war.system import SYSTEM
from tests.systems.ashes_of_war.aow_fixtures import ESPADA, FRESH, GORATH, HACHA, KIRA, marks

D = SYSTEM.defaults()
OPTIONS = SYSTEM.options_type()


def _cond(c: Combatant, **changes: Any) -> Combatant:
    return evolve(c, conditions=evolve(c.conditions, **changes))


MAZA = Weapon("Maza", skill="melee", damage="2d6", damage_type="blunt")
PORRA = Weapon("Porra", skill="melee", damage="2d6", damage_type="blunt", non_lethal=True)
ARCO = Weapon("Arco", skill="ranged", damage="1d8", damage_type="piercing")
WEAPONS = (ESPADA, HACHA, MAZA, PORRA, D["weapon"])

ATTACKERS = (
    KIRA,
    GORATH,
    D["attacker"],
    evolve(KIRA, pending_desgracias=1),  # a pending ▽ (§4.4)
    _cond(KIRA, prone=True),
    _cond(GORATH, weapon_dropped=True),  # disarmed: the attack is refused
    combatant("Arquera", skills={"ranged": 3, "dodge": 1}),
)

OBJECT = combatant("Con bastón", skills={"melee": 2, "intercept": 2}, parry_object=MAZA)


def _targets() -> list[Combatant]:
    """Targets of every kind a fight meets, several one blow from each fate."""
    head_one_off = marks(head=[("serious", "blunt")])  # one serious box left on the head
    torso_serious = marks(torso=[("serious", "cutting"), ("serious", "cutting")])
    legs = marks(right_leg=[("serious", "cutting")], left_arm=[("light", "blunt")])
    out = [
        GORATH,
        KIRA,
        FRESH,
        D["defender"],
        OBJECT,
        evolve(GORATH, wounds=head_one_off),
        evolve(KIRA, wounds=torso_serious),
        evolve(FRESH, wounds=legs),
        _cond(evolve(FRESH, wounds=torso_serious), bleeding_light=frozenset({"torso"})),
        _cond(GORATH, prone=True),
        _cond(GORATH, weapon_dropped=True),  # disarmed
        _cond(KIRA, shield_dropped=True),
        _cond(FRESH, dismembered=frozenset({"left_hand"})),
        _cond(FRESH, dying=True, unconscious=True),  # out already: dying → dead
        _cond(GORATH, unconscious=True),  # down already
        evolve(GORATH, defences_this_turn=2),
    ]
    return out


MODS = (
    D["modifiers"],
    dataclasses.replace(D["modifiers"], defence="none"),
    dataclasses.replace(D["modifiers"], defence="none", undefended_adversidad="hard"),
    dataclasses.replace(D["modifiers"], defence="dodge"),
    dataclasses.replace(D["modifiers"], defence="intercept_shield"),
    dataclasses.replace(D["modifiers"], defence="intercept_object"),
    dataclasses.replace(D["modifiers"], attack_number=2),  # a second attack's ▽
    dataclasses.replace(D["modifiers"], defence="none", dying_rule=True),
    dataclasses.replace(D["modifiers"], defence="none", aimed_location="head"),
)


def _both(a: Any, d: Any, w: Any, m: Any) -> tuple[Any, Any]:
    """``(hook, odds' p_down)`` or the type of the error each raises."""
    try:
        want: Any = SYSTEM.odds(a, d, w, m, OPTIONS).p_down
    except RulesError as err:
        want = type(err)
    try:
        got: Any = p_out(a, d, w, m, OPTIONS)
    except RulesError as err:
        got = type(err)
    return got, want


def test_the_hook_is_declared():
    assert SYSTEM.p_out_fn is p_out


def test_the_hook_is_the_odds_p_down_on_every_combination():
    answered = refused = 0
    fates: set[Any] = set()
    nonzero = 0
    pairs = [*itertools.product(ATTACKERS, WEAPONS), (ATTACKERS[-1], ARCO)]
    for (a, w), d, m in itertools.product(pairs, _targets(), MODS):
        got, want = _both(a, d, w, m)
        assert got == want, (a.name, d.name, w.name, m)
        if isinstance(want, Fraction):
            answered += 1
            nonzero += want > 0
            fates |= {f for f, p in SYSTEM.odds(a, d, w, m, OPTIONS).fate().items() if p}
        else:
            refused += 1
    # not vacuous: most answered, some refused, each fate it counts reached
    assert answered > 2_000 and refused > 100 and nonzero > 1_000
    assert {"down", "dying", "dead"} <= fates


def test_the_hook_is_the_odds_p_down_on_the_targets_a_simulated_party_met():
    """The forms a seeded 2 v 2 reached (wounds, bleeding, counters as the rules left
    them), each attacked by each attacker form it met and under each defence."""
    spec = FightSpec(
        SYSTEM.id,
        (
            ("A0", "a", D["attacker"], D["weapon"]),
            ("A1", "a", KIRA, ESPADA),
            ("B0", "b", D["defender"], D["weapon"]),
            ("B1", "b", GORATH, HACHA),
        ),
    )
    chain = Chain(SYSTEM, spec, D["modifiers"], OPTIONS, {})
    simulate(chain, None, None, 60, seed=3)
    met = [f for f in chain.forms if isinstance(f, Combatant)]
    able = [f for f in met if SYSTEM.status(f) is None]
    assert len(able) > 100
    attackers = [D["attacker"], KIRA, *able[:3]]
    checked = 0
    for d in able[:150]:
        for a, m in itertools.product(attackers, MODS[:6]):
            got, want = _both(a, d, D["weapon"], m)
            assert got == want, (a, d, m)
            checked += isinstance(want, Fraction)
    assert checked > 2_000
