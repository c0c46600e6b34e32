"""The Combate tab follows the fight (issue 26, item 1): «Atacante» is whose turn it is
after every change; a combatant who cannot act is passed with a log line (no error), and
undo/redo step over such passes; a refusal names the real state; when one side can no
longer act the tab says who won in how many rounds and offers a new fight or undo.

Checked against the rules (``System.status`` and an independent ``rolkit.fight.Fight``),
in every system whose fights have after-states."""

import pytest

from rolkit.fight import Fight
from widgets.fight_texts import STATUS

from .widget_helpers import get_system, make_dashboard

#: the log's words for a combatant who cannot act, by fate (rolkit.fight.tracker)
PASS_ES = {"down": "está fuera de combate", "dying": "está moribundo", "dead": "está muerto"}


def panel_of(dashboard, name):
    return next(p for p in dashboard.panels if p.name == name)


def fight_panel(system_id, fighters):
    system = get_system(system_id)
    if not system.has_transitions or system.status_fn is None:
        pytest.skip("no after-states: nobody is ever taken out")
    p = panel_of(make_dashboard(system_id), "fight")
    for name, side in fighters:
        p.name_box.value = name
        p.side.value = side
        p.add_button.click()
    p.seed_box.text.value = "3"
    p.initiative_button.click()
    return system, p


def status(p, name):
    f = p.fight.state.fighter(name)
    return p.fight.system.status(f.defender, p.fight.options)


def blow_seed(fight, attacker, target):
    """A seed whose blow takes ``target`` out, else the one that harms it most (found by
    the rules on the panel's own fight, which nothing here changes)."""
    best = None
    for seed in range(1, 300):
        r = fight.attack(attacker, target, seed=seed)
        if r.view.fate is not None:
            return seed
        score = (r.view.wound_rank, r.view.damage)
        if best is None or score > best[0]:
            best = (score, seed)
    return best[1]


def take_out(p, attacker, target):
    """The GM picks ``attacker`` (out of turn) and rolls and applies until ``target``
    cannot act."""
    for _ in range(40):
        seed = blow_seed(p.fight, attacker, target)
        p.attacker.value = attacker
        if "attack" not in [aid for _label, aid in p.action.options]:
            # its attack is spent (a movement may be left): on to the next turn
            p.next_button.click()
            p.attacker.value = attacker
        p.action.value = "attack"
        p.target.value = target
        p.seed_box.text.value = str(seed)
        p.roll_button.click()
        if p.pending is None:  # the rules refuse this blow now (a turn already used)
            assert "no puede" in p.message.value or "turno" in p.message.value, p.message.value
            p.next_button.click()
            continue
        p.apply_button.click()
        if status(p, target) is not None:
            return status(p, target)
    raise AssertionError(f"{target} never went down")


def test_the_attacker_is_whose_turn_it_is_and_who_cannot_act_is_passed(system_id):
    system, p = fight_panel(system_id, [("Ana", "grupo"), ("Bea", "grupo"), ("Bruto", "enemigos")])
    assert p.attacker.value == p.fight.state.current
    fate = take_out(p, "Bruto", "Ana")
    assert p.attacker.value == p.fight.state.current, "after aplicar, the turn's owner again"
    seen = []
    for _ in range(5):
        p.next_button.click()
        assert p.message.value == "", p.message.value
        current = p.fight.state.current
        assert p.attacker.value == current and status(p, current) is None
        seen.append(current)
    assert "Ana" not in seen and {"Bea", "Bruto"} <= set(seen)
    passes = [
        s
        for s in p.fight.history[: p.fight.cursor + 1]
        if s.entry is not None and s.entry.kind == "turn" and s.current == "Ana"
    ]
    assert passes, "Ana's turns were played (and passed), not skipped silently"
    for s in passes:  # the state she was in then (a dying combatant may die meanwhile)
        then = system.status(s.fighter("Ana").defender, p.fight.options)
        assert then is not None
        assert f"Ana {PASS_ES[then]}: pasa su turno" in s.entry.text_es
        assert "Ana" in s.entry.text_en and "their turn passes" in s.entry.text_en
    assert fate is not None
    # undo and redo never stop on a pass
    for button in (p.undo_button, p.undo_button, p.redo_button, p.undo_button):
        button.click()
        current = p.fight.state.current
        assert p.attacker.value == current
        assert status(p, current) is None or not p.fight.can_undo


def test_a_refusal_names_the_real_state(system_id, lang="es"):
    system, p = fight_panel(system_id, [("Ana", "grupo"), ("Bea", "grupo"), ("Bruto", "enemigos")])
    take_out(p, "Bruto", "Ana")
    now = status(p, "Ana")
    p.attacker.value, p.target.value = "Ana", "Bruto"  # the GM insists
    assert "Ana no puede actuar" in p.results.headline.value
    p.roll_button.click()
    text = p.message.value
    assert f"Ana no puede actuar: está {STATUS[now][0]}" in text or "Ana no puede actuar" in text
    conditions = getattr(system, "conditions", None)
    if conditions is None:  # the fate itself, never another state's word
        assert STATUS[now][0] in text
    others = {f: w for f, (w, _) in STATUS.items() if f != now}
    assert not any(f"está {w}" in text for w in others.values()), text
    assert "Inconsciente" not in text or now == "down"
    assert p.pending is None and "Traceback" not in text


def test_a_finished_fight_says_who_won_and_offers_a_new_one(system_id):
    system, p = fight_panel(system_id, [("Ana", "grupo"), ("Bruto", "enemigos")])
    first = {f.name: f for f in p.fight.state.fighters}
    take_out(p, "Ana", "Bruto")
    rounds = p.fight.state.round
    word = "1 ronda" if rounds == 1 else f"{rounds} rondas"
    assert f"Combate terminado: gana Grupo en {word}" in p.over.value
    assert p.next_button.disabled and p.roll_button.disabled
    assert p.restart_button.layout.display is None and not p.undo_button.disabled
    p.next_button.click()  # nothing to play: no error, nothing logged
    assert p.message.value == ""
    p.state.lang = "en"
    p.set_language("en")
    assert "Fight over: Grupo (party) wins" in p.over.value
    p.state.lang = "es"
    p.set_language("es")
    p.undo_button.click()
    assert p.over.value == "" and not p.next_button.disabled
    p.redo_button.click()
    assert "Combate terminado" in p.over.value
    p.restart_button.click()
    assert p.over.value == "" and p.fight.log and not p.fight.state.order
    ref = Fight(system)
    for f in first.values():
        ref.add(f.name, f.side, f.attacker, f.weapon)
    assert p.fight.state.fighters == ref.state.fighters, "the same combatants, as they joined"
