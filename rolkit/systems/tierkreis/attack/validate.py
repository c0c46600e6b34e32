"""§2.1, §2.3 The attacks the rules forbid: checked before anything is rolled."""

from __future__ import annotations

from rolkit.errors import input_error
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.tables import WEAPON_KINDS

__all__ = ["validate_attack", "require_active"]


def validate_attack(attacker: Combatant, weapon: Weapon, modifiers: Modifiers) -> None:
    """§2.3, §2.1 The combinations the rules forbid for an attack.

    Raises:
        TierkreisInputError: ``attack_characteristic`` AGI/FUE with a kind that has no
            choice; an attacker who cannot act (0 PV, or knocked out by hunger/sleep); a
            counted shooting weapon with no shots left (P19 *Recargar*).
    """
    if modifiers.attack_characteristic != "best" and weapon.kind not in ("unarmed", "melee_1h"):
        raise input_error(
            "attack_characteristic",
            en="Característica de ataque (attack characteristic) can be chosen only for unarmed "
            f"or 1-hand melee attacks (the weapon is «{WEAPON_KINDS[weapon.kind][1]}», got "
            f"{modifiers.attack_characteristic!r})",
            es="La característica de ataque solo se elige sin armas o con melee a 1 mano "
            f"(el arma es «{WEAPON_KINDS[weapon.kind][0]}», recibido "
            f"{modifiers.attack_characteristic})",
            allowed="best unless the weapon is unarmed or melee_1h",
            got=modifiers.attack_characteristic,
            cls=TierkreisInputError,
        )
    require_active(attacker, "attacker", "atacante", "an attacker who can act")
    if weapon.shots == 0:
        raise input_error(
            "ammo_left",
            en=f"{weapon.name or 'the weapon'} has no shots left: it must be reloaded "
            "(Recargar, one action)",
            es=f"{weapon.name or 'el arma'} no tiene munición: hay que recargarla "
            "(Recargar, una acción)",
            allowed="a loaded weapon",
            got=weapon.ammo_left,
            cls=TierkreisInputError,
        )


def require_active(combatant: Combatant, en: str, es: str, allowed: str) -> None:
    """P9, P20 Only a combatant who can act acts: not at 0 PV, not knocked out by hunger
    and sleep. ``en``/``es`` name who (``"attacker"``/``"atacante"``).

    Raises:
        TierkreisInputError: naming ``pv_current``.
    """
    if combatant.status != "active":
        raise input_error(
            "pv_current",
            en=f"an unconscious {en} cannot act (at 0 PV, or knocked out by hunger and sleep)",
            es=f"un {es} inconsciente no puede actuar (a 0 PV o agotado por hambre y sueño)",
            allowed=allowed,
            got=combatant.pv,
            cls=TierkreisInputError,
        )
