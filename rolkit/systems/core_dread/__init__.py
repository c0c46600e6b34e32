"""Core Dread (Beta 14): 5d10 hits against an attribute, skill rerolls, wound tracks.

The rules contract of the Core Dread spec, §7: the 19 pure functions in spec
order, then ``resolve_attack``, ``attack_outcomes`` and ``SYSTEM``, then the forms and
errors. Probabilities are exact ``Fraction``s; randomness is injected (``rng.randint``).

Modules (one job each, the layout every rolkit system shares):

* ``errors`` (§3.6 the error tree), ``tables`` (§5 as data), ``forms`` (§3.1–3.4 the four
  forms), ``options`` (§3.5 ``CoreDreadOptions``), ``presets`` (plain data, §8.0),
  ``messages`` (the ``cd.*`` catalogue, with ``cd.wound_help.<level>`` for the dashboard,
  and the rule each step cites: the seed's section or table name first, the spec id after
  it, then the seed's words), ``view`` (the OutcomeView, and a check roll's HTML, Markdown
  and text);
* ``rules/`` the pure rule functions: ``laws`` (§1.4 integer weights over ``10**(5+s)``,
  memoised), ``rolls`` (§1, §4.1–4.2 one roll), ``pools`` (§1.2 the effective attribute),
  ``damage`` (§4.4–4.7 arithmetic), ``wounds`` (§4.8–4.11, §4.17), ``hazards`` (§4.15),
  ``healing`` (§4.16);
* ``attack/`` one attack: ``validate`` (§3.6), ``key`` (``AttackKey``, the odds key, and
  the Resolution), ``stages`` (the pools, the hits → damage → wound stages, and §4.9.3,
  §4.10, §4.12: the wound on the current track), ``resolve`` (§4.18 in named stages),
  ``odds`` (§7.2 and §7.3, exact);
* ``after`` (#16: the exact law of the forms after one attack, ``SYSTEM.transitions``, and
  ``SYSTEM.status``), ``turns`` (the turn effects and §4.3 initiative, the System's
  ``initiative_fn``);
* ``checks/`` (``CHECKS``: plain, opposed and healing procedures; ``ACTIONS``: §1.7
  extended, competitive and prepared actions; §4.14 reloading, also the ``"reload"``
  procedure; their forms in ``checks/forms``; ``maneuvers``: the certain stand-up, cover
  and aim procedures; ``refusals``: why a turn's action cannot be taken now;
  ``turn_actions``: ``TURN_RULES`` and ``TURN_ACTIONS``, the turn as actions), ``system``
  (the glue).

Interpretations chosen where the spec is silent (beyond its §6 decisions):

* §7.3 fate is read from the defender's state after the attack: ``"dead"``; ``"down"``
  when unconscious (knocked out now, or already before the attack); else ``None``.
  Core Dread has no "dying" state (a Malherido character still acts), so ``p_dying`` is 0.
  ``prone`` is whether the defender ends on the ground (already was, knocked out, or
  failed the §4.12 check). For the attacker, ``counter_fate`` is death by the
  counter-attack and ``counter_prone`` a failed §4.12 check after it (flags
  ``counter_dead`` / ``counter_prone``).
* The odds key keeps the spec's 8 fields first; ``spectacular``, ``fate``, ``prone``,
  ``counter_fate`` and ``counter_prone`` follow, with defaults, so ``key[:8]`` and
  ``key.outcome`` are the §7.2 ``AttackOutcome``.
* A step about an unnamed combatant names its role (``cd.step.<x>.attacker``: «el
  atacante» / "the attacker") instead of a blank name.
* The plain check procedure succeeds at 3 hits (§1.1.5); ``roll_check(min_hits=…)`` and
  ``check_success_probability(min_hits=…)`` still take other minimums, but the procedure
  does not, because its degrees' success flags are fixed (§1.5).
* The opposed check's degrees are seen from the first side (``lose``/``draw``/``win``);
  with ``opposed_tie_break="reroll"`` a tie that is the only possible result (both
  sides at 0) is reported as a draw instead of rolling forever.
* The healing procedure's form has no Gore Mode (one box per level); ``healing_check``
  takes ``gore`` directly.
* Every roll is preceded by an «Atributo efectivo» step: base, each modifier applied
  (wound or Gore Mode penalty, difficulty, +2 covering fire, −1 knock-out) and the sum when
  the 0–9 limit bit, each with its rule. Seed headings that the source text lost (the
  attack paragraph, «Bloquear», «Esquivar», «Iniciativa», «Acciones extendidas»,
  «Acciones preparadas») are named by the seed's own words; tables by their header row
  («Tabla Arma / Daño»).
* The odds flag ``prone`` marks a defender who ends on the ground but still acts (a dead or
  knocked-out one is counted by its fate).
* §4.3 initiative: a group's leader is its member with the highest effective Sentidos who
  can act (ties: the first entered); leaders roll Sentidos with no skill, in the order their
  groups were entered; more hits, then more Sentidos, win; a full tie is rolled again
  (never when no tied leader can hit: then the first entered). The fight's order is the
  winning leader, the other leaders by rank, then the rest alternating by group (entry
  order), the fallen last: a starting order, since the seed passes each turn by the result
  of the action. ``initiative_each_round`` is False (the seed rerolls only when a leader
  leaves or falls). Ambushes («gana automáticamente») are the GM's call: no input for it.
* §1.7 actions: one check per turn, success at 3 hits; a spectacular success (5 natural
  hits) counts two or completes the action (form choice ``spectacular``, default
  ``counts_two``); a time limit in turns (``turns``). In a competitive action both sides
  roll each turn; if both reach the target on the same turn, §1.6 decides on that turn's
  rolls (more hits, then the higher effective attribute, else a draw); ``none`` when no
  one finishes in time. A prepared action is the check with the trigger as an input.
* §4.14 reloading fills a firearm to its capacity; it takes one turn for a bow or with a
  spare magazine (``Weapon.spare_magazine``, default True, PLACEHOLDER) and several minutes
  otherwise.
* ``disastrous_healing_aggravates`` defaults to False (spec §3.5, G24).
* #16 after-state law: ``status`` reads the form as §7.3 reads the fate (``"dead"``,
  ``"down"`` when unconscious, else ``None``; no ``"dying"``). The after-forms are exactly
  what ``resolve_attack`` leaves, so they keep ``prone`` (no numeric effect in the seed)
  and, on a dead combatant, the track, armour wear and Autocontrol it died with; a spent
  ``turn_available`` stays spent until the round ends: ``SYSTEM.round_end``
  (:mod:`.turns`) gives it back («un solo turno por asalto», §4.3); no
  ``turn_start``, and nothing else acts between attacks on what the forms hold (fire,
  electricity and asphyxia are hazards the GM applies; Malherido's FOR check comes every
  10 minutes).
* #16 the turn in a fight (§4.3.3, §4.3.6, G23; :mod:`.turns`): a combatant's own
  turn, whether it attacked or could not, spends ``turn_available`` (``SYSTEM.turn_end``),
  so it cannot defend again that round; a combatant whose turn is spent when its turn
  comes (it defended) does not attack, its turn passes; a defence the defender can no
  longer make is not made — the blow is resolved with ``defence="none"``, what a GM does
  at the table (``SYSTEM.fight_blow``; an unconscious defender likewise). ``odds``,
  ``resolve`` and ``transitions`` keep raising for such a direct call (§3.6). Whole-fight
  odds choose, per combatant, whether a defender who has not acted yet defends
  (``defence_policy="when_able"``, the default: the GM set the defence to be used) or keeps
  its action (``"keep_action"``). Under ``defence_requires_turn=False`` the turn and the
  defence are not linked at all: a defence needs no turn and costs no attack (the own turn
  marks nothing; a defence still sets ``turn_available`` False, contract item 9, which
  nothing then reads). With the fight's modifiers known to make no defence, the own turn
  marks nothing either (no attack to come reads it): the chain's states at defaults are
  those of a fight without the turn rules.
  Armour and ammunition left at "full" (``None``) become explicit numbers only when they
  change. No later attack depends on anything the forms do not hold.
* #25 the turn as actions (:mod:`.checks.turn_actions`): «un movimiento y una acción»
  (§4.3) is the budget ``{"action": 1, "move": 1}``. The action: attack, aim (§4.4),
  reload (§4.14, refused without a spare magazine: «varios minutos»), urgent care for a
  Malherido ally (§4.16: the patient is ``cared_for`` and makes the day's Fortaleza check
  with care at once, its own FOR with no skill). The movement: stand up (§4.12, no roll in
  the seed), take or leave cover (§4.14 «después de moverse»). A defence stays the reply to
  an attack (``fight_blow``, the defence policy, ``turn_end``); a character whose turn a
  defence used takes no action that round (G23). The whole-fight default policy attacks
  (and aids when asked): standing up, reloading, aiming and cover are the GM's choices, so
  the figures and state counts of whole fights are those of the one-attack turn.
* #25 states that last, all fields of :class:`Combatant` and listed by ``SYSTEM.conditions``
  (:func:`.view.conditions`): ``prone``, ``unconscious``, ``dead``, ``in_cover``,
  ``turn_available``, ``aiming`` (§4.4: used up by the next attack, lost by a defence or a
  knock-out), ``cared_for`` (§4.16) and a ranged ``block_weapon`` with no ammunition (the
  wielded weapon's ammunition is the weapon form's ``attacks_left``; an empty one refuses
  the attack).
* ``CoreDreadInputError`` (the spec's umbrella) is a ``FieldRangeError``; an impossible
  combination (``CoreDreadImpossibleError``) is also an ``ImpossibleActionError`` and names
  the one field at fault.
"""

from __future__ import annotations

from rolkit.systems.core_dread.after import attack_transitions, status
from rolkit.systems.core_dread.attack import (
    EFFECTS,
    AttackKey,
    AttackOutcome,
    AttackResolution,
    OddsKey,
    Resolution,
    attack_odds,
    attack_outcomes,
    hit_probability,
    resolve_attack,
    validate_attack,
)
from rolkit.systems.core_dread.checks.actions import ACTIONS
from rolkit.systems.core_dread.checks.procedures import CHECKS
from rolkit.systems.core_dread.checks.reload import reload_weapon
from rolkit.systems.core_dread.errors import (
    CoreDreadImpossibleError,
    CoreDreadInputError,
    CoreDreadRangeError,
)
from rolkit.systems.core_dread.forms import Armor, Attacker, Combatant, Defender, Modifiers, Weapon
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.rules.damage import attack_multiplier, opposed_damage
from rolkit.systems.core_dread.rules.hazards import (
    apply_hazard,
    asphyxia_turns,
    derived_fortaleza,
    fall,
    fall_damage,
    fall_wound,
    hazard_wounds,
)
from rolkit.systems.core_dread.rules.healing import (
    heal,
    healing_check,
    healing_check_outcomes,
    malherido_check,
    rest,
    treat,
)
from rolkit.systems.core_dread.rules.rolls import (
    CheckRoll,
    apply_rerolls,
    check_success_probability,
    count_hits,
    degree_of_success,
    effective_attribute,
    hits_distribution,
    opposed_check,
    roll_check,
    roll_distribution,
)
from rolkit.systems.core_dread.rules.wounds import (
    adjust_wound,
    apply_wounds,
    wound_from_damage,
    wound_penalty,
)
from rolkit.systems.core_dread.system import SYSTEM
from rolkit.systems.core_dread.turns import fight_initiative, leader_odds

__all__ = [
    # §7.1, in spec order
    "effective_attribute",
    "count_hits",
    "apply_rerolls",
    "roll_check",
    "roll_distribution",
    "check_success_probability",
    "degree_of_success",
    "opposed_check",
    "attack_multiplier",
    "opposed_damage",
    "wound_from_damage",
    "adjust_wound",
    "apply_wounds",
    "wound_penalty",
    "fall_damage",
    "hazard_wounds",
    "asphyxia_turns",
    "resolve_attack",
    "attack_outcomes",
    "SYSTEM",
    # forms, results and errors
    "Combatant",
    "Attacker",
    "Defender",
    "Weapon",
    "Armor",
    "Modifiers",
    "CoreDreadOptions",
    "DEFAULT_OPTIONS",
    "AttackOutcome",
    "AttackResolution",
    "Resolution",
    "AttackKey",
    "OddsKey",
    "CheckRoll",
    "EFFECTS",
    "CoreDreadInputError",
    "CoreDreadRangeError",
    "CoreDreadImpossibleError",
    # described procedures beyond the contract
    "validate_attack",
    "attack_odds",
    "hits_distribution",
    "fall_wound",
    "apply_hazard",
    "fall",
    "derived_fortaleza",
    "heal",
    "rest",
    "treat",
    "malherido_check",
    "healing_check",
    "healing_check_outcomes",
    "CHECKS",
    "ACTIONS",
    "hit_probability",
    "fight_initiative",
    "leader_odds",
    "reload_weapon",
    "attack_transitions",
    "status",
]
