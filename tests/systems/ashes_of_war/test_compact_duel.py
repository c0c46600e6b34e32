"""The compact duel engine (#27 item 2, :mod:`~rolkit.systems.ashes_of_war.rules.compact_duel`)
checked state by state against the exact engine: every side state the default duel
reaches in its first blows (and a sample of deeper ones from a pass), decoded to its forms,
must have the exact engine's blow law (``after.blow_law``, the law the fight's turn uses),
own recover turn, attack profile and round-end bleeding — the same after-states, each
with the same chance (the compact one is the Fraction's float: one rounded division, or
a sum of a few)."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

import rolkit
from rolkit.systems.ashes_of_war.after import system_transitions
from rolkit.systems.ashes_of_war.checks.profile import attack_profile, recovered
from rolkit.systems.ashes_of_war.forms import evolve
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.rules import compact_duel as cd
from rolkit.systems.ashes_of_war.turns import round_end

S = rolkit.get_system("ashes_of_war")
D = S.defaults()
RULES = RulesConfig()


def _engine(weapon=None):
    w = D["weapon"] if weapon is None else weapon
    e = cd.compact_duel((D["attacker"], D["defender"]), (w, w), D["modifiers"], RULES, (0, 1))
    assert e is not None
    return e


def _forms(e, i, words):
    return cd.decode(words, e.forms[i], e.weapons[1 - i])


def _rep(e, i, code):
    """An attacker (the foe of side ``i``) whose attacks carry ``code`` ▽: its start form."""
    return e.forms[1 - i]


def _blow_reference(e, i, words, second):
    """The exact law of one attack on side ``i``'s state (the foe at its start form, so
    no ▽ from its state; the second attack of the turn: 1 ▽)."""
    c, w = _forms(e, i, words)
    m = D["modifiers"] if not second else evolve(D["modifiers"], attack_number=2)
    law = system_transitions(e.forms[1 - i], c, w, m, RULES)
    out: dict[object, Fraction] = {}
    standing: list[tuple[tuple[int, ...], Fraction]] = []
    for (_a, d, w2), p in law.items():
        fate = d.conditions.dead and "dead" or d.conditions.dying and "dying"
        fate = fate or (d.conditions.unconscious and "down") or None
        if fate:
            out["fell", fate] = out.get(("fell", fate), Fraction(0)) + p
        else:
            standing.append((_encoded(d, w2), p))
    keys = _canon_rows(e, i, [words for words, _p in standing])
    for key, (_words, p) in zip(keys, standing, strict=True):
        out[key] = out.get(key, Fraction(0)) + p
    return out


#: :func:`~.compact_duel.encode` of the after-states the references meet, by their forms:
#: a pure function of them, and the first-blows test meets most after-states several times
#: (12 000 distinct in 32 000 calls, each ~60 one-row numpy writes: half its CPU)
_ENCODED: dict[tuple[object, object], tuple[int, ...]] = {}


def _encoded(c, w):
    key = (c, w)
    if key not in _ENCODED:
        _ENCODED[key] = cd.encode(c, w)
    return _ENCODED[key]


def _canon(e, i, words):
    (key,) = _canon_rows(e, i, [words])
    return key


def _canon_rows(e, i, rows):
    """Each row's representative: one :func:`~.compact_duel.canonical` call for them all
    (row by row, elementwise: the same as one call per row, at a fraction of the numpy
    overhead; the first-blows test makes ~16,000 of them)."""
    if not rows:
        return []
    W = np.array(rows, dtype=np.uint64)
    if e.lump:
        cd.canonical(e.sides[i], W)
    return [tuple(int(x) for x in row) for row in W]


def _blow_compact(e, i, words, second):
    W = np.array([words], dtype=np.uint64)
    W2, m2, _g, fell = e.blow(i, W, np.ones(1), 1 if second else 0)
    out = {tuple(int(x) for x in row): float(p) for row, p in zip(W2, m2, strict=True)}
    for code, p in fell.items():
        out[("fell", cd.FATES[code])] = p
    return out


def _same_law(ref, got):
    assert set(ref) == set(got), set(ref) ^ set(got)
    for k, p in ref.items():
        assert got[k] == pytest.approx(float(p), rel=1e-13, abs=0), k


def _reached(e, layers):
    """Side states of both sides reached by ``layers`` blows (first or second attack),
    round ends and recover turns, from the start."""
    seen = [set(), set()]
    for i in (0, 1):
        frontier = {_canon(e, i, tuple(int(x) for x in e.start[i][0]))}
        for _ in range(layers):
            nxt = set()
            for words in frontier:
                seen[i].add(words)
                W = np.array([words], dtype=np.uint64)
                for extra in (0, 1):
                    W2, _m, _g, _f = e.blow(i, W, np.ones(1), extra)
                    nxt |= {tuple(int(x) for x in row) for row in W2}
                B = W.copy()
                cd.bleed(e.sides[i], B)
                if cd.get(B, "fate")[0] == 0:
                    nxt.add(_canon(e, i, tuple(int(x) for x in B[0])))
            frontier = nxt - seen[i]
        seen[i] |= frontier
    return seen


def _check_state(e, i, words):
    for second in (False, True):
        _same_law(_blow_reference(e, i, words, second), _blow_compact(e, i, words, second))
    c, w = _forms(e, i, words)
    # the own turn's recover action and the profile after it
    W = np.array([words], dtype=np.uint64)
    cd.recover(e.sides[i], W)
    assert tuple(int(x) for x in W[0]) == cd.encode(recovered(c, RULES), w)
    code = int(cd.profile(e.sides[i], W)[0])  # of the recovered state
    ref = attack_profile(c, e.weapons[i], RULES)
    if ref == ("no attack",):
        assert code == cd.NO_ATTACK
    else:
        assert ref[0] == "attack" and code == ref[1] + ref[2]
    # the round's end: the bleeding ticks
    (after,) = round_end(c, RULES)
    B = np.array([words], dtype=np.uint64)
    cd.bleed(e.sides[i], B)
    fate = int(cd.get(B, "fate")[0])
    want = after.conditions
    assert cd.FATES[fate] == (
        "dead" if want.dead else "dying" if want.dying else "down" if want.unconscious else None
    )
    if not fate:
        assert tuple(int(x) for x in B[0]) == cd.encode(after, w)


def test_decode_inverts_encode_at_the_start():
    e = _engine()
    e.start = tuple(
        np.array([cd.encode(e.forms[i], e.weapons[1 - i])], dtype=np.uint64) for i in (0, 1)
    )
    for i in (0, 1):
        words = tuple(int(x) for x in e.start[i][0])
        c, w = _forms(e, i, words)
        assert c == e.forms[i] and w == e.weapons[1 - i]


def test_every_state_of_the_first_blows_has_the_exact_laws():
    e = _engine()
    seen = _reached(e, 2)
    assert sum(len(s) for s in seen) > 200
    for i in (0, 1):
        for words in sorted(seen[i]):
            _check_state(e, i, words)


def test_a_sample_of_deeper_states_has_the_exact_laws():
    """States a pass keeps after several rounds (bleeding, lost limbs, dropped weapons,
    worn armour), a seeded sample of them."""
    e = _engine()
    kept: list[tuple[int, tuple[int, ...]]] = []
    real_pruned = e.pruned

    def spy(t, cut):
        out = real_pruned(t, cut)
        if out is not None:
            for i in (0, 1):
                kept.extend((i, tuple(int(x) for x in row)) for row in out[2 * i])
        return out

    e.pruned = spy  # type: ignore[method-assign]
    e.play(1e-5)
    rng = random.Random(27)
    sample = rng.sample(sorted(set(kept)), 150)
    conds = [cd.get(np.array([w], dtype=np.uint64), "DM")[0] for _i, w in sample]
    assert any(conds), "the sample holds lost limbs"
    for i, words in sample:
        _check_state(e, i, words)


def test_unsupported_forms_say_none():
    blunt = evolve(D["weapon"], damage_type="blunt")
    assert (
        cd.compact_duel(
            (D["attacker"], D["defender"]), (blunt, blunt), D["modifiers"], RULES, (0, 1)
        )
        is None
    )
    aimed = evolve(D["modifiers"], aimed_location="head")
    w = D["weapon"]
    assert cd.compact_duel((D["attacker"], D["defender"]), (w, w), aimed, RULES, (0, 1)) is None
    other = RulesConfig(dying_rule=True)
    assert (
        cd.compact_duel((D["attacker"], D["defender"]), (w, w), D["modifiers"], other, (0, 1))
        is None
    )


# --------------------------------------------------------------------------- whole passes
def _chain(weapon=None):
    from rolkit.fight.chain import Chain
    from rolkit.fight.spec import FightSpec

    w = D["weapon"] if weapon is None else weapon
    fighters = (("A", "a", D["attacker"], w), ("B", "b", D["defender"], w))
    return Chain(S, FightSpec(S.id, fighters), D["modifiers"], S.options_type(), {})


def test_a_coarse_pass_equals_the_exact_split_pass():
    """At a cut where no representative recovers before it attacks (the exact split cuts
    after that step too), the compact pass makes the same terms and cuts as the exact
    one (:class:`rolkit.fight.independent._Run`, in Fractions): the same mass ended per
    result, up to the floats' rounding; and its certified lower bounds are below it."""
    from rolkit.fight.independent import _Run, _Split, certified, compact_engine

    chain = _chain()
    run = _Run(_Split(chain), 1e-2, float("inf"))
    run.play()
    e = compact_engine(chain)
    e.apart, e.lump, e.thin = True, False, 0.0
    ended, done = e.play(1e-2)
    assert done
    b = certified(chain, ended, e.flops, e.states, 0.0)
    assert set(b.lower) == set(run.ended)
    for key, exact in run.ended.items():
        assert b.lower[key] <= exact
        assert float(exact - b.lower[key]) < 1e-12
    assert abs(float(b.unknown - run.unknown)) < 1e-11


def test_finer_passes_hold_the_exact_split_bounds_and_narrow():
    """Each compact pass's interval of every result meets the exact split's at the same
    cut, and the unknown mass falls as the cut does."""
    from rolkit.fight.independent import _Run, _Split, certified, compact_engine

    chain = _chain()
    e = compact_engine(chain)
    widths = []
    for cut in (3e-3, 1e-3):
        run = _Run(_Split(chain), cut, float("inf"))
        run.play()
        ended, _done = e.play(cut)
        b = certified(chain, ended, e.flops, e.states, 0.0)
        for key in set(run.ended) | set(b.lower):
            lo, hi = b.interval(key)
            ref = run.ended.get(key, Fraction(0))
            assert lo <= ref + run.unknown and ref <= hi
        widths.append(b.unknown)
    assert widths[1] < widths[0]


def test_fight_odds_uses_the_compact_engine_on_the_default_duel():
    from rolkit.fight import odds_of_fighters

    fighters = [("A", "a", D["attacker"], D["weapon"]), ("B", "b", D["defender"], D["weapon"])]
    r = odds_of_fighters(S, fighters, method="bounds", width=Fraction(1, 200), seconds=0.5)
    assert r.method == "bounds"
    lo, hi = r.bounds["p_win"]["a"]
    assert 0 < lo < hi < 1
    # the default duel has a compact engine; a blunt one has none (the exact split answers)
    from rolkit.fight.independent import compact_engine

    assert compact_engine(_chain()) is not None
    assert compact_engine(_chain(evolve(D["weapon"], damage_type="blunt"))) is None


def test_the_lumping_is_exact_on_states_it_merges():
    """Kemeny–Snell: a state and its representative (:func:`~.compact_duel.canonical`)
    have the same laws once their after-states are lumped too — for a sample of states a
    pass without lumping keeps, most of which the lumping moves."""
    e = _engine()
    e.lump = False
    kept: list[tuple[int, tuple[int, ...]]] = []
    real_pruned = e.pruned

    def spy(t, cut):
        out = real_pruned(t, cut)
        if out is not None:
            for i in (0, 1):
                kept.extend((i, tuple(int(x) for x in row)) for row in out[2 * i])
        return out

    e.pruned = spy  # type: ignore[method-assign]
    e.play(1e-5)
    e.lump = True
    rng = random.Random(2027)
    moved = [(i, w) for i, w in sorted(set(kept)) if _canon(e, i, w) != w]
    assert len(moved) > 100
    for i, words in rng.sample(moved, 100):
        rep = _canon(e, i, words)
        for extra in (0, 1):
            assert _blow_compact(e, i, words, extra) == pytest.approx(
                _blow_compact(e, i, rep, extra), rel=1e-13
            )
        for fn in (cd.bleed, cd.recover):
            a, b = np.array([words], dtype=np.uint64), np.array([rep], dtype=np.uint64)
            fn(e.sides[i], a)
            fn(e.sides[i], b)
            assert _canon(e, i, tuple(int(x) for x in a[0])) == _canon(
                e, i, tuple(int(x) for x in b[0])
            )
        p = [cd.profile(e.sides[i], np.array([w], dtype=np.uint64))[0] for w in (words, rep)]
        assert p[0] == p[1]


@pytest.mark.parametrize("collide", [False, True])
def test_merge_sums_equal_states_per_group(monkeypatch, collide):
    """The merge against a dictionary, with the mixed key, and with every key equal (a
    collision everywhere: the word-by-word sort must take over)."""
    if collide:
        monkeypatch.setattr(cd, "_MIX", (0, 0, 0, 0))
    rng = np.random.default_rng(5)
    W = rng.integers(0, 3, size=(500, 3)).astype(np.uint64)
    g = rng.integers(0, 4, size=500)
    m = rng.random(500)
    want: dict[tuple[int, ...], float] = {}
    for row, gg, mm in zip(W, g, m, strict=True):
        key = (int(gg), *map(int, row))
        want[key] = want.get(key, 0.0) + mm
    W2, m2, g2 = cd.merge(W, m, g)
    assert list(g2) == sorted(g2)
    got = {(int(gg), *map(int, row)): mm for row, gg, mm in zip(W2, g2, m2, strict=True)}
    assert got.keys() == want.keys()
    for k, v in want.items():
        assert got[k] == pytest.approx(v, rel=1e-12)


def _canonical_reference(side, W):
    """:func:`~.compact_duel.canonical` written field by field (its first version), to
    check the table-driven one against."""
    dm = cd.get(W, "DM")
    for k in range(cd._NLOC):
        lost = (dm >> k & 1) == 1
        if lost.any():
            for name in (f"L{k}", f"S{k}", f"O{k}", f"X{k}"):
                cd.put(W, name, 0, lost)
    cd.put(W, "FS", cd.get(W, "FS") & ~cd._FEET)
    bleeding = cd.get(W, "BL") | cd.get(W, "BS")
    for k in range(cd._NLOC):
        rows = ((bleeding >> k & 1) == 1) & (cd.get(W, f"O{k}") > 0)
        if rows.any():
            cd.put(W, f"S{k}", cd.get(W, f"S{k}") + cd.get(W, f"O{k}"), rows)
            cd.put(W, f"O{k}", 0, rows)
    for s, locs in enumerate(side.covered):
        if not locs:
            continue
        free = np.zeros(len(W), dtype=np.int64)
        for k in locs:
            marks = sum(cd.get(W, f"{n}{k}") for n in "LSOX")
            room = side.light_cap[k] + side.serious_cap[k] + 1 - marks
            free += np.where((dm >> k & 1) == 1, 0, room)
        a = cd.get(W, f"A{s}")
        cd.put(W, f"A{s}", cd._SOUND, a > free)
    if side.legs_alike:
        keys = []
        for pos in (0, 1):
            key = np.zeros(len(W), dtype=np.int64)
            for pair in cd._PAIRS:
                k = pair[pos]
                for name in (f"L{k}", f"S{k}", f"O{k}", f"X{k}"):
                    key = key * 8 + cd.get(W, name)
                for name in ("BL", "BS", "DM", "FS", "FR"):
                    key = key * 2 + (cd.get(W, name) >> k & 1)
            keys.append(key)
        swap = keys[0] > keys[1]
        sub = W[swap]
        for r, left in cd._PAIRS:
            for name in "LSOX":
                a, b = cd.get(sub, f"{name}{r}"), cd.get(sub, f"{name}{left}")
                cd.put(sub, f"{name}{r}", b)
                cd.put(sub, f"{name}{left}", a)
            for name in ("BL", "BS", "DM", "FS", "FR"):
                v = cd.get(sub, name)
                br, bl_ = (v >> r) & 1, (v >> left) & 1
                cd.put(sub, name, (v & ~(cd._bit(r) | cd._bit(left))) | (br << left) | (bl_ << r))
        W[swap] = sub


def test_canonical_equals_its_field_by_field_reference():
    """The table-driven representatives are the field-by-field ones, word for word, on
    every state a pass meets before lumping (lost parts, bleeding marks of another type,
    worn armour, swapped legs among them) and on random words of those fields."""
    e = _engine()
    e.lump = False
    met: list[list[np.ndarray]] = [[], []]
    real_settled = e._settled

    def spy(i, W, m, g=None, groups=0):
        met[i].append(W.copy())
        return real_settled(i, W, m, g, groups)

    e._settled = spy  # type: ignore[method-assign]
    e.play(3e-6)
    rng = np.random.default_rng(28)
    for i in (0, 1):
        seen = np.concatenate(met[i])
        assert (cd.get(seen, "DM") != 0).any() and (cd.get(seen, "O6") != 0).any()
        noise = seen[rng.integers(0, len(seen), 5000)].copy()
        for name in ("DM", "BL", "BS", "FS"):  # other combinations of the flags
            cd.put(noise, name, rng.integers(0, 1 << 10, len(noise)) & ~3)
        for k in range(cd._NLOC):
            cd.put(noise, f"O{k}", rng.integers(0, 2, len(noise)))
        for W in (seen, noise):
            a, b = W.copy(), W.copy()
            cd.canonical(e.sides[i], a)
            _canonical_reference(e.sides[i], b)
            assert (a == b).all()


def test_a_pass_out_of_time_coarsens_its_cut_and_stays_sound():
    """Past its deadline a pass coarsens its cut (tenfold per turn and per attack) and
    ends: it counts the mass its last turns end, so it is narrower than the same pass
    stopped there (``late_step`` 0) yet no narrower than the pass with no deadline; and
    its certified interval of every result meets the one of a finer pass (both hold the
    exact value), and no result gets more mass than in the pass with no deadline (whose
    cut is nowhere coarser)."""
    from rolkit.fight.independent import certified, compact_engine

    chain = _chain()
    e = compact_engine(chain)
    fine, _done = e.play(1e-6)
    b_fine = certified(chain, fine, e.flops, e.states, 0.0)
    free, _done = e.play(1e-5)
    b_free = certified(chain, free, e.flops, e.states, 0.0)
    states = []
    turns = [0]
    real_turn = e.turn

    def turn(*args):
        turns[0] += 1
        return real_turn(*args)

    e.turn = turn  # type: ignore[method-assign]
    widths = []
    for step in (0.0, 10.0):  # the clock: turns begun; out of time in the 4th turn
        e.late_step = step
        turns[0] = 0
        ended, done = e.play(1e-5, deadline=3.5, clock=lambda: turns[0])
        assert done == bool(step)
        b = certified(chain, ended, e.flops, e.states, 0.0)
        states.append(e.states)
        # a coarser cut at every step keeps a subset of the paths: less mass ends per result
        assert set(ended) <= set(free)
        for key, mass in ended.items():
            assert mass <= free[key] * (1 + 1e-12), key
        for key in set(b.lower) | set(b_fine.lower):
            lo, hi = b.interval(key)
            lo_f, hi_f = b_fine.interval(key)
            assert lo <= hi_f and lo_f <= hi, key
        widths.append(b.unknown)
    assert b_free.unknown < widths[1] < widths[0]
    assert states[1] < states[0] < b_free.explored  # the late turns cost little


def _deep_states(e, cut=1e-4):
    """Both sides' states a pass at ``cut`` keeps after its 5th turn (with their terms'
    masses), as (side, W, m)."""
    got: list[tuple[int, np.ndarray, np.ndarray]] = []
    real_turn = e.turn
    turns = [0]

    def spy(terms, i, c, ended):
        out = real_turn(terms, i, c, ended)
        turns[0] += 1
        if turns[0] == 5:
            for side in (0, 1):
                W = np.concatenate([t[2 * side] for t in out])
                m = np.concatenate([t[2 * side + 1] for t in out])
                got.append((side, W, m))
        return out

    e.turn = spy  # type: ignore[method-assign]
    e.play(cut)
    e.turn = real_turn  # type: ignore[method-assign]
    return got


def test_a_thinned_blow_keeps_every_fall_and_only_children_over_its_floor():
    """:meth:`~.compact_duel.CompactDuel.blow` with a floor: the mass fallen per fate is
    the unthinned blow's (a fallen child is never dropped), and every state it keeps is an
    unthinned one with no more mass (a subset of the children, merged), none of them
    under the floor; with a floor above every child, only falls remain."""
    e = _engine()
    for i, W, m in _deep_states(e):
        for extra in (0, 1):
            full_W, full_m, _g, full_fell = e.blow(i, W, m, extra)
            full = {tuple(int(x) for x in r): p for r, p in zip(full_W, full_m, strict=True)}
            for least in (float(np.median(full_m)), 2.0):
                thin_W, thin_m, _g, thin_fell = e.blow(i, W, m, extra, None, least)
                assert set(thin_fell) == set(full_fell)
                for code, p in full_fell.items():
                    assert thin_fell[code] == pytest.approx(p, rel=1e-14), code
                for row, p in zip(thin_W, thin_m, strict=True):
                    key = tuple(int(x) for x in row)
                    assert key in full and least <= p <= full[key] * (1 + 1e-12)
                if least > 1:
                    assert not len(thin_W)
                else:
                    assert 0 < len(thin_W) < len(full_W)


def test_a_thinned_pass_ends_less_of_every_result_and_holds_the_exact_split():
    """A pass that does not build the children under cut / ``thin`` follows a subset of
    the paths of the pass that builds them all: no result gets more mass (so its lower
    bounds stay below the exact ones), its certified intervals meet the exact split's at
    the same cut, and it builds far fewer states for little more unknown mass."""
    from rolkit.fight.independent import _Run, _Split, certified, compact_engine

    chain = _chain()
    e = compact_engine(chain)
    built = [0]
    real_settled = e._settled

    def spy(i, W, m, g=None, groups=0):
        built[0] += len(W)
        return real_settled(i, W, m, g, groups)

    e._settled = spy  # type: ignore[method-assign]
    out = {}
    for thin in (0.0, 4.0):
        e.thin = thin
        built[0] = 0
        ended, done = e.play(1e-5)
        assert done
        out[thin] = (ended, certified(chain, ended, e.flops, e.states, 0.0), built[0])
    full, b_full, n_full = out[0.0]
    thin, b_thin, n_thin = out[4.0]
    assert set(thin) <= set(full)
    for key, mass in thin.items():
        assert mass <= full[key] * (1 + 1e-12), key
    assert b_full.unknown < b_thin.unknown < b_full.unknown * 1.25
    assert n_thin < n_full / 2
    run = _Run(_Split(chain), 1e-3, float("inf"))
    run.play()
    for key in set(run.ended) | set(b_thin.lower):
        lo, hi = b_thin.interval(key)
        ref = run.ended.get(key, Fraction(0))
        assert lo <= ref + run.unknown and ref <= hi, key
