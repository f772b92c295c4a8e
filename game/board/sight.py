"""Line of sight and cover from one tile to every tile around it (RULES.md §1, §8).

The rules decide sight and cover one pair at a time with
`BoardBase.line_of_sight` and `BoardBase.cover_between`.  An overlay needs
them for thousands of tiles at once, so this module asks the very same ray
(`game.rules.board.ray_cells`) once per offset, keeps the answers as index
tables (a ray's tiles depend only on the offset, never on where it starts),
and looks up the board's blocking and cover arrays for every target in a few
numpy gathers.  The results equal the rules' answers tile for tile: the tests
compare them on random boards.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from game.board.terrain import TerrainBoard
from game.core.geometry import Tile
from game.rules.board import COVER_LEVELS, GridBoard, ray_cells  # the one definition of the ray

EPSILON = 1e-9  # metres of float slack at the edge of a radius
MAX_RADIUS_TILES = 120  # tiles; the ray tables grow with its cube (about 1.4 s and 100 MB at 120)


_SYMMETRIES = [(sx, sy, swap) for swap in (False, True) for sx in (1, -1) for sy in (1, -1)]
"""Mirror x, mirror y, swap x and y: the eight octants from one."""


@dataclass(frozen=True)
class _Rays:
    """The rays from (0, 0) to every offset within reach, as index tables."""

    radius: int
    dx: np.ndarray  # (n,) offsets of the targets
    dy: np.ndarray
    tiles_apart: np.ndarray  # (n,) hypot(dx, dy), as BoardBase.distance computes it
    single_owner: np.ndarray  # (k,) target index of each tile a ray passes
    single_dx: np.ndarray  # (k,) that tile's offset
    single_dy: np.ndarray
    corner_owner: np.ndarray  # (c,) target index of each corner pair a ray touches
    corner_dx: np.ndarray  # (c, 2) offsets of the two tiles of the pair
    corner_dy: np.ndarray
    cover_dx: np.ndarray  # (n, 2m) pairs whose cover counts: the first m tiles, then their partners
    cover_dy: np.ndarray  # (a tile alone is its own partner; padded with the target itself)
    # The tables list each target's tiles and corner pairs together, target by target:
    # target i's tiles are single_*[single_start[i]:single_start[i + 1]], its corner
    # pairs likewise.
    single_start: np.ndarray  # (n + 1,)
    corner_start: np.ndarray  # (n + 1,)


def _starts(owner: np.ndarray, n: int) -> np.ndarray:
    """Where the entries of each of `n` targets start in `owner` (sorted), and where the last end."""
    return np.searchsorted(owner, np.arange(n + 1))


_BUILT: dict[int, _Rays] = {}
"""Ray tables traced so far, by radius: a smaller radius is cut out of a larger one."""


@functools.lru_cache(maxsize=8)
def _rays(radius: int) -> _Rays:
    """Index tables for every offset less than `radius` + 1 tiles away (made once per radius:
    cut out of a larger table when one was traced already, else traced)."""
    larger = [r for r in _BUILT if r >= radius]
    if larger:
        return _subset(_BUILT[min(larger)], radius)
    rays = _trace(radius)
    _BUILT[radius] = rays
    return rays


def warm_rays(radius: int) -> None:
    """Trace the ray tables up to `radius` tiles now (at load), so that every sight map up to
    that radius later only cuts its table out of them."""
    _rays(min(radius, MAX_RADIUS_TILES))


def prepare_sight(board: TerrainBoard, radius_tiles: float) -> None:
    """Make ready what a sight map of that radius on this board needs (its ray table and the
    board's padded arrays), so that the first one costs no more than the next."""
    farthest = math.ceil(math.hypot(board.width, board.height))
    radius = min(int(radius_tiles + EPSILON), farthest, MAX_RADIUS_TILES)
    _rays(radius)
    _lookup(board, radius)


def _subset(rays: _Rays, radius: int) -> _Rays:
    """The tables of a smaller radius, cut out of `rays` (a ray's tiles depend only on its
    offset, so the cut is exactly what tracing that radius gives)."""
    keep = rays.dx * rays.dx + rays.dy * rays.dy < (radius + 1) ** 2
    renumber = np.cumsum(keep) - 1
    singles = keep[rays.single_owner]
    corners = keep[rays.corner_owner]
    return _Rays(
        radius=radius,
        dx=rays.dx[keep],
        dy=rays.dy[keep],
        tiles_apart=rays.tiles_apart[keep],
        single_owner=renumber[rays.single_owner[singles]],
        single_dx=rays.single_dx[singles],
        single_dy=rays.single_dy[singles],
        corner_owner=renumber[rays.corner_owner[corners]],
        corner_dx=rays.corner_dx[corners],
        corner_dy=rays.corner_dy[corners],
        cover_dx=rays.cover_dx[keep],
        cover_dy=rays.cover_dy[keep],
        single_start=_starts(renumber[rays.single_owner[singles]], int(keep.sum())),
        corner_start=_starts(renumber[rays.corner_owner[corners]], int(keep.sum())),
    )


def _trace(radius: int) -> _Rays:
    """Trace the tables for `radius`.

    The ray is traced for one octant (0 <= dy <= dx) and mirrored into the other
    seven with numpy: it depends only on |dx|, |dy| and the signs, symmetrically
    in x and y.  A test checks the tables against the ray itself.
    """
    octant: list[Tile] = []
    singles: list[tuple[int, int, int]] = []
    corners: list[tuple[int, int, int, int, int]] = []
    nears: list[list[Tile]] = []
    for ax in range(radius + 1):
        for ay in range(ax + 1):
            if ax * ax + ay * ay >= (radius + 1) ** 2:
                continue  # beyond any radius under radius + 1 tiles
            index = len(octant)
            octant.append((ax, ay))
            near = [((ax, ay), (ax, ay))]  # the target's own tile counts for cover
            for cells in ray_cells((0, 0), (ax, ay)):
                if len(cells) == 1:
                    singles.append((index, *cells[0]))
                else:
                    corners.append((index, *cells[0], *cells[1]))
                # A corner pair covers only as well as both its tiles (as `cover_between`).
                if all(max(abs(c[0] - ax), abs(c[1] - ay)) == 1 for c in cells):
                    near.append((cells[0], cells[-1]))
            nears.append(near)
    width = max(map(len, nears))
    base_target = np.array(octant, np.int32)
    base_single = np.array(singles, np.int32).reshape(-1, 3)
    base_corner = np.array(corners, np.int32).reshape(-1, 5)
    base_near = np.array([n + [n[0]] * (width - len(n)) for n in nears], np.int32)  # (n, m, 2, 2)

    def mirror(x: np.ndarray, y: np.ndarray, sym: tuple[int, int, bool]) -> tuple[np.ndarray, np.ndarray]:
        sx, sy, swap = sym
        return ((y, x) if swap else (x, y))[0] * sx, ((y, x) if swap else (x, y))[1] * sy

    # Each target once: axes and diagonals map onto themselves under some mirrors.
    moved = [mirror(base_target[:, 0], base_target[:, 1], sym) for sym in _SYMMETRIES]
    all_x = np.concatenate([m[0] for m in moved])
    all_y = np.concatenate([m[1] for m in moved])
    side = 2 * radius + 3
    _, first = np.unique((all_y + radius + 1) * side + (all_x + radius + 1), return_index=True)
    first.sort()
    renumber = np.full(len(all_x), -1, np.int64)
    renumber[first] = np.arange(len(first))

    def gather(owner: np.ndarray, xs: list[np.ndarray], ys: list[np.ndarray]) -> tuple[np.ndarray, ...]:
        """Owners renumbered, and offsets mirrored, for each symmetry; dropped duplicates removed."""
        n = len(octant)
        out_owner, out_x, out_y = [], [], []
        for k, sym in enumerate(_SYMMETRIES):
            new_owner = renumber[k * n + owner]
            keep = new_owner >= 0
            mx, my = zip(*(mirror(x, y, sym) for x, y in zip(xs, ys, strict=True)), strict=True)
            out_owner.append(new_owner[keep])
            out_x.append(np.stack([m[keep] for m in mx], axis=-1))
            out_y.append(np.stack([m[keep] for m in my], axis=-1))
        return np.concatenate(out_owner), np.concatenate(out_x), np.concatenate(out_y)

    s_owner, s_x, s_y = gather(base_single[:, 0], [base_single[:, 1]], [base_single[:, 2]])
    c_owner, c_x, c_y = gather(
        base_corner[:, 0], [base_corner[:, 1], base_corner[:, 3]], [base_corner[:, 2], base_corner[:, 4]]
    )
    near_x = [base_near[:, i, k, 0] for k in (0, 1) for i in range(width)]
    near_y = [base_near[:, i, k, 1] for k in (0, 1) for i in range(width)]
    n_owner, n_x, n_y = gather(np.arange(len(octant)), near_x, near_y)
    order = np.argsort(n_owner)  # one row of cover tiles per target, in target order
    dx, dy = all_x[first], all_y[first]
    return _Rays(
        radius=radius,
        dx=dx,
        dy=dy,
        tiles_apart=np.sqrt((dx * dx + dy * dy).astype(float)),
        single_owner=s_owner,
        single_dx=s_x[:, 0],
        single_dy=s_y[:, 0],
        corner_owner=c_owner,
        corner_dx=c_x,
        corner_dy=c_y,
        cover_dx=n_x[order],
        cover_dy=n_y[order],
        # Owners come in order: each symmetry in turn, its targets in the octant's order.
        single_start=_starts(s_owner, len(dx)),
        corner_start=_starts(c_owner, len(dx)),
    )


@functools.cache
def _one_tile_shuts_a_corner() -> bool:
    """Whether the rules block a ray through a corner point when only one of the
    two tiles beside it blocks sight.

    Asked of the rules' own `line_of_sight` on a 2×2 board rather than assumed,
    so this overlay follows that function whichever way it decides.
    """
    return not GridBoard(2, 2, sight_blockers=[(1, 0)]).line_of_sight((0, 0), (1, 1))


@dataclass(frozen=True)
class _Lookup:
    """A board's blocking and cover arrays padded by `radius`, with flat offsets of the rays."""

    sight: np.ndarray  # flat, padded
    cover: np.ndarray  # flat, padded
    stride: int
    target: np.ndarray  # flat offsets (relative to the origin) of the targets
    single: np.ndarray
    corner: np.ndarray
    near: np.ndarray


def _lookup(board: TerrainBoard, radius: int) -> _Lookup:
    """The padded arrays and flat ray offsets for a board (cached on the board)."""

    def build() -> _Lookup:
        rays = _rays(radius)
        # Padding by the radius keeps every offset from every tile inside the array;
        # targets off the map are dropped afterwards.
        sight = np.pad(board.sight_blocked, radius, constant_values=False)
        cover = np.pad(board.cover_levels, radius, constant_values=0)
        stride = sight.shape[1]

        def flat(dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
            return (dy * stride + dx).astype(np.int32)  # a padded board has under 2**31 cells

        return _Lookup(
            sight=sight.ravel(),
            cover=cover.ravel(),
            stride=stride,
            target=flat(rays.dx, rays.dy),
            single=flat(rays.single_dx, rays.single_dy),
            corner=flat(rays.corner_dx, rays.corner_dy),
            near=flat(rays.cover_dx, rays.cover_dy),
        )

    return board.derived(("sight", radius), build)


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


def sight_from(board: TerrainBoard, origin: Tile, radius_m: float) -> SightMap:
    """Line of sight and cover from `origin` to every tile within `radius_m` metres.

    Equal to `board.line_of_sight(origin, t)` and `board.cover_between(origin, t)`
    for each such tile t.
    """
    if not board.in_bounds(origin):
        raise ValueError(f"origin {origin} is off the map")
    mpt = board.metres_per_tile
    farthest = math.ceil(math.hypot(board.width, board.height))  # no tile is farther than this
    radius = min(int(radius_m / mpt + EPSILON), farthest)
    if radius > MAX_RADIUS_TILES:
        raise ValueError(
            f"sight maps reach at most {MAX_RADIUS_TILES} tiles ({MAX_RADIUS_TILES * mpt:g} m here); "
            "ask board.line_of_sight for farther tiles"
        )
    rays = _rays(radius)
    look = _lookup(board, radius)
    ox, oy = origin
    base = (oy + radius) * look.stride + (ox + radius)

    tx, ty = rays.dx + ox, rays.dy + oy
    keep = (tx >= 0) & (tx < board.width) & (ty >= 0) & (ty < board.height)
    keep &= rays.tiles_apart * mpt <= radius_m + EPSILON

    # Only the rays of the targets kept are looked up: near an edge or a corner of a big
    # map most of the table's disc lies off the board.  Each target's tiles and corner
    # pairs are one run of the tables.
    kept = np.flatnonzero(keep)
    blocked = np.zeros(len(rays.dx), bool)
    singles = _runs(rays.single_start[kept], rays.single_start[kept + 1])
    hits = singles[look.sight[base + look.single[singles]]]
    blocked[rays.single_owner[hits]] = True
    corners = _runs(rays.corner_start[kept], rays.corner_start[kept + 1])
    if len(corners):
        pair = look.sight[base + look.corner[corners]]
        shut = pair.any(axis=1) if _one_tile_shuts_a_corner() else pair.all(axis=1)
        blocked[rays.corner_owner[corners[shut]]] = True
    cover = np.zeros(len(rays.dx), np.int8)
    levels = look.cover[base + look.near[kept]]
    half = levels.shape[1] // 2
    cover[kept] = np.minimum(levels[:, :half], levels[:, half:]).max(axis=1)

    x0, y0 = max(0, ox - radius), max(0, oy - radius)
    x1, y1 = min(board.width, ox + radius + 1), min(board.height, oy + radius + 1)
    shape = (y1 - y0, x1 - x0)
    rows, cols = ty[keep] - y0, tx[keep] - x0
    in_range = np.zeros(shape, bool)
    in_range[rows, cols] = True
    visible = np.zeros(shape, bool)
    visible[rows, cols] = ~blocked[keep]
    cover_map = np.full(shape, -1, np.int8)
    cover_map[rows, cols] = cover[keep]
    return SightMap(tuple(origin), float(radius_m), x0, y0, in_range, visible, cover_map)


def _runs(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Every index of the runs [starts[i], ends[i]), in order, as one array."""
    lengths = ends - starts
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, np.int64)
    before = np.cumsum(lengths) - lengths  # where each run begins in the result
    return np.repeat(starts - before, lengths) + np.arange(total)
