"""The objects of a Tiled map: deploy zones, placed combatants, and shapes that block movement.

- an object of class/type `deploy` (or `zone`), or any object with a `side`
  and no `character`/`troop`, is a deploy zone: the tiles whose centres lie
  in its shape; tiles in it that block movement are left out (a warning says
  so), and a zone left with no tile is an error;
- an object of class/type `unit`, or any object with a `character` or
  `troop`, is a combatant placed before the battle, named after the object;
- any other object that `game.board.infer` recognises (a `collides`
  property, a layer named "Collision" …) blocks movement on the tiles it
  covers, where nothing on the tile layers said otherwise.

Shapes are measured by `game.board.zones` within bounded budgets.  Which
character or troop a combatant names is checked against the roster by the
content layer (`game.content.mapunits`), not here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.etree.ElementTree import Element

import numpy as np

from game.board.battlemap import DeployZone, Placement
from game.board.embed import lost_classes
from game.board.errors import MapError
from game.board.infer import Guess, Inference, object_guess
from game.board.preflight import MAX_GID, MAX_LAYER_CELLS, MAX_OBJECTS, MAX_TILE_RATIO
from game.board.project import FACE_MIDDLE, PROJECT_FILE
from game.board.terrain import TerrainBoard
from game.board.tilesets import ALIGNMENTS, TilesetRange
from game.board.zones import SHAPES, ZoneBudget, ZoneShape, shape_mask, zone_tiles
from game.core.geometry import bearing_direction, parse_direction

TiledObject = Any  # a pytmx.TiledObject: only game.board.tiled imports pytmx
TiledMap = Any  # a TiledMap

DIGITS = frozenset("01234567")  # a facing given as a number, 0 (north) to 7 (north-west)
MAX_NAME_LENGTH = 40  # characters of the map's name, a side, a character or a unit: one short line
ZONE_KINDS = ("deploy", "deploy_zone", "deployzone", "zone")
UNIT_KINDS = ("unit", "combatant", "character", "troop")
UNIT_KEYS = ("character", "troop")


@dataclass
class Found:
    """What the object layers hold."""

    zones: list[DeployZone] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    ignored: int = 0
    warnings: list[str] = field(default_factory=list)


def object_kind(obj: TiledObject) -> str:
    """ "unit", "zone" or "" (neither), from the object's type (or class) and properties."""
    kind = str(getattr(obj, "type", None) or obj.__dict__.get("class") or "").strip().lower()
    if kind in UNIT_KINDS or (not kind and any(k in obj.properties for k in UNIT_KEYS)):
        return "unit"
    if kind in ZONE_KINDS or (not kind and "side" in obj.properties):
        return "zone"
    return ""


def _objects(
    tmx: TiledMap, root: Element, where: str
) -> list[tuple[Any, TiledObject, Element, bool, Element]]:
    """(group, object, its own <object> element, whether it is the map's, its group's
    <objectgroup> element) for every object pytmx read.

    Objects are matched to their elements by position, never by id: the ids are the
    file's, and a file may give two objects one id (a rectangle's attributes then met
    a polygon's element, and a shape with no points reached the shape code), or give a
    tile's collision shape the id of a map object.  pytmx reads the groups in the
    order `.//objectgroup` finds them, and each group's objects in order; the groups
    inside a tileset hold a tile's collision shapes, not the map's objects."""
    nodes = root.findall(".//objectgroup")
    groups = list(tmx.objectgroups)
    elements = [node.findall("object") for node in nodes]
    if [len(group) for group in groups] != [len(found) for found in elements]:
        # Not seen: pytmx reads every group and object it is given.  Were a version of it
        # to skip one, the rest would no longer line up and the map would be misread.
        raise MapError(f"{where}: the map's objects could not be matched to the file")
    in_tilesets = {group for tileset in root.iter("tileset") for group in tileset.iter("objectgroup")}
    return [
        (group, obj, element, node not in in_tilesets, node)
        for group, node, found in zip(groups, nodes, elements, strict=True)
        for obj, element in zip(group, found, strict=True)
    ]


def shift_by_layer_offsets(tmx: TiledMap, root: Element, where: str) -> None:
    """Move each object by its object layer's offset and those of the groups around it, as
    Tiled draws it (an object layer offset by a tile put its combatants a tile off).  Done
    once, on pytmx's objects, before anything reads where they are."""
    shift: dict[int, tuple[float, float]] = {}  # by id() of the <objectgroup>

    def walk(node: Element, dx: float, dy: float) -> None:
        for child in node:
            if child.tag in ("group", "objectgroup"):
                here = (dx + float(child.get("offsetx", "0")), dy + float(child.get("offsety", "0")))
                if child.tag == "group":
                    walk(child, *here)
                else:
                    shift[id(child)] = here

    walk(root, 0.0, 0.0)  # (the offsets are whole pixels within bounds: the preflight saw to it)
    for _, obj, _, on_map, layer in _objects(tmx, root, where):
        dx, dy = shift.get(id(layer), (0.0, 0.0)) if on_map else (0.0, 0.0)
        if dx or dy:
            obj.x, obj.y = obj.x + dx, obj.y + dy
            if getattr(obj, "points", None):
                obj.points = tuple(type(p)(p.x + dx, p.y + dy) for p in obj.points)


def _label(obj: TiledObject, where: str) -> str:
    return f"{where}: object {obj.id}" + (f" {obj.name!r}" if obj.name else "")


# ---------------------------------------------------------------- tiles placed as objects
@dataclass(frozen=True)
class TileObject:
    """A tile placed as an object (Tiled's *Insert Tile*: a tree, a crate …), neither a
    combatant nor a zone: drawn with the map, and its tile's terrain holds where it stands."""

    gid: int  # pytmx's gid: the key of its tile's properties
    raw_gid: int  # the file's gid, flip bits included: its picture
    box: tuple[float, float, float, float]  # x, y (top left), width, height in map pixels
    mask: np.ndarray  # [y, x]: the tiles whose centres it covers (turned as it is turned)
    layer: int  # id() of its <objectgroup> element
    rotation: float = 0.0  # degrees clockwise, about `pivot` (Tiled's rotation)
    pivot: tuple[float, float] = (0.0, 0.0)  # the point it turns about, in map pixels: its origin


def tile_objects(
    tmx: TiledMap, root: Element, where: str, tilesets: Sequence[TilesetRange]
) -> list[TileObject]:
    """Every tile object of the map's object layers that is neither a combatant nor a zone."""
    budget = ZoneBudget(MAX_OBJECTS, MAX_LAYER_CELLS, what="tile objects")
    size, tile = (tmx.width, tmx.height), (tmx.tilewidth, tmx.tileheight)
    found = []
    for _, obj, node, on_map, layer in _objects(tmx, root, where):
        raw = node.get("gid") or ""
        if not on_map or not obj.gid or object_kind(obj) or not raw.isdigit():
            continue
        x, y, w, h = box(obj, node, tilesets)
        if w > MAX_TILE_RATIO * tile[0] or h > MAX_TILE_RATIO * tile[1]:
            # (drawn scaled to its box: a tile stretched over a map would be a picture of gigabytes)
            raise MapError(
                f"{_label(obj, where)}: a tile placed {w:g}×{h:g} pixels large; "
                f"at most {MAX_TILE_RATIO} tiles of the map a side"
            )
        pivot = tile_pivot(obj, h)
        shape = _rotated(
            ZoneShape("polygon", x, y, points=((x, y), (x + w, y), (x + w, y + h), (x, y + h))),
            pivot,
            obj.rotation,
        )
        mask = shape_mask(shape, size, tile, budget, _label(obj, where))
        rotation = float(obj.rotation or 0.0)
        found.append(TileObject(int(obj.gid), int(raw), (x, y, w, h), mask, id(layer), rotation, pivot))
    return found


# ---------------------------------------------------------------- shapes that block
def blocking_objects(
    tmx: TiledMap, root: Element, inference: Inference, where: str, tilesets: Sequence[TilesetRange] = ()
) -> list[tuple[Guess, np.ndarray]]:
    """(guess, [y, x] mask of the tiles it covers) for every object a convention makes block."""
    budget = ZoneBudget(MAX_OBJECTS, MAX_LAYER_CELLS, what="objects that block movement")
    size, tile = (tmx.width, tmx.height), (tmx.tilewidth, tmx.tileheight)
    found = []
    for group, obj, node, on_map, _ in _objects(tmx, root, where):
        if not on_map or object_kind(obj):
            continue  # a tile's own collision shape, a zone or a combatant
        guess = object_guess(obj.properties, str(group.name or ""))
        shape = _shape(obj, node, tilesets) if guess is not None else None
        if guess is None or shape is None:
            continue
        found.append((guess, shape_mask(shape, size, tile, budget, _label(obj, where))))
        inference.objects[guess.reason] = inference.objects.get(guess.reason, 0) + 1
    return found


def box(
    obj: TiledObject, node: Element, tilesets: Sequence[TilesetRange]
) -> tuple[float, float, float, float]:
    """(x, y, width, height) of an object's box, x and y its top left: a tile object's x and
    y in the file name the point its tileset's `objectalignment` says (pytmx always takes
    them for the bottom left, so a centred token stood a tile off)."""
    x, y = float(obj.x), float(obj.y)
    w, h = float(obj.width or 0), float(obj.height or 0)
    raw = node.get("gid")
    if not raw or not raw.isdigit():
        return x, y, w, h
    gid = int(raw) & MAX_GID  # (the flag bits above it off)
    tileset = next((t for t in tilesets if t.holds(gid)), None)
    ax, ay = ALIGNMENTS[tileset.alignment if tileset is not None else "bottomleft"]
    return x - ax * w, y + (1 - ay) * h, w, h


def _shape(obj: TiledObject, node: Element, tilesets: Sequence[TilesetRange]) -> ZoneShape | None:
    """The area an object covers (rotation applied), or None for a line or a text."""
    x, y, w, h = box(obj, node, tilesets)
    kind = _kind(node)
    if kind in ("polyline", "text"):
        return None
    if kind == "polygon":
        points = [(float(p.x), float(p.y)) for p in getattr(obj, "points", ())]
    elif kind == "point" or not (w and h):
        return ZoneShape("point", x, y)
    else:
        # Tiled turns an object about its origin: the top left, or a tile object's aligned point.
        ox, oy = tile_pivot(obj, h) if obj.gid else (x, y)
        points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        if kind == "ellipse" and not obj.rotation:
            return ZoneShape("ellipse", x, y, w, h)
        return _rotated(ZoneShape("polygon", x, y, points=tuple(points)), (ox, oy), obj.rotation)
    return _rotated(ZoneShape("polygon", x, y, points=tuple(points)), (x, y), obj.rotation)


def tile_pivot(obj: TiledObject, height: float) -> tuple[float, float]:
    """The point a tile object turns about: its origin, the point its x and y name in the file
    (pytmx's x, and its y back as in the file: pytmx moved it up by the height)."""
    return float(obj.x), float(obj.y) + height


def turned(
    points: Sequence[tuple[float, float]], origin: tuple[float, float], degrees: float
) -> tuple[tuple[float, float], ...]:
    """Points turned `degrees` clockwise (Tiled's rotation, y down) about `origin`."""
    if not degrees:
        return tuple(points)
    turn = math.radians(float(degrees))
    cos, sin = math.cos(turn), math.sin(turn)
    ox, oy = origin
    return tuple(
        (ox + (px - ox) * cos - (py - oy) * sin, oy + (px - ox) * sin + (py - oy) * cos) for px, py in points
    )


def _rotated(shape: ZoneShape, origin: tuple[float, float], degrees: float) -> ZoneShape:
    if not degrees:
        return shape
    return ZoneShape("polygon", shape.x, shape.y, points=turned(shape.points, origin, degrees))


def _kind(node: Element) -> str:
    """rectangle, ellipse, point, polygon, polyline or text: the shape Tiled drew."""
    for child in ("ellipse", "point", "polygon", "polyline", "text"):
        if node.find(child) is not None:
            return child
    return "rectangle"


# ---------------------------------------------------------------- zones and combatants
def zones_and_units(
    tmx: TiledMap, root: Element, board: TerrainBoard, where: str, tilesets: Sequence[TilesetRange] = ()
) -> Found:
    """Deploy zones and placed combatants from the object layers; and how many objects were ignored."""
    found = Found()
    objects = [
        (obj, object_kind(obj), group, node, on_map)
        for group, obj, node, on_map, _ in _objects(tmx, root, where)
    ]
    budget = ZoneBudget()
    if sum(1 for _, kind, *_ in objects if kind == "zone") > budget.zones:
        raise MapError(f"{where}: more than {budget.zones} deploy zones")
    for obj, kind, group, node, on_map in objects:
        label = _label(obj, where)
        if kind == "unit":
            found.placements.append(_placement(obj, box(obj, node, tilesets), board, tmx, label))
        elif kind == "zone":
            found.zones.append(
                _zone(obj, node, box(obj, node, tilesets), board, tmx, label, budget, found.warnings)
            )
        elif on_map and not obj.gid and object_guess(obj.properties, str(group.name or "")) is None:
            # (pytmx also lists the collision shapes of tiles: those are not counted; a tile
            # object is drawn, and its tile's terrain holds where it stands: `tile_objects`)
            found.ignored += 1
    return found


def text(props: Mapping[str, object], key: str, label: str) -> str:
    """A required, non-empty text property: one line of printable text, short enough to be a name."""
    value = str(props.get(key) or "").strip()
    if not value:
        lost = lost_classes(props)
        if lost:
            raise MapError(
                f"{label}: needs a {key!r} property; its class property {lost[0]!r} is empty (Tiled saved "
                f"the map without the project open): open {PROJECT_FILE} in Tiled and set it again"
            )
        raise MapError(f"{label}: needs a {key!r} property")
    return short_line(value, key, label)


def short_line(value: str, key: str, label: str) -> str:
    """`value` if it is one line of at most MAX_NAME_LENGTH printable characters."""
    if len(value) > MAX_NAME_LENGTH or not value.isprintable():
        raise MapError(f"{label}: {key!r} must be one line of at most {MAX_NAME_LENGTH} characters")
    return value


def _placement(
    obj: TiledObject, where: tuple[float, float, float, float], board: TerrainBoard, tmx: TiledMap, label: str
) -> Placement:
    """A combatant placed by the map: a roster character or a troop type, named after the object."""
    side = text(obj.properties, "side", label)
    named = [key for key in UNIT_KEYS if str(obj.properties.get(key) or "").strip()]
    if not named:
        raise MapError(f"{label}: needs a 'character' or a 'troop' property")
    if len(named) > 1:
        raise MapError(f"{label}: has both a 'character' and a 'troop' property; keep one")
    character = text(obj.properties, named[0], label)
    name = short_line(str(obj.name or "").strip(), "name", label)
    x, y, w, h = where
    cx, cy = x + w / 2, y + h / 2
    tile = (math.floor(cx / tmx.tilewidth), math.floor(cy / tmx.tileheight))
    if not board.in_bounds(tile):
        raise MapError(f"{label}: stands off the map at {tile}")
    if board.blocks_move(tile):
        raise MapError(f"{label}: stands on a tile that blocks movement {tile}")
    raw = obj.properties.get("facing")
    if raw is None or str(raw).strip().lower() in ("", FACE_MIDDLE):  # the Tiled project's "middle"
        centre = (board.width // 2, board.height // 2)
        facing = 0 if tile == centre else bearing_direction(tile, centre)
    else:
        try:
            # Tiled writes a facing of 0–7 (docs/maps.md, and the project's Facing enum) as a
            # string unless the property is typed int: "3" faces as 3 does.
            number = raw.strip() if isinstance(raw, str) else None
            facing = parse_direction(int(number) if number is not None and number in DIGITS else raw)
        except ValueError as err:
            raise MapError(f"{label}: {err}") from None
    return Placement(side, character, tile, facing, name, named[0], int(obj.id))


def _zone(
    obj: TiledObject,
    node: Element,
    where: tuple[float, float, float, float],
    board: TerrainBoard,
    tmx: TiledMap,
    label: str,
    budget: ZoneBudget,
    warnings: list[str],
) -> DeployZone:
    """A deploy zone: the open tiles whose centres lie inside the object's shape."""
    side = text(obj.properties, "side", label)
    if obj.rotation:
        raise MapError(f"{label}: rotated deploy zones are not supported")
    kind = _kind(node)
    if kind not in SHAPES:
        raise MapError(f"{label}: a deploy zone must be a rectangle, ellipse, polygon or point, not a {kind}")
    points = tuple((float(p.x), float(p.y)) for p in getattr(obj, "points", ())) if kind == "polygon" else ()
    shape = ZoneShape(kind, *where, points)
    tiles, blocked = zone_tiles(shape, board, (tmx.tilewidth, tmx.tileheight), budget, label)
    name = str(obj.name or f"zone {obj.id}")
    if not tiles:
        raise MapError(f"{label}: deploy zone of side {side!r} covers no tile centre of the map")
    if blocked:
        first = min(blocked, key=lambda t: (t[1], t[0]))
        if len(blocked) == len(tiles):
            raise MapError(
                f"{label}: every tile of the deploy zone of side {side!r} blocks movement (first {first})"
            )
        warnings.append(
            f"deploy zone {name!r} of side {side!r} leaves out {len(blocked)} tile(s) that block movement, "
            f"first {first}"
        )
        tiles = tiles - frozenset(blocked)
    return DeployZone(side, name, tiles, _colour(obj.properties, label))


def _colour(props: Mapping[str, object], label: str) -> str | None:
    """A side colour a zone may carry: `colour` (or `color`), "#rrggbb" or Tiled's "#aarrggbb"."""
    raw = props.get("colour", props.get("color"))
    if raw is None or str(raw).strip() == "":
        return None
    text = str(raw).strip().lower()
    digits = text[1:]
    if (
        not text.startswith("#")
        or len(digits) not in (6, 8)
        or any(c not in "0123456789abcdef" for c in digits)
    ):
        raise MapError(f"{label}: colour must look like #3b82f6, not {str(raw)[:20]!r}")
    return "#" + digits[-6:]
