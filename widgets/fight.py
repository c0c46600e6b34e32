"""The Combate tab: a :class:`rolkit.fight.Fight` with buttons (issue 14, item 3; issue 26).

Add combatants (name, side, a character and a weapon from the presets or the roster),
roll initiative by the system's own rule, see the exact odds of the blow of the combatant
whose turn it is (the Ataque tab's results view), Tirar, aplicar, deshacer/rehacer (exact:
the fight's snapshots), the log newest first with Markdown and JSON downloads.

The tab follows the fight (issue 26, 1): «Atacante» is the combatant whose turn it is
after every change; a combatant who cannot act is passed (the log says why) and undo/redo
step over such passes; when one side can no longer act the tab says «Combate terminado:
gana X en N rondas» and offers a new fight (same combatants, as they joined) or undo.
The «probabilidad de victoria» block is :class:`widgets.fight_victory.VictoryBlock`
(never stale, says which state it is for, the why line, the trend, the rounds from now);
above it «mejor opción» (:class:`widgets.fight_best.BestLine`, :func:`rolkit.best_move`).
«vista de los jugadores» publishes the table's view (:mod:`widgets.fight_table`) for a
read-only players' page. No rule logic here.

Bounded for a visitor (issue 23, 3): the log shows its last :data:`LOG_SHOWN` entries (the
rest are counted, and in the download), so a click sends the same few kilobytes at turn
1 000 as at turn 10; the downloads are built when asked for («preparar descargas»), not
resent on every change; the last :data:`UNDO_MAX` changes can be undone (the fight's
``max_undo``; older entries stay in the log, at most :data:`LOG_MAX` of them); at most
:data:`MAX_FIGHTERS` combatants, their names at most ``limits.NAME_MAX`` characters.
"""

from __future__ import annotations

import base64
import html
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.actions import ActionContext, ActionProcedure, ActionResult, AttackAction, CheckAction
from rolkit.errors import RulesError
from rolkit.fight import Fight, FightOdds, FightSpec, FightState, fight_odds
from rolkit.fight.best_move import BestMove, best_move
from rolkit.headline import resolution_headline
from rolkit.model import Resolution
from rolkit.safefile import reason
from rolkit.system import System
from widgets import fight_texts, gm_texts, views  # noqa: F401  (register the strings)
from widgets.attack import NONE
from widgets.fight_best import BestLine, BestRequest
from widgets.fight_cards import LOG_SHOWN, SIDE_KEYS, cards_html, log_html, side_label
from widgets.fight_table import TABLE_KEY, conditions_of, new_table_id, publish, snapshot
from widgets.fight_victory import VictoryBlock, VictoryRequest, join_worker
from widgets.limits import NAME_MAX, BoundedText, too_long_message
from widgets.panel import GuardedPanel
from widgets.rolling import SeedBox, roll_button
from widgets.roster_panel import on_roster, roster_entries
from widgets.state import AppState

__all__ = ["FightPanel", "download_link", "SIDES", "LOG_SHOWN", "fight_over", "spec_at"]

log = logging.getLogger("rolkit.dashboard")

SIDES = ("grupo", "enemigos")
#: The panel solves a fight exactly up to this many states, then simulates (and says so);
#: it solves in the background, so a click never waits. Every system's 1v1 at default
#: forms is exact under it (the largest, NSd20, 1 620 states, about 1 s) but Ashes of
#: War's (hundreds of millions of states: docs/adding-a-system.md), as is a Core Dread 3v3.
PANEL_MAX_STATES = 8_000
PANEL_SIMULATIONS = 1_000
#: The «mejor opción» line is solved exactly up to this many decision points and seconds
#: of exploring (Core Dread's and G.O.R.E.'s duels), else it says it has no exact answer.
BEST_MAX_NODES = 20_000
#: the line is shown (the widget tests of other things turn it off: CPU they do not need)
BEST_ON = True
BEST_SECONDS = 15.0
#: the time budget of the victory's exact bounds past PANEL_MAX_STATES (#27: a few seconds,
#: solved in the background while the block says «calculando…»)
PANEL_SECONDS = 3.0
_SIDE_KEYS = SIDE_KEYS
#: changes that can be undone (the fight's ``max_undo``)
UNDO_MAX = 500
#: log entries kept past the undo depth (the fight's ``max_log``); older ones are counted
LOG_MAX = 5_000
MAX_FIGHTERS = 40
#: the steps before the current one drawn in the victory trend (a bounded update)
TREND_SHOWN = 40


def download_link(text: str, filename: str, mime: str, label: str, cls: str) -> str:
    """An ``<a download>`` whose ``data:`` URL holds ``text`` (UTF-8, base64)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f'<a class="{cls}" download="{html.escape(filename)}" '
        f'href="data:{mime};charset=utf-8;base64,{data}">{html.escape(label)}</a>'
    )


def decode_link(value: str) -> str:
    """The text a :func:`download_link` carries (tests and notebooks)."""
    data = value.split("base64,", 1)[1].split('"', 1)[0]
    return base64.b64decode(data).decode("utf-8")


def able(fight: Fight, name: str) -> bool:
    """``name`` can act now (its fate is none)."""
    return fight.system.status(fight.state.fighter(name).defender, fight.options) is None


def fight_over(fight: Fight) -> tuple[str | None, int] | None:
    """``(winning side or None, rounds)`` once a fight of two sides has at most one side
    left that can act (``None`` while it goes on, or before there are two sides)."""
    st = fight.state
    sides = {f.side for f in st.fighters}
    if len(sides) < 2 or not fight.system.has_transitions:
        return None
    standing = {f.side for f in st.fighters if able(fight, f.name)}
    if len(standing) > 1:
        return None
    return (next(iter(standing)) if standing else None), st.round


def spec_at(fight: Fight, state: FightState) -> FightSpec:
    """The :class:`FightSpec` of ``state`` (as :meth:`FightSpec.of` for the current one)."""
    return FightSpec(
        fight.system.id,
        tuple((f.name, f.side, f.defender, f.weapon) for f in state.fighters),
        tuple(state.order),
        state.turn if state.order else 0,
        bool(state.order),
        bool(state.order),
        fight.options,
    )


class FightPanel(GuardedPanel):
    """The Combate tab for ``state.system`` (one fight per system switch)."""

    title_key = "gm.tab.fight"
    name = "fight"

    def __init__(self, state: AppState):
        self.state = state
        self.fight: Fight | None = None
        self.pending: tuple[Any, str, str] | None = None  # (roll, actor, target) not applied
        self._pending_result: ActionResult | None = None  # the action taken, when one was
        self._available: dict[str, tuple[ActionProcedure, tuple[str, ...]]] = {}
        #: (attacker, round, turn, attack possible) when the action was last chosen
        self._action_moment: tuple[object, ...] = ()
        self._applied: dict[int, tuple[FightState, str, Resolution]] = {}
        self._first_forms: dict[str, Any] = {}  # each combatant as it joined (add)
        self.table_id: str | None = None  # the players' view, once asked for
        self.block = VictoryBlock(self._solve_victory)
        self.victory = self.block.widget
        self.best = BestLine(
            self._solve_best,
            before=lambda: join_worker(self.block),
            busy=lambda: self.block.thread is not None,
        )
        left = self._build_setup()
        right = self._build_play()
        self.widget = ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap"))
        self.widget.add_class("rolkit-fight")
        self._wire()

    # ------------------------------------------------------------------ building
    @staticmethod
    def _button(icon: str, cls: str) -> ipw.Button:
        button = ipw.Button(icon=icon, layout=ipw.Layout(width="auto"))
        button.add_class(cls)
        return button

    @staticmethod
    def _html(cls: str) -> ipw.HTML:
        box = ipw.HTML()
        box.add_class(cls)
        return box

    def _build_setup(self) -> ipw.VBox:
        """The left column: who joins, initiative and turns, the cards, the odds block."""
        wide = {"description_width": "initial"}
        self.name_box = BoundedText(style=wide, layout=ipw.Layout(width="14em"), max_chars=NAME_MAX)
        self.name_box.add_class("rolkit-fight-name")
        self.name_box.on_refused(self._name_refused)
        self.side = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.side.add_class("rolkit-fight-side")
        full = ipw.Layout(width="auto", max_width="100%")
        self.character = ipw.Dropdown(style=wide, layout=full)
        self.character.add_class("rolkit-fight-character")
        self.weapon = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto", max_width="100%"))
        self.weapon.add_class("rolkit-fight-weapon")
        self.add_button = self._button("user-plus", "rolkit-fight-add")
        self.initiative_button = self._button("sort-amount-down", "rolkit-fight-initiative")
        self.next_button = self._button("step-forward", "rolkit-fight-next")
        self.table_button = self._button("users", "rolkit-fight-table")
        self.table_link = self._html("rolkit-fight-table-link")
        self.over = self._html("rolkit-fight-over")
        self.restart_button = self._button("redo-alt", "rolkit-fight-restart")
        self.restart_button.layout.display = "none"
        self.cards = self._html("rolkit-fight-cards")
        self.message = self._html("rolkit-fight-message")
        line = ipw.Layout(flex_flow="row wrap", align_items="center")
        return ipw.VBox(
            [
                ipw.HBox([self.name_box, self.side], layout=line),
                ipw.HBox([self.character, self.weapon, self.add_button], layout=line),
                ipw.HBox([self.initiative_button, self.next_button], layout=line),
                ipw.HBox([self.over, self.restart_button], layout=line),
                self.cards,
                self.message,
                self.best.widget,
                self.victory,
                ipw.HBox([self.table_button, self.table_link], layout=line),
            ],
            layout=ipw.Layout(width="46%", min_width="22em"),
        )

    def _build_play(self) -> ipw.VBox:
        """The right column: the blow, its odds, Tirar/aplicar, undo/redo, the log."""
        wide = {"description_width": "initial"}
        self.attacker = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.attacker.add_class("rolkit-fight-attacker")
        self.action = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.action.add_class("rolkit-fight-action")
        self.target = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.target.add_class("rolkit-fight-target")
        self.results = views.ResultsView()
        self.roll_button = roll_button("rolkit-fight-roll")
        self.seed_box = SeedBox()
        self.apply_button = self._button("arrow-right", "rolkit-fight-apply")
        self.undo_button = self._button("undo", "rolkit-fight-undo")
        self.redo_button = self._button("redo", "rolkit-fight-redo")
        self.rolled = self._html("rolkit-fight-rolled")
        self.log_title = ipw.HTML()
        self.log = self._html("rolkit-fight-log")
        self.downloads = self._html("rolkit-fight-downloads")
        self.prepare_button = self._button("download", "rolkit-fight-prepare")
        line = ipw.Layout(flex_flow="row wrap", align_items="center")
        right = ipw.VBox(
            [
                ipw.HBox([self.attacker, self.action, self.target], layout=line),
                self.results.box,
                ipw.HBox(
                    [self.roll_button, self.seed_box.text, self.seed_box.keep, self.apply_button],
                    layout=line,
                ),
                self.seed_box.error,
                self.rolled,
                ipw.HBox([self.undo_button, self.redo_button], layout=line),
                self.log_title,
                self.log,
                ipw.HBox([self.prepare_button, self.downloads], layout=line),
            ],
            layout=ipw.Layout(width="54%", min_width="22em", padding="0 0 0 1em"),
        )
        right.add_class("rolkit-paper")
        return right

    def _wire(self) -> None:
        actions = {
            self.add_button: self.add,
            self.initiative_button: self.roll_initiative,
            self.next_button: self.next_turn,
            self.roll_button: self.roll,
            self.apply_button: self.apply,
            self.undo_button: self.undo,
            self.redo_button: self.redo,
            self.prepare_button: self.prepare_downloads,
            self.restart_button: self.restart,
            self.table_button: self.open_table,
        }
        for button, action in actions.items():
            button.on_click(lambda b, act=action: self._guard(act))
        self.attacker.observe(self.when_free(lambda: self._guard(self._actor_changed)), "value")
        self.action.observe(self.when_free(lambda: self._guard(self._action_changed)), "value")
        self.target.observe(self.when_free(lambda: self._guard(self.show_odds)), "value")
        on_roster(self.state, lambda: self._guard(self._fill_choices))
        # the house rules are the Ataque tab's Opciones: a change there replays here
        self.state.on_link(lambda: self._guard(self._options_changed))

    @property
    def active_fight(self) -> Fight:
        """The fight on screen (``set_system`` starts one before any button can act)."""
        if self.fight is None:
            raise RuntimeError("FightPanel: no fight yet (set_system first)")
        return self.fight

    # the victory block, under the names older callers use
    @property
    def victory_odds(self) -> FightOdds | None:
        return self.block.odds

    @property
    def _victory_thread(self) -> Any:
        return self.block.thread

    def wait_victory(self, timeout: float = 120) -> FightOdds | None:
        """Wait for the background solve of the fight on screen (tests, notebooks)."""
        return self.block.wait(timeout)

    # ------------------------------------------------------------------ shell protocol
    def set_system(self, system: System, params: list[tuple[str, str]] | None = None) -> list:
        """A new, empty fight in ``system``, under the current house rules."""
        self.fight = Fight(system, self._house_rules(system), max_undo=UNDO_MAX, max_log=LOG_MAX)
        self.pending, self._pending_result = None, None
        self._applied = {}
        self._first_forms = {}
        self.message.value = ""
        self.rolled.value = ""
        self._fill_choices()
        self.set_language(self.lang)
        return []

    def set_language(self, lang: str) -> None:
        t = lambda key: i18n.t(key, lang)  # noqa: E731
        self.name_box.description = t("gm.fight.name")
        self.side.description = t("gm.fight.side")
        side = self.side.value
        self.side.options = [(t(SIDE_KEYS[s]), s) for s in SIDES]
        self.side.value = side if side in SIDES else SIDES[0]
        self.character.description = t("gm.fight.character")
        self.weapon.description = t("gm.fight.weapon")
        labels = {
            self.add_button: "gm.fight.add",
            self.initiative_button: "gm.fight.initiative",
            self.next_button: "gm.fight.next",
            self.roll_button: "roll",
            self.apply_button: "apply",
            self.undo_button: "undo",
            self.redo_button: "gm.fight.redo",
            self.prepare_button: "gm.fight.prepare",
            self.restart_button: "gm.fight.restart",
            self.table_button: "gm.table.link",
        }
        for button, key in labels.items():
            button.description = t(key)
        self.table_button.tooltip = t("gm.table.link.tip")
        self.attacker.description = t("gm.fight.attacker")
        self.action.description = t("gm.fight.action")
        self.target.description = t("gm.fight.target")
        self.seed_box.relabel(lang)
        self.log_title.value = f"<b>{html.escape(t('gm.fight.log'))}</b>"
        self._show_table_link()
        if self.fight is not None:
            self._show()

    # ------------------------------------------------------------------ choices
    def _choices(self, role: str) -> dict[str, Any]:
        system = self.system
        if system is None:
            return {}
        return {**system.presets.get(role, {}), **roster_entries(self.state, system, role)}

    def _fill_choices(self) -> None:
        """The character and weapon lists: "(por defecto)", the presets, the roster."""
        for box, role in ((self.character, "attacker"), (self.weapon, "weapon")):
            value = box.value
            options = [(i18n.t("preset.none", self.lang), NONE)]
            options += [(name, name) for name in self._choices(role)]
            box.options = options
            box.value = value if value in dict(options).values() else NONE

    def _picked(self, box: ipw.Dropdown, role: str) -> Any:
        if box.value in (None, NONE):
            return self.active_system.defaults()[role]
        return self._choices(role)[box.value]

    # ------------------------------------------------------------------ actions
    def _house_rules(self, system: System) -> Any:
        """The Ataque tab's Opciones (its last valid ones) when they are this system's."""
        options = self.state.options
        return options if isinstance(options, system.options_type) else None

    def _sync_options(self) -> bool:
        """Play the fight under the current house rules; True when they changed."""
        if self.fight is None:
            return False
        options = self._house_rules(self.fight.system)
        if options == self.fight.options:
            return False
        self.fight.options = options
        self.pending, self._pending_result = None, None  # a roll under old rules
        return True

    def _options_changed(self) -> None:
        if self._sync_options():
            self._show()

    def add(self, name: str | None = None, side: str | None = None) -> None:
        """Añadir: a combatant from the fields (or ``name``/``side`` given)."""
        name = self.name_box.value if name is None else name
        side = self.side.value if side is None else side
        fight = self.active_fight
        if len(fight.state.fighters) >= MAX_FIGHTERS:
            raise RulesError(
                i18n.t("gm.fight.too_many", "en", n=MAX_FIGHTERS),
                message_es=i18n.t("gm.fight.too_many", "es", n=MAX_FIGHTERS),
            )
        character = self._picked(self.character, "attacker")
        weapon = self._picked(self.weapon, "weapon")
        state = fight.add(name[:NAME_MAX], side, character, weapon)
        joined = state.fighters[-1]
        self._first_forms[joined.name] = joined  # its card's "since it joined", kept
        self.name_box.value = ""  # even once its first state is past the undo depth
        self._changed()

    def _name_refused(self, length: int, head: str) -> None:
        label = i18n.t("gm.fight.name", self.lang)
        text = too_long_message(label, length, NAME_MAX, head, self.lang)
        self.message.value = views.error_html(text)

    def roll_initiative(self) -> None:
        self._sync_options()
        seed = self._seed()
        self.active_fight.roll_initiative(seed)
        self._pass_unable(seed)
        self._changed(default_pair=True)

    def next_turn(self) -> None:
        """Siguiente turno: the next combatant who can act (each one who cannot is passed,
        its turn's rules played and logged)."""
        self._sync_options()
        fight = self.active_fight
        if fight_over(fight) is not None:
            self._changed(default_pair=True)
            return
        # the rules between attacks (bleeding, a dying roll…) draw from the seed box too
        seed = self._seed() if fight.system.has_turn_effects else None
        fight.next_turn(seed)
        self._pass_unable(seed)
        self._changed(default_pair=True)

    def _pass_unable(self, seed: int | None) -> None:
        """Pass every turn of a combatant who cannot act (at most one round of them),
        unless the fight is over; with a seed, each pass draws from the next one."""
        fight = self.active_fight
        for k in range(len(fight.state.order)):
            current = fight.state.current
            if current is None or able(fight, current) or fight_over(fight) is not None:
                return
            step = None if seed is None else seed + k + 1
            fight.next_turn(step if fight.system.has_turn_effects else None)

    def _passed(self, state: FightState) -> bool:
        """``state`` is a pass: a turn given to a combatant who cannot act."""
        fight = self.active_fight
        entry = state.entry
        if entry is None or entry.kind != "turn" or state.current is None:
            return False
        f = state.fighter(state.current)
        return fight.system.status(f.defender, fight.options) is not None

    def restart(self) -> None:
        """Combate nuevo: the same combatants as they joined, no initiative yet."""
        fight = self.active_fight
        joined = self._joined_all()
        names = [f.name for f in fight.state.fighters]
        self.fight = Fight(fight.system, fight.options, max_undo=UNDO_MAX, max_log=LOG_MAX)
        self.pending, self._pending_result = None, None
        self._applied = {}
        for name in names:
            first = joined[name]
            self.fight.add(name, first.side, first.attacker, first.weapon)
            self._first_forms[name] = self.fight.state.fighters[-1]
        self._changed(default_pair=True)

    def roll(self) -> None:
        """Tirar: resolve the chosen attack now (nothing changes until «aplicar»)."""
        self._sync_options()
        attacker, target = self._pair()
        fight = self.active_fight
        if not able(fight, attacker):
            raise self.cannot_act(attacker)
        action = self.action.value
        if action not in self._available:
            raise self.turn_spent(attacker)
        seed = self._seed()
        if self._in_turn(attacker):  # the system's action, counted against the turn
            result = fight.act(attacker, action, target, seed=seed)
            self.pending, self._pending_result = (result.roll, attacker, target), result
        else:  # the GM makes a blow out of turn (a reaction): an attack, as ever
            r = fight.attack(attacker, target, seed=seed)
            self.pending, self._pending_result = (r, attacker, target), None
        self._show()

    def turn_spent(self, name: str) -> RulesError:
        """«Ana ya no puede hacer nada más este turno: siguiente turno.»"""
        return RulesError(
            i18n.t("gm.fight.turn_spent", "en", name=name),
            message_es=i18n.t("gm.fight.turn_spent", "es", name=name),
        )

    def cannot_act(self, name: str) -> RulesError:
        """«Kira no puede actuar: está moribundo.»: the real state, by the system's visible
        conditions (its fate when it gives none)."""
        fight = self.active_fight
        es, en = conditions_of(fight, fight.state.fighter(name).defender)[0]
        return RulesError(
            i18n.t("gm.fight.cannot_act", "en", name=name, state=en),
            message_es=i18n.t("gm.fight.cannot_act", "es", name=name, state=es),
        )

    def apply(self) -> None:
        """Aplicar: the last roll onto both combatants (wounds, ammunition, wear)."""
        if self.pending is None:
            return
        r, attacker, target = self.pending
        fight, result = self.active_fight, self._pending_result
        if result is not None:
            state = fight.apply_action(result, attacker, target)
        else:
            state = fight.apply(r, attacker, target)
        if isinstance(r, Resolution):
            self._applied[id(state)] = (state, target, r)
        self.pending, self._pending_result = None, None
        self._changed()

    def undo(self) -> None:
        """Deshacer, over the passes of combatants who could not act."""
        fight = self.active_fight
        fight.undo()
        while fight.can_undo and self._passed(fight.state):
            fight.undo()
        self.pending, self._pending_result = None, None
        self._changed(default_pair=True)

    def redo(self) -> None:
        """Rehacer, over the passes of combatants who could not act."""
        fight = self.active_fight
        fight.redo()
        while fight.can_redo and self._passed(fight.state):
            fight.redo()
        self.pending, self._pending_result = None, None
        self._changed(default_pair=True)

    def _seed(self) -> int | None:
        self.seed_box.error.value = ""
        seed, _ = self.seed_box.take()
        return seed

    def _pair(self) -> tuple[str, str]:
        attacker, target = self.attacker.value, self.target.value
        if attacker is None or target is None:
            raise RulesError(
                i18n.t("gm.fight.none", "en"), message_es=i18n.t("gm.fight.none", "es")
            )
        return attacker, target

    # ------------------------------------------------------------------ the players' view
    def open_table(self) -> None:
        """«vista de los jugadores»: an unguessable id, the table published, its link."""
        if self.table_id is None:
            self.table_id = new_table_id()
        self._publish_table()
        self._show_table_link()

    def _show_table_link(self) -> None:
        if self.table_id is None:
            self.table_link.value = ""
            return
        label = html.escape(i18n.t("gm.table.open", self.lang))
        href = f"?{TABLE_KEY}={self.table_id}&amp;lang={self.lang}"
        self.table_link.value = (
            f'<a class="rolkit-table-href" href="{href}" target="_blank" '
            f'rel="noopener noreferrer">{label}</a>'
        )

    def _publish_table(self) -> None:
        if self.table_id is None or self.fight is None:
            return
        labels = {s: (i18n.t(SIDE_KEYS[s], "es"), i18n.t(SIDE_KEYS[s], "en")) for s in SIDES}
        over = self._over_text()
        try:
            publish(self.table_id, snapshot(self.fight, labels, over))
        except OSError as err:
            why = reason(err)[self.lang == "es"]
            self.message.value = views.error_html(
                i18n.t("gm.table.save_failed", self.lang, why=why)
            )

    # ------------------------------------------------------------------ showing
    def _changed(self, default_pair: bool = False) -> None:
        self.message.value = ""
        if self._applied:  # the fates of states dropped past the undo depth are forgotten
            kept = {id(s) for s in self.active_fight.history}
            self._applied = {k: v for k, v in self._applied.items() if k in kept}
        self._show(default_pair)
        self._publish_table()

    def default_pair(self) -> tuple[str | None, str | None]:
        """The current combatant (else the first) and a foe of it who can act (else any
        foe, else anyone else)."""
        fight = self.active_fight
        st = fight.state
        names = [f.name for f in st.fighters]
        if not names:
            return None, None
        attacker = st.current or names[0]
        side = st.fighter(attacker).side
        foes = [f.name for f in st.fighters if f.side != side]
        standing = [n for n in foes if able(fight, n)]
        others = [n for n in names if n != attacker]
        pick = standing or foes or others
        return attacker, (pick[0] if pick else None)

    def _over_text(self) -> tuple[str, str] | None:
        over = fight_over(self.active_fight)
        if over is None:
            return None
        side, rounds = over

        def text(lang: str) -> str:
            if side is None:
                return i18n.t("gm.fight.over.none", lang, n=rounds)
            key = "gm.fight.over.one" if rounds == 1 else "gm.fight.over"
            return i18n.t(key, lang, side=side_label(side, lang), n=rounds)

        return text("es"), text("en")

    def _show_over(self) -> bool:
        over = self._over_text()
        self.restart_button.layout.display = None if over else "none"
        if over is None:
            self.over.value = ""
            return False
        offer = i18n.t("gm.fight.over.offer", self.lang)
        self.over.value = (
            f"<div class='rolkit-fight-over-text' style='font-size:1.1em'>"
            f"<b>{html.escape(over[self.lang != 'es'])}</b> {html.escape(offer)}</div>"
        )
        return True

    def _show(self, default_pair: bool = False) -> None:
        fight = self.active_fight
        st = fight.state
        names = [f.name for f in st.fighters]
        old = (self.attacker.value, self.target.value)
        want_a, want_t = self.default_pair()
        if not default_pair:  # the attacker is whose turn it is; a chosen target is kept
            want_a = st.current or (old[0] if old[0] in names else want_a)
            want_t = old[1] if old[1] in names and old[1] != want_a else want_t
        with self.hold():
            self.attacker.options = names
            self.attacker.value = want_a
            self._fill_actions()
            self._fill_targets(want_t)
        over = self._show_over()
        self.apply_button.disabled = self.pending is None
        self.undo_button.disabled = not fight.can_undo
        self.redo_button.disabled = not fight.can_redo
        self.roll_button.disabled = len(names) < 2 or over or not self._available
        self.next_button.disabled = over
        self.cards.value = self.cards_html()
        self.log.value = self.log_html()
        self.downloads.value = ""  # built again when asked for: not resent on every change
        self.prepare_button.disabled = not fight.log
        self.rolled.value = self._pending_html()
        self.show_odds()
        self.show_victory()
        self.show_best()

    # ------------------------------------------------------------------ actions offered
    def _in_turn(self, name: str | None) -> bool:
        """``name`` acts on its own turn (or before initiative: anyone may)."""
        current = self.active_fight.state.current
        return name is not None and (current is None or current == name)

    def _fill_actions(self) -> None:
        """The actions the attacker may take now (``Fight.actions_for``); out of its turn,
        an attack (the GM's reaction); none for a combatant who cannot act."""
        fight, name = self.active_fight, self.attacker.value
        available: dict[str, tuple[ActionProcedure, tuple[str, ...]]] = {}
        if name is not None and able(fight, name):
            if self._in_turn(name):
                for a in fight.actions_for(name):
                    available[a.action.id] = (a.action, a.targets)
            else:
                others = tuple(f.name for f in fight.state.fighters if f.name != name)
                available["attack"] = (fight.system.actions["attack"], others)
        self._available = available
        # the GM's choice is kept for the same combatant in the same turn; a new turn, or
        # an attack that has become possible (a foe joined), starts from the attack
        st = fight.state
        moment = (name, st.round, st.turn, "attack" in available)
        chosen = self.action.value if moment == self._action_moment else None
        self._action_moment = moment
        self.action.options = [(a.label_for(self.lang), aid) for aid, (a, _t) in available.items()]
        if chosen in available:
            self.action.value = chosen
        elif available:
            self.action.value = "attack" if "attack" in available else next(iter(available))
        self.action.disabled = len(available) < 2

    def _fill_targets(self, want: str | None) -> None:
        """The chosen action's targets (before initiative: anyone, as ever)."""
        fight = self.active_fight
        names = [f.name for f in fight.state.fighters]
        picked = self._available.get(self.action.value or "")
        if picked is None or fight.state.current is None and picked[0].kind == "attack":
            targets = names
        else:
            targets = list(picked[1])
        me, own = self.attacker.value, picked is not None and picked[0].target == "self"
        old = self.target.value
        self.target.options = targets
        fits = [n for n in (want, old) if n in targets and (own or n != me)]
        others = [n for n in targets if own or n != me]
        self.target.value = (fits or others or targets or [None])[0]

    def _actor_changed(self) -> None:
        with self.hold():
            self._fill_actions()
            self._fill_targets(self.target.value)
        self.roll_button.disabled = not self._available or bool(self._over_text())
        self.show_odds()

    def _action_changed(self) -> None:
        with self.hold():
            self._fill_targets(self.target.value)
        self.show_odds()

    def _pending_html(self) -> str:
        if self.pending is None:
            return ""
        r, a, t = self.pending
        if self._pending_result is not None:
            done = self._pending_result.text_for(self.lang)
            who = a if t == a or t is None else f"{a} → {t}"
            text = f"{who}: {done}"
        else:
            text = f"{a} → {t}: {resolution_headline(r, self.lang)}"
        return (
            f"<div><b>{html.escape(i18n.t('gm.fight.pending', self.lang, text=text))}</b>"
            f"</div>{views.steps_html(r.steps, self.lang, self.active_system.i18n_prefix)}"
        )

    def _where(self, state: FightState, lang: str) -> str:
        if not state.order:
            return i18n.t("gm.fight.victory.before", lang)
        return i18n.t("gm.fight.victory.where", lang, r=state.round, name=state.current)

    def show_victory(self) -> None:
        """«Probabilidad de victoria» of the fight on screen, from its current states and
        turn (exact, or simulated and labelled past the panel's state bound)."""
        fight, lang = self.active_fight, self.lang
        st = fight.state
        if not self.active_system.has_transitions:
            self.block.clear()
            return
        if len({f.side for f in st.fighters}) < 2:
            hint = html.escape(i18n.t("gm.fight.victory.hint", lang))
            self.block.clear(f"<p class='rolkit-victory-hint'>{hint}</p>")
            return
        first = fight.undo_dropped
        start = max(fight.cursor - TREND_SHOWN, 0)
        trend = tuple(
            (first + i, spec_at(fight, s))
            for i, s in enumerate(fight.history[start : fight.cursor], start)
            if len({f.side for f in s.fighters}) >= 2
        )
        self.block.show(
            VictoryRequest(
                spec=FightSpec.of(fight),
                system=fight.system,
                fighters=st.fighters,
                options=fight.options,
                lang=lang,
                labels={s: i18n.t(SIDE_KEYS[s], lang) for s in SIDES},
                where=self._where(st, lang),
                step=first + fight.cursor,
                trend=trend,
            )
        )

    @staticmethod
    def _solve_victory(spec: FightSpec, system: System) -> FightOdds:
        return fight_odds(
            spec,
            rounds=None,
            max_states=PANEL_MAX_STATES,
            simulations=PANEL_SIMULATIONS,
            seconds=PANEL_SECONDS,
            system=system,
        )

    def show_best(self) -> None:
        """«mejor opción» for the combatant to act in the state on screen (nothing before
        initiative, with one side, or once the fight is over)."""
        fight = self.active_fight
        st = fight.state
        on = self.active_system.has_transitions and len({f.side for f in st.fighters}) >= 2
        idle = not BEST_ON or not on or not st.order or self._over_text()
        if idle or not able(fight, st.current or ""):
            self.best.clear()
        else:
            self.best.show(BestRequest(FightSpec.of(fight), st.taken, fight.system, self.lang))

    @staticmethod
    def _solve_best(
        spec: FightSpec, taken: tuple[str, ...], system: System, stop: Callable[[], bool]
    ) -> BestMove:
        return best_move(
            spec,
            taken=taken,
            system=system,
            max_nodes=BEST_MAX_NODES,
            seconds=BEST_SECONDS,
            stop=stop,
        )

    def show_odds(self) -> None:
        """The exact odds of the chosen attack with the current (wounded) states."""
        attacker, target = self.attacker.value, self.target.value
        if attacker is None or target is None:
            self.results.show(i18n.t("gm.fight.none", self.lang), "", None)
            self.results.chart.layout.display = "none"
            return
        fight = self.active_fight
        try:
            if not able(fight, attacker):
                raise self.cannot_act(attacker)
            picked = self._available.get(self.action.value or "")
            note = ""
            if picked is None:  # its turn is spent: the next blow's odds, to read only
                note = self.turn_spent(attacker).message(self.lang) + " "
                odds = fight.odds(attacker, target)
            elif isinstance(picked[0], CheckAction):
                ctx = fight.action_context(attacker, picked[0].id, target)
                self._show_check_odds(picked[0], ctx)
                return
            else:
                odds = fight.odds(attacker, target, self._attack_modifiers(picked[0], target))
        except RulesError as err:  # no blow now: say why where the odds would be
            self.results.show(err.message(self.lang), "", None)
            self.results.chart.layout.display = "none"
            return
        self.odds: Any = odds
        chart = views.chart_png(odds, self.lang)
        self.results.chart.layout.display = None
        head = note + views.headline_text(odds, self.lang)
        if attacker == target:
            head = f"{i18n.t('gm.fight.same', self.lang)} {head}"
        self.results.show(head, views.odds_table_html(odds, self.lang), chart)

    def _attack_modifiers(self, action: ActionProcedure, target: str) -> Any:
        """The modifiers of this attack of the turn (Ashes of War: the second one adds a
        Desgracia die), ``None`` (the standing ones) out of turn or without a rule."""
        name = self.attacker.value
        if not isinstance(action, AttackAction) or action.modifiers_fn is None:
            return None
        if name is None or not self._in_turn(name):
            return None
        ctx = self.active_fight.action_context(name, action.id, target)
        return action.modifiers_fn(ctx, ctx.modifiers)

    def _show_check_odds(self, action: CheckAction, ctx: ActionContext) -> None:
        """A check action's exact odds over its degrees (or why it cannot be taken)."""
        form = action.prepared(ctx)
        if isinstance(form, tuple):
            who = self.attacker.value or ""
            self.results.show(f"{who} {form[self.lang != 'es']}", "", None)
            self.results.chart.layout.display = "none"
            return
        odds = action.odds(form, self.active_fight.options)
        self.odds = odds
        head = f"{action.label_for(self.lang)}: {views.check_headline_text(odds, self.lang)}"
        chart = views.check_chart_png(odds, self.lang)
        self.results.chart.layout.display = None
        self.results.show(head, views.check_table_html(odds, self.lang), chart)

    def last_fate(self, name: str) -> Resolution | None:
        """The last roll applied to ``name`` that the current state includes."""
        return self._last_fates().get(name)

    def _last_fates(self) -> dict[str, Resolution]:
        fates: dict[str, Resolution] = {}
        fight = self.active_fight
        for state in fight.history[1 : fight.cursor + 1]:
            hit = self._applied.get(id(state))
            if hit is not None and hit[0] is state:
                fates[hit[1]] = hit[2]
        return fates

    def _joined(self, name: str) -> Any:
        return self._joined_all().get(name)

    def _joined_all(self) -> dict[str, Any]:
        """Each combatant as it joined (its forms then), for its card's changes."""
        joined: dict[str, Any] = {}
        fight = self.active_fight
        history = fight.history[: fight.cursor + 1]
        for i, state in enumerate(history):
            for f in state.fighters:
                if f.name not in joined:
                    # in the oldest state kept, a combatant may have joined before it
                    past = fight.undo_dropped and i == 0
                    joined[f.name] = self._first_forms.get(f.name, f) if past else f
        return joined

    def cards_html(self) -> str:
        """One card per combatant (:func:`widgets.fight_cards.cards_html`)."""
        return cards_html(self.active_fight, self._joined_all(), self._last_fates(), self.lang)

    def log_html(self) -> str:
        """The log, newest first (:func:`widgets.fight_cards.log_html`)."""
        return log_html(self.active_fight, self.lang, UNDO_MAX)

    def prepare_downloads(self) -> None:
        """«preparar descargas»: the log's Markdown and the fight's JSON, as links."""
        self.downloads.value = self.downloads_html()

    def downloads_html(self) -> str:
        fight = self.active_fight
        if not fight.log:
            return ""
        sid = self.active_system.id
        md = download_link(
            fight.log_markdown(self.lang),
            f"rolkit-combate-{sid}.md",
            "text/markdown",
            i18n.t("gm.fight.md", self.lang),
            "rolkit-fight-md",
        )
        js = download_link(
            fight.to_json(),
            f"rolkit-combate-{sid}.json",
            "application/json",
            i18n.t("gm.fight.json", self.lang),
            "rolkit-fight-json",
        )
        return f"{md} · {js}"
