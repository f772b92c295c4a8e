"""The saves a player can resume: manual saves and autosaves, newest first, each told by
its scenario, its round and the time it was written (what the Load screen lists)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.persist.autosave import AUTOSAVE, OLD_AUTOSAVE, autosave_dir, saves_dir

MANUAL_ROUND = r"round(\d+)"  # manual saves are named SCENARIO-roundN-TIME.json


@dataclass(frozen=True)
class SaveEntry:
    """One save file as the Load screen shows it."""

    path: Path
    autosave: bool
    mtime: float

    @property
    def when(self) -> str:
        """When it was written, to the minute."""
        return datetime.fromtimestamp(self.mtime).strftime("%Y-%m-%d %H:%M")

    def describe(self) -> tuple[str, int | None]:
        """(scenario title, round) from the save's own record; the file name's words if unreadable."""
        return _described(self.path, self.mtime)

    def label(self) -> str:
        """ "Tutorial: Feint against Dodgy Dirk · round 5 · autosave 2025-05-01 14:03"."""
        title, number = self.describe()
        kind = "autosave" if self.autosave else "saved"
        where = f" · round {number}" if number is not None else ""
        return f"{title}{where} · {kind} {self.when}"


def list_saved_battles(folders: tuple[Path, Path] | None = None) -> list[SaveEntry]:
    """Manual saves and autosaves, newest first."""
    manual, auto = folders or (saves_dir(), autosave_dir())
    entries = []
    for folder, is_auto in ((manual, False), (auto, True)):
        if not folder.is_dir():
            continue
        for path in folder.glob("*.json"):
            try:
                if not path.is_file():
                    continue
                mtime = path.stat().st_mtime
            except OSError:  # removed since the folder was read
                continue
            entries.append(SaveEntry(path, is_auto, mtime))
    return sorted(entries, key=lambda e: (e.mtime, e.path.name), reverse=True)


_CACHE: dict[tuple[Path, float], tuple[str, int | None]] = {}


def _described(path: Path, mtime: float) -> tuple[str, int | None]:
    key = (path, mtime)
    if key not in _CACHE:
        _CACHE[key] = _read(path)
    return _CACHE[key]


def _read(path: Path) -> tuple[str, int | None]:
    from game.persist.saves import SaveError, read_save

    number = _round_from_name(path.name)
    try:
        battle = read_save(path).get("battle")
    except SaveError:
        return path.stem, number
    meta = battle.get("meta") if isinstance(battle, dict) else None
    title = meta.get("title") or meta.get("scenario") if isinstance(meta, dict) else None
    rounds = battle.get("rounds") if isinstance(battle, dict) else None
    if isinstance(rounds, list):
        number = len(rounds)
    return (str(title) if title else path.stem), number


def _round_from_name(name: str) -> int | None:
    import re

    for pattern in (AUTOSAVE, OLD_AUTOSAVE):
        match = pattern.match(name)
        if match:
            return int(match["round"])
    found = re.search(MANUAL_ROUND, name)
    return int(found.group(1)) if found else None
