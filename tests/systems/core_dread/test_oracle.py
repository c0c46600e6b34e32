"""Independent oracles: brute-force enumerations written apart from the engine.

* every d10 face sequence (10**(5+s)) for small skills;
* every hit/miss pattern of the initial dice and each reroll, weighted by a/10;
* a separately written combat pipeline over those patterns (default options).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction as F

import pytest

from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import Armor, Combatant, CoreDreadOptions, Modifiers, Weapon
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO, CARLA, FIST, KNIFE, PISTOL

from .cd_faces import enumerate_law


# --------------------------------------------------------------------------- face level
def faces_law(a: int, s: int, policy: str) -> dict[tuple[int, bool], F]:
    """Enumerate every sequence of 5 + s faces; rerolls take the next faces in order."""
    counts: Counter = Counter()
    for seq in itertools.product(range(1, 11), repeat=5 + s):
        dice = list(seq[:5])
        natural = sum(1 <= f <= a for f in dice)
        spare = iter(seq[5:])
        used_on: list[int] = []
        for _ in range(s):
            candidates = [
                i
                for i in range(5)
                if not 1 <= dice[i] <= a and (policy == "repeat" or i not in used_on)
            ]
            if not candidates:
                break
            dice[candidates[0]] = next(spare)
            used_on.append(candidates[0])
        counts[(sum(1 <= f <= a for f in dice), natural == 5)] += 1
    total = 10 ** (5 + s)
    return {k: F(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    ("a", "s", "policy"), [(5, 0, "repeat"), (3, 0, "repeat"), (7, 1, "repeat")]
)
def test_roll_distribution_matches_every_face_sequence(a, s, policy):
    options = CoreDreadOptions(reroll_policy=policy)
    assert cd.roll_distribution(a, s, options) == faces_law(a, s, policy)


# --------------------------------------------------------------------------- hit/miss level
def pattern_law(a: int, s: int, policy: str) -> dict[tuple[int, bool], F]:
    """Every hit/miss pattern of the 5 dice, then of each reroll, weighted by a/10."""
    p_hit, p_miss = F(a, 10), F(10 - a, 10)
    out: Counter = Counter()

    def go(dice: tuple[bool, ...], rerolled: frozenset, points: int, w: F, natural: int):
        misses = [
            i for i, d in enumerate(dice) if not d and (policy == "repeat" or i not in rerolled)
        ]
        if points == 0 or not misses or w == 0:
            out[(sum(dice), natural == 5)] += w
            return
        i = misses[0]
        for outcome, q in ((True, p_hit), (False, p_miss)):
            new = dice[:i] + (outcome,) + dice[i + 1 :]
            go(new, rerolled | {i}, points - 1, w * q, natural)

    for pattern in itertools.product((True, False), repeat=5):
        w = F(1)
        for d in pattern:
            w *= p_hit if d else p_miss
        go(pattern, frozenset(), s, w, sum(pattern))
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize("policy", ["repeat", "once_per_die"])
@pytest.mark.parametrize("a", [0, 1, 4, 6, 9])
@pytest.mark.parametrize("s", [0, 1, 2, 3, 4, 5])
def test_roll_distribution_matches_hit_miss_enumeration(a, s, policy):
    options = CoreDreadOptions(reroll_policy=policy)
    assert cd.roll_distribution(a, s, options) == pattern_law(a, s, policy)


# --------------------------------------------------------------------------- combat oracle
MULT = {"sin_armas": 1, "contundente": 2, "peligrosa": 4, "letal": 8}


def oracle_attack(att: Combatant, dfd: Combatant, w: Weapon, m: Modifiers):
    """A separate reading of §4.4–4.9 with default options (no penalties in these cases)."""
    ranged = w.mode == "ranged"
    a_attr = (att.concentracion if m.aimed else att.agilidad) if ranged else att.fortaleza
    a_skill = att.ranged_skill if ranged else att.melee_skill
    a_attr = max(0, min(9, a_attr + m.difficulty))
    m_a = MULT[w.category] + (1 if m.dangerous_situation else 0)
    if m.defence == "none":
        d_law = {(0, False): F(1)}
        m_d = 0
    else:
        if m.defence == "block":
            d_attr, d_skill = dfd.fortaleza, dfd.melee_skill
            m_d = MULT[dfd.block_weapon.category] if dfd.block_weapon.mode != "ranged" else 1
        elif m.defence == "dodge":
            d_attr, d_skill, m_d = dfd.agilidad, dfd.dodge_skill, 1
        else:
            d_attr, d_skill = dfd.agilidad, dfd.ranged_skill
            m_d = MULT[dfd.block_weapon.category]
        d_law = pattern_law(max(0, min(9, d_attr + m.defence_difficulty)), d_skill, "repeat")
    absorb_d = {"ninguna": 0, "comun": 3, "mayor": 5}[dfd.armor.armor_type]
    absorb_a = {"ninguna": 0, "comun": 3, "mayor": 5}[att.armor.armor_type]

    def wound(damage: int, f: int):
        if damage <= 0:
            return None, 0
        if damage <= f:
            return "magullado", 1
        if damage <= 2 * f:
            return "lesionado", 1
        n = 1
        while damage > 2 * f + 5 * n:
            n += 1
        return "malherido", n

    out: Counter = Counter()
    for (a, spec), pa in pattern_law(a_attr, a_skill, "repeat").items():
        if w.mode in ("ranged", "thrown") and not m.point_blank and a < 3:
            a = 0
        for (d, _), pd in d_law.items():
            av, dv = a * m_a, d * m_d
            raw = av - dv if av > dv else 0
            craw = dv - av if m.defence in ("block", "ranged_block") and dv > av else 0
            dmg = max(0, raw - absorb_d)
            lvl, n = wound(dmg, dfd.fortaleza)
            if m.measured_blow and lvl:
                if n > 1:
                    n -= 1
                else:
                    lvl = {"malherido": "lesionado", "lesionado": "magullado"}.get(lvl)
                    n = 1 if lvl else 0
            if spec and n:
                n *= 2
            cdmg = max(0, craw - absorb_a)
            clvl, cn = wound(cdmg, att.fortaleza)
            out[cd.AttackOutcome(raw > 0, dmg, lvl, n, craw > 0, cdmg, clvl, cn)] += pa * pd
    return dict(out)


GUARD = Combatant(
    fortaleza=5,
    melee_skill=1,
    armor=Armor(armor_type="comun"),
    block_weapon=Weapon(category="contundente"),
)
SHOOTER = Combatant(
    agilidad=6,
    ranged_skill=1,
    block_weapon=Weapon(category="peligrosa", mode="ranged", ranged_type="semiautomatica_revolver"),
)

CASES = {
    "fist-vs-block (A-V3)": (ANA, BRUNO, FIST, Modifiers(defence="block")),
    "knife-vs-dodge (A-V4)": (ANA, BRUNO, KNIFE, Modifiers(defence="dodge")),
    "bat-vs-block (R-V1 forms)": (BRUNO, ANA, BAT, Modifiers(defence="block")),
    "knife-vs-armoured-baton": (BRUNO, GUARD, KNIFE, Modifiers(defence="block")),
    "measured-dangerous": (
        BRUNO,
        ANA,
        KNIFE,
        Modifiers(measured_blow=True, dangerous_situation=True),
    ),
    "pistol-vs-shootback": (CARLA, SHOOTER, PISTOL, Modifiers(defence="ranged_block")),
    "pistol-vs-dodge": (CARLA, ANA, PISTOL, Modifiers(defence="dodge", difficulty=-1)),
    "armoured-attacker-countered": (
        Combatant(armor=Armor(armor_type="comun")),
        GUARD,
        FIST,
        Modifiers(defence="block", defence_difficulty=2),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_attack_outcomes_match_the_oracle(name):
    got = cd.attack_outcomes(*CASES[name])
    assert got == oracle_attack(*CASES[name])
    assert sum(got.values()) == 1
    assert all(p > 0 for p in got.values())


# --------------------------------------------------------------------------- §7.3 fate, face level
def resolve_law(att, dfd, w, m, thresholds: set[int]) -> dict:
    """Run ``resolve_attack`` on every face sequence and collect the law of its keys."""
    return enumerate_law(
        lambda dice: cd.resolve_attack(att, dfd, w, m, dice),
        lambda r: r.key,
        thresholds,
        lambda r: [s.derived["attribute"] for s in r.steps if s.dice],
    )


FATE_CASES = {
    # §7.3 worked check: 3 hits fill the third Malherido box (prone check at FOR 0)
    "knife-on-two-malherido": (
        (Combatant(fortaleza=5), Combatant(fortaleza=4, malherido=2), KNIFE, Modifiers()),
        {5},
    ),
    # one Malherido → prone check at FOR 4 − 2 = 2; two → FOR 0; spectacular → dead
    "fresh-prone-check-with-reroll": (
        (Combatant(fortaleza=2, melee_skill=1), ANA, KNIFE, Modifiers()),
        {2},
    ),
    # surprise knock-out (FOR 6 − 1), measured: any Lesionado/Malherido mark → down
    "measured-knockout": (
        (
            Combatant(fortaleza=6),
            ANA,
            BAT,
            Modifiers(surprise=True, knockout_attempt=True, measured_blow=True),
        ),
        {5},
    ),
    # a hurt attacker (FOR 6 − 4 = 2, limits at 6) countered by a knife block: the counter
    # fills the third Malherido box (prone check at FOR 0) or kills
    "knife-block-counter": (
        (
            Combatant(fortaleza=6, malherido=2),
            Combatant(fortaleza=2, block_weapon=Weapon(category="peligrosa")),
            FIST,
            Modifiers(defence="block"),
        ),
        {2},
    ),
    # Gore Mode: one box per level; a second Malherido kills
    "gore-defender": (
        (Combatant(fortaleza=3), Combatant(fortaleza=3, gore_mode=True), KNIFE, Modifiers()),
        {3},
    ),
}


@pytest.mark.parametrize("name", list(FATE_CASES))
def test_system_odds_fate_law_matches_resolve_over_every_face_sequence(name):
    forms, thresholds = FATE_CASES[name]
    enumerated = resolve_law(*forms, thresholds)
    assert sum(enumerated.values()) == 1
    odds = cd.SYSTEM.odds(*forms).probabilities
    assert odds == enumerated
    assert any(k.fate == "dead" or k.counter_fate == "dead" for k in odds)


def test_the_fate_cases_reach_every_kind_of_fate():
    keys = {k for forms, _ in FATE_CASES.values() for k in cd.SYSTEM.odds(*forms).probabilities}
    assert {k.fate for k in keys} == {None, "down", "dead"}
    assert {k.counter_fate for k in keys} == {None, "dead"}
    assert any(k.prone and k.fate is None for k in keys)
    assert any(k.counter_prone for k in keys)
