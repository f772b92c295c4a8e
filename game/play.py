"""`python -m game` / `python -m game play`: start the game."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the play command."""
    parser.add_argument("--load", metavar="FILE", help="resume a saved battle")


def run(args: argparse.Namespace) -> int:
    """Start the game."""
    from game.demo import run_demo

    return run_demo()
