"""Core Dread (Beta 14): 5d10 hits against an attribute, skill rerolls, wound tracks.

The rules contract of ``shared/rules/core_dread.md`` §7: the 19 pure functions in spec
order, then ``resolve_attack``, ``attack_outcomes`` and ``SYSTEM``, then the forms and
errors. Probabilities are exact ``Fraction``s; randomness is injected (``rng.randint``).

Modules (one job each):

* ``tables`` (§5 as data), ``forms`` (§3 forms and options), ``errors`` (§3.6 errors),
  ``check_forms`` (the checks' forms), ``presets`` (plain data, §8.0);
* ``laws`` (§1.4 integer weights over ``10**(5+s)``, memoised), ``rolls`` (§1, §4.1–4.2
  one roll), ``combat`` (§4.4–4.7 arithmetic), ``wounds`` (§4.8–4.11, §4.17),
  ``hazards`` (§4.15), ``healing`` (§4.16);
* ``validation`` (§3.6), ``context`` (the pools and the hits → damage → wound stages),
  ``consequences`` (§4.9.3, §4.10, §4.12: the wound on the current track),
  ``resolve`` (§4.18 in named stages), ``odds`` (§7.2 and §7.3, exact), ``outcome`` (the
  keys and the Resolution), ``attack`` (re-exports the attack names);
* ``checks`` (``CHECKS``: plain, opposed and healing procedures), ``messages`` (the
  ``cd.*`` catalogue), ``view`` (the OutcomeView), ``display`` (a check roll's HTML,
  Markdown and text), ``system`` (the glue).

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
* ``CoreDreadInputError`` (the spec's umbrella) is a ``FieldRangeError``; an impossible
  combination (``CoreDreadImpossibleError``) is also an ``ImpossibleActionError`` and names
  the one field at fault.
"""

from __future__ import annotations

from rolkit.systems.core_dread import messages as _messages  # noqa: F401  (registers i18n)
from rolkit.systems.core_dread.attack import (
    EFFECTS,
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
from rolkit.systems.core_dread.checks import CHECKS
from rolkit.systems.core_dread.combat import attack_multiplier, opposed_damage
from rolkit.systems.core_dread.errors import (
    CoreDreadImpossibleError,
    CoreDreadInputError,
    CoreDreadRangeError,
)
from rolkit.systems.core_dread.forms import (
    DEFAULT_OPTIONS,
    Armor,
    Attacker,
    Combatant,
    CoreDreadOptions,
    Defender,
    Modifiers,
    Weapon,
)
from rolkit.systems.core_dread.hazards import (
    apply_hazard,
    asphyxia_turns,
    derived_fortaleza,
    fall,
    fall_damage,
    fall_wound,
    hazard_wounds,
)
from rolkit.systems.core_dread.healing import (
    heal,
    healing_check,
    healing_check_outcomes,
    malherido_check,
    rest,
    treat,
)
from rolkit.systems.core_dread.rolls import (
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
from rolkit.systems.core_dread.system import SYSTEM
from rolkit.systems.core_dread.wounds import (
    adjust_wound,
    apply_wounds,
    wound_from_damage,
    wound_penalty,
)

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
    "hit_probability",
]
