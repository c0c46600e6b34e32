"""The rules of turns and rounds: what acts between attacks (issue #16 follow-up,
``SYSTEM.turn_start`` and ``SYSTEM.round_end``) and the P4 order of action
(``SYSTEM.initiative_fn``, «Alcance de las armas»).

Order of action (*Orden de Ataque*):

* :func:`attack_order` — the P4 score before tie-breaks; :func:`order_of_action` sorts
  scores, tied names rolling 1D10 each, highest first, rerolling ties among themselves.
* :func:`initiative` is the System's ``initiative_fn`` for the fight tracker: every
  combatant's score is its DES («actúa antes quien más puntuación tiene en tal Atributo»);
  tied scores each roll 1D10, highest first, rerolling ties among themselves («Si dos
  personajes tienen la misma DES se tira 1D10»). The order is determined again every round
  (the round's procedure starts with «Determinar el Orden de Ataque»; surprise and the
  round's point losses change it), so ``SYSTEM.initiative_each_round`` is True.
* :func:`strikes_first` — «Los personajes que usen armas más largas atacan antes que los
  que usen más cortas, a pesar del Orden de Batalla»: on the first exchange between two
  fighters, the longer ``Weapon.reach`` strikes first; equal reach keeps the P4 order.

Between attacks:

* :func:`turn_start`, P15 *Conmocionar*: «Para volver a la normalidad debe superarse un
  chequeo de CON x5, que puede hacerse cada turno de combate hasta que se consiga éxito»:
  a combatant with the condition ``stunned`` rolls CON×5 (§1.5, the system's d100 tiers:
  00 always fails, 01 always succeeds) when its turn starts, and on a success is no longer
  stunned (so it may attack that turn; a stunned one «puede actuar para defenderse … o
  moverse», never attack: its turn passes without a blow, ``SYSTEM.transitions``).
* :func:`round_end`, T9 a hurt (``disabled``) abdomen: «Pierde además 1 PG del total cada
  ronda a menos que un chequeo de CON exitoso o ayuda médica o de Primeros Auxilios se
  aplique»; a hurt chest or head «con una hemorragia que responde como la de la
  descripción del abdomen». Each such location (P12.3 status ``disabled`` from the form's
  location damage and T8 location HP) rolls CON×5 when the round ends; each failure costs
  1 HP of the total (``hp_current``; not the location's damage). The HP the bleeding
  leaves follows P13: 1 or 2 HP → Inconsciente (P13.6: the condition ``unconscious``,
  ``can_defend`` False, as after a blow), 0 or below → «muere» unless stabilised (the
  fate ``dying``, read from the HP). There the bleeding stops being counted: at 0 HP or
  below *Mortal* takes over (below), and a whole fight keeps a finite set of states.
* :func:`round_end`, P13.4 *Mortal*: «Si la reserva de PG llega a 0 o por debajo, muere.
  Es posible que esto no ocurra si recibe atención médica como los primeros auxilios desde
  antes de que acabe el turno siguiente y es estabilizado con éxito». The blow that takes
  the HP to 0 or below writes ``mortal_rounds = 0`` (:mod:`.attack.stages`, the one stage
  ``resolve``+``after`` and ``transitions`` share); the end of the wound's round makes it
  1, the end of the next round 2 = ``dead`` (:func:`.after.status`). Reading: «el
  turno siguiente» is the round after the wound's, so the character dies when that round
  ends (the whole next round is there for first aid). HP taken to 0 by this round end's
  bleeding starts at 1 (the wound's round is the one ending). A character ``stabilised``
  (condition «Estabilizado»: the GM marks a successful first aid, P13.4; the form has no
  first-aid action of its own, so a fight never applies it) is not counted, is ``down``
  instead of ``dying`` and does not bleed (T9 «a menos que … ayuda médica o de Primeros
  Auxilios se aplique»). Option ``mortal_rule = "gm"`` (the seed: «puede flexibilizarse
  esta regla» with a hospital or an ambulance) writes and advances no count: dying until
  the GM decides. The count stops at 2 (no rule reads further).
* :func:`round_end`, P8.3 / G7 *defensa inhábil* «hasta el final de su siguiente ronda» and
  T11 29–31 «toda Hab. a la mitad el siguiente turno»: with ``after_effects = "all"`` the
  blow writes the effect and its count of further rounds (``defence_disabled_left`` =
  ``defence_disabled_rounds``, ``half_all_left`` = 1); each round end takes one off, and
  a round end that finds 0 ends the effect (``can_defend`` back to True unless the form is
  ``unconscious`` or ``captured``; ``half_all`` removed). So the effect holds for the rest
  of the round it happened in and the N rounds after. The other T11 conditions have no
  stated end (80–82 «Toda Hab. a la mitad», a damaged shield, a hurt leg «hasta que te
  asistan»): no count, until the GM clears them.

Each CON×5 check is its own d100 (independent): the law is over the number of failed checks,
integer weights over ``100 ** n``; the counters are applied to each of its forms. A form
with nothing to apply comes back itself.

Interpretations: «cada ronda a menos que un chequeo de CON exitoso» is read as one check a
round (a success spares that round's point; the next round bleeds again): a check that
stanched the bleeding for good would need a «stanched» mark the form does not hold. The
check is CON×5 (§1.5's default multiplier; the seed names none). A count entered at HP
above 0 is not advanced (the GM healed); a new wound to 0 or below then counts afresh,
while a second wound to a character already counting keeps the earlier death; a new
wound undoes a stabilisation (dying again, counted from its round).

* :func:`round_end`, T9 a destroyed (``severe``) chest, abdomen or limb: «Si no se trata
  la herida en un número de turnos igual a la mitad de la suma de CON + POD del personaje,
  éste muere»: the blow writes ``severe_rounds_left = ceil((CON+POD)/2)``
  (:mod:`.attack.stages`); each round end counts one off, the wound's round being the
  first of them (a GM counting turns from the wound); at 0 the character is ``dead``. A
  destroyed chest or abdomen first rolls CON×4 «o muere fulminado. El chequeo ha de
  repetirse cada turno de combate» (a failure: dead, count 0). The first check comes when
  the wound's round ends (the blow's own odds keep the fate ``dying``). ``stabilised``
  (first aid, P13.4, «hasta que se trata la localización») stops count and checks.
* :func:`round_end`, T11 the lost actions (01–07 «no puedes bloquear el siguiente turno»,
  12–20 «ni bloquear ni atacar», 32–35 «pierdes el siguiente ataque», 58–64 «no puedes
  atacar», 68–73 «solo defiendes o te mueves 1D3 turnos», 77–79 «solo esquivar o
  bloquear el prox. turno», 89–91 «solo puedes bloquear siguientes 2 turnos»): written by
  the fumble as a pending count (``no_attack_left``, ``defend_only_left``,
  ``no_block_left``, ``no_dodge_left`` without the condition), so the round of the fumble
  keeps its actions; the round end ticks the condition (the next round is lost), and each
  later round end counts one off. 68–73's 1D3 is played out here: an active count k ends
  with chance 1/k (3, 2, 1), so it lasts 1, 2 or 3 rounds with 1/3 each.

Not modelled, because the form does not hold it (the GM tracks it): a destroyed limb's
CON×4 «o perder el conocimiento» each round (the character is already «dying» and cannot
act: it would only multiply a fight's states), the rounds of a KO, a capture or a *grave*
wound (``NOT_TRACKED``),
spells «al principio del siguiente turno», hazards per round (acid, fire, asphyxia: no
form field) and an untrained mount's Equitación check.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

from rolkit.dice import RandomSource
from rolkit.errors import check_int
from rolkit.hooks import Entrant
from rolkit.initiative import reroll_ties
from rolkit.memo import memo
from rolkit.model import Step

from .after import MORTAL_DEATH_AT, status
from .attack.stages import LOST_COUNTERS, TIMED_CONDITIONS, trusted_replace
from .errors import GoreInputError
from .forms import Combatant, Modifiers, Weapon
from .messages import cite
from .options import DEFAULT, GoreOptions
from .rules.checks import characteristic_target, tier_counts
from .rules.derived import defender_location_hp
from .rules.wounds import location_status
from .tables import WIDE

__all__ = [
    "con_check_faces",
    "bleeding_locations",
    "turn_start",
    "round_end",
    "REACH_RANK",
    "initiative",
    "strikes_first",
    "attack_order",
    "order_of_action",
]

#: T9: the locations whose ``disabled`` status bleeds 1 HP a round (the abdomen, and the
#: chest and head «como la del abdomen»).
BLEEDING_AT = ("abdomen", "pecho", "cabeza")
_SUCCESS = ("exito", "critico", "empalar")
_MIN_HP = -999
#: T9 the destroyed locations that also roll CON×4 «o muere fulminado» each round.
CON4_AT = ("pecho", "abdomen")
#: Conditions that keep ``can_defend`` False whatever a count of rounds says.
_LASTING_NO_DEFENCE = frozenset({"unconscious", "captured"})

Law = dict[Combatant, Fraction]


def con_check_faces(c: Combatant, options: GoreOptions = DEFAULT) -> int:
    """§1.5 How many of the 100 faces pass a CON×5 check (the d100 tiers of §1.2)."""
    target = characteristic_target(c.con, 5)
    return sum(n for tier, n in tier_counts(target, False, None, options) if tier in _SUCCESS)


def bleeding_locations(c: Combatant) -> tuple[str, ...]:
    """T9 / P12.3 the hurt (``disabled``, not destroyed) abdomen, chest or head of ``c``."""
    if not any(c.location_damage.get(loc, 0) for loc in BLEEDING_AT):
        return ()
    loc_hp = defender_location_hp(c)
    return tuple(
        loc
        for loc in BLEEDING_AT
        if location_status(loc_hp[loc], c.location_damage.get(loc, 0)) == "disabled"
    )


def _options(options: GoreOptions | Modifiers) -> GoreOptions:
    return options.options if isinstance(options, Modifiers) else options


def _bled(c: Combatant, lost: int) -> Combatant:
    """``c`` after losing ``lost`` HP of its total (P13.6: at 1–2 HP, Inconsciente)."""
    hp = max(_MIN_HP, c.current_hp - lost)
    changes: dict[str, Any] = {"hp_current": hp}
    if 0 < hp <= 2:
        if "unconscious" not in c.conditions:
            changes["conditions"] = c.conditions | {"unconscious"}
        if c.can_defend:
            changes["can_defend"] = False
    return trusted_replace(c, **changes)


def _tick(c: Combatant, options: GoreOptions, bled_out: bool) -> Combatant:
    """The counters of ``c`` one round end later: P13.4 *Mortal* (``mortal_rounds`` 0 → 1
    → 2 = dead while HP ≤ 0 and not ``stabilised``; ``bled_out``: the bleeding of this
    round end took the HP to 0 or below, so the next round is the last), P8.3 *defensa
    inhábil* and T11 «el siguiente turno» (a count of further rounds: at 0 the effect ends
    with this round)."""
    changes: dict[str, Any] = {}
    counting = options.mortal_rule == "next_round" and "stabilised" not in c.conditions
    if counting and c.current_hp <= 0:
        if bled_out:
            changes["mortal_rounds"] = 1
        elif c.mortal_rounds is not None and c.mortal_rounds < MORTAL_DEATH_AT:
            changes["mortal_rounds"] = c.mortal_rounds + 1
    conditions = c.conditions
    for condition, counter in TIMED_CONDITIONS.items():
        left = getattr(c, counter)
        if left is None:
            continue
        if left == 0 or condition not in conditions:
            changes[counter] = None
            conditions = conditions - {condition}
        else:
            changes[counter] = left - 1
    if conditions != c.conditions:
        changes["conditions"] = conditions
    left = c.defence_disabled_left
    if left is not None:
        changes["defence_disabled_left"] = None if left == 0 else left - 1
        if left == 0 and not c.can_defend and not conditions & _LASTING_NO_DEFENCE:
            changes["can_defend"] = True
    return trusted_replace(c, **changes) if changes else c


def _untimed(c: Combatant) -> bool:
    return (
        c.mortal_rounds is None
        and c.defence_disabled_left is None
        and c.half_all_left is None
        and all(getattr(c, counter) is None for counter in LOST_COUNTERS.values())
    )


def con4_faces(c: Combatant, options: GoreOptions = DEFAULT) -> int:
    """§1.5 How many of the 100 faces pass a CON×4 check (T9, a destroyed chest or abdomen)."""
    target = characteristic_target(c.con, 4)
    return sum(n for tier, n in tier_counts(target, False, None, options) if tier in _SUCCESS)


def _severe_law(c: Combatant, options: GoreOptions) -> list[tuple[Combatant, Fraction]]:
    """T9 a destroyed chest, abdomen or limb, untreated (not ``stabilised``): the count of
    ``severe_rounds_left`` goes down by one (0 = dead); a destroyed chest or abdomen first
    rolls CON×4 «o muere fulminado» (each round end, that of the wound's round included)."""
    left = c.severe_rounds_left
    if left is None or left == 0 or "stabilised" in c.conditions:
        return [(c, Fraction(1))]
    later = trusted_replace(c, severe_rounds_left=left - 1)
    if not any(_destroyed(c, loc) for loc in CON4_AT):
        return [(later, Fraction(1))]
    ok = con4_faces(c, options)
    dead = later if left == 1 else trusted_replace(c, severe_rounds_left=0)
    if left == 1:
        return [(dead, Fraction(1))]
    law = [(later, Fraction(ok, 100)), (dead, Fraction(100 - ok, 100))]
    return [(form, p) for form, p in law if p]


def _destroyed(c: Combatant, loc: str) -> bool:
    damage = c.location_damage.get(loc, 0)
    if not damage:
        return False
    return location_status(defender_location_hp(c)[loc], damage) == "severe"


def _lost_law(c: Combatant) -> list[tuple[Combatant, Fraction]]:
    """T11 the lost actions at a round end: a pending count becomes active (its condition
    ticked: the next round is lost); an active one counts the round just lost off, ending
    at 0. *defend_only*'s 1D3 is played here: an active count ``k`` ends with chance 1/k
    (3 → 1/3, 2 → 1/2, 1 → 1), so it lasts 1, 2 or 3 rounds with 1/3 each."""
    law: list[tuple[dict[str, Any], Fraction]] = [({}, Fraction(1))]
    for condition, counter in LOST_COUNTERS.items():
        k = getattr(c, counter)
        if k is None:
            continue
        if condition not in c.conditions:  # pending → active next round
            branches = [({condition: True}, Fraction(1))]
        elif condition == "defend_only":
            end = Fraction(1, k)
            branches = [({condition: False}, end), ({counter: k - 1}, 1 - end)]
        else:
            branches = [({condition: False} if k == 1 else {counter: k - 1}, Fraction(1))]
        law = [({**a, **b}, p * q) for a, p in law for b, q in branches if p * q]
    out: list[tuple[Combatant, Fraction]] = []
    for changes, p in law:
        if not changes:
            out.append((c, p))
            continue
        conditions = set(c.conditions)
        fields: dict[str, Any] = {}
        for key, value in changes.items():
            if key in LOST_COUNTERS:
                if value:
                    conditions.add(key)
                else:
                    conditions.discard(key)
                    fields[LOST_COUNTERS[key]] = None
            else:
                fields[key] = value
        fields["conditions"] = frozenset(conditions)
        out.append((trusted_replace(c, **fields), p))
    return out


def _after_counts(
    c: Combatant, options: GoreOptions, bled_out: bool
) -> list[tuple[Combatant, Fraction]]:
    """The counts of one form at the round end: T9 destroyed locations, then *Mortal*,
    *defensa inhábil* and T11 (:func:`_tick`, :func:`_lost_law`)."""
    out: list[tuple[Combatant, Fraction]] = []
    for form, p in _severe_law(c, options):
        if form.severe_rounds_left == 0:
            out.append((form, p))  # dead: nothing else counts
            continue
        ticked = form if _untimed(form) and not bled_out else _tick(form, options, bled_out)
        out.extend((f, p * q) for f, q in _lost_law(ticked))
    return out


@memo
def _round_end(c: Combatant, options: GoreOptions) -> tuple[tuple[Combatant, Fraction], ...]:
    if status(c, options) == "dead":
        return ((c, Fraction(1)),)
    bleeding = () if "stabilised" in c.conditions else bleeding_locations(c)
    if not bleeding or c.current_hp <= 0:
        starts = [(c, Fraction(1), False)]
    else:
        ok = con_check_faces(c, options)
        n = len(bleeding)
        starts = []
        for failures in range(n + 1):
            weight = comb(n, failures) * (100 - ok) ** failures * ok ** (n - failures)
            if weight:
                form = c if failures == 0 else _bled(c, failures)
                starts.append((form, Fraction(weight, 100**n), form.current_hp <= 0))
    law: dict[Combatant, Fraction] = {}
    for form, p, bled_out in starts:
        for after, q in _after_counts(form, options, bled_out):
            law[after] = law.get(after, Fraction(0)) + p * q
    return tuple(law.items())


def round_end(c: Combatant, options: GoreOptions | Modifiers = DEFAULT) -> Law:
    """The law of ``c`` when the round ends: 1 HP lost for each failed CON×5 of a bleeding
    abdomen, chest or head (T9), then the counts of rounds — *Mortal* towards death
    (P13.4), *defensa inhábil* and T11 «el siguiente turno» towards their end (P8.3, G7,
    T11). ``{c: 1}`` when nothing applies. ``options`` is :class:`GoreOptions` (or the
    ``Modifiers`` carrying them)."""
    return dict(_round_end(c, _options(options)))


@memo
def _turn_start(c: Combatant, options: GoreOptions) -> tuple[tuple[Combatant, Fraction], ...]:
    if "full_defence" in c.conditions:  # P15 Defender: «hasta el próximo turno»
        c = trusted_replace(c, conditions=c.conditions - {"full_defence"})
    if "stunned" not in c.conditions or status(c, options) == "dead":
        return ((c, Fraction(1)),)
    ok = con_check_faces(c, options)
    recovered = trusted_replace(c, conditions=c.conditions - {"stunned"})
    law = [(recovered, Fraction(ok, 100)), (c, Fraction(100 - ok, 100))]
    return tuple((form, p) for form, p in law if p)


def turn_start(c: Combatant, options: GoreOptions | Modifiers = DEFAULT) -> Law:
    """The law of ``c`` when its turn starts: *Defender*'s +20 ends («hasta el próximo
    turno», P15), then a Conmocionado's CON×5 to recover (P15). ``{c: 1}`` when neither
    applies."""
    return dict(_turn_start(c, _options(options)))


#: Weapon.reach from shortest to longest.
REACH_RANK = {"natural": 0, "corta": 1, "media": 2, "larga": 3}
#: Safety bound on tie-break rerolls (a tie survives k rounds with probability ≤ 1/10^k).
MAX_TIE_ROUNDS = 50


def initiative(
    entries: Sequence[Entrant[Combatant]], rng: RandomSource
) -> tuple[list[str], list[Step]]:
    """``System.initiative_fn``: the names in acting order, and one step per score and die.

    ``entries`` have ``.name`` and ``.character`` (a :class:`Combatant`; anything else
    counts as the default combatant)."""
    steps: list[Step] = []
    keys: dict[str, list[int]] = {}
    for e in entries:
        who = e.character if isinstance(e.character, Combatant) else Combatant()
        keys[e.name] = [who.des]
        steps.append(
            Step(
                "gore.step.initiative",
                (),
                {"des": who.des, "order": who.des},
                cite("initiative"),
                {"name": e.name},
            )
        )

    def roll_off(name: str) -> tuple[int, Step]:
        d10 = rng.randint(1, 10)
        step = Step(
            "gore.step.initiative_tie",
            (d10,),
            {"tie_roll": d10},
            cite("initiative_tie"),
            {"name": name},
        )
        return d10, step

    order, tie_steps = reroll_ties(keys, roll_off, MAX_TIE_ROUNDS)
    return order, steps + tie_steps


def strikes_first(first: Weapon, second: Weapon) -> int:
    """P4.5 On the first exchange: ``1`` if ``first``'s weapon is longer (it strikes first
    whatever the order), ``-1`` if ``second``'s is, ``0`` for equal reach (P4 order)."""
    a, b = REACH_RANK[first.reach], REACH_RANK[second.reach]
    return (a > b) - (a < b)


def attack_order(
    des: int, surprised: bool = False, penalties: int = 0, halved: bool = False
) -> int:
    """P4 Attack-order score before tie-breaks.

    ``DES`` (``ceil(DES/2)`` when surprised in the first round), halved again (ceil) when
    aiming with a scope/laser or loading and firing, then minus ``penalties`` (the total of
    the step-3 point losses: readying −5, movement, Enfoque −5 per step).
    """
    score = check_int(des, 0, WIDE, field="des", label="des", cls=GoreInputError)
    penalties = check_int(
        penalties, 0, WIDE, field="penalties", label="penalties", cls=GoreInputError
    )
    if surprised:
        score = math.ceil(score / 2)
    if halved:
        score = math.ceil(score / 2)
    return score - penalties


def order_of_action(scores: dict[str, int], rng: RandomSource) -> list[str]:
    """P4 step 4: sort names by score, highest first; tied names roll 1D10 each, highest
    first, rerolling ties among themselves ("Si dos personajes tienen la misma DES se tira
    1D10"). ``rng`` is any object with ``randint``."""
    by_score: dict[int, list[str]] = {}
    for name, score in scores.items():
        by_score.setdefault(
            check_int(
                score,
                -WIDE,
                WIDE,
                field=f"scores[{name!r}]",
                label=f"scores[{name!r}]",
                cls=GoreInputError,
            ),
            [],
        ).append(name)
    order: list[str] = []
    for score in sorted(by_score, reverse=True):
        order.extend(_break_ties(sorted(by_score[score]), rng))
    return order


def _break_ties(names: list[str], rng: RandomSource) -> list[str]:
    if len(names) <= 1:
        return names
    rolls: dict[int, list[str]] = {}
    for name in names:
        rolls.setdefault(rng.randint(1, 10), []).append(name)
    out: list[str] = []
    for roll in sorted(rolls, reverse=True):
        out.extend(_break_ties(rolls[roll], rng))
    return out
