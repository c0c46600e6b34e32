"""The Combate tab: a :class:`rolkit.fight.Fight` with buttons (issue 14, item 3).

Add combatants (name, side, a character and a weapon from the presets or the roster),
roll initiative by the system's own rule, pick attacker and target (default: the current
combatant and a foe), see the exact odds of that attack from the current states (the
Ataque tab's results view), Tirar, aplicar, deshacer/rehacer (exact: the fight's
snapshots), the log newest first with Markdown and JSON downloads, and the whole fight's
«probabilidad de victoria» (:func:`rolkit.fight_odds`) with the law of its rounds,
recomputed after every change so the GM sees what a lucky blow did to the odds. Each combatant's card
shows what changed on its track since it joined, the engine's derived values, and the
fate of the last roll applied to it. No rule logic here.

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
import threading
from typing import Any

import ipywidgets as ipw

from rolkit import fields, i18n
from rolkit.display import fight_odds as fight_view
from rolkit.display import tables
from rolkit.errors import RulesError
from rolkit.fight import Fight, FightOdds, FightSpec, FightState, fight_odds
from rolkit.model import Resolution
from rolkit.system import System
from widgets import gm_texts, views  # noqa: F401  (gm_texts registers the strings)
from widgets.attack import NONE
from widgets.limits import NAME_MAX, BoundedText, too_long_message
from widgets.panel import GuardedPanel
from widgets.rolling import SeedBox, roll_button
from widgets.roster_panel import on_roster, roster_entries
from widgets.state import AppState

__all__ = ["FightPanel", "download_link", "SIDES"]

log = logging.getLogger("rolkit.dashboard")

SIDES = ("grupo", "enemigos")
#: The panel solves a fight exactly up to this many states, then simulates (and says so);
#: it solves in the background, so a click never waits. Every system's 1v1 at default
#: forms is exact under it (the largest, NSd20, 1 620 states, about 1 s) but Ashes of
#: War's (hundreds of millions of states: docs/adding-a-system.md), as is a Core Dread 3v3.
PANEL_MAX_STATES = 4_000
PANEL_SIMULATIONS = 1_000
_SIDE_KEYS = {"grupo": "gm.fight.side.party", "enemigos": "gm.fight.side.foes"}
#: the log entries shown (newest first); older ones are counted and in the download
LOG_SHOWN = 40
#: changes that can be undone (the fight's ``max_undo``)
UNDO_MAX = 500
#: log entries kept past the undo depth (the fight's ``max_log``); older ones are counted
LOG_MAX = 5_000
MAX_FIGHTERS = 40


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


class FightPanel(GuardedPanel):
    """The Combate tab for ``state.system`` (one fight per system switch)."""

    title_key = "gm.tab.fight"
    name = "fight"

    def __init__(self, state: AppState):
        self.state = state
        self.fight: Fight | None = None
        self.pending: tuple[Resolution, str, str] | None = None  # rolled, not applied
        self._applied: dict[int, tuple[FightState, str, Resolution]] = {}
        self._first_forms: dict[str, Any] = {}  # each combatant as it joined (add)
        wide = {"description_width": "initial"}
        self.name_box = BoundedText(style=wide, layout=ipw.Layout(width="14em"), max_chars=NAME_MAX)
        self.name_box.add_class("rolkit-fight-name")
        self.name_box.on_refused(self._name_refused)
        self.side = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.side.add_class("rolkit-fight-side")
        self.character = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto", max_width="100%"))
        self.character.add_class("rolkit-fight-character")
        self.weapon = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto", max_width="100%"))
        self.weapon.add_class("rolkit-fight-weapon")
        self.add_button = ipw.Button(icon="user-plus", layout=ipw.Layout(width="auto"))
        self.add_button.add_class("rolkit-fight-add")
        self.initiative_button = ipw.Button(
            icon="sort-amount-down", layout=ipw.Layout(width="auto")
        )
        self.initiative_button.add_class("rolkit-fight-initiative")
        self.next_button = ipw.Button(icon="step-forward", layout=ipw.Layout(width="auto"))
        self.next_button.add_class("rolkit-fight-next")
        self.attacker = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.attacker.add_class("rolkit-fight-attacker")
        self.target = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.target.add_class("rolkit-fight-target")
        self.results = views.ResultsView()
        self.roll_button = roll_button("rolkit-fight-roll")
        self.seed_box = SeedBox()
        self.apply_button = ipw.Button(icon="arrow-right", layout=ipw.Layout(width="auto"))
        self.apply_button.add_class("rolkit-fight-apply")
        self.undo_button = ipw.Button(icon="undo", layout=ipw.Layout(width="auto"))
        self.undo_button.add_class("rolkit-fight-undo")
        self.redo_button = ipw.Button(icon="redo", layout=ipw.Layout(width="auto"))
        self.redo_button.add_class("rolkit-fight-redo")
        self.rolled = ipw.HTML()
        self.rolled.add_class("rolkit-fight-rolled")
        self.message = ipw.HTML()
        self.message.add_class("rolkit-fight-message")
        self.cards = ipw.HTML()
        self.cards.add_class("rolkit-fight-cards")
        self.log_title = ipw.HTML()
        self.log = ipw.HTML()
        self.log.add_class("rolkit-fight-log")
        self.downloads = ipw.HTML()
        self.downloads.add_class("rolkit-fight-downloads")
        self.prepare_button = ipw.Button(icon="download", layout=ipw.Layout(width="auto"))
        self.prepare_button.add_class("rolkit-fight-prepare")
        self.victory = ipw.HTML()
        self.victory.add_class("rolkit-fight-victory")
        self.victory_odds: FightOdds | None = None
        # fight odds by fight state: a roll, undo and redo do not solve a fight again
        self._victories: dict[FightSpec, FightOdds] = {}
        self._victory_spec: FightSpec | None = None
        self._victory_thread: threading.Thread | None = None
        self._victory_lock = threading.Lock()
        line = ipw.Layout(flex_flow="row wrap", align_items="center")
        left = ipw.VBox(
            [
                ipw.HBox([self.name_box, self.side], layout=line),
                ipw.HBox([self.character, self.weapon, self.add_button], layout=line),
                ipw.HBox([self.initiative_button, self.next_button], layout=line),
                self.cards,
                self.message,
                self.victory,
            ],
            layout=ipw.Layout(width="46%", min_width="22em"),
        )
        right = ipw.VBox(
            [
                ipw.HBox([self.attacker, self.target], layout=line),
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
        self.widget = ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap"))
        self.widget.add_class("rolkit-fight")
        self.add_button.on_click(lambda b: self._guard(self.add))
        self.initiative_button.on_click(lambda b: self._guard(self.roll_initiative))
        self.next_button.on_click(lambda b: self._guard(self.next_turn))
        self.roll_button.on_click(lambda b: self._guard(self.roll))
        self.apply_button.on_click(lambda b: self._guard(self.apply))
        self.undo_button.on_click(lambda b: self._guard(self.undo))
        self.redo_button.on_click(lambda b: self._guard(self.redo))
        self.prepare_button.on_click(lambda b: self._guard(self.prepare_downloads))
        for box in (self.attacker, self.target):
            box.observe(self.when_free(lambda: self._guard(self.show_odds)), "value")
        on_roster(state, lambda: self._guard(self._fill_choices))
        # the house rules are the Ataque tab's Opciones: a change there replays here
        state.on_link(lambda: self._guard(self._options_changed))

    @property
    def active_fight(self) -> Fight:
        """The fight on screen (``set_system`` starts one before any button can act)."""
        if self.fight is None:
            raise RuntimeError("FightPanel: no fight yet (set_system first)")
        return self.fight

    # ------------------------------------------------------------------ shell protocol
    def set_system(self, system: System, params: list[tuple[str, str]] | None = None) -> list:
        """A new, empty fight in ``system``, under the current house rules."""
        self.fight = Fight(system, self._house_rules(system), max_undo=UNDO_MAX, max_log=LOG_MAX)
        self.pending = None
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
        self.side.options = [(t(_SIDE_KEYS[s]), s) for s in SIDES]
        self.side.value = side if side in SIDES else SIDES[0]
        self.character.description = t("gm.fight.character")
        self.weapon.description = t("gm.fight.weapon")
        self.add_button.description = t("gm.fight.add")
        self.initiative_button.description = t("gm.fight.initiative")
        self.next_button.description = t("gm.fight.next")
        self.attacker.description = t("gm.fight.attacker")
        self.target.description = t("gm.fight.target")
        self.roll_button.description = t("roll")
        self.seed_box.relabel(lang)
        self.apply_button.description = t("apply")
        self.undo_button.description = t("undo")
        self.redo_button.description = t("gm.fight.redo")
        self.prepare_button.description = t("gm.fight.prepare")
        self.log_title.value = f"<b>{html.escape(t('gm.fight.log'))}</b>"
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
        self.pending = None  # a roll made under the old rules is not applied under new ones
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
        self._changed(default_pair=True)

    def next_turn(self) -> None:
        self._sync_options()
        # the rules between attacks (bleeding, a dying roll…) draw from the seed box too
        fight = self.active_fight
        seed = self._seed() if fight.system.has_turn_effects else None
        fight.next_turn(seed)
        self._changed(default_pair=True)

    def roll(self) -> None:
        """Tirar: resolve the chosen attack now (nothing changes until «aplicar»)."""
        self._sync_options()
        attacker, target = self._pair()
        seed = self._seed()
        r = self.active_fight.attack(attacker, target, seed=seed)
        self.pending = (r, attacker, target)
        self._show()

    def apply(self) -> None:
        """Aplicar: the last roll onto both combatants (wounds, ammunition, wear)."""
        if self.pending is None:
            return
        r, attacker, target = self.pending
        state = self.active_fight.apply(r, attacker, target)
        self._applied[id(state)] = (state, target, r)
        self.pending = None
        self._changed()

    def undo(self) -> None:
        self.active_fight.undo()
        self.pending = None
        self._changed()

    def redo(self) -> None:
        self.active_fight.redo()
        self.pending = None
        self._changed()

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

    # ------------------------------------------------------------------ showing
    def _changed(self, default_pair: bool = False) -> None:
        self.message.value = ""
        if self._applied:  # the fates of states dropped past the undo depth are forgotten
            kept = {id(s) for s in self.active_fight.history}
            self._applied = {k: v for k, v in self._applied.items() if k in kept}
        self._show(default_pair)

    def default_pair(self) -> tuple[str | None, str | None]:
        """The current combatant (else the first) and a foe of it (else anyone else)."""
        st = self.active_fight.state
        names = [f.name for f in st.fighters]
        if not names:
            return None, None
        attacker = st.current or names[0]
        side = st.fighter(attacker).side
        foes = [f.name for f in st.fighters if f.side != side]
        others = [n for n in names if n != attacker]
        target = (foes or others)[0] if foes or others else None
        return attacker, target

    def _show(self, default_pair: bool = False) -> None:
        st = self.active_fight.state
        names = [f.name for f in st.fighters]
        old = (self.attacker.value, self.target.value)
        want_a, want_t = self.default_pair()
        if not default_pair:
            want_a = old[0] if old[0] in names else want_a
            want_t = old[1] if old[1] in names else want_t
        with self.hold():
            self.attacker.options = names
            self.target.options = names
            self.attacker.value, self.target.value = want_a, want_t
        self.apply_button.disabled = self.pending is None
        fight = self.active_fight
        self.undo_button.disabled = not fight.can_undo
        self.redo_button.disabled = not fight.can_redo
        self.roll_button.disabled = len(names) < 2
        self.cards.value = self.cards_html()
        self.log.value = self.log_html()
        self.downloads.value = ""  # built again when asked for: not resent on every change
        self.prepare_button.disabled = not fight.log
        if self.pending is not None:
            r, a, t = self.pending
            text = f"{a} → {t}: {tables.resolution_headline(r, self.lang)}"
            self.rolled.value = (
                f"<div><b>{html.escape(i18n.t('gm.fight.pending', self.lang, text=text))}</b>"
                f"</div>{views.steps_html(r.steps, self.lang, self.active_system.i18n_prefix)}"
            )
        else:
            self.rolled.value = ""
        self.show_odds()
        self.show_victory()

    def show_victory(self) -> None:
        """«Probabilidad de victoria» of the fight on screen, from its current states and
        turn (exact, or simulated and labelled past the panel's state bound)."""
        st = self.active_fight.state
        sides = {f.side for f in st.fighters}
        self.victory_odds = None
        self._victory_spec = None
        if not self.active_system.has_transitions:
            self.victory.value = ""
            return
        if len(sides) < 2:
            self.victory.value = f"<p class='rolkit-victory-hint'>{html.escape(i18n.t('gm.fight.victory.hint', self.lang))}</p>"
            return
        spec = FightSpec.of(self.active_fight)
        self._victory_spec = spec
        odds = self._victories.get(spec)
        if odds is not None:
            self._render_victory(odds)
            return
        # solved in the background: the tab answers the next click at once, and the
        # block says it is computing until the odds arrive
        busy = i18n.t("gm.fight.victory.busy", self.lang)
        self.victory.value = f"<p class='rolkit-victory-busy'><i>{html.escape(busy)}</i></p>"
        with self._victory_lock:
            running = self._victory_thread is not None and self._victory_thread.is_alive()
            if not running:  # one solver at a time; it takes up the newest fight when done
                worker = threading.Thread(target=self._solve_victories, daemon=True)
                self._victory_thread = worker
                worker.start()

    def _solve_victories(self) -> None:
        """Solve the fight on screen; if it changed meanwhile, go on with the newest one."""
        while True:
            spec = self._victory_spec
            if spec is None:
                return
            odds = self._victories.get(spec)
            if odds is None:
                odds = self._solve_victory(spec)
            with self._victory_lock:
                if spec == self._victory_spec:
                    if odds is not None:
                        self._render_victory(odds)
                    return

    def _solve_victory(self, spec: FightSpec) -> FightOdds | None:
        system = self.system
        try:
            odds = fight_odds(
                spec,
                rounds=None,
                max_states=PANEL_MAX_STATES,
                simulations=PANEL_SIMULATIONS,
                system=system,
            )
        except RulesError as err:
            if spec == self._victory_spec:
                self.victory.value = views.error_html(err.message(self.lang))
            return None
        except Exception:  # noqa: BLE001 - a background failure must reach the GM plainly
            log.exception("fight odds failed")
            if spec == self._victory_spec:
                self.victory.value = views.error_html(i18n.t("error.bug", self.lang))
            return None
        if len(self._victories) >= 64:
            self._victories.pop(next(iter(self._victories)))
        self._victories[spec] = odds
        return odds

    def _render_victory(self, odds: FightOdds) -> None:
        self.victory_odds = odds
        labels = {s: i18n.t(_SIDE_KEYS[s], self.lang) for s in SIDES}
        self.victory.value = fight_view.fight_odds_html(odds, self.lang, labels)

    def wait_victory(self, timeout: float = 120) -> FightOdds | None:
        """Wait for the background solve of the fight on screen (tests, notebooks)."""
        worker = self._victory_thread
        if worker is not None:
            worker.join(timeout)
        return self.victory_odds if self._victory_spec in self._victories else None

    def show_odds(self) -> None:
        """The exact odds of the chosen attack with the current (wounded) states."""
        attacker, target = self.attacker.value, self.target.value
        if attacker is None or target is None:
            self.results.show(i18n.t("gm.fight.none", self.lang), "", None)
            self.results.chart.layout.display = "none"
            return
        odds = self.active_fight.odds(attacker, target)
        self.odds = odds
        chart = views.chart_png(odds, self.lang)
        self.results.chart.layout.display = None
        head = views.headline_text(odds, self.lang)
        if attacker == target:
            head = f"{i18n.t('gm.fight.same', self.lang)} {head}"
        self.results.show(head, views.odds_table_html(odds, self.lang), chart)

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
        """One card per combatant, in initiative order once rolled: side, what changed on
        its track since it joined, the engine's derived values, the last applied fate."""
        st, system, lang = self.active_fight.state, self.active_system, self.lang
        by_name = {f.name: f for f in st.fighters}
        order = list(st.order) + [n for n in by_name if n not in st.order]
        cards = []
        joined, fates = self._joined_all(), self._last_fates()
        head = ""
        if st.round:
            head = f"<div><b>{html.escape(i18n.t('gm.fight.round', lang, n=st.round))}</b></div>"
        for name in order:
            f = by_name[name]
            first = joined[name]
            specs = dict(fields.describe(type(f.defender)))
            changes = fields.changed_fields(f.defender, first.defender, lang)
            changes += fields.changed_fields(f.weapon, first.weapon, lang)
            track = "; ".join(changes) or i18n.t("gm.fight.unchanged", lang)
            derived = [
                f"{specs[key].label_for(lang)}: {fields.value_text(specs[key], value, lang)}"
                for key, value in system.derived("defender", f.defender).items()
                if key in specs
            ]
            if derived:
                track += f" · {'; '.join(derived)}"
            r = fates.get(name)
            fate = ""
            if r is not None:
                what = tables.fate_label(r.view.fate, lang)
                fate = f"<div>{html.escape(i18n.t('gm.fight.fate', lang, fate=what))}</div>"
            turn = (
                f" · <i>{html.escape(i18n.t('gm.fight.turn', lang))}</i>"
                if name == st.current
                else ""
            )
            side = html.escape(
                i18n.t(_SIDE_KEYS.get(f.side, ""), lang) if f.side in _SIDE_KEYS else f.side
            )
            cards.append(
                f'<div class="rolkit-fight-card" data-name="{html.escape(name)}" '
                'style="border:1px solid #ccc;border-radius:4px;padding:4px 6px;margin:4px 0">'
                f"<b>{html.escape(name)}</b> ({side}){turn}"
                f"<div>{html.escape(track)}</div>{fate}</div>"
            )
        if not system.tracks_state and cards:
            head += f"<div><i>{html.escape(i18n.t('gm.fight.stateless', lang))}</i></div>"
        return head + "".join(cards)

    def log_html(self) -> str:
        """The last :data:`LOG_SHOWN` entries, newest first, numbered from the fight's
        start; a line counts the earlier ones (in the download) and says when the undo
        depth is reached."""
        fight, lang = self.active_fight, self.lang
        entries = fight.log
        if not entries:
            return f"<i>{html.escape(i18n.t('gm.fight.log.empty', lang))}</i>"
        first = fight.log_dropped + 1  # the number of entries[0]
        shown = entries[-LOG_SHOWN:]
        start = first + len(entries) - len(shown)
        items = "".join(
            f"<li value='{i}'>{html.escape(e.text(lang))}</li>"
            for i, e in reversed(list(enumerate(shown, start)))
        )
        notes = []
        earlier = start - 1
        if earlier:
            notes.append(i18n.t("gm.fight.log.earlier", lang, n=earlier))
        if fight.log_dropped:
            notes.append(i18n.t("gm.fight.log.lost", lang, n=fight.log_dropped))
        if fight.undo_dropped:
            notes.append(i18n.t("gm.fight.undo.capped", lang, n=UNDO_MAX))
        note = "".join(
            f"<div class='rolkit-fight-log-note'><i>{html.escape(n)}</i></div>" for n in notes
        )
        return f"<ol reversed>{items}</ol>{note}"

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
