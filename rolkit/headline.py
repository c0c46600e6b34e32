"""A roll's result in one line of words, es/en: what the fight log writes and the display
shows («Impacto: 10 de daño → Malherido ×1 · muere»). Model-level text (it reads a
:class:`~rolkit.model.Resolution` and the i18n catalogue only), so the fight tracker writes
its log without importing :mod:`rolkit.display`, which re-exports these two."""

from __future__ import annotations

from rolkit import i18n
from rolkit.model import Resolution

__all__ = ["fate_label", "resolution_headline"]


def fate_label(fate: str | None, lang: str | None = None) -> str:
    """``"muere"``/``"dies"`` and the other fates, as the headline says them."""
    return i18n.t(f"fate.{fate or 'none'}", lang)


def resolution_headline(r: Resolution, lang: str | None = None) -> str:
    """``Impacto: 10 de daño → Malherido ×1 · muere`` or ``Falla``."""
    v = r.view
    if not v.hit and v.wound is None:
        text = i18n.t("result.miss", lang)
    else:
        wound = i18n.t(v.wound, lang) if v.wound else i18n.t("result.no_wound", lang)
        text = (
            f"{i18n.t('result.hit', lang)}: {i18n.t('result.damage', lang, d=v.damage)} → {wound}"
        )
        if v.location:
            text += f" ({i18n.t(v.location, lang)})"
    if v.fate:
        text += f" · {fate_label(v.fate, lang)}"
    extras = [i18n.term(r.prefix, "flag", f, lang) for f in sorted(v.flags)]
    return text + (f" ({', '.join(extras)})" if extras else "")
