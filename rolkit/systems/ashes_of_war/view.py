"""How an Ashes of War attack is shown: ``project(key) -> OutcomeView`` (the common view of
the odds key) and the spec's steps as the shared Steps a user reads, with the rule each
step applies in the rulebook's words (the seed's section and quote).
"""

from __future__ import annotations

from typing import Any

from rolkit.model import OutcomeView, Step
from rolkit.systems.ashes_of_war.attack.key import AttackKey, Resolution
from rolkit.systems.ashes_of_war.forms import Combatant
from rolkit.systems.ashes_of_war.messages import event_key, key
from rolkit.systems.ashes_of_war.rules.wounds import event_flag
from rolkit.systems.ashes_of_war.tables import PART_OF

__all__ = ["project", "display_steps", "RULES"]

_RANK = {None: 0, "light": 1, "serious": 2, "unconscious": 3, "lethal": 4}


def project(k: AttackKey) -> OutcomeView:
    """The common view: hit (absorbed or wound), damage taken, box, location, fate, flags."""
    prone = any(
        e.startswith("first_serious:") and PART_OF[e.split(":")[1]] == "leg" for e in k.events
    )
    return OutcomeView(
        hit=k.category in ("absorbed", "wound"),
        critical=False,
        damage=k.final_damage,
        wound=None if k.wound_box is None else key(f"wound.{k.wound_box}"),
        wound_rank=_RANK[k.wound_box],
        flags=frozenset(event_flag(e) for e in k.events),
        location=None if k.location is None else key(f"location.{k.location}"),
        fate=k.fate,  # type: ignore[arg-type]
        prone=prone,
    )


def _value(name: str, v: Any) -> Any:
    """Derived values shown to a user: terms as i18n keys, tuples as text."""
    if isinstance(v, str):
        if name in ("location", "rolled"):
            return key(f"location.{v}")
        if name in ("severity", "wound_box"):
            return key(f"wound.{v}")
        if name == "adversidad":
            return key(f"value.{v}")
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


def display_steps(r: Resolution, a: Combatant, d: Combatant) -> tuple[Step, ...]:
    """The spec's steps as the shared Steps a user reads: one i18n label per step (one per
    event for ``conditions``), the faces in order, the derived values worth a line, the
    rule as a player reads it, and who acted."""
    out: list[Step] = []
    for s in r.steps:
        name = d.name if s.label in _DEFENDER_STEPS else a.name
        faces = tuple(f for _, _, fs in s.dice for f in fs)
        derived = {k: _value(k, v) for k, v in s.derived.items() if not _silent(s.label, k, v)}
        if s.label == "conditions":
            out += [
                Step(event_key(e), (), {}, RULES[s.label], {"name": name})
                for e in s.derived["events"]
            ]
            continue
        out.append(Step(key(f"step.{s.label}"), faces, derived, RULES[s.label], {"name": name}))
    return tuple(out)
