"""`python -m game bench`: speed figures, as medians over repeated runs.

Each section is a function that builds what it needs and returns figures;
add new ones to `SECTIONS`.  This is a benchmark to read, not a timed test:
it always exits 0 once its arguments are accepted.

Figures show wall time and the CPU time of the measuring thread.  These machines
are shared and noisy, so a figure is meant to be read beside the same figure of
another commit measured in the same run: `--against REV` (game/cli/bench_against.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from game.cli import UsageError
from game.measure import Figure

QUICK_REPEAT = 5  # runs per figure under --quick
DEFAULT_REPEAT = 50
DEFAULT_AI_BATTLES = 30
DEFAULT_AI_RUNS = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the command."""
    parser.add_argument(
        "--repeat", type=int, help=f"runs per figure (default {DEFAULT_REPEAT}; --quick {QUICK_REPEAT})"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the generated board (default 0)")
    parser.add_argument(
        "--only", metavar="SECTIONS", help=f"comma-separated sections to run ({', '.join(SECTION_NAMES)})"
    )
    parser.add_argument(
        "--ai-battles",
        type=int,
        help=f"AI battles per pairing for the win rates (default {DEFAULT_AI_BATTLES}: every bundled "
        "scenario, both sides; --quick 0)",
    )
    parser.add_argument(
        "--ai-runs",
        type=int,
        help="plays of the timed 8-vs-8 battle; each declaration's fastest counts "
        f"(default {DEFAULT_AI_RUNS}; --quick 1)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="fewer runs and no win rates: the whole bench in under a minute"
    )
    parser.add_argument(
        "--against",
        metavar="REV",
        help="measure the same figures of the git revision REV in the same run, section by section, "
        "alternating, and print both with their ratio",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="with --against: alternations of each section (default 1); "
        "each figure is the median of its rounds",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def settle(args: argparse.Namespace) -> argparse.Namespace:
    """Fill in the defaults `--quick` changes, and refuse silly values."""
    quick = bool(getattr(args, "quick", False))
    if args.repeat is None:
        args.repeat = QUICK_REPEAT if quick else DEFAULT_REPEAT
    if args.ai_battles is None:
        args.ai_battles = 0 if quick else DEFAULT_AI_BATTLES
    if args.ai_runs is None:
        args.ai_runs = 1 if quick else DEFAULT_AI_RUNS
    if args.repeat < 1:
        raise UsageError("--repeat must be at least 1")
    if args.ai_runs < 1:
        raise UsageError("--ai-runs must be at least 1")
    if args.ai_battles < 0:
        raise UsageError("--ai-battles must not be negative")
    if getattr(args, "rounds", 1) < 1:
        raise UsageError("--rounds must be at least 1")
    return args


def wanted_sections(args: argparse.Namespace) -> list[str]:
    """The section names `--only` asks for (every section without it), in bench order."""
    wanted = [w.strip() for w in args.only.split(",")] if args.only else list(SECTION_NAMES)
    unknown = [w for w in wanted if w not in SECTION_NAMES]
    if unknown:
        raise UsageError(f"unknown section {unknown[0]!r}: use {', '.join(SECTION_NAMES)}")
    return [name for name in SECTION_NAMES if name in wanted]


def run(args: argparse.Namespace) -> int:
    """Print every section's figures (or compare them with another revision's)."""
    args = settle(args)
    names = wanted_sections(args)
    if args.against:
        from game.cli.bench_against import compare

        return compare(args, names, source_root())
    if not args.json:
        print(f"Dominion Tactics bench: medians of {args.repeat} runs{' (quick)' if args.quick else ''}")
    report = []
    for name in names:
        print(f"bench: measuring {name}…", file=sys.stderr, flush=True)
        title, figures = SECTIONS[SECTION_NAMES.index(name)](args)
        report.append({"section": name, "title": title, "figures": [figure_json(f) for f in figures]})
        if not args.json:
            print(title)
            for fig in figures:
                print(figure_line(fig))
            sys.stdout.flush()  # before the next section's progress line on stderr
    if args.json:
        print(json.dumps(report, indent=1))
    return 0


def figure_line(fig: Figure) -> str:
    """One figure as the bench prints it: label, wall ms, CPU ms, verdict."""
    cpu = f"{fig.cpu_ms:9.3f} ms CPU" if fig.cpu_ms is not None else " " * 16
    verdict = fig.verdict()
    judged = "" if fig.cpu_ms is None else " CPU"
    tail = f"  (target < {fig.target_ms:g} ms{judged}: {verdict})" if verdict else ""
    return f"  {fig.label:<58} {fig.median_ms:9.3f} ms {cpu}{tail}"


def figure_json(fig: Figure) -> dict[str, object]:
    """One figure as JSON."""
    return {"label": fig.label, "median_ms": fig.median_ms, "cpu_ms": fig.cpu_ms, "target_ms": fig.target_ms}


def source_root() -> Path:
    """The folder holding the `game` package this bench runs from."""
    return Path(__file__).resolve().parent.parent.parent


def board_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """Reachable sets, sight and cover, range bands and a path on a generated board (game/board/bench.py)."""
    from game.board.bench import board_section as measure

    return measure(args)


def frame_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """Frame time of the battle screen, headless (game/ui/bench_scene.py)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the fog figures play a round back
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
