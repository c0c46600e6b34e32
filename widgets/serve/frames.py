"""Validation of kernel websocket frames before any upstream code reads them.

The ``v1.kernel.websocket.jupyter.org`` frame (jupyter_server's
``serialize_msg_to_ws_v1``) is::

    n: uint64 LE | offsets[0..n-1]: uint64 LE | channel | header | parent | metadata |
    content | buffers...

jupyter_server 2.x's ``deserialize_msg_from_ws_v1`` trusts ``n`` and loops ``range(n)``
(``ff ff ff ff ff ff ff 7f`` never ends), and Voilà 0.5's ``read_header_from_binary_message``
does the same on every *outgoing* frame, so a legacy-framed socket (whose binary frames start
with a big-endian uint32 count) makes it loop on a chart buffer. Here every count and offset
is checked against the frame's own length before anything is sliced, so the work is
O(len(frame)) and bounded by :data:`MAX_PARTS`.
"""

from __future__ import annotations

__all__ = [
    "CHANNELS",
    "MAX_FRAME_BYTES",
    "MAX_PARTS",
    "FrameError",
    "split_v1_frame",
]

#: Channels a browser may send on (jupyter_server creates exactly these streams).
CHANNELS = frozenset({"shell", "control", "stdin", "iopub"})
#: channel + header + parent + metadata + content + buffers: a widget update carries few.
MAX_PARTS = 64
#: Larger frames are refused by tornado itself (``websocket_max_message_size``).
MAX_FRAME_BYTES = 4 * 1024 * 1024
_MIN_PARTS = 4  # header, parent_header, metadata, content


class FrameError(ValueError):
    """A frame that is not a well-formed v1 kernel message (the socket is closed)."""


def split_v1_frame(frame: bytes | str) -> tuple[str, list[bytes]]:
    """``(channel, [header, parent, metadata, content, *buffers])`` of a v1 frame.

    Raises :class:`FrameError` for a text frame, a count or offset that does not fit the
    frame, offsets out of order, an unknown channel or fewer than four message parts.
    """
    if not isinstance(frame, bytes | bytearray | memoryview):
        raise FrameError("a v1 kernel frame is binary")
    data = bytes(frame)
    size = len(data)
    if size > MAX_FRAME_BYTES:
        raise FrameError("frame too large")
    if size < 8:
        raise FrameError("frame shorter than its count")
    count = int.from_bytes(data[:8], "little")
    # count offsets follow: the first points right after them, i.e. at 8 * (count + 1).
    if not 2 + _MIN_PARTS <= count <= MAX_PARTS + 2 or 8 * (count + 1) > size:
        raise FrameError("offset count does not fit the frame")
    offsets = [int.from_bytes(data[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] != 8 * (count + 1):
        raise FrameError("first offset does not follow the offset table")
    if any(b < a for a, b in zip(offsets, offsets[1:], strict=False)) or offsets[-1] != size:
        raise FrameError("offsets out of order or not ending at the frame's end")
    try:
        channel = data[offsets[0] : offsets[1]].decode("ascii")
    except UnicodeDecodeError as err:
        raise FrameError("channel is not ascii") from err
    if channel not in CHANNELS:
        raise FrameError("unknown channel")
    # As upstream: part i spans offsets[i]..offsets[i + 1]; the last offset ends the frame.
    parts = [data[offsets[i] : offsets[i + 1]] for i in range(1, count - 1)]
    if len(parts) < _MIN_PARTS:
        raise FrameError("fewer than four message parts")
    return channel, parts
