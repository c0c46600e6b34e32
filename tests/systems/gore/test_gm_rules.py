"""Issue 9.2 and 9.6: the defaults that follow the seed, and the rules a GM needs at the
table, each tested from the seed's own words (quoted in the test's docstring)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction as F

import pytest

from rolkit.dice import ScriptedDice
from rolkit.errors import FieldRangeError, ImpossibleActionError
from rolkit.fight import Fight, InitiativeEntry
from rolkit.systems import gore as g

from .gore_fixtures import walk_rows

S = g.SYSTEM
SWORD = g.Weapon(name="Espada ancha", damage="1D8+1")
BOW = g.Weapon(name="Arco largo", damage="1D8+1", kind="bow", impaling=True, range_m=90.0)
REVOLVER = g.Weapon(name="Revólver", damage="1D8", kind="firearm", impaling=True, range_m=25.0)
RIFLE = g.Weapon(damage="2D6+2", kind="firearm", range_m=90.0, long_arm=True)
SMG = g.Weapon(damage="1D8", kind="firearm", range_m=40.0, automatic=True)


# --------------------------------------------------------------------------- 9.2 defaults
def test_total_darkness_caps_the_final_skill():
    """T1 «Luchar a ciegas o en total oscuridad — Hab. a 1/4, POD x3 o INT x3 (lo que sea
    más bajo)»: a ceiling on the final skill. Skill 80, POD 5, target surprised → 15, not
    35; the earlier reading (cap before the +20) stays an option."""
    a = g.Combatant(attack_skill=80, pod=5)
    m = g.Modifiers(lighting="oscuridad_total", target_surprised=True)
    assert g.attack_skill(a, g.Combatant(), SWORD, m) == 15
    old = g.GoreOptions(darkness_cap_stage="before_additive")
    m_old = g.Modifiers(lighting="oscuridad_total", target_surprised=True, options=old)
    assert g.attack_skill(a, g.Combatant(), SWORD, m_old) == 35  # min(20, 15) + 20
    # the defender's dodge too: DES 11 → 22 ×1/4 = 6, −20 prone, +20 Defender = 6 ≤ POD×3
    d = g.Combatant(pod=1)
    m = g.Modifiers(lighting="oscuridad_total", defender_full_defence=True)
    assert g.defence_skill(d, a, SWORD, m) == 3  # min(ceil(22/4) + 20, POD×3 = 3)


def test_distance_defaults_to_ordinary_range():
    """§2.3: ``distance_m`` empty = ordinary range — «si el objetivo está en el alcance
    efectivo del arma se ataca sin modificaciones» — not 0 m, which doubled every shot."""
    a = g.Combatant(attack_skill=40)
    assert g.Modifiers().distance_m is None
    assert g.attack_skill(a, g.Combatant(), BOW, g.Modifiers()) == 40
    assert g.attack_skill(a, g.Combatant(), BOW, g.Modifiers(distance_m=20.0)) == 80  # DES×3
    assert g.attack_skill(a, g.Combatant(), BOW, g.Modifiers(distance_m=150.0)) == 20


@pytest.mark.parametrize("weapon", [BOW, RIFLE])
def test_touch_range_with_a_projectile_weapon_is_a_clear_error(weapon):
    """«a una distancia de toque, (cuerpo a cuerpo) muchas armas de proyectiles son
    totalmente inoperativas»: a bow or long gun under 1 m is an impossible action."""
    with pytest.raises(ImpossibleActionError) as err:
        g.attack_skill(g.Combatant(), g.Combatant(), weapon, g.Modifiers(distance_m=0.5))
    assert isinstance(err.value, g.GoreInputError)
    assert err.value.field == "modifiers.distance_m"
    assert "inoperativas" in err.value.message("es")
    # a revolver still fires at touch range (close range ×2)
    v = g.attack_skill(g.Combatant(), g.Combatant(), REVOLVER, g.Modifiers(distance_m=0.5))
    assert v == 50


def test_a_normal_ranged_hit_on_a_shield_bearer_strikes_the_shield():
    """G12 «Los escudos no consiguen desviar totalmente los ataques exitosos críticos, así
    como los resultados de Empalar»: a normal hit strikes the shield, with no coverage
    roll; only criticals and impales roll coverage (30 for a rodela)."""
    d = g.Combatant(block_item=g.Shield(kind="normal", pg_max=20))
    a = g.Combatant(attack_skill=50)
    m = g.Modifiers(defence="none")
    o = g.attack_outcomes(a, d, BOW, m)
    cats = o.by_category()
    assert "hit_normal" not in cats
    # Éxito 40/100 → shield; Crítico 9/100 and Empalar 1/100: 30 % shield, 70 % body
    assert cats["shield_hit"] == F(40, 100) + F(10, 100) * F(30, 100)
    assert cats["hit_critical"] == F(9, 100) * F(70, 100)
    assert cats["hit_impale"] == F(1, 100) * F(70, 100)


# --------------------------------------------------------------------------- 9.6 maneuvers
def test_disarm_threshold_is_half_the_skill_rounded():
    """Desarmar: «Si el ataque tiene éxito por un margen del 50% del porcentaje de la
    habilidad usada la maniobra ha funcionado» (R2 nearest, at least 01)."""
    assert [g.disarm_threshold(v) for v in (60, 55, 1, 0)] == [30, 28, 1, 1]


def test_disarm_exact_odds_by_hand():
    """Skill 60 vs no defence, defender FUE 10: the roll must be ≤ 30 (30 faces, 01 and the
    criticals included); then «ha de superar un chequeo de FUE x3» — 30 faces keep it."""
    a, d = g.Combatant(attack_skill=60), g.Combatant(fue=10)
    m = g.Modifiers(defence="none", maneuver="disarm")
    o = S.odds(a, d, SWORD, m)
    assert o.flag("disarmed") == F(30, 100) * F(70, 100)
    kept = sum(p for k, p in o.probabilities.items() if k.maneuver == "kept_weapon")
    assert kept == F(30, 100) * F(30, 100)
    assert o.expected_damage == 0  # the maneuver replaces the blow's damage


def test_capture_holds_the_target():
    """Capturar: «será incapaz de moverse o realizar cualquier acción (incluidas las de
    esquiva o bloqueo) en ese turno y en el siguiente» — its fate is down."""
    a, d = g.Combatant(attack_skill=60), g.Combatant(dodge_skill=40)
    o = S.odds(a, d, g.Weapon(name="red", damage="0"), g.Modifiers(maneuver="capture"))
    p_hit = sum(p for k, p in o.probabilities.items() if k.category.startswith("hit_"))
    assert o.flag("captured") == p_hit == o.p_down
    assert o.p_hit == p_hit and o.p_dead == 0


@pytest.mark.parametrize(
    ("a", "d", "w", "m"),
    [
        # unarmed (Lucha Libre) and thrown weapons: their fumbles draw a finite tree
        (g.Combatant(attack_skill=60), g.Combatant(fue=10), g.Weapon(damage="1D3", kind="unarmed"), g.Modifiers(defence="none", maneuver="disarm")),
        (g.Combatant(attack_skill=45), g.Combatant(dodge_skill=30), g.Weapon(name="red", damage="0", kind="thrown", range_m=10.0), g.Modifiers(maneuver="capture")),
    ],
)  # fmt: skip
def test_maneuver_rolls_follow_the_exact_rows(a, d, w, m):
    """Every face sequence of ``resolve_attack`` walked: the roll's law is the exact odds
    (a melee weapon's T11 «00 — Tira otra vez» would make the tree infinite)."""
    rows, _ = walk_rows(a, d, w, m)
    assert rows == g.attack_outcomes(a, d, w, m).rows


def test_disarm_resolve_draw_order():
    """Attack 20 (≤ 30), FUE×3 check 95 fails, the weapon flies 1D6−1 = 3 m."""
    r = g.resolve_attack(
        g.Combatant(attack_skill=60),
        g.Combatant(fue=10),
        SWORD,
        g.Modifiers(defence="none", maneuver="disarm"),
        ScriptedDice([20, 95, 4]),
    )
    assert (r.row.maneuver, r.effects["weapon_flies_m"], r.damage) == ("disarmed", 3, 0)


def test_natural_weapons_cannot_block_weapons():
    """«Armas naturales … Pueden bloquear otras armas naturales y ataques desarmados con
    normalidad, sin embargo no pueden hacerlo con armas»: the «Bloqueo» cell becomes a
    normal hit against a sword, and stays a block against claws."""
    a, d = g.Combatant(attack_skill=50), g.Combatant(block_skill=50)
    m = g.Modifiers(defence="block", natural_block=True)
    sword = g.attack_outcomes(a, d, SWORD, m).by_category()
    plain = g.attack_outcomes(a, d, SWORD, g.Modifiers(defence="block")).by_category()
    assert "blocked" not in sword
    assert sword["hit_normal"] == plain["hit_normal"] + plain["blocked"]
    claws = g.Weapon(damage="1D6", kind="natural")
    assert "blocked" in g.attack_outcomes(a, d, claws, m).by_category()
    r = g.resolve_attack(a, d, SWORD, m, ScriptedDice([30, 40, 5]))  # Éxito vs Éxito
    assert r.category == "hit_normal" and "gore.step.natural_block" in [s.label for s in r.steps]


def test_multi_target_burst_has_no_bonus():
    """«Un personaje puede elegir hacer fuego en ráfaga a varios objetivos. En este caso, no
    hay incremento de la Habilidad por cada bala disparada … El ataque se resuelve por
    separado para cada objetivo»: 5 bullets at this target, skill stays 40."""
    a = g.Combatant(attack_skill=40)
    assert g.attack_skill(a, g.Combatant(), SMG, g.Modifiers(bullets=5)) == 60
    assert g.attack_skill(a, g.Combatant(), SMG, g.Modifiers(bullets=5, multi_target=True)) == 40
    with pytest.raises(g.GoreInputError):
        g.Modifiers(multi_target=True) and g.attack_skill(
            a, g.Combatant(), SMG, g.Modifiers(multi_target=True)
        )


def test_two_guns_use_the_crowd_rule():
    """«Si usas un arma en cada mano utiliza las reglas para Multitudes … esto no supone
    duplicar tus ataques»: a firearm ×1/5 (×1/3 with a laser sight and 60 %)."""
    a = g.Combatant(attack_skill=60)
    assert g.attack_skill(a, g.Combatant(), REVOLVER, g.Modifiers(two_guns=True)) == 12
    m = g.Modifiers(two_guns=True, laser_sight=True)
    assert g.attack_skill(a, g.Combatant(), REVOLVER, m) == 20
    with pytest.raises(g.GoreInputError):
        g.attack_skill(a, g.Combatant(), SWORD, g.Modifiers(two_guns=True))


def test_at_most_five_attackers_on_one_target():
    """«Un solo objetivo solo puede ser atacado a la vez por 5 oponentes»."""
    assert g.Modifiers(attackers_on_target=5).attackers_on_target == 5
    with pytest.raises(FieldRangeError) as err:
        g.Modifiers(attackers_on_target=6)
    assert "attackers_on_target" in err.value.field


# --------------------------------------------------------------------------- order of action
def test_initiative_by_des_ties_by_1d10():
    """«actúa antes quien más puntuación tiene en tal Atributo … Si dos personajes tienen la
    misma DES se tira 1D10 y actúa primero el que obtiene mejor resultado en el dado»."""
    entries = [
        InitiativeEntry("Ana", "A", g.Combatant(des=12)),
        InitiativeEntry("Bea", "B", g.Combatant(des=15)),
        InitiativeEntry("Cid", "B", g.Combatant(des=12)),
    ]
    order, steps = S.initiative_fn(entries, ScriptedDice([3, 3, 9, 2]))  # tie, tie again
    assert order == ["Bea", "Ana", "Cid"]
    assert [s.dice for s in steps if s.dice] == [(3,), (3,), (9,), (2,)]
    assert S.initiative_each_round


def test_initiative_tie_law_is_fair():
    """Two equal DES: each goes first half the time (seeded, 2000 fights, 6σ ≈ 0.067)."""
    entries = [InitiativeEntry(n, "A", g.Combatant(des=10)) for n in ("x", "y")]
    rng = random.Random(9)
    first = Counter(S.initiative_fn(entries, rng)[0][0] for _ in range(2000))
    assert abs(first["x"] / 2000 - 0.5) < 0.067


def test_fight_tracker_orders_gore_fighters():
    fight = Fight(S)
    fight.add("Lento", "A", g.Combatant(des=8))
    fight.add("Rápido", "B", g.Combatant(des=16))
    st = fight.roll_initiative(seed=1)
    assert st.order == ("Rápido", "Lento")


def test_longer_weapons_strike_first():
    """«Los personajes que usen armas más largas atacan antes que los que usen más cortas, a
    pesar del Orden de Batalla, (por ejemplo, lanzas contra espadas cortas)»."""
    spear = g.Weapon(damage="1D6+1", reach="larga")
    short = g.Weapon(damage="1D6+1", reach="corta")
    assert g.strikes_first(spear, short) == 1
    assert g.strikes_first(short, spear) == -1
    assert g.strikes_first(short, short) == 0


# --------------------------------------------------------------------------- firearms
def test_reloading():
    """«Necesitas todo un turno de combate para cargar 2 balas o cartuchos/cambiar un
    cargador. Dos turnos el cambiar la cinta de abastecimiento de una ametralladora»."""
    assert g.reload_plan("cartridges", 2) == (1, True)
    assert g.reload_plan("cartridges", 5) == (3, True)
    assert g.reload_plan("magazine") == (1, False)
    assert g.reload_plan("belt") == (2, False)
    with pytest.raises(g.GoreInputError):
        g.reload_plan("arrows")


def test_silencer_life():
    """«funciona durante 1D100+10 disparos»: 11..110, uniform; one d100 drawn."""
    law = g.silencer_life_law()
    assert (min(law), max(law), sum(law.values())) == (11, 110, 1)
    assert g.silencer_life(ScriptedDice([1])) == 11
    assert g.silencer_life(ScriptedDice([100])) == 110


def test_vacuum_damage_per_round():
    """«Respecto exponerse al vacío sufre asfixia no pudiendo respirar … ocasionándole 2D6
    +4 PG de daño por ronda hasta que colapsan sus pulmones»."""
    h = g.hazard("vacuum")
    assert h.dice == "2D6+4" and any("asfixia" in e for e in h.effects)
    with pytest.raises(g.GoreInputError):
        g.hazard("vacuum", rounds=2)


def test_rounds_loaded_are_spent_and_an_empty_gun_must_reload():
    """«Recargando»: each shot spends a round; a burst larger than the rounds loaded is an
    impossible action that says to reload; a malfunction fires none."""
    smg = g.Weapon(
        damage="1D8", kind="firearm", range_m=40.0, automatic=True, malfunction=98, rounds_loaded=5
    )
    a, m = g.Combatant(attack_skill=60), g.Modifiers(defence="none", bullets=3)
    rolls = (S.resolve(a, g.Combatant(hp_max=40), smg, m, seed=seed) for seed in range(20))
    r = next(r for r in rolls if r.outcome.attacker_tier != "encasquillado")
    assert S.after(r)["weapon"].rounds_loaded == 2
    with pytest.raises(ImpossibleActionError) as err:
        g.attack_skill(a, g.Combatant(), dataclasses.replace(smg, rounds_loaded=2), m)
    assert err.value.field == "weapon.rounds_loaded"
    assert "cargar 2 balas" in err.value.message("es")
    jam = g.resolve_attack(a, g.Combatant(), smg, m, ScriptedDice([99]))  # ≥ 98: jams
    assert jam.attacker_tier == "encasquillado" and "rounds_fired" not in jam.effects


def test_a_worn_out_silencer_no_longer_halves_the_range():
    """«Silenciadores»: «Dividen el alcance efectivo por la mitad … funciona durante
    1D100+10 disparos»: shots left go down with each shot; at 0 it does nothing."""
    pistol = g.Weapon(damage="1D8", kind="firearm", range_m=20.0, silencer=True, silencer_shots=1)
    a, m = g.Combatant(attack_skill=60, des=1), g.Modifiers(defence="none", distance_m=15.0)
    assert g.attack_skill(a, g.Combatant(), pistol, m) == 30  # R_eff 10 m → band 2
    r = S.resolve(a, g.Combatant(hp_max=40), pistol, m, seed=2)
    worn = S.after(r)["weapon"]
    assert worn.silencer_shots == 0
    assert g.attack_skill(a, g.Combatant(), worn, m) == 60  # R_eff 20 m again
