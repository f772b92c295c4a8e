"""The fast board overlays agree with the rules' own pure-Python geometry.

`BoardBase.step_metres`, `line_of_sight` and `cover_between` are what the
rules use at resolution; the numpy/tcod versions must give the same answers
on any board (the reachable set bit for bit, paths to within a millimetre a
step).
"""

from __future__ import annotations

import heapq
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.paths import find_path
from game.board.ranges import range_bands
from game.board.reach import reachable
from game.board.sight import sight_from
from game.board.terrain import Terrain, TerrainBoard
from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.core.geometry import DIRECTION_VECTORS, Tile
from game.rules.board import GridBoard, ray_cells, tiles_to_ask
from game.rules.movement import path_metres, walk
from game.rules.positions import range_band
from game.rules.ray_tables import SYMMETRIES, Rays, mirror, trace

PALETTE = [
    Terrain(),
    Terrain("wall", blocks_move=True, blocks_sight=True, cover="high"),
    Terrain("water", blocks_move=True),
    Terrain("smoke", blocks_sight=True),
    Terrain("low", cover="low", move_cost=2.0),
    Terrain("high", cover="high", blocks_move=True),
    Terrain("rough", move_cost=1.5),
    Terrain("road", move_cost=0.5),
    Terrain("mud", move_cost=3.3),
]
WEIGHTS = [8, 2, 1, 1, 1, 1, 1, 1, 1]  # mostly open ground


@st.composite
def boards(draw: st.DrawFn) -> TerrainBoard:
    """A random board of up to 12×12 tiles."""
    width = draw(st.integers(1, 12))
    height = draw(st.integers(1, 12))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    kinds = rng.choice(len(PALETTE), size=(height, width), p=np.array(WEIGHTS) / sum(WEIGHTS))
    mpt = draw(st.sampled_from([1.0, 1.5, 2.0, 0.7, 2.5]))
    return TerrainBoard(kinds, PALETTE, mpt)


def tiles_of(board: TerrainBoard) -> list[Tile]:
    return [(x, y) for y in range(board.height) for x in range(board.width)]


def dijkstra(board: TerrainBoard, start: Tile, budget: float, occupied: set[Tile]) -> dict[Tile, float]:
    """The reference: shortest metres by BoardBase.step_metres, as the rules' walk adds them."""
    best = {start: 0.0}
    queue = [(0.0, start)]
    while queue:
        metres, here = heapq.heappop(queue)
        if metres > best[here]:
            continue
        for dx, dy in DIRECTION_VECTORS:
            there = (here[0] + dx, here[1] + dy)
            step = board.step_metres(here, there)
            if step is None or there in occupied:
                continue
            total = metres + step
            if total <= budget + 1e-9 and total < best.get(there, math.inf):
                best[there] = total
                heapq.heappush(queue, (total, there))
    return best


@settings(max_examples=200, deadline=None)
@given(board=boards(), data=st.data())
def test_reachable_set_equals_the_rules_dijkstra(board: TerrainBoard, data: st.DataObject) -> None:
    tiles = tiles_of(board)
    start = data.draw(st.sampled_from(tiles))
    budget = data.draw(st.sampled_from([0.0, 1.0, 1.5, 3.0, 4.5, 6.0, 12.0, 23.0]))
    occupied = set(data.draw(st.lists(st.sampled_from(tiles), max_size=4))) - {start}
    expected = dijkstra(board, start, budget, occupied)
    reach = reachable(board, start, budget, occupied)
    assert reach.tiles() == set(expected)
    for tile, metres in expected.items():
        assert reach.metres_to(tile) == metres  # bit for bit
        path = reach.path_to(tile)
        assert path is not None
        # The rules walk the path for exactly those metres, within the budget.
        visited, moved, stop = walk(board, start, path, budget, lambda t: t in occupied)
        assert (visited[-1], moved, stop) == (tile, metres, "")


@settings(max_examples=200, deadline=None)
@given(board=boards(), data=st.data())
def test_tcod_paths_are_legal_and_shortest(board: TerrainBoard, data: st.DataObject) -> None:
    tiles = tiles_of(board)
    start = data.draw(st.sampled_from(tiles))
    goal = data.draw(st.sampled_from(tiles))
    occupied = set(data.draw(st.lists(st.sampled_from(tiles), max_size=3))) - {start}
    best = dijkstra(board, start, math.inf, occupied)
    path = find_path(board, start, goal, occupied)
    if goal not in best:
        assert path is None
        return
    assert path is not None
    assert not set(path.tiles) & occupied
    assert path.metres == path_metres(board, start, path.tiles)  # legal, and measured the rules' way
    assert abs(path.metres - best[goal]) <= 1e-3 * len(path.tiles) + 1e-9


@settings(max_examples=200, deadline=None)
@given(board=boards(), data=st.data())
def test_sight_and_cover_maps_equal_the_rules(board: TerrainBoard, data: st.DataObject) -> None:
    origin = data.draw(st.sampled_from(tiles_of(board)))
    radius = data.draw(st.sampled_from([0.0, 1.0, 2.5, 5.0, 7.5, 30.0]))
    sight = sight_from(board, origin, radius)
    for tile in tiles_of(board):
        if board.distance(origin, tile) <= radius + 1e-9:
            assert sight.sees(tile) == board.line_of_sight(origin, tile), tile
            assert sight.cover_of(tile) == board.cover_between(origin, tile), tile
            assert board.line_of_sight(tile, origin) == board.line_of_sight(origin, tile)  # symmetric
        else:
            assert sight.cover_of(tile) is None and not sight.sees(tile)


@settings(max_examples=100, deadline=None)
@given(board=boards(), data=st.data())
def test_range_band_maps_equal_the_rules(board: TerrainBoard, data: st.DataObject) -> None:
    origin = data.draw(st.sampled_from(tiles_of(board)))
    short = data.draw(st.sampled_from([1.0, 1.5, 2.0, 3.0]))
    weapon = Weapon(
        "gun", WeaponClass.MISSILE, missile_kind=MissileKind.SLUG, ranges=(short, 2 * short, 4 * short)
    )
    bands = range_bands(board, origin, weapon)
    for tile in tiles_of(board):
        expected = range_band(board.distance(origin, tile), weapon)
        assert bands.band_at(tile) == (expected[0] if expected else "out")


def _ray_of(table: Rays, index: int, sym: tuple[int, int, bool]) -> tuple[list[Tile], list[frozenset[Tile]]]:
    """Target `index`'s single tiles (in order) and corner pairs, mirrored by `sym`."""
    s0, s1 = int(table.single_start[index]), int(table.single_start[index + 1])
    c0, c1 = int(table.corner_start[index]), int(table.corner_start[index + 1])
    assert (table.single_owner[s0:s1] == index).all() and (table.corner_owner[c0:c1] == index).all()
    xs, ys = mirror(table.single_dx[s0:s1], table.single_dy[s0:s1], sym)
    cx, cy = mirror(table.corner_dx[c0:c1], table.corner_dy[c0:c1], sym)
    singles = list(zip(xs.tolist(), ys.tolist(), strict=True))
    corners = [frozenset(zip(a, b, strict=True)) for a, b in zip(cx.tolist(), cy.tolist(), strict=True)]
    return singles, corners


def _expected(target: Tile) -> tuple[list[Tile], list[frozenset[Tile]]]:
    cells = list(ray_cells((0, 0), target))
    return [c[0] for c in cells if len(c) == 1], [frozenset(c) for c in cells if len(c) == 2]


def test_ray_tables_equal_the_rules_ray() -> None:
    table = trace(15)
    octant = list(zip(table.dx.tolist(), table.dy.tolist(), strict=True))
    assert set(octant) == {(x, y) for x in range(16) for y in range(x + 1) if x * x + y * y < 16 * 16}
    assert len(set(octant)) == len(octant)
    assert (np.diff(table.tiles_apart) >= 0).all()  # nearest first: a smaller radius is a prefix
    seen = set()
    for index, (dx, dy) in enumerate(octant):
        assert table.tiles_apart[index] == math.hypot(dx, dy)
        for sym in SYMMETRIES:
            mx, my = mirror(np.array(dx), np.array(dy), sym)
            target = (int(mx), int(my))
            seen.add(target)
            singles, corners = _ray_of(table, index, sym)
            expected_singles, expected_corners = _expected(target)
            assert singles == expected_singles, target  # in the ray's order
            assert corners == expected_corners, target
    assert seen == {(x, y) for x in range(-15, 16) for y in range(-15, 16) if x * x + y * y < 16 * 16}
    # Each target's entries together, target by target (what sight_from's runs rely on), and a
    # smaller radius's tables a prefix of a larger one's.
    larger = trace(20)
    for big, small in ((larger.single_start, table.single_start), (larger.corner_start, table.corner_start)):
        assert big[: len(small)].tolist() == small.tolist()
    n, k = len(table.dx), int(table.single_start[-1])
    assert larger.dx[:n].tolist() == table.dx.tolist() and larger.dy[:n].tolist() == table.dy.tolist()
    assert larger.single_dx[:k].tolist() == table.single_dx.tolist()
    for owner, start in ((table.single_owner, table.single_start), (table.corner_owner, table.corner_start)):
        assert (np.diff(owner) >= 0).all()
        counts = np.bincount(owner, minlength=len(table.dx))
        assert start.tolist() == [0, *np.cumsum(counts).tolist()]


EDGE_OFFSETS = [
    (0, 0),
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, -1),
    (120, 0),
    (0, -120),
    (84, 84),
    (-84, 84),
    (2, 1),
    (1, 2),
    (3, 1),
    (119, 1),
    (1, -119),
    (60, 20),
    (-45, -15),
    (99, 33),
    (77, 76),
]
"""Axes, diagonals, the table's rim and rays through corner points (dx an odd multiple of dy)."""


@settings(max_examples=300, deadline=None)
@given(
    offset=st.one_of(st.sampled_from(EDGE_OFFSETS), st.tuples(st.integers(-120, 120), st.integers(-120, 120)))
)
def test_every_ray_of_the_largest_table_is_the_rules_ray(offset: Tile) -> None:
    dx, dy = offset
    if dx * dx + dy * dy >= 121 * 121:
        return  # beyond the table
    table = trace(120)
    ax, ay = abs(dx), abs(dy)
    sym = (1 if dx >= 0 else -1, 1 if dy >= 0 else -1, ay > ax)
    ox, oy = (ay, ax) if ay > ax else (ax, ay)
    index = int(np.flatnonzero((table.dx == ox) & (table.dy == oy))[0])
    singles, corners = _ray_of(table, index, sym)
    assert (singles, corners) == _expected(offset)


def test_square_roots_equal_math_hypot_on_large_boards() -> None:
    # Range bands and sight radii use sqrt(dx² + dy²); BoardBase uses math.hypot.
    xs = np.arange(1001)
    for y in range(0, 1001, 7):
        fast = np.sqrt((xs * xs + y * y).astype(float))
        assert fast.tolist() == [math.hypot(x, y) for x in range(1001)]


def grid_like(board: TerrainBoard, every_tile: bool) -> GridBoard:
    """The same battlefield as a grid board: every tile's cost and cover listed, or only
    those that are not plain."""
    tiles = tiles_of(board)
    return GridBoard(
        board.width,
        board.height,
        board.metres_per_tile,
        move_blockers=[t for t in tiles if board.blocks_move(t)],
        sight_blockers=[t for t in tiles if board.blocks_sight(t)],
        move_costs={t: board.move_cost(t) for t in tiles if every_tile or board.move_cost(t) != 1},
        cover={t: board.cover_at(t) for t in tiles if every_tile or board.cover_at(t) != "none"},
    )


@settings(max_examples=30, deadline=None)
@given(board=boards())
def test_a_terrain_board_copied_from_a_grid_board_answers_alike(board: TerrainBoard) -> None:
    tiles = tiles_of(board)
    grid = grid_like(board, every_tile=True)
    copy = TerrainBoard.from_board(grid)
    for a in tiles:
        for b in tiles:
            assert copy.line_of_sight(a, b) == grid.line_of_sight(a, b)
            assert copy.cover_between(a, b) == grid.cover_between(a, b)
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
                assert copy.step_metres(a, b) == grid.step_metres(a, b)


@settings(max_examples=30, deadline=None)
@given(board=boards())
def test_a_terrain_board_copied_from_a_grid_board_of_few_marks_answers_alike(board: TerrainBoard) -> None:
    """Only the tiles a grid board marks are asked (a 1000 × 1000 board took 11 s asked tile by
    tile); the rest take the plain tile's answers."""
    tiles = tiles_of(board)
    grid = grid_like(board, every_tile=False)
    copy = TerrainBoard.from_board(grid)
    for t in tiles:
        assert copy.blocks_move(t) == grid.blocks_move(t) and copy.blocks_sight(t) == grid.blocks_sight(t)
        assert copy.move_cost(t) == grid.move_cost(t) and copy.cover_at(t) == grid.cover_at(t)
    assert tiles_to_ask(grid)[1] == sorted(grid.marked_tiles())
