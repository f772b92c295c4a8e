"""The board section of `python -m game bench`: reach, sight and cover, paths on a generated board."""

from __future__ import annotations

import argparse
import time

from game.measure import Figure, median_ms

BOARD_SIZE = 200  # tiles a side of the generated benchmark board
MOVE_BUDGET = 12.0  # metres: a typical Movement rate
SPRINT_BUDGET = 23.0  # metres: Movement 12 plus the best Sprint roll, 11
SIGHT_RADIUS = 60.0  # metres
PATH_TILES = 40  # steps in the benchmark path
TARGET_MS = 5.0  # milliseconds: the target for each board figure


def board_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """Reachable sets, sight and cover, range bands and a path on a generated board."""
    from game.board.generate import generated_board
    from game.board.paths import find_path
    from game.board.reach import reachable
    from game.board.sight import sight_from

    board = generated_board(BOARD_SIZE, BOARD_SIZE, seed=args.seed)
    origin = _open_tile_near(board, (BOARD_SIZE // 2, BOARD_SIZE // 2))
    goal = _goal_at_steps(board, origin, PATH_TILES)
    repeat = args.repeat
    reach = reachable(board, origin, MOVE_BUDGET)
    sprint = reachable(board, origin, SPRINT_BUDGET)
    start = time.perf_counter()
    sight = sight_from(board, origin, SIGHT_RADIUS)
    first_sight_ms = (time.perf_counter() - start) * 1000
    in_range = int(sight.in_range.sum())
    figures = [
        Figure(
            f"reachable set, {MOVE_BUDGET:g} m budget ({len(reach.tiles())} tiles)",
            median_ms(lambda: reachable(board, origin, MOVE_BUDGET), repeat),
            TARGET_MS,
        ),
        Figure(
            f"reachable set, longest Sprint {SPRINT_BUDGET:g} m ({len(sprint.tiles())} tiles)",
            median_ms(lambda: reachable(board, origin, SPRINT_BUDGET), repeat),
        ),
        Figure(
            f"sight and cover to every tile within {SIGHT_RADIUS:g} m ({in_range} tiles)",
            median_ms(lambda: sight_from(board, origin, SIGHT_RADIUS), repeat),
            TARGET_MS,
        ),
        Figure("  first call of a session (builds the ray tables once)", first_sight_ms),
        Figure(
            f"path of {PATH_TILES} tiles {origin} → {goal}",
            median_ms(lambda: find_path(board, origin, goal), repeat),
            TARGET_MS,
        ),
    ]
    mpt = board.metres_per_tile
    title = f"board: generated {board.width} × {board.height} tiles, {mpt:g} m per tile, seed {args.seed}"
    return title, figures


def _open_tile_near(board: object, tile: tuple[int, int]) -> tuple[int, int]:
    """The first tile from `tile` outward (row by row) that does not block movement."""
    from game.board.terrain import TerrainBoard

    assert isinstance(board, TerrainBoard)
    for radius in range(max(board.width, board.height)):
        for y in range(tile[1] - radius, tile[1] + radius + 1):
            for x in range(tile[0] - radius, tile[0] + radius + 1):
                if board.passable((x, y)):
                    return (x, y)
    raise ValueError("the board has no open tile")


def _goal_at_steps(board: object, origin: tuple[int, int], steps: int) -> tuple[int, int]:
    """A tile whose shortest path from `origin` has exactly `steps` steps."""
    from game.board.paths import find_path
    from game.board.terrain import TerrainBoard

    assert isinstance(board, TerrainBoard)
    for dy in range(0, steps):
        for sign in (1, -1):
            goal = (origin[0] + steps - dy, origin[1] + sign * dy)
            if board.passable(goal):
                path = find_path(board, origin, goal)
                if path is not None and len(path.tiles) == steps:
                    return goal
    raise ValueError(f"no tile {steps} steps away")
