"""PHANTÄSIA TIERKREIS (d12 roll-under): the rules of the Tierkreis spec (``tierkreis.md`` in the project's shared rules).

Modules (each cites its spec section and the seed's passage), in the layout every system
shares:

* :mod:`.errors` — :class:`TierkreisInputError` (a ``FieldRangeError``).
* :mod:`.tables` — R2 characteristics, T1 fumble table, T2 placeholder constants, T3, T4.
* :mod:`.forms` — §2 :class:`Combatant`, :class:`Weapon`, :class:`Modifiers`, the weapon
  presets as forms; :mod:`.options` — §2.4 :class:`TierkreisOptions`;
  :mod:`.presets` — data; :mod:`.messages` — es/en.
* :mod:`.rules` — the pure rules: :mod:`.rules.adjustments` (R5/R6, :class:`Adjustment`,
  ``combine_adjustments``, mirroring, the text form of adjustment lists),
  :mod:`.rules.check` (P1 ``check_target``, T4 conditions), :mod:`.rules.damage` (R4,
  P6–P8), :mod:`.rules.health` (P9–P10, P22: :class:`HealthState`, ``apply_damage``,
  ``start_of_turn``, ``pv_max``), :mod:`.rules.hazards` (P16–P18, P21, P24),
  :mod:`.rules.canonical` (T1/T4: the forms whole-fight odds intern as one,
  ``SYSTEM.canonical_fn``).
* :mod:`.attack` — one attack: ``validate`` (§2.3) → the named ``stages`` (P3–P9, with
  ``roll_target``) shared by ``resolve`` (``resolve_attack``) and ``odds`` (the exact
  ``attack_outcomes``); ``key`` holds ``Outcome``, ``AttackKey`` and ``Resolution``.
* :mod:`.after` — P8–P10, T1: the forms after an attack, ``status_of`` and the exact
  after-state law ``attack_transitions`` (``SYSTEM.after``, ``SYSTEM.transitions``).
* :mod:`.turns` — P8, P10, P13, G11: ``SYSTEM.turn_start`` (death points, the literal
  timing's death, the stance's end), ``SYSTEM.turn_end`` (a timed −2 counted down and
  lifted); P23 the initiative.
* :mod:`.checks` — ``SYSTEM.checks``: their forms, P1/P2, P15 maneuvers
  (``resolve_maneuver``), P16–P17, P18, P21, P22.
* :mod:`.view` — ``project`` (the common view of a key); :mod:`.system` — ``SYSTEM``.

Interpretations chosen where the spec is silent (besides its own G1–G23):

* Lists of adjustments (``Combatant.adjustments``, ``Modifiers.extra``) are text fields in
  the forms («+2 ataque (Furia); +1 AGI ítem»): the form kinds have no list kind. A tuple of
  :class:`Adjustment` is accepted and stored as its canonical text;
  ``Combatant.adjustment_list`` / ``Modifiers.extra_list`` give the tuple. Likewise
  ``variable_damage_table`` is text («3: 1 2 2 3 3 3 3 3 3 4 4 5; …») or a mapping, read
  back with ``TierkreisOptions.damage_table``. A text field holds at most 200 characters.
* ``Modifiers.extra`` obeys R6 like every adjustment (an «ataque» adjustment does not reach
  a dodge); it is never mirrored.
* Mirrored adjustments keep their source and apply to the check actually rolled; in dodge
  mode the NPC's would-be characteristic is the one with the higher attack target (tie AGI).
* An attacker (or maneuver actor) knocked out by hunger and sleep (P20) cannot act, like
  one at 0 PV.
* A defender knocked out by P20 with PV left has the fate «down»; any combatant at 0 PV is
  «dying» (death points come each turn, P10, and the third kills: it dies without help),
  3 death points included until its turn starts (G11 default); «dead» once that turn
  starts, or at once with the house rule ``death_timing="immediate"``.
* Maneuvers «FUE o AGI»: the better target, FUE on a tie (listed first in the seed).
* P15 «FUE o AGI» maneuvers of an NPC on a player (``opponent``): the player dodges (AGI,
  P5 mechanics; the NPC's would-be adjustments, snatch −3 included, mirrored), and against
  an NPC keeping its grapple the player rolls FUE-or-AGI to break free (naturals apply).
* P22 natural recovery needs sleep *and* food (P20); PV above 0 end the death points; the
  dead do not recover. A healing power (P9) clears death points, wakes the character prone.
* P22 bleeding: the VIT check applies within 14 days of a conventional cure; never after
  mystic healing.
* The turn (issue #25, :mod:`.checks.actions`, :mod:`.checks.attack_actions`): one action
  (P24, G23) among Atacar, Defensa, Levantarse, Recoger el arma, Desenfundar otra arma,
  Recargar, the P15 maneuvers (Agarrar, Liberarse, Arrebatar, Empujar, Tumbar), Curar,
  Mover and Preparar una acción; the attacks that spend no action spend a «free» mark of
  the turn's budget instead, each allowed by its own mark on the form: the T1 9–10 free
  attack (``free_attack``, lost when its turn ends), the P23 surprise action
  (``surprise_action``: in the tracker it is played before initiative; in whole-fight
  odds in the ambusher's first turn), the P19 prepared action (``prepared_action``, lost
  when its turn starts again) and a power as the P19 reaction (``reaction_used``,
  regained when its turn starts). The prepared attack and the reaction are the GM's to
  call (kind «other»). Curar restores the option ``aid_pv`` (the seed gives no number),
  clears the death points and wakes the healed prone, without a roll (a beneficial power
  needs no check). Mover changes no form (positions are not kept) but is refused to the
  grappled. Agarrar on a «más grande y pesado» opponent is not known in a fight (the
  forms have no size): the check form's ``target_is_larger`` says it.
* States (P8, P15, P19, P24): ``weapon_state`` (in hand, dropped by a fumble 1–2,
  snatched): a held weapon out of the hands leaves a bare-handed blow;
  ``grappled``/``grappling``; ``Weapon.ammo_capacity``/``ammo_left`` (every shot spends
  one; empty, the attack is refused and the fight's blow is not made until Recargar).
  ``SYSTEM.conditions`` lists them.
* ``fumble_penalty`` takes ``"none"`` for no penalty (the spec's ``None`` is accepted and
  stored as ``"none"``): a required dropdown cannot hold ``None``.
* A jump that fails by exactly 1 allows the edge check (best of AGI and FUE, plain P1
  check with the character's conditions).
* Steps use :class:`rolkit.model.Step` (``derived`` holds the spec's ``values``); labels
  are i18n keys under ``tierkreis.``.
* The System's odds key is :class:`AttackKey` (``Outcome`` + the defender's fate). Its
  common view has no hit location; ``wound`` says what the damage did (``Pierde PV``,
  ``Inconsciente (0 PV)``, ``Muerto``), flags name the fumble and its T1 effect, a dodge
  and half damage.
* ``SYSTEM.after`` and ``SYSTEM.transitions`` (:mod:`.after`): the defender's PV and
  death points, the attacker's fumble (prone, −2, −1 PV). ``death_points`` takes 0–3 (the
  spec's table says 0–2): 3 is how the form holds a character at 3 points still dying
  until its turn starts (G11 ``turn_start``, the default) and the dead (P9, immediate
  timing); the form's ``dead`` (advanced; only with 3 points) is ticked when that turn
  starts, so ``status`` reads «dead» from the form alone. With the immediate timing
  nothing ticks it (3 points read dead). An attacker at 0 PV is
  refused as before. ``SYSTEM.status`` reads the same P9 track as the
  odds' fate: ``"dead"``, ``"dying"`` (0 PV), ``"down"`` (P20 knock-out with PV left).
* The after-state also holds the fumble's dropped weapon (T1 1–2, ``weapon_state``),
  the defender's free attack (T1 9–10, ``free_attack``) and the shot spent.
* Turn rules (:mod:`.turns`, ``SYSTEM.turn_start`` and ``SYSTEM.turn_end``): at the
  start of its own turn a character at 0 PV gains a death point (P10; with
  ``death_timing="turn_start"``, the default, the turn start ticks ``dead`` on a
  character at 3 points, and on one whose point there is the third; with the house rule
  ``"immediate"`` the third point kills wherever it comes), and the defensive
  stance ends («hasta el inicio de su próximo turno», P13; option
  ``stance_ends_at_turn_start``, default on). A fumble's −2 «hasta el final de su próximo
  turno» (option ``fumble_penalty_expires``, default on, the spec's rule): the fumble sets
  that kind's count (``physical_penalty_turns`` / ``mental_penalty_turns``, 0–2, advanced) to 2, the
  end of that turn to 1, and the end of its next own turn lifts the −2
  (``SYSTEM.turn_end``). A count of 0 is the untimed −2 (stays until the
  GM clears it: the option off, or a form made by hand). A −2 that ends can bring a fight
  back to an earlier state (fumble, then the same forms two rounds later): the whole-fight
  chain solves those round starts together as one exact linear system. The option is on
  by default (it was off while it cost whole fights time; no longer): the default duel
  solves exactly on 624 states in about 0,3 s CPU (P(A wins) 0,5487), as fast as with the
  option off (832 states, 0,5473: the −2 then stays until the GM clears it, as on a sheet
  kept by hand). A marked form wins over the options: a count or a ``dead`` on the form acts
  whatever the options the turn rule is given (the tracker gives the defaults).
  Not modelled, for want of a field: P18's ``stable`` (every character at 0 PV gains the
  point). ``heal(..., still_dying=True)`` heals a character at 3 points whose turn has not
  started (``"turn_start"``, ``dead`` unticked: «unless healed»); the action Curar applies
  it in a fight. The turn start also gives back the reaction and drops an unused
  prepared action; the turn's end drops an unused free attack or surprise action.
* ``fumble_penalty`` also takes ``"both"``: a fumble 5–6 and one 7–8 lower different
  characteristics, so both −2 apply at once (the spec lists only one of them); the same one
  twice is the same condition (−2, not −4). It keeps the after-states ordered (no fight
  state can come back to an earlier one through the penalties) while the −2 are untimed
  (``fumble_penalty_expires`` off); timed, each kind keeps its own count.
* The bow, pistol and power presets are the worked examples' values, marked «ejemplo»
  (the seed's weapon list was not found, G2); Nico's INT 8 is an example value too.
"""

from __future__ import annotations

from rolkit.systems.tierkreis.attack import (
    AttackKey,
    Outcome,
    Resolution,
    attack_outcomes,
    resolve_attack,
    roll_target,
)
from rolkit.systems.tierkreis.checks import ManeuverResult, resolve_maneuver
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.forms import (
    KNIFE,
    SWORD,
    UNARMED,
    Attacker,
    Combatant,
    Defender,
    Modifiers,
    Weapon,
)
from rolkit.systems.tierkreis.options import DEFAULT, TierkreisOptions
from rolkit.systems.tierkreis.rules.adjustments import (
    Adjustment,
    combine_adjustments,
    split_adjustments,
)
from rolkit.systems.tierkreis.rules.check import CheckTarget, check_target
from rolkit.systems.tierkreis.rules.damage import (
    attack_check_result,
    damage_factor,
    fumble_effect,
    variable_damage,
)
from rolkit.systems.tierkreis.rules.hazards import (
    asphyxia_modifier,
    fall_damage,
    intoxication_modifier,
    jump_modifier,
    movement_m,
    vertical_jump_m,
)
from rolkit.systems.tierkreis.rules.health import (
    HealthState,
    apply_damage,
    heal,
    night_recovery,
    pv_max,
    start_of_turn,
)
from rolkit.systems.tierkreis.system import SYSTEM
from rolkit.systems.tierkreis.tables import Code
from rolkit.systems.tierkreis.turns import InitiativeEntry, initiative_order

__all__ = [
    "Code",
    "HealthState",
    "CheckTarget",
    "ManeuverResult",
    "Adjustment",
    "Combatant",
    "Attacker",
    "Defender",
    "Weapon",
    "Modifiers",
    "TierkreisOptions",
    "DEFAULT",
    "TierkreisInputError",
    "UNARMED",
    "KNIFE",
    "SWORD",
    "Outcome",
    "AttackKey",
    "Resolution",
    "InitiativeEntry",
    "combine_adjustments",
    "split_adjustments",
    "check_target",
    "roll_target",
    "attack_check_result",
    "damage_factor",
    "variable_damage",
    "fumble_effect",
    "pv_max",
    "apply_damage",
    "start_of_turn",
    "heal",
    "night_recovery",
    "jump_modifier",
    "vertical_jump_m",
    "fall_damage",
    "asphyxia_modifier",
    "intoxication_modifier",
    "movement_m",
    "initiative_order",
    "resolve_maneuver",
    "resolve_attack",
    "attack_outcomes",
    "SYSTEM",
]
