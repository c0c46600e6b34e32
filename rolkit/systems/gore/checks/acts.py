"""P15 / P11.8 The roll-free acts of a turn (standing up, full defence, reloading) as
:class:`rolkit.system.CheckProcedure`\\ s with their forms (the fight's actions wrap them).

* *Cambiar de posición* (P15: «el personaje puede pasar de una posición a otra … Mientras
  lo hace no puede esquivar o bloquear»), *Defender* (P15: «actuará solo a la defensiva,
  añadiendo un modificador positivo del 20% a cualquier chequeo que haga para esquivar o
  bloquear hasta el próximo turno») and *Recargando* (P11.8) need no roll: their
  procedure has one degree, «Hecho», certain, and draws no die.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rolkit import fields
from rolkit.dice import RandomSource
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure

from ..messages import CHECK_LABELS
from ..options import GoreOptions, validate_form

__all__ = [
    "ActForm",
    "ReloadForm",
    "STAND_UP",
    "DEFEND",
    "RELOAD",
    "DONE",
]


@dataclass(frozen=True)
class ActForm:
    """P15 A roll-free act (*Cambiar de posición*, *Defender*): who makes it."""

    name: str = fields.text_field(
        "A",
        label=("Nombre", "Nombre (name)"),
        help=("Quien actúa.", "Who acts."),
        rule="P15",
    )

    def __post_init__(self) -> None:
        validate_form(self)


@dataclass(frozen=True)
class ReloadForm:
    """P11.8 *Recargando*: the rounds in the weapon, its capacity and how it is reloaded."""

    loaded: int = fields.int_field(
        0,
        0,
        200,
        label=("Munición cargada", "Munición cargada (rounds loaded)"),
        help=("Balas en el arma ahora.", "Rounds in the weapon now."),
        rule="P11.8",
    )
    capacity: int = fields.int_field(
        6,
        1,
        200,
        label=("Capacidad", "Capacidad (rounds it holds)"),
        help=("Balas que caben.", "Rounds it holds."),
        rule="P11.8",
    )
    kind: str = fields.choice_field(
        "magazine",
        {
            "cartridges": (
                "Balas sueltas (2 por turno)",
                "Balas sueltas (loose rounds, 2 a round)",
            ),
            "magazine": ("Cargador (1 turno)", "Cargador (magazine, 1 round)"),
            "belt": ("Cinta de ametralladora (2 turnos)", "Cinta (machine-gun belt, 2 rounds)"),
        },
        label=("Cómo se recarga", "Cómo se recarga (reload)"),
        help=("Balas sueltas, cargador o cinta.", "Loose rounds, magazine or belt."),
        rule="P11.8",
    )

    def __post_init__(self) -> None:
        validate_form(self)


#: The one degree of an act that needs no roll.
DONE = Degree("hecho", ("Hecho", "Hecho (done)"), success=True)


def _done_odds(form: object, options: GoreOptions | None) -> dict[str, Fraction]:
    return {DONE.id: Fraction(1)}


def _stand_resolve(
    form: ActForm, options: GoreOptions | None, rng: RandomSource
) -> tuple[list[Step], str, str]:
    rule = (
        "«Maniobras de combate», Cambiar de posición: «Mientras lo hace no puede esquivar o "
        "bloquear»"
    )
    step = Step("gore.step.stand_up", (), {"result": "gore.value.stood_up"}, rule)
    return [step], DONE.id, DONE.id


def _defend_resolve(
    form: ActForm, options: GoreOptions | None, rng: RandomSource
) -> tuple[list[Step], str, str]:
    rule = (
        "«Maniobras de combate», Defender: «añadiendo un modificador positivo del 20% a "
        "cualquier chequeo que haga para esquivar o bloquear hasta el próximo turno»"
    )
    step = Step("gore.step.full_defence", (), {"result": "gore.value.full_defence"}, rule)
    return [step], DONE.id, DONE.id


def _reload_resolve(
    form: ReloadForm, options: GoreOptions | None, rng: RandomSource
) -> tuple[list[Step], str, str]:
    rule = (
        "«Recargando»: «Necesitas todo un turno de combate para cargar 2 balas o "
        "cartuchos/cambiar un cargador. Dos turnos el cambiar la cinta»"
    )
    derived = {"loaded": form.loaded, "capacity": form.capacity, "result": "gore.value.reloaded"}
    return [Step("gore.step.reload", (), derived, rule)], DONE.id, DONE.id


STAND_UP: CheckProcedure[ActForm, GoreOptions] = CheckProcedure(
    id="stand_up",
    label=CHECK_LABELS["stand_up"],
    form=ActForm,
    degrees=(DONE,),
    odds_fn=_done_odds,
    resolve_fn=_stand_resolve,
)
DEFEND: CheckProcedure[ActForm, GoreOptions] = CheckProcedure(
    id="defend",
    label=CHECK_LABELS["defend"],
    form=ActForm,
    degrees=(DONE,),
    odds_fn=_done_odds,
    resolve_fn=_defend_resolve,
)
RELOAD: CheckProcedure[ReloadForm, GoreOptions] = CheckProcedure(
    id="reload",
    label=CHECK_LABELS["reload"],
    form=ReloadForm,
    degrees=(DONE,),
    odds_fn=_done_odds,
    resolve_fn=_reload_resolve,
)
