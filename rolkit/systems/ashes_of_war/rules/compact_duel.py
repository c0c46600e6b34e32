"""#27 item 2: Ashes of War's duel as two one-sided chains, a whole layer of side states at
once (numpy), for the certified bounds of :mod:`rolkit.fight.independent`.

The split is the one :mod:`rolkit.fight.independent` makes (its docstring): combatant
``i``'s *side* is its own form and its foe's weapon; a blow moves only the target's side
and reads its attacker only through the attack profile
(:func:`~rolkit.systems.ashes_of_war.checks.profile.attack_profile`); the fight's law is a
sum of *terms*, each one law per side. Here a side is a set of states, each packed into
three ``uint64`` words (:class:`_Layout`: every wound box count per location, the
Conditions, each armour piece's Integridad and the foe's weapon's), with a float mass.

What a turn does to a side, rule by rule (each vectorised over the states, and checked
state by state against the exact engine in ``tests/systems/ashes_of_war/test_compact_duel.py``):

* §4.4, §4.6 an attack of an undefended target (``defence="none"``): hit when
  ``R ≥`` Fácil's threshold; the pool is the attacker's NdP with the ▽ of its profile
  (+1 on the second attack, §4.20), capped (§2.3);
* T4 location (1d10 × 1d2, a lost part moved toward the torso, G20); §4.12 the damage
  dice minus the RD there (0 with the piece broken); ≤ 0: absorbed, the weapon wears
  (§4.22); else T6 severity and the wound (§4.13–§4.15, :func:`~.wounds.wound_plan`
  step by step), then the piece there wears;
* the own turn's first "recover" action (pick up, else stand up; Auxiliarse with no die
  changes nothing), the profile after it;
* §4.16 the bleeding ticks at the round's end (:func:`~rolkit.systems.ashes_of_war.turns.
  bleeding_ticks`).

It applies only where these are all the rules in play (:func:`compact_duel` says
``None`` otherwise and the caller falls back to the exact objects): the default
modifiers and options, melee weapons dealing a sharp type (no blunt mark, so never
Contusionado nor Fracturado from a blow), no Auxiliar dice, no pending ▽ or feint, both
combatants standing, small Integridad counters.

The masses are floats; :func:`rolkit.fight.independent.split_bounds` certifies them
(every operand ≥ 0; :attr:`CompactDuel.flops` counts the operations, Higham's γ_K).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rolkit import fields
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon, evolve
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.damage import damage_weights, weapon_thresholds
from rolkit.systems.ashes_of_war.rules.location import location_weights
from rolkit.systems.ashes_of_war.rules.pools import undefended_threshold
from rolkit.systems.ashes_of_war.tables import DISTAL, LOCATIONS, PART_OF, TOWARD_TORSO

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CompactDuel", "compact_duel", "FATES", "numpy_module"]

#: Fate codes of the ``fate`` field: 0 standing.
FATES = (None, "down", "dying", "dead")
_DOWN, _DYING, _DEAD = 1, 2, 3
_NLOC = len(LOCATIONS)
_IDX = {loc: k for k, loc in enumerate(LOCATIONS)}
_SHARP = ("cutting", "piercing")
#: The largest Integridad a counter holds (7 bits).
_INTEGRITY_MAX = 127
#: Profile code of a side that cannot attack.
NO_ATTACK = 99
#: A blow's child whose joint mass is under the pass's cut / THIN is not built
#: (:meth:`CompactDuel.blow`). Measured on the default duel (CPU s → unknown mass):
#: off, cut 3e-7: 6,1 s → 0,106; THIN 4, cut 4e-8: 4,3 s → 0,064; THIN 16 keeps more of
#: the precision per cut (1e-7: 0,0762 vs 0,0752 off) but costs twice THIN 4's time.
THIN = 4.0


class _Layout:
    """Named bit fields in three ``uint64`` words (no field crosses a word)."""

    def __init__(self, fields: list[tuple[str, int]]) -> None:
        self.at: dict[str, tuple[int, int, int]] = {}
        word, shift = 0, 0
        for name, bits in fields:
            if shift + bits > 64:
                word, shift = word + 1, 0
            self.at[name] = (word, shift, bits)
            shift += bits
        self.words = word + 1


def _fields() -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for k in range(_NLOC):
        out += [(f"L{k}", 3), (f"S{k}", 2), (f"O{k}", 2), (f"X{k}", 1)]
    out += [("BL", 10), ("BS", 10), ("DM", 10), ("FS", 10), ("FR", 10)]
    out += [("BR", 1), ("PR", 1), ("WD", 1), ("SD", 1), ("fate", 2)]
    out += [("A0", 7), ("A1", 7), ("A2", 7), ("WI", 7)]
    return out


LAYOUT = _Layout(_fields())


class _Np:
    """numpy, loaded with the first compact duel (``import rolkit`` stays light)."""

    np: Any = None


def numpy_module() -> Any:
    """numpy, imported at the first call (the compact engine and its sampler share it)."""
    if _Np.np is None:
        import numpy

        _Np.np = numpy
    return _Np.np


def get(W: np.ndarray, name: str) -> np.ndarray:
    """The field ``name`` of every state (``int64``)."""
    np = _Np.np
    w, s, b = LAYOUT.at[name]
    return ((W[:, w] >> np.uint64(s)) & np.uint64((1 << b) - 1)).view(np.int64)


def put(W: np.ndarray, name: str, values: Any, rows: Any = None) -> None:
    """Set the field ``name`` (of the ``rows`` selected, a boolean mask; all: None)."""
    np = _Np.np
    w, s, b = LAYOUT.at[name]
    mask = np.uint64(((1 << b) - 1) << s)
    v = (np.asarray(values, dtype=np.int64).view(np.uint64) << np.uint64(s)) & mask
    col = W[:, w]
    new = (col & ~mask) | v
    W[:, w] = new if rows is None else np.where(rows, new, col)


def _bit(k: int) -> int:
    return 1 << k


class _Side:
    """The constants of one side: the target ``c`` (its boxes, armour, hands) and the
    foe's weapon and attack NdP."""

    def __init__(self, c: Combatant, foe: Combatant, weapon: Weapon, rules: RulesConfig) -> None:
        self.c = c
        self.weapon = weapon
        self.rules = rules
        self.light_cap = [rules.light_boxes[PART_OF[loc]] for loc in LOCATIONS]
        self.serious_cap = [rules.serious_boxes[PART_OF[loc]] for loc in LOCATIONS]
        slots = (c.armor_1, c.armor_2, c.armor_3)
        self.slot = []
        self.rd = []
        for loc in LOCATIONS:
            s = next((k for k, p in enumerate(slots) if p is not None and p.covers(loc)), -1)
            self.slot.append(s)
            self.rd.append(0 if s < 0 else slots[s].rd_by_location.get(loc, 0))  # type: ignore[union-attr]
        #: the locations whose first covering piece is each slot
        self.covered = tuple(tuple(k for k in range(_NLOC) if self.slot[k] == s) for s in range(3))
        self.legs_alike = all(
            self.slot[_IDX[f"right_{p}"]] == self.slot[_IDX[f"left_{p}"]]
            and self.rd[_IDX[f"right_{p}"]] == self.rd[_IDX[f"left_{p}"]]
            for p in ("leg", "foot")
        )
        self.weapon_hand = c.weapon_hand
        self.shield_arm = c.shield_arm
        self.has_shield = c.shield is not None
        self.dtype = weapon.damage_type
        self.thresholds = weapon_thresholds(weapon, rules)
        dw, dx = damage_weights(*weapon.dice)
        self.dx = dx
        #: severity weights over ``dx`` per RD: (absorbed, light, serious, lethal)
        self._sev: dict[int, tuple[int, int, int, int]] = {}
        self._dw = dw
        self.ndp = foe.melee
        self.loc_w = self._location_table()

    def sev(self, rd: int) -> tuple[int, int, int, int]:
        known = self._sev.get(rd)
        if known is None:
            out = [0, 0, 0, 0]
            serious_min, lethal_min = self.thresholds
            for x, n in self._dw.items():
                final = x - rd
                k = (
                    0
                    if final <= 0
                    else 1
                    if final < serious_min
                    else 2
                    if final < lethal_min
                    else 3
                )
                out[k] += n
            known = self._sev[rd] = (out[0], out[1], out[2], out[3])
        return known

    def _location_table(self) -> Any:
        """T4 weights over 20 of each location, for every set of lost parts."""
        np = numpy_module()
        table = np.zeros((1 << _NLOC, _NLOC), dtype=np.int64)
        for mask in range(1 << _NLOC):
            if mask & 3:  # the head and the torso are never lost (a lethal wound kills)
                continue
            lost = frozenset(loc for k, loc in enumerate(LOCATIONS) if mask >> k & 1)
            for loc, w in location_weights(lost, self.rules).items():
                table[mask, _IDX[loc]] = w
        return table


def _codes(names: frozenset[str] | set[str]) -> int:
    return sum(_bit(_IDX[n]) for n in names)


def encode(c: Combatant, weapon: Weapon) -> tuple[int, ...]:
    """The words of the side state ``(c, foe's weapon)``."""
    np = numpy_module()
    W = np.zeros((1, LAYOUT.words), dtype=np.uint64)
    w = c.wounds
    for k, loc in enumerate(LOCATIONS):
        put(W, f"L{k}", w.light.get(loc, 0))
        put(W, f"S{k}", w.serious_sharp.get(loc, 0))
        put(W, f"O{k}", w.serious_other.get(loc, 0))
        put(W, f"X{k}", w.lethal.get(loc, 0))
    cond = c.conditions
    put(W, "BL", _codes(cond.bleeding_light))
    put(W, "BS", _codes(cond.bleeding_serious))
    put(W, "DM", _codes(cond.dismembered))
    put(W, "FS", _codes(cond.first_serious_effects))
    put(W, "FR", _codes(cond.fractured))
    put(W, "BR", int(cond.bruised))
    put(W, "PR", int(cond.prone))
    put(W, "WD", int(cond.weapon_dropped))
    put(W, "SD", int(cond.shield_dropped))
    fate = _DEAD if cond.dead else _DYING if cond.dying else _DOWN if cond.unconscious else 0
    put(W, "fate", fate)
    for k, piece in enumerate((c.armor_1, c.armor_2, c.armor_3)):
        put(W, f"A{k}", 0 if piece is None else piece.integrity)
    put(W, "WI", weapon.integrity)
    return tuple(int(x) for x in W[0])


def decode(words: tuple[int, ...], c0: Combatant, weapon0: Weapon) -> tuple[Combatant, Weapon]:
    """The forms of a side state, built on the side's start forms ``c0`` and ``weapon0``
    (what the state does not hold is theirs): the inverse of :func:`encode`."""
    np = numpy_module()
    W = np.array([words], dtype=np.uint64)

    def one(name: str) -> int:
        return int(get(W, name)[0])

    def locs(name: str) -> frozenset[str]:
        v = one(name)
        return frozenset(loc for k, loc in enumerate(LOCATIONS) if v >> k & 1)

    wounds = c0.wounds
    rows: dict[str, dict[str, int]] = {"light": {}, "serious_sharp": {}, "serious_other": {}}
    rows["lethal"] = {}
    for k, loc in enumerate(LOCATIONS):
        rows["light"][loc] = one(f"L{k}")
        rows["serious_sharp"][loc] = one(f"S{k}")
        rows["serious_other"][loc] = one(f"O{k}")
        rows["lethal"][loc] = one(f"X{k}")
    from_maps = {name: fields.FrozenMap({**getattr(wounds, name), **r}) for name, r in rows.items()}
    wounds = evolve(wounds, **from_maps)
    fate = one("fate")
    cond = evolve(
        c0.conditions,
        bleeding_light=locs("BL"),
        bleeding_serious=locs("BS"),
        dismembered=locs("DM"),
        first_serious_effects=locs("FS"),
        fractured=locs("FR"),
        bruised=bool(one("BR")),
        prone=bool(one("PR")),
        weapon_dropped=bool(one("WD")),
        shield_dropped=bool(one("SD")),
        dead=fate == _DEAD,
        dying=fate == _DYING,
        unconscious=fate in (_DOWN, _DYING),
    )
    pieces = {}
    for k, slot in enumerate(("armor_1", "armor_2", "armor_3")):
        piece = getattr(c0, slot)
        if piece is not None:
            pieces[slot] = evolve(piece, integrity=one(f"A{k}"))
    c = evolve(c0, wounds=wounds, conditions=cond, **pieces)
    return c, evolve(weapon0, integrity=one("WI"))


# --------------------------------------------------------------------------- the wound
def wound(side: _Side, W: np.ndarray, k: int, severity: int, damage_type: str) -> None:
    """§4.13–§4.15 a wound of ``severity`` (1 light, 2 serious, 3 lethal) at location
    ``k`` on every state of ``W`` (in place): :func:`~.wounds.wound_plan` and the mark
    :func:`~.wounds.wound_effect` adds, step by step. Standing states only (not
    Moribundo: the Moribundo rule is off)."""
    np = numpy_module()
    n = len(W)
    if n == 0:
        return
    rules = side.rules
    loc = LOCATIONS[k]
    part = PART_OF[loc]
    limb = part not in ("head", "torso")
    light = get(W, f"L{k}")
    sharp = get(W, f"S{k}")
    other = get(W, f"O{k}")
    serious = sharp + other
    lethal_n = get(W, f"X{k}")
    box = np.full(n, 3, dtype=np.int64)
    marked = np.zeros(n, dtype=bool)
    if severity <= 1:
        free = light < side.light_cap[k]
        box[free] = 1
        marked |= free
    if severity <= 2:
        free = ~marked & (serious < side.serious_cap[k])
        box[free] = 2
        marked |= free
    free = ~marked & (lethal_n < 1)
    marked |= free  # box 3 (lethal) marked when free, else counted unmarked (G31)
    is_serious = box == 2
    bl = get(W, "BL")
    bs = get(W, "BS")
    fs = get(W, "FS")
    bit = _bit(k)
    if is_serious.any():
        rows = is_serious
        if limb:  # step 2: the first serious wound at a limb and its T5 states
            first = rows & ((fs & bit) == 0)
            fs = np.where(first, fs | bit, fs)
            if rules.first_serious_applied and first.any():
                side_name, p = loc.split("_")
                if p == "leg":
                    put(W, "PR", 1, first)
                if p in ("arm", "hand"):
                    if side_name == side.weapon_hand:
                        put(W, "WD", 1, first)
                    if side.has_shield and side_name == side.shield_arm:
                        put(W, "SD", 1, first)
        # step 3 (blunt at the head) and step 4 (blunt fractures): no blunt type here
        if damage_type in _SHARP:  # step 5: a second serious sharp mark bleeds
            bleeds = rows & (sharp + 1 >= 2) & (((bl | bs) & bit) == 0)
            bl = np.where(bleeds, bl | bit, bl)
        if part == "head":  # step 6: the head's serious boxes full
            head = serious + 1
            out = rows & (head >= rules.serious_boxes["head"])
            fate = get(W, "fate")
            put(W, "fate", np.where(out & (fate == 0), _DOWN, fate))
    is_lethal = box == 3
    if is_lethal.any():  # step 7
        rows = is_lethal
        if not limb:
            fate = get(W, "fate")
            put(W, "fate", np.where(rows, _DEAD, fate))
        else:
            lost = bit | (_bit(_IDX[DISTAL[loc]]) if loc in DISTAL else 0)
            dm = get(W, "DM")
            put(W, "DM", np.where(rows, dm | lost, dm))
            fr = get(W, "FR")
            put(W, "FR", np.where(rows, fr & ~lost, fr))
            fs = np.where(rows, fs & ~lost, fs)
            # the bleeding of a lost location moves toward the torso, at the higher level
            for j, lj in enumerate(LOCATIONS):
                if not (lost >> j & 1):
                    continue
                target = lj
                while _bit(_IDX[target]) & lost:
                    target = TOWARD_TORSO[target]
                t = _bit(_IDX[target])
                jb = _bit(j)
                was_s = rows & ((bs & jb) != 0)
                was_l = rows & ((bl & jb) != 0)
                bl = np.where(was_s | was_l, bl & ~jb, bl)
                bs = np.where(was_s | was_l, bs & ~jb, bs)
                to_s = was_s & ((bs & t) == 0)
                bs = np.where(to_s, bs | t, bs)
                bl = np.where(to_s, bl & ~t, bl)
                to_l = was_l & ((bs & t) == 0) & ((bl & t) == 0)
                bl = np.where(to_l, bl | t, bl)
            if damage_type in _SHARP:
                t = _bit(_IDX[TOWARD_TORSO[loc]])
                to_s = rows & ((bs & t) == 0)
                bs = np.where(to_s, bs | t, bs)
                bl = np.where(to_s, bl & ~t, bl)
    put(W, "BL", bl)
    put(W, "BS", bs)
    put(W, "FS", fs)
    # the mark itself
    light_rows = marked & (box == 1)
    if light_rows.any():
        put(W, f"L{k}", light + 1, light_rows)
    serious_rows = marked & (box == 2)
    if serious_rows.any():
        if damage_type in _SHARP:
            put(W, f"S{k}", sharp + 1, serious_rows)
        else:
            put(W, f"O{k}", other + 1, serious_rows)
    lethal_rows = marked & (box == 3)
    if lethal_rows.any():
        put(W, f"X{k}", lethal_n + 1, lethal_rows)


def bleed(side: _Side, W: np.ndarray) -> None:
    """§4.16 the round's bleeding ticks, in place (:func:`~rolkit.systems.ashes_of_war.
    turns.bleeding_ticks`): each location bleeding when the ticks begin bleeds once, in
    body order, at its level when its tick comes, unless lost or the state is dead."""
    np = numpy_module()
    start = get(W, "BL") | get(W, "BS")
    if not start.any():
        return
    for k in range(_NLOC):
        bit = _bit(k)
        todo = (start & bit) != 0
        if not todo.any():
            continue
        now_l = (get(W, "BL") & bit) != 0
        now_s = (get(W, "BS") & bit) != 0
        ok = todo & (get(W, "fate") != _DEAD) & ((get(W, "DM") & bit) == 0)
        for level, now in ((1, now_l), (2, now_s)):
            rows = np.flatnonzero(ok & now)
            if len(rows):
                sub = W[rows]
                wound(side, sub, k, level, "bleed")
                W[rows] = sub


def recover(side: _Side, W: np.ndarray) -> None:
    """The own turn's first "recover" action that applies, in place: pick up what was
    dropped (the weapon, else the shield) with a hand able to hold it, else stand up."""
    np = numpy_module()
    rules = side.rules
    wd = get(W, "WD") == 1
    sd = get(W, "SD") == 1
    dm, fr, fs = get(W, "DM"), get(W, "FR"), get(W, "FS")

    def hand_ok(s: str) -> Any:
        arm, hand = _bit(_IDX[f"{s}_arm"]), _bit(_IDX[f"{s}_hand"])
        ok = ((dm | fr) & (arm | hand)) == 0
        if rules.first_serious_applied:
            ok &= (fs & hand) == 0
        return ok

    pick = np.where(wd, hand_ok(side.weapon_hand), sd & hand_ok(side.shield_arm))
    pick &= wd | sd
    put(W, "WD", 0, pick & wd)
    put(W, "SD", 0, pick & ~wd)
    stand = ~pick & (get(W, "PR") == 1)
    put(W, "PR", 0, stand)


def profile(side: _Side, W: np.ndarray, apart: bool = False) -> np.ndarray:
    """The attack profile of each (recovered) state as a code: its ▽ (conditions and the
    weapon arm, §4.4, T5), or :data:`NO_ATTACK` (weapon hand lost, Fracturado or with a
    first serious wound, or the weapon still dropped, §4.3). ``apart``: the weapon arm's
    ▽ counted apart (``16·arm + conditions``), as the exact profile does; else summed
    (the attacks are the same: one term for both)."""
    np = numpy_module()
    rules = side.rules
    dm, fr, fs = get(W, "DM"), get(W, "FR"), get(W, "FS")
    s = side.weapon_hand
    arm, hand = _bit(_IDX[f"{s}_arm"]), _bit(_IDX[f"{s}_hand"])
    no = ((dm | fr) & (arm | hand)) != 0
    if rules.first_serious_applied:
        no |= (fs & hand) != 0
    no |= get(W, "WD") == 1
    d = get(W, "BR") * rules.desventaja_desgracias + get(W, "PR") * rules.prone_desgracias
    d = d + (fr != 0) * rules.fractured_desgracias
    if rules.first_serious_applied:
        d = d + ((fs & arm) != 0) * (16 if apart else 1)
    return np.where(no, NO_ATTACK, d)


# --------------------------------------------------------------------------- exact lumping
_FEET = _bit(_IDX["right_foot"]) | _bit(_IDX["left_foot"])
_PAIRS = (
    (_IDX["right_leg"], _IDX["left_leg"]),
    (_IDX["right_foot"], _IDX["left_foot"]),
)
#: An armour piece that can no longer break before its wearer falls.
_SOUND = _INTEGRITY_MAX


def _chunk(k: int) -> tuple[int, int]:
    """The word and shift of location ``k``'s wound marks: ``L``, ``S``, ``O``, ``X`` in
    one byte (low bits first), as :data:`LAYOUT` packs them."""
    w, s, _b = LAYOUT.at[f"L{k}"]
    assert [LAYOUT.at[f"{n}{k}"] for n in "SOX"] == [(w, s + 3, 2), (w, s + 5, 2), (w, s + 7, 1)]
    return w, s


_CHUNKS = tuple(_chunk(k) for k in range(_NLOC))


class _Tables:
    """Lookup tables of :func:`canonical` (built with the first compact duel)."""

    clear: Any = None  # per set of lost locations: the bits of their marks, per word
    marks: Any = None  # per marks byte: how many boxes it marks
    lex: Any = None  # per marks byte: (L, S, O, X) in lexicographic order


def _tables() -> type[_Tables]:
    if _Tables.clear is None:
        np = numpy_module()
        clear = np.zeros((1 << _NLOC, LAYOUT.words), dtype=np.uint64)
        for mask in range(1 << _NLOC):
            for k in range(_NLOC):
                if mask >> k & 1:
                    w, s = _CHUNKS[k]
                    clear[mask, w] |= np.uint64(0xFF << s)
        c = np.arange(256, dtype=np.int64)
        parts = (c & 7, c >> 3 & 3, c >> 5 & 3, c >> 7)
        _Tables.marks = parts[0] + parts[1] + parts[2] + parts[3]
        _Tables.lex = ((parts[0] * 4 + parts[1]) * 4 + parts[2]) * 2 + parts[3]
        _Tables.clear = clear
    return _Tables


def _byte(W: np.ndarray, k: int) -> np.ndarray:
    """Location ``k``'s marks byte of every state (``int64``)."""
    np = _Np.np
    w, s = _CHUNKS[k]
    return ((W[:, w] >> np.uint64(s)) & np.uint64(0xFF)).view(np.int64)


#: The bits of every location's serious marks of another type (``O``), per word.
_OTHER = tuple(sum(3 << (s + 5) for (w2, s) in _CHUNKS if w2 == w) for w in range(LAYOUT.words))


def canonical(side: _Side, W: np.ndarray) -> None:
    """Each state as the representative of the states with the same future (in place):
    what no rule can read again is dropped, so equal futures merge. Exact, each for a
    reason:

    * a lost location's marks and bits: it is never hit again (G20) nor bleeds (§4.16);
    * a first serious wound at a Pie: only Correr and the movement read it (T5), and a
      turn here never runs nor moves; a later serious wound there sets nothing else;
    * at a bleeding location, the serious marks' type: only step 5 reads the sharp count,
      and only where it does not bleed yet (a bleeding stays until the part is lost);
    * an armour piece's Integridad past the boxes it covers: each wound there wears it by
      one and fills one free box (none are freed), so a piece with more Integridad than
      free boxes under it never breaks before its wearer falls: it is :data:`_SOUND`
      (needs ``integrity_loss == 1``);
    * left and right legs and feet (when the armour is the same on both): no rule here
      tells them apart (T4 gives each side the same faces; Derribado from either Pierna).
    """
    np = numpy_module()
    if not len(W):
        return
    t = _tables()
    dm = get(W, "DM")
    if dm.any():
        np.bitwise_and(W, ~t.clear[dm], out=W)
    put(W, "FS", get(W, "FS") & ~_FEET)
    bleeding = get(W, "BL") | get(W, "BS")
    other = np.zeros(len(W), dtype=bool)
    for w, bits in enumerate(_OTHER):
        if bits:
            other |= (W[:, w] & np.uint64(bits)) != 0
    rows = np.flatnonzero((bleeding != 0) & other)
    if len(rows):  # only these states have a serious mark of another type where it bleeds
        sub, bleeding_sub = W[rows], bleeding[rows]
        for k in range(_NLOC):
            at = (bleeding_sub >> k & 1) == 1
            if at.any():
                o = get(sub, f"O{k}")
                at &= o > 0
                if at.any():
                    put(sub, f"S{k}", get(sub, f"S{k}") + o, at)
                    put(sub, f"O{k}", 0, at)
        W[rows] = sub
    if side.rules.integrity_loss == 1:
        for s, locs in enumerate(side.covered):
            if not locs:
                continue
            a = get(W, f"A{s}")
            rows = np.flatnonzero(a < _SOUND)  # a sound piece stays sound
            if not len(rows):
                continue
            sub, lost = W[rows], dm[rows]
            free = np.zeros(len(rows), dtype=np.int64)
            for k in locs:
                room = side.light_cap[k] + side.serious_cap[k] + 1 - t.marks[_byte(sub, k)]
                free += np.where((lost >> k & 1) == 1, 0, room)
            put(sub, f"A{s}", _SOUND, a[rows] > free)
            W[rows] = sub
    if side.legs_alike:
        flags = [get(W, name) for name in ("BL", "BS", "DM", "FS", "FR")]
        keys = []
        for pos in (0, 1):
            key = np.zeros(len(W), dtype=np.int64)
            for pair in _PAIRS:  # each location's marks, then its flags: as ordered before
                k = pair[pos]
                key = (key << 9) | t.lex[_byte(W, k)]
                for f in flags:
                    key = (key << 1) | (f >> k & 1)
            keys.append(key)
        swap = keys[0] > keys[1]
        if swap.any():
            sub = W[swap]
            for r, left in _PAIRS:
                for name in ("L", "S", "O", "X"):
                    a, b = get(sub, f"{name}{r}"), get(sub, f"{name}{left}")
                    put(sub, f"{name}{r}", b)
                    put(sub, f"{name}{left}", a)
                for name in ("BL", "BS", "DM", "FS", "FR"):
                    v = get(sub, name)
                    br, bl_ = (v >> r) & 1, (v >> left) & 1
                    v = (v & ~(_bit(r) | _bit(left))) | (br << left) | (bl_ << r)
                    put(sub, name, v)
            W[swap] = sub


_MIX = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93)


def merge(
    W: np.ndarray, m: np.ndarray, g: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Equal states (of the same group ``g``, when given) as one, their masses summed;
    sorted by group. Sorted by one mixed 64-bit key (one sort, not one per word); equal
    keys are then checked to hold equal states, and on a collision the states are sorted
    word by word instead."""
    np = numpy_module()
    if len(W) <= 1:
        return W, m, g
    cols = [W[:, k] for k in range(W.shape[1])]
    if g is not None:
        cols.append(g.astype(np.uint64))
    with np.errstate(over="ignore"):
        h = np.zeros(len(W), dtype=np.uint64)
        for c, mix in zip(cols, _MIX, strict=False):
            h = (h ^ c) * np.uint64(mix)
            h ^= h >> np.uint64(29)
    if g is not None:  # the group first: the groups come out in order
        h = (h >> np.uint64(20)) | (g.astype(np.uint64) << np.uint64(44))
    order = np.argsort(h)
    hs = h[order]
    Ws = W[order]
    same_h = hs[1:] == hs[:-1]
    same_w = (Ws[1:] == Ws[:-1]).all(axis=1)
    gs = None if g is None else g[order]
    if gs is not None:
        same_w &= gs[1:] == gs[:-1]
    if (same_h & ~same_w).any():  # a collision: sort word by word
        keys = [W[:, k] for k in range(W.shape[1] - 1, -1, -1)]
        if g is not None:
            keys.append(g)
        order = np.lexsort(keys)
        Ws = W[order]
        gs = None if g is None else g[order]
        same_w = (Ws[1:] == Ws[:-1]).all(axis=1)
        if gs is not None:
            same_w &= gs[1:] == gs[:-1]
    new = np.ones(len(Ws), dtype=bool)
    new[1:] = ~same_w
    starts = np.flatnonzero(new)
    return Ws[starts], np.add.reduceat(m[order], starts), None if gs is None else gs[starts]


class CompactDuel:
    """The duel's two sides in compact form (module docstring) and the pass that pushes
    their terms, turn by turn (:meth:`play`)."""

    def __init__(
        self,
        forms: tuple[Combatant, Combatant],
        weapons: tuple[Weapon, Weapon],
        order: tuple[int, ...],
        rules: RulesConfig,
        modifiers: Modifiers,
    ) -> None:
        np = numpy_module()
        self.forms, self.weapons, self.order, self.rules = forms, weapons, order, rules
        #: side i: combatant i's form under the weapon of its foe 1 - i
        self.sides = tuple(_Side(forms[i], forms[1 - i], weapons[1 - i], rules) for i in (0, 1))
        self.start = tuple(
            np.array([encode(forms[i], weapons[1 - i])], dtype=np.uint64) for i in (0, 1)
        )
        self.need = undefended_threshold(modifiers, rules)
        self.flops = 0
        self.states = 0
        #: profiles grouped as the exact split groups them (a test compares the passes)
        self.apart = False
        #: equal futures merged (:func:`canonical`); off to compare with the exact split
        self.lump = True
        #: past a pass's deadline, its cut's factor at each turn and attack (0: stop)
        self.late_step = 10.0
        #: a child of a blow whose joint mass is under ``cut / thin`` is not built (0: all
        #: are): see :meth:`blow`
        self.thin = THIN
        self._deadline: float = float("inf")
        self._clock: Any = time.perf_counter
        for i in (0, 1):
            canonical(self.sides[i], self.start[i])

    # one blow ------------------------------------------------------------------------
    def hit(self, ndp: int, desgracias: int) -> tuple[int, int]:
        """``(hit weight, denominator)`` of an attack of ``ndp`` dice and ▽ (§2.2, §4.6)."""
        weights, den = self.rules.mechanic.weights(ndp, 0, desgracias)
        return sum(weights[self.need :]), den

    def blow(
        self,
        i: int,
        W: np.ndarray,
        m: np.ndarray,
        desgracias: Any,
        g: np.ndarray | None = None,
        least: float = 0.0,
        scale: np.ndarray | None = None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, dict[int, Any]]:
        """Side ``i`` after one attack of its foe with ``desgracias`` ▽ (one number, or
        one per state): the states that stand (merged within their group ``g``) and the
        mass fallen per fate code (per group, with ``g``).

        ``least`` > 0: a standing child whose joint mass (its mass times ``scale`` of its
        group, the other side's mass; no ``scale``: its own) is under ``least`` is dropped
        before it is lumped and merged, and one that cannot fall at this blow (a miss, an
        absorbed blow, a wound at a limb: §4.15 fells only at the head or the torso) is
        not even built. Sound as any cut: the mass ended is the sum over the paths kept,
        each ≥ 0, so dropping paths only lowers every result's lower bound (their mass
        joins the unknown); a fallen child is always counted. It costs little precision
        and saves much time: most children under the cut stay under it once merged (the
        default duel at cut 1e-6, one attack: 680 917 children, 409 316 states once merged,
        26 781 of them over the cut)."""
        np = numpy_module()
        side = self.sides[i]
        cap = self.rules.desgracia_cap
        table = [self.hit(side.ndp, d) for d in range(cap + 1)]
        d = np.minimum(cap, np.broadcast_to(np.asarray(desgracias, dtype=np.int64), m.shape))
        hit_all = np.array([h for h, _b in table], dtype=np.int64)[d]
        base_all = np.array([b for _h, b in table], dtype=np.int64)[d]
        armed = get(W, "WI") > 0
        outs_W, outs_m = [W[~armed]], [m[~armed]]
        outs_g = [] if g is None else [g[~armed]]
        W, m, hit_w, base = W[armed], m[armed], hit_all[armed], base_all[armed]
        if g is not None:
            g = g[armed]
        # a child of mass under ``floor`` that cannot fall at this blow is not built
        floor = None
        if least > 0.0:
            floor = np.full(len(m), least) if scale is None or g is None else least / scale[g]
        # exact integers (< 2^53) divided: each chance is its Fraction's float
        den = (base * (20 * side.dx)).astype(np.float64)
        missing = base > hit_w
        miss = (base - hit_w).astype(np.float64) / base.astype(np.float64)
        if floor is not None:
            missing &= m * miss >= floor
        if missing.any():
            outs_W.append(W[missing])
            outs_m.append(m[missing] * miss[missing])
            if g is not None:
                outs_g.append(g[missing])
        loc_w = side.loc_w[get(W, "DM")]
        pieces = [get(W, f"A{s}") > 0 for s in range(3)]
        loss = self.rules.integrity_loss
        for k in range(_NLOC):
            lw = loc_w[:, k]
            if not lw.any():
                continue
            limb = PART_OF[LOCATIONS[k]] not in ("head", "torso")
            s = side.slot[k]
            for intact in (True, False) if s >= 0 else (False,):
                rd = side.rd[k] if intact else 0
                rows = (lw > 0) & (hit_w > 0)
                if s >= 0:
                    rows = rows & (pieces[s] if intact else ~pieces[s])
                sevs = side.sev(rd)
                if floor is not None and limb:  # no child of these states passes the floor
                    top = (lw * hit_w * max(sevs)).astype(np.float64) / den
                    rows &= m * top >= floor
                if not rows.any():
                    continue
                sub_W, sub_m = W[rows], m[rows]
                sub_num, sub_den = lw[rows] * hit_w[rows], den[rows]
                sub_g = None if g is None else g[rows]
                sub_floor = None if floor is None else floor[rows]
                for sev, n in enumerate(sevs):
                    if not n:
                        continue
                    p = (sub_num * n).astype(np.float64) / sub_den
                    child_m = sub_m * p
                    big = None if sub_floor is None else child_m >= sub_floor
                    # §4.15: only a wound at the head or the torso can fell
                    early = big is not None and (limb or sev == 0)
                    child = sub_W[big] if early else sub_W.copy()
                    if early:
                        child_m = child_m[big]
                    if sev == 0:  # absorbed: the weapon wears (§4.12, §4.22)
                        wi = get(child, "WI")
                        put(child, "WI", np.maximum(0, wi - loss))
                    else:
                        wound(side, child, k, sev, side.dtype)
                        if s >= 0:
                            a = get(child, f"A{s}")
                            put(child, f"A{s}", np.maximum(0, a - loss))
                    if big is not None and not early:  # the fallen are all kept
                        big |= get(child, "fate") != 0
                        child, child_m = child[big], child_m[big]
                    outs_W.append(child)
                    outs_m.append(child_m)
                    if sub_g is not None:
                        outs_g.append(sub_g if big is None else sub_g[big])
        allW = np.concatenate(outs_W)
        allm = np.concatenate(outs_m)
        allg = None if g is None else np.concatenate(outs_g)
        self.flops += 3 * len(allm)
        return self._settled(i, allW, allm, allg)

    def _settled(
        self, i: int, W: np.ndarray, m: np.ndarray, g: np.ndarray | None = None, groups: int = 0
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, dict[int, Any]]:
        """The standing states merged (within their group), and the mass of the fallen
        per fate code (an array over the groups, with ``g``)."""
        np = numpy_module()
        fate = get(W, "fate")
        fell: dict[int, Any] = {}
        for code in (_DOWN, _DYING, _DEAD):
            sel = fate == code
            if sel.any():
                if g is None:
                    fell[code] = float(m[sel].sum())
                else:
                    size = max(groups, int(g.max()) + 1)
                    fell[code] = np.bincount(g[sel], weights=m[sel], minlength=size)
        keep = (fate == 0) & (m >= 1e-300)
        W, m = W[keep], m[keep]
        if g is not None:
            g = g[keep]
        if self.lump:  # representatives first (W is a copy): one merge, the costlier step
            canonical(self.sides[i], W)
        W, m, g = merge(W, m, g)
        self.flops += 2 * len(fate)
        return W, m, g, fell

    # a whole pass ----------------------------------------------------------------------
    def play(
        self, cut: float, deadline: float = float("inf"), clock: Any = time.perf_counter
    ) -> tuple[dict[Any, float], bool]:
        """Every term pushed turn by turn from the start, the states whose joint mass is
        under ``cut`` dropped: the mass ended per ``(winner, (fate 0, fate 1))``
        (``winner`` an index or ``None``: a draw) and whether the pass ran to its end (no
        term left). Past ``deadline`` (on ``clock``) the cut is coarsened tenfold at each
        turn and between a turn's attacks (:attr:`late_step`), so the pass ends in a few
        cheap turns and still counts the mass those turns end (a state dropped at any cut
        is only unknown mass: any cut schedule is sound); ``late_step`` 0: it stops at
        the deadline and the rest is not counted. Once nothing moves any more (a fight
        that stands for ever) it stops too. :attr:`flops` counts this pass's float
        operations (at least as many as any value's chain of roundings)."""
        np = numpy_module()
        self.flops = 0
        self.states = 0
        ended: dict[Any, float] = {}
        terms: list[list[Any]] = [[self.start[0], np.ones(1), self.start[1], np.ones(1)]]
        n, turn = len(self.order), 0
        last, still = -1.0, 0
        self._deadline, self._clock = deadline, clock
        while terms:
            if clock() > deadline:
                if not self.late_step:
                    return ended, False
                cut *= self.late_step
            actor = self.order[turn % n]
            played = self.turn(terms, actor, cut, ended)
            if turn % n == n - 1 and played:
                played = self.round_end(played, ended)
            terms = [t for t in (self.pruned(t, cut) for t in played) if t is not None]
            turn += 1
            if turn % n == 0:
                live = sum(float(t[1].sum()) * float(t[3].sum()) for t in terms)
                still = still + 1 if live == last else 0
                last = live
                if still >= 3:
                    return ended, False
        return ended, True

    def _end(
        self, ended: dict[Any, float], winner: int | None, f0: int, f1: int, mass: float
    ) -> None:
        key = (winner, (FATES[f0], FATES[f1]))
        ended[key] = ended.get(key, 0.0) + mass
        self.flops += 2

    def turn(
        self, terms: list[list[Any]], i: int, cut: float, ended: dict[Any, float]
    ) -> list[list[Any]]:
        """Combatant ``i``'s turn on every term: its recover action, then per profile its
        two attacks on the other side (the states under the cut dropped after each) —
        the other sides of every term and profile pushed together, as groups."""
        np = numpy_module()
        j = 1 - i
        own: list[tuple[int, Any, Any, float, int]] = []
        for k, t in enumerate(terms):
            W, m = t[2 * i].copy(), t[2 * i + 1]
            recover(self.sides[i], W)
            codes = profile(self.sides[i], W, self.apart)
            for code in np.unique(codes):
                sel = codes == code
                own_W, own_m, _g = merge(W[sel], m[sel])
                own.append((k, own_W, own_m, float(own_m.sum()), int(code)))
                self.flops += 2 * len(own_m)
        out: list[list[Any]] = [[] for _ in own]
        attack = [x for x, o in enumerate(own) if o[4] != NO_ATTACK]
        for x, o in enumerate(own):
            if o[4] == NO_ATTACK:
                out[x] = [terms[o[0]][2 * j], terms[o[0]][2 * j + 1]]
        if attack:
            tW = np.concatenate([terms[own[x][0]][2 * j] for x in attack])
            tm = np.concatenate([terms[own[x][0]][2 * j + 1] for x in attack])
            sizes = [len(terms[own[x][0]][2 * j + 1]) for x in attack]
            tg = np.repeat(np.arange(len(attack)), sizes)
            mass = np.array([own[x][3] for x in attack])
            codes = np.array([own[x][4] for x in attack], dtype=np.int64)
            base = codes % 16 + codes // 16
            for extra in (0, 1):  # «el segundo ataque … con un dado de Desgracia»
                least = cut / self.thin if self.thin else 0.0
                tW, tm, g, fell = self.blow(j, tW, tm, base[tg] + extra, tg, least, mass)
                assert g is not None
                tg = g
                for f, per in fell.items():
                    fates = [0, 0]
                    fates[j] = f
                    self._end(ended, i, fates[0], fates[1], float(per @ mass[: len(per)]))
                    self.flops += 2 * len(per)
                if self.late_step and self._clock() > self._deadline:
                    cut *= self.late_step  # out of time inside the turn: a coarser cut
                keep = tm * mass[tg] >= cut
                tW, tm, tg = tW[keep], tm[keep], tg[keep]
            bounds = np.searchsorted(tg, np.arange(len(attack) + 1))
            for y, x in enumerate(attack):
                lo, hi = bounds[y], bounds[y + 1]
                out[x] = [tW[lo:hi], tm[lo:hi]]
        result = []
        for x, o in enumerate(own):
            new: list[Any] = [None, None, None, None]
            new[2 * i], new[2 * i + 1] = o[1], o[2]
            new[2 * j], new[2 * j + 1] = out[x]
            if len(new[1]) and len(new[3]):
                result.append(new)
        return result

    def round_end(self, terms: list[list[Any]], ended: dict[Any, float]) -> list[list[Any]]:
        """§4.16 the bleeding of both sides of every term at the round's end; the falls
        (a draw when both fall)."""
        np = numpy_module()
        n = len(terms)
        moved: list[list[Any]] = [[None, None, None, None] for _ in terms]
        fells, alive = [], []
        for i in (0, 1):
            W = np.concatenate([t[2 * i] for t in terms])
            m = np.concatenate([t[2 * i + 1] for t in terms])
            g = np.repeat(np.arange(n), [len(t[2 * i + 1]) for t in terms])
            bleed(self.sides[i], W)
            W, m, g2, fell = self._settled(i, W, m, g, n)
            assert g2 is not None
            bounds = np.searchsorted(g2, np.arange(n + 1))
            for k in range(n):
                moved[k][2 * i] = W[bounds[k] : bounds[k + 1]]
                moved[k][2 * i + 1] = m[bounds[k] : bounds[k + 1]]
            fells.append(fell)
            alive.append(np.bincount(g2, weights=m, minlength=n) if len(m) else np.zeros(n))
            self.flops += 2 * len(m)
        for f0, p0 in fells[0].items():
            self._end(ended, 1, f0, 0, float(p0 @ alive[1]))
            for f1, p1 in fells[1].items():
                self._end(ended, None, f0, f1, float(p0 @ p1))
        for f1, p1 in fells[1].items():
            self._end(ended, 0, 0, f1, float(alive[0] @ p1))
        self.flops += 8 * n
        return moved

    def pruned(self, t: list[Any], cut: float) -> list[Any] | None:
        """The term without its states of joint mass under ``cut``."""
        self.states += len(t[1]) + len(t[3])
        a_W, a_m, b_W, b_m = t
        mb = float(b_m.sum())
        keep = a_m * mb >= cut
        a_W, a_m = a_W[keep], a_m[keep]
        ma = float(a_m.sum())
        keep = b_m * ma >= cut
        b_W, b_m = b_W[keep], b_m[keep]
        if not len(a_m) or not len(b_m):
            return None
        return [a_W, a_m, b_W, b_m]


def compact_duel(
    forms: tuple[Any, ...],
    weapons: tuple[Any, ...],
    modifiers: Any,
    options: Any,
    order: tuple[int, ...],
) -> CompactDuel | None:
    """The duel in compact form, or ``None`` when its forms or rules are not all those
    the compact engine models (module docstring): the caller uses the exact objects."""
    rules = DEFAULT_RULES if options is None else options
    if rules != DEFAULT_RULES or not isinstance(modifiers, Modifiers):
        return None
    if modifiers != Modifiers() or len(forms) != 2 or sorted(order) != [0, 1]:
        return None
    for c in forms:
        if not isinstance(c, Combatant) or c.aid or c.pending_desgracias or c.feint_pending:
            return None
        cond = c.conditions
        if cond.incapacitated or cond.stabilised or cond.dying_failures or c.defences_this_turn:
            return None
        if any(c.wounds.serious_blunt.values()):
            return None
        for piece in (c.armor_1, c.armor_2, c.armor_3):
            if piece is not None and not 0 <= piece.integrity <= _INTEGRITY_MAX:
                return None
    for w in weapons:
        if not isinstance(w, Weapon) or w.skill != "melee" or w.non_lethal:
            return None
        if w.damage_type not in _SHARP or not 0 <= w.integrity <= _INTEGRITY_MAX:
            return None
    return CompactDuel(
        (forms[0], forms[1]), (weapons[0], weapons[1]), tuple(order), rules, modifiers
    )
