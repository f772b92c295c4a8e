"""Maps drawn in Tiled for other games load as a map maker expects (issue 18, points 3 and 4).

Tiled's own example maps (tests/maps/tiled_examples, see its README) leave
out image sizes and `columns`, carry a DOCTYPE, use tiles taller than the
grid; their tile images are not stored here, so each test draws stand-ins of
the right sizes, one flat colour per tile, and checks those colours come out
where the map puts the tiles.  Conventions of other games (`collides`
properties, wall and water layers, collision objects) become terrain, and
check-map says what it guessed; class properties written by Tiled are read.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board.preflight import MapError
from game.board.tiled import load_map
from game.cli import main
from tests.hostile import csv_layer, objects, plain_map, run_limited, tileset, tmx, zlib_layer, zone

EXAMPLES = Path(__file__).parent / "maps" / "tiled_examples"
STAND_INS = {
    # image: (width, height, tile, margin, spacing), as the maps' tilesets cut them
    "tmw_desert_spacing.png": (265, 199, 32, 1, 1),
    "sewer_tileset.png": (192, 217, 24, 0, 0),
    "perspective_walls.png": (256, 256, 64, 0, 0),
}


def colour(index: int) -> tuple[int, int, int]:
    """The stand-in colour of a tileset's tile `index` (all distinct for the first 256)."""
    return (index * 53) % 256, (index * 97 + 40) % 256, (index * 31 + 80) % 256


def write_stand_ins(folder: Path) -> None:
    for name, (width, height, tile, margin, spacing) in STAND_INS.items():
        image = pygame.Surface((width, height))
        image.fill((255, 0, 255))
        index = 0
        for y in range(margin, height - tile + 1, tile + spacing):
            for x in range(margin, width - tile + 1, tile + spacing):
                image.fill(colour(index), (x, y, tile, tile))
                index += 1
        pygame.image.save(image, str(folder / name))


@pytest.fixture
def examples(tmp_path: Path) -> Path:
    folder = tmp_path / "examples"
    shutil.copytree(EXAMPLES, folder)
    write_stand_ins(folder)
    return folder


def first_tiles(path: Path) -> np.ndarray:
    """The gids of a map's first layer, [y, x], as Tiled stored them."""
    art = load_map(path).art
    assert art is not None
    return art.layers[0].gids


@pytest.mark.parametrize(
    ("name", "size", "walls"),
    [("desert", (40, 40), 0), ("sewers", (50, 50), 0), ("perspective_walls", (32, 32), 78)],
)
def test_tiled_examples_load_and_render_their_tiles(
    examples: Path, name: str, size: tuple[int, int], walls: int
) -> None:
    path = examples / f"{name}.tmx"
    battle_map = load_map(path)
    board = battle_map.board
    assert (board.width, board.height) == size
    assert int(board.move_blocked.sum()) == walls
    out = examples / f"{name}.png"
    assert main(["render", str(path), "--out", str(out), "--tile", "32"]) == 0
    picture = pygame.image.load(str(out))
    seen = {
        picture.get_at((x, y))[:3]
        for x in range(0, picture.get_width(), 5)
        for y in range(0, picture.get_height(), 5)
    }
    assert len(seen & {colour(i) for i in range(256)}) >= 5  # the tiles' own images, never a blank picture
    art = battle_map.art
    assert art is not None
    if name == "perspective_walls":
        return  # its 64-pixel tiles overhang their neighbours: no tile shows alone
    # In the middle third (no tokens there), a tile no other layer covers shows its own stand-in colour.
    first, others = art.layers[0].gids, [layer.gids for layer in art.layers[1:]]
    checked = 0
    for y in range(size[1] // 3, 2 * size[1] // 3):
        for x in range(size[0] // 3, 2 * size[0] // 3):
            if first[y, x] and not any(g[y, x] for g in others):
                assert picture.get_at((x * 32 + 16, y * 32 + 16))[:3] == colour(int(first[y, x]) - 1), (x, y)
                checked += 1
    assert checked > 50


def test_a_map_named_like_walls_says_so_in_check_map(
    examples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check-map", str(examples / "perspective_walls.tmx")]) == 0
    out = capsys.readouterr().out
    assert "inferred terrain (from conventions of other games):" in out
    assert "  layer 'Walls' (named like a wall): 76 tiles block movement and sight" in out


def test_the_desert_and_the_sewers_say_nothing_and_are_open_ground(examples: Path) -> None:
    for name in ("desert", "sewers"):
        battle_map = load_map(examples / f"{name}.tmx")
        assert battle_map.inferred == ()
        assert "the whole map is open ground" in " ".join(battle_map.warnings)


def test_image_sizes_tiled_left_out_come_from_the_files(examples: Path) -> None:
    art = load_map(examples / "sewers.tmx").art  # <image source="sewer_tileset.png" trans="#ff00ff"/>
    assert art is not None
    (sheet,) = art.tilesets
    assert sheet.size == (192, 217) and sheet.columns == 8 and sheet.trans == (255, 0, 255)


def test_pytmx_reads_no_file_of_its_own(examples: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """External tilesets are embedded in the checked tree: pytmx never opens the .tsx again."""
    import game.board.tiled as tiled

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("pytmx opened a file")

    monkeypatch.setattr(tiled.pytmx.pytmx.ElementTree, "parse", refuse)
    assert load_map(examples / "desert.tmx").board.width == 40


# ---------------------------------------------------------------- conventions
def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def layer(name: str, cells: dict[tuple[int, int], int], width: int = 8, height: int = 6) -> str:
    """A CSV tile layer, empty but for `cells` ((x, y) → gid)."""
    rows = [",".join(str(cells.get((x, y), 0)) for x in range(width)) for y in range(height)]
    data = ",\n".join(rows)
    return (
        f'<layer name="{name}" width="{width}" height="{height}"><data encoding="csv">{data}</data></layer>\n'
    )


def test_conventions_of_other_games_become_terrain(tmp_path: Path) -> None:
    tiles = (
        '<tile id="1"><properties><property name="Collides" type="bool" value="true"/></properties></tile>'
        '<tile id="2"><properties><property name="solid" value="yes"/>'
        '<property name="blocks_move" type="bool" value="false"/></properties></tile>'
    )
    collision = (
        '<objectgroup name="Collision"><object id="9" x="64" y="96" width="32" height="32"/></objectgroup>\n'
    )
    crate = (
        '<object id="10" x="192" y="32"><properties><property name="obstacle" value="true"/></properties>'
        '<polygon points="0,0 32,0 32,32 0,32"/></object>'
    )
    body = (
        tileset(tiles=3, body=tiles)
        + csv_layer(8, 6)
        # a tile that collides, and a "solid" tile whose own blocks_move says false
        + layer("Decor", {(3, 1): 2, (4, 1): 3})
        + layer("Water", {(5, 5): 1, (6, 5): 1})
        + collision
        + objects(crate, zone(1, "A", 0, 0, 32, 192), zone(2, "B", 224, 0, 32, 192))
    )
    battle_map = load_map(_write(tmp_path, "other_game.tmx", tmx(8, 6, body)))
    board = battle_map.board
    assert board.blocks_move((3, 1)) and not board.blocks_sight((3, 1))  # collides: movement only
    assert not board.blocks_move((4, 1))  # the tile's own blocks_move beats its "solid"
    assert board.blocks_move((5, 5)) and not board.blocks_sight((5, 5))  # a layer named Water
    assert board.blocks_move((2, 3)) and board.blocks_sight((2, 3))  # an object layer named Collision
    assert board.blocks_move((6, 1)) and not board.blocks_move((6, 2))  # the obstacle's tile
    assert int(board.move_blocked.sum()) == 5
    assert battle_map.inferred == (
        "tiles of tileset 'plain' with the property 'collides': 1 tile blocks movement",
        "layer 'Water' (named like water): 2 tiles block movement",
        "object layer 'Collision' (named like a wall) (1 object): 1 tile blocks movement and sight",
        "objects with the property 'obstacle' (1 object): 1 tile blocks movement",
    )
    assert not any("ignored" in w for w in battle_map.warnings)  # the collision objects were used


def test_collision_objects_are_bounded(tmp_path: Path) -> None:
    big = "".join(
        f'<object id="{k}" x="0" y="0" width="32000" height="32000"/>' for k in range(1, 6)
    )  # five objects over a whole 1000 × 1000 map: 5,000,000 tiles to fill, past the budget
    body = tileset() + zlib_layer(1000, 1000) + f'<objectgroup name="collision">{big}</objectgroup>'
    with pytest.raises(MapError, match="the objects that block movement cover more than 4,000,000 tiles"):
        load_map(_write(tmp_path, "big.tmx", tmx(1000, 1000, body)))


# ---------------------------------------------------------------- class properties (the Tiled project)
TERRAIN_CLASS = (
    '<property name="terrain" type="class" propertytype="Terrain"><properties>'
    '<property name="terrain" value="mud"/><property name="move_cost" type="float" value="2"/>'
    '<property name="cover" propertytype="Cover" value="low"/></properties></property>'
)
UNIT_CLASS = (
    '<property name="unit" type="class" propertytype="Unit"><properties>'
    '<property name="side" value="red"/><property name="troop" value="soldier"/>'
    '<property name="facing" propertytype="Facing" value="E"/></properties></property>'
)
OTHER_CLASS = (
    '<property name="body" type="class" propertytype="Fixture"><properties>'
    '<property name="friction" type="float" value="0.5"/></properties></property>'
)


def test_class_properties_tiled_writes_are_read(tmp_path: Path) -> None:
    tiles = f'<tile id="1"><properties>{TERRAIN_CLASS}{OTHER_CLASS}</properties></tile>'
    ground = csv_layer(8, 6) + layer("mud", {(x, 5): 2 for x in range(8)})
    scout = (
        f'<object id="3" name="Scout" x="48" y="48"><properties>{UNIT_CLASS}</properties><point/></object>'
    )
    # Tiled 1.9 and later: the object's class is Unit and its members are plain properties.
    sentry = (
        '<object id="4" name="Sentry" class="Unit" x="208" y="48"><properties>'
        '<property name="side" value="blue"/><property name="character" value="guard_rifle"/>'
        "</properties><point/></object>"
    )
    body = tileset(tiles=2, body=tiles) + ground + objects(scout, sentry)
    battle_map = load_map(_write(tmp_path, "classes.tmx", tmx(8, 6, body)))
    terrain = battle_map.board.terrain_at((0, 5))
    assert (terrain.name, terrain.move_cost, terrain.cover) == ("mud", 2.0, "low")
    scout_at, sentry_at = battle_map.placements
    assert (scout_at.name, scout_at.kind, scout_at.character, scout_at.facing_name) == (
        "Scout",
        "troop",
        "soldier",
        "E",
    )
    assert (sentry_at.name, sentry_at.side, sentry_at.character) == ("Sentry", "blue", "guard_rifle")


def test_a_flood_of_class_properties_is_read_in_one_pass(tmp_path: Path) -> None:
    flood = OTHER_CLASS * 30_000  # 120,000 elements: within the budget, and one pass to drop
    text = plain_map().replace("<tileset", f"<properties>{flood}</properties><tileset", 1)
    path = _write(tmp_path, "map.tmx", text)
    outcome = run_limited("check-map", str(path), home=tmp_path)
    assert outcome.status == 0, outcome


# ---------------------------------------------------------------- collections of images
def test_a_collection_tileset_draws_each_tiles_own_image(tmp_path: Path) -> None:
    for name, size, rgb in (("crate.png", (32, 32), (200, 40, 40)), ("tree.png", (32, 64), (40, 200, 40))):
        image = pygame.Surface(size)
        image.fill(rgb)
        pygame.image.save(image, str(tmp_path / name))
    body = (
        '<tileset firstgid="1" name="things" tilewidth="32" tileheight="64" tilecount="2" columns="0">'
        '<tile id="0"><image source="crate.png" width="32" height="32"/></tile>'
        '<tile id="1"><image source="tree.png"/></tile></tileset>\n'
        + layer("things", {(x, 5): 1 + x % 2 for x in range(8)} | {(2, 2): 1})
    )
    path = _write(tmp_path, "things.tmx", tmx(8, 6, body))
    out = tmp_path / "things.png"
    assert main(["render", str(path), "--out", str(out), "--tile", "32"]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_at((2 * 32 + 16, 2 * 32 + 16))[:3] == (200, 40, 40)  # a crate
    assert picture.get_at((3 * 32 + 16, 5 * 32 + 16))[:3] == (40, 200, 40)  # a tree...
    assert picture.get_at((3 * 32 + 16, 4 * 32 + 16))[:3] == (40, 200, 40)  # ...a tile taller than the grid
