"""The fight to evaluate (:class:`FightSpec`), its policies and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from rolkit.errors import RulesError, input_error
from rolkit.system import System

if TYPE_CHECKING:
    from rolkit.fight.tracker import Fight

__all__ = [
    "FightSpec",
    "Policy",
    "POLICIES",
    "DefencePolicy",
    "DEFENCE_POLICIES",
    "Method",
    "METHODS",
    "DEFAULT_MAX_STATES",
    "DEFAULT_SIMULATIONS",
    "SHOWN_TAIL",
    "SHOWN_ROUNDS_CAP",
    "validate",
    "check_method",
    "plain",
]

#: The exact solve stops exploring past this many distinct states (combatants' forms).
DEFAULT_MAX_STATES = 20_000
#: Simulated fights when the exact solve does not fit (95 % interval ± ≤ 1 pp).
DEFAULT_SIMULATIONS = 10_000
#: With ``rounds=None``, rounds are walked one by one (their law shown) until the chance
#: the fight is still going is at most ``SHOWN_TAIL``, or ``SHOWN_ROUNDS_CAP`` rounds;
#: the rest is solved to the end and shown as «más tarde».
SHOWN_TAIL = Fraction(1, 100)
SHOWN_ROUNDS_CAP = 40

Policy = Literal["weakest", "first"]
POLICIES: tuple[str, ...] = ("weakest", "first")
DefencePolicy = Literal["when_able", "keep_action"]
DEFENCE_POLICIES: tuple[str, ...] = ("when_able", "keep_action")
Method = Literal["auto", "exact", "bounds", "simulate"]
METHODS: tuple[str, ...] = ("auto", "exact", "bounds", "simulate")


@dataclass(frozen=True)
class FightSpec:
    """A fight to evaluate, as plain picklable data (what :func:`rolkit.sweep` ships).

    ``fighters``: ``(name, side, combatant form, weapon form)`` in order of entry;
    ``order``: names in turn order (empty: order of entry); ``turn``: whose turn it is;
    ``started``: that turn has begun, its start-of-turn rules already applied (a fight
    under way in the tracker); else they apply first (a fight about to begin);
    ``options``: the house rules the fight is played under (``None``: the system's
    defaults), the tracker's own (:attr:`rolkit.fight.Fight.options`).
    """

    system: str
    fighters: tuple[tuple[str, str, Any, Any], ...]
    order: tuple[str, ...] = ()
    turn: int = 0
    initiative_rolled: bool = False
    started: bool = False
    options: Any = None

    @classmethod
    def of(cls, fight: Fight) -> FightSpec:
        """The spec of a :class:`rolkit.fight.Fight` as it stands now."""
        st = fight.state
        return cls(
            fight.system.id,
            tuple((f.name, f.side, f.defender, f.weapon) for f in st.fighters),
            tuple(st.order),
            st.turn if st.order else 0,
            bool(st.order),
            bool(st.order),
            fight.options,
        )


def plain(en: str, es: str, field_name: str | None = None) -> RulesError:
    """A :class:`RulesError` for a GM, in both languages."""
    return input_error(field_name, en=en, es=es, cls=RulesError)


def validate(
    s: System,
    spec: FightSpec,
    rounds: int | None,
    policy: str,
    policies: Mapping[str, str],
    defence_policy: str = "when_able",
    defence_policies: Mapping[str, str] | None = None,
) -> None:
    """A fight the chain can evaluate: the system's after-state law, two sides, a sane
    horizon, known policies naming combatants of the fight, forms of the system.

    Raises:
        RulesError: the first of these that fails, in plain words.
    """
    if not s.has_transitions:
        raise plain(
            f"{s.display_name('en')} does not give its after-state law yet",
            f"{s.display_name('es')} aún no da su ley de estados tras el ataque",
        )
    sides = list(dict.fromkeys(f[1] for f in spec.fighters))
    if len(sides) != 2:
        raise plain(
            f"a fight needs exactly two sides (got {len(sides)})",
            f"un combate necesita exactamente dos bandos (hay {len(sides)})",
            "sides",
        )
    _check_rounds(rounds)
    names = {f[0] for f in spec.fighters}
    _check_policies(policy, policies, POLICIES, names, "policy", ("objetivo", "target"))
    _check_policies(
        defence_policy,
        defence_policies or {},
        DEFENCE_POLICIES,
        names,
        "defence_policy",
        ("defensa", "defence"),
    )
    for name, _side, form, weapon in spec.fighters:
        if not isinstance(form, s.forms["defender"]) or not isinstance(weapon, s.forms["weapon"]):
            raise plain(
                f"{name}: not a {s.display_name('en')} combatant",
                f"{name}: no es un combatiente de {s.display_name('es')}",
            )


def check_method(method: str) -> None:
    """``method`` is one of :data:`METHODS`."""
    if method not in METHODS:
        raise plain(f"unknown method {method!r}", f"método desconocido {method!r}", "method")


def _check_rounds(rounds: int | None) -> None:
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)):
        raise plain("rounds must be a whole number", "las rondas deben ser un número entero")
    if rounds is not None and not 1 <= rounds <= 1000:
        raise plain("rounds must be 1 to 1000", "las rondas deben estar entre 1 y 1000")


def _check_policies(
    default: str,
    per: Mapping[str, str],
    allowed: tuple[str, ...],
    names: set[str],
    field_name: str,
    kind: tuple[str, str],
) -> None:
    """Each policy one of ``allowed`` and each named combatant in the fight."""
    for who, p in [("*", default), *per.items()]:
        if p not in allowed:
            choices = (" o ".join(allowed), " or ".join(allowed))
            raise plain(
                f"unknown {kind[1]} policy {p!r} ({choices[1]})",
                f"política de {kind[0]} desconocida {p!r} ({choices[0]})",
                field_name,
            )
        if who != "*" and who not in names:
            raise plain(f"no combatant is called {who!r}", f"ningún combatiente se llama {who!r}")
