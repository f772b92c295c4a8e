"""The allowed import graph: lower layers never import higher ones (issue 14).

    core → world → rules → session → board → content → sandbox, ai → persist → workbench → ui → cli

Each package may import the ones listed for it (and the small utilities
`files`, `paths`, `measure`, which import no other part of the game).  The
rules never import pygame, pytmx or tcod (`tests/test_purity.py` checks the
imports actually executed; this checks every import statement, lazy ones too).
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
UTILITIES = {"files", "paths", "measure"}

ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "world": {"core"},
    "rules": {"core", "world"},
    "session": {"core", "world", "rules"},
    "board": {"core", "world", "rules"},
    "content": {"core", "world", "rules", "board"},
    "sandbox": {"core", "world", "rules", "board", "content"},
    "ai": {"core", "world", "rules", "session", "board", "content"},
    "persist": {"core", "world", "rules", "session", "board", "content", "ai"},
    "workbench": {"core", "world", "rules", "session", "board", "content", "sandbox", "persist"},
    "ui": {"core", "world", "rules", "session", "board", "content", "ai", "persist", "workbench"},
    "cli": {"core", "world", "rules", "board", "content", "sandbox", "ai", "persist", "session", "ui"}
    | {"workbench"},
}
"""Package → the game packages it may import."""
GRAPHICS = {"pygame", "pytmx", "tcod"}
MAY_USE = {"pygame": {"ui", "cli"}, "pytmx": {"board"}, "tcod": {"board"}}
"""Third-party libraries that only some layers may touch."""


def imports_of(path: Path) -> set[str]:
    """The top-level names every import statement of a file brings in (game.x → x)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if parts[0] == "game" and len(parts) > 1:
                found.add(parts[1])
            elif parts[0] in GRAPHICS:
                found.add(f"<{parts[0]}>")
    return found


def package_of(path: Path) -> str:
    """The layer a file of game/ belongs to."""
    rel = path.relative_to(GAME)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def test_every_layer_imports_only_what_lies_below_it() -> None:
    wrong = []
    for path in sorted(GAME.rglob("*.py")):
        package = package_of(path)
        if package in ("__init__", "__main__"):
            continue
        for name in sorted(imports_of(path)):
            if name.startswith("<"):
                library = name.strip("<>")
                if package not in MAY_USE[library]:
                    wrong.append(f"{path.relative_to(GAME)} imports {library}")
                continue
            if name == package or name in UTILITIES:
                continue
            if package in UTILITIES or name not in ALLOWED.get(package, set()):
                wrong.append(f"{path.relative_to(GAME)} imports game.{name}")
    assert wrong == []


def test_every_package_has_a_place_in_the_layers() -> None:
    packages = {p.name for p in GAME.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages <= set(ALLOWED) | UTILITIES


PLUG_IN_PACKAGES = ("game.rules.actions.", "game.rules.modules.")
HOOK_BASES = ("base",)


def plug_ins_named_in(path: Path) -> set[str]:
    """The plug-in files (an action's or a rules module's own file) a file imports, by any
    import statement (lazy and type-only ones too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            for package in PLUG_IN_PACKAGES:
                rest = name.removeprefix(package)
                if rest != name and rest.split(".")[0] not in HOOK_BASES:
                    found.add(package + rest.split(".")[0])
    return found


def test_nothing_outside_the_rules_names_a_plug_in() -> None:
    """The window, the AI, the sandbox … ask the registry and the rules' own questions
    (`game.rules.arcs`, `game.rules.cover_terms`, `game.rules.rolls`), never one action's or
    module's file: a plug-in can be taken out or replaced without touching them (issue 49)."""
    wrong = []
    for path in sorted(GAME.rglob("*.py")):
        if package_of(path) == "rules":
            continue
        wrong += [f"{path.relative_to(GAME)} imports {name}" for name in sorted(plug_ins_named_in(path))]
    assert wrong == []
