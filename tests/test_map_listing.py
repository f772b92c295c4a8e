"""A maps folder of large maps never freezes New battle (issue 51, item 9).

Ten 1000 × 1000 maps took 58 s to open New battle and 34 s for `maps`: every map was
loaded whole to be listed.  Now the listing reads each map's header only
(`game.board.header`), the full checks run in a background thread with their progress
on the screen (`game.persist.map_checks.MapChecker`), and what a check found is
remembered in the data folder while the map's files are unchanged (size, time and hash).
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pygame
import pytest

import game.board.tiled as tiled
import game.ui.map_listing as map_listing
from game.board.header import HEADER_BYTES, read_header
from game.board.preflight import MapError
from game.board.tiled import LOADED
from game.cli import main
from game.persist.map_checks import CheckCache, MapCheck, MapChecker, cache_path, checked
from game.ui.scenes.menu import SetupScene
from tests.hostile import tileset, tmx, zlib_layer
from tests.ui_helpers import key, make_app, run_until

BIG = 1000  # tiles a side: a whole load takes about a second of CPU


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    LOADED.clear()
    return tmp_path


def big_map(folder: Path, stem: str, side: int = BIG, name: str | None = None) -> Path:
    """A side × side map (zlib-compressed: a few KiB on disk, a million tiles to load)."""
    folder.mkdir(parents=True, exist_ok=True)
    props = f'<properties><property name="name" value="{name}"/></properties>\n' if name else ""
    path = folder / f"{stem}.tmx"
    path.write_text(tmx(side, side, props + tileset() + zlib_layer(side, side)))
    return path


def count_loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the map files the loader checks from now on (each full load checks once)."""
    reads: list[str] = []
    check_file = tiled.check_file

    def counted(path: Path) -> object:
        reads.append(Path(path).name)
        return check_file(path)

    monkeypatch.setattr(tiled, "check_file", counted)
    return reads


def later(path: Path) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))


# ---------------------------------------------------------------- the header
def test_the_header_gives_name_and_size_from_the_first_bytes_only(tmp_path: Path) -> None:
    path = big_map(tmp_path, "field", side=40, name="Wide Field")
    # Whatever follows the header is not read: here, 2 MiB that no XML parser would accept.
    with path.open("ab") as handle:
        handle.write(b"\x00<<<" * (2**19))
    header = read_header(path)
    assert (header.name, header.width, header.height, header.tile_width) == ("Wide Field", 40, 40, 32)
    assert path.stat().st_size > 10 * HEADER_BYTES


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("<tileset/>", "not a Tiled map file"),
        ("<map", "malformed XML"),
        ('<!DOCTYPE map [<!ENTITY a "aaaa">]><map width="1"/>', "unsafe XML"),
        ('<map width="x" height="2" tilewidth="32" tileheight="32"/>', "'width' must be a whole number"),
        ('<map width="0" height="2" tilewidth="32" tileheight="32"/>', "'width' must be from 1"),
    ],
)
def test_a_header_that_is_no_map_header_is_one_line(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "bad.tmx"
    path.write_text(text)
    with pytest.raises(MapError) as caught:
        read_header(path)
    assert str(caught.value).startswith("bad.tmx: ") and fragment in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_name_the_loader_would_refuse_lists_the_file_name(tmp_path: Path) -> None:
    path = big_map(tmp_path, "odd", side=4, name="x" * 300)
    assert read_header(path).name == "odd"


# ---------------------------------------------------------------- New battle
def test_new_battle_opens_without_loading_any_of_your_maps(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Six 1000 × 1000 maps: today's screen loaded each (about 6 s of CPU) before its first frame."""
    for i in range(6):
        big_map(home / "maps", f"big{i}", name=f"Big {i}")
    monkeypatch.setattr(map_listing, "MapChecker", lambda paths: MapChecker(paths, start=False))
    reads = count_loads(monkeypatch)
    app = make_app()
    before = time.thread_time()
    setup = SetupScene(app)
    app.push(setup)
    app.step([], 1 / 60)
    spent = time.thread_time() - before
    assert not [name for name in reads if name.startswith("big")]
    assert spent < 3.0  # generous: the bundled maps and a frame, not six big loads
    mine = [sc for sc in setup.scenarios if sc.id.startswith("mine-")]
    assert [sc.title for sc in mine] == [f"Your map: Big {i}" for i in range(6)]
    assert all(sc.checking and "1000 × 1000 tiles" in sc.briefing for sc in mine)
    assert setup.listing.progress() == "Checking your maps: 0 of 6…"


def test_the_window_takes_input_while_the_checks_run_and_shows_their_progress(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = [big_map(home / "maps", f"m{i}", side=12, name=f"Map {i}") for i in range(3)]
    gate = threading.Event()
    started: list[Path] = []

    def held(path: Path) -> MapCheck:
        started.append(path)
        assert gate.wait(30)
        return checked(path)

    monkeypatch.setattr(map_listing, "MapChecker", lambda todo: MapChecker(todo, check=held))
    app = make_app()
    setup = SetupScene(app)
    app.push(setup)
    drawn: list[str] = []
    original = setup.listing.progress
    monkeypatch.setattr(setup.listing, "progress", lambda: drawn.append(original()) or drawn[-1])
    first = setup.index
    app.step([key(pygame.K_DOWN)])  # the check of the first map is still waiting: input goes on
    assert setup.index == first + 1 and "Checking your maps: 0 of 3…" in drawn
    last = next(i for i, sc in enumerate(setup.scenarios) if sc.map_path == str(paths[-1]))
    setup.choose(last)
    app.step([key(pygame.K_RETURN)])  # not yet checked: Start says so, no battle
    assert app.top is setup and "still being checked" in setup.error
    gate.set()
    assert run_until(app, lambda: not any(sc.checking for sc in setup.scenarios), frames=3000)
    assert started[1] == paths[-1]  # the map looked at was checked next
    mine = [sc for sc in setup.scenarios if sc.id.startswith("mine-")]
    assert all(len(sc.sides) == 2 and not sc.error for sc in mine)
    assert setup.controllers  # the chosen map's sides, once checked
    assert setup.listing.progress() == ""


def test_a_map_broken_past_its_header_is_greyed_when_its_check_ends(home: Path) -> None:
    folder = home / "maps"
    big_map(folder, "good", side=8)
    bad = folder / "holes.tmx"
    bad.write_text(tmx(8, 8, tileset() + zlib_layer(4, 4)))  # a layer smaller than the map
    app = make_app()
    setup = SetupScene(app)
    app.push(setup)
    assert run_until(app, lambda: not any(sc.checking for sc in setup.scenarios), frames=3000)
    (entry,) = [sc for sc in setup.scenarios if sc.id == "mine-holes"]
    assert entry.error.startswith("holes.tmx: ")


# ---------------------------------------------------------------- the cache
def test_a_remembered_check_is_not_loaded_again_until_a_file_changes(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = big_map(home / "maps", "field", side=30, name="Field")
    reads = count_loads(monkeypatch)
    first = checked(path)
    assert reads == ["field.tmx"] and first.name == "Field" and first.map_sides == ("A", "B")
    LOADED.clear()  # another process, as far as the loader knows
    again = checked(path, CheckCache())
    assert reads == ["field.tmx"] and again.cached and again == first
    # The same size and time, other bytes: the hash tells.
    st = path.stat()
    path.write_text(path.read_text().replace('value="Field"', 'value="Fjeld"'))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size
    assert checked(path).name == "Fjeld" and reads == ["field.tmx"] * 2
    later(path)  # a newer time alone: checked again
    LOADED.clear()
    assert not checked(path).cached and reads == ["field.tmx"] * 3


def test_a_changed_tileset_is_checked_again(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = home / "maps"
    folder.mkdir()
    (folder / "plain.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n' + tileset().replace(' firstgid="1"', "")
    )
    path = folder / "ext.tmx"
    path.write_text(tmx(6, 6, '<tileset firstgid="1" source="plain.tsx"/>' + zlib_layer(6, 6)))
    assert not checked(path).error
    LOADED.clear()
    assert checked(path).cached
    (folder / "plain.tsx").write_text("<tileset")  # broken now
    LOADED.clear()
    assert "plain.tsx" in checked(path).error


def test_a_corrupt_cache_is_ignored_and_written_again(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = big_map(home / "maps", "field", side=10)
    cache_path().parent.mkdir(parents=True)
    for junk in (
        b"{",
        b"[]",
        json.dumps({"format": 1, "maps": {str(path): {"files": [[3, 1, 1, "x"]]}}}).encode(),
    ):
        cache_path().write_bytes(junk)
        LOADED.clear()
        assert not checked(path).error
    LOADED.clear()
    assert checked(path).cached  # the last check was written over the junk


def test_a_data_folder_that_cannot_be_written_only_remembers_nothing(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = big_map(home / "maps", "field", side=10)
    (home / "cache").write_text("a file where the folder would be")
    assert not checked(path).error
    assert not checked(path).cached


def test_maps_lists_a_folder_of_big_maps_a_second_time_without_loading_them(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for i in range(3):
        big_map(home / "maps", f"big{i}", name=f"Big {i}")
    reads = count_loads(monkeypatch)
    assert main(["maps"]) == 0
    first = capsys.readouterr().out
    assert sorted(reads) == ["big0.tmx", "big1.tmx", "big2.tmx"]
    LOADED.clear()
    before = time.process_time()
    assert main(["maps"]) == 0
    spent = time.process_time() - before
    assert capsys.readouterr().out.replace("  made", "").splitlines()[-3:] == first.splitlines()[-3:]
    assert len(reads) == 3 and spent < 1.5  # three loads took about three seconds
    assert "  ok                big1.tmx: Big 1, sides A, B" in first
