"""icepool as a second independent oracle: the check law (hits and natural spectacular,
both reroll policies) and the §7.2 law of an attack against a block, each built in icepool
from the rules' words and compared with the engine Fraction for Fraction."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import Armor, Combatant, CoreDreadOptions, Modifiers, Weapon
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO, FIST, KNIFE

icepool = pytest.importorskip("icepool")


def joint_die(attribute: int, skill: int, policy: str):
    """(hits, natural spectacular) in icepool: 5 hit/miss dice, then one reroll of a missed
    die per skill point («relanzar un dado … manteniendo el resultado nuevo»)."""
    hit = icepool.d10.map(lambda face: int(1 <= face <= attribute))
    natural = 5 @ hit
    state = natural.map(lambda n: (n, n == 5, 0))  # (hits, natural 5, misses already rerolled)
    for _ in range(skill):

        def reroll(st, r):
            hits, nat5, used = st
            misses_left = 5 - hits if policy == "repeat" else 5 - hits - used
            if misses_left <= 0:
                return st
            # repeat: any miss; once_per_die: a miss never rerolled (a failed reroll stays)
            return (hits + r, nat5, used + (1 - r if policy == "once_per_die" else 0))

        state = icepool.map(reroll, state, hit, star=False)
    return state.map(lambda st: (st[0], st[1]), star=False)


def law(die) -> dict:
    return {k: F(q, die.denominator()) for k, q in die.items()}


@pytest.mark.parametrize("policy", ["repeat", "once_per_die"])
@pytest.mark.parametrize(
    ("attribute", "skill"), [(0, 2), (1, 0), (4, 1), (5, 3), (6, 2), (7, 5), (9, 4)]
)
def test_check_law_matches_icepool(attribute, skill, policy):
    options = CoreDreadOptions(reroll_policy=policy)
    expected = law(joint_die(attribute, skill, policy))
    assert cd.roll_distribution(attribute, skill, options) == {
        k: v for k, v in expected.items() if v
    }
    success = sum((p for (h, _), p in expected.items() if h >= 3), F(0))
    assert cd.check_success_probability(attribute, skill, options=options) == success


MULT = {"sin_armas": 1, "contundente": 2, "peligrosa": 4, "letal": 8}
ABSORB = {"ninguna": 0, "comun": 3, "mayor": 5}


def _wound(damage: int, f: int, measured: bool, doubled: bool):
    """§4.8 «límites de daño» then §4.9 measured blow and spectacular doubling."""
    if damage <= 0:
        level, n = None, 0
    elif damage <= f:
        level, n = "magullado", 1
    elif damage <= 2 * f:
        level, n = "lesionado", 1
    else:
        level, n = "malherido", (damage - 2 * f + 4) // 5
    if measured and level:
        if n > 1:
            n -= 1
        else:
            level = {"malherido": "lesionado", "lesionado": "magullado"}.get(level)
            n = 1 if level else 0
    return level, (2 * n if doubled and n else n)


def icepool_block_law(att: Combatant, dfd: Combatant, w: Weapon, m: Modifiers) -> dict:
    """§4.4–4.9 for a melee attack against a block, default options, as one icepool map."""
    m_a = MULT[w.category] + (1 if m.dangerous_situation else 0)
    m_d = MULT[dfd.block_weapon.category]
    a_law = joint_die(max(0, min(9, att.fortaleza + m.difficulty)), att.melee_skill, "repeat")
    d_law = joint_die(
        max(0, min(9, dfd.fortaleza + m.defence_difficulty)), dfd.melee_skill, "repeat"
    )
    abs_d, abs_a = ABSORB[dfd.armor.armor_type], ABSORB[att.armor.armor_type]

    def outcome(a, d):
        (ah, spec), (dh, _) = a, d
        raw, craw = max(0, ah * m_a - dh * m_d), max(0, dh * m_d - ah * m_a)
        dmg, cdmg = max(0, raw - abs_d), max(0, craw - abs_a)
        return (
            raw > 0,
            dmg,
            *_wound(dmg, dfd.fortaleza, m.measured_blow, spec),
            craw > 0,
            cdmg,
            *_wound(cdmg, att.fortaleza, False, False),
        )

    result = icepool.map(outcome, a_law, d_law, star=False)
    return {cd.AttackOutcome(*k): p for k, p in law(result).items()}


GUARD = Combatant(
    fortaleza=5,
    melee_skill=1,
    armor=Armor(armor_type="comun"),
    block_weapon=Weapon(category="contundente"),
)
BLOCKS = {
    "A-V3 fist vs unarmed block": (ANA, BRUNO, FIST, Modifiers(defence="block")),
    "bat vs block (R-V1 forms)": (BRUNO, ANA, BAT, Modifiers(defence="block")),
    "knife vs armoured baton block": (BRUNO, GUARD, KNIFE, Modifiers(defence="block")),
    "measured, dangerous, harder block": (
        Combatant(fortaleza=6, melee_skill=2),
        Combatant(fortaleza=4, melee_skill=1, block_weapon=KNIFE),
        KNIFE,
        Modifiers(
            defence="block", measured_blow=True, dangerous_situation=True, defence_difficulty=-1
        ),
    ),
}


@pytest.mark.parametrize("name", list(BLOCKS))
def test_attack_vs_block_law_matches_icepool(name):
    forms = BLOCKS[name]
    assert cd.attack_outcomes(*forms) == icepool_block_law(*forms)
