"""The generic hooks of a turn's end and of how a blow is made in a fight (#16 follow-up),
on the toy system with turn effects (``contract/toy_turn.py``):

* ``System.turn_end`` / ``System.fight_blow``: identities when not declared, the same checks
  as ``turn_start`` / ``round_end`` (types, a law summing to 1);
* a toy rule at the end of one's own turn (bleeding one's own turn out): the chain equals the
  toy's laws composed again turn by turn in Fractions (turn start → blow → turn end → … →
  round end), at 1–3 rounds, and it matters;
* a toy ``fight_blow`` (a combatant bleeding too much cannot attack): the chain passes that
  turn and says why in the notes (es + en); the tracker refuses that attack with the reason
  and logs it when the turn begins; ``next_turn`` applies the turn-end rule to the combatant
  whose turn ends, only to it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rolkit.errors import RulesError
from rolkit.fight import Fight, FightSpec, odds_of_fighters
from rolkit.fight.odds import _fight_odds
from tests.contract.toy_turn import SYSTEM as TOY
from tests.contract.toy_turn import Combatant, Modifiers, Options, Weapon

D4 = Weapon("1D4")
HALF = Fraction(1, 2)
NO_BLEEDING = Options(sangrado=False)  # the round's end bleeds no more: the turn's end does


def bleed_at_turn_end(c: Combatant, o: Options, m: object) -> dict[Combatant, Fraction]:
    """Toy rule: at the end of its own turn a bleeding combatant loses 1 PV with 1/2."""
    if not c.sangrado or c.pv <= -3:
        return {c: Fraction(1)}
    return {replace(c, pv=c.pv - 1): HALF, c: HALF}


TOY_END = replace(TOY, turn_end_fn=bleed_at_turn_end)

FIGHTERS = [
    ("Ana", "A", Combatant(pv=4, pericia=2, sangrado=1), D4),
    ("Bruto", "B", Combatant(pv=5, pericia=1), D4),
]


# --------------------------------------------------------------------------- the oracle
def _put(out: dict, key, p: Fraction) -> None:
    out[key] = out.get(key, Fraction(0)) + p


def _ended(state, sides) -> bool:
    return len({sides[i] for i, c in enumerate(state) if TOY.status(c) is None}) < 2


def _step(dist: dict, i: int, law_of, sides) -> dict:
    """Combatant ``i``'s form drawn from ``law_of(form)`` in every state still going."""
    out: dict = {}
    for s, p in dist.items():
        if _ended(s, sides):
            _put(out, s, p)
            continue
        for after, q in law_of(s[i]).items():
            _put(out, s[:i] + (after,) + s[i + 1 :], p * q)
    return out


def _oracle_rounds(fighters, rounds: int, options: Options) -> dict:
    """The toy's laws composed turn by turn: turn start, the blow on the first foe able to
    act, the turn's end (:func:`bleed_at_turn_end`); after the last turn, the round's end
    of everyone not dead — each step only while the fight goes on."""
    sides = [f[1] for f in fighters]
    dist = {tuple(f[2] for f in fighters): Fraction(1)}
    for _ in range(rounds):
        for i in range(len(fighters)):
            dist = _step(dist, i, lambda c: TOY.turn_start(c, options), sides)
            blown: dict = {}
            for s, p in dist.items():
                if _ended(s, sides) or TOY.status(s[i]) is not None:
                    _put(blown, s, p)
                    continue
                j = next(
                    k for k in range(len(s)) if sides[k] != sides[i] and TOY.status(s[k]) is None
                )
                law = TOY.transitions(s[i], s[j], fighters[i][3], Modifiers(), options)
                for (a_after, d_after), q in law.items():
                    nxt = list(s)
                    nxt[i], nxt[j] = a_after, d_after
                    _put(blown, tuple(nxt), p * q)
            dist = _step(blown, i, lambda c: bleed_at_turn_end(c, options, None), sides)
        for i in range(len(fighters)):
            dist = _step(
                dist,
                i,
                lambda c: (
                    {c: Fraction(1)} if TOY.status(c) == "dead" else TOY.round_end(c, options)
                ),
                sides,
            )
    return dist


def _summary(dist, fighters):
    sides = [f[1] for f in fighters]
    wins = dict.fromkeys(dict.fromkeys(sides), Fraction(0))
    fates: dict = {f[0]: {} for f in fighters}
    going = Fraction(0)
    for s, p in dist.items():
        standing = {sides[i] for i, c in enumerate(s) if TOY.status(c) is None}
        if len(standing) == 1:
            wins[next(iter(standing))] += p
        elif standing:
            going += p
        for f, c in zip(fighters, s, strict=True):
            _put(fates[f[0]], TOY.status(c), p)
    return wins, going, {n: {k: v for k, v in law.items() if v} for n, law in fates.items()}


# --------------------------------------------------------------------------- the hooks
def test_the_hooks_are_identities_when_not_declared_and_checked_when_they_are():
    c = Combatant(pv=3, sangrado=1)
    assert TOY.turn_end(c) == {c: 1}
    assert TOY.fight_blow(c, c, D4, Modifiers()) == (Modifiers(), ())
    assert TOY_END.turn_end(c) == {replace(c, pv=2): HALF, c: HALF}
    only_end = replace(TOY, turn_start_fn=None, round_end_fn=None, turn_end_fn=bleed_at_turn_end)
    assert only_end.has_turn_effects
    with pytest.raises(RulesError):
        TOY_END.turn_end(D4)
    with pytest.raises(RulesError):
        TOY_END.turn_end(c, None, D4)  # the modifiers must be the system's
    with pytest.raises(RulesError):
        TOY.fight_blow(D4, c, D4, Modifiers())
    broken = replace(TOY, turn_end_fn=lambda c, o, m: {c: HALF})
    with pytest.raises(ValueError):
        broken.turn_end(c)


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_the_chain_plays_the_turn_end_in_the_contracts_order(rounds):
    ours = odds_of_fighters(TOY_END, FIGHTERS, rounds=rounds, policy="first", options=NO_BLEEDING)
    wins, going, fates = _summary(_oracle_rounds(FIGHTERS, rounds, NO_BLEEDING), FIGHTERS)
    assert dict(ours.p_win) == wins and ours.p_ongoing == going
    assert {n: dict(law) for n, law in ours.fates.items()} == fates
    without = odds_of_fighters(TOY, FIGHTERS, rounds=rounds, policy="first", options=NO_BLEEDING)
    assert (without.p_win, without.fates) != (ours.p_win, ours.fates)


def test_the_chains_simulation_plays_the_turn_end_too():
    exact = odds_of_fighters(TOY_END, FIGHTERS, rounds=3, policy="first", options=NO_BLEEDING)
    n = 3000
    sim = odds_of_fighters(
        TOY_END,
        FIGHTERS,
        rounds=3,
        policy="first",
        options=NO_BLEEDING,
        method="simulate",
        simulations=n,
    )
    for side, p in exact.p_win.items():
        q = float(p)
        assert abs(float(sim.p_win[side]) - q) <= 6 * (q * (1 - q) / n) ** 0.5 + 1e-9


# --------------------------------------------------------------------------- fight_blow
NO_ATTACK = ("attacker", "sangra demasiado: no ataca", "bleeds too much: no attack")


def too_bleeding_to_attack(a, d, w, m, o, defend):
    """Toy rule: a combatant with Sangrado 2 cannot attack (its turn passes)."""
    return (None, (NO_ATTACK,)) if a.sangrado >= 2 else (m, ())


TOY_BLOW = replace(TOY, fight_blow_fn=too_bleeding_to_attack)


def test_a_blow_the_system_refuses_passes_the_turn_and_the_notes_say_why():
    ana = Combatant(pv=4, pericia=4, sangrado=2)
    fighters = (("Ana", "A", ana, D4), ("Bruto", "B", Combatant(pv=1), D4))
    spec = FightSpec("toyt", fighters, ("Ana", "Bruto"), 0, True, True)
    one = _fight_odds(TOY_BLOW, spec, 1, policies={}, options=NO_BLEEDING)
    assert one.fates["Bruto"] == {None: 1}  # Ana, who would hit him down, passed her turn
    assert (
        "A veces un atacante sangra demasiado: no ataca",
        "Sometimes an attacker bleeds too much: no attack",
    ) in one.notes
    hits = _fight_odds(TOY, spec, 1, policies={}, options=NO_BLEEDING)
    assert hits.fates["Bruto"].get(None, 0) < 1
    assert not any("A veces" in es for es, _ in hits.notes)


def test_the_tracker_refuses_that_attack_and_logs_it_when_the_turn_begins():
    fight = Fight(TOY_BLOW)
    fight.add("Bruto", "B", Combatant(pv=5), D4)
    fight.add("Ana", "A", Combatant(pv=4, sangrado=2), D4)
    fight.roll_initiative(seed=1)  # order of entry: Bruto first
    entry = fight.next_turn(seed=2).entry  # Ana's turn begins
    assert "Ana sangra demasiado: no ataca" in entry.text("es")
    assert "Ana bleeds too much: no attack" in entry.text("en")
    with pytest.raises(RulesError) as err:
        fight.attack("Ana", "Bruto", seed=3)
    assert err.value.message("es") == "Ana sangra demasiado: no ataca"
    assert err.value.message("en") == "Ana bleeds too much: no attack"
    fight.apply(fight.attack("Bruto", "Ana", seed=4), "Bruto", "Ana")  # Bruto still may


def test_next_turn_applies_the_turn_end_to_the_combatant_whose_turn_ends_only():
    for seed in range(1, 12):
        fight = Fight(TOY_END)
        ana, ben = Combatant(pv=4, sangrado=1), Combatant(pv=4, sangrado=1)
        fight.add("Ana", "A", ana, D4)
        fight.add("Ben", "B", ben, D4)
        fight.roll_initiative(seed=seed)
        st = fight.next_turn(seed=seed)  # Ana's turn ends: her turn-end rule, not Ben's
        assert st.fighter("Ana").defender in TOY_END.turn_end(ana)
        assert st.fighter("Ben").defender == ben
        if st.fighter("Ana").defender != ana:
            # what changed, by the form's labels (PV), named
            assert "Ana: PV" in st.entry.text("es") and "Ana: PV (hit points)" in st.entry.text(
                "en"
            )
