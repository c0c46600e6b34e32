"""Why, in one line (issue 26, item 3): when a combatant cannot hurt a foe, or the odds are
lopsided, the victory block says the deciding fact, built from single blows' exact odds
(checked here against ``Fight.odds`` of the same blow, computed apart) and naming the
weapon as the GM chose it."""

import html
import re

from rolkit import i18n
from rolkit.fight import Fight

from .widget_helpers import make_dashboard


def panel_of(dashboard, name):
    return next(p for p in dashboard.panels if p.name == name)


def add(p, name, side, character=None, weapon=None):
    p.name_box.value, p.side.value = name, side
    p.character.value = character or p.character.options[0][1]
    p.weapon.value = weapon or p.weapon.options[0][1]
    p.add_button.click()


def why_of(p):
    p.wait_victory()
    found = re.findall(r"rolkit-fight-why'>([^<]*)<", p.victory.value)
    return html.unescape(found[0]) if found else ""


def ref_fight(p):
    """The same fight, built apart from the panel's forms."""
    ref = Fight(p.fight.system, p.fight.options)
    for f in p.fight.state.fighters:
        ref.add(f.name, f.side, f.attacker, f.weapon)
    return ref


def test_a_blow_that_hits_but_never_hurts_is_named_with_its_weapon():
    p = panel_of(make_dashboard("core_dread"), "fight")
    add(p, "Ana", "grupo", weapon="Puño (sin armas ×1)")
    add(p, "Bruto", "enemigos", character="Elena, artificiera (armadura mayor)")
    odds = ref_fight(p).odds("Ana", "Bruto")
    assert odds.damage() == {0: 1} and set(odds.fate()) == {None}, "never hurts, by the rules"
    hit = i18n.percent(odds.p_hit, "es", 1)
    assert odds.p_hit > 0
    assert why_of(p) == (
        f"Ana no puede dañar a Bruto: impacta el {hit} con Puño (sin armas ×1), pero nunca daña."
    )
    p.state.lang = "en"
    p.set_language("en")
    assert why_of(p).startswith("Ana cannot hurt Bruto: hits")


def test_a_blow_that_never_hits_says_zero_chance():
    p = panel_of(make_dashboard("ashes_of_war"), "fight")
    add(p, "Ana", "grupo", weapon="Arco largo reforzado")
    add(p, "Bruto", "enemigos", character="Kira")
    assert ref_fight(p).odds("Ana", "Bruto").p_hit == 0
    assert why_of(p) == "Ana no puede alcanzar a Bruto: 0 % de impactar con Arco largo reforzado."


def test_lopsided_odds_show_both_sides_best_blow():
    p = panel_of(make_dashboard("gore"), "fight")
    add(p, "Ana", "grupo", "Veterano (Hab. 100: dos ataques)", "Hacha de batalla")
    add(p, "Bruto", "enemigos", "Novato (Hab. 25)", "Daga")
    odds = p.wait_victory()
    assert odds.p_win["grupo"] >= 0.9
    ref = ref_fight(p)

    def hurts(a, t):
        o = ref.odds(a, t)
        harmless = o.probability(lambda v: v.damage == 0 and v.wound_rank == 0 and v.fate is None)
        return i18n.percent(1 - harmless, "es", 1)

    assert why_of(p) == (
        f"Por golpe: Ana daña a Bruto el {hurts('Ana', 'Bruto')} con Hacha de batalla; "
        f"Bruto a Ana, el {hurts('Bruto', 'Ana')} con Daga."
    )


def test_even_odds_need_no_line():
    p = panel_of(make_dashboard("gore"), "fight")
    add(p, "Ana", "grupo")
    add(p, "Bruto", "enemigos")
    odds = p.wait_victory()
    assert max(odds.p_win.values()) < 0.9
    assert why_of(p) == ""
