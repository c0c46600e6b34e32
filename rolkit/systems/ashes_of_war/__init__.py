"""Ashes Of War (the Ashes of War spec, ``ashes_of_war.md`` in the project's shared rules): the hit-location system.

Modules (the layout every system shares): ``errors`` (the error tree) · ``tables`` (names
and table defaults) · ``forms`` (the forms, and their field helpers: int maps and
multichoices with a non-empty default, the unvalidated ``evolve``, the cached form hash) ·
``options`` (``RulesConfig``, the spec's placeholders) · ``presets`` · ``messages`` ·
``view`` (``project`` and the steps a user reads) · ``rules/`` (the pure rules: ``mechanic``
§2.2, ``dice`` §2.3 and §4.1–4.2, ``pools`` §4.4–4.6, ``legality`` §4.3 and §4.5,
``location`` §4.11, ``damage`` §4.9 and §4.12–4.13, ``wounds`` §4.14–4.17, ``healing``
§4.23 and T8, ``derived``) · ``attack/`` (``validate`` → ``stages`` → ``resolve``, the
exact law in ``odds``, the key and result types in ``key``) · ``after`` (the exact
after-state law of one attack and a combatant's status) · ``turns`` (the rules between
attacks: bleeding, successive defences, the Moribundo and waking rolls) · ``checks/`` (the
``CheckProcedure`` objects, their forms, the rolls on characters — feint, locating, running,
Auxiliar, Moribundo — movement, running and reloading, and ``turn``: ``TURN_RULES`` and the
``ACTIONS`` of a turn, #25) · ``system`` (``SYSTEM``).

Interpretations chosen where the spec is silent, or where the shared field kinds forced a
shape (every one is also visible in the code that applies it):

* Forms use only the shared field kinds. Each skill is an int field of ``Combatant``
  (``.skills`` gives the spec's mapping); armour is up to three ``ArmorPiece`` slots
  (``.armor`` gives the tuple; a piece covers a location where its RD there is > 0); wound
  marks are counts per location — light, serious by type (blunt / cutting-or-piercing /
  fire-or-bleed) and lethal — which is all the states read (light marks do not keep their
  type, and marks have no order); bleeding is two location sets (leve, grave; one location
  cannot be in both); a weapon has a main damage type plus optional others
  (``damage_types`` = main first, so "the first" type of §3.5 is the main one);
  ``Weapon.wound_thresholds`` is two optional ints (both or neither). ``combatant(name,
  skills=..., armor=(...))`` and ``wounds_from_marks`` build forms from the spec's shapes.
  Marks above a location's boxes (T3 lives in the options) are refused when an attack or
  its odds are computed, naming ``defender.wounds.<row>``.
* ``Modifiers.aimed_location``, ``narrated_location`` and ``damage_type`` are optional
  choices: the dashboard's "(auto)" is the spec's ``None``.
* The System key (``AttackKey``, also importable as ``OddsKey``) adds the defender's fate and the wound's events to §7.3's
  key, so odds and rolls carry fate (``dead`` / ``dying`` = Moribundo / ``down`` =
  Inconsciente) and flags; ``attack_outcomes`` keeps the contract's four-field key. Fate is
  the defender's state after the attack, so an already unconscious defender is ``down`` on
  every outcome. ``prone`` is a first serious wound in a Pierna (T5 "cae derribado").
* No criticals, fumbles or automatic hits (§2.1): ``critical`` is always False.
* Fracturado, Contusionado and Hemorragia Leve are triggered only by a wound of the matching
  damage type (fire and bleeding ticks never trigger them); an event is reported only when
  its state is new. With ``fracture_scope="limb"`` both locations of the limb become
  Fracturado. Dismembering a location clears its Fracturado and first-serious marks, and a
  bleeding there moves toward the torso (same or higher level), as §4.16 says for ticks.
* Attacking an unconscious, dying or dead defender is allowed (undefended only).
* Blind fire raises an undefended Fácil to Intermedia and keeps a harder Adversidad.
* Successive defences are counted up to the field's maximum (20) in ``defender_after``.
* ``gracia_cap`` applies before cancelling; cancelling removes capped ▽ first (§2.3).
* The ``skill`` check applies Contusionado / Fracturado only to quick skills; the
  ``stabilise`` check rolls turn after turn until a success or the third failure.
* T5 effects are applied (option ``first_serious_applied``, default on; off = reported
  only, the spec's first reading): a first serious wound in a Pierna leaves the character
  Derribado (prone: 1 ▽ on quick rolls, ``prone_desgracias``; no Correr; standing up spends
  the movement action, with no roll: the seed gives none); in the Brazo or Mano of the
  weapon hand (``Combatant.weapon_hand``, default right) it drops the weapon (no attack
  with it until picked up, an action of movement), of the shield arm the shield (no shield
  intercept until picked up); while the effect lasts a Brazo gives +1 ▽ on rolls that use
  it (attacks with a weapon or an object intercept on the weapon side, shield intercepts on
  the shield side), a Mano cannot wield, a Pierna or a Pie limits the movement action to
  3 m, a Pierna forbids Correr and a Pie gives Correr +1 ▽. Pelea (``brawl``) needs no
  weapon hand. A lost or Fracturado weapon hand (or its arm) stops attacks with a weapon,
  and the fight meets such a turn as "no blow" (``after.system_transitions``).
* Ammunition (§4.20): a ranged weapon with Recarga N shoots from its ``loaded`` cargador
  (``magazine`` shots, empty = full) and must be reloaded when empty; one without Recarga
  spends its ``ammunition`` directly; ``ammunition`` empty = not counted. Reloading fills
  the cargador from the ammunition carried and is refused with none («Sin munición no hay
  recarga»). Every ranged attack spends its shot whatever the roll.
* T8 healing days and Prana regeneration are helpers outside the attack.
* ``Conditions.dying`` implies Inconsciente for every rule even if ``unconscious`` is unset.
* After-state law (``SYSTEM.transitions``): the forms ``resolve_attack`` gives, built by
  the one shared stage ``attack.stages.branch_after``; ``status`` is the odds' fate read from the
  Conditions (dead, Moribundo = ``dying``, Inconsciente = ``down``). Wound rows always list
  every location (missing = 0), so equal marks are one state however the form was built.
  A weapon at Integridad 0
  cannot attack (§4.3): ``odds`` and ``resolve`` raise; ``SYSTEM.transitions`` gives the
  certain "no blow" law (nothing changes), so a fight whose weapon wears out goes on
  (``after.attack_transitions`` raises like the odds).
* Between attacks (``turns``, ``SYSTEM.round_end`` / ``turn_start``): «Turno» is the
  round shared by everyone, so "end of turn" is the end of the fight's round and "the start
  of each of their turns" is the combatant's own turn in it (before it acts, the moment a
  GM going round the table asks for the roll). At the round's end: ``defences_this_turn``
  back to 0 (§4.5) and, with ``bleed_timing="end_of_turn"`` (default), one bleeding tick
  per bleeding location (§4.16), in body order (head, torso, arms, hands, legs, feet), each
  at the level it has when its tick comes; a bleeding moved by a lost limb this turn bleeds
  from the next one; no ticks once dead. ``bleed_timing="start_of_turn"`` moves the ticks
  to the start of the bleeder's own turn (before its roll). At the start of its own turn: a
  Moribundo rolls Fortitud vs Difícil (success → estabilizado, still Inconsciente; third
  failure → muerto), an Inconsciente who is not Moribundo rolls to wake (a stabilised
  character too; option ``waking_roll``, default on). The roll is not a quick roll, and as
  «the roller's next roll» it takes and spends the pending ▽ (§2.3; ``wake_roll`` and
  ``stabilisation_roll`` now spend them too). One roll per turn: a character stabilised
  this turn rolls to wake from the next. ``RulesConfig.dying_rule`` is the Moribundo rule
  for the whole fight (a bleeding reaches the lethal box between attacks, where no
  ``Modifiers`` exist): attacks apply Moribundo when it or ``Modifiers.dying_rule`` is set;
  a stabilised character was Moribundo, so for it the rule is in play anyway. Not modelled
  (the forms do not hold it): waking after an hour or with care.
* Actions of a turn (``checks.turn``): a movement action and two attack actions; the
  costs and choices are listed there. Where the seed is silent: standing up and picking up
  spend the movement action with no roll; Correr's Adversidad in a fight is the option
  ``run_adversidad`` (Fácil); Auxiliar tends the most urgent state first (Moribundo, then
  Hemorragia Grave, Leve, then Inconsciente); a feint cannot target one who cannot defend;
  Recarga N counts the reload actions taken this turn and is refused when it cannot be
  finished in it.
"""

from __future__ import annotations

from rolkit.systems.ashes_of_war.attack import (
    AttackKey,
    OddsKey,
    Outcome,
    OutcomeKey,
    Resolution,
    Step,
    attack_outcomes,
    outcome_marginal,
    resolve_attack,
)
from rolkit.systems.ashes_of_war.checks import movement_allowance, reload_actions
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
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.damage import (
    damage_distribution,
    shield_block,
    wound_severity,
)
from rolkit.systems.ashes_of_war.rules.derived import prana_max
from rolkit.systems.ashes_of_war.rules.dice import (
    check_distribution,
    p_check_success,
    p_opposed_win,
    roll_check,
    total_desgracias,
)
from rolkit.systems.ashes_of_war.rules.location import hit_location
from rolkit.systems.ashes_of_war.rules.mechanic import CheckRoll, PoolSpec
from rolkit.systems.ashes_of_war.rules.pools import attack_pool, defence_pool, undefended_threshold
from rolkit.systems.ashes_of_war.rules.wounds import (
    WoundResult,
    apply_wound,
    bleed_tick,
    dying_death_probability,
)
from rolkit.systems.ashes_of_war.system import SYSTEM

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
    "AttackKey",
    "OddsKey",
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
