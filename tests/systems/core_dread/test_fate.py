"""§7.3 The System's odds put each wound on the current track: death, knock-out, prone."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import Combatant, Modifiers, Weapon
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO, KNIFE

STRONG = Combatant(fortaleza=5)
TWO_MALHERIDO = Combatant(fortaleza=4, malherido=2)


def p(odds, predicate) -> F:
    return sum((q for k, q in odds.items() if predicate(k)), F(0))


def test_worked_check_knife_on_two_malherido_kills_with_3_16():
    """§7.3: FOR 5, knife ×4, no defence, FOR 4 at two Malherido → p_dead = 3/16."""
    odds = cd.SYSTEM.odds(STRONG, TWO_MALHERIDO, KNIFE, Modifiers())
    assert odds.total == 1
    assert p(odds, lambda k: k.fate == "dead") == F(3, 16)
    assert odds.p_dead == F(3, 16) and odds.p_down == F(3, 16) and odds.p_dying == 0
    assert odds.fate() == {None: F(13, 16), "dead": F(3, 16)}
    # 3 hits: 12 points → one Malherido fills the third box; prone check at FOR 4 − 6 = 0
    assert p(odds, lambda k: k.fate is None and k.prone) == F(10, 32)
    assert p(odds, lambda k: k.fate == "down") == 0
    # §7.2 is unchanged: the same attack without the track
    assert cd.attack_outcomes(STRONG, TWO_MALHERIDO, KNIFE, Modifiers()) == {
        o: q for o, q in _merge(odds).items()
    }


def _merge(odds) -> dict:
    out: dict = {}
    for k, q in odds.items():
        out[k.outcome] = out.get(k.outcome, 0) + q
    return out


def test_fresh_defender_prone_check_is_an_ordinary_check():
    """BRUNO's bat on ANA (FOR 4), no defence: one Malherido → prone unless FOR 4 − 2 = 2
    gets 3 hits; two Malherido → FOR 0, always prone."""
    odds = cd.SYSTEM.odds(BRUNO, ANA, BAT, Modifiers())
    for count, attribute in ((1, 2), (2, 0)):
        rows = [
            (k, q)
            for k, q in odds.items()
            if (k.wound_level, k.wound_count) == ("malherido", count)
        ]
        alive = sum((q for _, q in rows), F(0))
        fell = sum((q for k, q in rows if k.prone), F(0))
        assert alive > 0
        assert fell == alive * (1 - cd.check_success_probability(attribute, 0))
    assert p(odds, lambda k: k.prone and k.wound_level != "malherido") == 0


def test_knockout_is_down_and_prone():
    """§4.9.3: a surprise knock-out attempt that marks a Lesionado knocks the victim out."""
    m = Modifiers(surprise=True, knockout_attempt=True)
    odds = cd.SYSTEM.odds(BRUNO, ANA, BAT, m)
    down = p(odds, lambda k: k.fate == "down")
    wounds = p(odds, lambda k: k.wound_level in ("lesionado", "malherido") and k.fate != "dead")
    assert down == wounds > 0
    assert all(k.prone for k, _ in odds.items() if k.fate == "down")
    assert odds.p_down - odds.p_dead == down
    assert all(v.prone for v, _ in odds.views() if v.fate == "down")


def test_already_unconscious_defender_stays_down():
    odds = cd.SYSTEM.odds(BRUNO, Combatant(unconscious=True), KNIFE, Modifiers())
    assert p(odds, lambda k: k.fate == "down") + p(odds, lambda k: k.fate == "dead") == 1


def test_ten_magullado_kill():
    """§4.10: a full track (3,3,3) dies of the 10th wound, even a Magullado."""
    full = Combatant(magullado=3, lesionado=3, malherido=3)
    odds = cd.SYSTEM.odds(Combatant(), full, Weapon(), Modifiers())
    assert p(odds, lambda k: k.fate == "dead") == p(odds, lambda k: k.wound_count > 0)


def test_counter_attack_can_kill_and_drop_the_attacker():
    weak = Combatant(fortaleza=1, malherido=2)
    guard = Combatant(fortaleza=6, block_weapon=Weapon(category="letal"))
    odds = cd.SYSTEM.odds(weak, guard, Weapon(), Modifiers(defence="block"))
    assert p(odds, lambda k: k.counter_fate == "dead") > 0
    view_flags = {f for k, _ in odds.items() for f in cd.SYSTEM.project(k).flags}
    assert "counter_dead" in view_flags


@pytest.mark.parametrize(
    "forms",
    [
        (BRUNO, ANA, BAT, Modifiers(defence="block")),
        (STRONG, TWO_MALHERIDO, KNIFE, Modifiers()),
        (BRUNO, ANA, BAT, Modifiers(surprise=True, knockout_attempt=True)),
        (
            Combatant(fortaleza=2, malherido=1),
            Combatant(fortaleza=5, block_weapon=KNIFE),
            KNIFE,
            Modifiers(defence="block"),
        ),
    ],
)
def test_resolve_reports_the_same_fate_as_its_after_state(forms):
    odds = cd.SYSTEM.odds(*forms)
    for seed in range(40):
        r = cd.SYSTEM.resolve(*forms, seed=seed)
        assert odds[r.key] > 0, r.key
        after = r.outcome.defender_after
        expected = "dead" if after.dead else "down" if after.unconscious else None
        assert r.key.fate == expected and r.key.prone == after.prone
        assert r.key.counter_fate == ("dead" if r.outcome.attacker_after.dead else None)
        assert r.key.counter_prone == ("attacker_prone" in r.outcome.effects)


def test_headline_names_the_spectacular_and_the_deaths():
    odds = cd.SYSTEM.odds(STRONG, TWO_MALHERIDO, KNIFE, Modifiers())
    assert cd.SYSTEM.critical_key == "cd.headline.critical"
    from rolkit import i18n

    assert i18n.t("cd.headline.critical", "es", p="3 %") == "3 % espectacular"
    assert i18n.t("cd.headline.critical", "en", p="3%") == "3% espectacular (spectacular)"
    assert "espectacular" in odds.describe().splitlines()[0]
