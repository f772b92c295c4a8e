"""Start-up clean-up of what writes killed mid-way left (issue 51, item 6): every folder the
game writes, settings included; only the game's own temporary names; only files written
before the process started."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.persist.autosave import remove_stale_temp_files

HOUR = 3600.0  # seconds


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def _left(path: Path, age: float) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"half": ')  # killed mid-write
    then = time.time() - age
    os.utime(path, (then, then))
    return path


@pytest.mark.parametrize(
    "where",
    [
        ".settings.json.k3x9q2ab.tmp",  # kill -9 while the settings were written
        "saves/.battle.json.ab12cd34.tmp",
        "autosaves/.demo-0123456789ab-round-0003.json.zz81mm0c.tmp",
        "workbench/.position.json.q1w2e3r4.tmp",
        "workbench/.position.png.q1w2e3r4.tmp",
        "maps/.dominion.tiled-project.a1b2c3d4.tmp",
        "maps/tilesets/.battlefield.tsx.a1b2c3d4.tmp",
    ],
)
def test_a_stale_temporary_file_in_any_folder_the_game_writes_is_removed(home: Path, where: str) -> None:
    stale = _left(home / where, HOUR)
    assert remove_stale_temp_files() == [stale]
    assert not stale.exists()


def test_only_the_games_own_names_written_before_the_start_are_removed(home: Path) -> None:
    kept = [
        _left(home / "notes.tmp", HOUR),  # not hidden: not a name the game makes
        _left(home / ".notes.tmp", HOUR),  # no mkstemp part
        _left(home / "saves" / ".battle.json.SHORT.tmp", HOUR),
        _left(home / ".settings.json.k3x9q2ab.tmp", -5.0),  # written after this process started
    ]
    assert remove_stale_temp_files() == []
    assert all(path.exists() for path in kept)
