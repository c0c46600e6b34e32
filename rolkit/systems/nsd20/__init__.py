"""NSd20 (*Infierno de cobardes*, NoSoloRol 2011): d20 + modifiers against a CD or Defensa.

The rules contract of the NSd20 spec (§6), in spec order, then the forms, tables,
results and errors. Probabilities are exact ``Fraction``s; randomness is injected
(``rng.randint``), in the spec's dice order.

The layout (the same in every system): ``errors`` (NSd20InputError) · ``tables`` (T1–T9)
· ``options`` (NSd20Rules, every house rule and assumption) · ``forms`` (Combatant,
Weapon, Modifiers) · ``presets`` · ``messages`` (the catalogue and the citations) ·
``rules/`` (the pure rules: ``check`` P1–P3 and T2, ``opposed`` P2 and §1.5, ``aid``
§1.7, ``effort`` P11, ``progress`` P12, P13, T5, ``derived`` §2.1, P4, P5, ``wounds``
P8–P10, ``healing`` P15, ``hazards`` P17) · ``attack/`` (validate, key, stages,
resolve_attack, the odds: attack_law, attack_outcomes) · ``after`` (the after-state
law, #16, and the status) · ``turns`` (the round's end, P11, and the initiative) ·
``checks/`` (SYSTEM.checks) · ``rules/actions`` (the turn's actions, SYSTEM.actions) ·
``view`` (project) · ``system`` (SYSTEM).

The outcome key (:class:`AttackKey`) is ``(outcome, concealed, damage, wound, state,
massive, stunned, fate)``; the dashboard's flags are ``massive`` (a Daño masivo save was
made), ``stunned`` (left Aturdido) and ``concealed`` (a hit lost to concealment).

Interpretations where the spec is silent (each one a game master would expect):

* Fate: Moribundo, or 0 PR or less, → ``"dying"``; Incapacitado, or Inconsciente from
  fatigue, → ``"down"`` (we read Aturdido + Incapacitado as out of the fight);
  ``death_at_pr`` (off by default) → ``"dead"``; Malherido + Aturdido for one round →
  still acting (``None``).
* An attacker who is Aturdido cannot attack (option ``stunned_cannot_act``, SRD-assumed);
  an Inconsciente or Moribundo attacker cannot either; a defender may be attacked in any
  state.
* Wound penalties (P16, default 0) apply to the attacker's attack and confirmation rolls
  and to the defender's Daño masivo save.
* ``natural_rules_in_opposed`` (G2, off): when on, a natural 20 beats any other die and a
  natural 1 loses to any other; equal naturals compare totals.
* ``aid_helpers_stack`` off: at most +2 however many helpers succeed. More helpers than
  ``max_helpers`` is refused (an error naming the cap), not silently truncated.
* ``concentration_plus5_stack`` off: unstable ground and a grapple add +5 in all.
* ``default_threshold="none"`` (our addition): no Daño masivo unless the defender's
  Umbral is written.
* More options than the spec's table make the other [SRD-assumed] numbers switchable:
  ``cover_bonuses`` (+4/+8), ``total_concealment_miss_min`` (11), ``range_penalty`` (2),
  ``thrown_adds_strength``, ``size_modifies_attack`` (G19), ``stunned_cannot_act``.
* ``EffortEvent(kind="use_effort")`` needs a T3 benefit; a benefit on another kind of
  event is refused. ``melee_damage`` on a non-melee weapon is refused by the attack.
* In the ``cd`` check the helpers roll before the leader; an opposed tie rerolls both dice
  (at most 1000 times).
* The after-state of an attack: the defender's PR (floored at −999, the form's range),
  wound state and Aturdido with its rounds (``stunned`` and ``stun_rounds_left``, 0–9,
  advanced: the turns it still loses after the next one; a blow that leaves Aturdido for
  ``stun_rounds`` = n sets n − 1, an Aturdido already running keeps the longer); the attacker is no longer Desprevenido and has used
  its Esfuerzo extra this turn (its fatigue arrives at the next round, P11; the pending
  fatigue lives in ``Resolution.attacker_effort_state``, not in the form).
* The after-state law (``SYSTEM.transitions``, :mod:`.after`): the attacker's
  after-state does not depend on the dice; damage 0 (a miss, or a hit the RD absorbs)
  leaves the defender form itself (P7: «no effect at all»), so full health stays one
  state whether ``pr_current`` was left empty or not; ``status`` is the form's own fate
  (the same rule as the odds' ``fate``; Aturdido or Malherido still fight). An Aturdido
  attacker who cannot act (``stunned_cannot_act``) loses its turn in the law, which is one
  round of its Aturdido: ``stun_rounds_left`` counts one down, and in its last round
  (count 0; a one-round Aturdido, as before) Aturdido wears off (``resolve`` still refuses
  it). The count is read from the form, not the options (``stun_rounds`` only sets it at
  the blow), so a fight tracked with the default options plays a longer Aturdido a form
  carries. With ``stunned_cannot_act`` off, an Aturdido combatant attacks and its rounds
  are not counted down (the GM clears it), as before.
* Between attacks (:mod:`.turns`, ``SYSTEM.round_end``; no ``turn_start``): when
  the round ends, a combatant who used the Esfuerzo extra (``effort_used_this_turn``, set
  by the attack) tires one step of the ladder (P11: normal → Fatigado → Exhausto →
  Inconsciente), and the once-per-turn mark is cleared there (no turn of its own comes
  between, so it is P11's reset «al inicio del turno»), so the next round's Esfuerzo is
  allowed. Option ``effort_spends_action_point`` (off): spend a Punto de Acción, if any
  is left, instead of tiring (spending it «en ese mismo asalto» or at the next turn's
  start ends the same). Not modelled (no counter in the form): the one-round T3 benefits, an Inconsciente's Fortaleza «each minute» (P15), Moribundo's
  progression (none in the seed, G10).
* Threats: an unconfirmed threat is a plain ``hit`` (§6); the key does not tell it apart.
* Initiative (fight tracker): d20 + Iniciativa (Reflejos total, S2) once per fight; ties
  by the higher modifier, then d20 roll-offs [SRD-assumed; the NSd20 text gives only the
  modifier].
* P15 recovery: PR recovered per day never exceeds the maximum nor goes negative; a
  Moribundo recovers no PR (it must be stabilised first; the spec is silent); a
  negative Fortaleza total recovers 0. An Inconsciente who passes becomes «conscious».
* §1.5 comparative checks (``checks["comparative"]``): an Esfuerzo extra raises a side's
  value by the T3 benefit of what is compared (carrying capacity ×2, speed +3 m, jump
  +1 m) and a plain score by +5 (a comparative check is a prueba; in the d20 SRD +5 FUE
  also doubles the carrying capacity). Values are whole numbers (jump in centimetres).
* Saving throws (``checks["save"]``): d20 + the save's total against the effect's CD; the
  Esfuerzo's +5, or its extra Voluntad save rolled only when the first fails (the
  second die decides).
* The turn (:mod:`.rules.actions`, the combat chapter not found): one acción estándar
  (attack, first aid, aid another) and one free action (the Punto de Acción against the
  Esfuerzo's fatigue) [SRD-assumed]. First aid [SRD-assumed, the d20 SRD's]: Medicina +
  SAB against ``first_aid_cd`` (15) stabilises a Moribundo (``stabilised``: fate
  ``"down"``, not ``"dying"``, until new damage reopens it). Aid another in a fight: the
  helper's attack roll against CD 10 gives the ally +2 on its next attack
  (``aid_bonus``, used up by it; the d20 SRD's reading of «El éxito proporciona al
  líder un +2»). The Punto de Acción (a free action) is spent in the turn of the Esfuerzo
  (``action_point_spent``: no fatigue at the round's end), or in the next turn of the
  combatant, taking the fatigue just come back one step (``effort_fatigue_undoable``,
  set by the round's end, cleared at the end of that turn).
* P17 hazards (no rule in NSd20): ``hazard_outcomes`` / ``apply_hazard`` run a final
  damage the game master chose through P8–P10 (Daño masivo included); RD is the
  caller's choice, as the spec says.
"""

from __future__ import annotations

from rolkit.systems.nsd20.attack import (
    AttackKey,
    AttackOutcomes,
    Resolution,
    attack_law,
    attack_outcomes,
    resolve_attack,
    validate_attack,
)
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.forms import Attacker, Combatant, Defender, Modifiers, Weapon
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.aid import aid_another_bonus, aid_bonus_distribution
from rolkit.systems.nsd20.rules.check import (
    CheckResult,
    TakeResult,
    characteristic_modifier,
    check,
    check_probability,
    condition_modifier,
    take_result,
    take_succeeds,
)
from rolkit.systems.nsd20.rules.derived import (
    attack_bonus,
    defense,
    fortitude_total,
    initiative,
    reflexes_total,
    will_total,
)
from rolkit.systems.nsd20.rules.effort import EffortEvent, EffortState, effort_step
from rolkit.systems.nsd20.rules.hazards import HazardResult, apply_hazard, hazard_outcomes
from rolkit.systems.nsd20.rules.healing import (
    daily_pr_recovery,
    recovery_cd,
    recovery_check,
    recovery_probability,
)
from rolkit.systems.nsd20.rules.opposed import comparative_check, opposed_check, opposed_probability
from rolkit.systems.nsd20.rules.progress import (
    character_points_from_xp,
    concentration_cd,
    concentration_probability,
    session_xp,
    xp_per_character_point,
)
from rolkit.systems.nsd20.rules.wounds import massive_damage_result
from rolkit.systems.nsd20.system import SYSTEM
from rolkit.systems.nsd20.tables import (
    CONCEALMENT_MISS_MIN,
    CONDITION_LEVELS,
    COVER_BONUS,
    EFFORT_BENEFITS,
    MASSIVE_DAMAGE_TABLE,
    SIZE_MODIFIERS,
)

__all__ = [
    # §6, in spec order
    "characteristic_modifier",
    "check",
    "check_probability",
    "opposed_check",
    "opposed_probability",
    "comparative_check",
    "take_result",
    "condition_modifier",
    "aid_another_bonus",
    "aid_bonus_distribution",
    "concentration_cd",
    "xp_per_character_point",
    "character_points_from_xp",
    "session_xp",
    "effort_step",
    "EffortState",
    "EffortEvent",
    "defense",
    "attack_bonus",
    "massive_damage_result",
    "resolve_attack",
    "attack_outcomes",
    "SYSTEM",
    # constants
    "DEFAULT_RULES",
    "SIZE_MODIFIERS",
    "CONDITION_LEVELS",
    "EFFORT_BENEFITS",
    "MASSIVE_DAMAGE_TABLE",
    "COVER_BONUS",
    "CONCEALMENT_MISS_MIN",
    # forms, results, errors
    "NSd20Rules",
    "Combatant",
    "Attacker",
    "Defender",
    "Weapon",
    "Modifiers",
    "CheckResult",
    "TakeResult",
    "Resolution",
    "AttackOutcomes",
    "AttackKey",
    "NSd20InputError",
    # procedures beyond the contract
    "take_succeeds",
    "concentration_probability",
    "attack_law",
    "validate_attack",
    "reflexes_total",
    "fortitude_total",
    "will_total",
    "initiative",
    "daily_pr_recovery",
    "recovery_cd",
    "recovery_check",
    "recovery_probability",
    "hazard_outcomes",
    "apply_hazard",
    "HazardResult",
]
