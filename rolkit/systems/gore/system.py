"""§7 The registered ``SYSTEM``: i18n texts, presets (T20), the outcome projection and the
glue from :class:`rolkit.model.System` to ``resolve_attack`` / ``attack_outcomes``.

Options: the spec carries :class:`GoreOptions` in ``Modifiers.options``; the System is
told so (``options_field="options"``), so ``options=None`` uses the modifiers' options and
explicit options replace them before ``resolve_attack`` / ``attack_outcomes`` see them.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from rolkit.model import OutcomeView, Step
from rolkit.system import System

from .forms import Combatant, Modifiers, Shield, Weapon
from .matrices import HIT_CATEGORIES
from .odds import OutcomeRow, attack_outcomes
from .options import GoreOptions
from .procedures import CHECKS
from .resolve import Resolution, resolve_attack
from .tables import T20_SHIELDS, T20_WEAPONS
from .wounds import WOUND_RANK

__all__ = ["SYSTEM", "PRESETS", "project"]

from . import messages  # noqa: F401  (registers the catalogue)


def project(key: Hashable) -> OutcomeView:
    """§7 Common projection of an :class:`OutcomeRow`.

    ``hit``: the blow landed on the defender's body (a ``hit_*`` category; a shield hit,
    cover hit or block is not a hit); ``critical``: attacker tier Crítico or Empalar;
    ``damage``: HP the defender lost; ``wound``: ``gore.wound.<level>`` (None for none);
    ``wound_rank``: none 0 < leve 1 < grave 2 < mortal 3; ``flags``: facts readable from the
    key (``ko``, ``ko_failed``, ``pifia``, ``malfunction``, ``blocked``, ``shield``,
    ``cover``, ``impale``, ``item_destroyed``, ``location_disabled``, ``location_severe``);
    ``location``: ``gore.location.<x>`` when the row names one (one bullet, hit locations
    on); ``fate``: the §7.3 fate of the defender.
    """
    row = key if isinstance(key, OutcomeRow) else OutcomeRow(*key)  # type: ignore[misc]
    flags = set()
    if row.ko == "unconscious":
        flags.add("ko")
    elif row.ko == "failed":
        flags.add("ko_failed")
    if row.attacker_tier == "pifia":
        flags.add("pifia")
    if row.attacker_tier == "empalar":
        flags.add("impale")
    extra = {
        "malfunction": "malfunction",
        "blocked": "blocked",
        "shield_hit": "shield",
        "cover_hit": "cover",
    }
    if row.category in extra:
        flags.add(extra[row.category])
    if row.block_item_pg_after == 0:
        flags.add("item_destroyed")
    if row.location_status in ("disabled", "severe"):
        flags.add(f"location_{row.location_status}")
    return OutcomeView(
        hit=row.category in HIT_CATEGORIES,
        critical=row.attacker_tier in ("critico", "empalar"),
        damage=row.damage,
        wound=None if row.wound == "none" else f"gore.wound.{row.wound}",
        wound_rank=WOUND_RANK[row.wound],
        flags=frozenset(flags),
        location=None if row.location is None else f"gore.location.{row.location}",
        fate=row.fate,
    )


def _resolve(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: GoreOptions | None,
    rng: Any,
) -> tuple[tuple[Step, ...], Resolution, OutcomeRow]:
    """System ``resolve_fn``: one roll, its steps, and its key (the :class:`OutcomeRow`)."""
    res = resolve_attack(attacker, defender, weapon, modifiers, rng)
    return res.steps, res, res.row


def _odds(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: GoreOptions | None,
) -> dict[OutcomeRow, Fraction]:
    """System ``odds_fn``: ``attack_outcomes(...).rows``."""
    return attack_outcomes(attacker, defender, weapon, modifiers).rows


def _after(res: Resolution) -> dict[str, Any]:
    """System ``after_fn``: the forms after the attack (see :mod:`.after` for what the
    forms cannot hold: unconsciousness, dying, a broken weapon, …)."""
    return {
        "attacker": res.attacker_after,
        "defender": res.defender_after,
        "weapon": res.weapon_after,
    }


# --------------------------------------------------------------------------- presets
_WEAPONS = {name: Weapon(name=name, **kw) for name, kw in T20_WEAPONS.items()}
_SHIELDS = {name: Shield(kind=kind, pg_max=pg) for name, (kind, pg) in T20_SHIELDS.items()}

PRESETS: dict[str, dict[str, object]] = {
    "attacker": {
        "Novato (Hab. 25)": Combatant(name="Novato"),
        "Guerrero (Hab. 60, FUE 13, TAM 14: MD +1D4)": Combatant(
            name="Guerrero", fue=13, tam=14, attack_skill=60, dodge_skill=40, block_skill=50
        ),
        "Tirador (Hab. 60, DES 11)": Combatant(name="Tirador", attack_skill=60),
        "Veterano (Hab. 100: dos ataques)": Combatant(
            name="Veterano", fue=14, tam=14, des=14, attack_skill=100, dodge_skill=50
        ),
        "Maestro de armas (Hab. 150: tres ataques)": Combatant(
            name="Maestro", fue=15, tam=14, des=16, attack_skill=150, dodge_skill=70
        ),
    },
    "defender": {
        "Sin armadura (12 PG)": Combatant(name="Defensor"),
        "Esquiva 40, armadura 2, 12 PG": Combatant(
            name="Defensor", dodge_skill=40, armour=2, hp_max=12
        ),
        "Armadura 3 (ejemplo del texto)": Combatant(name="Defensor", armour=3),
        "Con broquel (bloqueo 50, 15 PG)": Combatant(
            name="Defensor",
            block_skill=50,
            armour=2,
            block_item=_SHIELDS["Broquel (escudo pequeño)"],
        ),
        "Con rodela (bloqueo 50, 20 PG)": Combatant(
            name="Defensor", block_skill=50, armour=2, block_item=_SHIELDS["Rodela (escudo normal)"]
        ),
        "Con escudo grande (bloqueo 50, 22 PG)": Combatant(
            name="Defensor", block_skill=50, armour=2, block_item=_SHIELDS["Escudo grande"]
        ),
        "Criatura enorme (TAM 60, armadura 4)": Combatant(
            name="Criatura", fue=30, tam=60, con=25, armour=4
        ),
    },
    "weapon": dict(_WEAPONS),
    "modifiers": {
        "Sin modificadores (esquiva)": Modifiers(),
        "Bloquear": Modifiers(defence="block"),
        "Sin defensa": Modifiers(defence="none"),
        "Sorprendido desde arriba (+30 %)": Modifiers(
            target_surprised=True, relative_height="attacker_higher"
        ),
        "Por la espalda (+20 %)": Modifiers(from_behind=True),
        "Objetivo indefenso": Modifiers(target_helpless=True, defence="none"),
        "Oscuridad total": Modifiers(lighting="oscuridad_total"),
        "Defensor a la defensiva (+20)": Modifiers(defender_full_defence=True),
        "Buscar un KO, sin defensa": Modifiers(ko_attempt=True, defence="none"),
        "Localización de impactos": Modifiers(use_hit_locations=True),
        "Carga (+1D4)": Modifiers(charge=True),
        "Penumbra (×1/2)": Modifiers(lighting="penumbra"),
    },
}

SYSTEM = System(
    id="gore",
    name_key="gore.name",
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=GoreOptions,
    options_field="options",
    presets=PRESETS,
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=project,
    default_forms={
        "attacker": Combatant(name="A"),
        "defender": Combatant(name="D"),
        "weapon": Weapon(),
        "modifiers": Modifiers(),
    },
    grid_axes=(("attacker", "attack_skill"), ("modifiers", "situational_bonus")),
    after_fn=_after,
    checks=CHECKS,
)
