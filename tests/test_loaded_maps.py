"""The loader remembers the maps it loaded while their files stay as they were
(`game.board.loaded_maps`): New battle asks for a map for its list, its picture and
the battle, and a big map took most of a second each time.  An edit to the map, to
its tileset or to the tileset's image is seen at the next load."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import game.board.tiled as tiled
from game.board.loaded_maps import LoadedMaps
from game.board.preflight import MapError
from game.board.tiled import LOADED, load_map
from tests.hostile import csv_layer, png, tmx


def tile_props(cost: float) -> str:
    prop = f'<property name="move_cost" type="float" value="{cost}"/>'
    return f'<tile id="0"><properties>{prop}</properties></tile>'


def write_kit(folder: Path, cost: float = 1.0, name: str = "Yard") -> Path:
    """A 6 × 4 map using an external tileset (cut from an image), every tile costing `cost`."""
    (folder / "sheet.png").write_bytes(png(64, 32))
    (folder / "sheet.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="sheet" tilewidth="32" tileheight="32" '
        f'tilecount="2" columns="2"><image source="sheet.png" width="64" height="32"/>{tile_props(cost)}'
        "</tileset>\n"
    )
    props = f'<properties><property name="name" value="{name}"/></properties>'
    path = folder / "yard.tmx"
    path.write_text(tmx(6, 4, props + '<tileset firstgid="1" source="sheet.tsx"/>' + csv_layer(6, 4)))
    return path


def touch_later(path: Path) -> None:
    """Move a file's modification time on, as a later save would (however coarse the clock)."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))


def no_loading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: Path) -> None:
        raise AssertionError(f"{path} was read again")

    monkeypatch.setattr(tiled, "check_file", refuse)


def test_a_map_loaded_before_is_not_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_map(write_kit(tmp_path))
    no_loading(monkeypatch)
    again = load_map(tmp_path / "yard.tmx")
    assert again is first
    assert again.name == "Yard"


def test_the_same_file_named_another_way_keeps_the_name_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_map(write_kit(tmp_path))
    monkeypatch.chdir(tmp_path)
    no_loading(monkeypatch)
    assert load_map("yard.tmx").source == "yard.tmx"


@pytest.mark.parametrize("edited", ["yard.tmx", "sheet.tsx", "sheet.png"])
def test_an_edited_file_is_read_again(tmp_path: Path, edited: str) -> None:
    """The map, its tileset and the tileset's image each count: the edit shows at once."""
    path = write_kit(tmp_path)
    before = load_map(path)
    assert (before.board.move_costs == 1.0).all()
    if edited == "yard.tmx":
        write_kit(tmp_path, name="Yard at dusk")
    elif edited == "sheet.tsx":
        write_kit(tmp_path, cost=2.0)
    else:
        (tmp_path / "sheet.png").write_bytes(png(64, 64))  # the image grew a row
    touch_later(tmp_path / edited)
    if edited == "sheet.png":  # read again, the tileset no longer matches its image
        with pytest.raises(MapError, match="sheet.png is 64×64 pixels, but the tileset says 64×32"):
            load_map(path)
        return
    after = load_map(path)
    assert after is not before
    if edited == "yard.tmx":
        assert after.name == "Yard at dusk"
    else:
        assert (after.board.move_costs == 2.0).all()


def test_a_map_whose_file_is_gone_is_not_served(tmp_path: Path) -> None:
    path = write_kit(tmp_path)
    load_map(path)
    path.unlink()
    with pytest.raises(MapError, match="no such map file"):
        load_map(path)


def test_a_broken_map_is_not_remembered(tmp_path: Path) -> None:
    path = tmp_path / "yard.tmx"
    path.write_text("<map")
    with pytest.raises(MapError):
        load_map(path)
    assert len(LOADED) == 0
    write_kit(tmp_path)
    assert load_map(path).name == "Yard"


def test_the_memory_keeps_few_maps_and_few_tiles(tmp_path: Path) -> None:
    """Beyond the limits the oldest maps are forgotten; the newest is kept whatever its size."""
    maps = []
    for i in range(3):
        folder = tmp_path / str(i)
        folder.mkdir()
        maps.append(load_map(write_kit(folder)))
    memory = LoadedMaps(keep_maps=2, keep_tiles=10_000)
    for i, battle_map in enumerate(maps):
        memory.put(tmp_path / str(i) / "yard.tmx", [tmp_path / str(i) / "yard.tmx"], battle_map)
    assert len(memory) == 2
    assert memory.get(tmp_path / "0" / "yard.tmx") is None
    assert memory.get(tmp_path / "2" / "yard.tmx") is maps[2]
    small = LoadedMaps(keep_maps=8, keep_tiles=30)  # one 6 × 4 map is 24 tiles
    for i, battle_map in enumerate(maps):
        small.put(tmp_path / str(i) / "yard.tmx", [tmp_path / str(i) / "yard.tmx"], battle_map)
    assert len(small) == 1
    assert small.get(tmp_path / "2" / "yard.tmx") is maps[2]
    tiny = LoadedMaps(keep_maps=8, keep_tiles=1)
    tiny.put(tmp_path / "0" / "yard.tmx", [tmp_path / "0" / "yard.tmx"], maps[0])
    assert tiny.get(tmp_path / "0" / "yard.tmx") is maps[0]


def test_new_battle_reads_a_map_of_your_own_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The list, the picture and Start each ask for the map: it is read for the first only."""
    from game.ui.render.scenario_preview import scenario_preview
    from game.ui.scenarios import build, list_ui_scenarios
    from tests.ui_helpers import make_app

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    folder = tmp_path / "maps"
    folder.mkdir()
    write_kit(folder)
    reads: list[Path] = []
    check_file = tiled.check_file

    def counted(path: Path) -> object:
        reads.append(path)
        return check_file(path)

    monkeypatch.setattr(tiled, "check_file", counted)
    make_app()
    (mine,) = [sc for sc in list_ui_scenarios() if sc.id == "mine-yard"]
    controllers = {s.name: s.controller for s in mine.sides}
    assert scenario_preview(mine, 1, controllers, (360, 220)) is not None
    build(mine, 1, controllers, mine.options)
    assert [p.name for p in reads].count("yard.tmx") == 1


def test_new_battle_opened_again_reads_no_map_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its entries are kept while the maps' files stay as they were, even when the loader has
    forgotten the maps themselves (twenty 1000 × 1000 maps took 17 s at every opening); an
    edit shows at the next opening."""
    from game.ui.scenarios import list_ui_scenarios

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    folder = tmp_path / "maps"
    folder.mkdir()
    path = write_kit(folder)
    reads: list[str] = []
    check_file = tiled.check_file

    def counted(p: Path) -> object:
        reads.append(p.name)
        return check_file(p)

    monkeypatch.setattr(tiled, "check_file", counted)
    monkeypatch.setattr(LOADED, "keep_tiles", 1)  # each map forgotten by the next, as big ones are
    titles = [sc.title for sc in list_ui_scenarios() if sc.id == "mine-yard"]
    assert titles == ["Your map: Yard"]
    bundled = len(reads)
    assert len(LOADED) == 1
    assert [sc.title for sc in list_ui_scenarios() if sc.id == "mine-yard"] == titles
    assert len(reads) == bundled  # not one map read again
    write_kit(folder, name="Yard at dusk")
    touch_later(path)
    assert [sc.title for sc in list_ui_scenarios() if sc.id == "mine-yard"] == ["Your map: Yard at dusk"]
    assert reads[bundled:] == ["yard.tmx"]


def test_the_board_chooser_names_a_map_without_reading_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.workbench.boards import map_title

    path = write_kit(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setattr(LOADED, "keep_tiles", 1)
    assert map_title(path) == "Yard"
    load_map(write_kit(other, name="Other"))  # the yard is forgotten
    assert len(LOADED) == 1
    no_loading(monkeypatch)
    assert map_title(path) == "Yard"
