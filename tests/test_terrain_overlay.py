"""The terrain overlay shows what the rules read from the map (issue 18, point 6)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.terrain import TerrainBoard
from game.cli import main
from game.cli.render import OVERLAY_NAMES, render
from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.rules.board import GridBoard
from game.ui.render.overlays import OVERLAYS, OverlayLayer
from game.ui.render.terrain_overlay import terrain_arrays
from game.ui.theme import Theme

TILE = 32
ROWS = ["..#~", "wlhs", ".~~#"]  # the default legend: wall, cost 2, water, low, high cover, smoke


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))


def test_terrain_arrays_say_what_each_tile_does() -> None:
    data = terrain_arrays(TerrainBoard.from_rows(ROWS))
    assert np.argwhere(data.walls).tolist() == [[0, 2], [2, 3]]  # [y, x]
    assert np.argwhere(data.move_only).tolist() == [[1, 0], [1, 2]]  # water, a barricade
    assert np.argwhere(data.sight_only).tolist() == [[1, 3]]  # smoke
    assert np.argwhere(data.low).tolist() == [[1, 1]]
    assert np.argwhere(data.high).tolist() == [[0, 2], [1, 2], [2, 3]]  # walls give high cover too
    ((text, mask),) = data.costs
    assert text == "×2" and np.argwhere(mask).tolist() == [[0, 3], [2, 1], [2, 2]]
    assert (data.dear == mask).all()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(alphabet=".#~wlhs", min_size=5, max_size=5), min_size=1, max_size=5))
def test_any_board_gives_the_overlay_what_the_rules_ask_of_it(rows: list[str]) -> None:
    """Asked tile by tile (a GridBoard) or read from its arrays (a TerrainBoard): the same answers."""
    board = TerrainBoard.from_rows(rows)
    tiles = [(x, y) for y in range(board.height) for x in range(board.width)]
    grid = GridBoard(
        board.width,
        board.height,
        move_costs={t: board.move_cost(t) for t in tiles},
        cover={t: board.cover_at(t) for t in tiles},
        move_blockers=[t for t in tiles if board.blocks_move(t)],
        sight_blockers=[t for t in tiles if board.blocks_sight(t)],
    )
    fast, slow = terrain_arrays(board), terrain_arrays(grid)
    for name in ("walls", "move_only", "sight_only", "dear", "low", "high"):
        assert (getattr(fast, name) == getattr(slow, name)).all(), name
    assert [(text, mask.tolist()) for text, mask in fast.costs] == [(t, m.tolist()) for t, m in slow.costs]


def test_render_and_the_game_know_the_same_overlays() -> None:
    assert OVERLAY_NAMES == OVERLAYS


def test_the_overlay_marks_walls_and_leaves_open_ground_alone() -> None:
    scenario = find_scenario("ring_duel")
    battle, battle_map = build_battle(scenario, 1, {s.name: "human" for s in scenario.sides})
    plain = render(battle, battle_map, set(), None, TILE)
    shown = render(battle, battle_map, {"terrain"}, None, TILE)
    board = battle.board
    walls = [t for t in board.tiles_where(board.move_blocked & board.sight_blocked)]
    plain_ground = (
        ~board.move_blocked & ~board.sight_blocked & (board.cover_levels == 0) & (board.move_costs == 1)
    )
    opens = list(board.tiles_where(plain_ground))
    assert walls and opens
    x, y = walls[0]
    assert shown.get_at((x * TILE + 3, y * TILE + 3)) != plain.get_at((x * TILE + 3, y * TILE + 3))
    x, y = opens[len(opens) // 2]
    assert shown.get_at((x * TILE + 3, y * TILE + 3)) == plain.get_at((x * TILE + 3, y * TILE + 3))


def test_the_legend_names_the_terrain_overlay() -> None:
    layer = OverlayLayer(Theme())
    layer.active = {"terrain"}
    from game.ui.render.overlays import OverlayData

    data = OverlayData(4, 3)
    data.terrain = terrain_arrays(TerrainBoard.from_rows(ROWS))
    layer.set_data(data)
    labels = [row[1] for row in layer.legend()]
    assert "blocks movement and sight" in labels and "blocks movement only" in labels


def test_render_overlay_terrain_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "terrain.png"
    assert main(["render", "maps/skirmish.tmx", "--out", str(out), "--overlay", "terrain"]) == 0
    assert pygame.image.load(str(out)).get_size() == (24 * TILE, 16 * TILE)


def test_key_7_switches_the_terrain_overlay_in_the_battle_screen() -> None:
    from game.ui.scenes.battle import BattleScene
    from tests.ui_helpers import make_app

    scenario = find_scenario("ring_duel")
    battle, battle_map = build_battle(scenario, 1, {s.name: "human" for s in scenario.sides})
    app = make_app()
    scene = BattleScene(app, battle, battle_map)
    app.push(scene)
    assert "terrain" not in scene.overlays.active
    scene.on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_7, mod=0, unicode="7"))
    assert "terrain" in scene.overlays.active
    scene.update(0.0)
    assert scene.overlays.data is not None and scene.overlays.data.terrain is not None


def test_the_help_screen_explains_every_overlay() -> None:
    from game.ui.scenes.settings import OVERLAY_HELP

    assert set(OVERLAY_HELP) == set(OVERLAYS)


def test_dark_tiles_are_hatched_with_their_metres_and_named_in_the_legend() -> None:
    from game.ui.render.overlays import OverlayData
    from game.ui.render.stamps import Stamps
    from game.ui.render.terrain_overlay import draw_terrain

    board = TerrainBoard.from_rows(ROWS)
    board.sight_limit, board.dark_tiles = None, {(0, 0): 3.0, (1, 2): 3.0, (3, 0): 1.5}
    data = terrain_arrays(board)
    assert [(m, np.argwhere(mask).tolist()) for m, mask in data.dark] == [
        (1.5, [[0, 3]]),
        (3.0, [[0, 0], [2, 1]]),
    ]
    assert data.night is None
    theme = Theme()
    stamped: list[tuple[list[list[int]], pygame.Surface]] = []
    draw_terrain(
        lambda mask, stamp: stamped.append((np.argwhere(mask).tolist(), stamp)),
        Stamps(theme, TILE),
        theme.palette,
        data,
        True,
    )
    assert sum(1 for tiles, _stamp in stamped if tiles == [[0, 0], [2, 1]]) == 2  # the hatch, and "3m"
    layer = OverlayLayer(theme)
    layer.active = {"terrain"}
    shown = OverlayData(4, 3)
    shown.terrain = data
    layer.set_data(shown)
    labels = [row[1] for row in layer.legend()]
    assert "dark: seen only from within 1.5, 3 m" in labels
    # The whole map's limit is a line of the legend; tiles darker still are hatched.
    night = TerrainBoard.from_rows(ROWS)
    night.sight_limit, night.dark_tiles = 12.0, {(2, 2): 4.0}
    data = terrain_arrays(night)
    assert data.night == 12.0 and [(m, np.argwhere(k).tolist()) for m, k in data.dark] == [(4.0, [[2, 2]])]
    shown.terrain = data
    layer.set_data(shown)
    assert "night: nothing is seen beyond 12 m" in [row[1] for row in layer.legend()]
    # A map without darkness has neither.
    plain = terrain_arrays(TerrainBoard.from_rows(ROWS))
    assert plain.dark == () and plain.night is None
