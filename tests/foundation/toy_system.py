"""A tiny system built only from the kit, to test the shared model in isolation — and the
template of ``docs/adding-a-system.md``.

Rules: the attacker rolls 1d6 + bonus against a target number; damage is 1d4 on a hit; a 6
is a critical that doubles damage. 5 damage or more is a serious wound that drops the
defender; 7 or more kills. The system's one check is 1d6 + bonus against the target
(a 1 always fails)."""

from dataclasses import dataclass
from fractions import Fraction

from rolkit import fields, i18n
from rolkit.dice import die
from rolkit.errors import ImpossibleActionError
from rolkit.model import Degree, OutcomeView, Step
from rolkit.system import CheckProcedure, System


@dataclass(frozen=True)
class Attacker:
    bonus: int = fields.int_field(0, 0, 3, label=("Bonificador", "Bonus"), help=("suma", "adds"))

    def __post_init__(self):
        fields.validate(self)


@dataclass(frozen=True)
class Defender:
    target: int = fields.int_field(4, 2, 7, label=("Dificultad", "Target"), help=("a", "b"))
    armour: int = fields.int_field(0, 0, 2, label=("Armadura", "Armour"), help=("a", "b"))

    def __post_init__(self):
        fields.validate(self)


@dataclass(frozen=True)
class Weapon:
    damage: str = fields.dice_field("1D4", label=("Daño", "Damage"), help=("a", "b"))

    def __post_init__(self):
        fields.validate(self)


@dataclass(frozen=True)
class Modifiers:
    blind: bool = fields.flag_field(False, label=("A ciegas", "Blind"), help=("a", "b"))

    def __post_init__(self):
        fields.validate(self)


@dataclass(frozen=True)
class Options:
    crit_doubles: bool = fields.flag_field(
        True, label=("Crítico dobla", "Crit doubles"), help=("a", "b")
    )

    def __post_init__(self):
        fields.validate(self)


def _hit(face, a, d):
    return face + a.bonus >= d.target


def _check(a, m):
    if m.blind and a.bonus == 3:
        raise ImpossibleActionError("blind attackers cannot use bonus 3", field="bonus")


def _resolve(a, d, w, m, o, rng):
    _check(a, m)
    face = rng.randint(1, 6)
    steps = [Step("Ataque", (face,), {"total": face + a.bonus}, "§1")]
    dmg = 0
    if _hit(face, a, d):
        from rolkit.dice import parse

        rolled = parse(w.damage).roll(rng)
        mult = 2 if face == 6 and o.crit_doubles else 1
        dmg = max(0, rolled.total * mult - d.armour)
        steps.append(Step("Daño", sum(rolled.faces, ()), {"damage": dmg}, "§2"))
    hit = _hit(face, a, d)
    key = (hit, hit and face == 6, dmg)
    return steps, key, key


def _odds(a, d, w, m, o):
    _check(a, m)
    from rolkit.dice import parse

    out = {}
    dmg_law = parse(w.damage).distribution()
    for face, p in die(6).items():
        if not _hit(face, a, d):
            out[(False, False, 0)] = out.get((False, False, 0), 0) + p
            continue
        mult = 2 if face == 6 and o.crit_doubles else 1
        for x, q in dmg_law.items():
            k = (True, face == 6, max(0, x * mult - d.armour))
            out[k] = out.get(k, 0) + p * q
    return {k: Fraction(v) for k, v in out.items()}


i18n.register_pairs(
    "toy",
    {
        "name": ("Juguete", "Juguete (toy)"),
        "wound.leve": ("herida leve", "herida leve (light wound)"),
        "wound.grave": ("herida grave", "herida grave (serious wound)"),
        "flag.crit": ("crítico", "critical"),
        "headline.critical": ("{p} crítico", "{p} critical"),
        "step.check": ("Chequeo", "Chequeo (check)"),
        "derived.total": ("total", "total"),
    },
)


def _fate(dmg):
    return "dead" if dmg >= 7 else ("down" if dmg >= 5 else None)


def _project(key):
    hit, crit, dmg = key
    wound = None if dmg == 0 else ("toy.wound.grave" if dmg >= 5 else "toy.wound.leve")
    return OutcomeView(
        hit,
        crit,
        dmg,
        wound,
        0 if wound is None else (2 if dmg >= 5 else 1),
        frozenset({"crit"}) if crit else frozenset(),
        fate=_fate(dmg),
    )


@dataclass(frozen=True)
class CheckForm:
    bonus: int = fields.int_field(0, 0, 3, label=("Bonificador", "Bonus"), help=("suma", "adds"))
    target: int = fields.int_field(4, 2, 7, label=("Dificultad", "Target"), help=("a", "b"))

    def __post_init__(self):
        fields.validate(self)


def _check_degree(face, form):
    if face == 1:
        return "pifia"
    return "exito" if face + form.bonus >= form.target else "fallo"


def _check_odds(form, options):
    out = {}
    for face, p in die(6).items():
        d = _check_degree(face, form)
        out[d] = out.get(d, 0) + p
    return out


def _check_resolve(form, options, rng):
    face = rng.randint(1, 6)
    degree = _check_degree(face, form)
    steps = [Step("toy.step.check", (face,), {"total": face + form.bonus}, "§3")]
    return steps, face, degree


CHECK = CheckProcedure(
    id="check",
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


SYSTEM = System(
    id="toy",
    name_key="toy.name",
    forms={"attacker": Attacker, "defender": Defender, "weapon": Weapon, "modifiers": Modifiers},
    options_type=Options,
    presets={"weapon": {"Daga": {"damage": "1D4"}, "Hacha": {"damage": "1D8+1"}}},
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=_project,
    grid_axes=(("attacker", "bonus"), ("attacker", "bonus")),
    critical_key="toy.headline.critical",
    checks={"check": CHECK},
)
