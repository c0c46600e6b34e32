"""The system's own checks (``SYSTEM.checks``): exact law by degree and a seeded resolve.

* ``cd`` — P1 a check against a CD, with condition modifiers, improvised tools, an
  Esfuerzo extra and aid another (§1.6, §1.7);
* ``opposed`` — P2 an opposed check, rerolls resolved;
* ``take`` — P3 take 10 / take 20 (no roll; refused when the situation forbids it);
* ``concentration`` — P12 the Voluntad save against CD 10 + damage;
* ``massive`` — P9/T6 the Fortaleza save of Daño masivo;
* ``recovery`` — P15 the Fortaleza test of recovery from Malherido, Incapacitado or
  Inconsciente.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit import fields
from rolkit.dice import RandomSource
from rolkit.model import Degree
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack import NSd20Step
from rolkit.systems.nsd20.citations import CITE
from rolkit.systems.nsd20.core import (
    AID_CD,
    EFFORT_CHECK_BONUS,
    aid_another_bonus,
    aid_bonus_distribution,
    natural_success,
    opposed_check,
    opposed_probability,
    take_result,
    take_succeeds,
)
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.progress import concentration_cd
from rolkit.systems.nsd20.recovery import recovery_cd, recovery_check
from rolkit.systems.nsd20.tables import IMPROVISED_TOOLS
from rolkit.systems.nsd20.wounds import band_of, massive_damage_cd, massive_damage_margin

__all__ = [
    "CDCheckForm",
    "OpposedForm",
    "TakeForm",
    "ConcentrationForm",
    "MassiveDamageForm",
    "RecoveryForm",
    "CHECKS",
    "D20_DEGREES",
]

MAX_REROLLS = 1000  # an opposed tie is rerolled; (18/400)^1000 is never reached

D20_DEGREES = (
    Degree(
        "fallo_automatico",
        ("Fallo automático (1 natural)", "Fallo automático (natural 1)"),
        success=False,
    ),
    Degree("fallo", ("Fallo", "Fallo (failure)"), success=False),
    Degree("exito", ("Éxito", "Éxito (success)"), success=True),
    Degree(
        "exito_automatico",
        ("Éxito automático (20 natural)", "Éxito automático (natural 20)"),
        success=True,
    ),
)


def _validate(obj: object) -> None:
    fields.validate(obj, error_cls=NSd20InputError)


def _int(
    default: int | None,
    lo: int,
    hi: int,
    es: str,
    gloss: str,
    h_es: str,
    h_en: str,
    rule: str = "",
    optional: bool = False,
) -> Any:
    return fields.int_field(
        default,
        lo,
        hi,
        label=fields.label(es, gloss),
        help=(h_es, h_en),
        rule=rule,
        optional=optional,
    )


def _flag(es: str, gloss: str, h_es: str, h_en: str, rule: str = "") -> Any:
    return fields.flag_field(False, label=fields.label(es, gloss), help=(h_es, h_en), rule=rule)


def _d20_degree(natural: int, total: int, cd: int, natural_rules: bool) -> str:
    success, automatic = natural_success(natural, total, cd, natural_rules)
    if automatic:
        return "exito_automatico" if success else "fallo_automatico"
    return "exito" if success else "fallo"


def _d20_law(modifier: int, cd: int, natural_rules: bool) -> dict[str, int]:
    counts = dict.fromkeys((d.id for d in D20_DEGREES), 0)
    for n in range(1, 21):
        counts[_d20_degree(n, n + modifier, cd, natural_rules)] += 1
    return counts


# --------------------------------------------------------------------------- CD check
@dataclass(frozen=True)
class CDCheckForm:
    """P1 A check: d20 + modifier (+ conditions, tools, effort, aid) against a CD."""

    modifier: int = _int(
        0,
        -20,
        40,
        "Modificador",
        "modifier",
        "Característica, bonificación y habilidad del personaje.",
        "The character's ability, bonus and skill.",
        "P1",
    )
    cd: int = _int(
        15,
        0,
        60,
        "Clase de Dificultad",
        "difficulty class",
        "El número que hay que igualar o superar.",
        "The number to equal or beat.",
        "P1 [seed]",
    )
    condition: int = _int(
        0,
        -20,
        20,
        "Modificador condicional",
        "situational modifier",
        "±2 inconveniente, ±4 estorbo, ±6 obstáculo.",
        "±2 nuisance, ±4 hindrance, ±6 obstacle.",
        "T2 [seed]",
    )
    improvised_tools: bool = _flag(
        "Herramientas improvisadas",
        "improvised tools",
        "−4 a la prueba.",
        "−4 on the check.",
        "T2 [seed]",
    )
    extra_effort: bool = _flag(
        "Esfuerzo extra (+5)",
        "extra effort",
        "+5 a esta prueba; fatiga al asalto siguiente.",
        "+5 on this check; fatigue at the next round.",
        "P11 [seed]",
    )
    helpers: int = _int(
        0,
        0,
        10,
        "Ayudantes",
        "helpers",
        "Cada ayudante tira contra CD 10; cada éxito da +2.",
        "Each helper rolls against CD 10; each success gives +2.",
        "§1.7 [seed]",
    )
    helper_modifier: int = _int(
        0,
        -20,
        40,
        "Modificador de los ayudantes",
        "helpers' modifier",
        "El mismo para todos los ayudantes.",
        "The same for every helper.",
        "§1.7",
    )

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def total_modifier(self) -> int:
        """§1.6 All modifiers add together (G12)."""
        tools = IMPROVISED_TOOLS if self.improvised_tools else 0
        effort = EFFORT_CHECK_BONUS if self.extra_effort else 0
        return self.modifier + self.condition + tools + effort


def _cd_odds(form: CDCheckForm, rules: NSd20Rules) -> dict[str, Fraction]:
    aid = aid_bonus_distribution([form.helper_modifier] * form.helpers, rules=rules)
    out = {d.id: Fraction(0) for d in D20_DEGREES}
    for bonus, p in aid.items():
        counts = _d20_law(form.total_modifier + bonus, form.cd, rules.natural_rules_on_checks)
        for degree, c in counts.items():
            out[degree] += p * Fraction(c, 20)
    return out


def _cd_resolve(form: CDCheckForm, rules: NSd20Rules, rng: RandomSource) -> tuple[Any, Any, str]:
    steps = []
    rolls = []
    if form.helpers:
        rolls = [(rng.randint(1, 20), form.helper_modifier) for _ in range(form.helpers)]
        steps.append(
            NSd20Step(
                "nsd20.step.aid",
                tuple(n for n, _ in rolls),
                {"cd": AID_CD, "aid_bonus": aid_another_bonus(rolls, rules=rules)},
                CITE["aid"],
            )
        )
    bonus = aid_another_bonus(rolls, rules=rules)
    natural = rng.randint(1, 20)
    total = natural + form.total_modifier + bonus
    degree = _d20_degree(natural, total, form.cd, rules.natural_rules_on_checks)
    steps.append(
        NSd20Step(
            "nsd20.step.check",
            (natural,),
            {
                "natural": natural,
                "modifier": form.total_modifier + bonus,
                "total": total,
                "cd": form.cd,
                "margin": total - form.cd,
            },
            CITE["check"],
        )
    )
    return steps, {"natural": natural, "total": total, "aid_bonus": bonus}, degree


# --------------------------------------------------------------------------- opposed
@dataclass(frozen=True)
class OpposedForm:
    """P2 Two sides roll d20 + modifier; the higher total wins."""

    mod_a: int = _int(
        0,
        -20,
        40,
        "Modificador de A",
        "A's modifier",
        "La prueba del que actúa.",
        "The acting side's check.",
        "P2",
    )
    mod_b: int = _int(
        0,
        -20,
        40,
        "Modificador de B",
        "B's modifier",
        "La prueba del que se opone.",
        "The opposing side's check.",
        "P2",
    )
    ties_allowed: bool = _flag(
        "Se permite empate",
        "ties allowed",
        "Como unas tablas en el ajedrez; si no, se vuelve a tirar.",
        "Like a draw at chess; otherwise both reroll.",
        "P2 [seed]",
    )
    score_a: int | None = _int(
        None,
        1,
        30,
        "Característica de A",
        "A's score",
        "Solo para la opción «gana la característica más alta».",
        "Only for the «higher score wins a tie» option.",
        "P2, S10",
        optional=True,
    )
    score_b: int | None = _int(
        None,
        1,
        30,
        "Característica de B",
        "B's score",
        "Solo para la opción «gana la característica más alta».",
        "Only for the «higher score wins a tie» option.",
        "P2, S10",
        optional=True,
    )

    def __post_init__(self) -> None:
        _validate(self)


OPPOSED_DEGREES = (
    Degree("b", ("Gana B", "Gana B (B wins)"), success=False),
    Degree("tie", ("Empate", "Empate (tie)"), success=False),
    Degree("a", ("Gana A", "Gana A (A wins)"), success=True),
)


def _opposed_odds(form: OpposedForm, rules: NSd20Rules) -> dict[str, Fraction]:
    return opposed_probability(
        form.mod_a,
        form.mod_b,
        ties_allowed=form.ties_allowed,
        score_a=form.score_a,
        score_b=form.score_b,
        rules=rules,
    )


def _opposed_resolve(
    form: OpposedForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    steps = []
    for _ in range(MAX_REROLLS):
        na, nb = rng.randint(1, 20), rng.randint(1, 20)
        result = opposed_check(
            na + form.mod_a,
            nb + form.mod_b,
            ties_allowed=form.ties_allowed,
            score_a=form.score_a,
            score_b=form.score_b,
            natural_a=na,
            natural_b=nb,
            rules=rules,
        )
        steps.append(
            NSd20Step(
                "nsd20.step.opposed",
                (na, nb),
                {
                    "total_a": na + form.mod_a,
                    "total_b": nb + form.mod_b,
                    "result": f"nsd20.value.{result}",
                },
                CITE["opposed"],
            )
        )
        if result != "reroll":
            return steps, result, result
    return steps, "tie", "tie"  # pragma: no cover - probability (18/400)^1000


# --------------------------------------------------------------------------- take 10/20
@dataclass(frozen=True)
class TakeForm:
    """P3 Elegir 10 / Elegir 20: no roll; refused under pressure (and, for 20, when failing
    has consequences)."""

    modifier: int = _int(
        0, -20, 40, "Modificador", "modifier", "El de la prueba.", "The check's modifier.", "P3"
    )
    cd: int = _int(
        15,
        0,
        60,
        "Clase de Dificultad",
        "difficulty class",
        "El número que hay que igualar o superar.",
        "The number to equal or beat.",
        "P3",
    )
    mode: int = fields.choice_field(
        10,
        {10: ("Elegir 10", "Elegir 10 (take 10)"), 20: ("Elegir 20", "Elegir 20 (take 20)")},
        label=fields.label("Elegir", "take"),
        help=("Elegir 20 tarda veinte veces más.", "Taking 20 takes twenty times as long."),
        rule="P3",
    )
    under_pressure: bool = _flag(
        "Bajo presión",
        "under pressure",
        "Como en combate: no se puede elegir.",
        "As in combat: neither may be taken.",
        "P3 [seed]",
    )
    distracted: bool = _flag(
        "Distraído", "distracted", "No se puede elegir.", "Neither may be taken.", "P3 [seed]"
    )
    failure_has_consequences: bool = _flag(
        "Fallar tiene consecuencias",
        "failure has consequences",
        "Una alarma, una caída: no se puede elegir 20.",
        "An alarm, a fall: you cannot take 20.",
        "P3 [seed]",
    )
    base_time_rounds: int = _int(
        1,
        1,
        1000,
        "Tiempo normal (asaltos)",
        "normal time, rounds",
        "Lo que tarda la prueba normal.",
        "What the normal check takes.",
        "P3",
    )

    def __post_init__(self) -> None:
        _validate(self)


TAKE_DEGREES = (
    Degree("fallo", ("Fallo", "Fallo (failure)"), success=False),
    Degree("exito", ("Éxito", "Éxito (success)"), success=True),
)


def _take(form: TakeForm, rules: NSd20Rules) -> tuple[Any, str]:
    result = take_result(
        form.modifier,
        form.mode,  # type: ignore[arg-type]
        under_pressure=form.under_pressure,
        distracted=form.distracted,
        failure_has_consequences=form.failure_has_consequences,
        base_time_rounds=form.base_time_rounds,
    )
    ok = take_succeeds(result, form.mode, form.cd, rules=rules)  # type: ignore[arg-type]
    return result, "exito" if ok else "fallo"


def _take_odds(form: TakeForm, rules: NSd20Rules) -> dict[str, Fraction]:
    _, degree = _take(form, rules)
    return {"fallo": Fraction(degree == "fallo"), "exito": Fraction(degree == "exito")}


def _take_resolve(form: TakeForm, rules: NSd20Rules, rng: RandomSource) -> tuple[Any, Any, str]:
    result, degree = _take(form, rules)
    step = NSd20Step(
        "nsd20.step.take",
        (),
        {
            "mode": form.mode,
            "total": result.total,
            "cd": form.cd,
            "time_rounds": result.time_rounds,
        },
        CITE["take"],
    )
    return [step], result, degree


# --------------------------------------------------------------------------- concentration
@dataclass(frozen=True)
class ConcentrationForm:
    """P12 Voluntad save against CD 10 + damage (+5 unstable ground, +5 grappled)."""

    will_total: int = _int(
        0,
        -10,
        30,
        "Voluntad total",
        "will save",
        "Bonificación de Voluntad + mod. de Sabiduría + otros.",
        "Will bonus + Wisdom modifier + other.",
        "P12",
    )
    damage_taken: int = _int(
        0,
        0,
        200,
        "Daño recibido",
        "damage taken",
        "El daño final, tras la RD.",
        "The final damage, after RD.",
        "P12",
    )
    unstable_ground: bool = _flag(
        "Terreno inestable (+5)", "unstable ground", "+5 a la CD.", "+5 to the CD.", "P12 [seed]"
    )
    grappled: bool = _flag(
        "Sujeto en una presa (+5)", "grappled", "+5 a la CD.", "+5 to the CD.", "P12 [seed]"
    )
    other: int = _int(
        0,
        -20,
        20,
        "Otros modificadores a la CD",
        "other CD modifiers",
        "Clima riguroso u otras distracciones.",
        "Harsh weather or other distractions.",
        "P12",
    )
    extra_effort: bool = _flag(
        "Esfuerzo extra (+5)",
        "extra effort",
        "Solo en tu propio turno (G13).",
        "On your own turn only (G13).",
        "P12, G13",
    )

    def __post_init__(self) -> None:
        _validate(self)


def _concentration_cd(form: ConcentrationForm, rules: NSd20Rules) -> int:
    return concentration_cd(
        form.damage_taken,
        unstable_ground=form.unstable_ground,
        grappled=form.grappled,
        other=form.other,
        rules=rules,
    )


def _concentration_modifier(form: ConcentrationForm) -> int:
    return form.will_total + (EFFORT_CHECK_BONUS if form.extra_effort else 0)


def _concentration_odds(form: ConcentrationForm, rules: NSd20Rules) -> dict[str, Fraction]:
    counts = _d20_law(
        _concentration_modifier(form), _concentration_cd(form, rules), rules.natural_rules_on_saves
    )
    return {k: Fraction(c, 20) for k, c in counts.items()}


def _concentration_resolve(
    form: ConcentrationForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    cd = _concentration_cd(form, rules)
    natural = rng.randint(1, 20)
    total = natural + _concentration_modifier(form)
    degree = _d20_degree(natural, total, cd, rules.natural_rules_on_saves)
    step = NSd20Step(
        "nsd20.step.concentration",
        (natural,),
        {"natural": natural, "total": total, "cd": cd, "margin": total - cd},
        CITE["concentration"],
    )
    return [step], {"natural": natural, "total": total, "cd": cd}, degree


# --------------------------------------------------------------------------- massive damage
@dataclass(frozen=True)
class MassiveDamageForm:
    """P9 The Fortaleza save against CD 10 + final damage (table T6)."""

    fortitude_total: int = _int(
        0,
        -10,
        30,
        "Fortaleza total",
        "fortitude save",
        "Bonificación de Fortaleza + mod. de Constitución + otros.",
        "Fortitude bonus + Constitution modifier + other.",
        "P9",
    )
    damage: int = _int(
        10,
        1,
        200,
        "Daño final",
        "final damage",
        "El daño tras la RD que alcanzó el umbral.",
        "The damage after RD that reached the threshold.",
        "P9",
    )

    def __post_init__(self) -> None:
        _validate(self)


MASSIVE_DEGREES = (
    Degree("moribundo", ("Inconsciente + Moribundo", "Inconsciente + Moribundo (dying)"), False),
    Degree(
        "incapacitado", ("Aturdido + Incapacitado", "Aturdido + Incapacitado (disabled)"), False
    ),
    Degree("malherido", ("Aturdido + Malherido", "Aturdido + Malherido (badly wounded)"), False),
    Degree("none", ("Sin efecto", "Sin efecto (no effect)"), True),
)


def _massive_odds(form: MassiveDamageForm, rules: NSd20Rules) -> dict[str, Fraction]:
    out = {d.id: Fraction(0) for d in MASSIVE_DEGREES}
    for f in range(1, 21):
        margin = massive_damage_margin(
            f, form.fortitude_total, form.damage, rules.natural_rules_on_saves
        )
        out[band_of(margin)] += Fraction(1, 20)
    return out


def _massive_resolve(
    form: MassiveDamageForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    f = rng.randint(1, 20)
    margin = massive_damage_margin(
        f, form.fortitude_total, form.damage, rules.natural_rules_on_saves
    )
    band = band_of(margin)
    step = NSd20Step(
        "nsd20.step.massive",
        (f,),
        {
            "natural": f,
            "save_total": form.fortitude_total,
            "total": f + form.fortitude_total,
            "cd": massive_damage_cd(form.damage),
            "failed_by": margin,
            "band": f"nsd20.wound.{band}",
        },
        CITE["massive"],
    )
    return [step], {"natural": f, "failed_by": margin}, band


# --------------------------------------------------------------------------- recovery
@dataclass(frozen=True)
class RecoveryForm:
    """P15 The Fortaleza test of recovery: CD 15 (+1 per earlier failure) or CD 10."""

    fortitude_total: int = _int(
        0,
        -10,
        30,
        "Fortaleza total",
        "fortitude save",
        "Bonificación de Fortaleza + mod. de Constitución + otros.",
        "Fortitude bonus + Constitution modifier + other.",
        "P15",
    )
    condition: str = fields.choice_field(
        "malherido",
        {
            "malherido": ("Malherido (una vez al día)", "Malherido (badly wounded, daily)"),
            "incapacitado": ("Incapacitado (una vez a la semana)", "Incapacitado (weekly)"),
            "inconsciente": ("Inconsciente (cada minuto)", "Inconsciente (each minute)"),
        },
        label=fields.label("Estado", "condition"),
        help=(
            "Malherido e Incapacitado: CD 15; Inconsciente: CD 10.",
            "Malherido and Incapacitado: CD 15; Inconsciente: CD 10.",
        ),
        rule="P15 [NSd20 S6]",
    )
    earlier_failures: int = _int(
        0,
        0,
        20,
        "Fallos anteriores",
        "earlier failures",
        "+1 a la CD por cada fallo anterior (no para Inconsciente).",
        "+1 to the CD per earlier failure (not for Inconsciente).",
        "P15",
    )

    def __post_init__(self) -> None:
        _validate(self)


def _recovery_odds(form: RecoveryForm, rules: NSd20Rules) -> dict[str, Fraction]:
    cd = recovery_cd(form.condition, form.earlier_failures)  # type: ignore[arg-type]
    counts = _d20_law(form.fortitude_total, cd, rules.natural_rules_on_saves)
    return {k: Fraction(c, 20) for k, c in counts.items()}


def _recovery_resolve(
    form: RecoveryForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    cd = recovery_cd(form.condition, form.earlier_failures)  # type: ignore[arg-type]
    natural = rng.randint(1, 20)
    total = natural + form.fortitude_total
    degree = _d20_degree(natural, total, cd, rules.natural_rules_on_saves)
    _, after = recovery_check(
        natural,
        form.fortitude_total,
        form.condition,  # type: ignore[arg-type]
        form.earlier_failures,
        rules=rules,
    )
    step = NSd20Step(
        "nsd20.step.recovery",
        (natural,),
        {"natural": natural, "total": total, "cd": cd, "margin": total - cd},
        CITE["recovery"],
    )
    return [step], {"natural": natural, "total": total, "cd": cd, "after": after}, degree


CHECKS: dict[str, CheckProcedure[Any, NSd20Rules]] = {
    "cd": CheckProcedure(
        "cd",
        ("Prueba contra CD", "Prueba contra CD (check vs DC)"),
        CDCheckForm,
        D20_DEGREES,
        _cd_odds,
        _cd_resolve,
    ),
    "opposed": CheckProcedure(
        "opposed",
        ("Prueba enfrentada", "Prueba enfrentada (opposed check)"),
        OpposedForm,
        OPPOSED_DEGREES,
        _opposed_odds,
        _opposed_resolve,
    ),
    "take": CheckProcedure(
        "take",
        ("Elegir 10 / Elegir 20", "Elegir 10 / Elegir 20 (take 10/20)"),
        TakeForm,
        TAKE_DEGREES,
        _take_odds,
        _take_resolve,
    ),
    "concentration": CheckProcedure(
        "concentration",
        ("Concentración", "Concentración (concentration)"),
        ConcentrationForm,
        D20_DEGREES,
        _concentration_odds,
        _concentration_resolve,
    ),
    "massive": CheckProcedure(
        "massive",
        ("Daño masivo", "Daño masivo (massive damage)"),
        MassiveDamageForm,
        MASSIVE_DEGREES,
        _massive_odds,
        _massive_resolve,
    ),
    "recovery": CheckProcedure(
        "recovery",
        ("Recuperación", "Recuperación (recovery)"),
        RecoveryForm,
        D20_DEGREES,
        _recovery_odds,
        _recovery_resolve,
    ),
}
