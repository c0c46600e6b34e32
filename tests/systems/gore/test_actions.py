"""#25 The actions of a G.O.R.E. turn: each action's exact law against a brute force over
its dice written here (and icepool for first aid), its seeded resolve within 6σ of the
law, its refusals in plain (es, en) text, and the tracker (``Fight.act`` /
``apply_action``) playing them.

Seed sentences: «Tiempo: … el turno … permite una acción»; «Herida mortal: … si recibe
atención médica como los primeros auxilios … y es estabilizado con éxito»; «Cambiar de
posición: … Mientras lo hace no puede esquivar o bloquear»; «Defender: … +20% … hasta el
próximo turno»; «Recargando: Necesitas todo un turno de combate para cargar 2 balas o
cartuchos/cambiar un cargador. Dos turnos el cambiar la cinta»; «Carga: … +1D4 al daño».
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction as F

import icepool
import pytest

from rolkit import fields
from rolkit.actions import ActionAfter, ActionContext
from rolkit.fight import Fight
from rolkit.systems import gore as g
from rolkit.systems.gore.checks.actions import cannot_stand, needs_aid

S = g.SYSTEM
A = S.actions
SWORD = g.Weapon(name="Espada ancha", damage="1D8+1")
HEALER = g.Combatant(name="H", first_aid_skill=45)
FIGHTER = g.Combatant(name="W", fue=13, tam=14, attack_skill=60)
#: a mortal wound this round (P13.4: dies when the next round ends unless stabilised)
DYING = g.Combatant(name="D", hp_current=-3, mortal_rounds=0)


def ctx(actor, target=None, weapon=SWORD, mods=None, taken=()) -> ActionContext:
    return ActionContext(
        actor, weapon, actor if target is None else target, mods or g.Modifiers(), g.DEFAULT, taken
    )


def passes(skill: int) -> F:
    """Independent: the d100 faces that pass a P1 check at ``skill`` (00 fails, 01 passes)."""
    return F(sum(1 for r in range(1, 101) if r != 100 and (r == 1 or r <= skill)), 100)


def within_6_sigma(count: int, n: int, p: F) -> bool:
    q = float(p)
    return abs(count / n - q) <= 6 * math.sqrt(q * (1 - q) / n) + 1e-9


def check_resolves(action, c: ActionContext, n: int = 400) -> None:
    """The contract: law sums to 1; seeded draws land in the law's support with the law's
    frequencies (6σ); replay by seed."""
    law = action.law(c)
    assert sum(law.values()) == 1
    seen: Counter = Counter()
    for seed in range(n):
        res = action.resolve_in_fight(c, seed=seed)
        assert res.after in law, res.after
        seen[res.after] += 1
        if seed < 3:
            assert action.resolve_in_fight(c, seed=res.seed).after == res.after
    for after, p in law.items():
        assert within_6_sigma(seen[after], n, p)


def plain_refusal(why) -> None:
    assert isinstance(why, tuple) and len(why) == 2 and all(isinstance(t, str) and t for t in why)
    assert not any("_" in t for t in why)  # no raw id


# --------------------------------------------------------------------------- the turn
def test_one_action_a_turn_and_the_actions_the_seed_names():
    assert dict(S.turn_rules.budget) == {"action": 1}
    assert set(A) == {"attack", "charge", "disarm", "ko", "aid", "stand_up", "defend", "reload"}
    assert {k: a.kind for k, a in A.items() if a.kind != "other"} == {
        "attack": "attack",
        "aid": "aid",
        "stand_up": "recover",
        "reload": "recover",
    }
    assert (A["aid"].target, A["stand_up"].target, A["reload"].target) == ("ally", "self", "self")
    for action in A.values():
        assert all(action.label) and action.cost == {"action": 1}


# --------------------------------------------------------------------------- first aid
@pytest.mark.parametrize("skill", [0, 1, 30, 45, 99, 100, 150])
def test_first_aid_law_is_the_d100_check(skill):
    healer = g.Combatant(name="H", first_aid_skill=skill)
    law = A["aid"].law(ctx(healer, DYING))
    p = passes(skill)
    icepool_p = icepool.d(100).map(lambda r: r != 100 and (r == 1 or r <= skill)).probability(True)
    assert p == icepool_p
    saved = g.Combatant(name="D", hp_current=-3, mortal_rounds=0, conditions={"stabilised"})
    after = {a.target: q for a, q in law.items()}
    assert after == ({saved: p, DYING: 1 - p} if 0 < p < 1 else {saved if p else DYING: F(1)})
    assert S.status(saved) == "down" and S.round_end(saved) == {saved: 1}  # no count now


def test_first_aid_odds_have_no_impale_degree():
    odds = S.checks["first_aid"].odds(g.checks.forms.FirstAidForm(skill=45))
    assert set(odds.probabilities) == {"pifia", "fallo", "exito", "critico"}
    assert odds["exito"] + odds["critico"] == passes(45)


def test_first_aid_stops_bleeding_and_the_destroyed_count_and_wakes_at_1_2_hp():
    bleeding = g.Combatant(name="B", location_damage={"abdomen": 4})  # disabled: bleeds
    counting = g.Combatant(name="C", location_damage={"pecho": 10}, severe_rounds_left=5)
    out = g.Combatant(name="U", hp_current=2, conditions={"unconscious"}, can_defend=False)
    for target in (bleeding, counting, out):
        assert needs_aid(target)
        (saved,) = [a.target for a in A["aid"].law(ctx(HEALER, target)) if a.target != target]
        if target is out:
            assert "unconscious" not in saved.conditions and saved.can_defend
            assert S.status(saved) is None  # «hasta que tenga 3 o reciba ayuda»
        else:
            assert "stabilised" in saved.conditions
            assert S.round_end(saved) == {saved: 1}


def test_first_aid_refusals():
    fine, dead = g.Combatant(name="F"), g.Combatant(name="X", location_damage={"cabeza": 9})
    for target in (fine, dead, DYING.__class__(name="S", hp_current=-1, conditions={"stabilised"})):
        why = A["aid"].refusal(ctx(HEALER, target))
        plain_refusal(why)
        assert A["aid"].law(ctx(HEALER, target)) == {ActionAfter(HEALER, target, SWORD): 1}
    assert "muert" in A["aid"].refusal(ctx(HEALER, dead))[0]


def test_first_aid_resolves_within_6_sigma():
    check_resolves(A["aid"], ctx(HEALER, DYING))


# --------------------------------------------------------------------------- stand up
def test_standing_up_ends_prone_and_costs_the_defence_this_round():
    down = g.Combatant(name="P", conditions={"prone"})
    ((after, p),) = A["stand_up"].law(ctx(down)).items()
    up = after.actor
    assert p == 1 and "prone" not in up.conditions
    assert not up.can_defend and up.defence_disabled_left == 0
    assert g.defence_skill(up, FIGHTER, SWORD, g.Modifiers()) is None
    nxt = next(iter(S.round_end(up)))
    assert nxt.can_defend and nxt.defence_disabled_left is None  # back next round
    check_resolves(A["stand_up"], ctx(down), n=20)


def test_standing_up_refusals():
    plain_refusal(A["stand_up"].refusal(ctx(g.Combatant(name="U"))))
    gut = g.Combatant(name="G", conditions={"prone"}, location_damage={"abdomen": 4})
    leg = g.Combatant(name="L", conditions={"prone"}, location_damage={"pierna_derecha": 9})
    hurt_leg = g.Combatant(name="K", conditions={"prone"}, location_damage={"pierna_derecha": 4})
    for who in (gut, leg):
        plain_refusal(cannot_stand(who))
        plain_refusal(A["stand_up"].refusal(ctx(who)))
    assert cannot_stand(hurt_leg) is None  # a hurt leg: «de nuevo en pie»


# --------------------------------------------------------------------------- defend
def test_defender_gives_20_until_the_next_turn():
    d = g.Combatant(name="D", dodge_skill=40)
    ((after, _),) = A["defend"].law(ctx(d)).items()
    assert g.defence_skill(after.actor, FIGHTER, SWORD, g.Modifiers()) == 60
    assert g.attack_outcomes(FIGHTER, after.actor, SWORD, g.Modifiers()).rows == (
        g.attack_outcomes(FIGHTER, d, SWORD, g.Modifiers(defender_full_defence=True)).rows
    )
    (later,) = S.turn_start(after.actor)
    assert g.defence_skill(later, FIGHTER, SWORD, g.Modifiers()) == 40
    plain_refusal(A["defend"].refusal(ctx(after.actor)))


# --------------------------------------------------------------------------- reload
REVOLVER = g.Weapon(
    name="Revólver", kind="firearm", damage="1D8", range_m=25, capacity=6, rounds_loaded=0
)


def test_reload_only_when_it_cannot_fire_and_loose_rounds_two_a_round():
    """The offer (a ``recover`` action the default policy takes): only a gun that cannot
    fire its next blow; loose rounds: 2 a round, then it can fire (refused again)."""
    loose = g.Weapon(**_weapon(REVOLVER, reload_kind="cartridges"))
    burst = g.Modifiers(bullets=1)
    ((a, _),) = A["reload"].law(ctx(FIGHTER, weapon=loose, mods=burst)).items()
    assert a.weapon.rounds_loaded == 2
    plain_refusal(A["reload"].refusal(ctx(FIGHTER, weapon=a.weapon, mods=burst)))
    smg = g.Weapon(**_weapon(REVOLVER, automatic=True, rounds_loaded=2, reload_kind="cartridges"))
    three = g.Modifiers(bullets=3)
    ((b, _),) = A["reload"].law(ctx(FIGHTER, weapon=smg, mods=three)).items()
    assert b.weapon.rounds_loaded == 4  # a 3-round burst needs 3


def test_magazine_and_belt_exactly():
    mods = g.Modifiers()
    ((a, _),) = A["reload"].law(ctx(FIGHTER, weapon=REVOLVER, mods=mods)).items()
    assert a.weapon.rounds_loaded == 6
    loose = g.Weapon(**_weapon(REVOLVER, reload_kind="cartridges"))
    ((a, _),) = A["reload"].law(ctx(FIGHTER, weapon=loose, mods=mods)).items()
    assert a.weapon.rounds_loaded == 2
    belt = g.Weapon(**_weapon(REVOLVER, reload_kind="belt"))
    ((a, _),) = A["reload"].law(ctx(FIGHTER, weapon=belt, mods=mods)).items()
    assert a.weapon.rounds_loaded == 0 and a.weapon.reloading
    ((b, _),) = A["reload"].law(ctx(FIGHTER, weapon=a.weapon, mods=mods)).items()
    assert b.weapon.rounds_loaded == 6 and not b.weapon.reloading
    check_resolves(A["reload"], ctx(FIGHTER, weapon=REVOLVER, mods=mods), n=10)


def _weapon(w: g.Weapon, **changes) -> dict:
    data = {name: getattr(w, name) for name, _ in fields.describe(g.Weapon)}
    return {**data, **changes}


def test_reload_refusals_and_the_empty_gun_cannot_fire():
    plain_refusal(A["reload"].refusal(ctx(FIGHTER)))  # a sword: nothing counted
    full = g.Weapon(**_weapon(REVOLVER, rounds_loaded=6))
    plain_refusal(A["reload"].refusal(ctx(FIGHTER, weapon=full)))
    why = A["attack"].refusal(ctx(FIGHTER, g.Combatant(name="T"), weapon=REVOLVER))
    plain_refusal(why)
    assert "recargar" in why[0]


# --------------------------------------------------------------------------- attacks
def test_the_attack_is_the_systems_attack():
    target = g.Combatant(name="T", dodge_skill=40, armour=2, hp_max=12)
    law = A["attack"].law(ctx(FIGHTER, target))
    want = S.transitions(FIGHTER, target, SWORD, g.Modifiers(), g.DEFAULT, with_weapon=True)
    assert law == {ActionAfter(a, d, w): p for (a, d, w), p in want.items()}
    check_resolves(A["attack"], ctx(FIGHTER, target), n=300)


@pytest.mark.parametrize("condition", ["stunned", "no_attack", "defend_only"])
def test_an_attacker_who_cannot_attack_is_refused(condition):
    me = g.Combatant(name="W", conditions={condition})
    why = A["attack"].refusal(ctx(me, g.Combatant(name="T")))
    plain_refusal(why)
    assert A["attack"].law(ctx(me, g.Combatant(name="T"))) == {
        ActionAfter(me, g.Combatant(name="T"), SWORD): 1
    }


def test_charge_ko_and_disarm_are_the_attack_with_the_declaration():
    target = g.Combatant(name="T", dodge_skill=30, hp_max=12)
    for action, mods in (
        ("charge", g.Modifiers(charge=True)),
        ("ko", g.Modifiers(ko_attempt=True)),
        ("disarm", g.Modifiers(maneuver="disarm")),
    ):
        law = A[action].law(ctx(FIGHTER, target))
        want = S.transitions(FIGHTER, target, SWORD, mods, g.DEFAULT, with_weapon=True)
        assert law == {ActionAfter(a, d, w): p for (a, d, w), p in want.items()}, action
    bow = g.Weapon(name="Arco", kind="bow", damage="1D8", range_m=90)
    for action in ("charge", "disarm"):
        plain_refusal(A[action].refusal(ctx(FIGHTER, target, weapon=bow)))


def test_charge_adds_1d4_exactly():
    """Helpless target, no armour: charge damage law = 1D8+1 + 1D4 (MD +1D4) + 1D4, brute."""
    target = g.Combatant(name="T", hp_max=99)
    mods = g.Modifiers(target_helpless=True, defence="none")
    law = A["charge"].law(ctx(FIGHTER, target, mods=mods))
    lost: Counter = Counter()
    for a, p in law.items():
        lost[99 - a.target.current_hp] += p
    brute: Counter = Counter()
    for w in range(1, 9):
        for md in range(1, 5):
            for c in range(1, 5):
                brute[w + 1 + md + c] += F(1, 128)
    assert dict(lost) == dict(brute)


# --------------------------------------------------------------------------- conditions
def test_conditions_name_the_states_in_both_languages():
    c = g.Combatant(
        name="X",
        hp_current=4,
        conditions={"prone", "no_block"},
        no_block_left=1,
        no_attack_left=1,
        location_damage={"pecho": 10},
        severe_rounds_left=3,
    )
    got = S.conditions(c)
    es = [e for e, _ in got]
    assert "Moribundo" in es and "Derribado" in es and "No puede bloquear" in es
    assert any("muere en 3 turnos" in e for e in es)
    assert "Pierde el ataque el próximo turno" in es
    assert all(e and n and "_" not in e + n for e, n in got)
    assert S.conditions(g.Combatant()) == ()
    assert S.conditions(g.Combatant(location_damage={"cabeza": 9})) == (
        ("Muerto", "Muerto (dead)"),
    )


# --------------------------------------------------------------------------- the tracker
def test_the_tracker_takes_first_aid_and_standing_up():
    fight = Fight(S)
    fight.add("H", "a", g.Combatant(name="H", des=15, first_aid_skill=100), SWORD)
    fight.add("D", "a", DYING, SWORD)
    fight.add("P", "b", g.Combatant(name="P", des=12, conditions={"prone"}), SWORD)
    fight.roll_initiative(seed=3)
    assert fight.state.order[0] == "H"
    offered = {a.action.id: a.targets for a in fight.actions_for("H")}
    assert offered["aid"] == ("D",) and "P" in offered["attack"]
    res = fight.act("H", "aid", "D", seed=7)
    assert res.after.target.conditions == {"stabilised"} or res.roll.degree.id in ("pifia", "fallo")
    fight.apply_action(res, "H", "D")
    assert fight.actions_for("H") == []  # the one action of the turn is spent
    fight.next_turn(seed=1)
    while fight.state.current != "P":
        fight.next_turn(seed=2)
    assert [a.action.id for a in fight.actions_for("P")][:1] == ["attack"]
    res = fight.act("P", "stand_up", seed=1)
    fight.apply_action(res, "P")
    p = fight.state.fighter("P").defender
    assert "prone" not in p.conditions and not p.can_defend
