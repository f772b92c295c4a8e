"""Where saves live, and autosaves that keep the last few rounds."""

from __future__ import annotations

import os
import re
from pathlib import Path

from game.battle import Battle
from game.persist.saves import save_battle

APP_NAME = "dominion-tactics"
KEEP_AUTOSAVES = 5  # rounds of autosave kept per battle
AUTOSAVE = re.compile(r"autosave-round-(\d+)\.json\Z")


def data_dir() -> Path:
    """The user's data folder for this game (DOMINION_TACTICS_HOME overrides it)."""
    override = os.environ.get("DOMINION_TACTICS_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """Manual saves."""
    return data_dir() / "saves"


def autosave_dir() -> Path:
    """Autosaves, one file per round, the last few kept."""
    return data_dir() / "autosaves"


def autosave(battle: Battle, folder: Path | None = None, keep: int = KEEP_AUTOSAVES) -> Path:
    """Save the battle as this round's autosave and drop the oldest beyond `keep`.

    The new file is complete before any old one is removed.
    """
    folder = folder or autosave_dir()
    path = folder / f"autosave-round-{battle.number:04d}.json"
    save_battle(battle, path)
    for old in list_autosaves(folder)[:-keep]:
        old.unlink(missing_ok=True)
    return path


def list_autosaves(folder: Path | None = None) -> list[Path]:
    """Autosave files, oldest round first."""
    folder = folder or autosave_dir()
    if not folder.is_dir():
        return []
    found = [(int(m.group(1)), p) for p in folder.iterdir() if (m := AUTOSAVE.match(p.name))]
    return [p for _, p in sorted(found)]
