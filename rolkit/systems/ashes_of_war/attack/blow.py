"""§4.5, §4.8–§4.15, §4.22 The after-blow law of ``(defender_after, weapon_after)`` built
cheaply for a new defender, exactly as :func:`~.stages.defender_after` over every row of
:func:`~.odds.attack_rows` would (``after._blow_law_reference`` is that plain path; a test
checks the two equal, Fraction for Fraction).

A whole fight meets thousands of wounded forms, and most of what one blow reads does not
change from one to the next. Three parts are memoised on exactly what they read:

* the branch weights (:func:`_effect_weights`): the dice, the location and the damage
  against the RD per location read the defender only through its defence pool, its lost
  parts, its RD per location and its shield (:func:`_dice_view`); rows are summed per
  *effect* (what the forms are told: no change, a worn weapon, a worn parry object, a
  shield overflow or a wound at a location and T6 severity), so absorbed and blocked blows
  at ten locations make one effect, not ten;
* the wound (:func:`_plans_at`, one table per location filled per severity):
  §4.13–§4.15 (:func:`~.rules.wounds.wound_plan`) read the marks at the wounded location
  (:func:`_marks_read`), the Conditions, the weapon hand and the shield arm, so defenders
  whose rows differ elsewhere share the plan; the new rows (:func:`_marked_at`, per
  location and box) and Conditions (:func:`_conditions_after`) are shared by defenders
  that differ only in what the wound does not touch (defences this turn, Integridad);
* a worn piece (:func:`_worn`): one Integridad loss of an item (§4.22).

Shared results are the same objects, so their (cached) hashes are computed once.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from rolkit.memo import memo
from rolkit.systems.ashes_of_war.attack.odds import hit_weights
from rolkit.systems.ashes_of_war.attack.stages import defended_state, fired
from rolkit.systems.ashes_of_war.forms import (
    ArmorPiece,
    Combatant,
    Conditions,
    Modifiers,
    Weapon,
    Wounds,
    evolve,
    evolved,
)
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.rules.damage import (
    damage_weights,
    shield_block,
    weapon_thresholds,
    wound_severity,
)
from rolkit.systems.ashes_of_war.rules.legality import declared_damage_type
from rolkit.systems.ashes_of_war.rules.location import location_weights
from rolkit.systems.ashes_of_war.rules.mechanic import PoolSpec
from rolkit.systems.ashes_of_war.rules.pools import defence_pool
from rolkit.systems.ashes_of_war.rules.wounds import limb_group, wound_plan
from rolkit.systems.ashes_of_war.tables import LOCATIONS, PART_OF

__all__ = ["fast_blow_law"]

#: ``(kind, location, severity)``: what a branch does to the forms. Kinds: ``"none"``
#: (missed or dodged), ``"deflected"``, ``"weapon"`` (blocked or absorbed: the weapon
#: wears), ``"overflow"`` (through the shield into the arm) and ``"wound"``.
Effect = tuple[str, "str | None", "str | None"]


class _Carried:
    """A value carried with the key that decides a result: it hashes and compares by the
    key only, so a memo keyed on it is shared by every value with that key."""

    __slots__ = ("key", "value")

    def __init__(self, key: Hashable, value: Any) -> None:
        self.key = key
        self.value = value

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Carried) and self.key == other.key


def _dice_view(d: Combatant, m: Modifiers, rules: RulesConfig) -> Hashable:
    """Every part of the defender :func:`~.odds.attack_rows` reads: the defence pool
    (§4.5), the lost parts (T4 moves them), the RD per location (§4.12, 0 when broken),
    and the shield's RD and arm (§4.9)."""
    dpool = None if m.defence == "none" else defence_pool(d, m, rules=rules)
    shield = None if d.shield is None else (d.shield.rd, d.shield_arm)
    rds = _rds(d.armor_1, d.armor_2, d.armor_3)
    return (dpool, d.conditions.dismembered, rds, shield)


@memo
def _rds(*pieces: ArmorPiece | None) -> tuple[int, ...]:
    """:meth:`~.forms.Combatant.rd` at every location: the first piece covering it, 0 when
    none does or it is broken (§4.12, §4.22); shared by every defender in the same armour."""
    out = []
    for loc in LOCATIONS:
        piece = next((p for p in pieces if p is not None and p.covers(loc)), None)
        out.append(0 if piece is None else piece.rd(loc))
    return tuple(out)


@memo
def _effect_weights(carried: _Carried) -> tuple[tuple[tuple[Effect, int], ...], int]:
    """The rows of :func:`~.odds.attack_rows` summed per effect, over their denominator,
    in the order the rows first give each effect; built without the rows: §4.4–§4.6 the
    weights of a hit and of its failure (:func:`~.odds.hit_weights`), §4.9 the shield's
    block and overflow per damage, and §4.12–§4.13 T6's severity of damage minus RD summed
    over the damage dice once per RD (:func:`_severities`) and spread over T4's locations
    (each location's weight times its RD's severities: the rows' products, regrouped)."""
    pool, d, w, m, rules = carried.value
    hit_w, defended_w, base = hit_weights(pool, d, m, rules)
    dw, dx = damage_weights(*w.dice)
    thresholds = weapon_thresholds(w, rules)
    placed = m.aimed_location or m.narrated_location
    if placed is not None:
        locs, dl = {placed: 1}, 1
    else:
        locs, dl = location_weights(d.conditions.dismembered, rules), 20
    out: dict[Effect, int] = {}
    if defended_w:
        if m.defence in ("none", "dodge", "intercept_object"):
            kind = "deflected" if m.defence == "intercept_object" else "none"
            out[(kind, None, None)] = defended_w * dl * dx
        else:
            assert d.shield is not None
            arm = f"{d.shield_arm}_arm"
            shield_rd, arm_rd = d.shield.rd, d.rd(arm)
            for x, n in dw.items():
                blocked, _, arm_final = shield_block(x, shield_rd, arm_rd)
                effect: Effect = (
                    _WORN if blocked else ("overflow", arm, wound_severity(arm_final, thresholds))
                )
                out[effect] = out.get(effect, 0) + defended_w * dl * n
    if hit_w:
        rds = dict(zip(LOCATIONS, _rds(d.armor_1, d.armor_2, d.armor_3), strict=True))
        by_rd: dict[int, tuple[tuple[str | None, int], ...]] = {}
        for loc, lw in locs.items():
            if not lw:
                continue
            rd = rds[loc]
            sevs = by_rd.get(rd)
            if sevs is None:
                sevs = by_rd[rd] = _severities(w.dice, rd, thresholds)
            for sev, n in sevs:
                effect = _WORN if sev is None else ("wound", loc, sev)
                out[effect] = out.get(effect, 0) + hit_w * lw * n
    return tuple(out.items()), base * dl * dx


#: A blocked or absorbed blow: only the weapon wears (§4.9, §4.12, §4.22).
_WORN: Effect = ("weapon", None, None)


@memo
def _severities(
    dice: tuple[int, int], rd: int, thresholds: tuple[int, int]
) -> tuple[tuple[str | None, int], ...]:
    """§4.12–§4.13 the weights of the damage dice ``(count, sides)`` summed per T6
    severity of ``damage − rd`` (``None``: absorbed, final ≤ 0), in the order the damages
    first give each: one table per weapon's dice, RD and thresholds, shared by every
    location, defender and blow law with them."""
    dw, _ = damage_weights(*dice)
    out: dict[str | None, int] = {}
    for x, n in dw.items():
        sev = wound_severity(x - rd, thresholds)
        out[sev] = out.get(sev, 0) + n
    return tuple(out.items())


def _marks_read(w: Wounds, loc: str, rules: RulesConfig) -> tuple[tuple[int, ...], ...]:
    """The marks :func:`~.rules.wounds.wound_plan` reads for a wound at ``loc``: every
    row at ``loc`` (§4.14 the free box; §4.15 the serious marks by type, and the head's
    serious boxes full when ``loc`` is the head) and, with ``fracture_scope="limb"``, the
    limb's other part's (step 4: blunt marks counted over arm+hand or leg+foot)."""
    rows = (w.light, w.serious_blunt, w.serious_sharp, w.serious_other, w.lethal)
    if rules.fracture_scope == "location" or PART_OF[loc] in ("head", "torso"):
        return (tuple([row.get(loc, 0) for row in rows]),)
    return tuple(tuple([row.get(x, 0) for row in rows]) for x in (loc, *limb_group(loc)))


#: A wound's plan as a blow law uses it: ``(box, marked, conditions after)``, ``None``
#: for Conditions the wound leaves as they are.
Plan = tuple[str, bool, "Conditions | None"]


@memo
def _plans_at(key: Hashable) -> dict[str, Plan]:
    """§4.13–§4.15 the wound plans at one location (:func:`~.rules.wounds.wound_plan`: the
    box, the Conditions it leaves), per severity, filled as the blow laws meet them: shared by
    every defender with the same ``key`` — the marks the plan reads there
    (:func:`_marks_read`), the Conditions, weapon hand, shield and shield arm, the
    location, the damage type, a non-lethal weapon, the dying rule and the rules: most
    wounds of a fight fall on defenders whose rows differ only elsewhere."""
    return {}


@memo
def _first(form: Any) -> Any:
    """The first form met equal to ``form``: memo keys holding it compare by identity."""
    return form


@memo
def _conditions_after(conds: Conditions, changes: tuple[tuple[str, Any], ...]) -> Conditions:
    """The Conditions a plan's changes leave (as :func:`~.rules.wounds.wound_effect`)."""
    return evolve(conds, **dict(changes)) if changes else conds


@memo
def _marked_at(wounds: Wounds, loc: str, damage_type: str) -> dict[str, Wounds]:
    """§4.14 the rows with a new mark at ``loc`` (as :func:`~.rules.wounds.wound_effect`),
    per box marked, filled as the blow laws meet them: shared by every defender with these
    rows."""
    return {}


@memo
def _worn(piece: Any, loss: int) -> Any:
    """§4.22 an item after one loss of Integridad, floored at 0."""
    return evolve(piece, integrity=max(0, piece.integrity - loss))


class _Wounder:
    """:func:`~.stages.defender_after`'s wound on the defender ``d`` (the box and its
    states, then the armour piece there wears, §4.12), with what every wound of one blow
    law reads alike — the declared damage type, the Conditions, hands and shield — read
    once, and at each location once: its plans and new rows (:func:`_plans_at`,
    :func:`_marked_at`), the armour slot there and its piece worn."""

    __slots__ = ("at", "context", "d", "kind", "rules", "tail", "wounds")

    def __init__(self, d: Combatant, w: Weapon, m: Modifiers, rules: RulesConfig) -> None:
        self.d = d
        self.rules = rules
        self.kind = declared_damage_type(w, m)
        self.tail = (self.kind, w.non_lethal, m.dying_rule or rules.dying_rule)
        # one comparison of the Conditions and rows by value per blow law: the tables'
        # keys hold the first equal ones met, later compared by identity
        self.context = (_first(d.conditions), d.weapon_hand, d.shield is not None, d.shield_arm)
        self.wounds = _first(d.wounds)
        self.at: dict[str, tuple[dict[str, Plan], dict[str, Wounds], str | None, Any]] = {}

    def _at(self, loc: str) -> tuple[dict[str, Plan], dict[str, Wounds], str | None, Any]:
        """What every wound at ``loc`` reads alike: its plans and new rows, the slot
        covering ``loc`` (a wound changes no armour) and that piece worn (§4.12, §4.22)."""
        d, rules = self.d, self.rules
        plans = _plans_at(
            (_marks_read(d.wounds, loc, rules), *self.context, loc, *self.tail, rules)
        )
        slot = d.armor_slot(loc)
        worn = None if slot is None else _worn(getattr(d, slot), rules.integrity_loss)
        at = self.at[loc] = (plans, _marked_at(self.wounds, loc, self.kind), slot, worn)
        return at

    def __call__(self, loc: str, sev: str) -> Combatant:
        d = self.d
        plans, marked_at, slot, worn = self.at.get(loc) or self._at(loc)
        plan = plans.get(sev)
        if plan is None:
            box, marked, _events, changes = _wound_plan(d, loc, sev, *self.tail, self.rules)
            after = _conditions_after(self.context[0], changes) if changes else None
            plan = plans[sev] = (box, marked, after)
        box, marked, conds = plan
        wounds = d.wounds
        if marked:
            wounds = marked_at.get(box) or marked_at.setdefault(
                box, wounds.add(loc, box, self.kind)
            )
        fields: dict[str, Any] = {"wounds": wounds}
        if conds is not None:
            fields["conditions"] = conds
        if slot is not None:
            fields[slot] = worn
        return evolved(d, fields)  # type: ignore[no-any-return]


_wound_plan = wound_plan.__wrapped__  # type: ignore[attr-defined]


def _after(
    effect: Effect, d0: Combatant, d: Combatant, w1: Weapon, m: Modifiers, rules: RulesConfig
) -> tuple[Combatant, Weapon]:
    """The forms one effect leaves (:func:`~.stages.defender_after`, branch by branch):
    ``d0`` is the defender after its defence roll, ``w1`` the weapon after its shot."""
    kind, loc, sev = effect
    if kind == "none":
        return d0, w1
    if kind == "weapon":
        return d0, _worn(w1, rules.integrity_loss)
    if kind == "deflected":
        assert d.parry_object is not None
        return evolve(d0, parry_object=_worn(d.parry_object, rules.integrity_loss)), w1
    if kind == "overflow":
        assert d.shield is not None and loc is not None
        d_s = evolve(d0, shield=_worn(d.shield, rules.integrity_loss))
        if sev is not None:
            return _Wounder(d_s, w1, m, rules)(loc, sev), w1
        if rules.overflow_absorbed_damages_weapon:
            return d_s, _worn(w1, rules.integrity_loss)
        return d_s, w1
    assert kind == "wound" and loc is not None and sev is not None
    return _Wounder(d0, w1, m, rules)(loc, sev), w1


def fast_blow_law(
    pool: PoolSpec,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig,
) -> tuple[tuple[tuple[Combatant, Weapon], Fraction], ...]:
    """The law of ``(defender_after, weapon_after)`` for a legal attack of this pool."""
    d, m = defender, modifiers
    key = (pool, m, weapon.dice, weapon_thresholds(weapon, rules), rules, _dice_view(d, m, rules))
    effects, den = _effect_weights(_Carried(key, (pool, d, weapon, m, rules)))
    d0 = d if m.defence == "none" else defended_state(d)
    w1 = fired(weapon)
    weights: dict[tuple[Combatant, Weapon], int] = {}
    wound: _Wounder | None = None  # the wounds on ``d0``, built at the first one
    for effect, n in effects:
        kind, loc, sev = effect
        if kind == "wound":
            assert loc is not None and sev is not None
            if wound is None:
                wound = _Wounder(d0, w1, m, rules)
            state = (wound(loc, sev), w1)
        else:
            state = _after(effect, d0, d, w1, m, rules)
        weights[state] = weights.get(state, 0) + n
    return tuple((state, Fraction(n, den)) for state, n in weights.items())
