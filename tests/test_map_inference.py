"""Terrain inferred from what real Tiled maps carry (issue 54, Maps), read as words and
whole layers: a layer named "Grass and Water" no longer blocks the grass, a base layer named
"Water" under the islands is their ground, and what a tile says of itself (its collision
flag, its type or class, its tileset's class) wins over its layer's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.board.infer import words
from game.board.tiled import load_map

W, H = 10, 6


def layer(name: str, rows: list[list[int]]) -> str:
    data = ",\n".join(",".join(map(str, row)) for row in rows)
    return f'<layer name="{name}" width="{W}" height="{H}"><data encoding="csv">\n{data}\n</data></layer>\n'


def full(gid: int) -> list[list[int]]:
    return [[gid] * W for _ in range(H)]


def strip(gid: int, x: int = 4) -> list[list[int]]:
    """`gid` in one column, nothing elsewhere."""
    return [[gid if i == x else 0 for i in range(W)] for _ in range(H)]


def tiles(*bodies: str, name: str = "plain", extra: str = "") -> str:
    inner = "".join(f'<tile id="{i}"{body}' for i, body in enumerate(bodies))
    return (
        f'<tileset firstgid="1" name="{name}" tilewidth="32" tileheight="32" tilecount="{len(bodies)}"'
        f' columns="0"{extra}>{inner}</tileset>\n'
    )


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "real.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
        f'renderorder="right-down" width="{W}" height="{H}" tilewidth="32" tileheight="32" '
        f'infinite="0">\n{body}</map>\n'
    )
    return path


def blocked(path: Path) -> tuple[set[int], set[int]]:
    """The columns holding tiles that block movement, and sight (row 0)."""
    board = load_map(path).board
    move = {x for x in range(W) if board.blocks_move((x, 0))}
    sight = {x for x in range(W) if board.blocks_sight((x, 0))}
    return move, sight


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("Grass and Water", {"grass", "and", "water"}),
        ("CollisionLayer", {"collision", "layer"}),
        ("walls_top2", {"wall", "top"}),
        ("Wallpaper", {"wallpaper"}),
        ("SEA", {"sea"}),
    ],
)
def test_names_are_read_as_words(name: str, found: set[str]) -> None:
    assert words(name) == found


def test_a_grass_and_water_layer_blocks_nothing_and_walls_still_do(tmp_path: Path) -> None:
    body = tiles("/>", "/>") + layer("Grass and Water", full(1)) + layer("Walls", strip(2))
    assert blocked(write(tmp_path, body)) == ({4}, {4})


@pytest.mark.parametrize(
    ("name", "blocks"), [("Wallpaper", False), ("walls_top", True), ("ObstacleLayer", True)]
)
def test_a_layer_name_is_matched_by_words(tmp_path: Path, name: str, blocks: bool) -> None:
    body = tiles("/>", "/>") + layer("ground", full(1)) + layer(name, strip(2))
    assert blocked(write(tmp_path, body))[0] == ({4} if blocks else set())


def test_a_water_layer_covering_the_map_is_its_ground(tmp_path: Path) -> None:
    body = tiles("/>", "/>") + layer("Water", full(1)) + layer("Rocks", strip(2))
    path = write(tmp_path, body)
    assert blocked(path) == (set(), set())
    assert any("'Water' is named like an obstacle but covers 100%" in w for w in load_map(path).warnings)


def test_a_water_layer_covering_part_of_the_map_blocks(tmp_path: Path) -> None:
    body = tiles("/>", "/>") + layer("ground", full(1)) + layer("Water", strip(2))
    assert blocked(write(tmp_path, body)) == ({4}, set())


@pytest.mark.parametrize(
    "tile",
    [
        ' class="grass"/>',  # Tiled 1.9 and later
        ' type="Floor"/>',  # Tiled 1.8
        '><properties><property name="collides" type="bool" value="false"/></properties></tile>',
    ],
)
def test_what_a_tile_says_of_itself_wins_over_its_layer_name(tmp_path: Path, tile: str) -> None:
    body = tiles("/>", tile) + layer("ground", full(1)) + layer("Water", strip(2))
    assert blocked(write(tmp_path, body)) == (set(), set())


def test_a_tile_type_or_tileset_class_says_what_it_is(tmp_path: Path) -> None:
    body = tiles("/>", ' type="stone wall"/>') + layer("ground", full(1)) + layer("things", strip(2))
    assert blocked(write(tmp_path, body)) == ({4}, {4})
    water = tiles("/>", name="lake", extra=' class="water"')
    assert blocked(write(tmp_path, water + layer("ground", full(0)) + layer("things", strip(1))))[0] == {4}


WANG = (
    '<wangsets><wangset name="ground" type="corner" tile="-1">'
    '<wangcolor name="Grass" color="#00ff00" tile="-1" probability="1"/>'
    '<wangcolor name="Deep Water" color="#0000ff" tile="-1" probability="1"/>'
    '<wangtile tileid="0" wangid="0,1,0,1,0,1,0,1"/>'
    '<wangtile tileid="1" wangid="0,2,0,2,0,2,0,2"/>'
    '<wangtile tileid="2" wangid="0,1,0,2,0,2,0,1"/>'
    "</wangset></wangsets>"
)


def test_wang_colours_named_like_water_block_and_a_shore_does_not(tmp_path: Path) -> None:
    tileset = tiles("/>", "/>", "/>").replace("</tileset>", WANG + "</tileset>")
    rows = [[1, 1, 3, 2, 2, 2, 3, 1, 1, 1] for _ in range(H)]
    path = write(tmp_path, tileset + layer("Tile Layer 1", rows))
    assert blocked(path) == ({3, 4, 5}, set())
    assert any("Wang colour 'Deep Water' (named like water)" in line for line in load_map(path).inferred)


def test_old_terrain_types_named_like_walls_block(tmp_path: Path) -> None:
    terrains = (
        '<terraintypes><terrain name="Stone Wall" tile="0"/><terrain name="Dirt" tile="1"/></terraintypes>'
    )
    tileset = tiles(' terrain="0,0,0,0"/>', ' terrain="1,1,1,1"/>').replace(
        'columns="0">', f'columns="0">{terrains}'
    )
    path = write(tmp_path, tileset + layer("Tile Layer 1", [[2, 1] + [2] * (W - 2) for _ in range(H)]))
    assert blocked(path) == ({1}, {1})


def test_check_map_says_which_rule_decided_each_terrain_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.cli import main

    body = tiles("/>", "/>") + layer("Grass and Water", full(1)) + layer("Walls", strip(2))
    assert main(["check-map", str(write(tmp_path, body))]) == 0
    out = capsys.readouterr().out
    decided = out.split("terrain decided by:\n", 1)[1].split("inferred terrain", 1)[0]
    assert decided.splitlines() == [
        "  open ground: nothing said: open ground",
        "  wall: layer 'Walls' (named like a wall)",
    ]
    assert main(["check-map", str(Path(__file__).resolve().parent.parent / "maps" / "skirmish.tmx")]) == 0
    assert "terrain decided by" not in capsys.readouterr().out  # its own properties say it all


def test_tiles_cut_from_one_big_image_are_as_large_as_their_part(tmp_path: Path) -> None:
    """Tiled 1.9's sub-rectangle tiles (its `forest` example cuts one 1024-pixel image): they
    were refused as "tiles of 1024×1024 pixels", 32 times the map's."""
    from tests.hostile import png

    (tmp_path / "atlas.png").write_bytes(png(1024, 1024))
    parts = "".join(
        f'<tile id="{i}" x="{32 * i}" y="0" width="32" height="32">'
        '<image source="atlas.png" width="1024" height="1024"/></tile>'
        for i in range(2)
    )
    head = '<tileset firstgid="1" name="atlas" tilewidth="32" tileheight="32" tilecount="2" columns="0">'
    tileset = f"{head}{parts}</tileset>"
    battle_map = load_map(write(tmp_path, tileset + layer("ground", full(1)) + layer("Walls", strip(2))))
    assert battle_map.board.width == W and battle_map.board.blocks_move((4, 0))
    (art,) = [t for t in battle_map.art.tilesets if hasattr(t, "images")]
    assert [image.rect for image in art.images.values()] == [(0, 0, 32, 32), (32, 0, 32, 32)]


def unit(oid: int, side: str, x: int, face: str) -> str:
    """A troop of soldiers placed on row 1, column `x`, facing `face`."""
    props = (
        f'<property name="side" value="{side}"/><property name="troop" value="soldier"/>'
        f'<property name="facing" propertytype="Facing" value="{face}"/>'
    )
    return f'<object id="{oid}" x="{x * 32 + 16}" y="48"><properties>{props}</properties><point/></object>'


@pytest.mark.parametrize(("given", "facing"), [("3", 3), (" 0 ", 0), ("SW", 5)])
def test_a_facing_of_0_to_7_is_accepted_as_the_docs_say(tmp_path: Path, given: str, facing: int) -> None:
    from game.board.project import property_types

    units = f'<objectgroup name="units">{unit(1, "A", 1, given)}{unit(2, "B", 8, "W")}</objectgroup>'
    placed = load_map(write(tmp_path, tiles("/>") + layer("ground", full(1)) + units)).placements
    assert [p.facing for p in placed] == [facing, 6]
    (enum,) = [t for t in property_types() if t["name"] == "Facing"]
    assert [str(n) for n in range(8)] == enum["values"][-8:]


def test_a_facing_of_8_is_refused(tmp_path: Path) -> None:
    from game.board.preflight import MapError

    props = (
        '<property name="side" value="A"/><property name="troop" value="soldier"/>'
        '<property name="facing" value="8"/>'
    )
    unit = f'<object id="1" x="48" y="48"><properties>{props}</properties><point/></object>'
    units = f'<objectgroup name="units">{unit}</objectgroup>'
    with pytest.raises(MapError, match="facing must be one of"):
        load_map(write(tmp_path, tiles("/>") + layer("ground", full(1)) + units))


# ---------------------------------------------------------------- check-map
def test_check_map_takes_a_bundled_map_or_a_scenario_as_render_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from game.cli import main

    assert main(["check-map", "ruined_town"]) == 0
    assert capsys.readouterr().out.startswith("map: Ruined Town (")
    assert main(["check-map", "tutorial_basics"]) == 0
    assert "training_yard.tmx" in capsys.readouterr().out.splitlines()[0]
    assert main(["check-map", "no_such_thing"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "'no_such_thing'" in err and "ruined_town" in err


def test_check_map_json_is_the_summary_as_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from game.cli import main

    body = tiles("/>", "/>") + layer("Grass and Water", full(1)) + layer("Walls", strip(2))
    assert main(["check-map", str(write(tmp_path, body)), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert (found["name"], found["width"], found["height"]) == ("real", W, H)
    walls = [t for t in found["terrain"] if t["blocks_move"]]
    assert [(t["tiles"], t["decided_by"]) for t in walls] == [(H, ["layer 'Walls' (named like a wall)"])]
    assert [z["side"] for z in found["zones"]] == ["A", "B"] and found["combatants"] == []
    assert any("no deploy zones" in w for w in found["warnings"])
    units = f'<objectgroup name="units">{unit(1, "A", 1, "3")}{unit(2, "B", 8, "W")}</objectgroup>'
    assert (
        main(["check-map", str(write(tmp_path, tiles("/>") + layer("ground", full(1)) + units)), "--json"])
        == 0
    )
    placed = json.loads(capsys.readouterr().out)["combatants"]
    assert placed[0] == {"side": "A", "name": "", "troop": "soldier", "tile": [1, 1], "facing": "SE"}
    (tmp_path / "bad.tmx").write_text("<map")
    assert main(["check-map", str(tmp_path / "bad.tmx"), "--json"]) == 2
    assert "malformed XML" in capsys.readouterr().err
