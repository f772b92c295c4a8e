"""`python -m game` / `python -m game play`: open the game window.

`--load FILE` resumes a saved battle; `--demo` runs the old terminal demo
(placeholder AIs on both sides, the log printed) without a window.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the play command."""
    parser.add_argument("--load", metavar="FILE", help="resume a saved battle")
    parser.add_argument(
        "--demo", action="store_true", help="play the terminal demo battle instead (no window)"
    )
    parser.add_argument(
        "--size", metavar="WxH", default="1280x720", help="window size in pixels (default 1280x720)"
    )


def run(args: argparse.Namespace) -> int:
    """Open the window (or run the terminal demo)."""
    from game.cli import UsageError

    if args.demo:
        from game.demo import run_demo

        return run_demo()
    try:
        width, height = (int(v) for v in str(args.size).lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 1280x720, not {args.size!r}") from None
    from game.ui.app import MIN_SIZE, App
    from game.ui.scenes.menu import MenuScene

    if args.load:
        from pathlib import Path

        import game.ui.scenarios  # noqa: F401  (registers map boards for saves)
        from game.persist.saves import SaveError, load_battle

        try:
            load_battle(Path(args.load))
        except SaveError as err:
            raise UsageError(str(err)) from None
    app = App((max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)))
    app.push(MenuScene(app))
    if args.load:
        from pathlib import Path

        from game.ui.scenes.settings import open_saved_battle

        open_saved_battle(app, Path(args.load))
    app.run()
    return 0
