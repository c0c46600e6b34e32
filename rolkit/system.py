"""The ``System``: what every system module exports as ``SYSTEM``, and its checks.

The widgets, the magics and the generic tests know only this object. A system author
writes pure rule functions and hands them over here (see ``docs/adding-a-system.md``):

* ``resolve_fn(attacker, defender, weapon, modifiers, options, rng) -> Resolved``: the
  steps, the system's own result object and the key (:class:`rolkit.hooks.Resolved`;
  ``Resolved(r.steps, r, r.key)`` for a result ``r`` with its own steps and key)
* ``odds_fn(attacker, defender, weapon, modifiers, options) -> {key: Fraction}``
* ``project(key) -> OutcomeView``

Every hook's type is a Protocol of :mod:`rolkit.hooks`; a System is generic over its forms,
options and key (``System[Combatant, Weapon, Modifiers, Options, AttackKey]``), so mypy
checks each system's functions against the contract.

plus the form dataclasses, the options, presets as plain data and the checks
(:class:`CheckProcedure`). The System type-checks the forms, records the seed, builds the
random source from it, and wraps the results in :class:`~rolkit.model.Resolution` and
:class:`~rolkit.model.Odds`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, Generic, Protocol, TypeVar, cast

from rolkit import fields, i18n
from rolkit.actions import ActionProcedure, AttackAction, TurnRules
from rolkit.dice import check_seed, new_seed
from rolkit.errors import RulesError, input_error
from rolkit.hooks import (
    AfterHook,
    BlowReason,
    C_in,
    CheckOddsHook,
    CheckResolveHook,
    ConditionsHook,
    DerivedHook,
    FightBlowHook,
    InitiativeHook,
    M_in,
    O_in,
    OddsHook,
    ProjectHook,
    ResolveHook,
    StatusHook,
    TransitionsHook,
    TurnEffectHook,
    TurnEndHook,
    W_in,
)
from rolkit.model import (
    FATES,
    CheckOdds,
    CheckResolution,
    Degree,
    Fate,
    Odds,
    OutcomeView,
    Resolution,
)

__all__ = ["System", "CheckProcedure", "Degree", "FORM_NAMES", "BlowReason", "after_attributes"]

FORM_NAMES = ("attacker", "defender", "weapon", "modifiers")

#: The type parameters of a System: combatant form, weapon form, modifiers form, options,
#: odds key (the letters of :mod:`rolkit.hooks`).
C = TypeVar("C")
W = TypeVar("W")
M = TypeVar("M")
O = TypeVar("O")  # noqa: E741
K = TypeVar("K", bound=Hashable)
F = TypeVar("F")
PresetData = Mapping[str, Mapping[str, Any]]


class HitHook(Protocol[C_in, W_in, M_in, O_in]):
    """``(attacker, defender, weapon, modifiers, options) -> Fraction``: the probability
    that the attack hits (the ``hit`` of the system's ``project``), exactly the sum the
    whole law gives, read without building it (:meth:`System.p_hit`)."""

    def __call__(
        self, attacker: C_in, defender: C_in, weapon: W_in, modifiers: M_in, options: O_in, /
    ) -> Fraction: ...


class SampleBlowHook(Protocol[C_in, W_in, M_in, O_in]):
    """``(attacker, defender, weapon, modifiers, options, rng) -> (attacker_after,
    defender_after, weapon_after)``: one attack drawn from ``rng`` with no steps, its law
    exactly the after-state law (:attr:`System.sample_blow`)."""

    def __call__(
        self,
        attacker: C_in,
        defender: C_in,
        weapon: W_in,
        modifiers: M_in,
        options: O_in,
        rng: Any,
        /,
    ) -> tuple[Any, Any, Any]: ...


#: ``(profile, weapon_ok)``: what a combatant's own turn reads of itself to hurt its foe,
#: ``profile(combatant, weapon, options) -> Hashable | None``, and whether its turn leaves
#: its weapon alone, ``weapon_ok(weapon, options) -> bool`` (:attr:`System.duel_profile`).
DuelProfile = tuple[Callable[..., Hashable | None], Callable[..., bool]]


def _type_error(what: str, cls: type, value: Any) -> RulesError:
    return input_error(
        what,
        en=f"{what} must be a {cls.__name__} (got {type(value).__name__})",
        es=f"{what} debe ser un {cls.__name__} (recibido {type(value).__name__})",
        allowed=cls.__name__,
        got=type(value).__name__,
        cls=RulesError,
    )


def after_attributes(outcome: object) -> dict[str, object]:
    """The default after-state adapter: the outcome's ``<role>_after`` attributes.

    A system whose own result object carries ``attacker_after``, ``defender_after`` and
    ``weapon_after`` (valid form instances, as its spec's resolve returns them) needs no
    adapter of its own: set ``tracks_state=True``.
    """
    return {
        role: getattr(outcome, f"{role}_after")
        for role in ("attacker", "defender", "weapon")
        if getattr(outcome, f"{role}_after", None) is not None
    }


# --------------------------------------------------------------------------- checks
@dataclass(frozen=True, eq=False)
class CheckProcedure(Generic[F, O]):
    """One check a system offers (a skill check, an opposed roll, a healing check…).

    Attributes:
        id: the check's id inside its system (``"skill"``).
        label: ``(es, en)`` display name.
        form: a small frozen dataclass declared with :mod:`rolkit.fields`.
        degrees: the system's degrees of success for this check, worst → best.
        odds_fn: ``(form, options) -> {degree id: Fraction}``, exact, summing to 1.
        resolve_fn: ``(form, options, rng) -> (steps, outcome, degree id)``.
        system: the system id (set by :class:`System`).
        options_type: the system's options dataclass (set by :class:`System`).
    """

    id: str
    label: tuple[str, str]
    form: type
    degrees: tuple[Degree, ...]
    odds_fn: CheckOddsHook[F, O] = field(repr=False)
    resolve_fn: CheckResolveHook[F, O] = field(repr=False)
    system: str = ""
    options_type: type | None = field(default=None, repr=False)

    def label_for(self, lang: str = "es") -> str:
        return self.label[0] if lang == "es" else self.label[1]

    def degree(self, degree_id: str) -> Degree:
        for d in self.degrees:
            if d.id == degree_id:
                return d
        raise KeyError(degree_id)

    def defaults(self) -> Any:
        return self.form()

    def _checked(self, form: Any, options: Any) -> tuple[Any, Any]:
        if not isinstance(form, self.form):
            raise _type_error("form", self.form, form)
        if options is None and self.options_type is not None:
            options = self.options_type()
        if self.options_type is not None and not isinstance(options, self.options_type):
            raise _type_error("options", self.options_type, options)
        return form, options

    def odds(self, form: Any, options: Any = None) -> CheckOdds:
        """The exact law of the check over :attr:`degrees`."""
        form, options = self._checked(form, options)
        law = dict(self.odds_fn(form, options))
        return CheckOdds(self.system, self.id, self.label, self.degrees, law, form)

    def resolve(self, form: Any, options: Any = None, seed: int | None = None) -> CheckResolution:
        """One explained, replayable check (the seed is recorded)."""
        form, options = self._checked(form, options)
        seed = new_seed() if seed is None else check_seed(seed)
        steps, outcome, degree = self.resolve_fn(form, options, random.Random(seed))
        return CheckResolution(
            self.system, self.id, self.label, seed, tuple(steps), self.degree(degree), outcome, form
        )


# --------------------------------------------------------------------------- system
@dataclass(frozen=True, eq=False)
class System(Generic[C, W, M, O, K]):
    """What every system module exports as ``SYSTEM``; the widgets know only this object.

    Attributes:
        id: the registry id (``"core_dread"``).
        name_key: i18n key of the display name.
        forms: the four form dataclasses by role.
        options_type: dataclass of house rules and placeholders, all defaulted.
        presets: ``{role: {preset name: {field: value}}}`` (plain data, what a roster
            stores; a nested form is a dict). Instances are accepted too. Read them as
            instances through :attr:`preset_forms` (``s.presets`` gives the same), as
            data through :attr:`preset_data`.
        resolve_fn, odds_fn, project: the three rule entry points (module docstring).
        default_forms: ``{role: instance}``; defaults to each form class called bare.
        grid_axes: two ``(role, field)`` pairs of the attacker's main numbers: the
            success grid and the monotonicity property use them. Raising either never
            lowers the probability of a hit.
        options_field: for a system whose spec carries the options inside the modifiers
            form, that field's name: ``options=None`` then means "the options the
            modifiers carry", explicit options replace them, and the forms hide it.
        critical_key: i18n key of the headline's critical phrase (``"{p} crítico"``).
        checks: ``{check id: CheckProcedure}``, the system's procedures besides the attack.
        tracks_state: :meth:`after` can give the forms after an attack; by default read
            from the outcome's ``<role>_after`` attributes (:func:`after_attributes`).
        after_fn: a system's own after-state adapter, ``outcome -> {role: instance}``.
        i18n_prefix: the namespace of the system's messages (default: its id).
        initiative_fn: the system's initiative rule for a fight, ``(entries, rng) ->
            (order of names, steps)``; entries are :class:`rolkit.fight.InitiativeEntry`.
        initiative_each_round: the rule rerolls initiative every round.
        derived_fn: ``(role, form, options) -> {field: value}``: the values the engine uses
            for a form's automatic fields (an optional field left empty: maximum HP from
            the characteristics, a dodge skill from DES…), so a form can show them.
        screen_axes: the GM screen's two axes, ``(role, field)`` rows × columns: the main
            attribute or skill against a difficulty or the defender's defence (default:
            ``grid_axes``).
        transitions_fn: the exact after-state law of one attack, ``(attacker, defender,
            weapon, modifiers, options) -> {(attacker_after, defender_after, weapon_after):
            Fraction}``: the forms :meth:`after` gives (the input form where a role does not
            change), summing to 1 (:meth:`transitions`; whole-fight odds build on it).
        status_fn: ``(combatant, options) -> Fate``: where a combatant's current state
            leaves it on the system's track: ``None`` (can act), ``"down"``, ``"dying"``
            or ``"dead"`` (:meth:`status`). For a defender who can act, the law of
            ``status(defender_after)`` under :meth:`transitions` is ``odds(...).fate()``.
        turn_start_fn: ``(combatant, options) -> {combatant_after: Fraction}``: what the
            rules do to a combatant at the start of its own turn, before it acts, whether
            or not it can act (a dying character's roll to stabilise, a death point at
            0 PV…); :meth:`turn_start`. ``None``: nothing happens.
        turn_end_fn: ``(combatant, options, modifiers) -> law``: the same, at the end of
            the combatant's own turn, after its blow or when it could not act (the one
            action of its round is used: Core Dread's spent turn, «un solo turno por
            asalto»); ``modifiers``: the standing modifiers of every attack to come when
            known (whole-fight odds), else ``None`` (the tracker); :meth:`turn_end`.
            ``None``: nothing happens.
        fight_blow_fn: how a blow in a fight (tracker, whole-fight odds) is actually made
            from the GM's standing choices, ``(attacker, defender, weapon, modifiers,
            options, defend) -> (modifiers, reasons)``: the modifiers it is resolved with (a
            defence the defender can no longer make dropped: what a GM does at the table),
            or ``None`` when the attacker cannot attack now (its turn passes), with the
            reasons; ``defend=False``: the defender chooses to make no defence (it keeps its
            action). :meth:`fight_blow`. ``odds``, ``resolve`` and ``transitions`` never
            adapt: a direct call with an input the rules forbid raises.
        round_end_fn: the same, for every combatant still in the fight when a round ends
            and the next begins (bleeding ticks, counters "this turn" set back to 0…);
            :meth:`round_end`. ``None``: nothing happens.
        turn_rules: the resources of one combatant's turn (:class:`rolkit.actions.TurnRules`;
            default: one action).
        actions: ``{action id: procedure}``, what a combatant may do on its turn
            (:mod:`rolkit.actions`); a plain ``"attack"`` is added first when not declared.
        conditions_fn: ``(combatant, options) -> ((es, en), ...)``: the combatant's visible
            conditions (prone, grappled, out of ammunition…), :meth:`conditions`.
        hit_fn: P(hit) alone, ``(attacker, defender, weapon, modifiers, options) ->
            Fraction`` (:class:`HitHook`), equal to ``odds(...).p_hit`` and raising as it
            does, without building every outcome: what a grid cell shows (:meth:`p_hit`).
            ``None``: read from the whole law.
        p_out_fn: the chance one attack puts its defender out of the fight,
            ``(attacker, defender, weapon, modifiers, options) -> Fraction | None``: exactly
            ``odds(...).p_down`` (fate down, dying or dead), raising as :meth:`odds` does,
            without building every outcome; ``None`` (its value): not declared for these
            forms. A simulated party's "weakest" target policy reads one for every foe it
            might attack (:meth:`rolkit.fight.acting.Acting._odds_p_out`, #27 item 6). Called
            with no type checks, with the forms and the options (an instance: a system whose
            options ride in its modifiers, :attr:`options_field`, reads them here).
            ``tests/contract/test_p_out_hook.py`` holds every system that declares it to its
            odds. ``None`` (the hook): read from the whole law.
        duel_profile: ``(profile, weapon_ok)`` when a duel splits into two one-sided chains
            (:mod:`rolkit.fight.independent`, #27): ``profile(combatant, weapon, options)``
            is all a combatant's own turn reads of itself to hurt its foe (``None``: not
            declared for this form), ``weapon_ok(weapon, options)`` whether the bearer's
            turn leaves the weapon alone. ``None``: the system declares no profile. The
            profile describes *this* system's turn (its :attr:`actions`): a copy with other
            actions must declare its own, or the split plays another fight
            (``tests/systems/ashes_of_war/test_horizon_split.py``).
        blow_reads: what one attack's after-state law (:meth:`transitions`) reads of its
            attacker, ``(attacker, weapon, modifiers, options) -> Hashable | None``, when
            the law leaves that attacker as it is: two attackers with equal values (not
            ``None``) have the same law but for the attacker, each its own form after, so
            a whole fight builds it once (:meth:`rolkit.fight.laws.Laws.law`). ``None``
            (the hook or its value): the law may read or change anything of the attacker.
        sample_blow: one attack drawn at random for a simulated fight, ``(attacker,
            defender, weapon, modifiers, options, rng) -> (attacker_after, defender_after,
            weapon_after)`` (:class:`SampleBlowHook`; ``rng`` a ``random.Random``): the
            forms :meth:`after` would give, with exactly the law of :meth:`transitions`,
            raising as :meth:`resolve` does for an attack the rules refuse — without
            building the explanation (#27 item 6). The simulation
            (:mod:`rolkit.fight.simulate`) uses it for blows whose law it has not compiled;
            ``None``: it resolves them (:meth:`resolve`). Called with no type checks.
        duel_compact: the duel's one-sided chains pushed a whole layer at once (#27 item
            2), ``(forms, weapons, modifiers, options, order) -> engine | None`` (``None``:
            these forms are not all it models); the engine's ``play(cut, deadline, clock)``
            gives the float mass ended per ``(winner, fates)`` and whether it ran to the
            end, its ``flops`` the operations done (:func:`rolkit.fight.independent.
            split_bounds` certifies them). ``None``: the exact one-sided chains only.
        duel_sample: ``n`` fights of a :attr:`duel_compact` engine drawn on its compact
            state (#27 item 6), ``(engine, n, seed, cap) -> groups``, each group with
            ``ended``, ``winner`` (the combatant's index; ``None``: a draw or none yet),
            ``fates``, ``round`` and ``n`` (how many): the same seed gives the same groups, a
            fight standing after ``cap`` rounds is not ended. ``None``: the simulation
            draws the blows one fight at a time (:mod:`rolkit.fight.simulate`).
        canonical_fn: equal futures as one form in whole-fight odds (#27 item 3),
            ``(weapons, modifiers, options) -> canonical | None``: in a fight whose
            weapons are ``weapons`` (every fighter's), ``canonical(form)`` is a form every
            rule of that fight reads alike (status, laws, refusals, policy choices, now
            and after any rule), the form itself when nothing changes; the chain interns
            that one (:meth:`canonical_form`). It may drop what a GM sees (a condition no
            check of the fight rolls), so only the chain's interning applies it, never a
            form shown. ``None`` (the hook or its value): every form kept as it is.
    """

    id: str
    name_key: str
    forms: Mapping[str, type]
    options_type: type
    presets: Mapping[str, Mapping[str, Any]]
    resolve_fn: ResolveHook[C, W, M, O, K] = field(repr=False)
    odds_fn: OddsHook[C, W, M, O, K] = field(repr=False)
    project: ProjectHook[K] = field(repr=False)
    default_forms: Mapping[str, Any] | None = None
    grid_axes: tuple[tuple[str, str], tuple[str, str]] | None = None
    options_field: str | None = None
    critical_key: str = "headline.critical"
    checks: Mapping[str, CheckProcedure[Any, O]] = field(default_factory=dict)
    tracks_state: bool = False
    #: typed ``Any``: the System does not track the system's own result type
    after_fn: AfterHook[Any] | None = field(default=None, repr=False)
    i18n_prefix: str = ""
    initiative_fn: InitiativeHook[C] | None = field(default=None, repr=False)
    initiative_each_round: bool = False
    screen_axes: tuple[tuple[str, str], tuple[str, str]] | None = None
    derived_fn: DerivedHook[O] | None = field(default=None, repr=False)
    transitions_fn: TransitionsHook[C, W, M, O] | None = field(default=None, repr=False)
    status_fn: StatusHook[C, O] | None = field(default=None, repr=False)
    turn_start_fn: TurnEffectHook[C, O] | None = field(default=None, repr=False)
    round_end_fn: TurnEffectHook[C, O] | None = field(default=None, repr=False)
    turn_end_fn: TurnEndHook[C, O, M] | None = field(default=None, repr=False)
    fight_blow_fn: FightBlowHook[C, W, M, O] | None = field(default=None, repr=False)
    turn_rules: TurnRules = field(default_factory=TurnRules)
    actions: Mapping[str, ActionProcedure] = field(default_factory=dict)
    conditions_fn: ConditionsHook[C, O] | None = field(default=None, repr=False)
    hit_fn: HitHook[C, W, M, O] | None = field(default=None, repr=False)
    p_out_fn: Callable[[Any, Any, Any, Any, Any], Fraction | None] | None = field(
        default=None, repr=False
    )
    duel_profile: DuelProfile | None = field(default=None, repr=False)
    blow_reads: Callable[[Any, Any, Any, Any], Hashable | None] | None = field(
        default=None, repr=False
    )
    sample_blow: SampleBlowHook[C, W, M, O] | None = field(default=None, repr=False)
    duel_compact: Callable[..., Any] | None = field(default=None, repr=False)
    duel_sample: Callable[..., Any] | None = field(default=None, repr=False)
    canonical_fn: Callable[[tuple[Any, ...], Any, Any], Callable[[Any], Any] | None] | None = field(
        default=None, repr=False
    )

    def __post_init__(self) -> None:
        if not self.i18n_prefix:
            object.__setattr__(self, "i18n_prefix", self.id)
        if self.screen_axes is None:
            object.__setattr__(self, "screen_axes", self.grid_axes)
        if self.after_fn is not None:
            object.__setattr__(self, "tracks_state", True)
        data = {
            role: {name: self._as_data(role, p) for name, p in table.items()}
            for role, table in self.presets.items()
        }
        object.__setattr__(self, "preset_data", data)
        object.__setattr__(
            self,
            "checks",
            {
                cid: replace(c, system=self.id, options_type=self.options_type)
                for cid, c in self.checks.items()
            },
        )
        object.__setattr__(self, "presets", _LazyPresets(self))
        declared = dict(self.actions)
        if "attack" not in declared:
            declared = {"attack": AttackAction("attack"), **declared}
        for aid, action in declared.items():
            if action.id != aid:
                raise ValueError(f"{self.id}: action {aid!r} is declared with id {action.id!r}")
            if not any(n > 0 for n in action.cost.values()):
                raise ValueError(f"{self.id}: action {aid!r} must cost some of the turn")
        object.__setattr__(self, "actions", {aid: a.bind(self) for aid, a in declared.items()})

    preset_data: Mapping[str, Mapping[str, dict[str, Any]]] = field(init=False, repr=False)

    def _as_data(self, role: str, preset: Any) -> dict[str, Any]:
        if isinstance(preset, Mapping):
            return dict(preset)
        return fields.to_data(preset)

    @cached_property
    def default_options(self) -> Any:
        """The options at their defaults (one frozen instance, built once)."""
        return self.options_type()

    @cached_property
    def preset_forms(self) -> dict[str, dict[str, Any]]:
        """``{role: {name: form instance}}``, built and validated from :attr:`preset_data`."""
        return {
            role: {
                name: fields.from_data(self.forms[role], data, where=f"{role}: {name}")
                for name, data in table.items()
            }
            for role, table in self.preset_data.items()
        }

    # names ---------------------------------------------------------------
    @property
    def name(self) -> str:
        return i18n.t(self.name_key)

    def display_name(self, lang: str | None = None) -> str:
        return i18n.t(self.name_key, lang)

    def defaults(self) -> dict[str, Any]:
        """Fresh default instances of the four forms."""
        if self.default_forms is not None:
            return dict(self.default_forms)
        return {role: cls() for role, cls in self.forms.items()}

    def derived(self, role: str, form: Any, options: Any = None) -> dict[str, Any]:
        """The values the engine uses for ``form``'s automatic fields, ``{field: value}``
        (only fields left empty; ``{}`` when the system declares none)."""
        if self.derived_fn is None:
            return {}
        opts = self.options_type() if options is None else options
        values = dict(self.derived_fn(role, form, opts))
        return {k: v for k, v in values.items() if getattr(form, k, None) is None}

    @property
    def has_turn_actions(self) -> bool:
        """A turn is more than one attack: the system declares other actions or a turn
        budget other than one action (the chain then plays each turn's actions)."""
        return set(self.actions) != {"attack"} or dict(self.turn_rules.budget) != {"action": 1}

    def conditions(self, combatant: C, options: Any = None) -> tuple[tuple[str, str], ...]:
        """The visible conditions of ``combatant`` as ``(es, en)`` short labels
        («Derribado» / «Derribado (prone)»); ``()`` for a system that declares none."""
        if not isinstance(combatant, self.forms["defender"]):
            raise _type_error("combatant", self.forms["defender"], combatant)
        if self.conditions_fn is None:
            return ()
        return tuple(self.conditions_fn(combatant, self._combatant_options(options)))

    # after-state -----------------------------------------------------------
    def after(self, resolution: Resolution) -> dict[str, Any]:
        """The forms after ``resolution``, ``{role: instance}`` for the roles that changed.

        ``{}`` when the system does not track state. Only ``attacker``, ``defender`` and
        ``weapon`` can appear, and only when they differ from the resolved inputs.

        Raises:
            RulesError: ``resolution`` belongs to another system.
        """
        if not self.tracks_state:
            return {}
        if resolution.system != self.id:
            raise input_error(
                "system",
                en=f"this roll is from {resolution.system!r}, not {self.id!r}",
                es=f"esta tirada es de {resolution.system!r}, no de {self.id!r}",
                allowed=self.id,
                got=resolution.system,
                cls=RulesError,
            )
        adapter = self.after_fn or after_attributes
        after = dict(adapter(resolution.outcome))
        return {
            r: after[r]
            for r in FORM_NAMES
            if r != "modifiers" and r in after and after[r] != resolution.inputs.get(r)
        }

    def status(self, combatant: C, options: Any = None) -> Fate:
        """Where ``combatant``'s current state leaves it: ``None`` (it can act),
        ``"down"``, ``"dying"`` or ``"dead"`` (``None`` for a system without a track)."""
        if not isinstance(combatant, self.forms["defender"]):
            raise _type_error("combatant", self.forms["defender"], combatant)
        if self.status_fn is None:
            return None
        fate = self.status_fn(combatant, self._combatant_options(options))
        if fate not in FATES:
            raise ValueError(f"{self.id}: status_fn gave {fate!r}, not one of {FATES}")
        return fate

    def canonical_form(
        self, weapons: Sequence[Any], modifiers: Any, options: Any = None
    ) -> Callable[[Any], Any] | None:
        """The map of a form to its canonical one in a fight with these weapons,
        modifiers and options (:attr:`canonical_fn`); ``None``: forms kept as they are."""
        if self.canonical_fn is None:
            return None
        return self.canonical_fn(tuple(weapons), modifiers, options)

    def _combatant_options(self, options: Any) -> Any:
        """The options a rule on one combatant reads: the defaults for ``None``."""
        if options is None:
            return self.default_options
        if self.options_field is None and not isinstance(options, self.options_type):
            raise _type_error("options", self.options_type, options)
        return options

    @property
    def has_turn_effects(self) -> bool:
        """The system declares rules that act between attacks (:meth:`turn_start`,
        :meth:`turn_end`, :meth:`round_end`)."""
        return (
            self.turn_start_fn is not None
            or self.turn_end_fn is not None
            or self.round_end_fn is not None
        )

    def turn_start(self, combatant: Any, options: Any = None) -> dict[Any, Fraction]:
        """The exact law of ``combatant``'s form after the rules that act at the start of
        its own turn (``{combatant: 1}`` when none do); the probabilities sum to 1."""
        return self._turn_effect(self.turn_start_fn, combatant, options)

    def turn_end(
        self, combatant: C, options: Any = None, modifiers: M | None = None
    ) -> dict[Any, Fraction]:
        """The exact law of ``combatant``'s form after the rules that act at the end of its
        own turn, whether it attacked or could not (``{combatant: 1}`` when none do).
        ``modifiers``: the standing modifiers of the attacks to come, when known (a rule
        whose mark no such attack reads may then leave the form as it is)."""
        self._check_optional("modifiers", modifiers)
        fn = self.turn_end_fn
        bound = None if fn is None else (lambda c, o: fn(c, o, modifiers))
        return self._turn_effect(bound, combatant, options)

    def _check_optional(self, role: str, form: object) -> None:
        """Raise unless ``form`` is ``None`` or an instance of the ``role`` form."""
        if form is not None and not isinstance(form, self.forms[role]):
            raise _type_error(role, self.forms[role], form)

    def round_end(self, combatant: Any, options: Any = None) -> dict[Any, Fraction]:
        """The exact law of ``combatant``'s form after the rules that act when a round
        ends and the next begins (``{combatant: 1}`` when none do)."""
        return self._turn_effect(self.round_end_fn, combatant, options)

    def _turn_effect(
        self, fn: Callable[[Any, Any], Mapping[Any, Fraction]] | None, combatant: Any, options: Any
    ) -> dict[Any, Fraction]:
        if not isinstance(combatant, self.forms["defender"]):
            raise _type_error("combatant", self.forms["defender"], combatant)
        if fn is None:
            return {combatant: Fraction(1)}
        law = dict(fn(combatant, self._combatant_options(options)))
        # most laws are certain (one form): its probability compared at once, no Fraction sum
        one = next(iter(law.values())) == 1 if len(law) == 1 else sum(law.values()) == 1
        if not one:
            raise ValueError(f"{self.id}: a turn effect's law sums to {sum(law.values())}, not 1")
        return law

    def fight_blow(
        self,
        attacker: Any,
        defender: Any,
        weapon: Any,
        modifiers: Any,
        options: Any = None,
        *,
        defend: bool = True,
    ) -> tuple[Any, tuple[BlowReason, ...]]:
        """How a blow in a fight is made: ``(modifiers, reasons)``, the modifiers to resolve
        it with (``modifiers`` itself when nothing changes; ``None``: the attacker cannot
        attack now, its turn passes) and why, as ``(role, es, en)`` phrases about the
        attacker or the defender. Without a ``fight_blow_fn``: ``(modifiers, ())``.

        ``defend=False``: the defender keeps its action and makes no defence.

        Raises:
            RulesError: a form or the options are of the wrong type.
        """
        forms, options = self._check(attacker, defender, weapon, modifiers, options)
        if self.fight_blow_fn is None:
            return forms["modifiers"], ()
        used, reasons = self.fight_blow_fn(
            forms["attacker"],
            forms["defender"],
            forms["weapon"],
            forms["modifiers"],
            options,
            defend,
        )
        return used, tuple(reasons)

    @property
    def has_transitions(self) -> bool:
        """The system declares its exact after-state law (whole-fight odds need it)."""
        return self.transitions_fn is not None

    def transitions(
        self,
        attacker: Any,
        defender: Any,
        weapon: Any,
        modifiers: Any,
        options: Any = None,
        *,
        with_weapon: bool = False,
    ) -> dict[tuple[Any, ...], Fraction]:
        """The exact law of the forms after one attack.

        Returns ``{(attacker_after, defender_after): Fraction}`` (with ``with_weapon``,
        ``(attacker_after, defender_after, weapon_after)``): the forms :meth:`after`
        would give for each possible roll, the unchanged input where a role does not
        change; the probabilities sum to 1.

        Raises:
            RulesError: a form or the options are of the wrong type, or the system does
                not declare its after-state law.
        """
        forms, options = self._check(attacker, defender, weapon, modifiers, options)
        if self.transitions_fn is None:
            raise input_error(
                "system",
                en=f"{self.display_name('en')} does not give its after-state law yet",
                es=f"{self.display_name('es')} aún no da su ley de estados tras el ataque",
                cls=RulesError,
            )
        a, d, w, m = (forms[r] for r in FORM_NAMES)
        law = self.transitions_fn(a, d, w, m, options)
        if with_weapon:
            return dict(law)
        pairs: dict[tuple[Any, ...], Fraction] = {}
        for (a_after, d_after, _w_after), p in law.items():
            pairs[(a_after, d_after)] = pairs.get((a_after, d_after), Fraction(0)) + p
        return pairs

    # the attack ------------------------------------------------------------
    def _check(
        self, attacker: Any, defender: Any, weapon: Any, modifiers: Any, options: Any
    ) -> tuple[dict[str, Any], Any]:
        """Type-check the four forms and the options; returns them by role, made
        consistent."""
        forms = {
            "attacker": attacker,
            "defender": defender,
            "weapon": weapon,
            "modifiers": modifiers,
        }
        for role in FORM_NAMES:
            if not isinstance(forms[role], self.forms[role]):
                raise _type_error(role, self.forms[role], forms[role])
        if self.options_field is not None:
            modifiers = forms["modifiers"]
            if options is None:
                options = getattr(modifiers, self.options_field)
            elif isinstance(options, self.options_type):
                forms = {**forms, "modifiers": replace(modifiers, **{self.options_field: options})}
        if options is None:
            return forms, self.default_options
        if not isinstance(options, self.options_type):
            raise _type_error("options", self.options_type, options)
        return forms, options

    def resolve(
        self,
        attacker: Any,
        defender: Any,
        weapon: Any,
        modifiers: Any,
        options: Any = None,
        seed: int | None = None,
    ) -> Resolution:
        """Resolve one attack with a seeded random source; the seed is recorded."""
        forms, options = self._check(attacker, defender, weapon, modifiers, options)
        seed = new_seed() if seed is None else check_seed(seed)
        a, d, w, m = (forms[r] for r in FORM_NAMES)
        steps, outcome, key = self.resolve_fn(a, d, w, m, options, random.Random(seed))
        return Resolution(
            system=self.id,
            seed=seed,
            steps=tuple(steps),
            outcome=outcome,
            key=key,
            view=self.project(key),
            inputs={**forms, "options": options},
            prefix=self.i18n_prefix,
        )

    def odds(
        self, attacker: Any, defender: Any, weapon: Any, modifiers: Any, options: Any = None
    ) -> Odds:
        """Exact odds of every outcome of the attack."""
        forms, options = self._check(attacker, defender, weapon, modifiers, options)
        a, d, w, m = (forms[r] for r in FORM_NAMES)
        probabilities = self.odds_fn(a, d, w, m, options)
        return Odds(  # the shared wrapper holds any system's keys
            system=self.id,
            probabilities=cast("dict[Hashable, Fraction]", dict(probabilities)),
            project=cast("Callable[[Hashable], OutcomeView]", self.project),
            inputs={**forms, "options": options},
            prefix=self.i18n_prefix,
            critical_key=self.critical_key,
        )

    def p_hit(
        self, attacker: Any, defender: Any, weapon: Any, modifiers: Any, options: Any = None
    ) -> Fraction:
        """The exact probability that the attack hits, ``odds(...).p_hit``: from the
        system's :attr:`hit_fn` when it declares one (one number, no outcome law: the GM
        screen's grid reads a hundred of them), else from the whole law.

        Raises:
            RulesError: as :meth:`odds` (a form of the wrong type, an attack the rules
                refuse).
        """
        if self.hit_fn is None:
            return self.odds(attacker, defender, weapon, modifiers, options).p_hit
        forms, options = self._check(attacker, defender, weapon, modifiers, options)
        a, d, w, m = (forms[r] for r in FORM_NAMES)
        return self.hit_fn(a, d, w, m, options)


class _LazyPresets(Mapping[str, Mapping[str, Any]]):
    """``s.presets``: the preset instances, built from the data on first read."""

    def __init__(self, system: System) -> None:
        self._system = system

    def __getitem__(self, role: str) -> Mapping[str, Any]:
        return self._system.preset_forms[role]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._system.preset_data)

    def __len__(self) -> int:
        return len(self._system.preset_data)
