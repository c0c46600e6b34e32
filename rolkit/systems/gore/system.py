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

from rolkit import i18n
from rolkit.model import OutcomeView, Step
from rolkit.system import System

from .attack import OutcomeRow, Resolution, attack_outcomes, resolve_attack
from .forms import LOCATION_LABELS, Combatant, GoreOptions, Modifiers, Shield, Weapon
from .matrices import HIT_CATEGORIES
from .tables import T20_SHIELDS, T20_WEAPONS
from .wounds import WOUND_RANK

__all__ = ["SYSTEM", "PRESETS", "project"]

_ES = {
    "gore.name": "G.O.R.E.",
    "gore.wound.none": "sin herida",
    "gore.wound.leve": "Herida leve",
    "gore.wound.grave": "Herida grave",
    "gore.wound.mortal": "Herida mortal",
    "flag.ko": "KO (inconsciente)",
    "flag.ko_failed": "KO fallido",
    "flag.pifia": "pifia del atacante",
    "flag.malfunction": "encasquillamiento",
    "flag.blocked": "bloqueado",
    "flag.shield": "impacto en el escudo",
    "flag.cover": "impacto en la cobertura",
    "flag.impale": "empalamiento",
    "flag.item_destroyed": "escudo/arma destruido",
    "flag.location_disabled": "localización inutilizada",
    "flag.location_severe": "localización destrozada",
    "gore.step.skill": "Habilidad efectiva",
    "gore.step.attack_roll": "Tirada de ataque",
    "gore.step.defence_roll": "Tirada de defensa",
    "gore.step.dodge_table": "Tabla de esquiva",
    "gore.step.block_table": "Tabla de bloqueo",
    "gore.step.no_defence": "Sin defensa (T6)",
    "gore.step.location": "Localización",
    "gore.step.location_status": "Estado de la localización",
    "gore.step.cover": "Cobertura",
    "gore.step.shield": "Escudo",
    "gore.step.shield_damage": "Escudo: daño al objeto",
    "gore.step.burst": "Ráfaga",
    "gore.step.damage": "Daño",
    "gore.step.armour": "Armadura",
    "gore.step.critical": "Crítico/Empalar",
    "gore.step.ko": "KO",
    "gore.step.fumble": "Pifia",
    "gore.step.wound": "Herida",
    "gore.step.serious": "Tabla de heridas graves",
}
_EN = {
    "gore.name": "G.O.R.E.",
    "gore.wound.none": "sin herida (no wound)",
    "gore.wound.leve": "Herida leve (light wound)",
    "gore.wound.grave": "Herida grave (serious wound)",
    "gore.wound.mortal": "Herida mortal (mortal wound)",
    "flag.ko": "KO (knocked out)",
    "flag.ko_failed": "KO failed",
    "flag.pifia": "attacker fumble",
    "flag.malfunction": "malfunction",
    "flag.blocked": "blocked",
    "flag.shield": "shield hit",
    "flag.cover": "cover hit",
    "flag.impale": "impale",
    "flag.item_destroyed": "shield/weapon destroyed",
    "flag.location_disabled": "location disabled",
    "flag.location_severe": "location severely hurt",
    "gore.step.skill": "Habilidad efectiva (effective skill)",
    "gore.step.attack_roll": "Tirada de ataque (attack roll)",
    "gore.step.defence_roll": "Tirada de defensa (defence roll)",
    "gore.step.dodge_table": "Tabla de esquiva (dodge matrix)",
    "gore.step.block_table": "Tabla de bloqueo (block matrix)",
    "gore.step.no_defence": "Sin defensa (no defence, T6)",
    "gore.step.location": "Localización (hit location)",
    "gore.step.location_status": "Estado de la localización (location status)",
    "gore.step.cover": "Cobertura (cover)",
    "gore.step.shield": "Escudo (shield coverage)",
    "gore.step.shield_damage": "Escudo (damage to the item)",
    "gore.step.burst": "Ráfaga (burst)",
    "gore.step.damage": "Daño (damage)",
    "gore.step.armour": "Armadura (armour)",
    "gore.step.critical": "Crítico/Empalar (critical/impale)",
    "gore.step.ko": "KO (knock-out)",
    "gore.step.fumble": "Pifia (fumble)",
    "gore.step.wound": "Herida (wound)",
    "gore.step.serious": "Tabla de heridas graves (serious wounds)",
}
_TIERS = {
    "pifia": ("Pifia", "Pifia (fumble)"),
    "fallo": ("Fallo", "Fallo (failure)"),
    "exito": ("Éxito", "Éxito (success)"),
    "critico": ("Crítico", "Crítico (critical)"),
    "empalar": ("Empalar", "Empalar (impale)"),
    "automatico": ("Éxito automático", "Éxito automático (automatic)"),
    "encasquillado": ("Encasquillamiento", "Encasquillamiento (malfunction)"),
    "none": ("Sin defensa", "Sin defensa (none)"),
}
_CATEGORIES = {
    "miss": ("No golpea", "No golpea (miss)"),
    "blocked": ("Bloqueo", "Bloqueo (blocked)"),
    "hit_normal": ("Golpea, daño normal", "Golpea, daño normal (normal hit)"),
    "hit_normal_bypass": ("Daño normal atravesando armadura", "normal damage through armour"),
    "hit_max": ("Daño máximo", "Daño máximo (maximum damage)"),
    "hit_max_bypass": ("Daño máximo sin armadura", "maximum damage through armour"),
    "hit_critical": ("Crítico: máximo ×2", "Crítico (maximum, doubled)"),
    "hit_impale": ("Empalar: máximo ×2 sin armadura", "Empalar (impale, doubled)"),
    "shield_hit": ("Impacto en el escudo", "Impacto en el escudo (shield hit)"),
    "cover_hit": ("Impacto en la cobertura", "Impacto en la cobertura (cover hit)"),
    "malfunction": ("Encasquillamiento", "Encasquillamiento (malfunction)"),
}
_MISC = {
    "gore.defence.dodge": ("Esquivar", "Esquivar (dodge)"),
    "gore.defence.block": ("Bloquear", "Bloquear (block)"),
    "gore.defence.none": ("Sin defensa", "Sin defensa (none)"),
    "gore.status.ok": ("bien", "bien (ok)"),
    "gore.status.disabled": ("inutilizada", "inutilizada (disabled)"),
    "gore.status.severe": ("destrozada", "destrozada (severe)"),
    "gore.who.atacante": ("atacante", "atacante (attacker)"),
    "gore.who.defensor": ("defensor", "defensor (defender)"),
}
for _k, (_es, _en) in _MISC.items():
    _ES[_k], _EN[_k] = _es, _en
for _k, (_es, _en) in _TIERS.items():
    _ES[f"gore.tier.{_k}"], _EN[f"gore.tier.{_k}"] = _es, _en
for _k, (_es, _en) in _CATEGORIES.items():
    _ES[f"gore.category.{_k}"], _EN[f"gore.category.{_k}"] = _es, _en
for _k, (_es, _en) in LOCATION_LABELS.items():
    _ES[f"gore.location.{_k}"], _EN[f"gore.location.{_k}"] = _es, _en
i18n.register(
    "gore",
    {
        "es": {k.removeprefix("gore."): v for k, v in _ES.items()},
        "en": {k.removeprefix("gore."): v for k, v in _EN.items()},
    },
)


def project(key: Hashable) -> OutcomeView:
    """§7 Common projection of an :class:`OutcomeRow`.

    ``hit``: the blow landed on the defender's body (a ``hit_*`` category; a shield hit,
    cover hit or block is not a hit); ``critical``: attacker tier Crítico or Empalar;
    ``damage``: HP the defender lost; ``wound``: ``gore.wound.<level>`` (None for none);
    ``wound_rank``: none 0 < leve 1 < grave 2 < mortal 3; ``flags``: facts readable from the
    key (``ko``, ``ko_failed``, ``pifia``, ``malfunction``, ``blocked``, ``shield``,
    ``cover``, ``impale``, ``item_destroyed``, ``location_disabled``, ``location_severe``).
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
)
