"""Placeholder: this command is being built."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the command."""
    parser.add_argument("args", nargs="*")


def run(args: argparse.Namespace) -> int:
    """Not ready yet."""
    print("not implemented yet")
    return 2
