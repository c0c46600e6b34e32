"""Why Ashes of War's default 1v1 is simulated, not exact (#16): the count of Gorath's
quiet forms (docs/adding-a-system.md, "When no exact chain fits"), each built here by the
real wound rules and each reachable by blows of the default fight."""

from __future__ import annotations

import math
from fractions import Fraction

import rolkit
from rolkit.fight import odds_of_fighters
from rolkit.systems.ashes_of_war.after import attack_transitions
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES
from rolkit.systems.ashes_of_war.rules.wounds import apply_wound
from rolkit.systems.ashes_of_war.tables import LOCATIONS, PART_OF

S = rolkit.get_system("ashes_of_war")
D = S.defaults()


def quiet_states(location: str) -> int:
    """Light boxes 0..all, and none or one sharp serious box (two start a Hemorragia)."""
    return (DEFAULT_RULES.light_boxes[PART_OF[location]] + 1) * 2


def test_the_quiet_forms_number_318_504_960():
    assert math.prod(quiet_states(loc) for loc in LOCATIONS) == 318_504_960


def test_the_fullest_quiet_form_is_built_by_the_rules_and_still_stands():
    gorath = D["defender"]
    for loc in LOCATIONS:
        for _ in range(DEFAULT_RULES.light_boxes[PART_OF[loc]]):
            gorath = apply_wound(gorath, loc, "light", "cutting").state
        gorath = apply_wound(gorath, loc, "serious", "cutting").state
    c = gorath.conditions
    assert S.status(gorath) is None
    assert not (c.bleeding_light or c.bleeding_serious or c.dismembered)
    assert all(gorath.wounds.count(loc, "serious") == 1 for loc in LOCATIONS)


def test_every_blow_can_leave_a_light_or_a_serious_wound_at_any_location():
    """So every combination of quiet locations is reached with a chance above 0."""
    law = attack_transitions(D["attacker"], D["defender"], D["weapon"], D["modifiers"])
    seen: dict[tuple[str, str], Fraction] = {}
    for (_a, d, _w), p in law.items():
        for loc in LOCATIONS:
            for severity in ("light", "serious"):
                if d.wounds.count(loc, severity) == 1 and S.status(d) is None:
                    seen[(loc, severity)] = seen.get((loc, severity), Fraction(0)) + p
    assert set(seen) == {(loc, sev) for loc in LOCATIONS for sev in ("light", "serious")}
    assert all(p > 0 for p in seen.values())


def test_the_default_fight_says_it_is_simulated_and_why():
    fighters = [("A", "a", D["attacker"], D["weapon"]), ("B", "b", D["defender"], D["weapon"])]
    # n = 10 000 (cheap on the compact state): a 200-fight interval (13,9 pp wide) is within
    # reach of the compact engine's bounds after 5 s on an idle machine, 2 pp is not
    r = odds_of_fighters(S, fighters, max_states=2_000, simulations=10_000, rounds_shown=0)
    assert not r.exact
    assert "2\u202f000" in r.reason[0]
    assert r.label("es").startswith("simulado, n = 10\u202f000")
