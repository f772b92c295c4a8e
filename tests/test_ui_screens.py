"""Screens open each other by name through the router: no scene module imports another,
and every name the code opens is registered."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.paths import from_root
from game.ui.app import App, Router
from game.ui.map_view import MapView
from game.ui.prefs import Prefs
from game.ui.screens import SCREENS
from tests.ui_helpers import duel, make_app

UI = from_root("game/ui")
ROUTING_CALLS = ("push_screen", "replace_screen", "make")


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, wherever the import stands (functions, TYPE_CHECKING too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_scene_module_imports_another() -> None:
    scenes = sorted((UI / "scenes").glob("*.py"))
    assert len(scenes) >= 6
    for path in scenes:
        others = {
            m
            for m in imported_modules(path)
            if m.startswith("game.ui.scenes.") or m == "game.ui.screens" or m.startswith("game.ui.screens.")
        }
        assert not others, f"{path.name} imports {sorted(others)}: open screens by name instead"


def test_only_the_top_of_the_window_imports_the_screens() -> None:
    """Below `game.ui.screens` nothing in the window imports a scene module (the pieces of the
    battle screen, the map view, the widgets, the app): scenes sit above all of them."""
    allowed = {"screens.py", "bench_scene.py"}  # the composition root, and the bench that measures a scene
    for path in sorted(UI.rglob("*.py")):
        if path.parent.name == "scenes" or path.name in allowed:
            continue
        scenes = {m for m in imported_modules(path) if m.startswith("game.ui.scenes")}
        assert not scenes, f"{path.relative_to(UI)} imports {sorted(scenes)}"


def test_every_screen_the_code_opens_is_registered() -> None:
    opened: dict[str, str] = {}
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ROUTING_CALLS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                opened[node.args[0].value] = path.name
    assert len(opened) >= 8, opened  # the scan finds the routes (menu, battle, end, pause, help …)
    missing = {name: where for name, where in opened.items() if name not in SCREENS}
    assert not missing, f"opened but never registered: {missing}"


def test_an_unregistered_screen_is_refused_by_name() -> None:
    app = App((1280, 720), Prefs(edge_scroll=False), Router())
    with pytest.raises(KeyError, match="no screen 'menu' is registered"):
        app.push_screen("menu")
    assert app.scenes == []


def test_the_battle_and_the_replay_screens_share_one_map_view(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    from game.persist.saves import save_battle
    from game.ui.replay_timeline import load_replay

    app = make_app()
    battle = duel(("ai:easy", "ai:easy"))
    scene = app.push_screen("battle", battle, None)
    battle.start_round()
    path = tmp_path / "duel.json"
    save_battle(battle, path)
    replay = app.make("replay", load_replay(path))
    assert type(scene.view) is MapView and type(replay.view) is MapView  # type: ignore[attr-defined]
