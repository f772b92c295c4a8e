"""`python -m game bench`: speed figures, as medians over repeated runs.

Each section is a function that builds what it needs and returns figures;
add new ones (frame time, AI) to `SECTIONS`.  This is a benchmark to read,
not a timed test: it always exits 0.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

BOARD_SIZE = 200  # tiles a side of the generated benchmark board
MOVE_BUDGET = 12.0  # metres: a typical Movement rate
SPRINT_BUDGET = 23.0  # metres: Movement 12 plus the best Sprint roll, 11
SIGHT_RADIUS = 60.0  # metres
PATH_TILES = 40  # steps in the benchmark path
TARGET_MS = 5.0  # milliseconds: the target for each board figure


@dataclass(frozen=True)
class Figure:
    """One measured figure: what, its median in milliseconds, and the target if any."""

    label: str
    median_ms: float
    target_ms: float | None = None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the command."""
    parser.add_argument("--repeat", type=int, default=50, help="runs per figure (default 50)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the generated board (default 0)")
    parser.add_argument(
        "--only", metavar="SECTIONS", help=f"comma-separated sections to run ({', '.join(SECTION_NAMES)})"
    )
    parser.add_argument(
        "--ai-battles",
        type=int,
        default=30,
        help="AI battles per pairing for the win rates (default 30: every bundled scenario, both sides)",
    )


def run(args: argparse.Namespace) -> int:
    """Print every section's figures."""
    from game.cli import UsageError

    if args.repeat < 1:
        raise UsageError("--repeat must be at least 1")
    print(f"Dominion Tactics bench: medians of {args.repeat} runs")
    wanted = [w.strip() for w in args.only.split(",")] if args.only else list(SECTION_NAMES)
    unknown = [w for w in wanted if w not in SECTION_NAMES]
    if unknown:
        raise UsageError(f"unknown section {unknown[0]!r}: use {', '.join(SECTION_NAMES)}")
    for name, section in zip(SECTION_NAMES, SECTIONS, strict=True):
        if name not in wanted:
            continue
        title, figures = section(args)
        print(title)
        for fig in figures:
            verdict = ""
            if fig.target_ms is not None:
                verdict = (
                    f"  (target < {fig.target_ms:g} ms: {'ok' if fig.median_ms < fig.target_ms else 'SLOW'})"
                )
            print(f"  {fig.label:<58} {fig.median_ms:8.3f} ms{verdict}")
    return 0


def median_ms(action: Callable[[], object], repeat: int) -> float:
    """Median wall time of `action` in milliseconds, after one warm-up call."""
    action()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


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


FRAME_MAP = 100  # tiles a side of the frame-time map
FRAME_TOKENS = 40  # combatants on it
FRAME_SIZE = (1280, 720)  # pixels: the window
FRAME_TARGET_MS = 8.0  # milliseconds per frame


def frame_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """Frame time of the battle screen: a 100 × 100 map, 40 tokens, every overlay on, headless."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.bench_scene import frame_bench_scene

    app, scene = frame_bench_scene(FRAME_MAP, FRAME_TOKENS, FRAME_SIZE, args.seed)
    repeat = max(args.repeat, 30)
    first = time.perf_counter()
    app.step([], 1 / 60)  # builds the overlays and the chunks in view
    first_ms = (time.perf_counter() - first) * 1000
    figures = [
        Figure(
            f"frame, declaring, all overlays, {FRAME_TOKENS} tokens",
            median_ms(lambda: app.step([], 1 / 60), repeat),
            FRAME_TARGET_MS,
        ),
        Figure("  first frame (overlays computed, chunks drawn)", first_ms),
    ]
    scene.camera.zoom(-3)
    app.step([], 1 / 60)
    figures.append(
        Figure(
            f"frame zoomed out to {scene.camera.tile_px} px per tile",
            median_ms(lambda: app.step([], 1 / 60), repeat),
            FRAME_TARGET_MS,
        )
    )
    w, h = FRAME_SIZE
    return f"frame: {FRAME_MAP} × {FRAME_MAP} map, {w}×{h} window (SDL dummy driver)", figures


def ai_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """AI declaration time and win rates (game/ai/bench.py)."""
    from game.ai.bench import ai_section as measure

    return measure(args)


SECTIONS: list[Callable[[argparse.Namespace], tuple[str, list[Figure]]]] = [
    board_section,
    frame_section,
    ai_section,
]
"""Every section of the bench, in order; each returns (title, figures)."""
SECTION_NAMES = ("board", "frame", "ai")
"""The name of each section, for `--only`."""
