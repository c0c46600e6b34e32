"""G.O.R.E.: the T9 death of a destroyed location and the T11 lost actions (#25).

* T9 «Pecho o abdomen: el personaje cae inconsciente al instante y tira CON x4
  exitosamente o muere fulminado. El chequeo ha de repetirse cada turno de combate … Si no
  se trata la herida en un número de turnos igual a la mitad de la suma de COM + POD del
  personaje, éste muere»; «Extremidades: … Si no se restablece PG antes de una cantidad de
  turnos de combate igual a la mitad de la suma de CON + POD del personaje, acaece la
  muerte»: the blow writes ``severe_rounds_left = ceil((CON+POD)/2)``; each round end counts
  one off (0 = dead) after a CON×4 for a chest or abdomen (failure: dead).
* T11 01–07 «no puedes bloquear el siguiente turno», 12–20 «ni bloquear ni atacar el
  siguiente turno», 32–35 «pierdes el siguiente ataque», 58–64 «no puedes atacar el
  siguiente turno», 68–73 «solo defiendes o te mueves 1D3 turnos», 77–79 «solo esquivar o
  bloquear el prox. turno», 89–91 «solo puedes bloquear siguientes 2 turnos»: pending when
  written, active the next round(s), read by the attack (refused; a fight's turn passes)
  and the defence (the other reaction, or none).
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

from rolkit import fields
from rolkit.dice import ScriptedDice
from rolkit.systems import gore as g

S = g.SYSTEM
BROADSWORD = g.Weapon(name="Espada ancha", damage="1D8+1")
WARRIOR = g.Combatant(name="W", fue=13, tam=14, attack_skill=60)
DODGER = g.Combatant(name="D", dodge_skill=40, armour=2, hp_max=12)
EVERY = g.GoreOptions(after_effects="all")
LIMBS = ("pierna_derecha", "pierna_izquierda", "brazo_derecho", "brazo_izquierdo")


def only(law: dict) -> g.Combatant:
    assert sum(law.values()) == 1
    ((form, p),) = law.items()
    assert p == 1
    return form


def con4(con: int) -> F:
    """Independent: the faces 1..100 that pass CON×4 (00 fails, 01 passes, ≤ target)."""
    target = 4 * con
    return F(sum(1 for r in range(1, 101) if r != 100 and (r == 1 or r <= target)), 100)


def _fields(c: g.Combatant) -> dict:
    return {name: getattr(c, name) for name, _spec in fields.describe(g.Combatant)}


# --------------------------------------------------------------------------- T9
def _on_the_brink(**kw) -> g.Combatant:
    """HP 20 (T8: legs/abdomen/head 7, chest 8, arms 5): each location at 2L − 1 damage
    (``disabled``), so any blow of 1 or more destroys the location it strikes."""
    loc_hp = g.location_hp(20)
    return g.Combatant(
        name="T", hp_max=20, location_damage={k: 2 * v - 1 for k, v in loc_hp.items()}, **kw
    )


def test_the_blow_that_destroys_a_location_starts_the_count():
    """Helpless target, hit locations: 18 of the 20 faces (not the head) start the count at
    ceil((CON+POD)/2); the head's 2 faces are death at once (T9 «muerte en el acto»)."""
    target = _on_the_brink(con=13, pod=8)
    mods = g.Modifiers(target_helpless=True, use_hit_locations=True, defence="none")
    law = S.transitions(WARRIOR, target, BROADSWORD, mods)
    assert sum(law.values()) == 1
    n = math.ceil((13 + 8) / 2)
    counted = sum((p for (_a, d), p in law.items() if d.severe_rounds_left == n), F(0))
    dead = sum((p for (_a, d), p in law.items() if S.status(d) == "dead"), F(0))
    assert (n, counted, dead) == (11, F(18, 20), F(2, 20))
    assert all(d.severe_rounds_left in (None, n) for (_a, d) in law)


def test_a_chest_rolls_con_x4_each_round_end_until_the_count_kills():
    """CON 11, POD 11 → 11 rounds; CON×4 = 44 → P(alive after k round ends) = 0.44^k for
    k < 11 (each failure «muere fulminado»), dead for sure at the 11th."""
    n = math.ceil((11 + 11) / 2)
    start = g.Combatant(hp_current=10, location_damage={"pecho": 10}, severe_rounds_left=n)
    assert S.status(start) == "dying"
    law = {start: F(1)}
    for k in range(1, n + 1):
        nxt: dict[g.Combatant, F] = {}
        for form, p in law.items():
            for after, q in S.round_end(form).items():
                nxt[after] = nxt.get(after, F(0)) + p * q
        law = nxt
        assert sum(law.values()) == 1
        alive = sum((p for c, p in law.items() if S.status(c) != "dead"), F(0))
        assert alive == (con4(11) ** k if k < n else 0)
        assert all(c.severe_rounds_left in (0, n - k) for c in law)


def test_a_destroyed_limb_counts_down_without_a_check():
    """Limbs roll CON×4 «o perder el conocimiento» (not death): the count alone kills."""
    for limb in LIMBS:
        c = g.Combatant(con=3, pod=2, location_damage={limb: 10}, severe_rounds_left=3)
        assert S.status(c) == "dying"
        for left in (2, 1):
            c = only(S.round_end(c))
            assert c.severe_rounds_left == left and S.status(c) == "dying"
        c = only(S.round_end(c))
        assert c.severe_rounds_left == 0 and S.status(c) == "dead"
        assert only(S.round_end(c)) == c  # the dead stay dead


def test_stabilised_stops_the_count_and_a_new_wound_restarts_it():
    c = g.Combatant(
        location_damage={"abdomen": 10}, severe_rounds_left=4, conditions={"stabilised"}
    )
    assert only(S.round_end(c)) == c and S.status(c) == "down"
    # CON 1, POD 1: one round — the wound's round end kills (a chest also at CON×4 = 4)
    frail = g.Combatant(con=1, pod=1, location_damage={"brazo_derecho": 10}, severe_rounds_left=1)
    assert S.status(only(S.round_end(frail))) == "dead"


def test_an_earlier_count_keeps_its_earlier_death():
    target = _on_the_brink(severe_rounds_left=2)
    mods = g.Modifiers(target_helpless=True, use_hit_locations=True, defence="none")
    law = S.transitions(WARRIOR, target, BROADSWORD, mods)
    assert all(d.severe_rounds_left == 2 for (_a, d) in law)


# --------------------------------------------------------------------------- T11
#: T11 faces → the actions lost and for how many rounds (the seed's rows, read here).
LOST = {
    **{f: {"no_block": 1} for f in range(1, 8)},
    **{f: {"no_attack": 1, "no_block": 1} for f in range(12, 21)},
    **{f: {"no_attack": 1} for f in (*range(32, 36), *range(58, 65), *range(77, 80))},
    **{f: {"defend_only": 3} for f in range(68, 74)},
    **{f: {"no_attack": 2, "no_dodge": 2} for f in range(89, 92)},
}
COUNTER = {
    "no_attack": "no_attack_left",
    "defend_only": "defend_only_left",
    "no_block": "no_block_left",
    "no_dodge": "no_dodge_left",
}


@pytest.mark.parametrize("face", range(1, 100))
def test_t11_lost_actions_face_by_face(face):
    """Attack 00 (Pifia) vs dodge 55 (Fallo): «Atacante tira para la tabla de pifias»,
    then the T11 face; the loss is pending (the round of the fumble keeps its actions)."""
    rng = ScriptedDice([100, 55, face])
    r = g.resolve_attack(WARRIOR, DODGER, BROADSWORD, g.Modifiers(options=EVERY), rng)
    a = r.attacker_after
    want = LOST.get(face, {})
    for condition, counter in COUNTER.items():
        assert getattr(a, counter) == want.get(condition)
        assert condition not in a.conditions  # pending
    if not want:
        return
    active = only(S.round_end(a)) if "defend_only" not in want else None
    if active is None:  # the 1D3: pending → active with 3, then hazards 1/3, 1/2, 1
        active = only(S.round_end(a))
        assert "defend_only" in active.conditions and active.defend_only_left == 3
        return
    for condition in want:
        assert condition in active.conditions
    if "no_attack" in want:
        with pytest.raises(g.GoreInputError):
            S.odds(active, DODGER, BROADSWORD, g.Modifiers())
        law = S.transitions(active, DODGER, BROADSWORD, g.Modifiers(), g.DEFAULT)
        assert law == {(active, DODGER): 1}  # the turn passes without a blow
    rounds = max(want.values())
    c = active
    for _ in range(rounds):
        c = only(S.round_end(c))
    assert not c.conditions and all(getattr(c, k) is None for k in COUNTER.values())
    assert c == WARRIOR  # back to the form before the fumble


def test_defend_only_lasts_1d3_rounds():
    """68–73 «1D3 turnos», played at the round ends: 1, 2 or 3 rounds with 1/3 each."""
    c = g.Combatant(defend_only_left=3)
    law = {only(S.round_end(c)): F(1)}  # pending → active
    lasted: dict[int, F] = {}
    for k in range(1, 5):
        nxt: dict[g.Combatant, F] = {}
        for form, p in law.items():
            for after, q in S.round_end(form).items():
                if "defend_only" in after.conditions:
                    nxt[after] = nxt.get(after, F(0)) + p * q
                else:
                    lasted[k] = lasted.get(k, F(0)) + p * q
        law = nxt
    assert lasted == {1: F(1, 3), 2: F(1, 3), 3: F(1, 3)}
    d3 = {n: F(1, 3) for n in (1, 2, 3)}  # independent: a fair 1D3
    assert lasted == d3


def test_the_t11_laws_match_the_fumble_faces():
    """P(attacker fumbles) = 1/100 × 99/100 (X4's T4 row Pifia); each reading's faces out of
    99 (00 rolls again)."""
    law = S.transitions(WARRIOR, DODGER, BROADSWORD, g.Modifiers(options=EVERY))
    fumbles = F(1, 100) * F(99, 100)
    for counter in COUNTER.values():
        for value in (1, 2, 3):
            faces = sum(
                1
                for f, w in LOST.items()
                for c, n in w.items()
                if COUNTER[c] == counter and n == value
            )
            got = sum((p for (a, _d), p in law.items() if getattr(a, counter) == value), F(0))
            assert got == fumbles * F(faces, 99)


def _melee(defence: str) -> g.Modifiers:
    return g.Modifiers(defence=defence)


def test_a_lost_reaction_falls_back_to_the_other_or_none():
    """«no puedes bloquear»: it dodges instead; «solo puedes bloquear»: it blocks a melee
    blow when it has a block skill, else no defence (T6)."""
    base = dict(dodge_skill=40, block_skill=50)
    no_block = g.Combatant(**base, conditions={"no_block"})
    no_dodge = g.Combatant(**base, conditions={"no_dodge"})
    neither = g.Combatant(**base, conditions={"no_block", "no_dodge"})
    plain = g.Combatant(**base)
    assert g.defence_skill(no_block, WARRIOR, BROADSWORD, _melee("block")) == 40
    assert g.defence_skill(no_dodge, WARRIOR, BROADSWORD, _melee("dodge")) == 50
    assert g.defence_skill(neither, WARRIOR, BROADSWORD, _melee("dodge")) is None
    assert g.defence_skill(plain, WARRIOR, BROADSWORD, _melee("block")) == 50
    # the odds follow: blocking lost = the dodge matrix at 40
    lost = g.attack_outcomes(WARRIOR, no_block, BROADSWORD, _melee("block"))
    dodge = g.attack_outcomes(WARRIOR, g.Combatant(**base), BROADSWORD, _melee("dodge"))
    assert lost.by_category() == dodge.by_category()
    assert "blocked" not in lost.by_category()
    bow = g.Weapon(name="arco", kind="bow", damage="1D8", range_m=90)
    assert g.defence_skill(no_dodge, WARRIOR, bow, _melee("dodge")) is None  # no block at range


def test_new_fields_round_trip_and_refuse_out_of_range():
    specs = dict(fields.describe(g.Combatant))
    for name, low, top in (
        ("severe_rounds_left", 0, 99),
        *((c, 1, 3) for c in COUNTER.values()),
    ):
        spec = specs[name]
        assert all(spec.label) and all(spec.help) and spec.optional
        assert (spec.min, spec.max) == (low, top)
        with pytest.raises(g.GoreInputError):
            g.Combatant(**{name: top + 1})
        c = g.Combatant(**{name: top})
        assert fields.from_data(g.Combatant, fields.to_data(c)) == c
    for condition in COUNTER:
        assert all(g.forms.CONDITIONS[condition])


def test_every_round_end_form_is_valid_and_canonical():
    starts = [
        g.Combatant(location_damage={"pecho": 10}, severe_rounds_left=3, hp_current=4),
        g.Combatant(no_attack_left=2, no_dodge_left=2),
        g.Combatant(conditions={"defend_only"}, defend_only_left=2),
        g.Combatant(conditions={"no_block", "no_attack"}, no_block_left=1, no_attack_left=1),
    ]
    for c in starts:
        for form in S.round_end(c):
            again = fields.from_data(g.Combatant, fields.to_data(form))
            assert again == form and hash(again) == hash(form)
            assert g.Combatant(**_fields(form)) == form


# --------------------------------------------------------------------------- prone
def test_a_prone_condition_reads_as_the_t1_prone_modifiers():
    """T1 «Objetivo en el suelo» +20 in melee (−20 at range, «Cubierto tumbado»), its
    dodge −20; «Atacando … yaciendo tumbado» −20: the condition gives the same odds as the
    modifiers."""
    down = g.Combatant(name="D", dodge_skill=40, conditions={"prone"})
    up = g.Combatant(name="D", dodge_skill=40)
    flagged = g.Modifiers(defender_prone=True)
    assert g.attack_skill(WARRIOR, down, BROADSWORD, g.Modifiers()) == 60 + 20
    assert g.defence_skill(down, WARRIOR, BROADSWORD, g.Modifiers()) == 40 - 20
    assert (
        g.attack_outcomes(WARRIOR, down, BROADSWORD, g.Modifiers()).rows
        == g.attack_outcomes(WARRIOR, up, BROADSWORD, flagged).rows
    )
    bow = g.Weapon(name="arco", kind="bow", damage="1D8", range_m=90)
    assert g.attack_skill(WARRIOR, down, bow, g.Modifiers()) == 60 - 20
    lying = g.Combatant(name="W", fue=13, tam=14, attack_skill=60, conditions={"prone"})
    assert g.attack_skill(lying, up, BROADSWORD, g.Modifiers()) == 60 - 20


def test_a_hurt_leg_or_abdomen_falls():
    """T9 a leg at 0 or below «cae derribado», the abdomen «cae al suelo»: the blow writes
    ``prone``; a chest or an arm does not. Helpless target, hit locations on, HP 20, each
    location one point from ``disabled``: P(prone) = 9/20 (legs 1–6, abdomen 7–9)."""
    loc_hp = g.location_hp(20)
    target = g.Combatant(name="T", hp_max=20, location_damage={k: v - 1 for k, v in loc_hp.items()})
    mods = g.Modifiers(target_helpless=True, use_hit_locations=True, defence="none")
    law = S.transitions(WARRIOR, target, BROADSWORD, mods)
    prone = sum((p for (_a, d), p in law.items() if "prone" in d.conditions), F(0))
    assert prone == F(9, 20)


@pytest.mark.parametrize("face", [73, 74, 75, 76, 77])
def test_t11_lose_balance_falls(face):
    """T11 74–76 «Pierdes el equilibrio. Caes»."""
    rng = ScriptedDice([100, 55, face])
    r = g.resolve_attack(WARRIOR, DODGER, BROADSWORD, g.Modifiers(options=EVERY), rng)
    assert ("prone" in r.attacker_after.conditions) == (74 <= face <= 76)
