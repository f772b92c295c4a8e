"""Line of sight and cover from one tile to every tile around it at once (RULES.md §1, §8).

The rules decide sight and cover one pair at a time with `BoardBase.line_of_sight` and
`BoardBase.cover_between`.  An overlay, or a rules module's overlay, needs them for
thousands of tiles at once, so this module asks the very same ray (`ray_cells`, traced for
every offset at once by `game.rules.ray_tables`) and keeps its tiles as index tables (a
ray's tiles depend only on the offset, never on where it starts).  Turned round into the
targets each tile hides (`game.rules.shadow_tables`), they let a sight map look each tile
around the origin up once and OR the shadows of those that block; cover looks up the few
tiles next to each target.  The results equal the rules' answers tile for tile: the tests
compare them on random boards.

Only one octant of the rays is kept (0 <= dy <= dx), nearest target first, and mirrored
into the other seven as flat offsets per board: a smaller radius is a prefix of a larger
table, so one table and one set of offsets serve every radius up to its own.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from game.core.geometry import Tile
from game.rules.board import COVER_LEVELS, BoardBase, GridBoard
from game.rules.ray_tables import SYMMETRIES, Rays, mirror, rays
from game.rules.shadow_tables import Shadows, hidden, shadows

EPSILON = 1e-9  # metres of float slack at the edge of a radius
MAX_RADIUS_TILES = 120  # tiles; the ray tables grow with its cube (about 80 ms and 12 MB at 120)


class Sight(Protocol):
    """Sight and cover from one origin, tile by tile (a `SightMap`, or the pairwise answers)."""

    def sees(self, tile: Tile) -> bool:
        """Line of sight from the origin to the tile (False beyond the radius)."""
        ...

    def cover_of(self, tile: Tile) -> str | None:
        """The cover of a target on the tile against the origin, or None beyond the radius."""
        ...


def warm_rays(radius: int) -> None:
    """Trace the ray tables up to `radius` tiles now (at load), so that every sight map up to
    that radius later only looks them up."""
    rays(min(radius, MAX_RADIUS_TILES))


def _radius_tiles(board: BoardBase, radius_tiles: float) -> int:
    farthest = math.ceil(math.hypot(board.width, board.height))  # no tile is farther than this
    return min(int(radius_tiles + EPSILON), farthest)


def prepare_sight(board: BoardBase, radius_tiles: float) -> None:
    """Make ready what a sight map of that radius on this board needs (its ray table and the
    board's padded arrays), so that the first one costs no more than the next."""
    radius = min(_radius_tiles(board, radius_tiles), MAX_RADIUS_TILES)
    _lookup(board, rays(radius))


@functools.cache
def _one_tile_shuts_a_corner() -> bool:
    """Whether the rules block a ray through a corner point when only one of the
    two tiles beside it blocks sight.

    Asked of the rules' own `line_of_sight` on a 2×2 board rather than assumed,
    so this map follows that function whichever way it decides.
    """
    return not GridBoard(2, 2, sight_blockers=[(1, 0)]).line_of_sight((0, 0), (1, 1))


def board_arrays(board: BoardBase) -> tuple[np.ndarray, np.ndarray]:
    """(sight blocked, cover level index) of every tile, [y, x]: a board's own arrays when it
    has them (a `TerrainBoard`), else asked of its per-tile questions once (kept on the board)."""
    sight = getattr(board, "sight_blocked", None)
    cover = getattr(board, "cover_levels", None)
    if isinstance(sight, np.ndarray) and isinstance(cover, np.ndarray):
        return sight, cover

    def build() -> tuple[np.ndarray, np.ndarray]:
        tiles = [(x, y) for y in range(board.height) for x in range(board.width)]
        shape = (board.height, board.width)
        blocked = np.array([board.blocks_sight(t) for t in tiles], bool).reshape(shape)
        levels = np.array([COVER_LEVELS.index(board.cover_at(t)) for t in tiles], np.int8).reshape(shape)
        return blocked, levels

    return board.derived("sight arrays", build)


@dataclass(frozen=True)
class _Lookup:
    """A board's blocking and cover arrays padded by a table's radius, with the flat offsets
    of the table's rays mirrored into each of the eight octants."""

    sight: np.ndarray  # flat, padded
    cover: np.ndarray  # flat, padded
    stride: int
    pad: int
    target_x: list[np.ndarray]  # per symmetry: (n,) offsets of the targets
    target_y: list[np.ndarray]
    single: list[np.ndarray]  # per symmetry: flat offsets of the rays' single tiles
    corner: list[np.ndarray]  # (c, 2)
    near: list[np.ndarray]  # (n, 2m)


def _lookup(board: BoardBase, table: Rays) -> _Lookup:
    """The padded arrays and flat ray offsets for a board (kept on the board per table)."""

    def build() -> _Lookup:
        blocked, levels = board_arrays(board)
        pad = table.radius
        # Padding by the radius keeps every offset from every tile inside the array;
        # targets off the map are dropped afterwards.
        sight = np.pad(blocked, pad, constant_values=False)
        cover = np.pad(levels, pad, constant_values=0)
        stride = sight.shape[1]
        look = _Lookup(sight.ravel(), cover.ravel(), stride, pad, [], [], [], [], [])
        for sym in SYMMETRIES:
            tx, ty = mirror(table.dx, table.dy, sym)
            look.target_x.append(tx)
            look.target_y.append(ty)
            sx, sy = mirror(table.single_dx, table.single_dy, sym)
            look.single.append(sy * stride + sx)  # a padded board has under 2**31 cells
            cx, cy = mirror(table.corner_dx, table.corner_dy, sym)
            look.corner.append(cy * stride + cx)
            nx, ny = mirror(table.cover_dx, table.cover_dy, sym)
            look.near.append(ny * stride + nx)
        return look

    return board.derived(("sight", table.radius), build)


@dataclass(frozen=True)
class SightMap:
    """Sight and cover from `origin` to every tile within `radius` metres.

    Arrays cover the window of the board around the origin: index [j, i] is
    tile (x0 + i, y0 + j).  `in_range` marks the tiles within the radius;
    elsewhere `visible` is False and `cover` is -1.  `cover` holds indexes of
    `COVER_LEVELS` (0 none, 1 low, 2 high).
    """

    origin: Tile
    radius: float
    x0: int
    y0: int
    in_range: np.ndarray
    visible: np.ndarray
    cover: np.ndarray

    def _index(self, tile: Tile) -> tuple[int, int] | None:
        i, j = tile[0] - self.x0, tile[1] - self.y0
        if 0 <= j < self.visible.shape[0] and 0 <= i < self.visible.shape[1] and self.in_range[j, i]:
            return j, i
        return None

    def sees(self, tile: Tile) -> bool:
        """Line of sight from the origin to the tile (False beyond the radius)."""
        index = self._index(tile)
        return index is not None and bool(self.visible[index])

    def cover_of(self, tile: Tile) -> str | None:
        """The cover of a target on the tile against the origin, or None beyond the radius."""
        index = self._index(tile)
        return None if index is None else COVER_LEVELS[int(self.cover[index])]

    def visible_tiles(self) -> Iterator[Tile]:
        """The tiles the origin sees, row by row."""
        ys, xs = np.nonzero(self.visible)
        for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
            yield (x + self.x0, y + self.y0)


@dataclass(frozen=True)
class _Mirrored:
    """The shadow tables of the first n targets laid on one board, in all eight octants: flat
    offsets from an origin's padded index, and each target's place in a square window of side
    2 * reach + 1 around the origin."""

    shadows: Shadows
    reach: int  # the farthest offset of a target along x or y
    tiles: np.ndarray  # (8, d) flat offsets of the shadow tiles, per octant
    near: np.ndarray  # (8 n, 2m) flat offsets of the pairs whose cover counts
    window: np.ndarray  # (8 n,) each target's flat index in the window
    in_range: np.ndarray  # (side, side) the targets' tiles in the window


def _mirrored(board: BoardBase, table: Rays, n: int) -> _Mirrored:
    """The shadow tables of the first n targets of `table` on this board (kept on the board)."""

    def build() -> _Mirrored:
        look = _lookup(board, table)
        shade = shadows(table, n)
        reach = int(table.dx[:n].max(initial=0))
        side = 2 * reach + 1
        tiles, near, window = [], [], []
        for sym in SYMMETRIES:
            sx, sy = mirror(shade.tile_dx, shade.tile_dy, sym)
            tiles.append(sy.astype(np.int64) * look.stride + sx)
            nx, ny = mirror(table.cover_dx[:n], table.cover_dy[:n], sym)
            near.append(ny.astype(np.int64) * look.stride + nx)
            tx, ty = mirror(table.dx[:n], table.dy[:n], sym)
            window.append((ty.astype(np.int64) + reach) * side + tx + reach)
        flat = np.concatenate(window)
        in_range = np.zeros(side * side, bool)
        in_range[flat] = True
        return _Mirrored(
            shade, reach, np.stack(tiles), np.concatenate(near), flat, in_range.reshape(side, side)
        )

    return board.derived(("shadows", table.radius, n), build)


def sight_from(board: BoardBase, origin: Tile, radius_m: float) -> SightMap:
    """Line of sight and cover from `origin` to every tile within `radius_m` metres.

    Equal to `board.line_of_sight(origin, t)` and `board.cover_between(origin, t)`
    for each such tile t.
    """
    if not board.in_bounds(origin):
        raise ValueError(f"origin {origin} is off the map")
    mpt = board.metres_per_tile
    ox, oy = origin
    # No tile lies farther than the board's farthest corner: a larger radius reaches no more.
    corner = math.hypot(max(ox, board.width - 1 - ox), max(oy, board.height - 1 - oy))
    radius = min(int(radius_m / mpt + EPSILON), math.ceil(corner))
    if radius > MAX_RADIUS_TILES:
        raise ValueError(
            f"sight maps reach at most {MAX_RADIUS_TILES} tiles ({MAX_RADIUS_TILES * mpt:g} m here); "
            "ask board.line_of_sight for farther tiles"
        )
    table = rays(radius)
    look = _lookup(board, table)
    # The targets are nearest first: those within the radius are a prefix of the table.
    n = int(np.searchsorted(table.tiles_apart, radius + 1, side="left"))
    n = int(np.searchsorted(table.tiles_apart[:n] * mpt, radius_m + EPSILON, side="right"))
    lay = _mirrored(board, table, n)
    base = (oy + look.pad) * look.stride + (ox + look.pad)
    # Targets off the board read the padding around it; the window is cut to the board below.
    blocks = look.sight[base + lay.tiles]
    hidden_from = np.concatenate([hidden(lay.shadows, blocks[k]) for k in range(len(SYMMETRIES))])
    levels = look.cover[base + lay.near]
    half = levels.shape[1] // 2
    side = 2 * lay.reach + 1
    seen = np.zeros(side * side, bool)
    seen[lay.window] = ~hidden_from
    covers = np.full(side * side, -1, np.int8)
    covers[lay.window] = np.minimum(levels[:, :half], levels[:, half:]).max(axis=1)
    x0, y0 = max(0, ox - radius), max(0, oy - radius)
    x1, y1 = min(board.width, ox + radius + 1), min(board.height, oy + radius + 1)
    shape = (y1 - y0, x1 - x0)
    in_range = np.zeros(shape, bool)
    visible = np.zeros(shape, bool)
    cover_map = np.full(shape, -1, np.int8)
    # The part of the board the window covers, in board and in window coordinates.
    bx0, by0 = max(x0, ox - lay.reach), max(y0, oy - lay.reach)
    bx1, by1 = min(x1, ox + lay.reach + 1), min(y1, oy + lay.reach + 1)
    out = np.s_[by0 - y0 : by1 - y0, bx0 - x0 : bx1 - x0]
    cut = np.s_[by0 - oy + lay.reach : by1 - oy + lay.reach, bx0 - ox + lay.reach : bx1 - ox + lay.reach]
    in_range[out] = lay.in_range[cut]
    visible[out] = seen.reshape(side, side)[cut] & lay.in_range[cut]
    cover_map[out] = np.where(lay.in_range[cut], covers.reshape(side, side)[cut], -1)
    return SightMap(tuple(origin), float(radius_m), x0, y0, in_range, visible, cover_map)


@dataclass(frozen=True)
class PairSight:
    """The pairwise answers of the rules, for a board without the arrays a `SightMap` needs."""

    board: object
    origin: Tile
    radius: float

    def _within(self, tile: Tile) -> bool:
        board = self.board
        return board.in_bounds(tile) and board.distance(self.origin, tile) <= self.radius + EPSILON  # type: ignore[attr-defined]

    def sees(self, tile: Tile) -> bool:
        """Line of sight from the origin to the tile (False beyond the radius)."""
        return self._within(tile) and self.board.line_of_sight(self.origin, tile)  # type: ignore[attr-defined]

    def cover_of(self, tile: Tile) -> str | None:
        """The cover of a target on the tile against the origin, or None beyond the radius."""
        return self.board.cover_between(self.origin, tile) if self._within(tile) else None  # type: ignore[attr-defined]


def sight_within(board: object, origin: Tile, radius_m: float) -> Sight:
    """Sight and cover from `origin` within `radius_m` metres, as the rules answer them pair by
    pair: a `SightMap` on a `BoardBase` (every answer at once, kept on the board per origin and
    radius), else the board's own pairwise answers."""
    if not isinstance(board, BoardBase) or not board.in_bounds(origin):
        return PairSight(board, tuple(origin), radius_m)
    if radius_m / board.metres_per_tile > MAX_RADIUS_TILES:
        return PairSight(board, tuple(origin), radius_m)
    kept: dict[tuple[Tile, float], SightMap] = board.derived("sight maps", dict)
    key = (tuple(origin), float(radius_m))
    found = kept.get(key)
    if found is None:
        if len(kept) > SIGHT_MAPS_KEPT:  # a board lives as long as its battle: bound what it keeps
            kept.clear()
        found = kept[key] = sight_from(board, origin, radius_m)
    return found


SIGHT_MAPS_KEPT = 64  # sight maps a board keeps for the overlays before it starts again


def _runs(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Every index of the runs [starts[i], ends[i]), in order, as one array."""
    lengths = ends - starts
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, np.int64)
    before = np.cumsum(lengths) - lengths  # where each run begins in the result
    return np.repeat(starts - before, lengths) + np.arange(total)


def candidate_tiles(board: object, here: Tile, radius_m: float, sight: Sight) -> list[Tile]:
    """Row by row, the tiles an overlay about what `here` sees within `radius_m` metres need
    asking: those a `SightMap` sees, or with pairwise answers every tile of the square
    around `here` that holds the radius (sight and range are asked again tile by tile)."""
    if isinstance(sight, SightMap):
        return list(sight.visible_tiles())
    reach = int(radius_m / board.metres_per_tile) + 1  # type: ignore[attr-defined]
    x0, y0 = here
    return [
        (x, y)
        for y in range(max(0, y0 - reach), min(board.height, y0 + reach + 1))  # type: ignore[attr-defined]
        for x in range(max(0, x0 - reach), min(board.width, x0 + reach + 1))  # type: ignore[attr-defined]
    ]


def tiles_near_cover(board: object) -> list[Tile]:
    """The tiles of the board within one king step of a tile that gives cover (low or high),
    in (x, y) order: where a target may stand behind cover (kept on the board)."""

    def build() -> list[Tile]:
        if isinstance(board, BoardBase):
            covers = board_arrays(board)[1] > 0
        else:
            rows = range(board.height)  # type: ignore[attr-defined]
            cols = range(board.width)  # type: ignore[attr-defined]
            covers = np.array([[board.cover_at((x, y)) != "none" for x in cols] for y in rows], bool)  # type: ignore[attr-defined]
        near = np.pad(covers, 1)
        h, w = covers.shape
        grown = np.zeros_like(covers)
        for dy in (0, 1, 2):
            for dx in (0, 1, 2):
                grown |= near[dy : dy + h, dx : dx + w]
        xs, ys = np.nonzero(grown.T)  # transposed: x first, as the tiles sort
        return list(zip(xs.tolist(), ys.tolist(), strict=True))

    if isinstance(board, BoardBase):
        return board.derived("tiles near cover", build)
    return build()
