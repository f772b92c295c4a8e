"""A tile layer's data: decoded with every size bounded, and every gid given a tileset.

Layer data may be CSV or Base64 (plain, zlib or gzip); decompression stops as
soon as it would produce more tiles than the map holds, and data pytmx would
inflate further (a second gzip member) is refused.  The gids are checked in
one pass with numpy, however many distinct gids and tilesets there are.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Sequence
from typing import Protocol
from xml.etree.ElementTree import Element

import numpy as np

from game.board.errors import MapError, int_attr

GID_FLAGS = 0xF0000000  # Tiled's flip and rotation bits on a gid


class GidRange(Protocol):
    """What a layer check needs to know of a tileset."""

    firstgid: int
    count: int


def check_layer(layer: Element, width: int, height: int, tilesets: Sequence[GidRange], name: str) -> None:
    """Layer size, data encoding, and that every gid has a tileset."""
    label = f"{name}: layer {layer.get('name', '?')[:60]!r}"
    size = (
        int_attr(layer, "width", label, default=width),
        int_attr(layer, "height", label, default=height),
    )
    if size != (width, height):
        raise MapError(f"{label} is not the size of the map")
    data = layer.find("data")
    if data is None:
        raise MapError(f"{label} has no data")
    if data.find("chunk") is not None:
        raise MapError(f"{label} is stored in chunks (an infinite map), which is not supported")
    gids = _decode(data, width * height, label)
    bare = np.unique(gids & ~GID_FLAGS)
    bare = bare[bare != 0]
    if not bare.size:
        return
    # The tileset of a gid is the one with the largest firstgid at or below it (as pytmx finds it).
    ordered = sorted(tilesets, key=lambda t: t.firstgid)
    firsts = np.array([t.firstgid for t in ordered], np.int64)
    ends = np.array([t.firstgid + t.count for t in ordered], np.int64)
    index = np.searchsorted(firsts, bare, side="right") - 1
    held = (index >= 0) & (bare < ends[np.maximum(index, 0)])
    if not held.all():
        gid = int(bare[np.argmin(held)])
        at = int(np.argmax((gids & ~GID_FLAGS) == gid))
        raise MapError(f"{label}: tile {(at % width, at // width)} uses gid {gid}, which no tileset provides")


def _decode(data: Element, count: int, label: str) -> np.ndarray:
    """The layer's gids (flags included), decoded with every size bounded (no decompression bombs)."""
    encoding, compression = data.get("encoding"), data.get("compression")
    text = (data.text or "").strip()
    if encoding is None:
        raise MapError(f"{label} uses the XML tile format; save the map with CSV or Base64 layer data")
    if encoding == "csv":
        if compression:
            raise MapError(f"{label}: CSV data cannot be compressed")
        values = text.replace("\n", "").split(",")
        if len(values) > count + 1:  # a trailing comma leaves one empty field
            raise MapError(f"{label}: holds more tiles than the map")
        try:
            numbers = [int(v) for v in values if v.strip()]
        except ValueError:
            raise MapError(f"{label}: CSV layer data holds something other than numbers") from None
        if any(g < 0 or g >= 2**32 for g in numbers):
            raise MapError(f"{label}: a gid is out of range")
        gids = np.array(numbers, np.int64)
    elif encoding == "base64":
        try:
            raw = base64.b64decode(text)
        except (binascii.Error, ValueError):
            raise MapError(f"{label}: layer data is not valid Base64") from None
        raw = _decompress(raw, compression, 4 * count, label)
        if len(raw) % 4:
            raise MapError(f"{label}: layer data is not a whole number of tiles")
        gids = np.frombuffer(raw, "<u4").astype(np.int64)
    else:
        raise MapError(f"{label}: unknown layer encoding {encoding[:20]!r}")
    if len(gids) != count:
        raise MapError(f"{label}: holds {len(gids)} tiles, the map needs {count}")
    return gids


def _decompress(raw: bytes, compression: str | None, expected: int, label: str) -> bytes:
    """Inflate layer data, refusing to produce more than the map can hold."""
    if not compression:
        return raw
    if compression not in ("zlib", "gzip"):
        raise MapError(f"{label}: {compression[:20]} compression is not supported (use zlib, gzip or none)")
    wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
    inflater = zlib.decompressobj(wbits)
    try:
        out = inflater.decompress(raw, expected + 1)
    except zlib.error:
        raise MapError(f"{label}: {compression} layer data is corrupt") from None
    if len(out) > expected:
        raise MapError(f"{label}: layer data holds more tiles than the map")
    if not inflater.eof or inflater.unused_data:
        # pytmx inflates the whole of it: a second gzip member could hold a bomb.
        raise MapError(f"{label}: {compression} layer data is cut short or followed by more data")
    return out
