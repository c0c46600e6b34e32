"""The Combate tab stays bounded for a visitor (issue 23, 3): «siguiente turno» at turn
1 000 sends a few kilobytes (it resent the whole log and both downloads: 5.6 MB a click),
the number of widgets does not grow, and the fight keeps the last UNDO_MAX changes."""

import pytest
from ipywidgets.widgets import widget as ipw_widget

from rolkit.fight import Fight
from widgets.fight import LOG_SHOWN, UNDO_MAX, decode_link

from .comm_meter import comm_meter
from .widget_helpers import make_dashboard

TURNS = 1000
CLICK_BYTES = 20_000


def fight_panel(system_id="sample"):
    d = make_dashboard(system_id)
    p = next(x for x in d.panels if x.name == "fight")
    p.name_box.value = "Ana"
    p.add_button.click()
    p.name_box.value = "Bruto"
    p.side.value = "enemigos"
    p.add_button.click()
    p.seed_box.text.value = "7"
    p.initiative_button.click()
    return p


@pytest.mark.parametrize("system_id", ["sample", "core_dread"])
def test_next_turn_at_turn_1000_sends_a_bounded_update(monkeypatch, system_id):
    p = fight_panel(system_id)
    for _ in range(TURNS - 1):  # the rules only: the widgets are measured below
        p.fight.next_turn()
    with comm_meter(monkeypatch) as meter:
        p.next_button.click()
        first = meter.total
        models = len(ipw_widget._instances)
        for _ in range(20):
            meter.clear()
            p.next_button.click()
            assert meter.total < CLICK_BYTES, (meter.total, meter.by_widget())
        assert first < CLICK_BYTES, (first, meter.by_widget())
        assert len(ipw_widget._instances) == models  # no widget per turn
    log = p.log.value
    newest = p.fight.log[-1].text("es")
    assert newest in log and log.count("<li") == LOG_SHOWN
    total = len(p.fight.log) + p.fight.log_dropped
    assert f"<li value='{total}'>" in log  # numbered from the fight's start
    assert f"{total - LOG_SHOWN} entradas anteriores" in log


def test_the_undo_depth_is_capped_and_the_log_keeps_every_entry():
    p = fight_panel("core_dread")  # a registered system: its JSON loads back
    for _ in range(TURNS):
        p.fight.next_turn()
    p.next_button.click()
    assert len(p.fight.history) == UNDO_MAX + 1 and p.fight.undo_dropped > 0
    assert f"los últimos {UNDO_MAX} pasos" in p.log.value
    steps = 0
    while not p.undo_button.disabled:
        p.undo_button.click()
        steps += 1
    assert steps == UNDO_MAX
    assert "entra" not in p.log.value or "Ana entra" in p.fight.log[0].text("es")
    # the download still holds every entry, the dropped states' too
    p.prepare_button.click()
    md, js = p.downloads.value.split(" · ")
    text = decode_link(md)
    assert "1. Ana entra" in text and text.count("\n") >= len(p.fight.log)
    again = Fight.from_json(decode_link(js))
    assert [e.text("es") for e in again.log] == [e.text("es") for e in p.fight.log]
    # the cards still compare with the forms each combatant joined with
    assert "Ana" in p.cards_html()


def test_a_fight_without_limits_keeps_everything():
    p = fight_panel()
    f = Fight(p.system)
    f.add("Ana", "grupo", p.system.defaults()["attacker"])
    f.roll_initiative(3)
    for _ in range(TURNS):
        f.next_turn()
    assert len(f.history) == TURNS + 3 and f.undo_dropped == 0 and f.log_dropped == 0
