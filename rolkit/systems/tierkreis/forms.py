"""§2 The forms: :class:`Combatant` (attacker and defender), :class:`Weapon`, :class:`Modifiers`.

Every field is declared with :mod:`rolkit.fields`, so validation and the generated forms read
the same metadata. Lists of adjustments are text fields (``"+2 ataque (Furia); +1 AGI ítem"``,
see :mod:`~rolkit.systems.tierkreis.rules.adjustments`); a tuple of :class:`Adjustment` is accepted
too and stored as its canonical text, and :attr:`Combatant.adjustment_list` /
:attr:`Modifiers.extra_list` give the tuple back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.errors import input_error
from rolkit.memo import memo
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.presets import KNIFE as _KNIFE_DATA
from rolkit.systems.tierkreis.presets import SWORD as _SWORD_DATA
from rolkit.systems.tierkreis.presets import UNARMED as _UNARMED_DATA
from rolkit.systems.tierkreis.rules.adjustments import (
    Adjustment,
    format_adjustments,
    parse_adjustments,
)
from rolkit.systems.tierkreis.rules.health import DEATH_AT, pv_max
from rolkit.systems.tierkreis.tables import (
    CODE_FIELD,
    CODE_LABELS,
    CODES,
    FUMBLE_PENALTY_PARTS,
    SHOOTING_KINDS,
    TEXT_LABELS,
    WEAPON_KINDS,
    WEAPON_STATES,
    label_of,
)

__all__ = [
    "Combatant",
    "Attacker",
    "Defender",
    "Weapon",
    "Modifiers",
    "UNARMED",
    "KNIFE",
    "SWORD",
    "derived",
]


_validate = fields.validator(TierkreisInputError)


def _adjustments_as_text(obj: object, name: str) -> None:
    """Store a tuple/list of Adjustment given for a text field as its canonical text."""
    value = getattr(obj, name)
    if isinstance(value, Sequence) and not isinstance(value, str):
        if not all(isinstance(a, Adjustment) for a in value):
            es, en = label_of(name)
            raise input_error(
                name,
                en=f"{en} must be adjustments (text like «+2 ataque; +1 AGI ítem»)",
                es=f"{es} deben ser ajustes (texto como «+2 ataque; +1 AGI ítem»)",
                allowed="adjustments",
                got=value,
                cls=TierkreisInputError,
            )
        object.__setattr__(obj, name, format_adjustments(value))


@memo
def _parsed(text: str, field: str) -> tuple[Adjustment, ...]:
    return parse_adjustments(text, field)


def _characteristic(code: str) -> Any:
    es, en = CODE_LABELS[code]
    return fields.int_field(
        6,
        1,
        12,
        label=(es, en),
        help=(
            f"Característica {code}: se tira 1d12 y se supera con igual o menos (1–12).",
            f"Characteristic {code}: roll 1d12, equal or under succeeds (1–12).",
        ),
        rule="R2, R3",
    )


_PENALTY_NAMES = {
    "physical": ("FUE, AGI y VIT −2", "physical"),
    "mental": ("INT, CAR y SUE −2", "mental"),
}


def _penalty_label(kind: str) -> tuple[str, str]:
    """The label of the turn count of a fumble's −2 of ``kind``."""
    es, en = _PENALTY_NAMES[kind]
    return fields.label(f"Pifia {es}: turnos", gloss=f"{en} fumble penalty: turns")


def _penalty_turns(kind: str) -> Any:
    """T1 «hasta el final de su próximo turno»: how far a fumble's −2 of ``kind`` has run."""
    return fields.int_field(
        0,
        0,
        2,
        label=_penalty_label(kind),
        help=(
            "2: la pifia fue en este turno, dura también el próximo; 1: su próximo turno ya "
            "empezó, acaba con el asalto; 0: sin cuenta (hasta que el narrador lo quite).",
            "2: the fumble was this turn, it lasts through the next one too; 1: its next "
            "turn has begun, it ends with the round; 0: not counted (until the GM clears it).",
        ),
        rule="P8, T1",
        advanced=True,
    )


_PENALTY_CHOICES = {
    "none": ("Ninguno", "Ninguno (none)"),
    "physical": ("FUE, AGI y VIT −2", "FUE, AGI y VIT −2 (physical)"),
    "mental": ("INT, CAR y SUE −2", "INT, CAR y SUE −2 (mental)"),
    "both": (
        "Las dos: FUE, AGI, VIT, INT, CAR y SUE −2",
        "Las dos: FUE, AGI, VIT, INT, CAR y SUE −2 (physical and mental)",
    ),
}

_ADJ_HELP = (
    "Ajustes separados por «;»: «+2 ataque (Furia); +1 AGI ítem; -1 esquiva». Los efectos no se "
    "suman (solo el mayor); los ítems sí.",
    "Adjustments separated by «;»: «+2 ataque (Furia); +1 AGI ítem; -1 esquiva». Effects do "
    "not stack (largest only); items do.",
)


@dataclass(frozen=True)
class Combatant:
    """§2.1 One character, player (PJ) or not (PNJ); ``Attacker = Defender = Combatant``."""

    name: str = fields.text_field(
        "",
        label=("Nombre", "Nombre (name)"),
        help=("Solo es una etiqueta.", "A label only."),
    )
    is_player: bool = fields.flag_field(
        True,
        label=("Personaje jugador (PJ)", "Personaje jugador (player character)"),
        help=(
            "Sí: PJ; no: PNJ del narrador. Decide quién tira: los PNJ no tiran para impactar.",
            "Yes: a PC; no: a GM's NPC. Decides who rolls: NPCs never roll to hit.",
        ),
        rule="P3",
    )
    level: int = fields.int_field(
        1,
        1,
        20,
        label=("Nivel", "Nivel (level)"),
        help=("Nivel del personaje (1–20); suma a los PV.", "Character level (1–20); adds to PV."),
        rule="P9, G19",
    )
    strength: int = _characteristic("FUE")
    agility: int = _characteristic("AGI")
    vitality: int = _characteristic("VIT")
    intelligence: int = _characteristic("INT")
    charisma: int = _characteristic("CAR")
    luck: int = _characteristic("SUE")
    pv_max_override: int | None = fields.int_field(
        None,
        1,
        99,
        optional=True,
        label=("PV máximos (a mano)", "PV máximos (max hit points, by hand)"),
        help=(
            "Vacío: nivel + VIT/2. Para PNJ con PV propios.",
            "Empty: level + VIT/2. For NPCs with their own PV.",
        ),
        rule="P9",
    )
    pv_current: int | None = fields.int_field(
        None,
        0,
        99,
        optional=True,
        label=("PV actuales", "PV actuales (current hit points)"),
        help=(
            "Vacío: PV completos. A 0 PV cae inconsciente.",
            "Empty: full PV. At 0 PV it falls unconscious.",
        ),
        rule="P9",
    )
    death_points: int = fields.int_field(
        0,
        0,
        3,
        label=("Puntos de muerte", "Puntos de muerte (death points)"),
        help=(
            "Solo a 0 PV (0–3); con 3 muere (o al iniciar su turno, si así se eligió).",
            "Only at 0 PV (0–3); 3 means dead (or at its turn start, if so chosen).",
        ),
        rule="P9, P10, G11",
    )
    dead: bool = fields.flag_field(
        False,
        label=("Muerto", "Muerto (dead)"),
        help=(
            "Solo con 3 puntos de muerte. Con la muerte «al iniciar su turno», 3 puntos dejan "
            "al personaje moribundo hasta que empieza su turno, y entonces muere (se marca "
            "aquí); «al instante», 3 puntos ya es la muerte.",
            "Only with 3 death points. With death «at its turn start», 3 points leave the "
            "character dying until its turn starts, and then it dies (ticked here); "
            "«immediately», 3 points are death already.",
        ),
        rule="P9, P10, G11",
        advanced=True,
    )
    prone: bool = fields.flag_field(
        False,
        label=("Tumbado", "Tumbado (prone)"),
        help=(
            "Atacar desde el suelo: −1 (no con armas de fuego); atacarle: rango −1, «melee» +1.",
            "Attacking from the ground −1 (not firearms); attacking it: ranged −1, melee +1.",
        ),
        rule="P12",
    )
    defensive_stance: bool = fields.flag_field(
        False,
        label=("Defensa (postura defensiva)", "Defensa (defensive stance)"),
        help=(
            "Acción Defensa: +1 a sus chequeos de esquiva hasta su próximo turno.",
            "Defensa action: +1 to its dodge checks until its next turn.",
        ),
        rule="P13",
    )
    grappled: bool = fields.flag_field(
        False,
        label=("Agarrado", "Agarrado (grappled)"),
        help=(
            "«Un oponente agarrado no puede alejarse» (salvo si es más grande y pesado); "
            "con una acción intenta liberarse.",
            "«A grappled opponent cannot move away» (unless larger and heavier); it spends "
            "an action to try to break free.",
        ),
        rule="P15",
    )
    grappling: bool = fields.flag_field(
        False,
        label=("Agarrando a alguien", "Agarrando a alguien (grappling)"),
        help=(
            "Mantiene un agarre: si el agarrado intenta liberarse, chequeo de FUE o AGI "
            "para mantenerlo.",
            "Holds a grapple: when the grappled one tries to break free, a FUE or AGI "
            "check keeps it.",
        ),
        rule="P15",
    )
    weapon_state: str = fields.choice_field(
        "in_hand",
        WEAPON_STATES,
        label=("Su arma", "Su arma (its weapon)"),
        help=(
            "Sin el arma en la mano ataca sin armas (1 de daño); un arma caída se recoge "
            "con una acción (Ítem).",
            "Without its weapon in hand it attacks unarmed (1 damage); a dropped weapon is "
            "picked up with an action (Ítem).",
        ),
        rule="P8, P15, P24",
    )
    free_attack: bool = fields.flag_field(
        False,
        label=("Ataque gratis pendiente", "Ataque gratis pendiente (free attack due)"),
        help=(
            "Pifia 9–10 de quien le atacaba: «Genera un ataque gratis por parte del enemigo "
            "al que estaba atacando», sin gastar su acción; se pierde al acabar su turno.",
            "The attacker's fumble 9–10 gives it a free attack on that attacker, without "
            "spending its action; lost when its turn ends.",
        ),
        rule="P8, T1",
    )
    surprise_action: bool = fields.flag_field(
        False,
        label=("Acción de sorpresa", "Acción de sorpresa (surprise action)"),
        help=(
            "Ataque sorpresa: «los atacantes pueden realizar 1 acción antes de hacer los "
            "chequeos de iniciativa»; sin gastar la acción de su turno; se pierde al acabar "
            "su primer turno.",
            "Surprise attack: the attackers take 1 action before initiative is rolled; it "
            "does not spend its turn's action; lost when its first turn ends.",
        ),
        rule="P23",
    )
    prepared_action: bool = fields.flag_field(
        False,
        label=("Acción preparada", "Acción preparada (prepared action)"),
        help=(
            "Guardó su acción para cuando ocurra algo; «si no usa su acción antes de que "
            "llegue su turno nuevamente, ésta se pierde».",
            "It held its action for a trigger; unused when its turn comes again, it is lost.",
        ),
        rule="P19",
    )
    reaction_used: bool = fields.flag_field(
        False,
        label=("Reacción gastada", "Reacción gastada (reaction used)"),
        help=(
            "«Un personaje solo tiene una de estas acciones de reacción y la recupera "
            "cuando empieza su turno».",
            "One reaction per character, regained when its turn starts.",
        ),
        rule="P19",
    )
    intoxicated: bool = fields.flag_field(
        False,
        label=("Intoxicado", "Intoxicado (intoxicated)"),
        help=(
            "−3 a chequeos de FUE, AGI, INT y CAR; movimiento a la mitad.",
            "−3 to FUE, AGI, INT and CAR checks; half movement.",
        ),
        rule="P21",
    )
    deprivation_days: int = fields.int_field(
        0,
        0,
        30,
        label=(
            "Días sin dormir o sin comer",
            "Días sin dormir o sin comer (days of hunger/sleep loss)",
        ),
        help=(
            "−1 por día a FUE, AGI, VIT, INT y CAR; si FUE o VIT llegan a 0, inconsciente.",
            "−1 per day to FUE, AGI, VIT, INT and CAR; unconscious if FUE or VIT reach 0.",
        ),
        rule="P20, G15",
    )
    fumble_penalty: str = fields.choice_field(
        "none",
        _PENALTY_CHOICES,
        label=("Efecto de pifia en curso", "Efecto de pifia en curso (fumble penalty)"),
        help=(
            "Pifia 5–6 o 7–8: −2 hasta el final de su próximo turno; tras una de cada, las dos.",
            "Fumble 5–6 or 7–8: −2 until the end of its next turn; after one of each, both.",
        ),
        rule="T1, T4",
    )
    physical_penalty_turns: int = _penalty_turns("physical")
    mental_penalty_turns: int = _penalty_turns("mental")
    adjustments: str = fields.text_field(
        "",
        label=TEXT_LABELS["adjustments"],
        help=_ADJ_HELP,
        rule="R5, R6",
        advanced=True,
    )
    damage_reduction: int = fields.int_field(
        0,
        0,
        20,
        label=("Reducción de daño (regla provisional)", "Reducción de daño (provisional rule)"),
        help=(
            "Regla provisional: el texto no trae armaduras; se resta del daño recibido.",
            "Provisional rule: the text has no armour rule; subtracted from damage taken.",
        ),
        rule="G17, G18",
        advanced=True,
    )

    def __post_init__(self) -> None:
        if self.fumble_penalty is None:  # the spec's None: no penalty (the form's «none»)
            object.__setattr__(self, "fumble_penalty", "none")
        _adjustments_as_text(self, "adjustments")
        _validate(self)
        _parsed(self.adjustments, "adjustments")
        top = self.pv_max
        if self.pv_current is not None and self.pv_current > top:
            raise input_error(
                "pv_current",
                en=f"PV actuales (current hit points) cannot exceed the maximum {top} (got {self.pv_current})",
                es=f"PV actuales no puede superar el máximo {top} (recibido {self.pv_current})",
                allowed=f"0..{top}",
                got=self.pv_current,
                cls=TierkreisInputError,
            )
        if self.death_points > 0 and self.pv > 0:
            raise input_error(
                "death_points",
                en="Puntos de muerte (death points) exist only at 0 PV "
                f"(PV is {self.pv}, got {self.death_points})",
                es=f"Los puntos de muerte solo existen a 0 PV (PV {self.pv}, recibido {self.death_points})",
                allowed="0 unless PV is 0",
                got=self.death_points,
                cls=TierkreisInputError,
            )

        if self.dead and self.death_points < DEATH_AT:
            raise input_error(
                "dead",
                en=f"Muerto (dead) needs 3 Puntos de muerte (death points) (got {self.death_points})",
                es=f"Muerto necesita 3 puntos de muerte (recibido {self.death_points})",
                allowed="only with 3 death points",
                got=self.dead,
                cls=TierkreisInputError,
            )
        for kind in ("physical", "mental"):
            name = f"{kind}_penalty_turns"
            if getattr(self, name) and kind not in FUMBLE_PENALTY_PARTS[self.fumble_penalty]:
                es, en = _penalty_label(kind)
                raise input_error(
                    name,
                    en=f"{en} counts the turns of a −2 the character does not have "
                    f"(Efecto de pifia en curso is «{_PENALTY_CHOICES[self.fumble_penalty][1]}»)",
                    es=f"{es} cuenta los turnos de un −2 que el personaje no tiene "
                    f"(Efecto de pifia en curso: «{_PENALTY_CHOICES[self.fumble_penalty][0]}»)",
                    allowed="0 unless that −2 is on",
                    got=getattr(self, name),
                    cls=TierkreisInputError,
                )

    # derived ------------------------------------------------------------
    @property
    def pv_max(self) -> int:
        """P9 Maximum PV: the override, else ``level + vitality // 2``."""
        if self.pv_max_override is not None:
            return self.pv_max_override
        return pv_max(self.level, self.vitality)

    @property
    def pv(self) -> int:
        """Current PV (``pv_current``, or full)."""
        return self.pv_max if self.pv_current is None else self.pv_current

    @property
    def knocked_out_by_deprivation(self) -> bool:
        """P20 «Si FUE o VIT alcanzan 0, el personaje cae inconsciente»."""
        n = self.deprivation_days
        return n > 0 and (self.strength - n <= 0 or self.vitality - n <= 0)

    @property
    def status(self) -> str:
        """``"unconscious"`` at 0 PV or knocked out by hunger/sleep (P20), else ``"active"``."""
        return "unconscious" if self.pv == 0 or self.knocked_out_by_deprivation else "active"

    def characteristic(self, code: str) -> int:
        """R2 The characteristic ``code`` (``"FUE"``, ``"AGI"``, …)."""
        if code not in CODE_FIELD:
            raise input_error(
                "characteristic",
                en=f"characteristic must be one of: {', '.join(CODES)} (got {code!r})",
                es=f"la característica debe ser una de: {', '.join(CODES)} (recibido {code!r})",
                allowed=", ".join(CODES),
                got=code,
                cls=TierkreisInputError,
            )
        return int(getattr(self, CODE_FIELD[code]))

    @property
    def adjustment_list(self) -> tuple[Adjustment, ...]:
        """R5 The combatant's own adjustments as :class:`Adjustment` objects."""
        return _parsed(self.adjustments, "adjustments")


Attacker = Combatant
Defender = Combatant

_CODE_CHOICES = {c: CODE_LABELS[c] for c in CODES}


@dataclass(frozen=True)
class Weapon:
    """§2.2 The attack being made: a weapon or a power."""

    name: str = fields.text_field(
        "golpe sin armas",
        label=("Arma o poder", "Arma o poder (weapon or power)"),
        help=("Solo es una etiqueta.", "A label only."),
    )
    kind: str = fields.choice_field(
        "unarmed",
        WEAPON_KINDS,
        label=("Tipo de ataque", "Tipo de ataque (attack kind)"),
        help=(
            "«Melee a 1 mano»: AGI o FUE; a 2 manos: FUE; rango y fuego: AGI; poder: el suyo.",
            "1-hand melee: AGI or FUE; 2-hand: FUE; ranged and firearms: AGI; power: its own.",
        ),
        rule="P4, T3",
    )
    damage: int = fields.int_field(
        1,
        0,
        20,
        label=("Daño", "Daño (damage)"),
        help=(
            "Daño listado: sin armas 1, cuchillo 2, espada 3 (0–20).",
            "Listed damage: unarmed 1, knife 2, sword 3 (0–20).",
        ),
        rule="P6, G19",
    )
    damage_factor: int = fields.int_field(
        1,
        1,
        4,
        label=("Factor de daño", "Factor de daño (damage multiplier)"),
        help=(
            "«Daño x2» de un efecto; un crítico suma 1 al factor (x2 → x3).",
            "A «daño x2» effect; a critical adds 1 to the factor (x2 → x3).",
        ),
        rule="P7",
    )
    half_damage_on_dodge: bool = fields.flag_field(
        False,
        label=("Medio daño al esquivar", "Medio daño al esquivar (half damage on a dodge)"),
        help=(
            "«Causan la mitad del daño aunque el chequeo de esquiva sea exitoso».",
            "Deals half damage even when the dodge succeeds.",
        ),
        rule="P5, P6",
    )
    dodge_characteristic: str = fields.choice_field(
        "AGI",
        _CODE_CHOICES,
        label=("Se esquiva con", "Se esquiva con (dodge characteristic)"),
        help=(
            "Lo que tira el PJ atacado para esquivar: «normalmente con un chequeo de AGI».",
            "What the attacked PC rolls to dodge: «normally an AGI check».",
        ),
        rule="P5",
    )
    power_characteristic: str = fields.choice_field(
        "INT",
        _CODE_CHOICES,
        label=("Característica del poder", "Característica del poder (power characteristic)"),
        help=(
            "Solo para poderes: «cada poder indica qué chequeo es».",
            "Powers only: «each power says which check it is».",
        ),
        rule="P14",
    )
    power_is_melee: bool = fields.flag_field(
        False,
        label=("Poder de toque («melee»)", "Poder de toque («melee», touch power)"),
        help=(
            "Un poder de toque cuenta como «melee» para las reglas de tumbado.",
            "A touch power counts as melee for the prone rules.",
        ),
        rule="P12, T3",
    )
    ammo_capacity: int | None = fields.int_field(
        None,
        1,
        99,
        optional=True,
        label=("Munición (carga)", "Munición (ammunition per load)"),
        help=(
            "Solo armas de rango y de fuego: disparos por carga. Vacío: no se cuenta.",
            "Ranged weapons and firearms only: shots per load. Empty: not counted.",
        ),
        rule="P19",
    )
    ammo_left: int | None = fields.int_field(
        None,
        0,
        99,
        optional=True,
        label=("Disparos que quedan", "Disparos que quedan (shots left)"),
        help=(
            "Vacío: cargada. A 0 no dispara: «deben ser recargadas cuando agoten su "
            "munición» (una acción).",
            "Empty: loaded. At 0 it cannot shoot: it must be reloaded (one action).",
        ),
        rule="P19",
    )

    def __post_init__(self) -> None:
        _validate(self)
        if self.ammo_capacity is not None and self.kind not in SHOOTING_KINDS:
            raise input_error(
                "ammo_capacity",
                en="Munición (ammunition) is counted only for ranged weapons and firearms "
                f"(the weapon is «{WEAPON_KINDS[self.kind][1]}»)",
                es="La munición solo se cuenta en armas de rango y de fuego "
                f"(el arma es «{WEAPON_KINDS[self.kind][0]}»)",
                allowed="empty unless the weapon is ranged or a firearm",
                got=self.ammo_capacity,
                cls=TierkreisInputError,
            )
        if self.ammo_left is not None and (
            self.ammo_capacity is None or self.ammo_left > self.ammo_capacity
        ):
            raise input_error(
                "ammo_left",
                en="Disparos que quedan (shots left) needs a Munición (ammunition) and "
                f"cannot exceed it (got {self.ammo_left})",
                es="Los disparos que quedan necesitan la munición por carga y no pueden "
                f"superarla (recibido {self.ammo_left})",
                allowed=f"0..{self.ammo_capacity}" if self.ammo_capacity else "empty",
                got=self.ammo_left,
                cls=TierkreisInputError,
            )

    @property
    def shots(self) -> int | None:
        """P19 The shots left (a full load when ``ammo_left`` is empty); ``None``: not
        counted."""
        if self.ammo_capacity is None:
            return None
        return self.ammo_capacity if self.ammo_left is None else self.ammo_left


@dataclass(frozen=True)
class Modifiers:
    """§2.3 The choices for this one action, with the optional rules (``options``)."""

    cover: int = fields.int_field(
        0,
        0,
        5,
        label=("Cobertura", "Cobertura (cover)"),
        help=(
            "Cobertura del objetivo: de −1 a −5 al ataque (+ a la esquiva del PJ).",
            "Target's cover: −1 to −5 on the attack (+ on the PC's dodge).",
        ),
        rule="P11",
    )
    attack_characteristic: str = fields.choice_field(
        "best",
        {
            "best": ("La mejor (AGI o FUE)", "La mejor (best of AGI or FUE)"),
            "AGI": CODE_LABELS["AGI"],
            "FUE": CODE_LABELS["FUE"],
        },
        label=("Característica de ataque", "Característica de ataque (attack characteristic)"),
        help=(
            "Solo sin armas o «melee a 1 mano»: «Chequeo de AGI o FUE».",
            "Unarmed or 1-hand melee only: «AGI or FUE check».",
        ),
        rule="P4, G3",
    )
    mode: str = fields.choice_field(
        "auto",
        {
            "auto": ("Automático (PJ/PNJ)", "Automático (auto: by PC/NPC)"),
            "attack_check": ("Chequeo de ataque", "Chequeo de ataque (attack check)"),
            "dodge_check": ("Chequeo de esquiva", "Chequeo de esquiva (dodge check)"),
        },
        label=("Quién tira", "Quién tira (who rolls)"),
        help=(
            "Auto: el PJ que ataca tira ataque; el PJ atacado por un PNJ tira esquiva.",
            "Auto: an attacking PC rolls to hit; a PC attacked by an NPC rolls to dodge.",
        ),
        rule="P3, G5",
    )
    surprise: bool = fields.flag_field(
        False,
        label=("Ataque sorpresa", "Ataque sorpresa (surprise attack)"),
        help=(
            "Solo se anota: los atacantes hacen 1 acción antes de la iniciativa.",
            "Recorded only: the attackers take 1 action before initiative.",
        ),
        rule="P23",
    )
    extra: str = fields.text_field(
        "",
        label=TEXT_LABELS["extra"],
        help=_ADJ_HELP,
        rule="R5, R6",
        advanced=True,
    )
    options: TierkreisOptions = fields.nested_field(
        TierkreisOptions,
        label=("Reglas opcionales", "Reglas opcionales (optional rules)"),
        help=(
            "Reglas opcionales e interpretaciones (sección 2.4).",
            "Optional rules and interpretations (section 2.4).",
        ),
        rule="§2.4",
    )

    def __post_init__(self) -> None:
        _adjustments_as_text(self, "extra")
        _validate(self)
        _parsed(self.extra, "extra")

    @property
    def extra_list(self) -> tuple[Adjustment, ...]:
        """R5 The GM's adjustments as :class:`Adjustment` objects."""
        return _parsed(self.extra, "extra")


#: §2.2 the seed's weapon presets, as Weapon instances.
UNARMED = Weapon(**_UNARMED_DATA)
KNIFE = Weapon(**_KNIFE_DATA)
SWORD = Weapon(**_SWORD_DATA)


def derived(role: str, form: object, options: TierkreisOptions) -> dict[str, object]:
    """P9 The automatic PV of a character: maximum PV and, when empty, full PV."""
    if isinstance(form, Combatant):
        return {"pv_max_override": form.pv_max, "pv_current": form.pv}
    return {}
