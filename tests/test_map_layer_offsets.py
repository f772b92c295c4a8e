"""Maps drawn as Tiled shows them: tile layers moved by their offsets (their own and their
groups'), image layers inside moved groups, and tiles placed as objects turned about their
origin.  The terrain stays on the grid; a turned tile object's terrain turns with it."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.board.tiled import load_map
from game.ui.render.map_layer import MapLayer
from tests.hostile import csv_layer, sheet_tileset, tmx
from tests.ui_helpers import make_app

GRASS, FLAG, TREE = (90, 160, 60), (200, 40, 40), (20, 80, 30)


def solid(folder: Path, name: str, size: tuple[int, int], colour: tuple[int, int, int]) -> None:
    surface = pygame.Surface(size)
    surface.fill(colour)
    pygame.image.save(surface, str(folder / name))


def colour_at(picture: pygame.Surface, x: float, y: float) -> tuple[int, int, int]:
    return tuple(picture.get_at((round(x), round(y))))[:3]  # type: ignore[return-value]


def kit(folder: Path) -> str:
    """Grass (gid 1), a flag (gid 2) and a tree (gid 3), one tileset each, 32 pixels."""
    solid(folder, "grass.png", (32, 32), GRASS)
    solid(folder, "flag.png", (32, 32), FLAG)
    solid(folder, "tree.png", (32, 32), TREE)
    return (
        sheet_tileset("grass.png", (32, 32))
        + sheet_tileset("flag.png", (32, 32), firstgid=2)
        + sheet_tileset("tree.png", (32, 32), firstgid=3)
    )


def one_tile_layer(width: int, height: int, at: tuple[int, int], gid: int, attributes: str = "") -> str:
    rows = [["0"] * width for _ in range(height)]
    rows[at[1]][at[0]] = str(gid)
    data = ",\n".join(",".join(row) for row in rows)
    return (
        f'<layer name="marks" width="{width}" height="{height}"{attributes}>'
        f'<data encoding="csv">\n{data}\n</data></layer>\n'
    )


def test_a_tile_layer_is_drawn_at_its_offset_and_its_groups_but_its_terrain_stays(tmp_path: Path) -> None:
    """A flag at (15, 3) in a layer offset by 40 px right and 8 up, in a group offset 24 more
    right: Tiled draws it two tiles right, a quarter up, across the view's chunks of 16 tiles
    (it was drawn on the grid)."""
    make_app()
    marks = one_tile_layer(20, 20, (15, 3), 2, ' offsetx="40" offsety="-8"')
    body = kit(tmp_path) + csv_layer(20, 20) + f'<group name="decor" offsetx="24">{marks}</group>'
    (tmp_path / "map.tmx").write_text(tmx(20, 20, body))
    battle_map = load_map(tmp_path / "map.tmx")
    art = battle_map.art
    assert art is not None and [layer.offset for layer in art.layers] == [(0.0, 0.0), (64.0, -8.0)]
    picture = MapLayer(battle_map.board, art).render_whole(32)
    assert colour_at(picture, 17 * 32 + 16, 3 * 32 + 4) == FLAG  # two tiles right, in the next chunk
    assert colour_at(picture, 17 * 32 + 16, 3 * 32 + 28) == GRASS  # a quarter up: the bottom shows grass
    assert colour_at(picture, 15 * 32 + 16, 3 * 32 + 16) == GRASS  # not on its grid cell
    small = MapLayer(battle_map.board, art).render_whole(1)  # a pixel a tile: blitted, not on the grid
    assert colour_at(small, 17, 3) == FLAG and colour_at(small, 15, 3) == GRASS


def test_an_image_layer_in_a_moved_group_is_drawn_at_both_offsets(tmp_path: Path) -> None:
    make_app()
    solid(tmp_path, "decal.png", (32, 32), FLAG)
    decal = (
        '<imagelayer name="decal" offsetx="32"><image source="decal.png" width="32" height="32"/>'
        "</imagelayer>"
    )
    body = kit(tmp_path) + csv_layer(8, 6) + f'<group name="moved" offsetx="64" offsety="32">{decal}</group>'
    (tmp_path / "map.tmx").write_text(tmx(8, 6, body))
    battle_map = load_map(tmp_path / "map.tmx")
    picture = MapLayer(battle_map.board, battle_map.art).render_whole(32)
    assert colour_at(picture, 3 * 32 + 16, 32 + 16) == FLAG  # 32 + 64 right, 32 down
    assert colour_at(picture, 32 + 16, 16) == GRASS  # where its own offset alone put it


def test_a_tile_placed_as_an_object_turns_about_its_origin_with_its_terrain(tmp_path: Path) -> None:
    """Tiled turns a tile object about its origin, the bottom left: turned 90° clockwise, a tree
    whose box is tile (2, 2) covers tile (2, 3); it was drawn and stood unturned."""
    make_app()
    tree = (
        '<tile id="0"><properties><property name="terrain" value="tree"/>'
        '<property name="blocks_move" type="bool" value="true"/></properties></tile>'
    )
    sets = kit(tmp_path).replace(
        '<image source="tree.png" width="32" height="32"/>',
        f'<image source="tree.png" width="32" height="32"/>{tree}',
    )
    trees = (
        '<objectgroup name="decor"><object id="1" gid="3" x="64" y="96" width="32" height="32" '
        'rotation="90"/></objectgroup>\n'
    )
    (tmp_path / "map.tmx").write_text(tmx(8, 6, sets + csv_layer(8, 6) + trees))
    battle_map = load_map(tmp_path / "map.tmx")
    board = battle_map.board
    assert {(x, y) for x in range(8) for y in range(6) if board.blocks_move((x, y))} == {(2, 3)}
    picture = MapLayer(board, battle_map.art).render_whole(32)
    assert colour_at(picture, 2 * 32 + 16, 3 * 32 + 16) == TREE
    assert colour_at(picture, 2 * 32 + 16, 2 * 32 + 16) == GRASS
