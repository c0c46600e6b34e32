"""A running fight: combatants with their live state, initiative, turns, and a log with
exact undo/redo. Pure: no widgets, no I/O but :meth:`Fight.to_json` / :meth:`Fight.from_json`.

Every change makes a new immutable :class:`FightState`; the fight keeps the list of
states and a cursor, so :meth:`Fight.undo` and :meth:`Fight.redo` step through them
exactly, and a new change after an undo drops the undone future (as an editor does).
Each state carries the :class:`LogEntry` of the change that made it. Both are unbounded
by default; ``Fight(..., max_undo=n, max_log=m)`` bounds them for a long-lived session
(the dashboard): only the last ``n`` changes can be undone (older states are dropped, their
log entries kept without their roll steps), and the log keeps the last ``m`` such older
entries, counting the rest (:attr:`Fight.log_dropped`).

Initiative follows each system's own rule, through the System's ``initiative_fn``
(``(entries, rng) -> (order, steps)``); a system without one keeps the order of entry
and the log says so. Applying a :class:`~rolkit.model.Resolution` updates the attacker
and the defender through :meth:`~rolkit.system.System.after` (wounds, ammunition, wear).
The rules that act between attacks (a system's ``turn_start_fn`` / ``turn_end_fn`` /
``round_end_fn``) are played by :meth:`Fight.next_turn` (and :meth:`Fight.roll_initiative`
for the first turn), drawn from their exact laws with a logged seed. A blow is made as the
system's :meth:`~rolkit.system.System.fight_blow` says (a defence the defender can no
longer make is dropped and the log says why; an attacker who cannot attack now is refused).
"""

from __future__ import annotations

import json
import math
import random
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rolkit import fields, i18n, systems
from rolkit.actions import ActionResult
from rolkit.dice import check_seed, new_seed
from rolkit.errors import RulesError, input_error
from rolkit.fight.turn_actions import TurnActions
from rolkit.headline import resolution_headline
from rolkit.model import Odds, Resolution, Step
from rolkit.system import System

__all__ = ["Fighter", "LogEntry", "FightState", "Fight", "InitiativeEntry", "draw"]

FORMAT = "rolkit-fight"
SCHEMA_VERSION = 1


@dataclass(frozen=True)
class Fighter:
    """One combatant: a unique name, a side, and its forms as they stand now.

    ``attacker`` and ``defender`` are the system's two character forms (the same object
    when the system uses one class for both); ``weapon`` is what it attacks with.
    """

    name: str
    side: str
    attacker: Any
    defender: Any
    weapon: Any


@dataclass(frozen=True)
class InitiativeEntry:
    """What a system's initiative rule is given for one combatant."""

    name: str
    side: str
    character: Any


@dataclass(frozen=True)
class LogEntry:
    """One change of a fight, for the log: what happened, in both languages."""

    kind: str
    text_es: str
    text_en: str
    seed: int | None = None
    steps: tuple[Step, ...] = ()

    def text(self, lang: str = "es") -> str:
        return self.text_es if lang == "es" else self.text_en


@dataclass(frozen=True)
class FightState:
    """The whole fight at one moment (immutable)."""

    fighters: tuple[Fighter, ...] = ()
    order: tuple[str, ...] = ()
    round: int = 0
    turn: int = 0
    entry: LogEntry | None = None
    #: the combatant whose turn-start rules were applied for the current turn (so a reroll
    #: of initiative at a round's start does not apply them to it twice)
    started: str | None = None
    #: the ids of the actions the current combatant has taken this turn, in order
    taken: tuple[str, ...] = ()

    def fighter(self, name: str) -> Fighter:
        for f in self.fighters:
            if f.name == name:
                return f
        raise input_error(
            "fighter",
            en=f"no combatant is called {name!r}",
            es=f"ningún combatiente se llama {name!r}",
            got=name,
        )

    @property
    def current(self) -> str | None:
        """The combatant whose turn it is (``None`` before initiative)."""
        return self.order[self.turn] if self.order else None


class Fight(TurnActions):
    """A fight in one system: add combatants, roll initiative, apply rolls, undo/redo.

    Args:
        system: the System whose rules run the fight.
        options: the house rules (``None``: the system's defaults).
        max_undo: at most this many changes can be undone (``None``: every one); older
            states are dropped and their log entries kept, without their roll steps.
        max_log: at most this many of those older log entries are kept (``None``: all);
            the rest are only counted in :attr:`log_dropped`.
    """

    def __init__(
        self,
        system: System,
        options: Any = None,
        *,
        max_undo: int | None = None,
        max_log: int | None = None,
    ) -> None:
        if max_undo is not None and max_undo < 1:
            raise _plain("max_undo must be at least 1", "max_undo debe ser al menos 1")
        if max_log is not None and max_log < 0:
            raise _plain("max_log must be 0 or more", "max_log debe ser 0 o más")
        self.system = system
        self.options = options
        self.max_undo = max_undo
        self._states: list[FightState] = [FightState()]
        self._cursor = 0
        #: log entries of the states dropped past ``max_undo``, oldest first
        self._earlier: deque[LogEntry] = deque(maxlen=max_log)
        #: entries dropped past ``max_log`` too (only counted)
        self.log_dropped = 0
        #: changes that can no longer be undone (dropped past ``max_undo``)
        self.undo_dropped = 0
        #: the reasons a recent attack was made otherwise than asked, by id of its
        #: Resolution (kept with it), for :meth:`apply`'s log
        self._made: dict[int, tuple[Resolution, tuple[tuple[str, str], ...]]] = {}

    @property
    def options(self) -> Any:
        """The house rules the fight is played under (``None``: the system's defaults):
        every attack, its odds, the rules between attacks and who can act read them."""
        return self._options

    @options.setter
    def options(self, options: Any) -> None:
        if options is not None and not isinstance(options, self.system.options_type):
            raise _plain(
                f"the options must be {self.system.options_type.__name__}",
                f"las opciones deben ser {self.system.options_type.__name__}",
            )
        self._options = options

    # the state and its history ----------------------------------------------
    @property
    def state(self) -> FightState:
        return self._states[self._cursor]

    @property
    def history(self) -> tuple[FightState, ...]:
        """Every state kept, the undone ones after :attr:`cursor` included."""
        return tuple(self._states)

    @property
    def cursor(self) -> int:
        """The index of :attr:`state` in :attr:`history`."""
        return self._cursor

    @property
    def log(self) -> list[LogEntry]:
        """The changes that led to the current state, oldest first (with ``max_log``, the
        :attr:`log_dropped` oldest ones are not kept)."""
        recent = [s.entry for s in self._states[1 : self._cursor + 1] if s.entry is not None]
        return [*self._earlier, *recent]

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._states) - 1

    def _push(self, state: FightState) -> FightState:
        del self._states[self._cursor + 1 :]
        self._states.append(state)
        self._cursor += 1
        while self.max_undo is not None and self._cursor > self.max_undo:
            self._drop_oldest()
        return state

    def _drop_oldest(self) -> None:
        """Forget the oldest state: the next one becomes the base, its entry is kept."""
        del self._states[0]
        self._cursor -= 1
        self.undo_dropped += 1
        entry = self._states[0].entry
        if entry is not None:
            self._keep_earlier(replace(entry, steps=()))

    def _keep_earlier(self, entry: LogEntry) -> None:
        limit = self._earlier.maxlen
        if limit is not None and len(self._earlier) >= limit:
            self.log_dropped += 1  # the deque forgets its oldest entry (or this one, at 0)
            if limit == 0:
                return
        self._earlier.append(entry)

    def undo(self) -> FightState:
        if not self.can_undo:
            raise _plain("there is nothing to undo", "no hay nada que deshacer")
        self._cursor -= 1
        return self.state

    def redo(self) -> FightState:
        if not self.can_redo:
            raise _plain("there is nothing to redo", "no hay nada que rehacer")
        self._cursor += 1
        return self.state

    # changes ---------------------------------------------------------------------
    def add(self, name: str, side: str, character: Any, weapon: Any | None = None) -> FightState:
        """Add a combatant from its character form (attacker/defender) and weapon."""
        s = self.system
        clean = name.strip()
        if not clean or any(f.name == clean for f in self.state.fighters):
            raise _plain(
                f"a combatant needs a new, non-empty name (got {name!r})",
                f"un combatiente necesita un nombre nuevo y no vacío (recibido {name!r})",
            )
        defaults = s.defaults()
        weapon = defaults["weapon"] if weapon is None else weapon
        attacker = character if isinstance(character, s.forms["attacker"]) else None
        defender = character if isinstance(character, s.forms["defender"]) else None
        if attacker is None and defender is None:
            raise _plain(
                f"{clean}: the character must be a {s.forms['attacker'].__name__}",
                f"{clean}: el personaje debe ser un {s.forms['attacker'].__name__}",
            )
        if not isinstance(weapon, s.forms["weapon"]):
            raise _plain(
                f"{clean}: the weapon must be a {s.forms['weapon'].__name__}",
                f"{clean}: el arma debe ser un {s.forms['weapon'].__name__}",
            )
        fighter = Fighter(
            clean,
            side,
            _named(attacker if attacker is not None else defaults["attacker"], clean),
            _named(defender if defender is not None else defaults["defender"], clean),
            weapon,
        )
        entry = LogEntry("add", f"{clean} entra ({side})", f"{clean} joins ({side})")
        st = self.state
        return self._push(replace(st, fighters=(*st.fighters, fighter), entry=entry))

    def roll_initiative(self, seed: int | None = None) -> FightState:
        """Order the combatants by the system's initiative rule (round 1, or the next round
        when the rule rerolls each round). The first combatant's turn begins: with a
        system's rules between attacks, its turn-start rules are drawn after the
        initiative's own draws, from the same seed."""
        st = self.state
        if not st.fighters:
            raise _plain("add combatants first", "añade combatientes primero")
        seed = new_seed() if seed is None else check_seed(seed)
        entries = [InitiativeEntry(f.name, f.side, f.attacker) for f in st.fighters]
        rule = getattr(self.system, "initiative_fn", None)
        rng = random.Random(seed)
        if rule is None:
            order, steps = [e.name for e in entries], ()
            es = "Orden de entrada (el sistema no define iniciativa)"
            en = "Order of entry (the system defines no initiative)"
        else:
            order, steps = rule(entries, rng)
            es, en = f"Iniciativa: {', '.join(order)}", f"Initiative: {', '.join(order)}"
        fighters = st.fighters
        if self.system.has_turn_effects and order and order[0] != st.started:
            # the first combatant's turn begins: its turn-start rules, after the same draws
            # (not again when next_turn has just begun that combatant's turn: a system
            # that rerolls initiative each round, rolled at the round's start)
            fighters, changes = self._turn_effects(fighters, order[0], "turn_start", rng)
            texts = [text for _name, text in changes]
            entry = _turn_entry(es, en, texts, seed, "initiative", tuple(steps))
        else:
            entry = LogEntry("initiative", es, en, seed, tuple(steps))
        return self._push(
            replace(
                st,
                fighters=fighters,
                order=tuple(order),
                round=max(st.round, 1),
                turn=0,
                entry=entry,
                started=order[0] if order and self.system.has_turn_effects else None,
                taken=(),
            )
        )

    def next_turn(self, seed: int | None = None) -> FightState:
        """Pass to the next combatant; after the last, a new round.

        With a system whose rules act between attacks (:attr:`System.has_turn_effects`),
        the contract's order is played here: the rules of the end of the turn for the
        combatant whose turn ends (whether it attacked or not), entering a new round the
        rules of a round's end for every combatant not dead (the previous round's, in
        order of entry), then the rules of the start of the turn for the combatant whose
        turn begins — each drawn from its exact law with ``random.Random(seed)`` (the seed
        is logged, so the fight replays); the log names each combatant that changed and
        how, and says when the combatant whose turn begins cannot attack (Core Dread: it
        used its turn defending).
        """
        st = self.state
        if not st.order:
            raise _plain("roll initiative first", "tira la iniciativa primero")
        turn, rnd = st.turn + 1, st.round
        new_round = turn >= len(st.order)
        if new_round:
            turn, rnd = 0, rnd + 1
        es = f"Ronda {rnd}: turno de {st.order[turn]}"
        en = f"Round {rnd}: {st.order[turn]}'s turn"
        if not self.system.has_turn_effects:
            return self._push(
                replace(st, turn=turn, round=rnd, entry=LogEntry("turn", es, en), taken=())
            )
        seed = new_seed() if seed is None else check_seed(seed)
        rng = random.Random(seed)
        fighters = st.fighters
        fighters, changes = self._turn_effects(fighters, st.current, "turn_end", rng)
        if new_round:
            fighters, ended = self._turn_effects(fighters, None, "round_end", rng)
            changes += ended
        fighters, more = self._turn_effects(fighters, st.order[turn], "turn_start", rng)
        changes += more
        # a rule undone by a later one in the same step (Core Dread: a turn spent at the
        # round's last turn, given back as the round ends) is not news: not logged
        same = {f.name for f, g in zip(st.fighters, fighters, strict=True) if f == g}
        texts = [text for name, text in changes if name not in same]
        texts += self._cannot_attack(fighters, st.order[turn])
        entry = _turn_entry(es, en, texts, seed)
        return self._push(
            replace(
                st,
                fighters=fighters,
                turn=turn,
                round=rnd,
                entry=entry,
                started=st.order[turn],
                taken=(),
            )
        )

    def _turn_effects(
        self,
        fighters: tuple[Fighter, ...],
        only: str | None,
        which: str,
        rng: random.Random,
    ) -> tuple[tuple[Fighter, ...], list[tuple[str, tuple[str, str]]]]:
        """Apply ``which`` (``"turn_start"`` or ``"turn_end"`` to the fighter ``only``,
        ``"round_end"`` to every fighter not dead) drawn from its exact law; returns the
        fighters and, for each change, the fighter's name and its ``(es, en)`` log text."""
        s = self.system
        same_class = s.forms["attacker"] is s.forms["defender"]
        rule: dict[str, Callable[[Any, Any], dict[Any, Fraction]]] = {
            "turn_start": s.turn_start,
            "turn_end": s.turn_end,
            "round_end": s.round_end,
        }
        out: list[Fighter] = []
        changes: list[tuple[str, tuple[str, str]]] = []
        for f in fighters:
            before_status = s.status(f.defender, self.options)
            applies = f.name == only if which != "round_end" else before_status != "dead"
            if applies:
                after, was = draw(rule[which](f.defender, self.options), rng), f.defender
                if after != was:
                    f = replace(f, defender=after, attacker=after if same_class else f.attacker)
                    now_status = s.status(after, self.options)
                    text = _change_text(
                        f.name, before_status, now_status, was, after, which, s.i18n_prefix
                    )
                    changes.append((f.name, text))
            out.append(f)
        return tuple(out), changes

    def _cannot_attack(self, fighters: tuple[Fighter, ...], name: str) -> list[tuple[str, str]]:
        """The log text when ``name``, able to act, cannot attack now (the system's
        :meth:`~rolkit.system.System.fight_blow` makes no blow on the first foe)."""
        s = self.system
        me = next(f for f in fighters if f.name == name)
        if s.fight_blow_fn is None or s.status(me.defender, self.options) is not None:
            return []
        foe = next((f for f in fighters if f.side != me.side), None)
        if foe is None:
            return []
        mods, reasons = s.fight_blow(
            me.attacker, foe.defender, me.weapon, s.defaults()["modifiers"], self.options
        )
        if mods is not None:
            return []
        return [_reason_text(name, r) for r in reasons if r[0] == "attacker"]

    def forms_for(self, attacker: str, target: str, modifiers: Any = None) -> dict[str, Any]:
        """The four forms of ``attacker`` attacking ``target`` with their current states."""
        st = self.state
        a, d = st.fighter(attacker), st.fighter(target)
        mods = self.system.defaults()["modifiers"] if modifiers is None else modifiers
        return {
            "attacker": a.attacker,
            "defender": d.defender,
            "weapon": a.weapon,
            "modifiers": mods,
        }

    def blow_forms(
        self, attacker: str, target: str, modifiers: Any = None, *, defend: bool = True
    ) -> tuple[dict[str, Any], tuple[tuple[str, str], ...]]:
        """The four forms of the blow as the fight makes it (the system's
        :meth:`~rolkit.system.System.fight_blow`: a defence ``target`` can no longer make is
        dropped; ``defend=False``: it makes none) and the ``(es, en)`` log text of why.

        Raises:
            RulesError: ``attacker`` cannot attack now (Core Dread: it used its turn
                defending this round); the message says why.
        """
        forms = self.forms_for(attacker, target, modifiers)
        mods, reasons = self.system.fight_blow(**forms, options=self.options, defend=defend)
        if mods is None:
            es, en = " · ".join(r[1] for r in reasons), " · ".join(r[2] for r in reasons)
            raise _plain(
                f"{attacker} {en}" if en else f"{attacker} cannot attack now",
                f"{attacker} {es}" if es else f"{attacker} no puede atacar ahora",
            )
        names = {"attacker": attacker, "defender": target}
        return {**forms, "modifiers": mods}, tuple(
            _reason_text(names.get(r[0], target), r) for r in reasons
        )

    def odds(
        self, attacker: str, target: str, modifiers: Any = None, *, defend: bool = True
    ) -> Odds:
        """Exact odds of the next attack, from the current (wounded) states, as the fight
        makes it (:meth:`blow_forms`)."""
        forms = self.blow_forms(attacker, target, modifiers, defend=defend)[0]
        return self.system.odds(**forms, options=self.options)

    def attack(
        self,
        attacker: str,
        target: str,
        modifiers: Any = None,
        seed: int | None = None,
        *,
        defend: bool = True,
    ) -> Resolution:
        """Resolve ``attacker`` against ``target`` now (nothing changes until applied), as
        the fight makes the blow (:meth:`blow_forms`: a defence ``target`` can no longer
        make is not made, and :meth:`apply` logs why).

        Raises:
            RulesError: ``attacker`` cannot attack now, or the attack is invalid.
        """
        forms, why = self.blow_forms(attacker, target, modifiers, defend=defend)
        res = self.system.resolve(**forms, options=self.options, seed=seed)
        if why:
            while len(self._made) >= 16:
                self._made.pop(next(iter(self._made)))
            self._made[id(res)] = (res, why)
        return res

    def apply(self, resolution: Resolution, attacker: str, target: str) -> FightState:
        """Carry ``resolution`` onto the two combatants (wounds, ammunition, wear)."""
        after = self.system.after(resolution)
        same_class = self.system.forms["attacker"] is self.system.forms["defender"]
        updated = []
        for f in self.state.fighters:
            if f.name == attacker:
                new_att = after.get("attacker", f.attacker)
                f = replace(
                    f,
                    attacker=new_att,
                    defender=new_att if same_class else f.defender,
                    weapon=after.get("weapon", f.weapon),
                )
            if f.name == target:
                new_def = after.get("defender", f.defender)
                f = replace(f, defender=new_def, attacker=new_def if same_class else f.attacker)
            updated.append(f)
        es = f"{attacker} → {target}: {resolution_headline(resolution, 'es')}"
        en = f"{attacker} → {target}: {resolution_headline(resolution, 'en')}"
        made = self._made.get(id(resolution))
        if made is not None and made[0] is resolution:
            es += "".join(f" · {why[0]}" for why in made[1])
            en += "".join(f" · {why[1]}" for why in made[1])
        entry = LogEntry("attack", es, en, resolution.seed, resolution.steps)
        st = self.state
        taken = (*st.taken, "attack") if st.current == attacker else st.taken
        return self._push(replace(st, fighters=tuple(updated), entry=entry, taken=taken))

    def _entry(self, kind: str, es: str, en: str, result: ActionResult) -> LogEntry:
        """The log entry of an action taken (:meth:`apply_action`)."""
        return LogEntry(kind, es, en, result.seed, result.steps)

    # export, save, load --------------------------------------------------------
    def log_markdown(self, lang: str = "es") -> str:
        title = "Registro del combate" if lang == "es" else "Fight log"
        lines = [f"# {title} — {self.system.display_name(lang)}", ""]
        if self.log_dropped:
            n = self.log_dropped
            lines += [
                f"({n} entradas anteriores no conservadas)"
                if lang == "es"
                else f"({n} earlier entries not kept)",
                "",
            ]
        for i, e in enumerate(self.log, self.log_dropped + 1):
            seed = f" (semilla {e.seed})" if lang == "es" and e.seed is not None else ""
            seed = f" (seed {e.seed})" if lang != "es" and e.seed is not None else seed
            lines.append(f"{i}. {e.text(lang)}{seed}")
        return "\n".join(lines) + "\n"

    def to_json(self) -> str:
        """The fight (every state, the cursor, the log) as a JSON document."""

        def fighter(f: Fighter) -> dict[str, Any]:
            return {
                "name": f.name,
                "side": f.side,
                "attacker": fields.to_data(f.attacker),
                "defender": fields.to_data(f.defender),
                "weapon": fields.to_data(f.weapon),
            }

        def state(s: FightState) -> dict[str, Any]:
            e = s.entry
            return {
                "fighters": [fighter(f) for f in s.fighters],
                "order": list(s.order),
                "round": s.round,
                "turn": s.turn,
                "started": s.started,
                "taken": list(s.taken),
                "entry": None
                if e is None
                else {"kind": e.kind, "es": e.text_es, "en": e.text_en, "seed": e.seed},
            }

        doc = {
            "format": FORMAT,
            "schema": SCHEMA_VERSION,
            "system": self.system.id,
            "cursor": self._cursor,
            "states": [state(s) for s in self._states],
        }
        if self._earlier or self.log_dropped:  # a fight whose oldest states were dropped
            doc["earlier"] = [
                {"kind": e.kind, "es": e.text_es, "en": e.text_en, "seed": e.seed}
                for e in self._earlier
            ]
            doc["log_dropped"] = self.log_dropped
        if self.options is not None:
            doc["options"] = fields.to_data(self.options)
        return json.dumps(doc, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Fight:
        """A fight saved with :meth:`to_json` (steps of old rolls are not kept)."""
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as err:
            raise _plain(
                f"not a fight file: {err}", f"no es un archivo de combate: {err}"
            ) from None
        if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
            raise _plain("not a rolkit fight file", "no es un archivo de combate de rolkit")
        system = systems.get(doc["system"])
        forms = system.forms

        def fighter(d: Mapping[str, Any]) -> Fighter:
            where = f"{d.get('name')}"
            return Fighter(
                d["name"],
                d["side"],
                fields.from_data(forms["attacker"], d["attacker"], where=where),
                fields.from_data(forms["defender"], d["defender"], where=where),
                fields.from_data(forms["weapon"], d["weapon"], where=where),
            )

        def state(d: Mapping[str, Any]) -> FightState:
            e = d.get("entry")
            entry = None if e is None else LogEntry(e["kind"], e["es"], e["en"], e.get("seed"))
            return FightState(
                tuple(fighter(f) for f in d["fighters"]),
                tuple(d["order"]),
                int(d["round"]),
                int(d["turn"]),
                entry,
                d.get("started"),
                tuple(str(a) for a in d.get("taken", ())),
            )

        saved = doc.get("options")
        options = (
            None if saved is None else fields.from_data(system.options_type, saved, where="options")
        )
        fight = cls(system, options)
        fight._states = [state(s) for s in doc["states"]]
        fight._cursor = int(doc["cursor"])
        for e in doc.get("earlier", ()):
            fight._earlier.append(LogEntry(e["kind"], e["es"], e["en"], e.get("seed")))
        fight.log_dropped = int(doc.get("log_dropped", 0))
        if not 0 <= fight._cursor < len(fight._states):
            raise _plain(
                "the fight file's cursor is out of range",
                "el cursor del archivo está fuera de rango",
            )
        return fight


def draw(law: Mapping[Any, Fraction], rng: random.Random) -> Any:
    """One outcome of an exact law, drawn with ``rng.randint`` over its common denominator
    (in the law's own order, so a seed replays); a law of one outcome draws nothing."""
    if len(law) == 1:
        return next(iter(law))
    den = math.lcm(*(p.denominator for p in law.values()))
    roll = rng.randint(1, den)
    total = 0
    for outcome, p in law.items():
        total += p.numerator * (den // p.denominator)
        if roll <= total:
            return outcome
    raise ValueError("a law that does not sum to 1")  # System.turn_start checks it


#: How a turn effect's status change is logged: (before, after) → (es, en) verbs;
#: ``None`` as ``before`` matches any status.
_STATUS_CHANGE: dict[tuple[str | None, str | None], tuple[str, str]] = {
    ("dying", "down"): ("se estabiliza (fuera de combate)", "stabilises (out of the fight)"),
    (None, "down"): ("cae fuera de combate", "goes down (out of the fight)"),
    (None, "dying"): ("queda moribundo", "is dying"),
    (None, "dead"): ("muere", "dies"),
    (None, None): ("vuelve a la lucha", "is back in the fight"),
}


def _change_text(
    name: str,
    before: str | None,
    after: str | None,
    was: Any,
    now: Any,
    which: str = "",
    prefix: str = "",
) -> tuple[str, str]:
    """What a rule between attacks did to ``name``, in es and en: its status change
    («Gorath muere» / "Gorath dies") and what changed on its form, by the form's own
    labels («Gorath: Casillas de daño › Casilla letal marcada: Torso 1»). A change that
    leaves the status as it is says it in the system's own words when the system has them
    (i18n ``<prefix>.fight.<which>`` with ``{name}``: Core Dread's «Ana ya ha usado su
    turno: no puede defenderse hasta el próximo asalto»)."""
    key = f"{prefix}.fight.{which}"
    if before == after and prefix and which and i18n.has(key, "es"):
        return i18n.t(key, "es", name=name), i18n.t(key, "en", name=name)
    texts = []
    for lang in ("es", "en"):
        changed = "; ".join(fields.changed_fields(now, was, lang))
        if before == after:
            texts.append(f"{name}: {changed}")
            continue
        verb = (_STATUS_CHANGE.get((before, after)) or _STATUS_CHANGE[(None, after)])[lang == "en"]
        texts.append(f"{name} {verb} ({changed})" if changed else f"{name} {verb}")
    return texts[0], texts[1]


def _reason_text(name: str, reason: tuple[str, str, str]) -> tuple[str, str]:
    """A :meth:`~rolkit.system.System.fight_blow` reason after the name it is about."""
    return f"{name} {reason[1]}", f"{name} {reason[2]}"


def _turn_entry(
    es: str,
    en: str,
    changes: list[tuple[str, str]],
    seed: int,
    kind: str = "turn",
    steps: tuple[Step, ...] = (),
) -> LogEntry:
    if changes:
        es += " · " + " · ".join(c[0] for c in changes)
        en += " · " + " · ".join(c[1] for c in changes)
    return LogEntry(kind, es, en, seed, steps)


def _named(form: Any, name: str) -> Any:
    """The character's form under the combatant's name, so every rules message and log
    line names the combatant the GM added («Ana no puede actuar»), not the form it came
    from (a preset or a roster entry keeps its own name there)."""
    if getattr(form, "name", name) == name:
        return form  # already so named, or a form with no name field
    return replace(form, name=name)


def _plain(en: str, es: str) -> RulesError:
    return input_error(None, en=en, es=es, cls=RulesError)
