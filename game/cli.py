"""Command line: `python -m game [COMMAND] ...`.

Each subcommand lives in its own module and is imported only when used, so
`resolve` never loads pygame.  Bad input ends with one line on stderr and
exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.play", "start the game (the default)"),
    "resolve": ("game.sandbox.cli", "play a rules scenario from a JSON file and print the log"),
    "check-map": ("game.board.check", "check a Tiled map and summarise it"),
    "bench": ("game.bench", "print speed figures"),
    "render": ("game.ui.render_cli", "draw a map or scenario with overlays to a PNG, without a window"),
    "simulate": ("game.ai.simulate", "play AI-versus-AI battles with no window and print the results"),
    "replay": ("game.persist.replay_cli", "play a saved battle back, or --verify it headless"),
}
"""name → (module with `add_arguments(parser)` and `run(args) -> int`, help)."""


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (argparse prints the usage too)."""

    def error(self, message: str) -> NoReturn:
        """Print `error: …` with a pointer to --help, and exit with status 2."""
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = OneLineParser(
        prog="python -m game",
        description="Dominion Tactics: the Dominion Rules combat chapter on a tactical grid.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        command = sub.add_parser(name, help=help_text, description=help_text)
        module = importlib.import_module(module_name)
        module.add_arguments(command)
        command.set_defaults(module=module_name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0].startswith("-") and args_list[0] not in ("-h", "--help"):
        args_list.insert(0, "play")
    parser = build_parser()
    args = parser.parse_args(args_list)
    module = importlib.import_module(args.module)
    try:
        return int(module.run(args) or 0)
    except UsageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
