"""`python -m game workbench [FILE] [--round N]`: open the window on the position workbench.

FILE may be a scenario file, a sandbox file (the chapter's worked examples in docs/examples/
are) or a saved battle; a saved battle opens after `--round N` resolved rounds (default: all of
them).  The file is opened before any window: a bad one is one line and exit status 2.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the workbench command (cheap: nothing of the game is imported here)."""
    parser.add_argument("file", nargs="?", metavar="FILE", help="a scenario, sandbox or save file to open")
    parser.add_argument("--round", type=int, metavar="N", help="a saved battle after N resolved rounds")
    parser.add_argument("--size", metavar="WxH", default="1280x720", help="window size (default 1280x720)")
    from game.cli.play import add_language_argument

    add_language_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Open the file (if any), then the window on the workbench, over the main menu."""
    from pathlib import Path

    from game.cli import UsageError, load_house_rules
    from game.cli.play import choose_language, require_display, window_size

    width, height = window_size(args.size)
    if args.round is not None and args.round < 0:
        raise UsageError("--round must be 0 or more")
    if args.round is not None and not args.file:
        raise UsageError("--round needs a saved battle to open")
    setup, notes = None, []
    if args.file:
        from game.workbench.files import WorkbenchFileError, file_kind, open_position

        path = Path(args.file)
        load_house_rules([], str(path))  # the house rules beside the file (docs/house-rules.md)
        try:
            if args.round is not None and file_kind(path) != "save":
                raise UsageError("--round is for saved battles; this file is no save")
            setup, notes = open_position(path, args.round)
        except WorkbenchFileError as err:
            raise UsageError(str(err)) from None
    require_display()
    choose_language(args.lang)
    from game.persist.autosave import remove_stale_temp_files
    from game.ui.screens import make_app

    remove_stale_temp_files()  # what writes killed mid-way left behind (the window's start)

    app = make_app((width, height))
    app.push_screen("menu")
    app.push_screen("workbench", setup, notes)
    from game.ui.crash import run_window

    return run_window(app)
