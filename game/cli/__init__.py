"""Command line: `python -m game [COMMAND] ...`.

Each subcommand lives in its own module and is imported only when used, so
`resolve` never loads pygame.  Bad input ends with one line on stderr and
exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from game import __version__
from game.files import shown_name

MODULE_PROG = "python -m game"
"""The program's name when it runs as `python -m game` (argv[0] is then __main__.py)."""
BROKEN_PIPE = 141  # exit status of a program killed by SIGPIPE (128 + 13), as `seq 9 | head -1` gives

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.cli.play", "start the game (the default)"),
    "resolve": ("game.cli.resolve", "play a rules scenario from a JSON file and print the log"),
    "check-map": ("game.cli.check_map", "check a Tiled map and summarise it"),
    "maps": ("game.cli.maps", "make your maps folder ready for Tiled and list the maps in it"),
    "bench": ("game.cli.bench", "print speed figures"),
    "render": ("game.cli.render", "draw a map or scenario with overlays to a PNG, without a window"),
    "simulate": ("game.cli.simulate", "play AI-versus-AI battles with no window and print the results"),
    "replay": ("game.cli.replay", "play a saved battle back, or --verify it headless"),
    "workbench": ("game.cli.workbench", "open the position workbench, on a scenario, sandbox or save file"),
    "schemas": ("game.cli.schemas", "write the JSON Schemas of scenarios, sandbox files and house rules"),
}
"""name → (module with `add_arguments(parser)` and `run(args) -> int`, help)."""


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (argparse prints the usage too)."""

    def error(self, message: str) -> NoReturn:
        """Print `error: …` with a pointer to --help, and exit with status 2."""
        # The message quotes the arguments as given: a newline or an ESC sequence in one must
        # not make a second line or reach the terminal raw.
        self.exit(2, f"error: {shown_name(message)} (see {shown_name(self.prog)} --help)\n")


def program_name(argv0: str | None = None) -> str:
    """The name the program was invoked by: `dominion-tactics` from the installed command,
    `python -m game` when run as a module."""
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    if not name or name in ("__main__.py", "-c", "-m") or name.endswith(".py"):
        return MODULE_PROG
    return name


def build_parser(prog: str | None = None, command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand; given `command`, only that one's options are
    read (the others' modules are not imported: a command starts without importing the AI,
    the window or the loaders another command needs)."""
    parser = OneLineParser(
        prog=prog or program_name(),
        description="Dominion Tactics: the Dominion Rules combat chapter on a tactical grid.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--verbose", action="store_true", help="log the details too, and echo the log to stderr (game.logs)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        subparser = sub.add_parser(name, help=help_text, description=help_text)
        if command is None or name == command:
            importlib.import_module(module_name).add_arguments(subparser)
        subparser.set_defaults(module=module_name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    # --verbose belongs to every command, before its name; without a name the command is play.
    lead = next((i for i, a in enumerate(args_list) if a != "--verbose"), len(args_list))
    flags, rest = args_list[:lead], args_list[lead:]
    if not rest or rest[0].startswith("-") and rest[0] not in ("-h", "--help", "--version"):
        rest.insert(0, "play")
    args_list = [*flags, *rest]
    if rest == ["--version"]:  # at once: building the parser imports every command's module
        print(f"{program_name()} {__version__}")
        return 0
    try:
        parser = build_parser(command=rest[0] if rest[0] in COMMANDS else None)
        args = parser.parse_args(args_list)
        module = importlib.import_module(args.module)
        from game.logs import log, start_logging

        start_logging(args.verbose)
        log.info("%s %s: %s", program_name(), __version__, shown_name(" ".join(args_list)))
        _warn_of_plugin_problems()
        status = int(module.run(args) or 0)
        sys.stdout.flush()  # a closed pipe shows up here, inside the handler, not at exit
        return status
    except UsageError as err:
        print(f"error: {shown_name(str(err))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _quiet_broken_pipe()


def _warn_of_plugin_problems() -> None:
    """One line on stderr for each installed rules plug-in that could not be loaded (the
    command goes on without it)."""
    from game.rules.plugins import plugin_problems
    from game.rules.registry import load_builtins

    load_builtins()
    for problem in plugin_problems():
        warning = f"warning: rules plug-in {problem.source} left out: {problem.reason}"
        print(shown_name(warning), file=sys.stderr)


def load_house_rules(files: list[str], scenario: str | None = None) -> list[str]:
    """Register the house rules of the data folder, of the scenario file's folder and the
    `--house-rules` files (docs/house-rules.md); the keys of the named files, to switch on.
    A named file that cannot be used is one line (UsageError); a bad file in a folder, or a
    folder that cannot be listed (a link loop), is left out with a warning line (the setup
    screen lists it greyed, with its reason)."""
    from game.persist.house_rules import gather

    named = [Path(f) for f in files]
    beside = Path(scenario) if scenario and scenario.endswith(".json") and Path(scenario).is_file() else None
    found = gather(named, beside)
    keys = []
    for item in found[: len(named)]:
        if item.description is None:
            raise UsageError(item.problem)
        keys.append(item.description.key)
    for item in found[len(named) :]:
        if item.description is None:  # left out, as the setup screen greys it; said here too
            print(shown_name(f"warning: house rules left out: {item.problem}"), file=sys.stderr)
    return keys


def _quiet_broken_pipe() -> int:
    """The reader of our output went away (`| head`): stop without a word.

    Python flushes stdout once more at exit; pointing it at /dev/null keeps that
    flush from printing a second BrokenPipeError (the recipe of the `signal` docs).
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor behind stdout (tests): nothing to flush
        pass
    return BROKEN_PIPE
