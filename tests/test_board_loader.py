"""The Tiled loader: terrain rules, deploy zones, placements, and every way a map can be bad."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import numpy as np
import pytest

from game.board.preflight import MapError
from game.board.tiled import load_map

ROOT = Path(__file__).resolve().parent.parent
MAPS = Path(__file__).resolve().parent / "maps"


def _fixture_script():
    spec = importlib.util.spec_from_file_location("make_fixtures", MAPS / "make_fixtures.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIXTURES = _fixture_script()


def test_fixtures_are_what_the_script_writes() -> None:
    for name, content in FIXTURES.files().items():
        path = MAPS / name
        expected = content if isinstance(content, bytes) else content.encode("utf-8")
        assert path.read_bytes() == expected, f"{name} is stale: run python tests/maps/make_fixtures.py"


# ---------------------------------------------------------------- terrain rules
def test_tile_properties_make_terrain() -> None:
    battle = load_map(MAPS / "terrain_rules.tmx")
    board = battle.board
    assert battle.name == "Terrain rules"
    assert (board.width, board.height, board.metres_per_tile) == (8, 6, 1.5)
    assert board.terrain_at((0, 0)).name == "open ground"
    rough = board.terrain_at((1, 1))
    assert (rough.name, rough.move_cost) == ("rough", 2.0)
    assert board.step_metres((0, 1), (1, 1)) == 3.0  # 1.5 m × 2
    wall = board.terrain_at((2, 1))
    assert wall.blocks_move and wall.blocks_sight and wall.cover == "none"
    water = board.terrain_at((3, 1))
    assert water.blocks_move and not water.blocks_sight
    smoke = board.terrain_at((4, 1))
    assert smoke.blocks_sight and not smoke.blocks_move
    assert board.cover_at((5, 1)) == "low"
    barricade = board.terrain_at((6, 1))
    assert barricade.blocks_move and barricade.cover == "high" and not barricade.blocks_sight


def test_the_topmost_tile_that_says_something_wins() -> None:
    board = load_map(MAPS / "terrain_rules.tmx").board
    # A bridge (blocks_move false) on the overlay layer over water on the ground layer.
    assert board.terrain_at((4, 4)).name == "bridge"
    assert not board.blocks_move((4, 4))
    assert board.blocks_move((5, 4))  # water without a bridge


def test_layer_properties_apply_to_every_tile_on_the_layer() -> None:
    board = load_map(MAPS / "terrain_rules.tmx").board
    # The "hedges" layer says cover=low for its tiles, which say nothing themselves.
    assert board.cover_at((2, 3)) == board.cover_at((3, 3)) == "low"
    assert board.cover_at((4, 3)) == "none"


def test_deploy_zones_of_every_shape_and_placements() -> None:
    battle = load_map(MAPS / "terrain_rules.tmx")
    zones = {z.name: z for z in battle.zones}
    assert zones["west"].side == "red" and zones["west"].tiles == {(0, y) for y in range(6)}
    assert zones["east"].side == "blue" and zones["east"].tiles == {(7, y) for y in range(6)}  # a polygon
    assert zones["pond"].tiles == {(5, 5), (6, 5)}  # an ellipse over two tile centres
    assert battle.sides == ["red", "blue"]
    assert battle.deploy_tiles("blue") == {(7, y) for y in range(6)} | {(5, 5), (6, 5)}
    omar, niles = battle.placements
    assert (omar.side, omar.character, omar.tile, omar.facing_name) == ("red", "omar", (0, 2), "E")
    # No facing given: towards the middle of the map.
    assert (niles.tile, niles.facing_name) == ((7, 2), "W")
    assert any("ignored" in w for w in battle.warnings)  # the marker object


def test_a_map_for_another_game_loads_with_sensible_defaults() -> None:
    battle = load_map(MAPS / "foreign.tmx")
    board = battle.board
    assert board.metres_per_tile == 1.0  # "Metres Per Tile" is not our property
    # Layers named Walls and Collision (even hidden) block movement and sight.
    for tile in [(4, 1), (4, 2), (4, 3), (7, 1)]:
        assert board.blocks_move(tile) and board.blocks_sight(tile)
    # Tiles on other layers, with no properties, are open ground...
    assert not board.blocks_move((6, 4)) and board.move_cost((6, 4)) == 1.0
    # ...unless Tiled's collision editor gave them a shape: that blocks movement, not sight.
    assert board.blocks_move((8, 4)) and not board.blocks_sight((8, 4))
    # No deploy zones: sides A and B on the west and east edges, two tiles deep.
    west, east = battle.zones
    assert (west.side, east.side) == ("A", "B")
    assert west.tiles == {(x, y) for x in (0, 1) for y in range(6)}
    assert east.tiles == {(x, y) for x in (8, 9) for y in range(6)} - {(8, 4)}  # not the blocked tile
    text = " | ".join(battle.warnings)
    assert "did you mean 'metres_per_tile'" in text
    assert "no deploy zones" in text
    # What was guessed, and from what, is reported (check-map prints it).
    assert battle.inferred == (
        "layer 'Walls' (named like a wall): 3 tiles block movement and sight",
        "tiles of tileset 'plain' with collision shapes: 1 tile blocks movement",
        "layer 'Collision' (named like a wall): 1 tile blocks movement and sight",
    )


def test_a_tall_map_deploys_north_and_south_around_blocked_edges() -> None:
    battle = load_map(MAPS / "tall.tmx")
    north, south = battle.zones
    assert north.name == "north edge" and north.tiles == {(x, 1) for x in range(3)}  # row 0 is wall
    assert south.tiles == {(x, y) for x in range(3) for y in (8, 9)}


def test_scale_and_compressed_layers() -> None:
    battle = load_map(MAPS / "scale_base64.tmx")
    board = battle.board
    assert battle.name == "Scale test"
    assert board.metres_per_tile == 2.0
    assert board.move_cost((2, 2)) == 2.0  # zlib layer
    assert board.move_cost((3, 1)) == 2.0  # gzip layer
    assert board.distance((0, 0), (3, 0)) == 6.0


def test_embedded_tileset_and_flipped_tiles() -> None:
    board = load_map(MAPS / "embedded.tmx").board
    assert board.blocks_move((2, 1)) and board.blocks_sight((2, 1))  # a wall tile, flipped


def test_the_bundled_skirmish_map() -> None:
    battle = load_map(ROOT / "maps" / "skirmish.tmx")
    board = battle.board
    assert (board.width, board.height, board.metres_per_tile) == (24, 16, 1.5)
    assert battle.sides == ["red", "blue"] and battle.warnings == ()
    assert all(len(battle.deploy_tiles(side)) >= 10 for side in battle.sides)
    names = {t.name for t, _ in board.terrain_counts()}
    assert {"grass", "stone wall", "low wall", "woods", "deep water", "bridge"} <= names


def test_a_deploy_zone_over_blocked_tiles_loses_them_with_a_warning() -> None:
    battle = load_map(MAPS / "zone_blocked.tmx")  # red covers (1..2, 0..1); (2, 0) and (2, 1) are water
    assert battle.deploy_tiles("red") == {(1, 0), (1, 1)}
    assert battle.warnings == (
        "deploy zone 'red zone' of side 'red' leaves out 2 tile(s) that block movement, first (2, 0)",
    )


# ---------------------------------------------------------------- bad maps
@pytest.mark.parametrize("name", sorted(FIXTURES.BAD))
def test_bad_maps_fail_with_one_clear_line(name: str) -> None:
    with pytest.raises(MapError) as caught:
        load_map(MAPS / name)
    message = str(caught.value)
    assert FIXTURES.BAD[name] in message
    assert "\n" not in message


def test_a_missing_file_a_folder_and_a_picture() -> None:
    with pytest.raises(MapError, match="no such map file"):
        load_map(MAPS / "nothing-here.tmx")
    with pytest.raises(MapError, match="is a directory, not a file"):
        load_map(MAPS)
    with pytest.raises(MapError, match="malformed XML"):
        load_map(MAPS / "terrain.png")


def test_a_json_map_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "map.tmj"
    path.write_text("{}")
    with pytest.raises(MapError, match="JSON maps are not supported"):
        load_map(path)


def test_unsafe_xml_never_reaches_pytmx(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.board.tiled as tiled

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("pytmx must not see an unsafe file")

    monkeypatch.setattr(tiled.pytmx, "TiledMap", refuse)
    for name in ("entities.tmx", "external_entity.tmx", "bomb.tmx", "huge.tmx"):
        with pytest.raises(MapError):
            load_map(MAPS / name)


# ---------------------------------------------------------------- who imports what
def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_only_the_loader_reads_pytmx_and_only_paths_use_tcod() -> None:
    for path in (ROOT / "game").rglob("*.py"):
        used = _imports(path)
        relative = path.relative_to(ROOT).as_posix()
        if "pytmx" in used:
            assert relative == "game/board/tiled.py", relative
        if "tcod" in used:
            assert relative == "game/board/paths.py", relative


def test_property_values_are_read_leniently_but_never_guessed() -> None:
    from game.board.tiled import _partial

    read = _partial({"move_cost": "2.5", "blocks_move": "True", "cover": "HIGH", "terrain": "ruin"}, "here")
    assert (read.move_cost, read.blocks_move, read.cover, read.terrain) == (2.5, True, 2, "ruin")
    # Old Tiled maps carry a corner-terrain attribute that pytmx mixes into the properties.
    assert _partial({"terrain": "0,0,1,1"}, "here").terrain is None
    with pytest.raises(MapError, match="here: move_cost must be a number above 0"):
        _partial({"move_cost": float("nan")}, "here")
    with pytest.raises(MapError, match="here: blocks_move must be true or false"):
        _partial({"blocks_move": 2}, "here")


def test_the_loader_exposes_the_maps_own_art_for_renderers() -> None:
    from game.board.art import FLIP_H

    battle_map = load_map(MAPS / "foreign.tmx")
    art = battle_map.art
    assert art is not None
    assert [layer.name for layer in art.layers] == ["Ground", "Walls", "Decor", "Collision"]
    for layer in art.layers:
        assert layer.gids.shape == (battle_map.board.height, battle_map.board.width)
        assert not (layer.flags & ~np.uint32(0xE0000000)).any()  # only Tiled's flip bits
    assert FLIP_H == 0x80000000
    assert all(t.image.exists() for t in art.tilesets)
    used = {int(g) for layer in art.layers for g in np.unique(layer.gids) if g}
    assert all(art.tileset_for(g) is not None for g in used)
