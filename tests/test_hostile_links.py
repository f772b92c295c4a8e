"""Symbolic links the game meets (issue 51, items 12 and 13): the maps kit never writes
through a link, and a symlink loop given as a map or as the maps folder is one line and
exit status 2, never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile import assert_refused, plain_map, run_limited


# ---------------------------------------------------------------- item 12
@pytest.mark.parametrize(
    "kit_file", ["tilesets/battlefield.png", "tilesets/battlefield.tsx", "dominion.tiled-project"]
)
def test_maps_never_writes_through_a_dangling_link(tmp_path: Path, kit_file: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    link = tmp_path / "home" / "maps" / kit_file
    link.parent.mkdir(parents=True)
    link.symlink_to(outside / "planted")
    outcome = run_limited("maps", home=tmp_path / "home")
    assert_refused(outcome, f"{kit_file} is a symbolic link")
    assert list(outside.iterdir()) == []
    assert link.is_symlink() and os.readlink(link) == str(outside / "planted")
    made = {
        p.relative_to(tmp_path / "home" / "maps").as_posix() for p in (tmp_path / "home" / "maps").rglob("*")
    }
    assert made <= {kit_file, "tilesets"}  # nothing else written before the refusal


def test_maps_never_writes_into_a_linked_tilesets_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    maps = tmp_path / "home" / "maps"
    maps.mkdir(parents=True)
    (maps / "tilesets").symlink_to(outside)
    outcome = run_limited("maps", home=tmp_path / "home")
    assert_refused(outcome, "tilesets is a symbolic link")
    assert list(outside.iterdir()) == []


def test_maps_leaves_a_link_to_a_file_that_is_there_alone(tmp_path: Path) -> None:
    shared = tmp_path / "shared.tiled-project"
    shared.write_text("{}")
    maps = tmp_path / "home" / "maps"
    maps.mkdir(parents=True)
    (maps / "dominion.tiled-project").symlink_to(shared)
    outcome = run_limited("maps", home=tmp_path / "home")
    assert outcome.status == 0, outcome.stderr
    assert shared.read_text() == "{}" and (maps / "dominion.tiled-project").is_symlink()


# ---------------------------------------------------------------- item 13
def _loop(folder: Path, name: str) -> Path:
    """`name` → `name.b` → `name`: a symlink loop."""
    one, two = folder / name, folder / f"{name}.b"
    one.symlink_to(two.name)
    two.symlink_to(one.name)
    return one


@pytest.mark.parametrize(
    "command",
    [
        ("play", "--map", "LOOP"),
        ("check-map", "LOOP"),
        ("render", "LOOP", "--out", "OUT"),
        ("workbench", "LOOP"),
        ("replay", "LOOP", "--verify"),
    ],
)
def test_a_symlink_loop_as_the_map_is_one_line(tmp_path: Path, command: tuple[str, ...]) -> None:
    loop = _loop(tmp_path, "loop.tmx")
    args = [str(loop) if a == "LOOP" else str(tmp_path / "x.png") if a == "OUT" else a for a in command]
    assert_refused(run_limited(*args, home=tmp_path / "home"))


def test_a_symlink_loop_as_the_maps_folder_is_one_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    _loop(home, "maps")
    assert_refused(run_limited("maps", home=home), "maps")
    good = tmp_path / "good.tmx"
    good.write_text(plain_map())
    loop = _loop(tmp_path, "loop.tmx")
    assert_refused(run_limited("play", "--map", str(loop), home=home))
    outcome = run_limited("check-map", str(good), home=home)
    assert outcome.status == 0, outcome.stderr


def test_play_map_with_the_maps_folder_a_loop_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check of whether a `--map` is one of the player's own resolves the maps folder."""
    from game.cli.play import _chosen_map

    home = tmp_path / "home"
    home.mkdir()
    _loop(home, "maps")
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(home))
    good = tmp_path / "good.tmx"
    good.write_text(plain_map())
    assert not _chosen_map(str(good)).error


def test_a_loop_as_the_house_rules_folder_is_no_traceback(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    _loop(home, "rules")
    outcome = run_limited(
        "render", "tutorial_basics", "--out", str(tmp_path / "x.png"), "--tile", "8", home=home
    )
    assert "Traceback" not in outcome.stderr, outcome.stderr[-800:]
    assert outcome.status in (0, 2), outcome.stderr[-800:]
