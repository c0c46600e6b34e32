"""§4 Tables T1–T22 as data, and :func:`table_lookup` (T10, T11, T12, T18).

Rows keep the seed's Spanish text (with the §5 fixes); ranges are inclusive and 00 = 100.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolkit.errors import check_int

from .errors import GoreInputError

__all__ = [
    "WIDE",
    "TableRow",
    "table_lookup",
    "T1_MELEE_MODIFIERS",
    "T2_LIGHTING",
    "T3_LIGHT_RADIUS",
    "T9_LOCATION_EFFECTS",
    "location_effect",
    "T10_SERIOUS_WOUNDS",
    "T11_MELEE_FUMBLES",
    "T12_RANGED_FUMBLES",
    "T13_SHIELD_COVERAGE",
    "T14_ACID",
    "T15_FIRE",
    "T16_RADIATION",
    "T17_PROTECTION",
    "T18_AGING",
    "T19_DAMAGE_MODIFIER",
    "damage_modifier",
    "T20_WEAPONS",
    "T20_SHIELDS",
    "T21_RANGE_BANDS",
    "TABLES",
    "size_modifier",
    "shield_coverage",
]

#: Bounds of a rules function's whole-number argument when the spec gives none (a target,
#: a score): wide enough for any effective value, small enough to read in a message.
WIDE = 10_000


@dataclass(frozen=True)
class TableRow:
    """§7 One row of a d100/d6/2D6 table.

    ``low``..``high`` inclusive (00 = 100); ``type`` the T10 Roman numeral (None elsewhere);
    ``loss`` the T10 losses as printed ('' elsewhere); ``text`` the consequence;
    ``roll_again`` True only for the T11 00 row.
    """

    table: str
    low: int
    high: int
    type: str | None
    loss: str
    text: str
    roll_again: bool = False


# T1 (label, modifier, applies to) — the numbers are applied by skills.py (P5/P6).
T1_MELEE_MODIFIERS = (
    ("Objetivo indefenso", "éxito automático", "ataque"),
    ("Objetivo sorprendido", "+20", "ataque"),
    ("Objetivo en el suelo o por la espalda", "+20 (una vez)", "ataque"),
    ("Atacando o defendiendo en una posición elevada", "+10", "quien está más alto"),
    ("Atacando o defendiendo yaciendo tumbado", "−20", "quien yace"),
    ("Atacando o defendiendo en superficie inestable", "−20", "la propia tirada"),
    ("Con un obstáculo en medio", "−10", "ataque"),
    ("Atacando o defendiendo bajo el agua", "−30, −1 daño al atacar", "la propia tirada"),
    ("Defendiendo en una posición más baja", "−10", "defensa"),
    ("Luchando en penumbra", "×1/2", "toda tirada"),
    ("Luchando en la oscuridad", "×1/3", "toda tirada"),
    ("Luchar a ciegas o en total oscuridad", "mínimo de ×1/4, POD×3, INT×3", "toda tirada"),
)

T2_LIGHTING = {
    "normal": "sin efecto",
    "penumbra": "habilidades ×1/2",
    "casi_oscuridad": "habilidades ×1/3",
    "oscuridad_total": "el menor de ×1/4, POD×3, INT×3",
}

T3_LIGHT_RADIUS = {
    "Vela o cerillas": 1.0,
    "Antorcha o candil": 1.5,
    "Hoguera": 5.0,
    "Gran hoguera": 15.0,
}


def _rows(
    table: str, data: tuple[tuple[Any, ...], ...], typed: bool = False
) -> tuple[TableRow, ...]:
    out = []
    for item in data:
        if typed:
            low, high, typ, loss, text = item
        else:
            low, high, text = item
            typ, loss = None, ""
        out.append(
            TableRow(table, low, high, typ, loss, text, table == "melee_fumble" and low == 100)
        )
    return tuple(out)


_BLEEDS = "pierde 1 PG por turno salvo chequeo de CON (×5) o primeros auxilios/atención médica"
_SEVERE_TRUNK = (
    "inconsciente; CON×4 cada turno o muere; sin tratamiento muere en (CON+POD)/2 turnos"
)

#: T9 location → (effect at 0 or below, effect at −max or below).
T9_LOCATION_EFFECTS: dict[str, tuple[str, str]] = {
    "abdomen": (
        "cae, las piernas no responden, puede arrastrarse a 1/4 de MOV; " + _BLEEDS,
        _SEVERE_TRUNK,
    ),
    "pecho": ("inconsciente de inmediato; " + _BLEEDS, _SEVERE_TRUNK),
    "cabeza": ("inconsciente de inmediato; " + _BLEEDS, "muerte instantánea"),
    "pierna": (
        "inútil hasta recuperar 1 PG o recibir atención; cae y, de pie, MOV a 1/2",
        "inútil; CON×4 o inconsciente cada turno hasta recibir atención; muere en "
        "(CON+POD)/2 turnos sin ella; no puede levantarse, ni Saltar; Sigilo y Esquivar −30",
    ),
    "brazo": (
        "inútil hasta recuperar 1 PG o recibir atención; suelta lo que sostiene",
        "inútil; CON×4 o inconsciente cada turno hasta recibir atención; muere en "
        "(CON+POD)/2 turnos sin ella",
    ),
}


def location_effect(location: str, status: str) -> str:
    """T9 effect of a location's status (``''`` when ``ok``)."""
    if status == "ok":
        return ""
    group = location.split("_")[0] if location.startswith(("pierna", "brazo")) else location
    if group not in T9_LOCATION_EFFECTS or status not in ("disabled", "severe"):
        raise GoreInputError.must_be(
            "location",
            (location, status),
            "a hit location and disabled/severe",
            "una localización y disabled/severe",
        )
    return T9_LOCATION_EFFECTS[group][0 if status == "disabled" else 1]


T10_SERIOUS_WOUNDS = _rows(
    "serious_wound",
    (
        (1, 11, "I", "−1D3 CAR", "Cicatrices marcadas que no pueden ocultarse."),
        (
            12,
            21,
            "II",
            "−1D3 INT",
            "Herida en la cabeza; habilidades de relación y comunicación con tope 65 %.",
        ),
        (
            22,
            31,
            "IV",
            "−1D3 FUE",
            "Miembros superiores dañados, posible pérdida de dedos; no puede usar escudo ni dos armas.",
        ),
        (32, 41, "V", "−1D3 DES y −1D3 MOV", "Trauma grave en pierna o pie."),
        (42, 51, "VI", "−1D3 DES y −1D3 MOV", "Herida abdominal, posible daño en órganos."),
        (52, 61, "VII", "−1D6 CAR", "Como el tipo I, pero más grave."),
        (62, 71, "VIII", "−1D6 FUE", "Como el tipo IV, y PG máximos −1D3."),
        (72, 81, "IX", "−1D6 DES y −1D6 MOV", "Como el tipo V, pero el miembro queda amputado."),
        (82, 91, "X", "−1D3 FUE y −1D3 CON, o −1D6 CON y −1D6 MOV", "Como el tipo VI."),
        (92, 93, "XI", "−1D6 DES", "Un brazo inútil."),
        (94, 95, "XII", "−1D6 DES", "Ambos brazos inútiles."),
        (96, 97, "XIII", "−1D6 DES", "Ambos brazos maltrechos; no puede usar armas."),
        (98, 98, "XIV", "−1D3 CON, −1D3 CAR, −1D3 DES", "Secuelas por todo el cuerpo."),
        (99, 99, "XV", "−1D6 CAR", "Pierde parte del rostro."),
        (
            100,
            100,
            "XVI",
            "−1D4 a cada una de 4 características",
            "Múltiples traumas incapacitantes deliberados.",
        ),
    ),
    typed=True,
)

#: T10 loss dice per type, in table order (drawn in this order by resolve_attack, §7.1/9).
#: Type X and XVI offer a choice/unspecified characteristics; the first reading is rolled.
T10_LOSS_DICE: dict[str, tuple[tuple[str, str], ...]] = {
    "I": (("CAR", "1D3"),),
    "II": (("INT", "1D3"),),
    "IV": (("FUE", "1D3"),),
    "V": (("DES", "1D3"), ("MOV", "1D3")),
    "VI": (("DES", "1D3"), ("MOV", "1D3")),
    "VII": (("CAR", "1D6"),),
    "VIII": (("FUE", "1D6"), ("PG máximos", "1D3")),
    "IX": (("DES", "1D6"), ("MOV", "1D6")),
    "X": (("FUE", "1D3"), ("CON", "1D3")),
    "XI": (("DES", "1D6"),),
    "XII": (("DES", "1D6"),),
    "XIII": (("DES", "1D6"),),
    "XIV": (("CON", "1D3"), ("CAR", "1D3"), ("DES", "1D3")),
    "XV": (("CAR", "1D6"),),
    "XVI": (("FUE", "1D4"), ("CON", "1D4"), ("DES", "1D4"), ("CAR", "1D4")),
}

T11_MELEE_FUMBLES = _rows(
    "melee_fumble",
    (
        (1, 7, "Tropiezo: no puede bloquear el próximo turno."),
        (8, 11, "Escudo dañado: bloqueo a 1/2."),
        (12, 20, "Tropiezo: ni bloquea ni ataca el próximo turno."),
        (21, 25, "El arma sale volando 1D4 m, salvo si usa escudo."),
        (26, 28, "Brazo dañado e inútil, salvo si usa escudo."),
        (29, 31, "Golpe en la cabeza: todas las habilidades a 1/2 el próximo turno."),
        (32, 35, "Confuso: pierde el próximo ataque."),
        (36, 38, "Pierde 1 CAR (golpe en la cara)."),
        (39, 42, "Arma atascada en la armadura del enemigo: FUE×3 para sacarla."),
        (43, 46, "Se golpea a sí mismo: tira el daño completo."),
        (47, 49, "Golpea a un aliado: tira el daño completo."),
        (50, 53, "Se rompe el brazo del arma."),
        (54, 57, "Armadura descolocada: −2 a la armadura hasta arreglarla."),
        (58, 64, "Tropiezo: no puede atacar el próximo turno."),
        (65, 67, "Se rompe el escudo (o el arma si no hay escudo)."),
        (68, 73, "Polvo o sudor en los ojos: solo defiende o se mueve 1D3 turnos."),
        (74, 76, "Pierde el equilibrio: cae."),
        (
            77,
            79,
            "Sin casco: corte en la cara, sangre en los ojos; solo esquiva o bloquea el próximo turno.",
        ),
        (80, 82, "Golpe en la cabeza: todas las habilidades a 1/2; pierde el casco."),
        (83, 85, "Se le cae el arma."),
        (86, 88, "Articulación torcida: MOV a 1/2."),
        (89, 91, "Agotado: solo puede bloquear los próximos 2 turnos."),
        (92, 94, "Pierna dañada: Esquivar a 1/2 hasta que se trate."),
        (95, 97, "Pierde 2 dedos: −10 a la habilidad de arma o escudo."),
        (98, 99, "Arma inutilizada."),
        (100, 100, "Tira otra vez: no hay escapatoria."),
    ),
)

T12_RANGED_FUMBLES = _rows(
    "ranged_fumble",
    (
        (1, 1, "El arma se resbala, pero aún puede usarla."),
        (2, 2, "El arma necesita reparación (1D4 turnos); un arma de fuego se encasquilla."),
        (3, 3, "Alcanza a un aliado: daño completo."),
        (4, 4, "Distraído: pierde la ocasión de atacar."),
        (5, 5, "Movimiento en falso: pierde el ataque."),
        (6, 6, "Cae y suelta el arma; no ataca."),
    ),
)

#: P16 placeholder for unarmed/natural fumbles (G24): "lose balance, fall" (T11 74–76).
UNARMED_FUMBLE = TableRow(
    "unarmed_fumble", 74, 76, None, "", "Pierde el equilibrio: cae (a falta de tabla)."
)

#: T13 shield coverage (d100 ≤): (normal, crouched behind it).
T13_SHIELD_COVERAGE = {"pequeno": (15, 15), "normal": (30, 60), "grande": (60, 90)}

T14_ACID = {"fuerte": "1D6+1", "medio": "1D4", "debil": "1D3-1"}

T15_FIRE = {
    "vela": ("1", ()),
    "antorcha": ("1D6", ("chequeo de SUE o la ropa prende",)),
    "gran_hoguera": ("1D6+2", ("la ropa y el pelo prenden",)),
    "habitacion_en_llamas": (
        "0",
        ("daño según los objetos que arden", "chequeo de SUE para evitar la asfixia"),
    ),
    "lava": ("3D6", ()),
}

#: T16 (low rems, POT, dice per round, acute, permanent/lethal, long-term, CON multiplier).
T16_RADIATION = (
    (5, 5, "0", "", "", "alta probabilidad de cáncer en años", None),
    (20, 6, "0", "malestar general", "", "", None),
    (
        50,
        7,
        "0",
        "náuseas; 50 % esterilidad 1D4 semanas; todos los porcentajes −10 durante 2D6 horas",
        "",
        "envejecimiento prematuro (tabla de envejecimiento desde los 50)",
        None,
    ),
    (
        100,
        8,
        "1D4-2",
        "vómitos; esterilidad masculina 1D4 semanas",
        "aborto o muerte fetal si falla CON×2",
        "",
        None,
    ),
    (
        200,
        9,
        "1D4",
        "50 % de perder el pelo; todas las tiradas −20",
        "CON×5 o muere, cada 3 días; las mujeres que fallen CON×4 quedan estériles",
        "envejecimiento prematuro desde los 45",
        5,
    ),
    (
        300,
        10,
        "1D4+1",
        "sangra por orificios y piel; pierde el pelo",
        "CON×4 o muere, cada 3 días; las mujeres que fallen CON×3 quedan estériles; fetos inviables",
        "",
        4,
    ),
    (
        400,
        11,
        "1D6",
        "sangra por orificios y piel; pierde el pelo",
        "CON×3 o muere, cada 3 días; pierde 1D6 en una de FUE, CON, CAR, INT o DES; esterilidad femenina",
        "envejecimiento prematuro desde los 40",
        3,
    ),
    (
        500,
        12,
        "1D6",
        "hemorragia interna; porcentajes −30 durante 5 días",
        "CON×2 o muere, cada 3 días; pierde 1D6 en 2 de FUE, CON, CAR, INT, DES; esterilidad femenina",
        "",
        2,
    ),
    (
        600,
        13,
        "4D6",
        "hemorragia interna; fallo inmunitario",
        "chequeo de CON o muere, a diario hasta la muerte; pierde 1D6 en FUE, CON, CAR, INT y DES; esterilidad",
        "",
        "high",
    ),
    (
        1000,
        14,
        "6D6",
        "",
        "chequeo de CON cada 12 horas hasta la muerte; cada fallo −3 a todas las características; muere cuando una llega a 0",
        "",
        "high",
    ),
)

T17_PROTECTION = {
    "fuego": "una protección que cubra la zona protege 1D6 turnos; luego se consume o arde",
    "acido": "ver las notas de la tabla de ácidos",
}

T18_AGING = _rows(
    "aging",
    (
        (2, 2, "Una habilidad poco usada −10."),
        (3, 4, "INT −1."),
        (5, 6, "DES −1."),
        (7, 8, "CAR −1."),
        (9, 10, "FUE −1."),
        (11, 12, "CON −1."),
    ),
)

#: T19 (FUE+TAM up to, MD); beyond the last row: +1D6 per further 16 (see damage_modifier).
T19_DAMAGE_MODIFIER = (
    (12, "-1D6"),
    (16, "-1D4"),
    (24, "0"),
    (32, "+1D4"),
    (40, "+1D6"),
    (56, "+2D6"),
    (72, "+3D6"),
)
_T19_STEP = 16


def damage_modifier(fue: int, tam: int) -> str:
    """T19 [BRP] damage modifier from FUE+TAM: ``'-1D6'``, ``'-1D4'``, ``'0'``, ``'+1D4'``…

    Read from :data:`T19_DAMAGE_MODIFIER`; past its last row one more D6 per 16 points.
    """
    total = check_int(fue, 1, WIDE, field="fue", label="fue", cls=GoreInputError) + check_int(
        tam, 1, WIDE, field="tam", label="tam", cls=GoreInputError
    )
    for high, md in T19_DAMAGE_MODIFIER:
        if total <= high:
            return md
    last_high, last_md = T19_DAMAGE_MODIFIER[-1]
    dice = int(last_md[1:].split("D")[0]) + 1 + (total - last_high - 1) // _T19_STEP
    return f"+{dice}D6"


#: T20 placeholder weapons [BRP]: name → Weapon keyword arguments.
T20_WEAPONS: dict[str, dict] = {
    "Daga": {"damage": "1D4+2", "impaling": True, "pg": 15},
    "Espada corta": {"damage": "1D6+1", "impaling": True, "pg": 20},
    "Espada ancha": {"damage": "1D8+1", "pg": 20},
    "Hacha de batalla": {"damage": "1D8+2", "pg": 15},
    "Lanza corta": {"damage": "1D6+1", "impaling": True, "pg": 15},
    "Maza ligera": {"damage": "1D6+2", "pg": 20},
    "Garrote ligero": {"damage": "1D6", "pg": 15},
    "Arco largo": {"damage": "1D8+1", "kind": "bow", "impaling": True, "pg": 10, "range_m": 90.0},
    "Ballesta ligera": {
        "damage": "1D6+2",
        "kind": "bow",
        "dm_rule": "none",
        "impaling": True,
        "pg": 10,
        "range_m": 40.0,
        "malfunction": 96,
    },
    "Revólver medio": {
        "damage": "1D8",
        "kind": "firearm",
        "impaling": True,
        "pg": 12,
        "range_m": 25.0,
        "malfunction": 100,
    },
    "Subfusil": {
        "damage": "1D8",
        "kind": "firearm",
        "impaling": True,
        "pg": 9,
        "range_m": 40.0,
        "malfunction": 98,
        "automatic": True,
    },
    "Fusil de asalto": {
        "damage": "2D6+2",
        "kind": "firearm",
        "impaling": True,
        "pg": 12,
        "range_m": 90.0,
        "malfunction": 100,
        "automatic": True,
    },
}

T20_SHIELDS = {
    "Broquel (escudo pequeño)": ("pequeno", 15),
    "Rodela (escudo normal)": ("normal", 20),
    "Escudo grande": ("grande", 22),
}

T21_RANGE_BANDS = (
    "k = max(1, ceil(distancia / alcance efectivo)); factor 2^-(k-1); no armas de fuego: k ≤ 2"
)


def size_modifier(tam: int) -> int:
    """T22 / P11.4 ranged target size: TAM < 5 → −5 per point below 5; TAM ≥ 40 → +5 per 10."""
    if tam < 5:
        return -5 * (5 - tam)
    if tam >= 40:
        return 5 * ((tam - 40) // 10 + 1)
    return 0


def shield_coverage(kind: str, behind: bool = False) -> int:
    """T13 coverage (d100 ≤) of a shield against projectiles; 0 for a blocking weapon."""
    if kind not in T13_SHIELD_COVERAGE:
        return 0
    normal, crouched = T13_SHIELD_COVERAGE[kind]
    return crouched if behind else normal


TABLES: dict[str, tuple[tuple[TableRow, ...], int, int]] = {
    "serious_wound": (T10_SERIOUS_WOUNDS, 1, 100),
    "melee_fumble": (T11_MELEE_FUMBLES, 1, 100),
    "ranged_fumble": (T12_RANGED_FUMBLES, 1, 6),
    "aging": (T18_AGING, 2, 12),
}


def table_lookup(table: str, roll: int) -> TableRow:
    """§7 Look a roll up in T10 ``'serious_wound'`` (1..100), T11 ``'melee_fumble'`` (1..100),
    T12 ``'ranged_fumble'`` (1..6) or T18 ``'aging'`` (2..12).

    Raises:
        GoreInputError: unknown table or a roll outside its range.
    """
    if table not in TABLES:
        raise GoreInputError.must_be(
            "table", table, "one of " + ", ".join(TABLES), "una de " + ", ".join(TABLES)
        )
    rows, lo, hi = TABLES[table]
    if isinstance(roll, bool) or not isinstance(roll, int) or not lo <= roll <= hi:
        raise GoreInputError.must_be(
            "roll", roll, f"a whole number from {lo} to {hi}", f"un entero de {lo} a {hi}"
        )
    for row in rows:
        if row.low <= roll <= row.high:
            return row
    raise AssertionError("unreachable")  # pragma: no cover
