"""The actions of a Tierkreis turn (issue #25), each law checked against the dice written
here (a brute force over the d12 faces, or icepool), each effect against the seed's words.

* one action a turn (P24: «cada combatiente puede hacer una acción»); the attacks that
  spend no action (T1 9–10 free attack, P23 surprise, P19 prepared action and reaction)
  each need their mark and use it up;
* no roll: Defensa, Levantarse, Recoger/Desenfundar (Ítem), Recargar, Mover, Preparar,
  Curar (certain: law of one form);
* maneuvers (P15): Agarrar, Liberarse, Arrebatar, Empujar, Tumbar, the player rolling
  against an NPC (P3);
* Curar saves a dying ally at 3 death points before its turn starts (G11, the revised
  spec), through the tracker.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from fractions import Fraction as F

import icepool
import pytest

from rolkit import RulesError, i18n
from rolkit.actions import ActionAfter, ActionContext
from rolkit.fight import Fight
from rolkit.systems import tierkreis as tk

S = tk.SYSTEM
NPC = {"is_player": False}
PISTOL = tk.Weapon(name="pistola", kind="firearm", damage=4, ammo_capacity=2)


def ctx(actor, target=None, weapon=tk.UNARMED, options=None) -> ActionContext:
    o = options or tk.TierkreisOptions()
    return ActionContext(actor, weapon, actor if target is None else target, tk.Modifiers(), o)


def certain(action_id: str, c: ActionContext) -> ActionAfter:
    law = S.actions[action_id].law(c)
    ((after, p),) = law.items()
    assert p == 1
    return after


def d12_law(success) -> dict[bool, F]:
    """Brute force over the twelve faces of the d12: P(success(face))."""
    n = sum(1 for face in range(1, 13) if success(face))
    return {k: v for k, v in {True: F(n, 12), False: F(12 - n, 12)}.items() if v}


# --------------------------------------------------------------------------- the turn
def test_one_action_a_turn_and_the_free_attacks_spend_no_action() -> None:
    rules = S.turn_rules
    assert rules.budget["action"] == 1
    for a in ("attack", "defend", "stand_up", "reload", "grapple", "aid", "move", "prepare"):
        assert S.actions[a].cost == {"action": 1}, a
        assert not rules.affordable(S.actions[a], ("attack",), S.actions)
    for a in ("free_attack", "surprise_attack", "prepared_attack", "reaction_power"):
        assert "action" not in S.actions[a].cost
        assert rules.affordable(S.actions[a], ("attack",), S.actions)


# --------------------------------------------------------------------------- no roll
def test_defensa_levantarse_recoger_desenfundar_and_preparar() -> None:
    pc = tk.Combatant(name="Jessica")
    assert certain("defend", ctx(pc)).actor.defensive_stance
    assert S.actions["defend"].refusal(ctx(dataclasses.replace(pc, defensive_stance=True)))
    prone = dataclasses.replace(pc, prone=True)
    assert certain("stand_up", ctx(prone)).actor == pc
    assert S.actions["stand_up"].refusal(ctx(pc)) == ("no está tumbado", "is not prone (tumbado)")
    dropped = dataclasses.replace(pc, weapon_state="dropped")
    assert certain("pick_up", ctx(dropped)).actor == pc
    assert S.actions["draw"].refusal(ctx(dropped))  # a dropped weapon is picked up, not drawn
    snatched = dataclasses.replace(pc, weapon_state="snatched")
    assert certain("draw", ctx(snatched)).actor == pc
    assert S.actions["pick_up"].refusal(ctx(snatched))
    ready = certain("prepare", ctx(pc)).actor
    assert ready.prepared_action and S.actions["prepare"].refusal(ctx(ready))
    # P19 «si no usa su acción antes de que llegue su turno nuevamente, ésta se pierde»
    (after,) = S.turn_start(ready)
    assert not after.prepared_action


def test_recargar_only_an_empty_weapon_in_hand() -> None:
    pc = tk.Combatant(agility=7)
    empty = dataclasses.replace(PISTOL, ammo_left=0)
    assert certain("reload", ctx(pc, weapon=empty)).weapon == PISTOL  # a full load again
    assert S.actions["reload"].refusal(ctx(pc, weapon=PISTOL)) == (
        "aún le queda munición",
        "still has shots left",
    )
    assert S.actions["reload"].refusal(ctx(pc, weapon=tk.Weapon(kind="firearm")))
    assert S.actions["reload"].refusal(
        ctx(dataclasses.replace(pc, weapon_state="dropped"), weapon=empty)
    )
    # the attack is refused with the fight's reason, reloading is what is left to do
    assert (
        S.actions["attack"]
        .refusal(ctx(pc, tk.Combatant(**NPC), empty))[1]
        .startswith("has no shots left")
    )


def test_mover_is_refused_to_the_grappled() -> None:
    """P15 «Un oponente agarrado no puede alejarse»."""
    pc = tk.Combatant()
    assert certain("move", ctx(pc)).actor == pc
    assert S.actions["move"].refusal(ctx(dataclasses.replace(pc, grappled=True))) == (
        "está agarrado: no puede alejarse",
        "is grappled (agarrado): it cannot move away",
    )


def test_curar_restores_pv_clears_death_points_and_wakes_prone() -> None:
    """P9 «borrando los puntos de muerte … El personaje despierta tumbado»; ``aid_pv``."""
    healer = tk.Combatant(name="Nico")
    fallen = tk.Combatant(name="Jessica", pv_current=0, death_points=2)
    after = certain("aid", ctx(healer, fallen)).target
    assert (after.pv, after.death_points, after.prone) == (1, 0, True)
    three = tk.TierkreisOptions(aid_pv=3)
    after = certain("aid", ctx(healer, fallen, options=three)).target
    assert (after.pv, after.death_points) == (3, 0)
    hurt = tk.Combatant(pv_current=2)  # PV left: healed up to the maximum (4), not prone
    after = certain("aid", ctx(healer, hurt, options=tk.TierkreisOptions(aid_pv=5))).target
    assert (after.pv, after.prone) == (4, False)
    assert S.actions["aid"].refusal(ctx(healer, tk.Combatant())) == (
        "no puede curar a quien no está herido",
        "cannot heal one who is not hurt",
    )


def test_curar_saves_the_dying_at_three_points_until_its_turn_starts() -> None:
    """G11 (revised): «Si al iniciar un turno el personaje alcanza 3 puntos de muerte,
    muere»: at 3 points from a blow it is dying, and Curar saves it; once its turn has
    started (``dead`` ticked), or with the house rule «al instante», it is dead."""
    healer = tk.Combatant(name="Nico")
    dying = tk.Combatant(name="Jessica", pv_current=0, death_points=3)
    assert S.status(dying) == "dying"
    saved = certain("aid", ctx(healer, dying)).target
    assert (saved.pv, saved.death_points, S.status(saved)) == (1, 0, None)
    dead = dataclasses.replace(dying, dead=True)
    assert S.actions["aid"].refusal(ctx(healer, dead)) == (
        "no puede curar a un muerto",
        "cannot heal the dead",
    )
    immediate = tk.TierkreisOptions(death_timing="immediate")
    assert S.actions["aid"].refusal(ctx(healer, dying, options=immediate))


def test_in_the_tracker_a_dying_ally_is_healed_before_its_turn_and_lives() -> None:
    fight = Fight(S)
    fight.add("Nico", "pj", tk.Combatant(name="Nico", agility=12))
    fight.add(
        "Jessica", "pj", tk.Combatant(name="Jessica", agility=1, pv_current=0, death_points=3)
    )
    fight.add("Bruno", "pnj", tk.Combatant(name="Bruno", agility=2, **NPC))
    fight.roll_initiative(seed=1)
    assert fight.state.order[0] == "Nico"
    available = {a.action.id: a.targets for a in fight.actions_for("Nico")}
    assert available["aid"] == ("Jessica",)
    result = fight.act("Nico", "aid", "Jessica", seed=5)
    fight.apply_action(result, "Nico", "Jessica")
    j = fight.state.fighter("Jessica").defender
    assert (j.pv, j.death_points, j.prone) == (1, 0, True)
    while fight.state.current != "Jessica":
        fight.next_turn(seed=2)
    j = fight.state.fighter("Jessica").defender
    assert S.status(j) is None and not j.dead  # its turn started: alive, still prone
    assert ("Tumbado", "Tumbado (prone)") in S.conditions(j)
    assert "stand_up" in {a.action.id for a in fight.actions_for("Jessica")}


# --------------------------------------------------------------------------- P15 maneuvers
def _split(law: dict[ActionAfter, F], changed) -> dict[bool, F]:
    out: dict[bool, F] = {}
    for after, p in law.items():
        out[changed(after)] = out.get(changed(after), F(0)) + p
    return out


def test_agarrar_best_of_fue_and_agi_and_a_12_compares_like_any_roll() -> None:
    """PC FUE 7 AGI 5 grapples an NPC: target 7; a natural 1 always succeeds."""
    pc, npc = tk.Combatant(strength=7, agility=5), tk.Combatant(**NPC)
    law = S.actions["grapple"].law(ctx(pc, npc))
    got = _split(law, lambda a: a.target.grappled and a.actor.grappling)
    assert got == d12_law(lambda face: face == 1 or face <= 7)
    strong = tk.Combatant(strength=12)  # R4/G10: 12 <= 12 succeeds (no automatic failure)
    assert _split(S.actions["grapple"].law(ctx(strong, npc)), lambda a: a.target.grappled) == {
        True: F(1)
    }
    assert S.actions["grapple"].refusal(ctx(pc, dataclasses.replace(npc, grappled=True)))


def test_an_npc_grapple_on_a_player_is_the_players_dodge() -> None:
    """P3/P15: the PC (AGI 6, Defensa +1) dodges: the grapple succeeds on 8–12."""
    npc, pc = tk.Combatant(strength=12, **NPC), tk.Combatant(defensive_stance=True)
    law = S.actions["grapple"].law(ctx(npc, pc))
    assert _split(law, lambda a: a.target.grappled) == d12_law(lambda face: face > 7)


def test_liberarse_the_grappler_keeps_it_with_fue_or_agi() -> None:
    """«el personaje que hizo el agarre debe superar un chequeo de FUE o AGI para mantener
    el agarre»: an NPC grappled by a PC (FUE 8) is freed on the PC's failure (9–12)."""
    held = tk.Combatant(grappled=True, **NPC)
    grappler = tk.Combatant(strength=8, grappling=True)
    law = S.actions["break_free"].law(ctx(held, grappler))
    freed = _split(law, lambda a: not a.actor.grappled and not a.target.grappling)
    assert freed == d12_law(lambda face: not (face == 1 or face <= 8))
    # a PC held by an NPC rolls itself (P15): FUE or AGI 6, a 1 always frees
    pc = tk.Combatant(grappled=True)
    law = S.actions["break_free"].law(ctx(pc, tk.Combatant(strength=12, grappling=True, **NPC)))
    assert _split(law, lambda a: not a.actor.grappled) == d12_law(lambda f: f == 1 or f <= 6)
    assert S.actions["break_free"].refusal(ctx(tk.Combatant(), grappler))
    assert S.actions["break_free"].refusal(ctx(held, tk.Combatant()))


def test_arrebatar_empujar_tumbar_with_icepool() -> None:
    pc, npc = tk.Combatant(strength=6, agility=4), tk.Combatant(pv_max_override=9, **NPC)
    # Arrebatar: FUE 6 − 3 = 3 (V16); a natural 1 is critical
    law = S.actions["snatch"].law(ctx(pc, npc))
    die = icepool.d12
    snatch = die.map(lambda f: f == 1 or f <= 3)
    expected = {k: F(snatch.quantity(k), snatch.denominator()) for k in snatch.outcomes()}
    assert _split(law, lambda a: a.target.weapon_state == "snatched") == expected
    assert S.actions["snatch"].refusal(ctx(pc, dataclasses.replace(npc, weapon_state="dropped")))
    # Empujar: only the critical (2 m) knocks prone (V17); a success moves it 1 m
    law = S.actions["push"].law(ctx(pc, npc))
    crit = die.map(lambda f: f == 1)
    assert _split(law, lambda a: a.target.prone) == {
        k: F(crit.quantity(k), crit.denominator()) for k in crit.outcomes()
    }
    # Tumbar: FUE 6
    law = S.actions["trip"].law(ctx(pc, npc))
    trip = die.map(lambda f: f <= 6)
    assert _split(law, lambda a: a.target.prone) == {
        k: F(trip.quantity(k), trip.denominator()) for k in trip.outcomes()
    }
    assert S.actions["trip"].refusal(ctx(pc, dataclasses.replace(npc, prone=True)))


@pytest.mark.parametrize("action_id", ["grapple", "snatch", "trip", "break_free"])
def test_a_maneuvers_seeded_draws_follow_its_law(action_id: str) -> None:
    pc = tk.Combatant(name="Jessica", strength=7, grappled=action_id == "break_free")
    npc = tk.Combatant(name="Bruno", grappling=action_id == "break_free", **NPC)
    c = ctx(pc, npc)
    law = S.actions[action_id].law(c)
    n = 300
    seen = Counter(S.actions[action_id].resolve_in_fight(c, seed=k).after for k in range(n))
    assert set(seen) <= set(law)
    for after, p in law.items():
        assert abs(seen[after] - n * p) <= 6 * math.sqrt(n * p * (1 - p)) + 1


# --------------------------------------------------------------------------- free attacks
def test_the_free_attack_of_a_fumble_9_10_is_played_once() -> None:
    """T1 9–10: the defender's attack, outside its action; the mark is used up."""
    npc = tk.Combatant(name="Bruno", pv_max_override=20, **NPC)
    pc = tk.Combatant(name="Valeria", agility=7)
    assert S.actions["free_attack"].refusal(ctx(pc, npc)) == (
        "no tiene un ataque gratis",
        "has no free attack due",
    )
    due = dataclasses.replace(pc, free_attack=True)
    law = S.actions["free_attack"].law(ctx(due, npc))
    plain = S.transitions(due, npc, tk.UNARMED, tk.Modifiers(), with_weapon=True)
    expected: dict = {}
    for (a, d, w), p in plain.items():
        key = ActionAfter(dataclasses.replace(a, free_attack=False), d, w)
        expected[key] = expected.get(key, F(0)) + p
    assert law == expected and all(not a.actor.free_attack for a in law)
    r = S.actions["free_attack"].resolve_in_fight(ctx(due, npc), seed=4)
    assert not r.after.actor.free_attack
    # a fumble 9–10 grants it (1/72 of an attack check) and the turn's end takes it away
    grants = S.transitions(pc, npc, tk.UNARMED, tk.Modifiers())
    assert sum(p for (_a, d), p in grants.items() if d.free_attack) == F(1, 72)
    (after,) = S.turn_end(dataclasses.replace(npc, free_attack=True))
    assert not after.free_attack


def test_the_surprise_attack_is_one_action_before_initiative() -> None:
    """P23 «los atacantes pueden realizar 1 acción antes de hacer los chequeos de
    iniciativa»: in the tracker, before initiative; it spends the mark, not the action."""
    fight = Fight(S)
    fight.add("Valeria", "pj", tk.Combatant(name="Valeria", agility=7, surprise_action=True))
    fight.add("Bruno", "pnj", tk.Combatant(name="Bruno", pv_max_override=20, **NPC))
    assert S.actions["surprise_attack"].refusal(
        fight.action_context("Bruno", "surprise_attack", "Valeria")
    )
    result = fight.act("Valeria", "surprise_attack", "Bruno", seed=3)
    assert result.steps[0].label == "tierkreis.step.surprise"
    fight.apply_action(result, "Valeria", "Bruno")
    assert not fight.state.fighter("Valeria").attacker.surprise_action
    with pytest.raises(RulesError):  # the mark is spent: no second surprise action
        fight.act("Valeria", "surprise_attack", "Bruno", seed=3)


def test_a_reaction_is_a_power_once_until_its_turn_starts() -> None:
    power = tk.Weapon(name="rayo", kind="power", damage=2)
    pc, npc = tk.Combatant(intelligence=8), tk.Combatant(**NPC)
    law = S.actions["reaction_power"].law(ctx(pc, npc, weapon=power))
    assert all(a.actor.reaction_used for a in law) and sum(law.values()) == 1
    used = dataclasses.replace(pc, reaction_used=True)
    assert S.actions["reaction_power"].refusal(ctx(used, npc, weapon=power))
    assert S.actions["reaction_power"].refusal(ctx(pc, npc, weapon=tk.SWORD))
    (after,) = S.turn_start(used)  # «la recupera cuando empieza su turno»
    assert not after.reaction_used


def test_conditions_list_the_lasting_states() -> None:
    c = tk.Combatant(
        prone=True,
        grappled=True,
        weapon_state="snatched",
        fumble_penalty="physical",
        free_attack=True,
    )
    labels = [es for es, _en in S.conditions(c)]
    assert labels == [
        "Tumbado",
        "Agarrado",
        "Ataque gratis",
        "Le arrebataron el arma",
        "Pifia: FUE, AGI y VIT −2",
    ]
    assert S.conditions(tk.Combatant()) == ()
    dying = tk.Combatant(pv_current=0, death_points=3)
    assert S.conditions(dying) == (
        ("Inconsciente, 3 puntos de muerte", "Inconsciente (unconscious), 3 death points"),
    )
    assert S.conditions(dataclasses.replace(dying, dead=True)) == (("Muerto", "Muerto (dead)"),)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_key_an_action_step_shows_is_registered(lang: str) -> None:
    pc = tk.Combatant(name="Jessica", prone=True, weapon_state="dropped", grappled=True)
    cases = [
        ("defend", ctx(pc)),
        ("stand_up", ctx(pc)),
        ("pick_up", ctx(pc)),
        ("prepare", ctx(pc)),
        ("aid", ctx(pc, tk.Combatant(pv_current=0))),
        ("move", ctx(tk.Combatant())),
        ("reload", ctx(tk.Combatant(), weapon=dataclasses.replace(PISTOL, ammo_left=0))),
        ("break_free", ctx(pc, tk.Combatant(grappling=True, **NPC))),
        ("attack", ctx(pc, tk.Combatant(**NPC))),
    ]
    for action_id, c in cases:
        r = S.actions[action_id].resolve_in_fight(c, seed=1)
        assert all(r.text) and r.label == S.actions[action_id].label
        for s in r.steps:
            assert i18n.has(s.label, lang), s.label
            for key, value in s.derived.items():
                assert i18n.has(f"tierkreis.derived.{key}", lang), key
                if isinstance(value, str) and value.startswith("tierkreis."):
                    assert i18n.has(value, lang), value
