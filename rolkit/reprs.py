"""The type → renderer registry behind every rich display (``_repr_html_`` and friends).

Model types (:mod:`rolkit.model`, :mod:`rolkit.dice`) inherit :class:`RichRepr`, whose
``_repr_html_`` / ``_repr_markdown_`` look their renderer up here; :mod:`rolkit.display`
(and a system's own ``display`` module) fill the registry. So display code depends on the
model and never the reverse, and a rendering bug cannot break a plain ``repr``: the
structural ``__repr__`` of each type never comes through here.

A leaf module: it imports nothing of rolkit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

__all__ = ["Format", "register", "renderer", "render", "RichRepr", "on_first_use"]

Format = Literal["html", "markdown", "text"]
_RENDERERS: dict[tuple[type, str], Callable[[Any], str]] = {}
#: Called once, on the first look-up, to fill the registry (``rolkit`` adds the import of
#: its display package here, so ``import rolkit`` stays light until something is shown).
_LOADERS: list[Callable[[], object]] = []


def on_first_use(loader: Callable[[], object]) -> None:
    """Run ``loader`` (once) before the first renderer look-up."""
    _LOADERS.append(loader)


def register(cls: type, fmt: Format, fn: Callable[..., str]) -> None:
    """Render instances of ``cls`` (and its subclasses) as ``fmt`` with ``fn(obj)``."""
    if fmt not in ("html", "markdown", "text"):
        raise ValueError(f"format must be html, markdown or text (got {fmt!r})")
    _RENDERERS[(cls, fmt)] = fn


def renderer(obj: Any, fmt: Format) -> Callable[[Any], str] | None:
    """The renderer registered for the nearest class of ``obj`` in its MRO, if any."""
    while _LOADERS:
        _LOADERS.pop(0)()
    for cls in type(obj).__mro__:
        fn = _RENDERERS.get((cls, fmt))
        if fn is not None:
            return fn
    return None


def render(obj: Any, fmt: Format) -> str | None:
    """``obj`` rendered as ``fmt``, or ``None`` when no renderer is registered."""
    fn = renderer(obj, fmt)
    return None if fn is None else fn(obj)


class RichRepr:
    """Mixin: IPython rich display through the registry (``None`` lets IPython fall back)."""

    __slots__ = ()

    def _repr_html_(self) -> str | None:
        return render(self, "html")

    def _repr_markdown_(self) -> str | None:
        return render(self, "markdown")

    def describe(self) -> str:
        """A readable text rendering (the registered ``text`` renderer, else ``repr``)."""
        return render(self, "text") or repr(self)
