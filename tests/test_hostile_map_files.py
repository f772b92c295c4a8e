"""Maps built to break the loader, found by an audit (2026-12-01): each is refused in one
line before anything is decoded or opened, and the limits agree with what saves accept."""

from __future__ import annotations

from pathlib import Path

import pytest

import game.board.tiled as tiled
from game.board.preflight import MapError
from game.board.tiled import load_map
from game.content.fields import FieldError
from game.content.grid import parse_board
from tests.hostile import assert_refused, csv_layer, png, run_limited, sheet_tileset, tileset, tmx


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def test_a_map_whose_name_is_too_long_for_the_system_is_refused(tmp_path: Path) -> None:
    """The system refuses to look a 300-character file name up at all (it raised OSError)."""
    path = tmp_path / ("a" * 300 + ".tmx")
    with pytest.raises(MapError, match=r"^…a+\.tmx: cannot be read \(File name too long\)$"):
        load_map(path)
    assert_refused(run_limited("check-map", str(path), home=tmp_path), "cannot be read")


def test_an_image_whose_name_is_too_long_for_the_system_is_missing(tmp_path: Path) -> None:
    body = sheet_tileset("b" * 300 + ".png", (64, 32)) + csv_layer(8, 6)
    with pytest.raises(MapError, match=r"missing image file …b+\.png \(looked for …b+\.png\)$"):
        load_map(write(tmp_path, "map.tmx", tmx(8, 6, body)))


def test_a_tileset_file_that_points_to_another_file_is_refused_before_pytmx_opens_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pytmx follows `source` on a tileset's own root to a file nobody checked (a FIFO hung the
    game; a tileset declaring a 100,000-pixel image used gigabytes)."""
    (tmp_path / "sheet.png").write_bytes(png(64, 32))
    tsx = sheet_tileset("sheet.png", (64, 32), firstgid=0).replace("<tileset ", '<tileset source="b.tsx" ', 1)
    write(tmp_path, "a.tsx", '<?xml version="1.0" encoding="UTF-8"?>\n' + tsx)
    write(tmp_path, "b.tsx", "never read")
    path = write(tmp_path, "map.tmx", tmx(8, 6, '<tileset firstgid="1" source="a.tsx"/>' + csv_layer(8, 6)))

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("pytmx must not read this map")

    monkeypatch.setattr(tiled.pytmx, "TiledMap", refuse)
    with pytest.raises(MapError, match=r"a\.tsx: a tileset file cannot refer to another tileset"):
        load_map(path)


def animated(tileid: int) -> str:
    return tileset(
        tiles=2, body=f'<tile id="1"><animation><frame tileid="{tileid}" duration="100"/></animation></tile>'
    )


@pytest.mark.parametrize(
    ("tileid", "message"),
    [(2**32, "more than 65536 tiles"), (10**30, "more than 65536 tiles"), (-5, "tileid must be at least 0")],
)
def test_an_animation_frame_out_of_any_tileset_is_refused(tmp_path: Path, tileid: int, message: str) -> None:
    """A frame's tile counts as one of its tileset's (pytmx registered gid 2**32 + 1, which no
    gid table holds)."""
    path = write(tmp_path, "map.tmx", tmx(8, 6, animated(tileid) + csv_layer(8, 6)))
    with pytest.raises(MapError, match=message):
        load_map(path)


def test_an_animation_within_its_tileset_loads(tmp_path: Path) -> None:
    path = write(tmp_path, "map.tmx", tmx(8, 6, animated(0) + csv_layer(8, 6)))
    assert load_map(path).board.width == 8


@pytest.mark.parametrize(
    ("map_tile", "sheet_tile", "fine"),
    [(1, 4096, False), (2, 64, False), (32, 512, True), (32, 544, False), (4, 64, True)],
)
def test_tiles_many_times_the_map_s_tile_are_refused(
    tmp_path: Path, map_tile: int, sheet_tile: int, fine: bool
) -> None:
    """The renderer scales a tileset's tiles with the map's zoom: a 4096-pixel tile on a map of
    1-pixel tiles became 131,072 pixels (pygame ran out of memory; `--verify` had passed)."""
    (tmp_path / "sheet.png").write_bytes(png(sheet_tile, sheet_tile))
    body = sheet_tileset("sheet.png", (sheet_tile, sheet_tile), tile=sheet_tile) + csv_layer(8, 6)
    path = write(tmp_path, "map.tmx", tmx(8, 6, body, tile=map_tile))
    if fine:
        assert load_map(path).art is not None
    else:
        with pytest.raises(MapError, match=r"more than 16 times the map's"):
            load_map(path)


@pytest.mark.parametrize(
    ("metres", "fine"), [("1e-320", False), ("0.09", False), ("0.1", True), ("100", True)]
)
def test_a_map_s_scale_is_from_a_tenth_of_a_metre_to_a_hundred(
    tmp_path: Path, metres: str, fine: bool
) -> None:
    """At 1e-320 metres a tile the scale bar's pixels a metre overflowed to infinity."""
    props = f'<properties><property name="metres_per_tile" type="float" value="{metres}"/></properties>'
    path = write(tmp_path, "map.tmx", tmx(8, 6, props + tileset() + csv_layer(8, 6)))
    if fine:
        assert load_map(path).board.metres_per_tile == float(metres)
    else:
        with pytest.raises(MapError, match=r"metres_per_tile must be from 0\.1 to 100 metres"):
            load_map(path)


@pytest.mark.parametrize("metres", [1e-320, 1e-9, 0.05, 101])
def test_a_board_s_scale_has_the_map_s_bounds(metres: float) -> None:
    """The sandbox's, a scenario's and a save's boards are checked by the same rule as maps."""
    with pytest.raises(FieldError, match=r"board\.metres_per_tile: must be from 0\.1 to 100 metres"):
        parse_board({"width": 4, "height": 4, "metres_per_tile": metres}, "board")
    assert parse_board({"width": 4, "height": 4, "metres_per_tile": 0.1}, "board").metres_per_tile == 0.1


@pytest.mark.parametrize(("side", "fine"), [(1000, True), (1001, False)])
def test_a_board_is_at_most_as_large_as_a_map(side: int, fine: bool) -> None:
    """A sandbox or save board of 10,000 tiles a side was accepted: the workbench then took
    minutes and gigabytes to show it, and the scenario it wrote from it was refused."""
    data = {"width": side, "height": 2}
    if fine:
        assert parse_board(data, "board").width == side
    else:
        with pytest.raises(FieldError, match=r"board\.width: expected a whole number from 1 to 1000"):
            parse_board(data, "board")
