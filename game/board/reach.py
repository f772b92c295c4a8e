"""Where a combatant can get to: every tile within a budget of metres (RULES.md §1, §6).

Distances are the same floating-point sums the rules make when they walk a
declared path (`game.rules.movement.walk` adds `BoardBase.step_metres` step by
step), so a tile is in the reachable set exactly when the rules would let a
path to it through.  The search is a Bellman-Ford relaxation on numpy arrays
over the window the budget can reach; it settles on the same numbers as
Dijkstra, because float addition of non-negative steps is monotone (the fixed point,
each tile's least float sum over the paths to it, is the same whatever the order of the
relaxations).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from game.board.terrain import TerrainBoard
from game.core.geometry import DIRECTION_VECTORS, Tile
from game.rules.board import SQRT2

EPSILON = 1e-9  # metres of float slack, as game.rules.movement.EPSILON


@dataclass(frozen=True)
class ReachMap:
    """Shortest metres from `start` to each tile of a window of the board.

    `metres[j, i]` is the distance to tile (x0 + i, y0 + j), infinite where the
    tile cannot be reached within `budget`.
    """

    start: Tile
    budget: float
    x0: int
    y0: int
    metres: np.ndarray
    board: TerrainBoard

    def metres_to(self, tile: Tile) -> float:
        """Shortest metres to the tile, or infinity beyond the budget."""
        x, y = tile[0] - self.x0, tile[1] - self.y0
        if 0 <= x < self.metres.shape[1] and 0 <= y < self.metres.shape[0]:
            return float(self.metres[y, x])
        return math.inf

    def can_reach(self, tile: Tile, budget: float | None = None) -> bool:
        """Whether the tile is reachable within `budget` (default: the map's own)."""
        limit = self.budget if budget is None else min(budget, self.budget)
        return self.metres_to(tile) <= limit + EPSILON

    def tiles(self, budget: float | None = None) -> set[Tile]:
        """Every tile reachable within `budget` (default: the map's own), start included."""
        return set(self.iter_tiles(budget))

    def iter_tiles(self, budget: float | None = None) -> Iterator[Tile]:
        """The reachable tiles, row by row."""
        limit = self.budget if budget is None else min(budget, self.budget)
        ys, xs = np.nonzero(self.metres <= limit + EPSILON)
        for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
            yield (x + self.x0, y + self.y0)

    def mask(self, budget: float | None = None) -> np.ndarray:
        """A [y, x] boolean array over the whole board: reachable within `budget`."""
        limit = self.budget if budget is None else min(budget, self.budget)
        full = np.zeros((self.board.height, self.board.width), bool)
        h, w = self.metres.shape
        full[self.y0 : self.y0 + h, self.x0 : self.x0 + w] = self.metres <= limit + EPSILON
        return full

    def path_to(self, tile: Tile) -> list[Tile] | None:
        """A shortest path to the tile as the rules declare it (start excluded), or None.

        Walking it with `game.rules.movement.walk` adds up to exactly `metres_to(tile)`.
        """
        if not self.can_reach(tile):
            return None
        path = [tile]
        here = tile
        while here != self.start:
            here = self._predecessor(here)
            path.append(here)
        path.pop()
        path.reverse()
        return path

    def _predecessor(self, tile: Tile) -> Tile:
        """The neighbour a shortest path comes from: its metres plus the step give ours exactly."""
        target = self.metres_to(tile)
        for dx, dy in DIRECTION_VECTORS:
            prev = (tile[0] - dx, tile[1] - dy)
            before = self.metres_to(prev)
            if math.isfinite(before):
                step = self.board.step_metres(prev, tile)
                if step is not None and before + step == target:
                    return prev
        raise AssertionError(f"no predecessor for {tile}")  # pragma: no cover - the field is consistent


def reachable(board: TerrainBoard, start: Tile, budget: float, occupied: Iterable[Tile] = ()) -> ReachMap:
    """Every tile a combatant at `start` can walk to within `budget` metres.

    Meant for movement budgets (tens of metres); for one far tile use
    `game.board.paths.find_path`.

    `occupied` tiles (other combatants) cannot be entered or passed through, as
    in `walk`; they do not stop a diagonal step past their corner, since only
    terrain that blocks movement does.
    """
    if not board.in_bounds(start):
        raise ValueError(f"start {start} is off the map")
    budget = max(0.0, float(budget))
    mpt = board.metres_per_tile
    cheapest = board.derived("cheapest_step", lambda: float(board.move_costs.min()) * mpt)
    # No path within the budget takes more steps than this, so none leaves the window.
    steps = budget / cheapest
    radius = max(board.width, board.height) if steps >= max(board.width, board.height) else int(steps) + 1
    x0, y0 = max(0, start[0] - radius), max(0, start[1] - radius)
    x1, y1 = min(board.width, start[0] + radius + 1), min(board.height, start[1] + radius + 1)
    window = (slice(y0, y1), slice(x0, x1))

    passable = ~board.move_blocked[window]
    enterable = passable.copy()
    for x, y in occupied:
        if x0 <= x < x1 and y0 <= y < y1 and (x, y) != tuple(start):
            enterable[y - y0, x - x0] = False
    costs = board.move_costs[window]
    # The same float expressions as BoardBase.step_metres, so the sums agree bit for bit.
    orth = np.where(enterable, mpt * costs, np.inf)
    diag = np.where(enterable, SQRT2 * mpt * costs, np.inf)

    # The relaxation runs on the window padded with a border of unreachable tiles, laid flat:
    # a step of (dx, dy) is then a fixed offset, and each of its sweeps one pass over two
    # contiguous runs of the array (a step off the window's edge reads the border).
    h, w = orth.shape
    stride = w + 2
    flat = np.full((h + 2) * stride, np.inf)
    size = flat.size
    # Each step: the destination and source runs of `flat`, the cost of the step into each
    # destination (infinite where it starts off the window), and a buffer for the sums.
    steps = []
    for dx, dy in DIRECTION_VECTORS:
        # Destination and source slices of the window for a step of (dx, dy).
        dst = (slice(max(0, dy), h + min(0, dy)), slice(max(0, dx), w + min(0, dx)))
        src = (slice(max(0, -dy), h + min(0, -dy)), slice(max(0, -dx), w + min(0, -dx)))
        if dx and dy:
            # No corner cutting: both orthogonal neighbours of the step must be passable.
            side_x = (src[0], dst[1])  # tile (x + dx, y): source row, destination column
            side_y = (dst[0], src[1])  # tile (x, y + dy): destination row, source column
            cost = np.where(passable[side_x] & passable[side_y], diag[dst], np.inf)
        else:
            cost = orth[dst]
        padded = np.full((h + 2, stride), np.inf)
        padded[dst[0].start + 1 : dst[0].stop + 1, dst[1].start + 1 : dst[1].stop + 1] = cost
        offset = dy * stride + dx
        a, b = max(0, offset), size + min(0, offset)
        steps.append((flat[a:b], flat[a - offset : b - offset], padded.ravel()[a:b].copy(), np.empty(b - a)))

    flat[(start[1] - y0 + 1) * stride + start[0] - x0 + 1] = 0.0
    before = np.empty_like(flat)
    while True:
        # Two sweeps, then whether the second changed anything (a sweep more is harmless: the
        # fixed point stays where it is).
        for check in (False, True):
            if check:
                np.copyto(before, flat)
            for into, come_from, cost, sums in steps:
                # Reading `flat` (not `before`) lets a sweep build on its own updates.
                np.add(come_from, cost, out=sums)
                np.minimum(into, sums, out=into)
        if (before == flat).all():
            break
    metres = flat.reshape(h + 2, stride)[1:-1, 1:-1].copy()
    metres[metres > budget + EPSILON] = np.inf
    metres.setflags(write=False)
    return ReachMap(tuple(start), budget, x0, y0, metres, board)
