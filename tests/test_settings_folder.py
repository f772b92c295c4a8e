"""settings.json lives in the platform's configuration folder (issue 54), saves and maps in
the data folder; settings an older version left in the data folder move there once."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.persist.autosave import config_dir, data_dir, remove_stale_temp_files
from game.ui.prefs import Prefs


@pytest.fixture
def platform(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """No DOMINION_TACTICS_HOME: the platform's folders (XDG on Linux), under tmp_path."""
    monkeypatch.delenv("DOMINION_TACTICS_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return data_dir(), config_dir()


def test_settings_are_kept_in_the_configuration_folder(platform: tuple[Path, Path]) -> None:
    data, config = platform
    assert config != data and config.parent.name == "config"
    Prefs(ui_scale=1.5).save()
    assert json.loads((config / "settings.json").read_text())["ui_scale"] == 1.5
    assert not (data / "settings.json").exists()
    assert Prefs.load().ui_scale == 1.5


def test_old_settings_in_the_data_folder_move_once(platform: tuple[Path, Path]) -> None:
    data, config = platform
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps({"ui_scale": 1.3, "volume": 0.5}))
    prefs = Prefs.load()
    assert (prefs.ui_scale, prefs.volume) == (1.3, 0.5)
    assert (config / "settings.json").is_file() and not (data / "settings.json").exists()
    # Once moved, a file appearing in the old place again is not read over the new one.
    (data / "settings.json").write_text(json.dumps({"ui_scale": 2.0}))
    assert Prefs.load().ui_scale == 1.3


def test_a_killed_settings_write_in_the_configuration_folder_is_cleaned_up(
    platform: tuple[Path, Path],
) -> None:
    _data, config = platform
    config.mkdir(parents=True)
    left = config / ".settings.json.k3x9q2ab.tmp"
    left.write_text("{")
    os.utime(left, (0, 0))  # written long before this process started
    assert left in remove_stale_temp_files()
    assert not left.exists()


def test_with_dominion_tactics_home_everything_stays_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    assert config_dir() == data_dir() == tmp_path
    assert Prefs.path() == tmp_path / "settings.json"
