"""What a frame sent to the browser must never carry: a traceback, a source path or line.

Checked on the raw JSON bytes of a message's ``content`` (binary buffers such as chart
PNGs are not scanned: they are images, not text). The patterns are the shapes Python and
IPython print: ``Traceback (most recent call last)``, ``File "/...py", line N``, IPython's
coloured ``---------`` rule with ``Traceback``, and interpreter/site-packages paths.
"""

from __future__ import annotations

import re

__all__ = ["LEAK_PATTERN", "leaks", "PLAIN_ERROR"]

LEAK_PATTERN = re.compile(
    rb"Traceback \(most recent call last\)"
    rb"|Traceback&nbsp;\(most"
    rb"|File \\\"[^\"\\]{1,300}\.py\\\", line \d"
    rb"|File \"[^\"]{1,300}\.py\", line \d"
    rb"|\.py:\d+: [A-Z][A-Za-z]*(?:Warning|Error)"
    rb"|site-packages"
    rb"|dist-packages"
    rb"|/lib/python3\.\d+/"
    rb"|\\u001b\[[0-9;]*m-{10,}"
    rb"|Cell In\[\d+\], line \d"
    rb"|ipykernel_\d+/\d+\.py"
)

#: What the browser sees instead of an error's details (es first, English gloss).
PLAIN_ERROR = "Error interno (internal error): los detalles quedan en el registro del servidor."


def leaks(raw: bytes | str) -> bool:
    """True when ``raw`` (JSON text of a message part) looks like a traceback or a path."""
    data = raw.encode("utf-8", "replace") if isinstance(raw, str) else bytes(raw)
    return LEAK_PATTERN.search(data) is not None
