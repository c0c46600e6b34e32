"""A small system built only from the foundation, with one field of every metadata kind,
so the forms and the dashboard can be tested before (and independently of) real systems.

The attacker rolls 1d6 + fuerza + bonus against the defender's guardia; damage is the
weapon's dice minus armour; a 6 is a critical that doubles damage.
"""

from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from rolkit import fields, i18n
from rolkit.dice import die, parse
from rolkit.errors import ImpossibleActionError
from rolkit.model import Degree, OutcomeView, Step
from rolkit.system import CheckProcedure, System


class SampleInputError(ImpossibleActionError):
    """The sample system's own input error."""


def _check(obj, prefix=""):
    fields.validate(obj, prefix, SampleInputError)


@dataclass(frozen=True)
class Armor:
    tipo: str = fields.choice_field(
        "ninguna",
        {"ninguna": ("ninguna", "none"), "cuero": ("cuero", "leather")},
        label=("tipo de armadura", "armour type"),
        help=("qué armadura lleva", "which armour is worn"),
    )
    absorcion: int | None = fields.int_field(
        None,
        0,
        5,
        label=("Absorción", "Absorption"),
        help=("resta daño", "subtracts damage"),
        optional=True,
    )

    def __post_init__(self):
        _check(self)
        if self.tipo == "ninguna" and self.absorcion:
            raise SampleInputError(
                "absorcion must be 0 without armour",
                field="absorcion",
                message_es="la Absorción debe ser 0 sin armadura",
            )


@dataclass(frozen=True)
class Shield:
    bloqueo: int = fields.int_field(1, 0, 3, label=("bloqueo", "block"), help=("h", "h"))

    def __post_init__(self):
        _check(self)


@dataclass(frozen=True)
class Combatant:
    nombre: str = fields.text_field("", label=("nombre", "name"), help=("etiqueta", "label"))
    fuerza: int = fields.int_field(3, 1, 9, label=("Fuerza", "Strength"), help=("sumas", "adds"))
    guardia: int = fields.int_field(4, 2, 7, label=("Guardia", "Guard"), help=("a", "b"))
    puntos: int = fields.int_field(
        10, 0, 99, label=("Puntos", "Points"), help=("puntos de vida", "hit points")
    )
    herido: bool = fields.flag_field(False, label=("herido", "wounded"), help=("-1", "-1"))
    armadura: Armor = fields.nested_field(
        Armor, label=("armadura", "armour"), help=("la armadura", "the armour")
    )
    escudo: Shield | None = fields.nested_field(
        Shield, label=("escudo", "shield"), help=("opcional", "optional"), optional=True
    )

    def __post_init__(self):
        _check(self)


@dataclass(frozen=True)
class Weapon:
    nombre: str = fields.text_field("Daga", label=("arma", "weapon"), help=("etiqueta", "label"))
    dano: str = fields.dice_field("1D4", label=("Daño", "Damage"), help=("dados", "dice"))
    alcance: float = fields.float_field(
        1.5, 0.0, 100.0, label=("alcance", "reach"), help=("metros", "metres")
    )
    cargas: int | None = fields.int_field(
        None,
        1,
        99,
        label=("cargas", "charges"),
        help=("vacío: tabla", "empty: table"),
        optional=True,
    )
    tipo: str | None = fields.choice_field(
        None,
        {"corte": ("corte", "cut"), "punta": ("punta", "thrust")},
        label=("tipo", "type"),
        help=("tipo de daño", "damage type"),
        optional=True,
    )

    def __post_init__(self):
        _check(self)


@dataclass(frozen=True)
class Modifiers:
    bonus: int = fields.int_field(0, -2, 2, label=("bonificación", "bonus"), help=("+", "+"))
    ciego: bool = fields.flag_field(False, label=("a ciegas", "blind"), help=("a", "b"))
    etiquetas: frozenset = fields.multichoice_field(
        {"noche": ("noche", "night"), "lluvia": ("lluvia", "rain")},
        label=("condiciones", "conditions"),
        help=("sin efecto", "no effect"),
    )
    zonas: object = fields.int_map_field(
        {"cabeza": ("cabeza", "head"), "torso": ("torso", "torso")},
        0,
        3,
        label=("zonas", "zones"),
        help=("sin efecto", "no effect"),
    )

    def __post_init__(self):
        _check(self)


@dataclass(frozen=True)
class Options:
    critico_dobla: bool = fields.flag_field(
        True,
        label=("el crítico dobla", "critical doubles"),
        help=("un 6 dobla el daño", "a 6 doubles the damage"),
    )
    umbral: int = fields.int_field(
        6, 5, 6, label=("umbral de crítico", "critical threshold"), help=("cara", "face")
    )

    def __post_init__(self):
        _check(self)


def _target(a, d, m):
    return d.guardia + (d.escudo.bloqueo if d.escudo else 0)


def _hits(face, a, d, m):
    return face + a.fuerza // 3 + m.bonus >= _target(a, d, m)


def _validate(a, d, w, m):
    if m.ciego and m.bonus == 2:
        raise SampleInputError(
            "modifiers.bonus: a blind attacker cannot take +2",
            field="modifiers.bonus",
            message_es="bonificación: a ciegas no se puede tomar +2",
        )


def _absorb(d):
    return d.armadura.absorcion or (2 if d.armadura.tipo == "cuero" else 0)


def _resolve(a, d, w, m, o, rng):
    _validate(a, d, w, m)
    face = rng.randint(1, 6)
    steps = [Step("Ataque", (face,), {"total": face + a.fuerza // 3 + m.bonus}, "§1 «tira 1d6»")]
    dmg = 0
    hit = _hits(face, a, d, m)
    crit = hit and face >= o.umbral
    if hit:
        rolled = parse(w.dano).roll(rng)
        mult = 2 if crit and o.critico_dobla else 1
        dmg = max(0, rolled.total * mult - _absorb(d))
        steps.append(Step("Daño", sum(rolled.faces, ()), {"damage": dmg}, "§2 «resta armadura»"))
    key = (hit, crit, dmg)
    return steps, key, key


def _odds(a, d, w, m, o):
    _validate(a, d, w, m)
    out = {}
    law = parse(w.dano).distribution()
    for face, p in die(6).items():
        if not _hits(face, a, d, m):
            out[(False, False, 0)] = out.get((False, False, 0), 0) + p
            continue
        crit = face >= o.umbral
        mult = 2 if crit and o.critico_dobla else 1
        for x, q in law.items():
            k = (True, crit, max(0, x * mult - _absorb(d)))
            out[k] = out.get(k, 0) + p * q
    return {k: Fraction(v) for k, v in out.items()}


def _project(key):
    hit, crit, dmg = key
    wound = (
        None if dmg == 0 else ("sample.wound.malherido" if dmg >= 5 else "sample.wound.magullado")
    )
    rank = 0 if wound is None else (2 if dmg >= 5 else 1)
    fate = "dead" if dmg >= 8 else ("down" if dmg >= 5 else None)
    return OutcomeView(hit, crit, dmg, wound, rank, fate=fate)


i18n.register_pairs(
    "sample",
    {
        "wound.magullado": ("Magullado", "Magullado (bruised)"),
        "wound.malherido": ("Malherido", "Malherido (badly hurt)"),
        "wound_help.malherido": (
            "−2 a todo; cae y sangra; el último escalón antes de morir",
            "−2 to everything; falls and bleeds; the last step before death",
        ),
    },
)


@dataclass(frozen=True)
class CheckForm:
    """§3 Chequeo: 1d6 + habilidad ≥ dificultad; a 1 is a pifia."""

    habilidad: int = fields.int_field(
        2, 0, 5, label=("Habilidad", "Habilidad (skill)"), help=("suma", "adds")
    )
    dificultad: int = fields.int_field(
        5, 2, 12, label=("Dificultad", "Dificultad (difficulty)"), help=("objetivo", "target")
    )

    def __post_init__(self):
        _check(self)


def _check_degree(face, form):
    if face == 1:
        return "pifia"
    return "exito" if face + form.habilidad >= form.dificultad else "fallo"


def _check_odds(form, options):
    out = {}
    for face in range(1, 7):
        d = _check_degree(face, form)
        out[d] = out.get(d, Fraction(0)) + Fraction(1, 6)
    return out


def _check_resolve(form, options, rng):
    face = rng.randint(1, 6)
    return (
        [Step("Chequeo", (face,), {"total": face + form.habilidad}, "§3 «1d6»")],
        face,
        _check_degree(face, form),
    )


CHECK = CheckProcedure(
    id="chequeo",
    label=("Chequeo", "Chequeo (check)"),
    form=CheckForm,
    degrees=(
        Degree("pifia", ("Pifia", "Pifia (fumble)"), success=False),
        Degree("fallo", ("Fallo", "Fallo (failure)"), success=False),
        Degree("exito", ("Éxito", "Éxito (success)"), success=True),
    ),
    odds_fn=_check_odds,
    resolve_fn=_check_resolve,
)


def _derived(role, form, options):
    """The engine's value of an automatic field: a weapon's charges by its type."""
    if role == "weapon":
        return {"cargas": 5 if form.tipo == "corte" else 3}
    return {}


SYSTEM = System(
    id="sample",
    name_key="Muestra",
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=Options,
    presets={
        "attacker": {"Ana (FUE 9)": Combatant(nombre="Ana", fuerza=9)},
        "defender": {
            "Bruto": Combatant(
                nombre="Bruto", guardia=3, armadura=Armor("cuero", 2), escudo=Shield(2)
            )
        },
        "weapon": {
            "Hacha": Weapon("Hacha", "1D8+1", 1.0, 5, "corte"),
            "Daga": Weapon(),
        },
        "modifiers": {
            "Noche": Modifiers(
                etiquetas=frozenset({"noche"}), zonas=MappingProxyType({"cabeza": 2, "torso": 1})
            )
        },
    },
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=_project,
    grid_axes=(("attacker", "fuerza"), ("modifiers", "bonus")),
    checks={"chequeo": CHECK},
    derived_fn=_derived,
)
