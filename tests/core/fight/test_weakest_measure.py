"""The "weakest" target policy's measure in a simulation (#27 item 6 follow-up,
:meth:`rolkit.fight.acting.Acting.measure_key`): keyed by what it reads of the attacker
(:attr:`~rolkit.system.System.blow_reads`), not by the attacker's whole form.

* every measure a simulated Ashes of War party used is the measure its own attack gives,
  computed afresh from the system's odds (no memo): the key loses nothing it reads — and
  the fights did share measures between distinct attacker forms (not a vacuous check);
* the same seed gives the same fights with the measures shared or keyed by the whole
  action (a 2 v 2 of two ranks and a 4 v 4);
* the system's turn profile (:attr:`~rolkit.system.System.duel_profile`) would be a wrong
  key: two attackers of one profile attack with other odds (another skill rank; a prone
  form that picked up its weapon this turn, whose profile has it standing);
* ``p_down`` with each outcome's projection kept by its key is the odds' own;
* the system's ``p_out_fn`` (the measure without the odds) gives the same seeded fights
  as the odds' ``p_down`` (2 v 2 and 4 v 4), and the fights did read it.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from rolkit.actions import AttackAction
from rolkit.errors import RulesError
from rolkit.fight import odds_of_fighters
from rolkit.fight.acting import ActKey
from rolkit.fight.chain import Chain
from rolkit.fight.simulate import simulate
from rolkit.fight.spec import FightSpec
from rolkit.system import System
from rolkit.systems.ashes_of_war.attack.odds import p_out
from rolkit.systems.ashes_of_war.checks.profile import attack_profile
from rolkit.systems.ashes_of_war.forms import Combatant, Weapon, evolve
from rolkit.systems.ashes_of_war.system import SYSTEM
from tests.systems.ashes_of_war.aow_fixtures import marks

D = SYSTEM.defaults()


def _fighters(n: int, m: int) -> list[tuple[str, str, Any, Any]]:
    """``n`` attackers of side a, every other one a rank above in melee (a party whose
    members differ in what the turn profile leaves out), against ``m`` defenders."""
    a = D["attacker"]
    ranks = [a, dataclasses.replace(a, melee=a.melee + 1)]
    return [(f"A{i}", "a", ranks[i % 2], D["weapon"]) for i in range(n)] + [
        (f"B{i}", "b", D["defender"], D["weapon"]) for i in range(m)
    ]


def _chain(n: int, m: int, share: bool = True, system: System = SYSTEM) -> Chain:
    spec = FightSpec(SYSTEM.id, tuple(_fighters(n, m)))
    chain = Chain(system, spec, D["modifiers"], SYSTEM.options_type(), {})
    chain.share_measures = share
    return chain


def _fresh(chain: Chain, key: ActKey) -> Fraction:
    """The measure of the attack ``key`` as it was before any memo: its blow's modifiers
    made afresh, then ``p_down`` of the system's odds (``0``: no blow, a refused attack)."""
    ctx = chain.context(key)
    proc = chain.actions[key.action]
    assert isinstance(proc, AttackAction)
    mods = proc.plain_blow(ctx)[0]
    if mods is None:
        return Fraction(0)
    try:
        return SYSTEM.odds(ctx.actor, ctx.target, ctx.weapon, mods, ctx.options).p_down
    except RulesError:
        return Fraction(0)


def test_every_shared_measure_is_the_attacks_own_and_measures_were_shared():
    chain = _chain(2, 2)
    simulate(chain, None, None, 300, seed=5)
    measured = [k for k in chain._act_out if isinstance(chain.actions[k.action], AttackAction)]
    assert len(measured) > 500
    wrong = [k for k in measured if chain._act_out[k] != _fresh(chain, k)]
    assert not wrong, f"{len(wrong)} measures differ from their attack's own, e.g. {wrong[0]}"
    # not vacuous: attackers of distinct forms shared one measure, of both ranks
    by_key: dict[Any, set[int]] = {}
    for k in measured:
        mods = chain.act_blow(k)[0]
        shared = None if mods is None else chain.measure_key(k, mods)
        if shared is not None:
            by_key.setdefault(shared, set()).add(k.actor)
    assert 0 < len(chain._measures) <= len(by_key) < len(measured)
    assert sum(len(forms) > 1 for forms in by_key.values()) > 30
    ranks = {chain.forms[f].melee for forms in by_key.values() for f in forms}
    assert {D["attacker"].melee, D["attacker"].melee + 1} <= ranks  # side b's too


def test_the_same_seed_gives_the_same_fights_shared_or_not():
    for n, m, fights in ((2, 2, 250), (4, 4, 50)):
        shared = simulate(_chain(n, m), None, None, fights, seed=11)
        whole = simulate(_chain(n, m, share=False), None, None, fights, seed=11)
        assert shared == whole, (n, m)


def test_measures_off_are_keyed_by_the_whole_action():
    chain = _chain(2, 2, share=False)
    simulate(chain, None, None, 20, seed=1)
    assert chain._act_out and not chain._measures
    key = next(iter(chain._act_out))
    assert chain.measure_key(key, D["modifiers"]) is None


def _p_down(attacker: Any, mods: Any = D["modifiers"]) -> Fraction:
    return SYSTEM.odds(attacker, D["defender"], D["weapon"], mods).p_down


def test_the_turn_profile_would_be_a_wrong_key():
    """What the measure reads that the turn profile leaves out (the docstring of
    :meth:`~rolkit.fight.acting.Acting.measure_key`)."""
    a, w = D["attacker"], D["weapon"]
    # another rank: one profile, other odds
    better = dataclasses.replace(a, melee=a.melee + 1)
    assert attack_profile(a, w) == attack_profile(better, w)
    assert _p_down(a) != _p_down(better)
    # a prone form that picked up its weapon this turn (its movement spent: it attacks
    # prone) has the profile of one standing: the profile reads it after standing up
    cond = a.conditions
    picked = evolve(a, conditions=evolve(cond, prone=True))
    assert attack_profile(picked, w) == attack_profile(a, w)
    assert _p_down(picked) < _p_down(a)
    chain = _chain(1, 1)
    reads = SYSTEM.blow_reads
    assert reads is not None
    assert reads(picked, w, D["modifiers"], chain.options) != reads(a, w, D["modifiers"], None)


def test_p_down_with_its_projections_memoised_is_the_odds_own():
    """:meth:`~rolkit.fight.acting.Acting.p_down` keeps each outcome's fate by its key
    across the odds of one fight: the same number as ``odds.p_down`` every time, over
    the wounded targets a simulated duel met (odds where each fate it counts, down,
    dying — under the dying rule — and dead, has some chance)."""
    chain = _chain(1, 1)
    simulate(chain, None, None, 40, seed=2, compact=False)
    a, w, m = D["attacker"], D["weapon"], D["modifiers"]
    able = [
        f
        for f, fate in zip(chain.forms, chain._status, strict=True)
        if isinstance(f, Combatant) and fate is None
    ]
    seen: set[Any] = set()
    for target in able[:80]:
        for mods in (m, dataclasses.replace(m, dying_rule=True)):
            odds = SYSTEM.odds(a, target, w, mods)
            assert chain.p_down(odds) == odds.p_down
            seen |= {f for f, p in odds.fate().items() if p}
    assert {"down", "dying", "dead"} <= seen
    assert chain._downs


def _wounded_party(n: int, m: int) -> list[tuple[str, str, Any, Any]]:
    """Attackers with a blunt mace and a sword in turn against defenders wounded unlike
    (none, a head one serious box from full, a torso one blow from lethal, a leg), the
    least wounded first: the "weakest" policy chooses other foes than the turn order.
    (In the bench's parties of equal members it never does: all attack the first foe
    until it falls, and the first foe, the most hurt, is also the likeliest to fall.)"""
    a, d = D["attacker"], D["defender"]
    wounds = [
        marks(),
        marks(head=[("serious", "blunt")]),
        marks(torso=[("serious", "cutting"), ("serious", "cutting")]),
        marks(right_leg=[("serious", "cutting")]),
    ]
    weapons = [Weapon("Maza", skill="melee", damage="2d6", damage_type="blunt"), D["weapon"]]
    return [(f"A{i}", "a", a, weapons[i % 2]) for i in range(n)] + [
        (f"B{i}", "b", evolve(d, wounds=wounds[i % 4]), D["weapon"]) for i in range(m)
    ]


def _drawn(system: System, n: int, m: int, fights: int) -> Any:
    spec = FightSpec(SYSTEM.id, tuple(_wounded_party(n, m)))
    chain = Chain(system, spec, D["modifiers"], SYSTEM.options_type(), {})
    return simulate(chain, None, None, fights, seed=13, lockstep=False)


def test_the_p_out_hook_on_and_off_gives_the_same_fights():
    """Ashes of War's ``p_out_fn`` on (counted) and off (the odds' ``p_down``): the
    same seeded fights, drawn one by one (2 v 2, 4 v 4, a party whose targets the policy
    ranks; not vacuous: a hook that answers 0 for every foe, the turn order, draws other
    fights) and as ``fight_odds`` simulates the bench's 4 v 4; the hook answered the
    measures (none when off)."""
    calls: list[int] = []

    def counted(*five: Any) -> Fraction | None:
        calls.append(1)
        return p_out(*five)

    on = dataclasses.replace(SYSTEM, p_out_fn=counted)
    off = dataclasses.replace(SYSTEM, p_out_fn=None)
    zero = dataclasses.replace(SYSTEM, p_out_fn=lambda *five: Fraction(0))
    for n, m, fights in ((2, 2, 250), (4, 4, 60)):
        shown = _drawn(on, n, m, fights)
        made = len(calls)
        assert made > 100, (n, m)
        assert shown == _drawn(off, n, m, fights), (n, m)
        assert len(calls) == made  # off: not read
        assert shown != _drawn(zero, n, m, fights), (n, m)
    d = SYSTEM.defaults()
    party = [(f"A{i}", "a", d["attacker"], d["weapon"]) for i in range(4)] + [
        (f"B{i}", "b", d["defender"], d["weapon"]) for i in range(4)
    ]
    told = [
        odds_of_fighters(s, party, method="simulate", simulations=80, seed=0, rounds_shown=0)
        for s in (on, off)
    ]
    seen = [(r.p_win, r.p_draw, r.fates, r.rounds_law, r.mean_rounds, r.margin) for r in told]
    assert seen[0] == seen[1]
