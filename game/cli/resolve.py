"""`python -m game resolve FILE.json [--json]`: play a rules scenario and print what happened.

Human output is one line per event, the rulebook's way
(``Omar — Strike on Niles: 6 [Strike] − 4 [Dodge] = 2; rolled 11: miss``);
``--json`` prints one document with every event per round and the final
world.  Bad input ends with one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the rules stay unimported until `run`, so `--help` is cheap
    from game.sandbox.runner import RoundReport


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the command (cheap: the rules are imported only by `run`)."""
    parser.add_argument("file", metavar="FILE.json", help="the scenario to play (format: docs/sandbox.md)")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document: every event per round and the final world state",
    )
    parser.add_argument(
        "--house-rules",
        action="append",
        default=[],
        metavar="FILE",
        help="a house-rule file (docs/house-rules.md), switched on for the scenario (repeatable)",
    )


def run(args: argparse.Namespace) -> int:
    """Load the scenario, play its rounds, print the log; 2 on bad input."""
    try:
        return _run(args)
    except BrokenPipeError:
        # The reader (`| head`) went away: stop quietly, as the Python docs advise.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _run(args: argparse.Namespace) -> int:
    from game.cli import UsageError, load_house_rules
    from game.content.armory import ArmoryError
    from game.content.fields import FieldError
    from game.sandbox.loader import load_scenario
    from game.sandbox.runner import OrderRefused, play

    path = Path(args.file)
    reports: list[RoundReport] = []
    keys = load_house_rules(args.house_rules, str(path))
    try:
        scenario = load_scenario(path)
        for key in keys:
            scenario = replace(scenario, options=scenario.options.with_module(key, True))
        for report in play(scenario):
            reports.append(report)
            if not args.json:
                _print_round(report)
            _warn_unused(report)
    except (FieldError, OrderRefused, ArmoryError) as err:
        sys.stdout.flush()
        raise UsageError(str(err)) from None
    if args.json:
        document: dict[str, Any] = {
            "scenario": str(path),
            "title": scenario.title,
            "seed": scenario.seed,
            "options": scenario.options.to_dict(),
            "board": scenario.board.to_dict(),
            "rounds": [report.to_dict() for report in reports],
            "world": scenario.world.to_dict(),
        }
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    return 0


def _print_round(report: RoundReport) -> None:
    if report.number > 1:
        print()
    for event in report.events:
        print(event.text())
    for line in report.fog:
        print(line)
    sys.stdout.flush()


def _warn_unused(report: RoundReport) -> None:
    # Left-over dice usually mean the scenario expected a roll that never happened.
    if report.unused_dice:
        left = "; ".join(f"{key} {values}" for key, values in report.unused_dice.items())
        print(f"warning: round {report.number}: scripted dice not used: {left}", file=sys.stderr)
