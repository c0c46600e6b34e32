"""P17 and the minor procedures (diving for cover, swimming, exposure, aging, recovery)."""

from __future__ import annotations

from rolkit.systems import gore as g
from rolkit.systems.gore.rules.time import (
    aging_rolls,
    recovery_dice,
)


def test_minor_procedures():
    from rolkit.systems.gore.rules.hazards import dive_for_cover, exposure_limits, swim_check_target

    assert dive_for_cover(7, "exito") == 4 and dive_for_cover(7, "critico") == 0
    assert dive_for_cover(7, "fallo") == 7
    assert [swim_check_target(12, k) for k in (1, 2, 5, 9)] == [60, 48, 12, 12]
    assert exposure_limits(12) == (12, 48) and exposure_limits(12, "extreme") == (12, 24)
    assert aging_rolls(61, 3) == 3 and aging_rolls(61, 5) == 0 and aging_rolls(60, 2) == 0
    assert recovery_dice("medicine") == "3D3"
    acid = g.hazard("acid", strength="fuerte", hard_protection=True)
    assert acid.dice == "1D3-1" and any("1D6 turnos" in e for e in acid.effects)
    assert g.hazard("acid", strength="debil", hard_protection=True).dice == "1"
    assert g.hazard("acid", strength="medio").dice == "1D4"
    assert g.hazard("fire", source="lava").dice == "3D6"
    assert g.hazard("radiation", rems=1500).dice == "6D6"
    assert g.hazard("radiation", rems=150).dice == "1D4-2"
