"""The ``SYSTEM`` object: Ashes Of War under the common System API.

Its key is :class:`~rolkit.systems.ashes_of_war.attack.AttackKey` (§7.3's four fields plus
the defender's fate and the events); ``resolve`` returns the same kind of key, so every roll
can be found in its odds. There are no criticals in this system (§2.1). The exact
after-state law is :mod:`~rolkit.systems.ashes_of_war.after`; the rules that act between
attacks are :mod:`~rolkit.systems.ashes_of_war.turns`.
"""

from __future__ import annotations

from typing import Any

from rolkit import fields
from rolkit.system import System
from rolkit.systems.ashes_of_war.after import blow_reads, conditions, status, system_transitions
from rolkit.systems.ashes_of_war.attack import odds, p_out, resolve
from rolkit.systems.ashes_of_war.attack.sample import sample_blow
from rolkit.systems.ashes_of_war.checks import CHECKS
from rolkit.systems.ashes_of_war.checks.profile import attack_profile, decomposable_weapon
from rolkit.systems.ashes_of_war.checks.turn import ACTIONS, TURN_RULES
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.grid import hit_probability
from rolkit.systems.ashes_of_war.messages import key
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.presets import PRESETS
from rolkit.systems.ashes_of_war.rules.compact_duel import compact_duel
from rolkit.systems.ashes_of_war.rules.compact_sample import sample_duel
from rolkit.systems.ashes_of_war.turns import round_end, turn_start
from rolkit.systems.ashes_of_war.view import project

__all__ = ["SYSTEM", "project"]


def derived(role: str, form: Any, options: RulesConfig) -> dict[str, Any]:
    """§4.23 the automatic Prana of a character: full, from its Vitalidad (prana_max)."""
    return {"prana": form.prana_now} if isinstance(form, Combatant) else {}


SYSTEM = System(
    id="ashes_of_war",
    name_key=key("name"),
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=RulesConfig,
    presets=PRESETS,
    resolve_fn=resolve,
    odds_fn=odds,
    project=project,
    default_forms={
        "attacker": fields.from_data(Combatant, PRESETS["attacker"]["Kira"]),
        "defender": fields.from_data(Combatant, PRESETS["defender"]["Gorath"]),
        "weapon": fields.from_data(Weapon, PRESETS["weapon"]["Espada larga de acero"]),
        "modifiers": Modifiers(),
    },
    grid_axes=(("attacker", "melee"), ("modifiers", "extra_gracias_attack")),
    critical_key=key("headline.critical"),
    checks=CHECKS,
    tracks_state=True,
    derived_fn=derived,
    transitions_fn=system_transitions,
    blow_reads=blow_reads,  # a blow's law shared by attackers with equal pools (#27)
    status_fn=status,
    turn_start_fn=turn_start,
    round_end_fn=round_end,
    turn_rules=TURN_RULES,
    actions=ACTIONS,
    conditions_fn=conditions,
    hit_fn=hit_probability,  # the grid: P(hit) from the two pools alone
    p_out_fn=p_out,  # the "weakest" policy's measure, no odds built (#27 item 6)
    duel_profile=(attack_profile, decomposable_weapon),  # a duel splits in two (#27)
    sample_blow=sample_blow,  # a simulated blow: the dice, no steps (#27 item 6)
    duel_compact=compact_duel,  # the default duel's sides pushed with numpy (#27 item 2)
    duel_sample=sample_duel,  # its fights simulated on the compact state (#27 item 6)
)
