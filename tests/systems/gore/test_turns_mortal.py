"""G.O.R.E.: *Mortal* and the "next round" effects in the forms (#16).

* P13.4 «Si la reserva de PG llega a 0 o por debajo, muere. Es posible que esto no ocurra
  si recibe atención médica como los primeros auxilios desde antes de que acabe el turno
  siguiente y es estabilizado con éxito»: the V18 blow (HP −8, ``mortal``) writes
  ``mortal_rounds = 0``; the round end of the wound's round makes it 1, the end of the next
  round 2 = dead; ``stabilised`` stops the count (dying → down); option ``mortal_rule =
  "gm"`` keeps the old «dying until the GM decides»;
* the after-state law: P(``mortal_rounds == 0``) is X4's ``mortal`` 9/125 exactly;
* T11 29–31 «toda Hab. a la mitad el siguiente turno» (``half_all_left = 1``) and 80–82
  (until cleared), face by face over the T11 d100 through ``resolve_attack``; their laws
  against the T4 cell and the faces; P8.3 *defensa inhábil* (``defence_disabled_left``)
  against X4's 99/10000 and its end after «su siguiente ronda» (G7 rounds);
* a fresh form is unchanged; the new fields have es/en labels and valid ranges;
* a 2v1 (policy "first"): the chain's fates against the duel without the fallen (exact),
  and against fights played on the tracker (``Fight`` + ``next_turn(seed)``) within 6σ.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rolkit import fields
from rolkit.dice import ScriptedDice
from rolkit.fight import Fight, odds_of_fighters
from rolkit.systems import gore as g

S = g.SYSTEM
BROADSWORD = g.Weapon(name="Espada ancha", damage="1D8+1")
#: §8 V18/X4: skill 60, broadsword 1D8+1, MD +1D4 (FUE 13 + TAM 14), vs dodge 40, armour 2.
WARRIOR = g.Combatant(name="W", fue=13, tam=14, attack_skill=60)
DODGER = g.Combatant(name="D", dodge_skill=40, armour=2, hp_max=12)
EVERY = g.GoreOptions(after_effects="all")
GM = g.GoreOptions(mortal_rule="gm")


def only(law: dict) -> g.Combatant:
    assert sum(law.values()) == 1
    ((form, p),) = law.items()
    assert p == 1
    return form


def v18(options: g.GoreOptions = g.DEFAULT) -> g.Resolution:
    """§8 V18: draws 07 (Crítico), 55 (dodge Fallo), MD 3: 2×(9+3−2) = 20, HP −8."""
    rng = ScriptedDice([7, 55, 3])
    r = g.resolve_attack(WARRIOR, DODGER, BROADSWORD, g.Modifiers(options=options), rng)
    assert (r.category, r.damage, r.wound, r.hp_after) == ("hit_critical", 20, "mortal", -8)
    return r


# --------------------------------------------------------------------------- P13.4 Mortal
def test_v18_mortal_wound_dies_when_the_next_round_ends():
    """The reading: the wound's round ends (0 → 1, still dying, «antes de que acabe el
    turno siguiente» there is time), the next round ends (1 → 2): dead."""
    wounded = v18().defender_after
    assert (wounded.hp_current, wounded.mortal_rounds) == (-8, 0)
    assert S.status(wounded) == "dying"
    assert only(S.turn_start(wounded)) == wounded  # nothing happens as a turn starts
    next_round = only(S.round_end(wounded))
    assert next_round.mortal_rounds == 1 and S.status(next_round) == "dying"
    dead = only(S.round_end(next_round))
    assert dead.mortal_rounds == 2 and S.status(dead) == "dead"
    assert dead.hp_current == -8  # nothing else changes
    assert only(S.round_end(dead)) == dead and only(S.turn_start(dead)) == dead


def test_the_after_state_law_marks_every_mortal_wound_x4():
    """§8 X4: wounds mortal 9/125; the exact law writes the count on exactly those."""
    law = S.transitions(WARRIOR, DODGER, BROADSWORD, g.Modifiers())
    assert sum(law.values()) == 1
    marked = sum((p for (_a, d), p in law.items() if d.mortal_rounds == 0), F(0))
    at_zero = sum((p for (_a, d), p in law.items() if d.current_hp <= 0), F(0))
    assert marked == at_zero == F(9, 125)
    assert all(d.mortal_rounds is None for (_a, d) in law if d.current_hp > 0)
    # the same stage for resolve + after and the law: V18's after-state is one of the law's
    assert v18().defender_after in {d for (_a, d) in law}


def test_stabilised_stops_the_count_and_is_down_not_dying():
    """P13.4 «es estabilizado con éxito» (first aid: the GM marks ``stabilised``)."""
    wounded = only(S.round_end(v18().defender_after))  # the next round: dies at its end
    saved = g.Combatant(**{**_fields(wounded), "conditions": frozenset({"stabilised"})})
    assert S.status(saved) == "down"
    assert only(S.round_end(saved)) == saved  # no death at the round's end
    # a new wound undoes the stabilisation and counts from its own round
    rng = ScriptedDice([30, 55, 4, 2])  # attack Éxito, dodge Fallo, 1D8+1 = 5, MD 2
    r = g.resolve_attack(WARRIOR, saved, BROADSWORD, g.Modifiers(), rng)
    after = r.defender_after
    assert r.damage == 5 and after.hp_current == -13
    assert "stabilised" not in after.conditions and after.mortal_rounds == 0
    assert S.status(after) == "dying"


def test_a_second_wound_keeps_the_earlier_death():
    wounded = only(S.round_end(v18().defender_after))
    rng = ScriptedDice([30, 55, 4, 2])
    after = g.resolve_attack(WARRIOR, wounded, BROADSWORD, g.Modifiers(), rng).defender_after
    assert after.hp_current == -13 and after.mortal_rounds == 1


def test_stabilised_stops_the_bleeding_too():
    """T9 abdomen «a menos que … ayuda médica o de Primeros Auxilios se aplique»."""
    bleeding = g.Combatant(name="D", hp_current=7, location_damage={"abdomen": 4})
    assert len(S.round_end(bleeding)) == 2
    treated = g.Combatant(**{**_fields(bleeding), "conditions": frozenset({"stabilised"})})
    assert only(S.round_end(treated)) == treated


def test_bleeding_to_zero_starts_the_count_at_the_next_round():
    """HP ≤ 0 from the round end's bleeding: the wound ends its round there, so the next
    round is the last (count 1)."""
    c = g.Combatant(name="D", hp_current=1, location_damage={"abdomen": 4})
    fail = 1 - F(55, 100)  # CON 11: CON×5 = 55 faces of 100 (00 fails, 01 succeeds)
    law = S.round_end(c)
    (out,) = (f for f in law if f.current_hp == 0)
    assert law[out] == fail and out.mortal_rounds == 1 and S.status(out) == "dying"
    assert S.status(only(S.round_end(out))) == "dead"


def test_option_gm_keeps_dying_until_the_gm_decides():
    wounded = v18(GM).defender_after
    assert wounded.mortal_rounds is None and S.status(wounded) == "dying"
    assert only(S.round_end(wounded, GM)) == wounded
    # a count the GM wrote is not advanced either
    counted = v18().defender_after
    assert only(S.round_end(counted, GM)) == counted


def test_status_reads_the_count_and_the_head():
    dead = g.Combatant(hp_current=-3, mortal_rounds=2)
    assert S.status(dead) == "dead"
    assert S.status(g.Combatant(hp_current=-3, mortal_rounds=1)) == "dying"
    assert S.status(g.Combatant(hp_current=-3)) == "dying"  # not counted: the GM's
    head = g.Combatant(hp_current=3, location_damage={"cabeza": 8})
    stabilised = g.Combatant(**{**_fields(head), "conditions": frozenset({"stabilised"})})
    assert S.status(head) == S.status(stabilised) == "dead"  # no aid for a destroyed head


# --------------------------------------------------------------------------- T11 and P8.3
_T11_TIMED, _T11_LASTING = range(29, 32), range(80, 83)


@pytest.mark.parametrize("face", range(1, 100))
def test_t11_half_all_face_by_face(face):
    """T11 through ``resolve_attack``: attack 00 (Pifia) vs dodge 55 (Fallo): «Atacante
    tira para la tabla de pifias», then the T11 face."""
    rng = ScriptedDice([100, 55, face])
    r = g.resolve_attack(WARRIOR, DODGER, BROADSWORD, g.Modifiers(options=EVERY), rng)
    a = r.attacker_after
    if face in _T11_TIMED:
        assert "half_all" in a.conditions and a.half_all_left == 1
        later = only(S.round_end(a))  # the fumble's round ends: «el siguiente turno» left
        assert "half_all" in later.conditions and later.half_all_left == 0
        over = only(S.round_end(later))
        assert "half_all" not in over.conditions and over.half_all_left is None
        plain = {**_fields(a), "conditions": a.conditions - {"half_all"}, "half_all_left": None}
        assert over == g.Combatant(**plain)  # back to the form before the fumble
    elif face in _T11_LASTING:
        assert "half_all" in a.conditions and a.half_all_left is None
        assert only(S.round_end(a)) == a  # until the GM clears it
    else:
        assert "half_all" not in a.conditions and a.half_all_left is None


def test_t11_laws_against_the_matrix_and_the_faces():
    """P(attacker fumbles) = P(00) × P(dodge not Pifia) (T4 row Pifia: Fallo → roll,
    Éxito/Crítico → gm_choice, default roll; Pifia → «No golpea»); then 3 faces of 99
    for each half_all reading (00 rolls again)."""
    law = S.transitions(WARRIOR, DODGER, BROADSWORD, g.Modifiers(options=EVERY))
    assert sum(law.values()) == 1
    fumbles = F(1, 100) * F(99, 100)

    def p(pred) -> F:
        return sum((q for (a, _d), q in law.items() if pred(a)), F(0))

    assert p(lambda a: "half_all" in a.conditions and a.half_all_left == 1) == fumbles * F(3, 99)
    assert p(lambda a: "half_all" in a.conditions and a.half_all_left is None) == fumbles * F(3, 99)
    # the default ("blow") writes none of it
    blow = S.transitions(WARRIOR, DODGER, BROADSWORD, g.Modifiers())
    assert all(a == WARRIOR for (a, _d) in blow)


def _x4_disabled_lasting() -> F:
    """Dodge 00 with an attack Éxito (13–60) whose damage leaves 1–2 HP (unconscious:
    lasting): 1D8+1 + 1D4 − 2 ∈ {10, 11}, counted over the 32 faces."""
    faces = sum(1 for x in range(1, 9) for y in range(1, 5) if 12 - (x + 1 + y - 2) in (1, 2))
    return F(1, 100) * F(48, 100) * F(faces, 32)


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_defensa_inhabil_lasts_until_the_end_of_its_next_rounds(rounds):
    """X4: defence disabled 99/10000 (dodge 00, attack not 00). With G7's N rounds the
    form counts N further rounds; where the blow also knocks out (1–2 HP) the defence is
    lost for good (no count)."""
    opts = g.GoreOptions(after_effects="all", defence_disabled_rounds=rounds)
    law = S.transitions(WARRIOR, DODGER, BROADSWORD, g.Modifiers(options=opts))
    counted = {d: p for (_a, d), p in law.items() if d.defence_disabled_left is not None}
    assert all(d.defence_disabled_left == rounds and not d.can_defend for d in counted)
    assert sum(counted.values()) == F(99, 10000) - _x4_disabled_lasting()
    assert _x4_disabled_lasting() == F(9, 20000)
    d = next(d for d in counted if S.status(d) is None)
    for left in range(rounds - 1, -1, -1):
        d = only(S.round_end(d))
        assert d.defence_disabled_left == left and not d.can_defend
    d = only(S.round_end(d))  # «hasta el final de su siguiente ronda»: over
    assert d.defence_disabled_left is None and d.can_defend


def test_a_count_never_frees_an_unconscious_or_captured_defence():
    for condition in ("unconscious", "captured"):
        c = g.Combatant(can_defend=False, defence_disabled_left=0, conditions={condition})
        after = only(S.round_end(c))
        assert after.defence_disabled_left is None and not after.can_defend


def test_option_zero_rounds_writes_no_disabled_defence():
    opts = g.GoreOptions(after_effects="all", defence_disabled_rounds=0)
    law = S.transitions(WARRIOR, DODGER, BROADSWORD, g.Modifiers(options=opts))
    assert all(d.defence_disabled_left is None for (_a, d) in law)
    assert all(d.can_defend for (_a, d) in law if S.status(d) is None)


# --------------------------------------------------------------------------- the forms
def _fields(c: g.Combatant) -> dict:
    return {name: getattr(c, name) for name, _spec in fields.describe(g.Combatant)}


def test_a_fresh_form_is_unchanged():
    fresh = g.Combatant()
    assert (fresh.mortal_rounds, fresh.defence_disabled_left, fresh.half_all_left) == (
        None,
        None,
        None,
    )
    for c in (fresh, *S.defaults().values()):
        if isinstance(c, g.Combatant):
            assert only(S.round_end(c)) == c and only(S.turn_start(c)) == c
    assert g.GoreOptions().mortal_rule == "next_round"


def test_new_fields_have_labels_help_and_ranges():
    specs = dict(fields.describe(g.Combatant))
    for name, top in (("mortal_rounds", 2), ("defence_disabled_left", 3), ("half_all_left", 3)):
        spec = specs[name]
        assert all(spec.label) and all(spec.help) and spec.optional
        assert (spec.min, spec.max) == (0, top)
        with pytest.raises(g.GoreInputError):
            g.Combatant(**{name: top + 1})
        with pytest.raises(g.GoreInputError):
            g.Combatant(**{name: -1})
        c = g.Combatant(**{name: top})
        assert fields.from_data(g.Combatant, fields.to_data(c)) == c
    assert "stabilised" in g.forms.CONDITIONS and all(g.forms.CONDITIONS["stabilised"])
    spec = dict(fields.describe(g.GoreOptions))["mortal_rule"]
    assert all(spec.label) and all(spec.help)


def test_every_round_end_form_is_valid_and_canonical():
    starts = [
        v18().defender_after,
        g.Combatant(hp_current=1, location_damage={"abdomen": 4}),
        g.Combatant(
            can_defend=False, defence_disabled_left=1, half_all_left=0, conditions={"half_all"}
        ),
        g.Combatant(half_all_left=2),  # a count without its condition: dropped
    ]
    for c in starts:
        for form in S.round_end(c):
            again = fields.from_data(g.Combatant, fields.to_data(form))
            assert again == form and hash(again) == hash(form)
    assert only(S.round_end(starts[3])).half_all_left is None


# --------------------------------------------------------------------------- whole fights
W6 = g.Weapon(name="espada corta", damage="1D6")
W8 = g.Weapon(name="hacha", damage="1D8+1")
#: DES sets the order A1, A2, B (no ties); A1 starts at 3 HP, so it falls early.
A1 = g.Combatant(name="A1", des=15, attack_skill=40, hp_current=3)
A2 = g.Combatant(name="A2", des=13, attack_skill=40)
B = g.Combatant(name="B", des=11, attack_skill=70, hp_max=10)
PARTY = [("A1", "a", A1, W6), ("A2", "a", A2, W6), ("B", "b", B, W8)]


def test_a_fallen_bystander_dies_iff_the_fight_outlasts_the_next_round():
    """A1 enters at −2 HP wounded this round (count 0): it is dead at the end exactly when
    the duel A2 vs B (solved on its own) is still going after round 2."""
    fallen = g.Combatant(name="A1", des=15, hp_current=-2, mortal_rounds=0)
    three = odds_of_fighters(S, [("A1", "a", fallen, W6), *PARTY[1:]], policy="first")
    duel = odds_of_fighters(S, PARTY[1:], policy="first")
    assert three.exact and duel.exact
    assert three.p_win == duel.p_win
    survives_two = 1 - duel.rounds_law.get(1, F(0)) - duel.rounds_law.get(2, F(0))
    assert three.fates["A1"] == {"dead": survives_two, "dying": 1 - survives_two}
    gm = odds_of_fighters(S, [("A1", "a", fallen, W6), *PARTY[1:]], policy="first", options=GM)
    assert gm.fates["A1"] == {"dying": F(1)}


def _play(n: int, seed0: int) -> dict:
    """``n`` fights on the tracker, the chain's policy "first" written again."""
    counts: dict = {}
    for k in range(n):
        fight = Fight(S)
        for name, side, form, weapon in PARTY:
            fight.add(name, side, form, weapon)
        fight.roll_initiative(seed=seed0 + k)
        assert fight.state.order == ("A1", "A2", "B")
        step = 0
        while True:
            step += 1
            st = fight.state
            standing = {f.side for f in st.fighters if S.status(f.defender) is None}
            if len(standing) < 2:
                for key in [("win", *standing)] if standing else [("draw",)]:
                    counts[key] = counts.get(key, 0) + 1
                for f in st.fighters:
                    key = (f.name, S.status(f.defender))
                    counts[key] = counts.get(key, 0) + 1
                break
            me = st.fighter(st.current)
            if S.status(me.defender) is None:
                foe = next(
                    st.fighter(x)
                    for x in st.order
                    if st.fighter(x).side != me.side and S.status(st.fighter(x).defender) is None
                )
                res = fight.attack(me.name, foe.name, seed=seed0 * 10**7 + k * 1000 + step)
                fight.apply(res, me.name, foe.name)
                if len({f.side for f in fight.state.fighters if S.status(f.defender) is None}) < 2:
                    continue  # the blow ended the fight
            fight.next_turn(seed=seed0 * 10**7 + k * 1000 + 500 + step)
    return counts


def _within_6_sigma(count: int, n: int, p: F) -> bool:
    q = float(p)
    return abs(count / n - q) <= 6 * math.sqrt(q * (1 - q) / n) + 1e-9


def test_a_2v1_on_the_tracker_agrees_with_the_chain():
    """A1 falls (HP ≤ 0) and, while A2 fights on, dies when the next round ends: the
    chain's exact fates against 600 seeded tracker fights, each within 6σ."""
    exact = odds_of_fighters(S, PARTY, policy="first")
    assert exact.exact and sum(exact.fates["A1"].values()) == 1
    assert exact.fates["A1"]["dead"] > F(1, 4)  # the fallen dies a round later, often
    n = 600
    counts = _play(n, seed0=18)
    assert counts.get(("A1", "dead"), 0) > 0
    for side, p in exact.p_win.items():
        assert _within_6_sigma(counts.get(("win", side), 0), n, p), side
    for name in ("A1", "A2", "B"):
        for fate in (None, "down", "dying", "dead"):
            p = exact.fates[name].get(fate, F(0))
            assert _within_6_sigma(counts.get((name, fate), 0), n, p), (name, fate)
    gm = odds_of_fighters(S, PARTY, policy="first", options=GM)
    assert "dead" not in gm.fates["A1"]  # no hit locations: only Mortal kills
    assert gm.p_win == exact.p_win  # the fallen's death changes no blow


def test_the_tracker_plays_the_count_round_by_round():
    """A seeded X4 blow that is mortal, applied on the tracker in round 1: D is dying in
    rounds 1 and 2 and dies as round 2 ends (the log of round 3's first turn says so, in
    es and en)."""
    fight = Fight(S)
    fight.add("W", "a", WARRIOR, BROADSWORD)
    fight.add("D", "b", DODGER, BROADSWORD)
    fight.add("E", "b", g.Combatant(name="E", des=5), BROADSWORD)
    fight.roll_initiative(seed=1)
    mods = g.Modifiers()
    res = next(
        r
        for r in (S.resolve(WARRIOR, DODGER, BROADSWORD, mods, seed=k) for k in range(1, 999))
        if S.after(r).get("defender", DODGER).current_hp <= 0
    )
    fight.apply(res, "W", "D")

    def d() -> g.Combatant:
        return fight.state.fighter("D").defender

    assert (d().mortal_rounds, S.status(d())) == (0, "dying")
    for rnd, (count, fate) in ((2, (1, "dying")), (3, (2, "dead"))):
        for seed in range(len(fight.state.order)):
            fight.next_turn(seed=100 * rnd + seed)
        assert fight.state.round == rnd
        assert (d().mortal_rounds, S.status(d())) == (count, fate)
    entry = next(e for e in reversed(fight.log) if e.kind == "turn" and "Ronda 3" in e.text("es"))
    assert "D muere" in entry.text("es") and "D dies" in entry.text("en")


_FATE_RANK = {None: 0, "down": 1, "dying": 2, "dead": 3}


@settings(max_examples=150, deadline=None)
@given(
    hp=st.integers(-12, 12),
    mortal=st.one_of(st.none(), st.integers(0, 2)),
    disabled=st.one_of(st.none(), st.integers(0, 3)),
    halved=st.one_of(st.none(), st.integers(0, 3)),
    can_defend=st.booleans(),
    conditions=st.frozensets(st.sampled_from(sorted(g.forms.CONDITIONS))),
    abdomen=st.integers(0, 9),
    gm=st.booleans(),
)
def test_round_end_laws_are_exact_bounded_and_never_revive(
    hp, mortal, disabled, halved, can_defend, conditions, abdomen, gm
):
    c = g.Combatant(
        hp_current=hp,
        mortal_rounds=mortal,
        defence_disabled_left=disabled,
        half_all_left=halved,
        can_defend=can_defend,
        conditions=conditions,
        location_damage={"abdomen": abdomen},
    )
    opts = GM if gm else g.DEFAULT
    law = S.round_end(c, opts)
    assert sum(law.values()) == 1 and all(p > 0 for p in law.values())
    for after in law:
        assert fields.from_data(g.Combatant, fields.to_data(after)) == after  # valid
        assert after.current_hp <= c.current_hp
        assert _FATE_RANK[S.status(after)] >= _FATE_RANK[S.status(c)]  # no one revives
        if S.status(c) == "dead":
            assert after == c  # the dead are left alone
            continue
        for name in ("defence_disabled_left", "half_all_left"):  # counts only run down
            before, now = getattr(c, name), getattr(after, name)
            assert now is None or (before is not None and now == before - 1)
        if gm or "stabilised" in c.conditions or c.current_hp > 0 < after.current_hp:
            assert after.mortal_rounds == c.mortal_rounds  # nothing counts
        elif c.current_hp > 0:  # bled to 0 or below at this round end: the next is the last
            assert after.mortal_rounds == 1
        elif c.mortal_rounds is not None:  # dead here status would have said: below 2
            assert after.mortal_rounds == c.mortal_rounds + 1
        else:  # at 0 HP or below, never counted: the GM's
            assert after.mortal_rounds is None
