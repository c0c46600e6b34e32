"""G.O.R.E. (d100) — *Generic Old-school Role-playing Engine*, Spanish translation (spec
``shared/rules/gore.md``).

The public surface follows the spec's §7 Rules contract, in its order, then the result
types, the forms and ``SYSTEM``. Conventions: forms are frozen dataclasses validated on
construction (:class:`GoreInputError`); probabilities are exact ``Fraction``s; randomness is
injected (any object with ``randint(a, b)``).

Modules (the common layout of every system): ``errors`` (GoreInputError, a
FieldRangeError, and GoreImpossibleAction), ``tables`` (T1–T22 as data, the T19 damage
modifier, table_lookup), ``forms`` (§2 forms), ``options`` (§2.4 GoreOptions and the forms'
field validation in the spec's message format), ``presets`` (data), ``messages`` (es/en
catalogue, and the seed's section or table name and quote each step cites, then the spec
id), ``view`` (project); ``rules/`` — ``checks`` (§1 tiers, opposition, contests),
``derived`` (§2.1 HP, T8 location HP, the values of empty fields), ``location`` (T7),
``skills`` (P5/P6 and the cross-form checks), ``ranged`` (P11), ``matrices`` (T4–T6),
``damage`` (P9/P10, integer blow weights), ``wounds`` (P12/P13), ``fate`` (§7.3),
``hazards`` (P17), ``time`` (P7, P13.8, P18, P19); ``attack/`` — ``validate`` (the numbers
of one attack), ``stages`` (the rules the odds and the roll share: shield, burst, KO,
wound, location status, fate; P15 Desarmar/Capturar and P10.3 natural-weapon blocks; the
forms after an attack), ``key`` (AttackKey, the spec's OutcomeRow, and Resolution),
``resolve`` (resolve_attack in named stages), ``odds`` (attack_outcomes, hit_probability);
``after`` (#16: the exact law of the forms after one attack, ``SYSTEM.transitions``, and
the §7.3 track read from a form, ``SYSTEM.status``); ``turns`` (P4 initiative for the fight
tracker, longer weapons first, and the rules between attacks: a Conmocionado's recovery, a
hurt abdomen's bleeding, *Mortal*'s death a round later, the end of *defensa inhábil* and
of T11's «siguiente turno», T9's destroyed locations, T11's lost actions); ``checks/``
(the P1–P3 checks and first aid as CheckProcedures, their forms, P11.8 reloading and
P11.9 silencer life, the roll-free acts and ``actions``: the turn's budget and actions,
#25); ``view`` also gives ``conditions`` (``SYSTEM.conditions_fn``),
``short_consequence`` and ``location_table`` (#26); ``system`` (SYSTEM glue).

Interpretations where the spec is silent (the §6 choices are ``GoreOptions``):

* ``System.resolve/odds(options=...)`` win over ``modifiers.options`` unless they equal the
  defaults while ``modifiers.options`` does not (then ``modifiers.options`` is kept).
* Ranged-only modifiers (``distance_m``, ``angle``, ``aiming``, ``laser_sight``,
  ``shield_behind``) are ignored with a melee weapon; ``crowd`` likewise; a charge with a
  ranged weapon, a block against one, a burst without an automatic weapon are errors.
* ``from_behind`` gives +20 in melee only (T1 is the melee table); a prone target is −20 at
  range; a mounted attacker's +20 (and the foot defender's −20) apply in melee only.
* ``riding_skill`` empty means no cap when mounted; ``hp_current`` ≤ 0 makes any damage mortal.
* A weapon's damage is clamped at 0 before MD is added (§1.1); pulled blows halve it (R3).
* One location roll and one shield-coverage roll per action: every bullet of a burst
  strikes that location (or cover, or shield, in turn, P10 rule per bullet); rows report
  the location only when exactly one bullet hits (§7.2). A cover hit draws no damage.
* A helpless target does not interpose its shield against projectiles.
* ``bullets_hit`` counts blows/bullets that struck the defender or its shield (0 for miss,
  block, cover, malfunction).
* KO: a failed KO deals the weapon minimum minus armour (none vs impale categories); KO is
  one blow, so it cannot be combined with a burst; a shield hit is not a KO hit.
* T10 type X rolls its first reading (−1D3 FUE, −1D3 CON); XVI rolls FUE, CON, DES, CAR.
* Unarmed/natural weapons blocked by a weapon (P10.3) are reported as an effect only (the
  blocker's weapon damage is not in the forms); natural-weapon blocks are not modelled.
* ``attack_order``: surprise halves DES, then a scope/loading halves again, then the
  penalties are subtracted.
* ``Modifiers.strike_item`` (P10.4) sends all of the blow's damage (doubling included) to
  the block item; the P10 item rule then passes ``D − 2P`` minus armour to the bearer.
* §7.3 fate: ``dead`` only from a severe head (no other G.O.R.E. rule kills on the spot);
  ``dying`` for HP ≤ 0 or any other severe location; ``down`` for HP 1–2, a disabled head
  or chest, a successful KO. Only the location struck this action counts (damage already in
  other locations is not re-read); HP already at 0 or 1–2 gives that fate even on a miss.
  A *grave* wound (acts ``after`` more rounds, then falls unconscious) and the POD×4 check
  of accumulated light wounds are not certain falls now, so they leave the fate None.
* A burst with hit locations: all its bullets strike the one location rolled, so its fate
  and the T9 effects (``location_effect``, unconscious, dying, ``leg_severe``) use that
  location's status after all of them, and so do ``Resolution.location_status`` and the
  after-state's location damage; the row still names the location only for a single
  bullet (§7.2), so burst rows split by fate instead.
* ``OutcomeView.prone``: T9 says the defender falls (a leg or the abdomen at 0 or below),
  known when the row names the location.
* Checks (P1–P3): the skill check adds a GM modifier (−100..100) and may be an impaling
  attack (Empalar on a critical 01); characteristics and POT range 1–99; the opposition
  chance is 50 + 5 × (active − passive), unclamped (01/00 still decide).
* Defaults that follow the seed (issue 9; the earlier readings are options): G12
  ``shield_vs_projectile_scope = crit_and_impale_only``; P5.6 ``darkness_cap_stage =
  final``; ``distance_m`` empty = ordinary range (no band factor, no close-range ×2).
  «a una distancia de toque … muchas armas de proyectiles son totalmente inoperativas»: a
  ``bow`` (bows, crossbows, slings) or a firearm marked ``long_arm`` under 1 m is a
  :class:`GoreImpossibleAction`; pistols and thrown weapons still work.
* Desarmar/Capturar (``Modifiers.maneuver``): the maneuver replaces the blow's damage (no
  damage dice, no HP lost); it works when the matrix cell lands a blow, a disarm also needs
  the attack roll ≤ round(V/2) (R2, at least 01), then the target's FUE×3 keeps the weapon;
  a disarmed weapon flies 1D6−1 m. A helpless target is disarmed/captured without rolls. A
  captured target's fate is ``down`` («incapaz de moverse o realizar cualquier acción»).
  Their dice come after the matrix, before the fumble tables. Not combinable with a KO, a
  strike on the item or a burst.
* P10.3 ``Modifiers.natural_block``: a natural-weapon block against a manufactured weapon
  turns a ``blocked`` cell into ``hit_normal``; against natural or unarmed attacks it blocks.
* Multi-target bursts (``Modifiers.multi_target``): this target's bullets get no +5 %
  per bullet; each target is one ``odds``/``resolve`` call. Two guns (``two_guns``): the
  crowd fraction (×1/3, firearms ×1/5, ×1/3 with a laser sight and 60 %), ranged only.
* «Número de atacantes»: ``Modifiers.attackers_on_target`` 1–5 (6+ is a field error).
* Initiative (``SYSTEM.initiative_fn``): DES, ties 1D10 rerolled among the tied; rolled
  again every round (the round's procedure starts with «Determinar el Orden de Ataque»;
  surprise and point losses change it). Surprise/penalties are not in the fight entries, so
  the tracker orders by plain DES; :func:`attack_order` gives the adjusted score.
* Longer weapons (``Weapon.reach``: natural < corta < media < larga) strike first on the
  first exchange (:func:`strikes_first`); the P4 order decides equal reach.
* Reloading: loose cartridges 2 per round (ceil), a magazine 1 round, a belt 2 rounds;
  silencer life 1D100+10 shots (one d100). ``Weapon.rounds_loaded`` and
  ``Weapon.silencer_shots`` (empty = not counted) lose the rounds each action fires (a
  malfunction fires none); a burst larger than the rounds loaded is an impossible action
  («reload first»); a silencer at 0 shots no longer halves the range. Vacuum: ``hazard("vacuum")`` = 2D6+4 per round
  plus asphyxia.
* Step text: the skill steps show every modifier applied and cite each one (the base alone
  cites the procedure); a halved term is shown halved (``1D4 (3) = 3 ÷ 2 = 2``); the *pulled
  blow* halving is shown in the damage step, where it is applied.
* After-state (``SYSTEM.after`` and its exact law ``SYSTEM.transitions``, issue #16): the
  forms keep the blow's marks — HP, location damage, 24 h damage, the shield's and the
  weapon's PG, ammunition, ``leg_severe`` and two conditions added so the form tells its
  fate: ``unconscious`` (HP 1–2, a KO, a hurt head or chest, a destroyed abdomen) and
  ``captured`` (P15); ``can_defend`` turns False when unconscious, captured or disarmed
  (§2.1); a blow that takes the HP to 0 or below writes ``mortal_rounds = 0`` (P13.4,
  below). Option ``after_effects = "all"`` also writes the T11 results the form can hold
  and *defensa inhábil*, those with a stated length with their count of further rounds
  (``defence_disabled_left``, ``half_all_left``); by default (``"blow"``) they stay in the
  roll only, because written they multiply a fight's states. Option ``serious_wound_losses = "apply"`` writes the
  T10 losses (default ``"report"``: in the roll only; applied, one grave wound splits into
  ~360 after-states). Applied losses that lower the maximum HP of a defender with hurt
  locations freeze the T8 split in ``location_hp_override`` (the smaller pool must not turn
  the blow's *disabled* head into a *severe* one after the fact).
* ``SYSTEM.status`` (the §7.3 track from a form alone): ``dead`` for a severe head,
  ``dying`` for HP ≤ 0 or any severe location, ``down`` for HP 1–2, a disabled head or
  chest, or the conditions ``unconscious``/``captured``; it reads every location's damage
  (the odds' fate reads the one struck), which agrees for a combatant that could act.
  Not in the forms (so a fight does not see them): the rounds a *grave* wound leaves before
  the fall (P13.5), a KO's 1D10+10 rounds and waking at 3 HP, the two rounds of a capture,
  the weapon a disarm sends flying (``attack.stages.NOT_TRACKED``).
* Between attacks (:mod:`.turns`): at the start of its turn a Conmocionado rolls
  CON×5 to recover (P15, «cada turno de combate»), and while stunned its turn passes
  without a blow (``SYSTEM.transitions``; ``odds``/``resolve`` still refuse the attack);
  when a round ends a hurt (``disabled``) abdomen, chest or head loses 1 HP of the total
  unless a CON×5 succeeds (T9, «cada ronda»: one check a round, each location its own;
  1–2 HP → Inconsciente as after a blow; counting stops at 0 HP, where *Mortal* takes
  over); *Mortal* (P13.4 «desde antes de que acabe el turno siguiente»): ``mortal_rounds``
  0 at the wound, 1 when its round ends, 2 = ``dead`` when the next round ends (read: the
  round after the wound's is the last; bleeding to 0 HP at a round end starts at 1); the
  condition ``stabilised`` (Estabilizado: the GM marks a successful first aid; no fight
  action applies it) stops the count and the bleeding and makes ``dying`` ``down``; a new
  wound undoes it; option ``mortal_rule = "gm"`` (a hospital «puede flexibilizar») keeps
  the old «dying until the GM decides». *Defensa inhábil* (G7 ``defence_disabled_rounds``)
  and T11 29–31 «el siguiente turno» end when their count runs out at a round end (the
  rest of their round, then N more); other T11 conditions have no stated end and stay.
  T9: a destroyed chest, abdomen or limb counts ``severe_rounds_left`` =
  ceil((CON+POD)/2) down at the round ends (the wound's round is the first; 0 = dead),
  a chest or abdomen rolling CON×4 «o muere fulminado» first at each of them;
  ``stabilised`` stops it. T11 lost actions (``no_attack``, ``defend_only`` for 1D3
  rounds, ``no_block``, ``no_dodge``; with ``after_effects = "all"``): pending in the
  fumble's round, active the next round(s); an attacker without its attack is refused
  (its fight turn passes), a defender without its declared reaction makes the other one
  (dodge instead of block; block instead of dodge in melee with a block skill) or none.
  A destroyed limb's CON×4 «o perder el conocimiento» is left out (already ``dying``: it
  would only multiply a fight's states).
* Turn (#25, :mod:`.checks.actions`): one action a turn («permite una acción»); the
  actions are the attack, *Carga*, *Desarmar*, *buscar un KO* (the attack with that
  declaration; a GM's choice), *Primeros Auxilios* on an ally (``first_aid_skill``, 30 %
  [BRP] by default; a success stabilises the dying, bleeding or counting, and wakes one
  unconscious at 1–2 HP, who then counts as aided), *Levantarse* (no roll; no dodge or
  block for the rest of the round; refused with a hurt abdomen or a destroyed leg),
  *Defender* (no roll; ``full_defence`` +20 until its next turn starts) and *Recargar*
  (no roll; a counted weapon with ``capacity``; offered only when it cannot fire its next
  blow). *Derribado* (``prone``) is a condition read as T1's prone modifiers, written by a
  leg or the abdomen at 0 or below (T9) and T11 74–76.
* Exact-odds budget: a burst may fire at most ``bullets² × damage values ≤ 20 000``
  (an input error otherwise), so any valid form answers in under a second.
"""

from __future__ import annotations

from .attack import (
    AttackKey,
    OutcomeDistribution,
    OutcomeRow,
    Resolution,
    attack_outcomes,
    hit_probability,
    resolve_attack,
)
from .attack.stages import disarm_threshold
from .checks import CHECKS, reload_plan, silencer_life, silencer_life_law
from .errors import GoreImpossibleAction, GoreInputError
from .forms import DEFAULT, LOCATIONS, Combatant, GoreOptions, Modifiers, Shield, Weapon
from .rules.checks import (
    check_tier,
    crit_range,
    opposition_chance,
    tier_distribution,
)
from .rules.damage import apply_item_damage, damage_distribution
from .rules.derived import hp_max, location_hp
from .rules.fate import fate
from .rules.hazards import HazardResult, hazard
from .rules.location import hit_location
from .rules.matrices import CellEffect, defence_cell
from .rules.skills import attack_skill, defence_skill
from .rules.wounds import location_status, wound_level
from .system import PRESETS, SYSTEM, project
from .tables import TableRow, damage_modifier, table_lookup
from .turns import attack_order, initiative, strikes_first

__all__ = [
    "check_tier",
    "tier_distribution",
    "crit_range",
    "opposition_chance",
    "damage_modifier",
    "hp_max",
    "location_hp",
    "hit_location",
    "attack_skill",
    "defence_skill",
    "defence_cell",
    "damage_distribution",
    "apply_item_damage",
    "wound_level",
    "location_status",
    "attack_order",
    "hazard",
    "table_lookup",
    "resolve_attack",
    "attack_outcomes",
    "hit_probability",
    "HazardResult",
    "TableRow",
    "CellEffect",
    "AttackKey",
    "OutcomeRow",
    "OutcomeDistribution",
    "Resolution",
    "GoreInputError",
    "GoreImpossibleAction",
    "initiative",
    "strikes_first",
    "reload_plan",
    "silencer_life",
    "silencer_life_law",
    "disarm_threshold",
    "Combatant",
    "Shield",
    "Weapon",
    "Modifiers",
    "GoreOptions",
    "DEFAULT",
    "LOCATIONS",
    "PRESETS",
    "CHECKS",
    "fate",
    "project",
    "SYSTEM",
]
