"""The Chequeos chart names every degree readably: no degree's name runs into another's
or off the image, in every system's every check (Core Dread's six degrees overlapped)."""

import itertools

import pytest
from matplotlib.figure import Figure

import rolkit
from widgets import views

CHECKS = [(sid, cid) for sid in rolkit.systems() for cid in rolkit.get_system(sid).checks]


def _name_boxes(figure: Figure, names: list[str]) -> list:
    """Where the degree names are drawn, on whichever axis carries them."""
    (ax,) = figure.axes
    renderer = figure.canvas.get_renderer()
    ticks = [*ax.get_xticklabels(), *ax.get_yticklabels()]
    return [
        t.get_window_extent(renderer) for t in ticks if t.get_text().replace("\n", " ") in names
    ]


@pytest.mark.parametrize(("system_id", "check_id"), CHECKS)
def test_degree_names_neither_overlap_nor_leave_the_chart(system_id, check_id, monkeypatch):
    check = rolkit.get_system(system_id).checks[check_id]
    odds = check.odds(check.defaults())
    drawn: list[Figure] = []
    monkeypatch.setattr(views, "png", lambda fig: drawn.append(fig) or b"png")
    views.check_chart_png(odds, "es")
    (figure,) = drawn
    figure.canvas.draw()
    boxes = _name_boxes(figure, [d.label[0] for d in check.degrees])
    assert len(boxes) == len(check.degrees)
    width, height = figure.canvas.get_width_height()
    for box in boxes:
        assert box.x0 >= 0 and box.x1 <= width and box.y0 >= 0 and box.y1 <= height, box
    for a, b in itertools.combinations(boxes, 2):
        assert not a.overlaps(b), (a, b)
