"""`python -m game bench`: speed figures, as medians over repeated runs.

Each section is a function that builds what it needs and returns figures;
add new ones (frame time, AI) to `SECTIONS`.  This is a benchmark to read,
not a timed test: it always exits 0.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from game.cli import UsageError
from game.measure import Figure


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
    parser.add_argument(
        "--ai-runs",
        type=int,
        default=3,
        help="plays of the timed 8-vs-8 battle; each declaration's fastest counts (default 3)",
    )


def run(args: argparse.Namespace) -> int:
    """Print every section's figures."""
    if args.repeat < 1:
        raise UsageError("--repeat must be at least 1")
    if args.ai_runs < 1:
        raise UsageError("--ai-runs must be at least 1")
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


def board_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """Reachable sets, sight and cover, range bands and a path on a generated board (game/board/bench.py)."""
    from game.board.bench import board_section as measure

    return measure(args)


def frame_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """Frame time of the battle screen, headless (game/ui/bench_scene.py)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.bench_scene import frame_section as measure

    return measure(args)


def hitch_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """Launch to the title screen, battle loads and the worst frame of play (game/ui/bench_hitches.py)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.bench_hitches import hitch_section as measure

    return measure(args)


def ai_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """AI declaration time and win rates (game/ai/bench.py)."""
    from game.ai.bench import ai_section as measure

    return measure(args)


SECTIONS: list[Callable[[argparse.Namespace], tuple[str, list[Figure]]]] = [
    board_section,
    frame_section,
    hitch_section,
    ai_section,
]
"""Every section of the bench, in order; each returns (title, figures)."""
SECTION_NAMES = ("board", "frame", "hitches", "ai")
"""The name of each section, for `--only`."""
