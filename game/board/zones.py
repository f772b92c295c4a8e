"""Deploy zones: the tiles a shape drawn in Tiled covers, found with a bounded amount of work.

The Tiled loader turns each zone object into a plain `ZoneShape`; this module
finds the tiles whose centres lie inside it, looking only inside the shape's
bounding box, and charges every zone to one `ZoneBudget` so a map of a
hundred zones each covering the whole map, or one polygon of 200,000
vertices, is refused before the work is done.  It also makes the default
edge zones of a map that names none, and checks the zones and placements
together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from game.board.battlemap import DeployZone, Placement
from game.board.preflight import MapError
from game.board.terrain import TerrainBoard
from game.core.geometry import Tile

MAX_ZONES = 32  # deploy zone objects on one map
MAX_ZONE_TILES = 1_000_000  # tiles inside the zones' bounding boxes, over every zone
MAX_POLYGON_WORK = 20_000_000  # vertices × bounding-box tiles, over every polygon zone
DEFAULT_SIDES = ("A", "B")
DEFAULT_DEPLOY_DEPTH = 2  # tiles from the edge when the map names no deploy zones
SHAPES = ("rectangle", "ellipse", "polygon", "point")


@dataclass(frozen=True)
class ZoneShape:
    """A zone object's shape in map pixels (polygon points are absolute)."""

    kind: str  # one of SHAPES
    x: float
    y: float
    width: float = 0.0
    height: float = 0.0
    points: tuple[tuple[float, float], ...] = ()


@dataclass
class ZoneBudget:
    """What the zones (or other shapes) of one map may still cost between them."""

    zones: int = MAX_ZONES
    tiles: int = MAX_ZONE_TILES
    polygon_work: int = MAX_POLYGON_WORK
    what: str = "deploy zones"

    def __post_init__(self) -> None:
        self.limits = (self.zones, self.tiles)  # for messages

    def charge(self, tiles: int, vertices: int, where: str) -> None:
        """Spend one shape's share; MapError once the map's shapes cost too much."""
        self.zones -= 1
        self.tiles -= tiles
        self.polygon_work -= tiles * vertices
        if self.zones < 0:
            raise MapError(f"{where}: more than {self.limits[0]} {self.what}")
        if self.tiles < 0:
            raise MapError(f"{where}: the {self.what} cover more than {self.limits[1]:,} tiles between them")
        if self.polygon_work < 0:
            raise MapError(f"{where}: the polygons of the {self.what} are too detailed for their size")


def zone_tiles(
    shape: ZoneShape, board: TerrainBoard, tile_size: tuple[int, int], budget: ZoneBudget, where: str
) -> tuple[frozenset[Tile], list[Tile]]:
    """The tiles whose centres lie inside the shape, and those of them that block movement."""
    full = shape_mask(shape, (board.width, board.height), tile_size, budget, where)
    return frozenset(board.tiles_where(full)), list(board.tiles_where(full & board.move_blocked))


def shape_mask(
    shape: ZoneShape, map_size: tuple[int, int], tile_size: tuple[int, int], budget: ZoneBudget, where: str
) -> np.ndarray:
    """[y, x] bools: the tiles of a map whose centres lie inside the shape (a point: its tile)."""
    tw, th = tile_size
    width, height = map_size
    full = np.zeros((height, width), bool)
    kind = shape.kind
    if kind in ("rectangle", "ellipse") and not (shape.width and shape.height):
        kind = "point"  # as Tiled draws a shape of no size: a point at its corner
    if kind == "point":
        budget.charge(1, 0, where)
        x, y = math.floor(shape.x / tw), math.floor(shape.y / th)
        if 0 <= x < width and 0 <= y < height:
            full[y, x] = True
        return full
    if kind == "polygon":
        if not shape.points:
            # The map's checks refuse a polygon without points; a shape that still has
            # none is refused here rather than measured (min() of no coordinates).
            raise MapError(f"{where}: a polygon with no points")
        xs_px = [x for x, _ in shape.points]
        ys_px = [y for _, y in shape.points]
    else:
        xs_px = [shape.x, shape.x + shape.width]
        ys_px = [shape.y, shape.y + shape.height]
    # Tile columns and rows whose centres may lie inside: one tile of slack on each side.
    i0, i1 = _span(min(xs_px), max(xs_px), tw, width)
    j0, j1 = _span(min(ys_px), max(ys_px), th, height)
    area = max(0, i1 - i0) * max(0, j1 - j0)
    budget.charge(area, len(shape.points), where)
    if not area:
        return full
    px, py = np.meshgrid((np.arange(i0, i1) + 0.5) * tw, (np.arange(j0, j1) + 0.5) * th)  # [y, x]
    if kind == "rectangle":
        inside = (
            (px >= shape.x) & (px <= shape.x + shape.width) & (py >= shape.y) & (py <= shape.y + shape.height)
        )
    elif kind == "ellipse":
        rx, ry = shape.width / 2, shape.height / 2
        inside = ((px - shape.x - rx) / rx) ** 2 + ((py - shape.y - ry) / ry) ** 2 <= 1
    else:
        inside = _in_polygon(px, py, list(shape.points))
    full[j0:j1, i0:i1] = inside
    return full


def _span(low: float, high: float, size: int, count: int) -> tuple[int, int]:
    """[first, last + 1) of the tiles of `size` pixels whose centres may lie in [low, high]."""
    first = max(0, math.floor(low / size - 0.5))
    last = min(count, math.ceil(high / size + 0.5))
    return first, max(first, last)


def _in_polygon(px: np.ndarray, py: np.ndarray, points: list[tuple[float, float]]) -> np.ndarray:
    """Even-odd rule: which points (px, py) lie inside the polygon."""
    inside = np.zeros(px.shape, bool)
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        crosses = (y1 > py) != (y2 > py)
        with np.errstate(divide="ignore", invalid="ignore"):
            at_x = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (px < at_x)
    return inside


def edge_zones(board: TerrainBoard, where: str, sides: tuple[str, str] = DEFAULT_SIDES) -> list[DeployZone]:
    """Two sides (A and B unless named) on opposite edges (west/east, or north/south on a tall map).

    Each band is as deep as it must be to hold an open tile, from two tiles up to
    half the map; found in one pass over the map rather than one per depth."""
    across = board.width >= board.height
    open_tiles = ~board.move_blocked  # [y, x]
    lines = open_tiles.T if across else open_tiles  # lines[i]: the column (or row) i tiles in
    length = len(lines)
    has_open = lines.any(axis=1)
    deepest = max(DEFAULT_DEPLOY_DEPTH, length // 2)
    zones = []
    for side, far in zip(sides, (False, True), strict=True):
        order = has_open[::-1] if far else has_open
        first = int(np.argmax(order)) if order.any() else length
        depth = max(DEFAULT_DEPLOY_DEPTH, first + 1)
        if first >= length or depth > deepest:
            raise MapError(f"{where}: no deploy zones, and no open tiles near the edges to deploy on")
        band = np.zeros(length, bool)
        if far:
            band[max(0, length - depth) :] = True
        else:
            band[: min(length, depth)] = True
        mask = open_tiles & (band[np.newaxis, :] if across else band[:, np.newaxis])
        edge = ("east" if far else "west") if across else ("south" if far else "north")
        zones.append(DeployZone(side, f"{edge} edge", frozenset(board.tiles_where(mask))))
    return zones


def check_zones(
    zones: list[DeployZone], placements: list[Placement], where: str, warnings: list[str]
) -> None:
    """At least two sides; no two combatants on one tile; overlaps are worth a warning."""
    sides = {z.side for z in zones} | {p.side for p in placements}
    if len(sides) < 2:
        named = ", ".join(sorted(sides))
        raise MapError(f"{where}: deploy zones and combatants name only one side ({named})")
    taken: dict[Tile, str] = {}
    for p in placements:
        # Named as the other map errors name them: the Tiled object, its name, what it is.
        label = f"object {p.object_id}" + (f" {p.name!r}" if p.name else f" ({p.character})")
        if p.tile in taken:
            raise MapError(f"{where}: {taken[p.tile]} and {label} both stand on {p.tile}")
        taken[p.tile] = label
    bounds = [z.bounds() for z in zones]
    for i, a in enumerate(zones):
        for j in range(i + 1, len(zones)):
            b = zones[j]
            if a.side == b.side or not _boxes_meet(bounds[i], bounds[j]):
                continue
            if not a.tiles.isdisjoint(b.tiles):
                warnings.append(f"deploy zones {a.name!r} ({a.side}) and {b.name!r} ({b.side}) overlap")


def _boxes_meet(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
