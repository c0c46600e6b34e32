"""Ashes Of War (spec ``/work/shared/rules/ashes_of_war.md``): the hit-location system.

Modules: ``tables`` (names and table defaults) · ``options`` (``RulesConfig``, the spec's
placeholders) · ``forms`` · ``core`` (the §2.2 pool and its exact law) · ``pools`` (§2.3,
§4.3–4.6) · ``location`` (§4.11, T4) · ``damage`` (§4.9, §4.12–4.13) · ``wounds``
(§4.14–4.17) · ``attack`` (``resolve_attack``, ``attack_outcomes``) · ``procedures``
(checks, feint, locating, running, Auxiliar, Moribundo, movement, reload, Prana) ·
``messages`` · ``presets`` · ``system`` (``SYSTEM``).

Interpretations chosen where the spec is silent or the form kinds forced a shape:

* Forms use only the shared field kinds: each skill is an int field of ``Combatant``
  (``.skills`` gives the mapping); armour is up to three ``ArmorPiece`` slots (``.armor``
  gives the tuple; a piece covers a location where its RD there is > 0); wound marks are
  counts per location — light, serious by type (blunt / cutting-or-piercing / fire-or-bleed)
  and lethal — which is everything the states read (light marks do not keep their type);
  bleeding is two location sets (leve, grave); a weapon has a main damage type plus optional
  others (``damage_types`` = main first). ``combatant(name, skills=..., armor=(...))`` and
  ``wounds_from_marks`` build forms from the spec's own shapes.
* The System key adds the defender's fate and the wound's events to §7.3's key, so odds
  and rolls carry fate (dead / dying / down) and flags; ``attack_outcomes`` keeps the
  contract's four-field key.
* A wound's states (Fracturado, Contusionado, Hemorragia) are triggered only by a wound of
  the matching type (fire and bleed ticks never trigger them); events are reported only
  when a state is new.
* With ``fracture_scope="limb"`` both locations of the limb become Fracturado.
* A dismembered location's bleeding moves toward the torso (same or higher level).
* Attacking an already unconscious or dead defender is allowed (undefended only).
* Blind fire against an undefended target raises Fácil to Intermedia, keeps a harder one.
* ``Modifiers.dying_rule`` lives in the modifiers form (as in the spec's §3.5).
"""

from __future__ import annotations

from rolkit.systems.ashes_of_war.attack import (
    Outcome,
    OutcomeKey,
    Resolution,
    Step,
    attack_outcomes,
    outcome_marginal,
    resolve_attack,
)
from rolkit.systems.ashes_of_war.core import (
    CheckRoll,
    PoolSpec,
    check_distribution,
    p_check_success,
    p_opposed_win,
    roll_check,
    total_desgracias,
)
from rolkit.systems.ashes_of_war.damage import damage_distribution, shield_block, wound_severity
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError, AowImpossibleError, AowInputError
from rolkit.systems.ashes_of_war.forms import (
    ArmorPiece,
    Attacker,
    Combatant,
    Conditions,
    Defender,
    Modifiers,
    Shield,
    Weapon,
    WoundMark,
    Wounds,
    combatant,
    wounds_from_marks,
)
from rolkit.systems.ashes_of_war.location import hit_location
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.pools import attack_pool, defence_pool, undefended_threshold
from rolkit.systems.ashes_of_war.procedures import (
    dying_death_probability,
    movement_allowance,
    prana_max,
    reload_actions,
)
from rolkit.systems.ashes_of_war.system import SYSTEM
from rolkit.systems.ashes_of_war.wounds import WoundResult, apply_wound, bleed_tick

__all__ = [
    "SYSTEM",
    "DEFAULT_RULES",
    "RulesConfig",
    "Combatant",
    "Attacker",
    "Defender",
    "Weapon",
    "ArmorPiece",
    "Shield",
    "Wounds",
    "WoundMark",
    "Conditions",
    "Modifiers",
    "combatant",
    "wounds_from_marks",
    "AowInputError",
    "AowFieldRangeError",
    "AowImpossibleError",
    "PoolSpec",
    "CheckRoll",
    "WoundResult",
    "Outcome",
    "OutcomeKey",
    "Resolution",
    "Step",
    "check_distribution",
    "roll_check",
    "p_check_success",
    "p_opposed_win",
    "total_desgracias",
    "attack_pool",
    "defence_pool",
    "undefended_threshold",
    "hit_location",
    "damage_distribution",
    "wound_severity",
    "apply_wound",
    "shield_block",
    "bleed_tick",
    "dying_death_probability",
    "prana_max",
    "movement_allowance",
    "reload_actions",
    "resolve_attack",
    "attack_outcomes",
    "outcome_marginal",
]
