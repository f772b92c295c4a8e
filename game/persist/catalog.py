"""The saves a player can resume: manual saves and autosaves, newest first, each told by
its scenario, its round and the time it was written (what the Load screen lists)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.files import bounded
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

    def describe(self) -> tuple[str, int | None, bool]:
        """(scenario title, round, whether that round is over) from the save's own record; the
        file name's words if unreadable.  A round is over in the save taken at a battle's
        end; every other save is taken while a round's orders are being declared."""
        return _described(self.path, self.mtime)

    def label(self) -> str:
        """ "Tutorial: Feint against Dodgy Dirk · round 5 · autosave 2025-05-01 14:03", or
        "… · after round 7 · …" for a save taken once its last round was over (a battle's end)."""
        title, number, over = self.describe()
        kind = "autosave" if self.autosave else "saved"
        where = f" · {'after ' if over else ''}round {number}" if number is not None else ""
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


_CACHE: dict[tuple[Path, float], tuple[str, int | None, bool]] = {}


def _described(path: Path, mtime: float) -> tuple[str, int | None, bool]:
    key = (path, mtime)
    if key not in _CACHE:
        _CACHE[key] = _read(path)
    return _CACHE[key]


def _read(path: Path) -> tuple[str, int | None, bool]:
    from game.persist.saves import SaveError, read_save

    number = _round_from_name(path.name)
    try:
        battle = read_save(path).get("battle")
    except SaveError:
        return path.stem, number, False
    meta = battle.get("meta") if isinstance(battle, dict) else None
    title = meta.get("title") or meta.get("scenario") if isinstance(meta, dict) else None
    rounds = battle.get("rounds") if isinstance(battle, dict) else None
    resolved = battle.get("resolved_rounds") if isinstance(battle, dict) else None
    over = False
    if isinstance(rounds, list):
        number = len(rounds)
        over = bool(rounds) and resolved == len(rounds)
    # Cut as it is read, not as it is drawn: an edited save's title may be megabytes long.
    return (bounded(title) if title else bounded(path.stem)), number, over


def _round_from_name(name: str) -> int | None:
    import re

    for pattern in (AUTOSAVE, OLD_AUTOSAVE):
        match = pattern.match(name)
        if match:
            return int(match["round"])
    found = re.search(MANUAL_ROUND, name)
    return int(found.group(1)) if found else None
