"""§4.15 Hazards: fire, electricity, explosions, falls and asphyxia (``rules/hazards``)."""

from __future__ import annotations

from rolkit.dice import ScriptedDice
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import (
    Armor,
    Combatant,
)

HIT5 = [1] * 5


def test_hazards_apply_and_asphyxia():
    res = cd.apply_hazard(Combatant(malherido=2), *cd.hazard_wounds("explosion", 2))
    assert res.dead and res.marked == ("malherido",) and res.combatant.dead
    res = cd.apply_hazard(Combatant(), "malherido", 1, ScriptedDice(HIT5))
    assert not res.fell_prone and res.prone_faces == tuple(HIT5)
    assert cd.fall_wound(8, 4) == ("malherido", 4)
    assert cd.asphyxia_turns(5, 0) == 5


def test_fall_event_and_heal():
    armoured = Combatant(armor=Armor(armor_type="comun"))
    res = cd.fall(armoured, 2)  # 6 points, not absorbed by default → Lesionado
    assert res.marked == ("lesionado",) and res.combatant.armor.absorption is None
    opt = cd.CoreDreadOptions(armor_absorbs_falls=True)
    assert cd.fall(armoured, 2, options=opt).marked == ("magullado",)
    res = cd.fall(Combatant(), 8, rng=ScriptedDice(HIT5))  # 24 → Malherido ×4 → dead
    assert res.dead and res.prone_faces == ()
    hurt = Combatant(fortaleza=4, lesionado=2)
    assert cd.derived_fortaleza(hurt) == 4
    assert cd.derived_fortaleza(hurt, cd.CoreDreadOptions(penalties_affect_derived=True)) == 2
    assert cd.heal((3, 2, 1), hours=48, treated=True) == (0, 0, 1)
    assert cd.heal((3, 2, 1), hours=48) == (0, 2, 1)
    assert cd.heal((3, 2, 1), hours=7, treated=True) == (2, 2, 1)
