"""The rules' ray (`game.rules.board.ray_cells`) from (0, 0) to every offset at once, as index
tables for whole-map sight (`game.rules.sight`).

The ray is traced for one octant (0 <= dy <= dx) and mirrored into the other seven: it
depends only on |dx|, |dy| and the signs, symmetrically in x and y.  `ray_cells` walks the
ray's crossings of the grid lines in order: the vertical line x = i + 1/2 at (2i + 1) / (2 dx)
of the way, the horizontal line y = j + 1/2 at (2j + 1) / (2 dy).  A step in x enters
(i + 1, the number of horizontal crossings before it), a step in y likewise, and where both
fall together (a corner point) the ray passes the corner pair and enters (i + 1, j + 1).
Counting the crossings before each one in integers gives every tile the walk gives, in the
walk's order, for every target at once.  Tests compare the tables with the ray itself.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

Symmetry = tuple[int, int, bool]
SYMMETRIES: tuple[Symmetry, ...] = tuple(
    (sx, sy, swap) for swap in (False, True) for sx in (1, -1) for sy in (1, -1)
)
"""Mirror x, mirror y, swap x and y: the eight octants from one."""


def mirror(x: np.ndarray, y: np.ndarray, sym: Symmetry) -> tuple[np.ndarray, np.ndarray]:
    """Offsets of the octant (x, y) moved into the octant of `sym`."""
    sx, sy, swap = sym
    if swap:
        x, y = y, x
    return x * sx, y * sy


@dataclass(frozen=True)
class Rays:
    """The rays from (0, 0) to every offset (dx, dy) of one octant, 0 <= dy <= dx, less than
    `radius` + 1 tiles away, nearest first: the targets within a smaller radius are a prefix,
    and so are their entries in every table."""

    radius: int
    dx: np.ndarray  # (n,) offsets of the targets, nearest first
    dy: np.ndarray
    tiles_apart: np.ndarray  # (n,) hypot(dx, dy), as BoardBase.distance computes it
    single_owner: np.ndarray  # (k,) target index of each tile a ray passes, in the ray's order
    single_dx: np.ndarray  # (k,) that tile's offset
    single_dy: np.ndarray
    corner_owner: np.ndarray  # (c,) target index of each corner pair a ray touches
    corner_dx: np.ndarray  # (c, 2) offsets of the two tiles of the pair
    corner_dy: np.ndarray
    cover_dx: np.ndarray  # (n, 2m) pairs whose cover counts: the first m tiles, then their partners
    cover_dy: np.ndarray  # (a tile alone is its own partner; padded with the target itself)
    # Each target's entries lie together, target by target: target i's tiles are
    # single_*[single_start[i]:single_start[i + 1]], its corner pairs likewise.
    single_start: np.ndarray  # (n + 1,)
    corner_start: np.ndarray  # (n + 1,)


_LARGEST: list[Rays] = []
"""The largest table traced so far: every smaller radius is a prefix of it."""


def rays(radius: int) -> Rays:
    """A table reaching at least `radius` tiles (the largest traced so far, or a new one)."""
    if _LARGEST and _LARGEST[0].radius >= radius:
        return _LARGEST[0]
    table = trace(radius)
    _LARGEST[:] = [table]
    return table


def _within(starts: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For runs of `lengths`: each entry's run, and its place in the run."""
    owner = np.repeat(np.arange(len(lengths)), lengths)
    return owner, np.arange(len(owner)) - starts[owner]


@functools.lru_cache(maxsize=2)
def trace(radius: int) -> Rays:
    """Trace the octant's tables for `radius` (see the module's docstring)."""
    ax, ay = np.divmod(np.arange((radius + 1) ** 2, dtype=np.int64), radius + 1)
    d2 = ax * ax + ay * ay
    keep = (ay <= ax) & (d2 < (radius + 1) ** 2)
    order = np.lexsort((ay[keep], ax[keep], d2[keep]))  # nearest first
    nx, ny = ax[keep][order], ay[keep][order]
    n = len(nx)

    # The vertical crossings i of each ray: how many horizontal ones come strictly before
    # ((2j + 1) nx < (2i + 1) ny), and whether one falls with it (a corner).
    x_start = np.cumsum(nx) - nx
    x_owner, i = _within(x_start, nx)
    a, b = nx[x_owner], ny[x_owner]
    num = (2 * i + 1) * b - a  # horizontal crossing j comes first when 2j a < num
    y_before = np.minimum(np.where(num > 0, -(-num // (2 * a)), 0), b)
    corner = (num >= 0) & (num % (2 * a) == 0) & (b > 0)
    corners_upto = np.concatenate([[0], np.cumsum(corner)])  # corners among the crossings before

    def corners_before(owner: np.ndarray, k: np.ndarray) -> np.ndarray:
        """Corners among the first k vertical crossings of each owner's ray."""
        return corners_upto[x_start[owner] + k] - corners_upto[x_start[owner]]

    # The horizontal crossings j: how many vertical ones come strictly before.
    y_start = np.cumsum(ny) - ny
    y_owner, j = _within(y_start, ny)
    a, b = ny[y_owner], nx[y_owner]
    num = (2 * j + 1) * b - a
    x_before = np.minimum(np.where(num > 0, -(-num // np.maximum(2 * a, 1)), 0), b)
    lone = ~((num >= 0) & (num % np.maximum(2 * a, 1) == 0))  # a corner is counted once, as vertical

    # Each crossing enters a tile; the last enters the target, which is no step of the ray.
    # A crossing's place in the walk is the number of crossings before it, a corner once.
    steps = nx + ny - corners_before(np.arange(n), nx)
    s_start = np.concatenate([[0], np.cumsum(steps - (steps > 0))])
    y_owner, j, x_before = y_owner[lone], j[lone], x_before[lone]
    owner = np.concatenate([x_owner, y_owner])
    place = np.concatenate(
        [i + y_before - corners_before(x_owner, i), j + x_before - corners_before(y_owner, x_before)]
    )
    cell_x = np.concatenate([i + 1, x_before])
    cell_y = np.concatenate([np.where(corner, y_before + 1, y_before), j + 1])
    step = place < steps[owner] - 1
    slot = s_start[owner[step]] + place[step]
    single_owner = np.empty(int(s_start[-1]), np.int32)
    single_dx = np.empty(int(s_start[-1]), np.int32)
    single_dy = np.empty(int(s_start[-1]), np.int32)
    single_owner[slot], single_dx[slot], single_dy[slot] = owner[step], cell_x[step], cell_y[step]

    c_owner = x_owner[corner].astype(np.int32)
    ci, cj = i[corner], y_before[corner]
    corner_dx = np.stack([ci + 1, ci], axis=1).astype(np.int32)  # ((x + 1, y), (x, y + 1)) as ray_cells
    corner_dy = np.stack([cj, cj + 1], axis=1).astype(np.int32)
    dx, dy = nx.astype(np.int32), ny.astype(np.int32)
    cover_dx, cover_dy = _nears(dx, dy, single_owner, single_dx, single_dy, c_owner, corner_dx, corner_dy)
    return Rays(
        radius=radius,
        dx=dx,
        dy=dy,
        tiles_apart=np.sqrt((nx * nx + ny * ny).astype(float)),
        single_owner=single_owner,
        single_dx=single_dx,
        single_dy=single_dy,
        corner_owner=c_owner,
        corner_dx=corner_dx,
        corner_dy=corner_dy,
        cover_dx=cover_dx,
        cover_dy=cover_dy,
        single_start=s_start,
        corner_start=np.searchsorted(c_owner, np.arange(n + 1)),
    )


def _nears(
    dx: np.ndarray,
    dy: np.ndarray,
    s_owner: np.ndarray,
    s_dx: np.ndarray,
    s_dy: np.ndarray,
    c_owner: np.ndarray,
    c_dx: np.ndarray,
    c_dy: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """For each target, the pairs of tiles whose cover counts against it (as `cover_between`):
    its own tile, each tile of its ray next to it (each a pair with itself) and each corner
    pair both of whose tiles are next to it; (n, 2m) x and y, the first tiles of the m pairs
    and then their partners, padded with the target's own tile."""
    s_near = np.maximum(abs(s_dx - dx[s_owner]), abs(s_dy - dy[s_owner])) == 1
    c_near = (np.maximum(abs(c_dx - dx[c_owner, None]), abs(c_dy - dy[c_owner, None])) == 1).all(axis=1)
    owner = np.concatenate([s_owner[s_near], c_owner[c_near]])
    first_x = np.concatenate([s_dx[s_near], c_dx[c_near, 0]])
    first_y = np.concatenate([s_dy[s_near], c_dy[c_near, 0]])
    second_x = np.concatenate([s_dx[s_near], c_dx[c_near, 1]])
    second_y = np.concatenate([s_dy[s_near], c_dy[c_near, 1]])
    order = np.argsort(owner, kind="stable")
    owner = owner[order]
    counts = np.bincount(owner, minlength=len(dx))
    slot = np.arange(len(owner)) - (np.cumsum(counts) - counts)[owner] + 1
    m = 1 + int(counts.max(initial=0))
    near_x = np.repeat(dx[:, None], 2 * m, axis=1)
    near_y = np.repeat(dy[:, None], 2 * m, axis=1)
    near_x[owner, slot], near_y[owner, slot] = first_x[order], first_y[order]
    near_x[owner, m + slot], near_y[owner, m + slot] = second_x[order], second_y[order]
    return near_x, near_y
