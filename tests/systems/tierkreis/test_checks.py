"""``SYSTEM.checks``: exact laws summing to 1, scripted faces, and a seeded Monte Carlo of
each check's ``resolve`` against its exact odds (6σ per degree)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction as F

import pytest

from rolkit import i18n
from rolkit.dice import ScriptedDice
from rolkit.systems import tierkreis as tk
from rolkit.systems.tierkreis.checks import (
    AsphyxiaForm,
    BleedingForm,
    CharacteristicCheckForm,
    FallForm,
    IntoxicationForm,
    JumpForm,
    ManeuverForm,
)

S = tk.SYSTEM
OPTIONS = tk.TierkreisOptions()

FORMS = [
    ("characteristic", CharacteristicCheckForm()),
    (
        "characteristic",
        CharacteristicCheckForm(
            tk.Combatant(luck=9, fumble_penalty="mental"), "SUE", "+2 (suerte)"
        ),
    ),
    ("concentration", S.checks["concentration"].form()),
    ("maneuver", ManeuverForm()),
    ("maneuver", ManeuverForm("snatch", tk.Combatant(agility=9))),
    ("maneuver", ManeuverForm("trip", target_is_larger=True)),
    ("jump", JumpForm(distance_m=8)),
    ("jump", JumpForm(distance_m=4, run_up=False)),
    ("fall", FallForm(height_m=9)),
    ("asphyxia", AsphyxiaForm(turn=9)),
    ("asphyxia", AsphyxiaForm(turn=3)),
    ("intoxication", IntoxicationForm(dose_number=3)),
    ("maneuver", ManeuverForm("snatch", tk.Combatant(is_player=False), tk.Combatant(agility=4))),
    (
        "maneuver",
        ManeuverForm("keep_grapple", tk.Combatant(is_player=False), tk.Combatant(strength=9)),
    ),
    ("bleeding", BleedingForm(tk.Combatant(vitality=7))),
]


@pytest.mark.parametrize(("check_id", "form"), FORMS)
def test_check_odds_are_exact_and_agree_with_seeded_rolls(check_id, form) -> None:
    chk = S.checks[check_id]
    odds = chk.odds(form)
    assert odds.total == 1
    assert set(odds.probabilities) <= {d.id for d in chk.degrees}
    n = 1500
    counts = Counter(chk.resolve(form, seed=seed).degree.id for seed in range(n))
    assert set(counts) <= set(odds.probabilities)
    for degree, p in odds.probabilities.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts[degree] / n - float(p)) <= 6 * sigma + 1e-12, (degree, p, counts)
    again = chk.resolve(form, seed=7)
    assert again == chk.resolve(form, seed=7) and again.steps


def scripted(check_id, form, dice, options=OPTIONS):
    return S.checks[check_id].resolve_fn(form, options, ScriptedDice(dice))


def test_jump_failed_by_one_allows_catching_the_edge() -> None:
    form = JumpForm(tk.Combatant(strength=6, agility=8), distance_m=8)  # target 4
    assert S.checks["jump"].odds(form).probabilities == {
        "success": F(4, 12),
        "catches_edge": F(1, 12) * F(8, 12),
        "falls": 1 - F(4, 12) - F(8, 144),
    }
    assert scripted("jump", form, [5, 8])[2] == "catches_edge"
    assert scripted("jump", form, [5, 9])[2] == "falls"
    assert scripted("jump", form, [6])[2] == "falls"
    assert scripted("jump", form, [4])[2] == "success"
    cap = tk.TierkreisOptions(standing_jump="hard_cap")
    assert S.checks["jump"].odds(JumpForm(distance_m=4, run_up=False), cap).probabilities == {
        "impossible": 1
    }


def test_fall_with_and_without_the_agi_check() -> None:
    assert S.checks["fall"].odds(FallForm(height_m=3)).probabilities == {"unhurt": 1}
    assert S.checks["fall"].odds(FallForm(height_m=6)).probabilities == {"hurt": 1}
    agi = tk.TierkreisOptions(fall_agi_check=True)
    assert S.checks["fall"].odds(FallForm(height_m=6), agi).probabilities == {
        "hurt": F(1, 2),
        "unhurt": F(1, 2),
    }
    steps, outcome, degree = scripted("fall", FallForm(height_m=6), [], OPTIONS)
    assert outcome == {"damage": 3, "prone": True} and degree == "hurt"


def test_asphyxia_intoxication_and_maneuver_laws() -> None:
    assert S.checks["asphyxia"].odds(AsphyxiaForm(turn=8)).p_success == F(5, 12)
    assert S.checks["intoxication"].odds(IntoxicationForm(dose_number=2)).p_success == F(5, 12)
    intox = IntoxicationForm(tk.Combatant(deprivation_days=2), dose_number=1)
    assert S.checks["intoxication"].odds(intox).p_success == F(4, 12)
    push = ManeuverForm("push", tk.Combatant(strength=12))
    law = S.checks["maneuver"].odds(push).probabilities
    assert law == {"critical": F(1, 12), "success": F(11, 12)}  # R4/G10: 12 <= 12 succeeds
    both = S.checks["maneuver"].odds(push, tk.TierkreisOptions(maneuver_naturals="both"))
    assert both.probabilities == {"critical": F(1, 12), "success": F(10, 12), "failure": F(1, 12)}
    none = S.checks["maneuver"].odds(push, tk.TierkreisOptions(maneuver_naturals="none"))
    assert none.probabilities == {"success": F(1)}
    snatch = ManeuverForm("snatch", tk.Combatant(strength=6, agility=4))
    assert S.checks["maneuver"].odds(snatch).p_success == F(3, 12)


def test_an_npc_maneuver_on_a_player_is_rolled_by_the_player() -> None:
    npc, pc = (
        tk.Combatant(is_player=False, strength=12),
        tk.Combatant(agility=6, defensive_stance=True),
    )
    law = S.checks["maneuver"].odds(ManeuverForm("push", npc, pc)).probabilities
    assert law == {"failure": F(7, 12), "success": F(5, 12)}  # dodge 6 + 1 (Defensa)
    snatch = S.checks["maneuver"].odds(ManeuverForm("snatch", npc, tk.Combatant())).probabilities
    assert snatch == {"failure": F(9, 12), "success": F(3, 12)}  # the NPC's −3 mirrored: dodge 9
    free = S.checks["maneuver"].odds(ManeuverForm("keep_grapple", npc, tk.Combatant(strength=9)))
    assert free.probabilities == {"failure": F(9, 12), "success": F(3, 12)}  # PC breaks free on 1–9
    r = tk.resolve_maneuver("trip", npc, tk.Modifiers(), ScriptedDice([7]), opponent=pc)
    assert (r.result, r.rolled_by, r.target.target) == ("failure", "opponent", 7)
    assert scripted("maneuver", ManeuverForm("trip", npc, pc), [8])[2] == "success"


def test_bleeding_reopens_only_within_two_weeks_of_a_conventional_cure() -> None:
    assert S.checks["bleeding"].odds(BleedingForm(days_since_healed=3)).probabilities == {
        "reopens": F(1, 2),
        "holds": F(1, 2),
    }
    assert S.checks["bleeding"].odds(BleedingForm(days_since_healed=14)).probabilities == {
        "holds": 1
    }
    assert S.checks["bleeding"].odds(BleedingForm(mystic_healing=True)).probabilities == {
        "holds": 1
    }


def test_a_failed_jump_falls_from_the_gms_height_and_intoxication_lasts_1d12_hours() -> None:
    form = JumpForm(tk.Combatant(strength=6, agility=2), distance_m=8, fall_height_m=9)  # target 4
    steps, outcome, degree = scripted("jump", form, [5, 7])  # by one; edge check (FUE 6) fails
    assert degree == "falls" and outcome["fall_damage"] == 4 and outcome["prone"]
    assert steps[-1].label == "tierkreis.step.fall"
    steps, outcome, degree = scripted("intoxication", IntoxicationForm(dose_number=2), [6, 9])
    assert degree == "intoxicated" and outcome["hours"] == 9 and steps[-1].dice == (9,)
    assert scripted("intoxication", IntoxicationForm(dose_number=2), [5])[2] == "unaffected"
    assert tk.TierkreisOptions(variable_damage_table=None) == tk.TierkreisOptions()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_key_a_check_step_shows_is_registered(lang: str) -> None:
    cap = tk.TierkreisOptions(standing_jump="hard_cap", fall_agi_check=True)
    for check_id, form in FORMS + [("jump", JumpForm(distance_m=9, run_up=False, fall_height_m=5))]:
        for options in (OPTIONS, cap):
            for seed in range(25):
                r = S.checks[check_id].resolve(form, options, seed=seed)
                for s in r.steps:
                    assert i18n.has(s.label, lang), s.label
                    for key, value in s.derived.items():
                        assert i18n.has(f"tierkreis.derived.{key}", lang), key
                        if isinstance(value, str) and value.startswith("tierkreis."):
                            assert i18n.has(value, lang), value
