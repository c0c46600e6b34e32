"""The ``SYSTEM`` object: Ashes Of War under the common System API.

Its key is :class:`~rolkit.systems.ashes_of_war.attack.OddsKey` (§7.3's four fields plus the
defender's fate and the events); ``resolve`` returns the same kind of key, so every roll can
be found in its odds. There are no criticals in this system (§2.1). The exact after-state
law is :func:`~rolkit.systems.ashes_of_war.transitions.attack_transitions`; the rules that
act between attacks are :mod:`~rolkit.systems.ashes_of_war.turn_effects`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit import fields
from rolkit.dice import RandomSource
from rolkit.hooks import Resolved
from rolkit.model import OutcomeView, Step
from rolkit.system import System
from rolkit.systems.ashes_of_war import messages
from rolkit.systems.ashes_of_war.attack import (
    OddsKey,
    Outcome,
    Resolution,
    attack_law,
    resolve_attack,
)
from rolkit.systems.ashes_of_war.checks import CHECKS
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.presets import PRESETS
from rolkit.systems.ashes_of_war.tables import PART_OF
from rolkit.systems.ashes_of_war.transitions import status, system_transitions
from rolkit.systems.ashes_of_war.turn_effects import round_end, turn_start
from rolkit.systems.ashes_of_war.wounds import event_flag


def derived(role: str, form: Any, options: RulesConfig) -> dict[str, Any]:
    """The automatic Prana of a character: full, from its Vitalidad (prana_max)."""
    return {"prana": form.prana_now} if isinstance(form, Combatant) else {}


__all__ = ["SYSTEM", "project"]

_RANK = {None: 0, "light": 1, "serious": 2, "unconscious": 3, "lethal": 4}
_K = messages.key


def project(k: OddsKey) -> OutcomeView:
    """The common view: hit (absorbed or wound), damage taken, box, location, fate, flags."""
    prone = any(
        e.startswith("first_serious:") and PART_OF[e.split(":")[1]] == "leg" for e in k.events
    )
    return OutcomeView(
        hit=k.category in ("absorbed", "wound"),
        critical=False,
        damage=k.final_damage,
        wound=None if k.wound_box is None else _K(f"wound.{k.wound_box}"),
        wound_rank=_RANK[k.wound_box],
        flags=frozenset(event_flag(e) for e in k.events),
        location=None if k.location is None else _K(f"location.{k.location}"),
        fate=k.fate,  # type: ignore[arg-type]
        prone=prone,
    )


def _value(name: str, v: Any) -> Any:
    """Derived values shown to a user: terms as i18n keys, tuples as text."""
    if isinstance(v, str):
        if name in ("location", "rolled"):
            return _K(f"location.{v}")
        if name in ("severity", "wound_box"):
            return _K(f"wound.{v}")
        if name == "adversidad":
            return _K(f"value.{v}")
    if isinstance(v, tuple):
        return ", ".join(" ".join(map(str, x)) if isinstance(x, tuple) else str(x) for x in v)
    return v


#: The rule each step applies, as a player reads it: the seed's section and its words.
RULES = {
    "attack_pool": "«Ataque»: «Apuntar a la cabeza, a una mano o a un pie se hace con un dado "
    "de Desgracia (▽)»; tope de 3 ▽ por tirada",
    "attack_roll": "Un d6 por NdP y por △, éxito con 4+; cada éxito de un ▽ anula uno "
    "(regla provisional)",
    "defence_pool": "«Defensa»: «cada defensa sucesiva acumulará un dado de Desgracia (▽)», "
    "sin el tope habitual",
    "defence_roll": "Un d6 por NdP y por △, éxito con 4+; cada éxito de un ▽ anula uno "
    "(regla provisional)",
    "undefended": "«Ataque»: «Si un oponente no se defiende … la Adversidad de la tirada será "
    "Fácil»",
    "compare": "«Defensa»: «En las tiradas enfrentadas de ataque y defensa, el empate favorece "
    "al defensor»",
    "location": "«Ubicación del golpe»: «Si no apunta, el golpe cae donde la narración lo ponga "
    "o … donde diga 1d10» (tabla provisional)",
    "damage": "«Daños»: «El dado de daño se tira en cada golpe»",
    "rd": "«Daños»: «(Dado de daño del arma) - (RD del equipo defensivo del oponente)»",
    "wound": "«Daños»: «Si las casillas de daño leve están ocupadas, el mismo será considerado "
    "grave» (umbrales de herida provisionales)",
    "conditions": "«Estados causados por daño»",
    "integrity": "«Daños»: «la armadura impactada pierde Integridad»; «el arma atacante pierde un "
    "punto de Integridad»",
}

_DEFENDER_STEPS = ("defence_pool", "defence_roll", "undefended", "wound", "conditions")


def _silent(label: str, name: str, v: Any) -> bool:
    """A pool's zero sources (no cover, no aiming…) are not worth a line."""
    return label.endswith("_pool") and name not in ("ndp", "desgracias") and v == 0


def _steps(r: Resolution, a: Combatant, d: Combatant) -> tuple[Step, ...]:
    out = []
    for s in r.steps:
        name = d.name if s.label in _DEFENDER_STEPS else a.name
        faces = tuple(f for _, _, fs in s.dice for f in fs)
        derived = {k: _value(k, v) for k, v in s.derived.items() if not _silent(s.label, k, v)}
        if s.label == "conditions":
            out += [
                Step(messages.event_key(e), (), {}, RULES[s.label], {"name": name})
                for e in s.derived["events"]
            ]
            continue
        out.append(Step(_K(f"step.{s.label}"), faces, derived, RULES[s.label], {"name": name}))
    return tuple(out)


def _resolve(
    a: Combatant, d: Combatant, w: Weapon, m: Modifiers, options: RulesConfig, rng: RandomSource
) -> Resolved[Outcome, OddsKey]:
    """The user reads the §7.1 steps as the kit's Steps (flat faces, one per event)."""
    r = resolve_attack(a, d, w, m, rng, rules=options)
    return Resolved(_steps(r, a, d), r.outcome, r.outcome.odds_key)


def _odds(
    a: Combatant, d: Combatant, w: Weapon, m: Modifiers, options: RulesConfig
) -> dict[OddsKey, Fraction]:
    law, den = attack_law(a, d, w, m, options)
    return {k: Fraction(n, den) for k, n in law.items()}


SYSTEM = System(
    id="ashes_of_war",
    name_key=_K("name"),
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=RulesConfig,
    presets=PRESETS,
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=project,
    default_forms={
        "attacker": fields.from_data(Combatant, PRESETS["attacker"]["Kira"]),
        "defender": fields.from_data(Combatant, PRESETS["defender"]["Gorath"]),
        "weapon": fields.from_data(Weapon, PRESETS["weapon"]["Espada larga de acero"]),
        "modifiers": Modifiers(),
    },
    grid_axes=(("attacker", "melee"), ("modifiers", "extra_gracias_attack")),
    critical_key=_K("headline.critical"),
    checks=CHECKS,
    tracks_state=True,
    derived_fn=derived,
    transitions_fn=system_transitions,
    status_fn=status,
    turn_start_fn=turn_start,
    round_end_fn=round_end,
)
