"""G.O.R.E. (d100) — *Generic Old-school Role-playing Engine*, Spanish translation (spec
``shared/rules/gore.md``).

The public surface follows the spec's §7 Rules contract, in its order, then the result
types, the forms and ``SYSTEM``. Conventions: forms are frozen dataclasses validated on
construction (:class:`GoreInputError`); probabilities are exact ``Fraction``s; randomness is
injected (any object with ``randint(a, b)``).

Modules: ``errors`` (GoreInputError, a FieldRangeError), ``validate`` (field validation in
the spec's message format), ``options`` (§2.4 GoreOptions), ``forms`` (§2 forms),
``tables`` (T1–T22 as data, the T19 damage modifier, table_lookup), ``checks`` (§1 tiers,
T8, T7, P4, P18, P19), ``skills`` (P5/P6 and the cross-form checks), ``ranged`` (P11),
``matrices`` (T4–T6), ``damage`` (P9/P10, integer blow weights), ``wounds`` (P12/P13),
``fate`` (§7.3), ``context`` (the numbers of one attack), ``blows`` (the rules the odds and
the roll share: shield, burst, KO, wound, location status, fate), ``odds``
(attack_outcomes, hit_probability), ``resolve`` (resolve_attack in named stages), ``attack``
(re-exports both), ``after`` (the forms after an attack), ``procedures`` (the P1–P3 checks
as CheckProcedures), ``hazards`` (P17), ``messages`` (es/en catalogue), ``presets`` (data),
``view`` (project), ``system`` (SYSTEM glue).

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
* Exact-odds budget: a burst may fire at most ``bullets² × damage values ≤ 20 000``
  (an input error otherwise), so any valid form answers in under a second.
"""

from __future__ import annotations

from .attack import (
    OutcomeDistribution,
    OutcomeRow,
    Resolution,
    attack_outcomes,
    hit_probability,
    resolve_attack,
)
from .checks import (
    attack_order,
    check_tier,
    crit_range,
    damage_modifier,
    hit_location,
    hp_max,
    location_hp,
    opposition_chance,
    tier_distribution,
)
from .damage import apply_item_damage, damage_distribution
from .errors import GoreInputError
from .fate import fate
from .forms import DEFAULT, LOCATIONS, Combatant, GoreOptions, Modifiers, Shield, Weapon
from .hazards import HazardResult, hazard
from .matrices import CellEffect, defence_cell
from .procedures import CHECKS
from .skills import attack_skill, defence_skill
from .system import PRESETS, SYSTEM, project
from .tables import TableRow, table_lookup
from .wounds import location_status, wound_level

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
    "OutcomeRow",
    "OutcomeDistribution",
    "Resolution",
    "GoreInputError",
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
