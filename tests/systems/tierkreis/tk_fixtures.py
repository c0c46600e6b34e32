"""Helpers shared by the Tierkreis rule tests: a non-player, a bow, the marginal law of one
field of ``attack_outcomes`` and modifiers carrying options."""

from __future__ import annotations

from rolkit.systems import tierkreis as tk

NPC = dict(is_player=False)
BOW = tk.Weapon(kind="ranged", damage=3)


def law(a, d, w, m=None, field="result"):
    out: dict = {}
    for k, p in tk.attack_outcomes(a, d, w, m or tk.Modifiers()).items():
        v = getattr(k, field)
        out[v] = out.get(v, 0) + p
    return out


def mods(**options) -> tk.Modifiers:
    return tk.Modifiers(options=tk.TierkreisOptions(**options))
