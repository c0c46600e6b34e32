"""#16 item 1: the exact after-state law of one attack (``SYSTEM.transitions``/``status``).

1. It sums to exactly 1 over triples of valid forms (each one loads back from its data).
2. It has the odds' marginals: the law of ``status(defender_after)`` is ``odds.fate()``
   (defaults, every attacker × defender preset, wounded defenders reached by the law
   itself), P(defender unchanged) = P(final damage 0), and the PR lost, the wound state
   and the new Aturdido have the laws of the key's damage, state and ``stunned``.
3. A seeded Monte Carlo of ``resolve`` + ``after`` agrees within 6σ per after-state and
   never lands on an after-state of probability 0 (fresh and wounded states).
4. Two oracles: every dice path through ``resolve_attack`` (a probing random source), and
   P4–P10 written again from the spec by brute force over the faces (the icepool models
   of the after-state and of a whole fight are in ``test_icepool.py``).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction as F
from typing import Any

import pytest

import rolkit
from rolkit import fields
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import Combatant, Modifiers, NSd20Rules, Weapon
from rolkit.systems.nsd20.after import attack_transitions, combatant_status

from . import dice_paths

S = rolkit.get_system("nsd20")
R0 = NSd20Rules()
ROLES = ("attacker", "defender", "weapon", "modifiers")
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)
W_D4 = Weapon(kind="melee", damage_die=4)


def law_of(a, d, w, m, r=None) -> dict:
    return S.transitions(a, d, w, m, options=r, with_weapon=True)


def fate_law(law: dict, r=None) -> dict:
    """The law of the defender's status (``combatant_status`` is ``S.status``'s rule,
    called directly: ``S.status`` validates fresh default forms on every call)."""
    out: dict = {}
    for (_a, d, _w), p in law.items():
        fate = combatant_status(d, r or R0)
        out[fate] = out.get(fate, F(0)) + p
    return out


def nonzero(dist: dict) -> dict:
    return {k: v for k, v in dist.items() if v}


def preset_pairs() -> list[tuple[Combatant, Combatant]]:
    people = list(S.presets["attacker"].values())
    return [(a, d) for a in people for d in people]


# --------------------------------------------------------------------------- 1. shape
@pytest.mark.parametrize("weapon", ["Garrote (1d6)", "Revólver (2d6)", "Winchester (2d8, ×3)"])
def test_the_law_sums_to_one_over_valid_forms_for_every_preset_pair(weapon):
    w = S.presets["weapon"][weapon]
    for a, d in preset_pairs():
        law = law_of(a, d, w, Modifiers())
        assert sum(law.values()) == 1
        assert all(isinstance(p, F) and p > 0 for p in law.values())
        for a_after, d_after, w_after in law:
            assert type(a_after) is Combatant and type(d_after) is Combatant
            assert w_after is w
            if weapon != "Garrote (1d6)":
                continue
            for form in (a_after, d_after):  # valid: loads back, equal and with equal hash
                back = fields.from_data(Combatant, fields.to_data(form))
                assert back == form and hash(back) == hash(form)


def test_a_role_that_does_not_change_is_the_input_form_itself():
    law = law_of(E1_A, E1_D, Weapon(), Modifiers())
    attackers = {a for a, _d, _w in law}
    assert attackers == {E1_A}  # not flat-footed, no effort: the attack changes nothing
    assert E1_D in {d for _a, d, _w in law}  # a miss leaves the very input (pr_current None)
    odds = S.odds(E1_A, E1_D, Weapon(), Modifiers())
    assert law[(E1_A, E1_D, Weapon())] == odds.damage()[0] == F(7, 20)


def test_the_attacker_after_is_the_same_whatever_the_dice():
    """P4/P11: attacking ends Desprevenido and uses the Esfuerzo extra of this turn."""
    a = replace(E1_A, flat_footed=True, action_points=2)
    law = law_of(a, E1_D, Weapon(), Modifiers(extra_effort_damage=True))
    assert {x for x, _d, _w in law} == {replace(a, flat_footed=False, effort_used_this_turn=True)}


def test_equal_situations_reached_by_different_roads_compare_equal():
    """Canonical forms: 20 PR − 5 − 3 and 20 PR − 3 − 5 are one state (the fight merges
    states by ``==``/hash); PR floored at −999 merge rows into one form."""
    one = [d for _a, d, _w in law_of(E1_A, E1_D, Weapon(), Modifiers()) if d.pr == 15][0]
    two = [d for _a, d, _w in law_of(E1_A, one, Weapon(), Modifiers()) if d.pr == 12][0]
    other = [d for _a, d, _w in law_of(E1_A, E1_D, Weapon(), Modifiers()) if d.pr == 17][0]
    three = [d for _a, d, _w in law_of(E1_A, other, Weapon(), Modifiers()) if d.pr == 12][0]
    assert two == three and hash(two) == hash(three)
    deep = replace(E1_D, pr_current=-997, wound_state="moribundo")
    law = law_of(E1_A, deep, Weapon(damage_die=8), Modifiers())
    assert sum(law.values()) == 1
    floor = {d.stunned: p for (_a, d, _w), p in law.items() if d.pr_current == -999}
    assert set(floor) == {False, True}  # damage 2..16 all floor to −999: two after-states
    odds = nsd20.attack_outcomes(E1_A, deep, Weapon(damage_die=8), Modifiers())
    assert sum(floor.values()) == sum(p for dmg, p in odds.damage.items() if dmg >= 2)
    # Aturdido comes with a failed Daño masivo save by 1–10 (P10), even for a Moribundo
    keys = nsd20.attack_law(E1_A, deep, Weapon(damage_die=8), Modifiers())
    assert floor[True] == sum(p for k, p in keys.items() if k.stunned)


# --------------------------------------------------------------------------- 2. marginals
def marginals_agree(a, d, w, m, r=None) -> None:
    law = law_of(a, d, w, m, r)
    odds = S.odds(a, d, w, m, options=r)
    assert fate_law(law, r) == nonzero(odds.fate())
    keys = nsd20.attack_law(a, d, w, m, rules=r or R0)
    damage: dict = {}
    state: dict = {}
    stunned: dict = {}
    for (_a, d_after, _w), p in law.items():
        dmg = d.pr - d_after.pr
        damage[dmg] = damage.get(dmg, F(0)) + p
        state[d_after.wound_state] = state.get(d_after.wound_state, F(0)) + p
        new_stun = d_after.stunned and not d.stunned
        stunned[new_stun] = stunned.get(new_stun, F(0)) + p
    if d.pr - max(odds.damage()) >= -999:  # else a PR floored at −999 hides the damage
        assert damage == nonzero(odds.damage())
    want_state: dict = {}
    want_stun: dict = {}
    for k, p in keys.items():
        want_state[k.state] = want_state.get(k.state, F(0)) + p
        newly = k.stunned and not d.stunned
        want_stun[newly] = want_stun.get(newly, F(0)) + p
    assert state == want_state and stunned == want_stun
    (attacker_after,) = {x for x, _d, _w in law}  # the attacker's after-state is one form
    assert law.get((attacker_after, d, w), F(0)) == odds.damage().get(0, F(0))


def test_fate_and_marginals_at_defaults():
    marginals_agree(*(S.defaults()[r] for r in ROLES))


def test_fate_and_marginals_for_every_attacker_and_defender_preset():
    for a, d in preset_pairs():
        for w in ("Garrote (1d6)", "Revólver (2d6)"):
            marginals_agree(a, d, S.presets["weapon"][w], Modifiers())


@pytest.mark.parametrize(
    "modifiers",
    [
        "Emboscada (por sorpresa)",
        "En la penumbra (ocultación parcial)",
        "Esfuerzo extra (+2 al daño)",
        "Crítico que ignora la RD",
    ],
)
def test_fate_and_marginals_with_each_situation(modifiers):
    m = S.presets["modifiers"][modifiers]
    for d in list(S.presets["defender"].values())[:3]:
        marginals_agree(E1_A, d, Weapon(), m)


def test_fate_and_marginals_from_wounded_defenders_reached_by_the_law():
    """Two attacks deep: every defender the first attack leaves, attacked again."""
    w, m = S.presets["weapon"]["Revólver (2d6)"], Modifiers()
    for d0 in (E1_D, S.presets["defender"]["Sheriff Wade (chaleco de cuero)"]):
        seen = 0
        for (_a, d1, _w), _p in law_of(E1_A, d0, w, m).items():
            marginals_agree(E1_A, d1, w, m)
            seen += S.status(d1) is None
        assert seen >= 5


@pytest.mark.parametrize(
    "rules",
    [
        NSd20Rules(death_at_pr=-3),
        NSd20Rules(stun_rounds=0),
        NSd20Rules(repeat_state_escalates=False, natural_rules_on_saves=False),
        NSd20Rules(crit_confirmation=False, wound_penalties={"malherido": 2}),
        NSd20Rules(default_threshold="none"),
    ],
)
def test_fate_and_marginals_under_options(rules):
    hurt = replace(E1_D, pr_current=6, wound_state="malherido", serious_wound_threshold=5)
    for d in (E1_D, hurt):
        marginals_agree(E1_A, d, W_D4, Modifiers(), rules)


def test_options_reach_the_after_state():
    hurt = replace(E1_D, pr_current=3)
    r = NSd20Rules(death_at_pr=-2)
    dead = fate_law(law_of(E1_A, hurt, W_D4, Modifiers(), r), r)
    assert dead["dead"] == nsd20.attack_outcomes(E1_A, hurt, W_D4, Modifiers()).damage[5] + sum(
        p
        for dmg, p in nsd20.attack_outcomes(E1_A, hurt, W_D4, Modifiers()).damage.items()
        if dmg > 5
    )
    never = law_of(E1_A, E1_D, Weapon(damage_die=12), Modifiers(), NSd20Rules(stun_rounds=0))
    assert not any(d.stunned for _a, d, _w in never)


# --------------------------------------------------------------------------- 3. Monte Carlo
N_TRIALS = 2000


def after_state(forms: dict[str, Any], seed: int) -> tuple:
    after = S.after(S.resolve(*(forms[r] for r in ROLES), seed=seed))
    return tuple(after.get(r, forms[r]) for r in ("attacker", "defender", "weapon"))


MC_CASES = {
    "E1 fresh, flat-footed attacker": {
        "attacker": replace(E1_A, flat_footed=True),
        "defender": E1_D,
        "weapon": Weapon(damage_die=8),
        "modifiers": Modifiers(),
    },
    "wounded, stunned, partial concealment, effort": {
        "attacker": E1_A,
        "defender": replace(
            E1_D, pr_current=9, wound_state="malherido", stunned=True, serious_wound_threshold=6
        ),
        "weapon": Weapon(damage_die=8, threat_range_min=19),
        "modifiers": Modifiers(concealment="partial", extra_effort_damage=True),
    },
}


@pytest.mark.parametrize("name", MC_CASES)
def test_seeded_resolve_and_after_agree_within_6_sigma(name):
    forms = MC_CASES[name]
    law = law_of(*(forms[r] for r in ROLES))
    counts = Counter(after_state(forms, seed) for seed in range(N_TRIALS))
    assert [k for k in counts if law.get(k, 0) == 0] == []
    for key, p in law.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / N_TRIALS)
        assert abs(counts.get(key, 0) / N_TRIALS - float(p)) <= 6 * sigma + 1e-12, key
    assert len(counts) >= 10  # the sample did reach many after-states


# --------------------------------------------------------------------------- 4. oracles
def path_law(a, d, w, m, r) -> dict:
    """Every dice path through ``resolve_attack``: the law of the forms it leaves."""
    return dice_paths.path_law(
        a, d, w, m, r, lambda res: (res.attacker_after, res.defender_after, res.weapon_after)
    )


LADDER = ("none", "malherido", "incapacitado", "moribundo")


def spec_oracle(a, d, w, m, r) -> dict:
    """P5–P10 from the spec text, brute force over the faces; the law of the changed
    fields ``(attacker (flat_footed, effort used), defender (pr_current, wound_state,
    stunned))``. Only Defensa, attack bonus and Fortaleza total come from rolkit (their
    formulas have their own oracle in test_nsd20_oracle)."""
    ab = nsd20.attack_bonus(a, w, m, rules=r)
    defense = nsd20.defense(d, m, rules=r)
    mod = lambda s: (s - 10) // 2  # noqa: E731
    strength = max(0, a.strength - r.fatigue_penalties.get(a.fatigue, 0))
    per_roll = w.damage_bonus + (mod(strength) if w.strength_to_damage else 0)
    rd = d.armor_rd + d.natural_rd
    threshold = d.serious_wound_threshold
    if threshold is None and r.default_threshold == "constitution_score":
        threshold = d.constitution
    save = nsd20.fortitude_total(d, r) + m.fortitude_save_misc
    save -= r.wound_penalties.get(d.wound_state, 0)
    conceal = {"none": 21, "partial": 17, "total": r.total_concealment_miss_min}[m.concealment]
    attacker_after = (False, a.effort_used_this_turn or m.extra_effort_damage)

    def hits(n: int) -> bool:
        if r.natural_rules_on_attacks and n in (1, 20):
            return n == 20
        return n + ab >= defense

    def band(f: int, dmg: int) -> str:
        cd, total = 10 + dmg, f + save
        if r.natural_rules_on_saves and f == 20:
            by = 0
        elif r.natural_rules_on_saves and f == 1:
            by = max(1, cd - total)
        else:
            by = max(0, cd - total)
        return (
            "none"
            if by == 0
            else "malherido"
            if by <= 5
            else ("incapacitado" if by <= 10 else "moribundo")
        )

    law: dict = {}

    def add(dmg: int, b: str, p: F) -> None:
        if dmg == 0:
            row = (d.pr_current, d.wound_state, d.stunned)
        else:
            cur, new = LADDER.index(d.wound_state), LADDER.index(b)
            if new == cur and b != "none" and r.repeat_state_escalates:
                new = min(3, cur + 1)
            state = LADDER[max(cur, new)]
            pr = d.pr - dmg
            if pr <= 0:
                state = "moribundo"
            stun = d.stunned or (b in ("malherido", "incapacitado") and r.stun_rounds > 0)
            row = (max(-999, pr), state, stun)
        law[(attacker_after, row)] = law.get((attacker_after, row), F(0)) + p

    def damage(critical: bool) -> dict:
        """{(final damage, band): p} of one hit or critical, every face of every die."""
        k = w.critical_multiplier if critical and m.critical_option == "multiply" else 1
        cut = 0 if critical and m.critical_option == "ignore_rd" else rd
        effort = 2 * (k if r.effort_damage_multiplied_on_crit else 1)
        effort = effort if m.extra_effort_damage else 0
        faces = list(itertools.product(range(1, w.damage_die + 1), repeat=w.damage_dice * k))
        out: dict = {}
        for roll in faces:
            raw = max(r.min_damage_on_hit, sum(roll) + k * per_roll + effort)
            dmg = max(0, raw - cut)
            q = F(1, len(faces))
            if dmg > 0 and threshold is not None and dmg >= threshold:
                for f in range(1, 21):
                    out[(dmg, band(f, dmg))] = out.get((dmg, band(f, dmg)), F(0)) + q / 20
            else:
                out[(dmg, "none")] = out.get((dmg, "none"), F(0)) + q
        return out

    laws = {False: damage(False), True: damage(True)}
    passes = F(sum(c < conceal for c in range(1, 21)), 20)  # the concealment d20
    confirms = F(sum(hits(x) for x in range(1, 21)), 20) if r.crit_confirmation else F(1)
    for n in range(1, 21):  # the attack d20
        if not hits(n):
            add(0, "none", F(1, 20))
            continue
        add(0, "none", F(1, 20) * (1 - passes))
        threat = n >= w.threat_range_min
        for critical, q in (
            (True, confirms if threat else F(0)),
            (False, 1 - confirms if threat else F(1)),
        ):
            for (dmg, b), pd in laws[critical].items():
                if q:
                    add(dmg, b, F(1, 20) * passes * q * pd)
    return law


def as_rows(law: dict) -> dict:
    out: dict = {}
    for (a, d, _w), p in law.items():
        key = ((a.flat_footed, a.effort_used_this_turn), (d.pr_current, d.wound_state, d.stunned))
        out[key] = out.get(key, F(0)) + p
    return out


ORACLE_CASES = {
    "E1 1d6": (E1_A, E1_D, Weapon(), Modifiers(), R0),
    "partial concealment, d4, flat-footed attacker": (
        replace(E1_A, flat_footed=True),
        E1_D,
        W_D4,
        Modifiers(concealment="partial"),
        R0,
    ),
    "wounded malherido stunned, effort ×3 19-20, threshold 6": (
        E1_A,
        replace(
            E1_D, pr_current=8, wound_state="malherido", stunned=True, serious_wound_threshold=6
        ),
        Weapon(damage_die=4, threat_range_min=19, critical_multiplier=3),
        Modifiers(extra_effort_damage=True),
        NSd20Rules(effort_damage_multiplied_on_crit=True),
    ),
    "armour, ignore RD, no confirmation, no escalation": (
        E1_A,
        replace(E1_D, armor_rd=3, natural_rd=1, wound_state="incapacitado"),
        Weapon(damage_die=6, damage_bonus=1),
        Modifiers(critical_option="ignore_rd"),
        NSd20Rules(crit_confirmation=False, repeat_state_escalates=False, death_at_pr=-5),
    ),
    "dying defender, 2d4, no naturals": (
        E1_A,
        replace(E1_D, pr_current=-2, wound_state="moribundo"),
        Weapon(damage_dice=2, damage_die=4),
        Modifiers(fortitude_save_misc=-3),
        NSd20Rules(natural_rules_on_attacks=False, natural_rules_on_saves=False),
    ),
}


PATH_CASES = ["E1 1d6", "partial concealment, d4, flat-footed attacker"]


@pytest.mark.parametrize("name", PATH_CASES)
def test_the_law_is_every_dice_path_of_resolve(name):
    a, d, w, m, r = ORACLE_CASES[name]
    assert attack_transitions(a, d, w, m, rules=r) == path_law(a, d, w, m, r)


@pytest.mark.parametrize("name", ORACLE_CASES)
def test_the_law_matches_the_spec_written_again_by_brute_force(name):
    a, d, w, m, r = ORACLE_CASES[name]
    assert as_rows(law_of(a, d, w, m, r)) == spec_oracle(a, d, w, m, r)


def test_a_stunned_attacker_loses_its_turn_and_aturdido_wears_off():
    """P10/P16: an Aturdido attacker cannot act (resolve refuses it); in the law its turn
    is lost and its one round of Aturdido passes, so a whole fight goes on."""
    stunned = replace(E1_A, stunned=True, flat_footed=True)
    with pytest.raises(rolkit.RulesError):
        S.resolve(stunned, E1_D, Weapon(), Modifiers(), seed=1)
    law = law_of(stunned, E1_D, Weapon(), Modifiers())
    assert law == {(stunned, E1_D, Weapon()): 1}  # no blow; the turn's end counts it
    assert S.turn_end(stunned) == {replace(stunned, stunned=False): 1}
    # the option off: a stunned attacker attacks normally
    off = NSd20Rules(stunned_cannot_act=False)
    assert law_of(stunned, E1_D, Weapon(), Modifiers(), off) == path_law(
        stunned, E1_D, Weapon(), Modifiers(), off
    )
    # the form counts the rounds (stun_rounds_left; test_nsd_stun_rounds.py): the option
    # only says how long a new Aturdido lasts, so this last round wears off under any
    two = NSd20Rules(stun_rounds=2)
    assert law_of(stunned, E1_D, Weapon(), Modifiers(), two) == law
    with pytest.raises(rolkit.RulesError):  # the other refusals still hold
        S.transitions(
            stunned,
            E1_D,
            S.presets["weapon"]["Revólver (2d6)"],
            Modifiers(extra_effort_damage=True),
        )
    with pytest.raises(rolkit.RulesError):
        S.transitions(replace(stunned, wound_state="moribundo"), E1_D, Weapon(), Modifiers())
