"""Shortest paths across the whole board (RULES.md §1), with python-tcod behind them.

This is the only module that imports tcod.  tcod's A* works in integers, so
step costs are rounded to a fine unit (a millimetre, coarser only on huge
maps); the path it finds is then measured the rules' way, in floats, with
`BoardBase.step_metres`.  Its length is within a millimetre a step of the
true shortest path; ties may be broken differently.  Reachable sets use
`game.board.reach`, whose float sums match the rules exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import tcod.path

from game.board.terrain import TerrainBoard
from game.core.geometry import DIRECTION_VECTORS, Tile
from game.rules.board import SQRT2
from game.rules.flight import exit_tiles

UNITS_PER_METRE = 1000  # tcod costs are integers: millimetres unless the map is huge
INT32_MAX = 2**31 - 1  # tcod's distance array is int32


@dataclass(frozen=True)
class Path:
    """A path as the rules declare it: the tiles after `start`, and its length in metres."""

    start: Tile
    tiles: tuple[Tile, ...]
    metres: float


@dataclass(frozen=True)
class _Costs:
    """Integer step costs and corner rules for tcod, derived once per board."""

    units_per_metre: float
    # Arrays have a blocked border of one tile (index [y + 1, x + 1] is tile (x, y)):
    # tcod's pathfinder fails on a graph one tile wide.
    orth: np.ndarray  # cost of an orthogonal step into the tile; 0 = cannot enter
    diag: np.ndarray  # cost of a diagonal step into the tile; 0 = cannot enter
    corners: dict[Tile, np.ndarray]  # (dx, dy) -> whether that diagonal step may leave the tile
    cheapest_orth: int
    cheapest_diag: int


def _costs(board: TerrainBoard) -> _Costs:
    """The board's step costs in tcod's integer units (cached on the board)."""

    def build() -> _Costs:
        mpt = board.metres_per_tile
        passable = np.pad(~board.move_blocked, 1, constant_values=False)
        move_costs = np.pad(board.move_costs, 1, constant_values=1.0)
        biggest_step = SQRT2 * mpt * float(board.move_costs.max())
        # The longest conceivable path visits every tile once; keep its cost inside int32.
        units = min(float(UNITS_PER_METRE), (INT32_MAX // 2) / (biggest_step * board.width * board.height))
        orth = np.where(passable, np.maximum(1, np.rint(mpt * move_costs * units)), 0)
        diag = np.where(passable, np.maximum(1, np.rint(SQRT2 * mpt * move_costs * units)), 0)
        corners = {
            (dx, dy): _shifted(passable, dx, 0) & _shifted(passable, 0, dy)
            for dx, dy in DIRECTION_VECTORS
            if dx and dy
        }
        open_orth, open_diag = orth[passable], diag[passable]
        return _Costs(
            units_per_metre=units,
            orth=orth.astype(np.int32),
            diag=diag.astype(np.int32),
            corners=corners,
            cheapest_orth=int(open_orth.min()) if open_orth.size else 1,
            cheapest_diag=int(open_diag.min()) if open_diag.size else 1,
        )

    return board.derived("tcod_costs", build)


def _shifted(mask: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """out[y, x] = mask[y + dy, x + dx], False beyond the edge."""
    out = np.zeros_like(mask)
    h, w = mask.shape
    out[max(0, -dy) : h - max(0, dy), max(0, -dx) : w - max(0, dx)] = mask[
        max(0, dy) : h + min(0, dy), max(0, dx) : w + min(0, dx)
    ]
    return out


def find_path(board: TerrainBoard, start: Tile, goal: Tile, occupied: Iterable[Tile] = ()) -> Path | None:
    """The shortest path from `start` to `goal`, or None if there is none.

    Steps follow `BoardBase.step_metres`: no entering blocked tiles, no cutting
    a blocked corner.  `occupied` tiles (other combatants) cannot be entered.
    """
    for tile in (start, goal):
        if not board.in_bounds(tile):
            raise ValueError(f"{tile} is off the map")
    if start == goal:
        return Path(tuple(start), (), 0.0)
    costs = _costs(board)
    orth, diag = costs.orth, costs.diag
    blocked = [(x, y) for x, y in occupied if board.in_bounds((x, y)) and (x, y) != tuple(start)]
    if blocked:
        orth, diag = orth.copy(), diag.copy()
        for x, y in blocked:
            orth[y + 1, x + 1] = diag[y + 1, x + 1] = 0
    if orth[goal[1] + 1, goal[0] + 1] == 0:
        return None

    graph = _graph(costs, orth, diag)
    # Lower bounds of a step keep A* exact (an admissible heuristic).
    graph.set_heuristic(
        cardinal=costs.cheapest_orth, diagonal=min(costs.cheapest_diag, 2 * costs.cheapest_orth)
    )
    finder = tcod.path.Pathfinder(graph)
    finder.add_root((start[1] + 1, start[0] + 1))
    found = finder.path_to((goal[1] + 1, goal[0] + 1))
    if len(found) < 2:
        return None
    tiles = tuple((x - 1, y - 1) for y, x in found[1:].tolist())
    return Path(tuple(start), tiles, _measure(board, start, tiles))


def _graph(costs: _Costs, orth: np.ndarray, diag: np.ndarray) -> tcod.path.CustomGraph:
    """tcod's graph of the board's steps: into a tile at its cost, diagonals not past a blocked corner."""
    graph = tcod.path.CustomGraph(orth.shape)
    for dx, dy in DIRECTION_VECTORS:
        if dx and dy:
            graph.add_edge((dy, dx), 1, cost=diag, condition=costs.corners[(dx, dy)])
        else:
            graph.add_edge((dy, dx), 1, cost=orth)
    return graph


def metres_to_edge(board: TerrainBoard) -> np.ndarray:
    """[y, x] walking metres from each tile to the nearest open tile on the map's edge, where
    a combatant may step off the map (inf where none can be reached); derived once per board.
    A guide for a side that wins by fleeing: the walk is measured from the edge inward, so a
    step's cost is that of the tile it enters on the way out, less the first one's."""

    def build() -> np.ndarray:
        metres = metres_to_edge_avoiding(board, np.zeros((board.height, board.width), bool))
        metres.flags.writeable = False
        return metres

    return board.derived("metres_to_edge", build)


def metres_to_edge_avoiding(board: TerrainBoard, avoid: np.ndarray) -> np.ndarray:
    """`metres_to_edge` with the `avoid` tiles ([y, x] True) treated as blocked (tiles others
    stand on): the walk to the edge around them, inf where none is left.  Not cached.  One
    tcod pass inward from every open edge tile, not through `avoid`."""
    costs = _costs(board)
    orth, diag = costs.orth, costs.diag
    if avoid.any():
        padded = np.pad(avoid, 1, constant_values=False)
        orth, diag = np.where(padded, 0, orth), np.where(padded, 0, diag)
    finder = tcod.path.Pathfinder(_graph(costs, orth, diag))
    roots = [(x, y) for x, y in exit_tiles(board) if not avoid[y, x]]
    metres = np.full((board.height, board.width), np.inf)
    if not roots:
        return metres
    for x, y in roots:
        finder.add_root((y + 1, x + 1))
    finder.resolve()
    units = finder.distance[1:-1, 1:-1]
    reached = (units < INT32_MAX) & ~board.move_blocked & ~avoid
    metres[reached] = units[reached] / costs.units_per_metre
    return metres


def _measure(board: TerrainBoard, start: Tile, tiles: Iterable[Tile]) -> float:
    """The path's length the rules' way: `step_metres` added step by step."""
    total, here = 0.0, start
    for tile in tiles:
        step = board.step_metres(here, tile)
        assert step is not None, f"tcod stepped {here} → {tile}, which the rules forbid"
        total += step
        here = tile
    return total
