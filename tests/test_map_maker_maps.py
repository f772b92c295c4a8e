"""Maps a map maker really makes in Tiled, drawn and read as Tiled shows them (an audit of
2026-12-01 drew each of these wrong): fractional layer offsets, layers inside hidden or faded
groups, tokens of a tileset aligned on their centre, tileset images the game does not decode."""

from __future__ import annotations

import struct
from pathlib import Path

import pygame
import pytest

from game.board.errors import MapError
from game.board.images import image_size
from game.board.tiled import load_map
from game.ui.render.map_layer import WAITING, MapLayer
from tests.hostile import assert_refused, csv_layer, objects, png, run_limited, sheet_tileset, tileset, tmx
from tests.ui_helpers import make_app


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def test_a_fractional_layer_offset_as_tiled_writes_it_loads(tmp_path: Path) -> None:
    """Tiled writes offsetx="15.52" after a drag; pytmx read offsets as whole numbers and the
    map was refused with a Python int() message."""
    body = tileset() + csv_layer(8, 6).replace("<layer ", '<layer offsetx="15.52" offsety="-3.5" ')
    body += '<objectgroup name="notes" offsetx="0.25"/>'
    assert load_map(write(tmp_path, "map.tmx", tmx(8, 6, body))).board.width == 8


def test_layers_inside_a_hidden_or_faded_group_are_drawn_as_tiled_shows_them(tmp_path: Path) -> None:
    body = (
        tileset()
        + csv_layer(8, 6, name="ground")
        + '<group name="Meta" visible="0">'
        + csv_layer(8, 6, name="markers")
        + "</group>"
        + '<group name="Faded" opacity="0.5"><group name="inner" opacity="0.5">'
        + csv_layer(8, 6, name="marks").replace("<layer ", '<layer opacity="0.8" ')
        + "</group></group>"
        + csv_layer(8, 6, name="top")
    )
    art = load_map(write(tmp_path, "map.tmx", tmx(8, 6, body))).art
    assert art is not None
    looks = [(layer.name, layer.visible, round(layer.opacity, 3)) for layer in art.layers]
    assert looks == [
        ("ground", True, 1.0),
        ("markers", False, 1.0),
        ("marks", True, 0.2),
        ("top", True, 1.0),
    ]


@pytest.mark.parametrize(
    ("alignment", "x", "y"),
    [("center", 3.5, 2.5), ("bottomleft", 3, 3), ("topleft", 3, 2), ("bottom", 3.5, 3), ("", 3, 3)],
)
def test_a_token_stands_where_tiled_draws_it_whatever_its_tilesets_alignment(
    tmp_path: Path, alignment: str, x: float, y: float
) -> None:
    """Tiled puts a tile object's x and y at the point its tileset's objectalignment names;
    a token centred on tile (3, 2) stood on (4, 2)."""
    write(tmp_path, "tokens.png", png(32, 32))
    aligned = f' objectalignment="{alignment}"' if alignment else ""
    tokens = sheet_tileset("tokens.png", (32, 32), extra=aligned, firstgid=2)
    ann = (
        f'<object id="1" gid="2" x="{x * 32}" y="{y * 32}" width="32" height="32"><properties>'
        '<property name="side" value="red"/><property name="troop" value="archer"/></properties></object>'
    )
    battle_map = load_map(
        write(tmp_path, "map.tmx", tmx(8, 6, tileset() + tokens + csv_layer(8, 6) + objects(ann)))
    )
    assert [p.tile for p in battle_map.placements] == [(3, 2)]


WALL_TILE = (
    '<tile id="0"><properties><property name="terrain" value="wall"/>'
    '<property name="blocks_move" type="bool" value="true"/>'
    '<property name="blocks_sight" type="bool" value="true"/></properties></tile>'
)


def test_tiles_whose_image_the_game_does_not_decode_show_their_terrain(tmp_path: Path) -> None:
    """docs/maps.md: such an image "is not drawn (a warning says so): its tiles show their
    terrain"; the map was black."""
    make_app()
    write(tmp_path, "tiles.webp", b"RIFF\x24\x00\x00\x00WEBPVP8 " + bytes(24))
    sheet = (
        '<tileset firstgid="1" name="kit" tilewidth="32" tileheight="32" tilecount="2" columns="2">'
        f'<image source="tiles.webp" width="64" height="32"/>{WALL_TILE}</tileset>\n'
    )
    layer = csv_layer(8, 6, gid=2).replace("\n2,", "\n1,")  # a wall down the first column
    battle_map = load_map(write(tmp_path, "map.tmx", tmx(8, 6, sheet + layer)))
    assert battle_map.board.blocks_move((0, 3)) and not battle_map.board.blocks_move((1, 3))
    assert any("tiles.webp is not drawn" in w for w in battle_map.warnings)
    chunk = MapLayer(battle_map.board, battle_map.art).chunk(0, 0, 32)
    assert tuple(chunk.get_at((16, 16)))[:3] != WAITING
    small = MapLayer(battle_map.board, battle_map.art).render_whole(1)  # the minimap's way
    assert tuple(small.get_at((0, 2)))[:3] == (92, 90, 96)  # a wall's grey
    assert tuple(small.get_at((2, 2)))[:3] == (96, 124, 70)  # open ground's green


def test_a_jpeg_whose_frame_follows_long_metadata_is_sized(tmp_path: Path) -> None:
    """Exif, XMP and colour profiles may run past the first 64 KiB: the JPEG was taken for one
    the game cannot read ("use PNG, JPEG …")."""
    make_app()
    plain = tmp_path / "plain.jpg"
    pygame.image.save(pygame.Surface((48, 40)), str(plain))
    data = plain.read_bytes()
    xmp = b"http://ns.adobe.com/xap/1.0/\x00" + bytes(60000)
    segments = b"".join(b"\xff\xe1" + struct.pack(">H", len(xmp) + 2) + xmp for _ in range(2))
    long = write(tmp_path, "long.jpg", data[:2] + segments + data[2:])
    assert long.stat().st_size > 120_000
    assert image_size(long) == (48, 40)


def test_a_class_property_tiled_emptied_is_named_in_the_error(tmp_path: Path) -> None:
    """Tiled 1.8 saved without the project writes <property name="deploy" type="class"/>: the
    error said only that a 'side' was missing, which the map maker had set."""
    zone = (
        '<object id="1" name="west" type="deploy" x="0" y="0" width="64" height="192">'
        '<properties><property name="deploy" type="class"/></properties></object>'
    )
    path = write(tmp_path, "map.tmx", tmx(8, 6, tileset() + csv_layer(8, 6) + objects(zone)))
    with pytest.raises(MapError) as refused:
        load_map(path)
    assert str(refused.value) == (
        "map.tmx: object 1 'west': needs a 'side' property; its class property 'deploy' is empty "
        "(Tiled saved the map without the project open): "
        "open dominion.tiled-project in Tiled and set it again"
    )


def solid_png(folder: Path, name: str, size: tuple[int, int], colour: tuple[int, int, int]) -> Path:
    surface = pygame.Surface(size)
    surface.fill(colour)
    path = folder / name
    pygame.image.save(surface, str(path))
    return path


def test_a_painted_map_in_an_image_layer_is_drawn_under_its_walls(tmp_path: Path) -> None:
    """A painted battle map as an image layer, walls drawn as objects: it was refused ("no tile
    layer"), and with an empty tile layer added it was drawn black."""
    make_app()
    solid_png(tmp_path, "painted.png", (256, 192), (200, 40, 160))
    solid_png(tmp_path, "decal.png", (64, 64), (0, 200, 0))
    walls = '<objectgroup name="Walls"><object id="1" x="96" y="32" width="32" height="96"/></objectgroup>\n'
    body = (
        '<imagelayer id="1" name="painted">'
        '<image source="painted.png" width="256" height="192"/></imagelayer>\n'
        '<imagelayer id="2" name="decal" offsetx="32.4" offsety="64" opacity="0.5">'
        '<image source="decal.png" width="64" height="64"/></imagelayer>\n' + walls
    )
    battle_map = load_map(write(tmp_path, "map.tmx", tmx(8, 6, body)))
    assert battle_map.board.blocks_move((3, 2)) and not battle_map.board.blocks_move((1, 1))
    layer = MapLayer(battle_map.board, battle_map.art)
    picture = layer.render_whole(16)  # half the map's own 32 pixels a tile
    assert picture.get_size() == (128, 96)
    assert tuple(picture.get_at((8, 8)))[:3] == (200, 40, 160)
    decal = tuple(picture.get_at((24, 40)))[:3]  # (32, 64) in map pixels, 64 wide: half seen through
    assert all(abs(a - b) <= 2 for a, b in zip(decal, (100, 120, 80), strict=True))
    assert tuple(layer.render_whole(1).get_at((0, 0)))[:3] == (200, 40, 160)  # the minimap's way too


def test_an_image_layer_is_held_to_the_images_bounds(tmp_path: Path) -> None:
    write(tmp_path, "bomb.png", png(27000, 27000, pixels=False))
    body = (
        tileset()
        + csv_layer(8, 6)
        + '<imagelayer name="x"><image source="bomb.png" width="32" height="32"/></imagelayer>'
    )
    with pytest.raises(MapError, match="bomb.png is 27000×27000 pixels, but the image layer says 32×32"):
        load_map(write(tmp_path, "map.tmx", tmx(8, 6, body)))


def test_a_tile_placed_as_an_object_is_drawn_and_its_terrain_holds_where_it_stands(tmp_path: Path) -> None:
    """Trees and crates placed with Tiled's Insert Tile were neither drawn nor in the way."""
    make_app()
    sheet = pygame.Surface((64, 32))
    sheet.fill((90, 160, 60), (0, 0, 32, 32))  # tile 0: grass
    sheet.fill((20, 80, 30), (32, 0, 32, 32))  # tile 1: a tree
    pygame.image.save(sheet, str(tmp_path / "kit.png"))
    tree = (
        '<tile id="1"><properties><property name="terrain" value="tree"/>'
        '<property name="blocks_move" type="bool" value="true"/>'
        '<property name="cover" value="high"/></properties></tile>'
    )
    kit = (
        '<tileset firstgid="1" name="kit" tilewidth="32" tileheight="32" tilecount="2" columns="2">'
        f'<image source="kit.png" width="64" height="32"/>{tree}</tileset>\n'
    )
    trees = (
        '<objectgroup name="decor"><object id="1" gid="2" x="96" y="96" width="32" height="32"/>'
        '<object id="2" gid="2" x="128" y="128" width="64" height="64"/></objectgroup>\n'
        '<objectgroup name="hidden" visible="0"><object id="3" gid="2" x="0" y="192" width="32" height="32"/>'
        "</objectgroup>\n"
    )
    battle_map = load_map(write(tmp_path, "map.tmx", tmx(8, 6, kit + csv_layer(8, 6) + trees)))
    board = battle_map.board
    blocked = {(x, y) for x in range(8) for y in range(6) if board.blocks_move((x, y))}
    assert blocked == {(3, 2), (4, 2), (5, 2), (4, 3), (5, 3), (0, 5)}  # a hidden layer's terrain counts
    assert board.cover_at((3, 2)) == "high" and not board.blocks_move((2, 2))
    assert not any("ignored" in w for w in battle_map.warnings)
    picture = MapLayer(board, battle_map.art).render_whole(32)
    assert tuple(picture.get_at((3 * 32 + 16, 2 * 32 + 16)))[:3] == (20, 80, 30)  # the tree
    assert tuple(picture.get_at((5 * 32 + 16, 3 * 32 + 16)))[:3] == (20, 80, 30)  # the big one, scaled
    assert tuple(picture.get_at((2 * 32 + 16, 2 * 32 + 16)))[:3] == (90, 160, 60)  # grass beside
    assert tuple(picture.get_at((16, 5 * 32 + 16)))[:3] == (90, 160, 60)  # the hidden layer's is not drawn


def test_a_groups_words_count_for_the_layers_inside_it(tmp_path: Path) -> None:
    """A group "Walls" around an unnamed layer, a group with cover=low and move_cost=2: both
    were ignored without a word."""
    marks = (
        csv_layer(8, 6, gid=0).replace("\n0,0,0", "\n1,0,0", 1).replace("<layer ", '<layer id="7" ', 1)
    )  # one tile, the top left
    body = (
        tileset()
        + csv_layer(8, 6, gid=0)
        + '<group id="4" name="Walls">'
        + marks.replace('name="ground"', 'name="Tile Layer 2"')
        + "</group>"
        + '<group id="5" name="Hedges"><properties><property name="cover" value="low"/>'
        '<property name="move_cost" type="float" value="2"/></properties>'
        + csv_layer(8, 6, gid=0)
        .replace(",0\n</data>", ",1\n</data>")
        .replace('name="ground"', 'name="Tile Layer 3"')
        + "</group>"
    )
    battle_map = load_map(
        write(tmp_path, "map.tmx", tmx(8, 6, body, attributes=' backgroundcolor="#c8b478"'))
    )
    board = battle_map.board
    assert battle_map.inferred == ("group 'Walls' (named like a wall): 1 tile blocks movement and sight",)
    assert board.blocks_move((0, 0)) and board.blocks_sight((0, 0)) and not board.blocks_move((1, 0))
    assert board.cover_at((7, 5)) == "low" and board.move_cost((7, 5)) == 2


def test_the_maps_background_colour_shows_where_no_layer_draws(tmp_path: Path) -> None:
    make_app()
    body = tileset() + csv_layer(8, 6, gid=0)
    battle_map = load_map(
        write(tmp_path, "map.tmx", tmx(8, 6, body, attributes=' backgroundcolor="#ffc8b478"'))
    )
    layer = MapLayer(battle_map.board, battle_map.art)
    assert tuple(layer.chunk(0, 0, 32).get_at((5, 5)))[:3] == (200, 180, 120)
    assert tuple(layer.render_whole(1).get_at((5, 5)))[:3] == (200, 180, 120)


def test_tiles_that_are_not_square_are_drawn_square_without_stripes(tmp_path: Path) -> None:
    make_app()
    solid_png(tmp_path, "wide.png", (32, 16), (90, 160, 60))
    sheet = (
        '<tileset firstgid="1" name="wide" tilewidth="32" tileheight="16" tilecount="1" columns="1">'
        '<image source="wide.png" width="32" height="16"/></tileset>\n'
    )
    text = tmx(8, 6, sheet + csv_layer(8, 6)).replace('tileheight="32"', 'tileheight="16"', 1)
    battle_map = load_map(write(tmp_path, "map.tmx", text))
    chunk = MapLayer(battle_map.board, battle_map.art).chunk(0, 0, 32)
    assert {tuple(chunk.get_at((16, y)))[:3] for y in (4, 20, 28, 60)} == {(90, 160, 60)}


def test_a_collection_tile_shows_its_part_of_the_image(tmp_path: Path) -> None:
    """Tiled 1.9 lets a collection's tile show part of an image (x, y, width, height on the
    tile): the whole atlas was drawn for every tile."""
    make_app()
    atlas = pygame.Surface((64, 32))
    atlas.fill((200, 0, 0), (0, 0, 32, 32))
    atlas.fill((0, 0, 200), (32, 0, 32, 32))
    pygame.image.save(atlas, str(tmp_path / "atlas.png"))

    def collection(x: int) -> str:
        return (
            '<tileset firstgid="1" name="atlas" tilewidth="32" tileheight="32" tilecount="1" columns="0">'
            f'<tile id="0" x="{x}" y="0" width="32" height="32">'
            '<image source="atlas.png" width="64" height="32"/></tile></tileset>\n'
        )

    battle_map = load_map(write(tmp_path, "map.tmx", tmx(8, 6, collection(32) + csv_layer(8, 6))))
    chunk = MapLayer(battle_map.board, battle_map.art).chunk(0, 0, 32)
    assert {tuple(chunk.get_at((x, 16)))[:3] for x in (4, 28, 36, 60)} == {(0, 0, 200)}
    with pytest.raises(
        MapError, match=r"its part of the image \(48, 0, 32×32\) lies outside the 64×32 image"
    ):
        load_map(write(tmp_path, "map.tmx", tmx(8, 6, collection(48) + csv_layer(8, 6))))


@pytest.mark.parametrize("render_size", ["grid", "tile"])
def test_a_tileset_drawn_at_the_grids_size_fits_its_cell(tmp_path: Path, render_size: str) -> None:
    """Tiled 1.9's tile render size "grid": 64-pixel tiles on a 32-pixel map were drawn two
    cells wide, overhanging."""
    make_app()
    solid_png(tmp_path, "big.png", (64, 64), (90, 160, 60))
    sheet = sheet_tileset("big.png", (64, 64), tile=64, extra=f' tilerendersize="{render_size}"')
    layer = csv_layer(8, 6, gid=0).replace("\n0,", "\n1,", 1)  # the top left tile alone
    battle_map = load_map(write(tmp_path, "map.tmx", tmx(8, 6, sheet + layer)))
    chunk = MapLayer(battle_map.board, battle_map.art).chunk(0, 0, 32)
    assert tuple(chunk.get_at((16, 16)))[:3] == (90, 160, 60)
    beside = tuple(chunk.get_at((48, 16)))[:3]
    assert (beside == WAITING) == (render_size == "grid")  # else the big tile overhangs into it


@pytest.mark.parametrize("offset", ["1e308", "nan", "inf", "-2e7", "twelve"])
def test_a_layer_offset_out_of_bounds_is_refused_in_one_line(tmp_path: Path, offset: str) -> None:
    """An image layer drawn at 1e308 pixels would overflow the renderer's rectangles."""
    write(tmp_path, "decal.png", png(8, 8))
    body = tileset() + csv_layer(8, 6)
    body += f'<imagelayer name="decal" offsetx="{offset}">'
    body += '<image source="decal.png" width="8" height="8"/></imagelayer>'
    with pytest.raises(MapError, match=r"<imagelayer> 'decal' offsetx must be a number"):
        load_map(write(tmp_path, "map.tmx", tmx(8, 6, body)))


def test_a_tile_placed_as_an_object_is_at_most_sixteen_tiles_a_side(tmp_path: Path) -> None:
    """It is drawn scaled to its box: one stretched over the map was a picture of gigabytes."""
    write(tmp_path, "kit.png", png(32, 32))
    kit = sheet_tileset("kit.png", (32, 32))
    huge = (
        '<objectgroup name="decor">'
        '<object id="1" gid="1" x="0" y="9000000" width="9000000" height="9000000"/></objectgroup>'
    )
    with pytest.raises(
        MapError, match="a tile placed 9e\\+06×9e\\+06 pixels large; at most 16 tiles of the map a side"
    ):
        load_map(write(tmp_path, "map.tmx", tmx(8, 6, kit + csv_layer(8, 6) + huge)))


def test_objects_stand_where_their_offset_layers_put_them(tmp_path: Path) -> None:
    """Tiled draws an object layer's objects moved by its offset and its groups' (Bob stood a
    tile or two off, and zones with him)."""
    bob = (
        '<object id="1" name="Bob" type="unit" x="16" y="16"><point/><properties>'
        '<property name="side" value="red"/><property name="troop" value="soldier"/></properties></object>'
    )
    blue = (
        '<object id="2" type="deploy" x="0" y="0" width="32" height="32"><properties>'
        '<property name="side" value="blue"/></properties></object>'
    )
    body = (
        tileset()
        + csv_layer(8, 6)
        + f'<objectgroup name="people" offsetx="64" offsety="32">{bob}</objectgroup>'
        + '<group name="zones" offsetx="96">'
        + f'<objectgroup name="deploy" offsety="64.4">{blue}</objectgroup></group>'
    )
    battle_map = load_map(write(tmp_path, "map.tmx", tmx(8, 6, body)))
    assert [(p.name, p.tile) for p in battle_map.placements] == [("Bob", (2, 1))]
    assert [set(z.tiles) for z in battle_map.zones if z.side == "blue"] == [{(3, 2)}]


def tinted_layer_art(tmp_path: Path, layer_tint: str) -> MapLayer:
    """The drawn layers of a map of (200, 100, 50) tiles in a layer of `layer_tint`, inside a
    group tinted #ffff00 (red and green kept)."""
    make_app()
    solid_png(tmp_path, "kit.png", (32, 32), (200, 100, 50))
    kit = sheet_tileset("kit.png", (32, 32))
    layer = csv_layer(8, 6).replace("<layer ", f'<layer tintcolor="{layer_tint}" ')
    body = kit + '<group name="dusk" tintcolor="#ffff00">' + layer + "</group>"
    battle_map = load_map(write(tmp_path, "map.tmx", tmx(8, 6, body)))
    return MapLayer(battle_map.board, battle_map.art)


def test_a_tinted_layer_is_drawn_in_its_tint(tmp_path: Path) -> None:
    """Tiled multiplies a layer's colours by its tintcolor (and its groups'): it was ignored."""
    layer_art = tinted_layer_art(tmp_path, "#ff8080ff")
    expected = (200 * 128 // 255, 100 * 128 // 255, 0)  # ×(128, 128, 255) in the group's ×(255, 255, 0)
    for picture in (layer_art.chunk(0, 0, 32), layer_art.render_whole(1)):
        assert all(abs(a - b) <= 1 for a, b in zip(tuple(picture.get_at((2, 2)))[:3], expected, strict=True))


def test_a_tintcolor_that_is_not_a_colour_is_no_tint(tmp_path: Path) -> None:
    """A hand-edited `tintcolor="#zzzzzzzz"` inside a tinted group: the layer takes the
    group's tint alone, at full opacity (its alpha was read apart and raised ValueError)."""
    picture = tinted_layer_art(tmp_path, "#zzzzzzzz").render_whole(1)
    assert tuple(picture.get_at((2, 2)))[:3] == (200, 100, 0)


def test_tall_and_offset_tiles_reach_across_the_chunks_they_are_drawn_in(tmp_path: Path) -> None:
    """The view draws the map in chunks of 16 tiles: a tall tile at a chunk's top edge, or a
    tile its tileset's offset moves, was cut off where the chunk above began."""
    make_app()
    solid_png(tmp_path, "grass.png", (32, 32), (90, 160, 60))
    solid_png(tmp_path, "tree.png", (32, 64), (20, 80, 30))
    solid_png(tmp_path, "flag.png", (32, 32), (200, 40, 40))
    sets = (
        sheet_tileset("grass.png", (32, 32))
        + '<tileset firstgid="2" name="trees" tilewidth="32" tileheight="64" tilecount="1" columns="1">'
        '<image source="tree.png" width="32" height="64"/></tileset>\n'
        '<tileset firstgid="3" name="flags" tilewidth="32" tileheight="32" tilecount="1" columns="1">'
        '<tileoffset x="0" y="-16"/><image source="flag.png" width="32" height="32"/></tileset>\n'
    )
    rows = [["0"] * 20 for _ in range(20)]
    rows[16][3] = "2"  # a tree on the top row of the second chunk: it reaches into the first
    rows[16][8] = "3"  # a flag drawn half a tile up
    top = ",\n".join(",".join(row) for row in rows)
    layers = (
        csv_layer(20, 20)
        + f'<layer name="things" width="20" height="20"><data encoding="csv">\n{top}\n</data></layer>'
    )
    battle_map = load_map(write(tmp_path, "map.tmx", tmx(20, 20, sets + layers)))
    picture = MapLayer(battle_map.board, battle_map.art).render_whole(32)
    assert tuple(picture.get_at((3 * 32 + 16, 15 * 32 + 16)))[:3] == (20, 80, 30)
    assert tuple(picture.get_at((8 * 32 + 16, 15 * 32 + 24)))[:3] == (200, 40, 40)
    assert tuple(picture.get_at((8 * 32 + 16, 16 * 32 + 24)))[:3] == (90, 160, 60)


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (
            '<imagelayer name="decal" offsetx="1e308">'
            '<image source="decal.png" width="8" height="8"/></imagelayer>',
            "offsetx must be a number within",
        ),
        (
            '<imagelayer name="decal"><image source="decal.png" width="8" height="8"/></imagelayer>'
            '<objectgroup name="decor"><object id="1" gid="1" x="0" y="9000000" width="9000000" '
            'height="9000000"/></objectgroup>',
            "at most 16 tiles of the map a side",
        ),
    ],
)
def test_hostile_uses_of_the_new_map_features_end_in_one_line(
    tmp_path: Path, body: str, fragment: str
) -> None:
    """check-map and render, in a process of their own under the hostile maps' time and memory
    limits: one line and exit 2, never a traceback or a renderer overflowing."""
    write(tmp_path, "decal.png", png(8, 8))
    write(tmp_path, "kit.png", png(32, 32))
    path = write(tmp_path, "map.tmx", tmx(8, 6, sheet_tileset("kit.png", (32, 32)) + csv_layer(8, 6) + body))
    for command in (("check-map", str(path)), ("render", str(path), "--out", str(tmp_path / "out.png"))):
        assert_refused(run_limited(*command, home=tmp_path), fragment)


def test_a_tintcolor_that_is_not_a_colour_loads_and_draws_in_a_process_under_limits(tmp_path: Path) -> None:
    """check-map and render of the hand-edited tintcolor, in a process of their own under the
    hostile maps' time and memory limits: they succeed (it is no tint), with no traceback."""
    write(tmp_path, "kit.png", png(32, 32))
    layer = csv_layer(8, 6).replace("<layer ", '<layer tintcolor="#zzzzzzzz" ')
    body = sheet_tileset("kit.png", (32, 32)) + '<group name="dusk" tintcolor="#ffff00">' + layer + "</group>"
    path = write(tmp_path, "map.tmx", tmx(8, 6, body))
    for command in (("check-map", str(path)), ("render", str(path), "--out", str(tmp_path / "out.png"))):
        outcome = run_limited(*command, home=tmp_path)
        assert outcome.status == 0 and "Traceback" not in outcome.stderr, (
            outcome.status,
            outcome.stderr[-800:],
        )
    assert (tmp_path / "out.png").stat().st_size > 0


def test_a_png_with_only_its_header_draws_its_terrain_without_the_image_librarys_noise(
    tmp_path: Path,
) -> None:
    """A PNG cut off after its header passes the size check and fails to decode: its tiles show
    their terrain, libpng's own "libpng error: …" line no longer reaches stderr, and check-map
    warns of it (it said nothing)."""
    write(tmp_path, "kit.png", png(64, 32, pixels=False))
    write(tmp_path, "map.tmx", tmx(8, 6, sheet_tileset("kit.png", (64, 32)) + csv_layer(8, 6)))
    outcome = run_limited(
        "render", str(tmp_path / "map.tmx"), "--out", str(tmp_path / "o.png"), home=tmp_path
    )
    assert outcome.status == 0, outcome.stderr
    assert outcome.stderr == ""
    assert (tmp_path / "o.png").stat().st_size > 0
    # check-map decodes what it sized, and says which image will not show.
    checked = run_limited("check-map", str(tmp_path / "map.tmx"), home=tmp_path)
    assert checked.status == 0 and checked.stderr == "", checked.stderr
    assert "image kit.png cannot be decoded" in checked.stdout
    assert "its tiles show their terrain" in checked.stdout
