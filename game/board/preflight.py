"""Safety and sanity checks on a .tmx file before pytmx reads it.

pytmx parses XML with the standard library and trusts what it finds, so an
untrusted map could expand entities, point at missing files, or declare a
tileset image of a billion tiles.  This module reads the map and its tilesets
with defusedxml (no DTDs, no entities, no external references), then checks
everything pytmx would otherwise crash or hang on, and says what is wrong in
one line: `MapError`.
"""

from __future__ import annotations

import base64
import binascii
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree as SafeET
import numpy as np

MAX_FILE_BYTES = 32 * 2**20  # bytes; a 1000×1000 map in CSV is about 5 MiB
MAX_TILES_PER_SIDE = 1000  # tiles; a battle needs no more, and it bounds every array
MAX_TILE_PIXELS = 4096  # pixels per tile side
MAX_IMAGE_PIXELS = 32768  # pixels per tileset image side
MAX_TILESET_TILES = 65536  # tiles in one tileset
MAX_LAYERS = 256
MAX_OBJECTS = 10_000
GID_FLAGS = 0xF0000000  # Tiled's flip and rotation bits on a gid
ORIENTATION = "orthogonal"


class MapError(ValueError):
    """A map that cannot be played, with one line that says why."""


@dataclass(frozen=True)
class TilesetRange:
    """The gids one tileset provides, and where it came from (for messages)."""

    name: str
    origin: str  # the .tsx file, or "embedded"
    firstgid: int
    count: int

    def holds(self, gid: int) -> bool:
        """Whether the gid (flags removed) belongs to this tileset."""
        return self.firstgid <= gid < self.firstgid + self.count


@dataclass
class Checked:
    """What the checks learnt: the parsed map, its tilesets and any warnings."""

    root: Element
    tilesets: list[TilesetRange] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def check_file(path: Path) -> Checked:
    """Check a .tmx file and the files it uses; MapError on the first problem."""
    name = path.name
    if not path.is_file():
        raise MapError(f"{path}: no such map file")
    if path.suffix.lower() in (".tmj", ".json"):
        raise MapError(f"{name}: JSON maps are not supported; save the map as .tmx in Tiled")
    root = _parse(path, "map")
    _check_map_attributes(root, name)
    checked = Checked(root)
    for node in root.findall("tileset"):
        checked.tilesets.append(_check_tileset(node, path, checked))
    _check_properties(root, name)
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    layers = root.findall(".//layer")
    if len(layers) + len(root.findall(".//objectgroup")) > MAX_LAYERS:
        raise MapError(f"{name}: more than {MAX_LAYERS} layers")
    if not layers:
        raise MapError(f"{name}: the map has no tile layer")
    for layer in layers:
        _check_layer(layer, width, height, checked.tilesets, name)
    for image in root.findall(".//imagelayer/image"):
        _require_file(path.parent, image.get("source"), f"image layer of {name}")
    objects = root.findall(".//objectgroup/object")
    if len(objects) > MAX_OBJECTS:
        raise MapError(f"{name}: more than {MAX_OBJECTS} objects")
    templated = [o.get("id", "?") for o in objects if o.get("template")]
    if templated:
        checked.warnings.append(
            f"object templates are not read (objects {', '.join(templated[:5])}"
            f"{', …' if len(templated) > 5 else ''}): embed their properties in the map"
        )
    return checked


def _parse(path: Path, expected_root: str) -> Element:
    """Parse XML safely: no DTD, no entities, no external references, bounded size."""
    try:
        size = path.stat().st_size
    except OSError as err:
        raise MapError(f"{path.name}: cannot read: {err.strerror}") from err
    if size > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // 2**20
        raise MapError(f"{path.name}: file too large ({size // 2**20} MiB, at most {limit})")
    try:
        root = SafeET.parse(str(path), forbid_dtd=True).getroot()
    except defusedxml.DTDForbidden as err:
        raise MapError(f"{path.name}: XML DOCTYPE declarations are not allowed") from err
    except defusedxml.EntitiesForbidden as err:
        raise MapError(f"{path.name}: XML entity declarations are not allowed") from err
    except defusedxml.DefusedXmlException as err:
        raise MapError(f"{path.name}: unsafe XML refused ({type(err).__name__})") from err
    except ParseError as err:
        raise MapError(f"{path.name}: malformed XML: {err}") from err
    except OSError as err:
        raise MapError(f"{path.name}: cannot read: {err.strerror or err}") from err
    if root.tag != expected_root:
        raise MapError(f"{path.name}: not a Tiled {expected_root} file (root element <{root.tag}>)")
    return root


def _int_attr(node: Element, attr: str, where: str, default: int | None = None, low: int = 0) -> int:
    """An integer attribute, checked; MapError naming it otherwise."""
    raw = node.get(attr)
    if raw is None:
        if default is None:
            raise MapError(f"{where}: missing {attr}")
        return default
    try:
        value = int(raw)
    except ValueError:
        raise MapError(f"{where}: {attr} must be a whole number, not {raw!r}") from None
    if value < low:
        raise MapError(f"{where}: {attr} must be at least {low}, not {value}")
    return value


def _check_map_attributes(root: Element, name: str) -> None:
    """Orientation, finiteness and size."""
    orientation = root.get("orientation", ORIENTATION)
    if orientation != ORIENTATION:
        raise MapError(f"{name}: {orientation} maps are not supported; only {ORIENTATION} maps are")
    if root.get("infinite", "0") not in ("0", ""):
        raise MapError(
            f"{name}: infinite maps are not supported; in Tiled untick Map ▸ Map Properties ▸ Infinite"
        )
    width = _int_attr(root, "width", name, low=1)
    height = _int_attr(root, "height", name, low=1)
    if width > MAX_TILES_PER_SIDE or height > MAX_TILES_PER_SIDE:
        raise MapError(
            f"{name}: map of {width}×{height} tiles is too large (at most {MAX_TILES_PER_SIDE} a side)"
        )
    for attr in ("tilewidth", "tileheight"):
        if _int_attr(root, attr, name, low=1) > MAX_TILE_PIXELS:
            raise MapError(f"{name}: {attr} above {MAX_TILE_PIXELS} pixels")


def _check_tileset(node: Element, map_path: Path, checked: Checked) -> TilesetRange:
    """An embedded or external tileset: files present, sizes sane; its gid range."""
    map_name = map_path.name
    firstgid = _int_attr(node, "firstgid", f"{map_name}: tileset", low=1)
    source = node.get("source")
    base = map_path.parent
    origin = "embedded"
    if source:
        if not source.lower().endswith(".tsx"):
            raise MapError(f"{map_name}: tileset {source!r} is not a .tsx file; save it as .tsx in Tiled")
        tsx = base / source
        if not tsx.is_file():
            raise MapError(f"{map_name}: missing tileset file {source} (looked for {tsx})")
        node = _parse(tsx, "tileset")
        _check_properties(node, tsx.name)
        base, origin = tsx.parent, source
    name = node.get("name") or origin
    where = f"{map_name}: tileset {name!r} ({origin})"
    tile_w = _int_attr(node, "tilewidth", where, low=1)
    tile_h = _int_attr(node, "tileheight", where, low=1)
    if max(tile_w, tile_h) > MAX_TILE_PIXELS:
        raise MapError(f"{where}: tiles above {MAX_TILE_PIXELS} pixels")
    count = _int_attr(node, "tilecount", where, default=0)
    image = node.find("image")
    if image is not None:
        _require_file(base, image.get("source"), where)
        img_w = _int_attr(image, "width", f"{where} image", low=1)
        img_h = _int_attr(image, "height", f"{where} image", low=1)
        if max(img_w, img_h) > MAX_IMAGE_PIXELS:
            raise MapError(f"{where}: image above {MAX_IMAGE_PIXELS} pixels a side")
        spacing = _int_attr(node, "spacing", where, default=0)
        margin = _int_attr(node, "margin", where, default=0)
        columns = (img_w - 2 * margin + spacing) // (tile_w + spacing)
        rows = (img_h - 2 * margin + spacing) // (tile_h + spacing)
        count = max(count, columns * rows)
    for tile in node.findall("tile"):
        tile_id = _int_attr(tile, "id", f"{where} tile")
        count = max(count, tile_id + 1)
        for tile_image in tile.findall("image"):
            _require_file(base, tile_image.get("source"), f"{where} tile {tile_id}")
    if count > MAX_TILESET_TILES:
        raise MapError(f"{where}: more than {MAX_TILESET_TILES} tiles")
    return TilesetRange(name, origin, firstgid, count)


def _require_file(base: Path, source: str | None, where: str) -> None:
    """An image or other file a map names must exist."""
    if not source:
        raise MapError(f"{where}: an image without a source file")
    if not (base / source).is_file():
        raise MapError(f"{where}: missing image file {source} (looked for {os.path.normpath(base / source)})")


def _check_properties(root: Element, name: str) -> None:
    """Typed property values that pytmx would fail to convert."""
    for prop in root.iter("property"):
        kind, value = prop.get("type", "string"), prop.get("value", "")
        label = f"{name}: property {prop.get('name')!r}"
        if kind == "class":
            raise MapError(f"{label}: custom class properties are not supported")
        try:
            if kind == "int":
                int(value)
            elif kind == "float":
                float(value)
        except ValueError:
            raise MapError(f"{label} has type {kind} but value {value!r}") from None
        if kind == "bool" and value.strip().lower() not in ("true", "false", "1", "0", ""):
            raise MapError(f"{label} has type bool but value {value!r}")


def _check_layer(layer: Element, width: int, height: int, tilesets: list[TilesetRange], name: str) -> None:
    """Layer size, data encoding, and that every gid has a tileset."""
    label = f"{name}: layer {layer.get('name', '?')!r}"
    size = (
        _int_attr(layer, "width", label, default=width),
        _int_attr(layer, "height", label, default=height),
    )
    if size != (width, height):
        raise MapError(f"{label} is not the size of the map")
    data = layer.find("data")
    if data is None:
        raise MapError(f"{label} has no data")
    if data.find("chunk") is not None:
        raise MapError(f"{label} is stored in chunks (an infinite map), which is not supported")
    gids = _decode(data, width * height, label)
    known = {0}
    for gid in set(gids):
        bare = gid & ~GID_FLAGS
        if bare in known:
            continue
        if not any(t.holds(bare) for t in tilesets):
            index = gids.index(gid)
            tile = (index % width, index // width)
            raise MapError(f"{label}: tile {tile} uses gid {bare}, which no tileset provides")
        known.add(bare)


def _decode(data: Element, count: int, label: str) -> list[int]:
    """The layer's gids, decoded with every size bounded (no decompression bombs)."""
    encoding, compression = data.get("encoding"), data.get("compression")
    text = (data.text or "").strip()
    if encoding is None:
        raise MapError(f"{label} uses the XML tile format; save the map with CSV or Base64 layer data")
    if encoding == "csv":
        if compression:
            raise MapError(f"{label}: CSV data cannot be compressed")
        try:
            gids = [int(v) for v in text.replace("\n", "").split(",") if v.strip()]
        except ValueError:
            raise MapError(f"{label}: CSV layer data holds something other than numbers") from None
    elif encoding == "base64":
        try:
            raw = base64.b64decode(text)
        except (binascii.Error, ValueError):
            raise MapError(f"{label}: layer data is not valid Base64") from None
        raw = _decompress(raw, compression, 4 * count, label)
        if len(raw) % 4:
            raise MapError(f"{label}: layer data is not a whole number of tiles")
        gids = np.frombuffer(raw, "<u4").tolist()
    else:
        raise MapError(f"{label}: unknown layer encoding {encoding!r}")
    if len(gids) != count:
        raise MapError(f"{label}: holds {len(gids)} tiles, the map needs {count}")
    if any(g < 0 or g >= 2**32 for g in gids):
        raise MapError(f"{label}: a gid is out of range")
    return gids


def _decompress(raw: bytes, compression: str | None, expected: int, label: str) -> bytes:
    """Inflate layer data, refusing to produce more than the map can hold."""
    if not compression:
        return raw
    if compression not in ("zlib", "gzip"):
        raise MapError(f"{label}: {compression} compression is not supported (use zlib, gzip or none)")
    wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
    inflater = zlib.decompressobj(wbits)
    try:
        out = inflater.decompress(raw, expected + 1)
    except zlib.error:
        raise MapError(f"{label}: {compression} layer data is corrupt") from None
    if len(out) > expected:
        raise MapError(f"{label}: layer data holds more tiles than the map")
    return out
