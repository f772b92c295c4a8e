"""Safety and sanity checks on a .tmx file before pytmx reads it.

pytmx parses XML with the standard library and trusts what it finds, so an
untrusted map could expand entities, point at missing files, declare a
tileset image of a billion tiles, or just be large enough to exhaust memory
or time.  This module reads the map and every tileset pytmx will read (found
wherever pytmx finds them, groups included) with `xmlsafe`, then bounds
everything pytmx or the loader would otherwise spend without limit, and
says what is wrong in one line: `MapError`.  The limits are listed for map
makers in docs/maps.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

from game.board import xmlsafe
from game.board.embed import embed_tilesets
from game.board.errors import MapError, int_attr
from game.board.layerdata import check_layer
from game.board.tilesets import (
    MAX_TILE_PIXELS,
    ImageBudget,
    TileImage,
    Tileset,
    TilesetRange,
    checked_image_size,
    read_tileset,
    require_file,
    transparent,
)
from game.files import is_regular_file, shorten

MAX_TILES_PER_SIDE = 1000  # tiles; a battle needs no more, and it bounds every array
MAX_DECODED_PIXELS = 2**25  # pixels of tileset images one map may have decoded (128 MiB at 32 bits)
MAX_TILESETS = 256
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "class", "enum")
"""The types a Tiled property may have (what pytmx converts)."""
MAX_TOTAL_TILES = 2**18  # tiles over every tileset reference, counted as pytmx walks them
MAX_LAYERS = 256
MAX_LAYER_CELLS = 4_000_000  # tiles over every tile layer: four layers of 1000×1000
MAX_OBJECTS = 10_000
MAX_POINTS = 1000  # vertices of one polygon or polyline
MAX_TOTAL_POINTS = 100_000  # vertices over the whole map
MAX_COORDINATE = 1e7  # pixels; 1000 tiles of 4096 pixels is 4.1e6
MAX_GID = 0x0FFFFFFF  # the largest gid under Tiled's four flag bits
MAX_TILE_RATIO = 16  # a tileset's tiles (or images) at most this many times the map's tiles a side
ORIENTATION = "orthogonal"
OBJECT_NUMBERS = ("x", "y", "width", "height", "rotation")
PYTMX_ELEMENTS = frozenset({"map", "tileset", "layer", "objectgroup", "object", "imagelayer", "group"})
PYTMX_STATE = frozenset(
    {
        "filename",
        "custom_property_filename",
        "image_loader",
        "optional_gids",
        "load_all_tiles",
        "invert_y",
        "layers",
        "tilesets",
        "tile_properties",
        "layernames",
        "objects_by_id",
        "objects_by_name",
        "gidmap",
        "imagemap",
        "tiledgidmap",
        "maxgid",
        "images",
        "custom_types",
        "parent",
        "allow_duplicate_names",
    }
)
"""pytmx copies every XML attribute of these elements onto its own objects: an attribute
with one of these names would overwrite pytmx's state (`filename` would make it read
tilesets from another folder than the one checked here)."""


@dataclass
class Checked:
    """What the checks learnt: the parsed map, its tilesets, warnings and a digest of its files."""

    root: Element
    tilesets: list[TilesetRange] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    digest: str = ""  # SHA-256 of the map file and every tileset file, in the order read
    files: list[Path] = field(default_factory=list)  # the map file and every tileset file read
    layer_images: dict[int, TileImage] = field(default_factory=dict)
    """The image of each image layer we may decode, by id() of its <imagelayer> element."""


def check_file(path: Path) -> Checked:
    """Check a .tmx file and the files it uses; MapError on the first problem."""
    name = path.name
    try:
        present = path.exists()
    except (OSError, ValueError) as err:  # a name too long for the system, say: not a map we can read
        reason = getattr(err, "strerror", None) or str(err)
        raise MapError(f"{shorten(str(path))}: cannot be read ({reason})") from None
    if not present:
        raise MapError(f"{path}: no such map file")
    if path.suffix.lower() in (".tmj", ".json"):
        raise MapError(f"{name}: JSON maps are not supported; save the map as .tmx in Tiled")
    budget = xmlsafe.Budget()
    root = _parse(path, "map", budget)
    _check_attribute_names(root, name)
    _check_map_attributes(root, name)
    _whole_offsets(root, name)
    checked = Checked(root)
    _check_tilesets(root, path, checked, budget)
    _check_properties(root, name)
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    layers = root.findall(".//layer")
    image_layers = root.findall(".//imagelayer")
    if len(layers) + len(image_layers) + len(root.findall(".//objectgroup")) > MAX_LAYERS:
        raise MapError(f"{name}: more than {MAX_LAYERS} layers")
    if not layers and not image_layers:
        raise MapError(f"{name}: the map has no tile layer and no image layer")
    if len(layers) * width * height > MAX_LAYER_CELLS:
        raise MapError(
            f"{name}: {len(layers)} tile layers of {width}×{height} tiles are too many "
            f"(at most {MAX_LAYER_CELLS:,} tiles over all layers)"
        )
    for layer in layers:
        check_layer(layer, width, height, checked.tilesets, name)
    _check_image_layers(image_layers, path, checked)
    _check_objects(root.iter("object"), name)
    objects = root.findall(".//objectgroup/object")
    templated = [o.get("id", "?") for o in objects if o.get("template")]
    if templated:
        checked.warnings.append(
            f"object templates are not read (objects {', '.join(templated[:5])}"
            f"{', …' if len(templated) > 5 else ''}): embed their properties in the map"
        )
    checked.digest = budget.digest.hexdigest()
    checked.files = list(budget.files)
    return checked


def _check_image_layers(nodes: list[Element], path: Path, checked: Checked) -> None:
    """Each image layer's image, sized from its header as a tileset's is; its pixels count
    toward the map's budget of decoded pixels with the tilesets' images."""
    decoded = {p: n for tileset in checked.tilesets for p, n in tileset.pixels.items()}
    for node in nodes:
        image = node.find("image")
        if image is None or not image.get("source"):
            continue  # an image layer not given an image yet: nothing to draw
        where = f"{path.name}: image layer {str(node.get('name') or node.get('id') or '?')[:60]!r}"
        source = require_file(path.parent, image.get("source"), where)
        width, height, readable = checked_image_size(image, source, where, checked.warnings)
        if readable:
            checked.layer_images[id(node)] = TileImage(source, width, height, transparent(image))
            decoded[source] = width * height
    if sum(decoded.values()) > MAX_DECODED_PIXELS:
        raise MapError(
            f"{path.name}: the tileset and layer images hold more than {MAX_DECODED_PIXELS:,} pixels "
            "between them; use fewer or smaller images"
        )


def _parse(path: Path, expected_root: str, budget: xmlsafe.Budget) -> Element:
    try:
        return xmlsafe.parse(path, expected_root, budget)
    except xmlsafe.XmlError as err:
        raise MapError(str(err)) from None


def _check_attribute_names(root: Element, name: str) -> None:
    """No attribute that pytmx would mistake for its own state."""
    for node in root.iter():
        if node.tag in PYTMX_ELEMENTS:
            for attr in node.attrib:
                if attr in PYTMX_STATE or attr.startswith("_"):
                    raise MapError(f"{name}: <{node.tag}> has an attribute {attr!r}, which is not Tiled's")


def _whole_offsets(root: Element, name: str) -> None:
    """Layer offsets in whole pixels, within ±MAX_COORDINATE: Tiled writes fractions ("15.52",
    after a drag), which pytmx cannot read (the game draws tile layers on the grid, image
    layers at their offset)."""
    for node in root.iter():
        for attr in ("offsetx", "offsety"):
            raw = node.get(attr)
            if raw is not None:
                label = f"{name}: <{node.tag}> {(node.get('name') or node.get('id') or '?')[:60]!r} {attr}"
                node.set(attr, str(round(_coordinate(raw, label))))


def _check_map_attributes(root: Element, name: str) -> None:
    """Orientation, finiteness and size."""
    orientation = root.get("orientation", ORIENTATION)
    if orientation != ORIENTATION:
        raise MapError(f"{name}: {orientation[:40]} maps are not supported; only {ORIENTATION} maps are")
    if root.get("infinite", "0") not in ("0", ""):
        raise MapError(
            f"{name}: infinite maps are not supported; in Tiled untick Map ▸ Map Properties ▸ Infinite"
        )
    width = int_attr(root, "width", name, low=1)
    height = int_attr(root, "height", name, low=1)
    if width > MAX_TILES_PER_SIDE or height > MAX_TILES_PER_SIDE:
        raise MapError(
            f"{name}: map of {width}×{height} tiles is too large (at most {MAX_TILES_PER_SIDE} a side)"
        )
    for attr in ("tilewidth", "tileheight"):
        if int_attr(root, attr, name, low=1) > MAX_TILE_PIXELS:
            raise MapError(f"{name}: {attr} above {MAX_TILE_PIXELS} pixels")


# ---------------------------------------------------------------- tilesets
def _check_tilesets(root: Element, map_path: Path, checked: Checked, budget: xmlsafe.Budget) -> None:
    """Every <tileset> pytmx will load (it finds them anywhere, inside groups too), within bounds.

    Each external tileset is then embedded in the map's tree (its checked root, whose
    images have their sizes), so pytmx reads only what was checked, never a file."""
    name = map_path.name
    nodes = list(root.iter("tileset"))
    if len(nodes) > MAX_TILESETS:
        raise MapError(f"{name}: more than {MAX_TILESETS} tilesets")
    files: dict[Path, tuple[Tileset, Element]] = {}  # one parse per .tsx, however often it is referenced
    walked = 0
    decoded: dict[Path, int] = {}
    starts: dict[int, TilesetRange] = {}
    sources: list[tuple[Element, Element | None, Path]] = []
    images = ImageBudget()
    for node in nodes:
        checked_one = _check_tileset(node, map_path, checked, budget, files, images)
        tileset, tiles_walked, (tsx_root, base) = checked_one
        sources.append((node, tsx_root, base))
        clash = starts.get(tileset.firstgid)
        if clash is not None:
            raise MapError(
                f"{name}: tilesets {clash.name!r} and {tileset.name!r} both start at gid {tileset.firstgid} "
                "(firstgid): each tileset needs its own range of gids"
            )
        starts[tileset.firstgid] = tileset
        _check_tile_sizes(tileset, root, name)
        checked.tilesets.append(tileset)
        walked += tiles_walked
        if walked > MAX_TOTAL_TILES:
            raise MapError(f"{name}: the tilesets hold more than {MAX_TOTAL_TILES:,} tiles between them")
        decoded.update(tileset.pixels)
    if sum(decoded.values()) > MAX_DECODED_PIXELS:
        raise MapError(
            f"{name}: the tileset images hold more than {MAX_DECODED_PIXELS:,} pixels between them; "
            "use fewer or smaller images"
        )
    embed_tilesets(root, sources)


def _check_tile_sizes(tileset: TilesetRange, root: Element, name: str) -> None:
    """A tileset's tiles, and a collection's images (or the parts its tiles show), at most
    MAX_TILE_RATIO times the map's tiles a side: a renderer scales them by the map's zoom,
    so a 4096-pixel tile on a map of 1-pixel tiles would become 131,072 pixels wide at 32
    pixels a tile."""
    map_w, map_h = int(root.get("tilewidth", "1")), int(root.get("tileheight", "1"))
    # A tile cut from a larger image (Tiled 1.9's sub-rectangles) is as large as its part.
    sizes = [(tileset.tile_width, tileset.tile_height)] + [
        (i.rect[2], i.rect[3]) if i.rect else (i.width, i.height) for _, i in tileset.images
    ]
    for width, height in sizes:
        if width > MAX_TILE_RATIO * map_w or height > MAX_TILE_RATIO * map_h:
            raise MapError(
                f"{name}: tileset {tileset.name[:60]!r} has tiles of {width}×{height} pixels, more than "
                f"{MAX_TILE_RATIO} times the map's {map_w}×{map_h}; use tiles nearer the map's size"
            )


def _check_tileset(
    node: Element,
    map_path: Path,
    checked: Checked,
    budget: xmlsafe.Budget,
    files: dict[Path, tuple[Tileset, Element]],
    images: ImageBudget,
) -> tuple[TilesetRange, int, tuple[Element | None, Path]]:
    """An embedded or external tileset: files present, sizes sane; its gid range, the tile
    positions pytmx will walk for it, and (its .tsx root or None, the folder its paths start in)."""
    map_name = map_path.name
    firstgid = int_attr(node, "firstgid", f"{map_name}: tileset", low=1)
    source = node.get("source")
    tsx_root: Element | None = None
    base = map_path.parent
    if source:
        if not source.lower().endswith(".tsx"):
            raise MapError(f"{map_name}: tileset {source!r} is not a .tsx file; save it as .tsx in Tiled")
        tsx = map_path.parent / source
        if not is_regular_file(tsx):
            raise MapError(f"{map_name}: missing tileset file {source} (looked for {tsx})")
        key = tsx.resolve()
        if key not in files:
            _warn_outside(key, map_path, source, checked.warnings)
            root = _parse(tsx, "tileset", budget)
            if root.get("source") is not None:  # pytmx would open that file too, unchecked
                raise MapError(f"{tsx.name}: a tileset file cannot refer to another tileset (source=...)")
            _check_attribute_names(root, tsx.name)
            _check_properties(root, tsx.name)
            _check_objects(root.iter("object"), tsx.name)
            files[key] = (read_tileset(root, tsx.parent, source, map_name, checked.warnings, images), root)
        (tileset, tsx_root), origin, base = files[key], source, tsx.parent
    else:
        origin = "embedded"
        tileset = read_tileset(node, map_path.parent, origin, map_name, checked.warnings, images)
    if firstgid + tileset.count - 1 > MAX_GID:
        raise MapError(f"{map_name}: tileset {tileset.name!r} has gids above {MAX_GID}")
    checked_range = TilesetRange(
        tileset.name,
        origin,
        firstgid,
        tileset.count,
        tileset.tile_width,
        tileset.tile_height,
        tileset.sheet,
        tileset.images,
        tileset.alignment,
        tileset.fit,
        tileset.offset,
    )
    return checked_range, tileset.walked, (tsx_root, base)


def _warn_outside(tsx: Path, map_path: Path, source: str, warnings: list[str]) -> None:
    """A tileset outside the map's folder and the bundled tilesets is read, with a warning."""
    from game.paths import MAPS

    for allowed in (map_path.parent.resolve(), (MAPS / "tilesets").resolve()):
        if tsx.is_relative_to(allowed):
            return
    warnings.append(
        f"tileset {source} lies outside the map's folder: keep it beside the map (or in a subfolder) "
        "so the map can be shared"
    )


def _check_properties(root: Element, name: str) -> None:
    """Typed property values that pytmx would fail to convert (members of class
    properties too: `game.board.embed` spells the game's classes out for pytmx)."""
    for prop in root.iter("property"):
        kind, value = prop.get("type", "string"), prop.get("value", "")
        label = f"{name}: property {prop.get('name', '')[:60]!r}"
        if kind not in PROPERTY_TYPES:  # pytmx would fail with a bare KeyError: 'quaternion'
            raise MapError(f"{label} has type {kind[:40]!r}, not one of Tiled's: {', '.join(PROPERTY_TYPES)}")
        try:
            if kind == "int":
                int(value)
            elif kind == "float":
                float(value)
        except ValueError:
            raise MapError(f"{label} has type {kind} but value {value[:40]!r}") from None
        if kind == "bool" and value.strip().lower() not in ("true", "false", "1", "0", ""):
            raise MapError(f"{label} has type bool but value {value[:40]!r}")


# ---------------------------------------------------------------- objects
def _check_objects(objects: Iterable[Element], name: str) -> None:
    """Object positions and shapes are finite, bounded numbers, and their count is bounded."""
    points = 0
    for count, obj in enumerate(objects, 1):
        if count > MAX_OBJECTS:
            raise MapError(f"{name}: more than {MAX_OBJECTS} objects")
        label = f"{name}: object {obj.get('id', '?')[:20]}"
        int_attr(obj, "id", label, default=0)
        gid = int_attr(obj, "gid", label, default=0)
        if gid > 0xFFFFFFFF:
            raise MapError(f"{label}: gid out of range")
        for attr in OBJECT_NUMBERS:
            _coordinate(obj.get(attr), f"{label} {attr}")
        for kind in ("polygon", "polyline"):
            for shape in obj.findall(kind):
                points += _check_points(shape.get("points"), f"{label} {kind}")
                if points > MAX_TOTAL_POINTS:
                    raise MapError(f"{name}: more than {MAX_TOTAL_POINTS:,} polygon points in all")


def _coordinate(raw: str | None, label: str) -> float:
    """A finite number of pixels within ±MAX_COORDINATE (missing means 0)."""
    if raw is None:
        return 0.0
    try:
        value = float(raw)
    except ValueError:
        raise MapError(f"{label} must be a number, not {raw[:40]!r}") from None
    if not -MAX_COORDINATE <= value <= MAX_COORDINATE:  # also refuses nan and inf
        raise MapError(f"{label} must be a number within ±{MAX_COORDINATE:.0e} pixels, not {raw[:40]!r}")
    return value


def _check_points(raw: str | None, label: str) -> int:
    """A polygon's or polyline's "x,y x,y …": 1 to MAX_POINTS pairs of bounded numbers."""
    pairs = (raw or "").split()
    if not pairs:
        raise MapError(f"{label} has no points")
    if len(pairs) > MAX_POINTS:
        raise MapError(f"{label} has more than {MAX_POINTS} points")
    for pair in pairs:
        numbers = pair.split(",")
        if len(numbers) != 2:
            raise MapError(f"{label}: point {pair[:40]!r} is not x,y")
        for number in numbers:
            _coordinate(number, f"{label} point")
    return len(pairs)
