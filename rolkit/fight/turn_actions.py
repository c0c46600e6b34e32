"""The tracker's actions of a turn (#25): what the combatant whose turn it is may do now
(:meth:`TurnActions.actions_for`), one action resolved (:meth:`TurnActions.act`) and
carried onto the forms (:meth:`TurnActions.apply_action`), logged by name.

A base of :class:`rolkit.fight.Fight`: it reads the fight's state, system and options and
pushes new states through the fight's history (undo/redo as every change).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from rolkit.actions import ActionContext, ActionProcedure, ActionResult, Refusal
from rolkit.errors import RulesError, input_error

if TYPE_CHECKING:
    from rolkit.fight.tracker import Fighter, FightState, LogEntry
    from rolkit.system import System

__all__ = ["TurnActions", "Available"]


class Available(NamedTuple):
    """One action the combatant may take now: the procedure, the names it may target
    (every candidate of its kind) and, per refused target, why not."""

    action: ActionProcedure
    targets: tuple[str, ...]
    refused: tuple[tuple[str, Refusal], ...]


class TurnActions:
    """Actions of a turn on a :class:`rolkit.fight.Fight` (its base class)."""

    system: System
    options: Any

    @property
    def state(self) -> FightState:
        raise NotImplementedError

    def _push(self, state: FightState) -> FightState:
        raise NotImplementedError

    def _entry(self, kind: str, es: str, en: str, result: ActionResult) -> LogEntry:
        raise NotImplementedError

    # what may be done ---------------------------------------------------------------
    def candidates(self, name: str, action: ActionProcedure) -> tuple[Fighter, ...]:
        """The combatants ``action`` of ``name`` may aim at: itself, its allies (others
        of its side) or its foes."""
        st = self.state
        me = st.fighter(name)
        if action.target == "self":
            return (me,)
        if action.target == "ally":
            return tuple(f for f in st.fighters if f.side == me.side and f.name != name)
        return tuple(f for f in st.fighters if f.side != me.side)

    def action_context(
        self,
        name: str,
        action_id: str,
        target: str | None = None,
        modifiers: Any = None,
        *,
        defend: bool = True,
    ) -> ActionContext:
        """The :class:`~rolkit.actions.ActionContext` of ``name`` taking ``action_id`` on
        ``target`` now (a ``"self"`` action: on itself)."""
        action = self._action(action_id)
        st = self.state
        me = st.fighter(name)
        aimed = me if action.target == "self" or target is None else st.fighter(target)
        mods = self.system.defaults()["modifiers"] if modifiers is None else modifiers
        taken = st.taken if st.current == name else ()
        return ActionContext(
            me.attacker, me.weapon, aimed.defender, mods, self.options, taken, defend
        )

    def actions_for(self, name: str, modifiers: Any = None) -> list[Available]:
        """The actions ``name`` may take now, in the system's order: each affordable in
        what is left of its turn, with the targets it may take and why the others not
        (an action no target allows is left out)."""
        st = self.state
        if st.current is not None and st.current != name:
            return []
        if self.system.status(st.fighter(name).defender, self.options) is not None:
            return []
        rules, actions = self.system.turn_rules, self.system.actions
        out = []
        for action in actions.values():
            if not rules.affordable(action, st.taken, actions):
                continue
            ok, refused = [], []
            for f in self.candidates(name, action):
                why = action.refusal(self.action_context(name, action.id, f.name, modifiers))
                if why is None:
                    ok.append(f.name)
                else:
                    refused.append((f.name, why))
            if ok:
                out.append(Available(action, tuple(ok), tuple(refused)))
        return out

    # doing it -----------------------------------------------------------------------
    def act(
        self,
        name: str,
        action_id: str,
        target: str | None = None,
        seed: int | None = None,
        modifiers: Any = None,
        *,
        defend: bool = True,
    ) -> ActionResult:
        """Resolve ``name``'s action ``action_id`` on ``target`` now (nothing changes until
        :meth:`apply_action`).

        Raises:
            RulesError: not ``name``'s turn, the turn has no room left for it, or the
                action cannot be taken now (the message says why).
        """
        action = self._action(action_id)
        st = self.state
        if st.current is not None and st.current != name:
            raise _plain(
                f"it is {st.current}'s turn, not {name}'s",
                f"es el turno de {st.current}, no de {name}",
            )
        if not self.system.turn_rules.affordable(action, st.taken, self.system.actions):
            raise _plain(
                f"{name} has no room left this turn for {action.label[1]}",
                f"a {name} no le queda turno para {action.label[0]}",
            )
        ctx = self.action_context(name, action_id, target, modifiers, defend=defend)
        return action.resolve_in_fight(ctx, seed)

    def apply_action(
        self, result: ActionResult, name: str, target: str | None = None
    ) -> FightState:
        """Carry ``result`` onto ``name`` (its form and weapon) and ``target`` (its form);
        the action counts against ``name``'s turn when it is its turn."""
        action = self._action(result.action)
        aimed = name if action.target == "self" or target is None else target
        updated = []
        for f in self.state.fighters:
            if f.name == name:
                f = replace(f, attacker=result.after.actor, defender=result.after.actor)
                f = replace(f, weapon=result.after.weapon)
            elif f.name == aimed:
                f = replace(f, attacker=result.after.target, defender=result.after.target)
            updated.append(f)
        who = name if aimed == name else f"{name} → {aimed}"
        es = f"{who}: {result.text[0]}" + "".join(f" · {r[0]}" for r in result.reasons)
        en = f"{who}: {result.text[1]}" + "".join(f" · {r[1]}" for r in result.reasons)
        st = self.state
        taken = (*st.taken, result.action) if st.current == name else st.taken
        entry = self._entry(result.action, es, en, result)
        return self._push(replace(st, fighters=tuple(updated), taken=taken, entry=entry))

    def _action(self, action_id: str) -> ActionProcedure:
        known = self.system.actions.get(action_id)
        if known is None:
            raise _plain(
                f"{self.system.display_name('en')} has no such action",
                f"{self.system.display_name('es')} no tiene esa acción",
            )
        return known


def _plain(en: str, es: str) -> RulesError:
    return input_error(None, en=en, es=es, cls=RulesError)
