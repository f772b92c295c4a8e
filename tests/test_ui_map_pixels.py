"""A map at a pixel a tile (the minimap of a map over 240 tiles a side, New battle's picture of
one over 180) is composed with numpy, not blitted tile by tile (a second for 1000 × 1000):
the picture is the one the blits draw, layers, colour keys and opacity included."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board.tiled import load_map
from game.content.scenarios import bundled_maps
from game.ui.render.map_layer import CHUNK, MapLayer
from tests.test_real_maps import EXAMPLES, write_stand_ins
from tests.ui_helpers import make_app


def blitted(layer: MapLayer) -> np.ndarray:
    """The map drawn the slow way: its chunks at a pixel a tile, each tile blitted."""
    board = layer.board
    picture = pygame.Surface((board.width, board.height)).convert()
    for cy in range((board.height + CHUNK - 1) // CHUNK):
        for cx in range((board.width + CHUNK - 1) // CHUNK):
            picture.blit(layer.chunk(cx, cy, 1), (cx * CHUNK, cy * CHUNK))
    return pygame.surfarray.array3d(picture).astype(int)


@pytest.fixture(scope="module")
def examples(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Maps made in Tiled by others (external tilesets, a colour key, layers at part opacity,
    tall tiles)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    folder = tmp_path_factory.mktemp("pixels") / "examples"
    shutil.copytree(EXAMPLES, folder)
    write_stand_ins(folder)
    return folder


FOREIGN = Path(__file__).parent / "maps" / "foreign.tmx"  # a hidden layer


@pytest.mark.parametrize(
    "name", [p.name for p in bundled_maps()] + ["desert.tmx", "sewers.tmx", FOREIGN.name]
)
def test_a_pixel_a_tile_is_what_the_blits_draw(name: str, examples: Path) -> None:
    make_app()
    path = next((p for p in [*bundled_maps(), FOREIGN] if p.name == name), examples / name)
    battle_map = load_map(path)
    layer = MapLayer(battle_map.board, battle_map.art)
    fast = layer._render_pixels(battle_map.art)  # noqa: SLF001 - the fast way, asked directly
    assert fast is not None
    assert fast.get_size() == (battle_map.board.width, battle_map.board.height)
    difference = np.abs(pygame.surfarray.array3d(fast).astype(int) - blitted(layer))
    assert difference.max() <= 1  # blending rounds a little differently, never more


def test_tiles_larger_than_their_tile_are_blitted(examples: Path) -> None:
    """A tall wall overhangs the tile above it: only a blit draws that, so it is blitted."""
    make_app()
    battle_map = load_map(examples / "perspective_walls.tmx")
    layer = MapLayer(battle_map.board, battle_map.art)
    assert layer._render_pixels(battle_map.art) is None  # noqa: SLF001
    whole = pygame.surfarray.array3d(layer.render_whole(1)).astype(int)
    assert np.array_equal(whole, blitted(layer))


class AskedBoard:
    """A board without art that lists no marked tiles: every tile is asked what it is."""

    def __init__(self, board: object) -> None:
        self._board = board

    def __getattr__(self, name: str) -> object:
        if name == "marked_tiles":
            raise AttributeError(name)
        return getattr(self._board, name)


@pytest.mark.parametrize("listed", [True, False])
def test_a_board_without_art_at_a_pixel_a_tile_is_what_its_tiles_draw(
    listed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The workbench's minimap of a 1000 × 1000 grid board took 7 s drawn tile by tile."""
    import random

    from game.rules.board import GridBoard

    make_app()
    rng = random.Random(2)

    def some(n: int) -> list[tuple[int, int]]:
        return [(rng.randrange(60), rng.randrange(40)) for _ in range(n)]

    grid = GridBoard(
        60,
        40,
        walls=some(300),
        move_costs=dict.fromkeys(some(200), 2.0),
        cover={tile: rng.choice(["low", "high"]) for tile in some(200)},
        move_blockers=some(50),
        sight_blockers=some(50),
    )
    board = grid if listed else AskedBoard(grid)
    slow = blitted(MapLayer(grid))
    with monkeypatch.context() as patch:
        patch.setattr(MapLayer, "_render_chunk", lambda *_: pytest.fail("drawn tile by tile"))
        fast = MapLayer(board).render_whole(1)  # type: ignore[arg-type]
    assert fast.get_size() == (60, 40)
    difference = np.abs(pygame.surfarray.array3d(fast).astype(int) - slow)
    assert difference.max() == 0
    kinds = {tuple(pygame.surfarray.array3d(fast)[x, y] // 16) for x, y in grid.marked_tiles()}
    assert len(kinds) >= 4  # walls, cover, rough ground and blockers are told apart
