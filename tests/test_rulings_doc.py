"""docs/rulings.md: every ruling names the tests that hold it, and every test it names exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "rulings.md"
REFERENCE = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def rulings() -> list[str]:
    """Each bullet of the document, joined into one string (its title is in bold)."""
    found: list[list[str]] = []
    for line in RULINGS.read_text(encoding="utf-8").splitlines():
        if line.startswith("- "):
            found.append([line])
        elif found and line.startswith("  "):
            found[-1].append(line.strip())
        elif found and found[-1] is not None and not line.strip():
            found.append([])  # a blank line ends the bullet
    return [" ".join(lines) for lines in found if lines]


def test_every_ruling_names_a_test() -> None:
    items = rulings()
    assert len(items) >= 40
    missing = [
        item[:70] for item in items if "Tests:" not in item or not REFERENCE.search(item.split("Tests:")[1])
    ]
    assert missing == []


def test_every_test_a_ruling_names_exists() -> None:
    defined: dict[str, set[str]] = {}
    wrong = []
    for item in rulings():
        for path, name in REFERENCE.findall(item):
            if path not in defined:
                file = ROOT / path
                tree = ast.parse(file.read_text(encoding="utf-8")) if file.exists() else ast.Module([], [])
                defined[path] = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
            if not name.startswith("test_") or name not in defined[path]:
                wrong.append(f"{path}::{name}")
    assert wrong == []
