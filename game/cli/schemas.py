"""`python -m game schemas [--check] [DIR]`: the JSON Schemas of the game's data files.

Writes one JSON Schema (draft 2020-12) per kind of file a player or a game master writes
(docs/schemas/ by default): scenarios, sandbox files and house rules.  Each comes from its
validator's own tables (`game.content.shapes`), so an editor pointed at it completes and
checks what the game itself takes.  `--check` writes nothing: it says which files are
missing or stale and exits 1 if any is (a test runs the same comparison).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.paths import checkout_root

STALE = 1  # exit status of --check when a schema file is missing or differs


def _scenario() -> dict[str, Any]:
    from game.content.scenario_fields import scenario_schema

    return scenario_schema()


def _sandbox() -> dict[str, Any]:
    from game.sandbox.loader import sandbox_schema

    return sandbox_schema()


def _house_rule() -> dict[str, Any]:
    from game.content.house_rules import house_rule_schema

    return house_rule_schema()


SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "scenario.schema.json": _scenario,
    "sandbox.schema.json": _sandbox,
    "house-rule.schema.json": _house_rule,
}
"""File name → the function that makes its schema."""


def default_folder() -> Path:
    """Where the schemas are published: docs/schemas of the checkout."""
    return checkout_root() / "docs" / "schemas"


def rendered() -> dict[str, str]:
    """Every schema file's text, as `schemas` writes it (2-space indents, UTF-8, a final newline)."""
    return {name: json.dumps(make(), indent=2, ensure_ascii=False) + "\n" for name, make in SCHEMAS.items()}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--check and the folder."""
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if a schema file is missing or stale"
    )
    parser.add_argument(
        "folder", nargs="?", metavar="DIR", help="where the schemas go (default: docs/schemas)"
    )


def run(args: argparse.Namespace) -> int:
    """Write (or check) every schema file; one line each."""
    from game.cli import UsageError
    from game.files import shown_name

    folder = Path(args.folder) if args.folder else default_folder()
    if not args.folder and not folder.parent.is_dir():
        raise UsageError("no docs folder beside the game package: name the folder to write the schemas in")
    stale = 0
    for name, text in rendered().items():
        path = folder / name
        try:
            now = path.read_bytes() if path.is_file() else None
        except OSError as err:
            raise UsageError(f"cannot read {path}: {err.strerror or err}") from None
        wanted = text.encode("utf-8")
        if now == wanted:
            print(shown_name(f"up to date  {path}"))
            continue
        if args.check:
            stale += 1
            print(shown_name(f"{'stale' if now is not None else 'missing':<10}  {path}"))
            continue
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(wanted)
        except OSError as err:
            raise UsageError(f"cannot write {path}: {err.strerror or err}") from None
        print(shown_name(f"wrote       {path}"))
    if stale:
        print(f"{stale} schema file{'s' if stale != 1 else ''} out of date: run `python -m game schemas`")
        return STALE
    return 0
