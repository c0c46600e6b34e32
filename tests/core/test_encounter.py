"""A fair fight (#27 item 5): ``rolkit.balance_encounter`` picks the number of foes (or a
foe's field value) whose exact win probability for the party is nearest the target —
checked against direct ``fight_odds`` calls on the toy system — with the curve as a
DataFrame and a plot, a small sweep run serially (no cluster started for it), and plain
errors for bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest

import rolkit
from rolkit import RulesError, balance
from rolkit.encounter import ENCOUNTER_COLUMNS
from rolkit.fight import odds_of_fighters
from tests.contract.toy_fight import SYSTEM as TOY
from tests.contract.toy_fight import Combatant, Weapon

D4 = Weapon("1D4")
PARTY = [("Ana", Combatant(pv=5, pericia=2), D4)]
FOE = Combatant(pv=2, pericia=1)


def _direct(foes: list[Combatant]) -> Fraction:
    """The party's exact win probability, asked of ``fight_odds`` directly."""
    fighters = [(f"grupo: {n}", "left", c, w) for n, c, w in PARTY] + [
        (f"enemigo {i + 1}", "right", f, D4) for i, f in enumerate(foes)
    ]
    r = odds_of_fighters(TOY, fighters, rounds_shown=0)
    assert r.exact
    return r.p_win["left"]


@pytest.fixture(scope="module")
def by_count():
    return rolkit.balance_encounter(
        PARTY, (FOE, D4), target=0.6, counts=[1, 2, 3], system=TOY, scheduler=None
    )


def test_the_chosen_count_is_the_one_nearest_the_target(by_count):
    direct = {n: _direct([FOE] * n) for n in (1, 2, 3)}
    assert direct[1] > direct[2] > direct[3]  # more foes, fewer wins
    nearest = min(direct, key=lambda n: (abs(direct[n] - Fraction(0.6)), n))
    assert by_count.foes == nearest
    assert by_count.p_win == float(direct[nearest]) == by_count.p_low == by_count.p_high
    f = by_count.frame
    assert list(f.columns) == [*ENCOUNTER_COLUMNS, "chosen"]
    assert list(f["foes"]) == [1, 2, 3] and list(f["p_win_exact"]) == [direct[n] for n in (1, 2, 3)]
    assert f["chosen"].tolist() == [n == nearest for n in (1, 2, 3)]
    assert all(m.startswith("exacto") for m in f["method"])


def test_the_plot_is_a_figure(by_count):
    from matplotlib.figure import Figure

    fig = by_count.plot("en")
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    assert ax.get_xlabel() == "number of foes" and ax.get_ylabel() == "P(party wins)"


def test_a_foe_field_range_and_a_small_local_sweep_without_a_cluster(monkeypatch):
    monkeypatch.setattr(balance, "CLUSTER_START_S", 1e9)  # below the crossover, whatever the load
    found = rolkit.balance_encounter(
        PARTY, FOE, target=0.5, vary=("pv", [1, 3, 6]), system=TOY, scheduler="local"
    )
    assert not balance._LOCAL  # run serially, no cluster started
    direct = {v: _direct([Combatant(pv=v, pericia=1)]) for v in (1, 3, 6)}
    nearest = min(direct, key=lambda v: (abs(direct[v] - Fraction(0.5)), v))
    assert found.value == nearest and list(found.frame["value"]) == [1, 3, 6]
    assert found.plot().axes[0].get_xlabel() == "valor"


@pytest.mark.parametrize(
    "kw",
    [
        {"target": 0},
        {"target": 1},
        {"target": 1.5},
        {"target": "0.8"},
        {"counts": []},
        {"counts": [0, 1]},
        {"vary": ("pv", [])},
    ],
)
def test_bad_input_gets_a_plain_error(kw):
    args = {"target": 0.8, "system": TOY, "scheduler": None, **kw}
    with pytest.raises(RulesError) as err:
        rolkit.balance_encounter(PARTY, FOE, **args)
    assert "Traceback" not in err.value.message("es")


def test_no_party_or_no_foe_is_a_plain_error():
    with pytest.raises(RulesError) as err:
        rolkit.balance_encounter([], FOE, system=TOY, scheduler=None)
    assert "grupo" in err.value.message("es")
    with pytest.raises(RulesError) as err:
        rolkit.balance_encounter(PARTY, None, system=TOY, scheduler=None)
    assert "enemigo" in err.value.message("es")
