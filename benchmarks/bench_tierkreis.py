"""PHANTÄSIA TIERKREIS: ``s.odds`` at default forms (target ≤ 5 ms, cold and warm caches),
the AGI × FUE hit grid (target ≤ 50 ms), and the main attack — a PJ with a sword against a PNJ, variable damage on (check die, fumble
die and damage die: 12**3 face triples) — side by side with the same mechanic written in
icepool, caches cleared, with an agreement check of the two laws (target: rolkit ≥ 2×).

The exact after-state law (#16): ``s.transitions`` at default forms and from a wounded
state (target ≤ 20 ms / a few ms, cold caches), the law over every reachable state of the
default 1v1 fight, and that fight's eventual win law written independently as an icepool
absorbing Markov chain (``icepool.map(step, state, repeat="inf")``, one round per step:
:func:`icepool_fight`, timed in ``bench_fight.peer_rows``): it plays #25's turn of actions
as rolkit's default policy does — a prone fighter stands up with its action, a free attack
(T1 9–10) is taken in the next turn without spending it — and its win law is asserted
equal to rolkit's before it is timed."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

import icepool

import rolkit
from benchmarks.timing import Ratio, median_seconds, medians_side_by_side
from rolkit.systems import tierkreis as tk

FUMBLES = ["weapon_dropped"] * 2 + ["attacker_prone"] * 2 + ["physical_minus_2"] * 2
FUMBLES += ["mental_minus_2"] * 2 + ["free_attack_for_defender"] * 2 + ["self_damage_1"] * 2
K = (1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 5)

ATTACKER = tk.Combatant(name="Espadachín", strength=8, agility=5)
DEFENDER = tk.Combatant(name="Matón", is_player=False, pv_max_override=8)
WEAPON = tk.SWORD
MODIFIERS = tk.Modifiers(cover=1, options=tk.TierkreisOptions(variable_damage=True))


def icepool_attack(target: int, listed: int, factor: int, pv: int) -> dict[tk.Outcome, Fraction]:
    """The same attack in icepool: R4 on the check die, T1 on the fumble die, T2 on the
    damage die, P7 factor, P9 status (defender with ``pv`` PV, no death points)."""

    def outcome(check: int, fumble: int, damage: int) -> tuple:
        if check == 12:
            return ("fumble", FUMBLES[fumble - 1], 0, "active")
        if check != 1 and check > target:
            return ("miss", None, 0, "active")
        critical = check == 1
        dealt = (listed * K[damage - 1] + 1) // 3 * (factor + critical)
        status = "unconscious" if dealt >= pv else "active"
        return ("critical" if critical else "hit", None, dealt, status)

    die = icepool.map(outcome, icepool.d12, icepool.d12, icepool.d12)
    total = die.denominator()
    return {tk.Outcome(*k): Fraction(die.quantity(k), total) for k in die.outcomes()}


# The "cold" rows clear rolkit's caches before each run, untimed (``setup``): the clearing
# walks every loaded module (about as long as a whole attack law here), and timing it
# measured the harness, not rolkit.
def _rolkit_law() -> dict:
    return tk.attack_outcomes(ATTACKER, DEFENDER, WEAPON, MODIFIERS)


def _grid(s) -> None:
    from rolkit.analysis import hit_grid

    hit_grid(s)


# --------------------------------------------------------------------------- the 1v1 fight
#: A fighter in the icepool chain: ``(pv, prone, physical −2, free attack due)``; the −2
#: is 1 for good (untimed) or, timed, the fumbler's own turn ends still to come.
Fighter = tuple[int, int, int, int]


def icepool_attack_forms(x: Fighter, y: Fighter, timed: bool = False) -> icepool.Die:
    """One unarmed attack (default forms, PJ vs PJ: attack check, G5) of ``x`` on ``y``:
    R5 target AGI 6 (= FUE: «best» reads either), −1 attacking prone (P12), +1 melee on a
    prone target, −2 physical while it holds (T4; ``timed``, see :func:`icepool_fight`);
    R4 a natural 1 hits ×2 (P7), a natural 12 fumbles: T1 on the attacker — 3–4 prone,
    5–6 physical −2, 11–12 −1 PV, 9–10 a free attack for ``y`` (its next turn); 1–2 (a fist cannot fall) and 7–8 (mental −2: INT/CAR/SUE, not read by this
    attack) leave the fight as it is."""
    target = 6 - x[1] + y[1] - 2 * (x[2] > 0)

    def fumble(face: int) -> tuple[Fighter, Fighter]:
        effect = FUMBLES[face - 1]
        pv, prone, physical, free = x
        if effect == "attacker_prone":
            prone = 1
        elif effect == "physical_minus_2":
            physical = 2 if timed else 1  # P8 «hasta el final de su próximo turno»: 2 ends
        elif effect == "self_damage_1":
            pv -= 1
        elif effect == "free_attack_for_defender":
            return (x, (*y[:3], 1))
        return ((pv, prone, physical, free), y)

    def check(roll: int) -> Any:
        if roll == 12:
            return icepool.d12.map(fumble)
        damage = 2 if roll == 1 else (1 if roll <= target else 0)
        return (x, (max(0, y[0] - damage), *y[1:]))

    return icepool.d12.map(check)


def icepool_turn(me: Fighter, foe: Fighter, timed: bool = False) -> Any:
    """``me``'s turn (#25, the default policy): prone, it stands up with its one action
    (P12, P24); else it attacks (its action); then, if a free attack is due (T1 9–10) and
    both still stand, it takes it without spending an action. The mark is gone at the
    turn's end, taken or not; timed (``fumble_penalty_expires``, P8), the turn's end also
    counts ``me``'s −2 down (2 → 1 → lifted at 0)."""

    def end(pair: tuple[Fighter, Fighter]) -> tuple[Fighter, Fighter]:
        m, f = pair
        return ((m[0], m[1], max(0, m[2] - 1), m[3]), f)

    def free_attack(pair: tuple[Fighter, Fighter]) -> Any:
        m, f = pair
        due = m[3] and m[0] > 0 and f[0] > 0
        m = (*m[:3], 0)
        after = icepool_attack_forms(m, f, timed) if due else (m, f)
        return icepool.map(end, after, star=False) if timed else after

    if me[1]:
        return icepool.map(free_attack, ((me[0], 0, *me[2:]), foe), star=False)
    return icepool.map(free_attack, icepool_attack_forms(me, foe, timed), star=False)


def icepool_round(state: tuple[Fighter, Fighter], timed: bool = False) -> Any:
    """A's turn, then (if both still act) B's; 0 PV ends the fight (P9: unconscious,
    dying — the death point at its turn start, G11, comes after the fight is decided)."""
    a, b = state
    if a[0] == 0 or b[0] == 0:
        return state

    def then_b(ab: tuple[Fighter, Fighter]) -> Any:
        a1, b1 = ab
        if a1[0] == 0 or b1[0] == 0:
            return ab
        return icepool.map(lambda ba: (ba[1], ba[0]), icepool_turn(b1, a1, timed), star=False)

    return icepool.map(then_b, icepool_turn(a, b, timed), star=False)


def icepool_fight(vitality: int = 6, timed: bool = False) -> dict[str, Fraction]:
    """The eventual law of the default 1v1 fight (both with ``vitality``: PV = 1 + VIT//2,
    P9) as an icepool absorbing chain, one round per step: ``{"A", "B", "draw"}``.

    It plays #25's turn as rolkit's default policy does (:func:`icepool_turn`). The other
    rules of the revised spec do not bear on this fight: death at the turn start (G11)
    comes after a side is down, which ends a duel; maneuvers (their natural 12, G10) are
    never chosen by the default policy (kind «other»); no stance is taken. ``timed``: a
    fumble's −2 ends after the fumbler's next turn (P8/T1, rolkit's default); else it stays
    (``fumble_penalty_expires`` off, the fight :func:`rolkit_fight` times).
    """
    pv = tk.Combatant(vitality=vitality).pv
    start: tuple[Fighter, Fighter] = ((pv, 0, 0, 0), (pv, 0, 0, 0))
    step = functools.partial(icepool_round, timed=timed)
    final = icepool.map(step, start, star=False, repeat="inf")
    law = {"A": Fraction(0), "B": Fraction(0), "draw": Fraction(0)}
    total = final.denominator()
    for (a, b), n in final.items():
        winner = "draw" if a[0] == b[0] == 0 else ("A" if b[0] == 0 else "B")
        law[winner] += Fraction(n, total)
    return law


def reachable_fight_laws(s: Any) -> int:
    """Every (attacker, defender) pair of the default 1v1 fight, through ``s.transitions``
    (caches cleared): the number of attack laws computed. The status is read with the
    package's ``status_of`` (``s.status`` builds default forms on each call)."""
    from rolkit.systems.tierkreis.after import status_of

    rolkit.clear_caches()
    f = s.defaults()
    w, m = f["weapon"], f["modifiers"]
    start = (f["attacker"], f["defender"], 0)
    seen, todo, laws = {start}, [start], 0
    while todo:
        a, b, turn = todo.pop()
        if status_of(a, m.options) or status_of(b, m.options):
            continue
        x, y = (a, b) if turn == 0 else (b, a)
        laws += 1
        for x1, y1 in s.transitions(x, y, w, m):
            nxt = (x1, y1, 1) if turn == 0 else (y1, x1, 0)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return laws


def _transitions(s: Any, forms: dict[str, Any]) -> None:
    s.transitions(**forms)


WOUNDED = {
    "attacker": tk.Combatant(pv_current=2, prone=True, fumble_penalty="physical"),
    "defender": tk.Combatant(pv_current=0, death_points=1),
    "weapon": tk.SWORD,
    "modifiers": tk.Modifiers(options=tk.TierkreisOptions(variable_damage=True)),
}


def transition_rows(s: Any) -> list[tuple[str, float, str]]:
    forms = s.defaults()
    rows: list[tuple[str, float, str]] = [
        (
            "tierkreis transitions, default forms (cold caches)",
            median_seconds(lambda: _transitions(s, forms), repeat=51, setup=rolkit.clear_caches),
            "target ≤ 20 ms",
        ),
        (
            "tierkreis transitions, wounded/dying, variable damage (cold)",
            median_seconds(lambda: _transitions(s, WOUNDED), repeat=51, setup=rolkit.clear_caches),
            "target: a few ms",
        ),
    ]
    laws = reachable_fight_laws(s)
    rows.append(
        (
            "tierkreis transitions, every state of the 1v1 fight (cold)",
            median_seconds(lambda: reachable_fight_laws(s), repeat=3),
            f"{laws} attack laws (prone, −2 and PV of both)",
        )
    )
    return rows


def rolkit_fight(vitality: int = 6) -> Any:
    """``rolkit.fight_odds`` of the same fight (caches cleared): A (default attacker and
    weapon) acts first, B (default defender and weapon), default modifiers, to the end;
    both with ``vitality`` (6, the default). A fumble's −2 untimed
    (``fumble_penalty_expires`` off; the default times it, P8/T1), the law the icepool
    chain above expresses (:func:`icepool_fight`: one round per step, no turn counts);
    the timed default has its own icepool peer in tests/systems/tierkreis."""
    from dataclasses import replace

    from rolkit.fight import odds_of_fighters

    rolkit.clear_caches()
    s, d = tk.SYSTEM, tk.SYSTEM.defaults()
    a, b = (replace(d[r], vitality=vitality) for r in ("attacker", "defender"))
    fighters = [("A", "a", a, d["weapon"]), ("B", "b", b, d["weapon"])]
    untimed = tk.TierkreisOptions(fumble_penalty_expires=False)
    return odds_of_fighters(s, fighters, rounds=None, options=untimed)


def run() -> list[tuple[str, float, str]]:
    s = tk.SYSTEM
    rows: list[tuple[str, float, str]] = []
    forms = s.defaults()
    rows.append(
        (
            "tierkreis odds, default forms (cold caches)",
            median_seconds(lambda: s.odds(**forms), repeat=51, setup=rolkit.clear_caches),
            "target ≤ 5 ms",
        )
    )
    rows.append(
        (
            "tierkreis odds, default forms (warm caches)",
            median_seconds(lambda: s.odds(**forms), repeat=51),
            "target ≤ 5 ms",
        )
    )
    import pandas  # noqa: F401 - imported before timing: the grid is a DataFrame

    rows.append(
        (
            "tierkreis hit grid AGI × FUE 12×12 (cold caches)",
            median_seconds(lambda: _grid(s), repeat=7, setup=rolkit.clear_caches),
            "target ≤ 50 ms",
        )
    )
    target = tk.roll_target(ATTACKER, DEFENDER, WEAPON, MODIFIERS)[1].target
    args = (target, WEAPON.damage, WEAPON.damage_factor, DEFENDER.pv)
    assert icepool_attack(*args) == _rolkit_law(), "icepool and rolkit disagree on the law"
    # CPU medians of the two run in turn (a change of load touches both alike)
    t_rolkit, t_icepool = medians_side_by_side(
        [_rolkit_law, functools.partial(icepool_attack, *args)],
        repeat=31,
        setups=[rolkit.clear_caches, None],
    )
    rows.append(
        (
            "tierkreis main attack, rolkit (cold caches, CPU)",
            t_rolkit,
            "PJ espada vs PNJ, daño variable",
        )
    )
    rows.append(
        ("tierkreis main attack, icepool (same mechanic, CPU)", t_icepool, "laws agree exactly")
    )
    rows.append(("tierkreis: icepool / rolkit", Ratio(t_icepool / t_rolkit), "target ≥ ×2"))
    rows += transition_rows(s)
    # the 1v1 fight against icepool_fight: bench_fight.peer_rows (#27)
    return rows


if __name__ == "__main__":
    from benchmarks.timing import fmt_value

    for label, value, note in run():
        print(f"  {label:<58} {fmt_value(value)}   {note}")
