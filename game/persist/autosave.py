"""Where saves live, and autosaves: the last few rounds of each of the last few battles.

Every battle has an identity (`meta["battle_id"]`, kept in its saves), and each
round's autosave is named after its scenario, its battle and its round:

    autosaves/tutorial_feint-3f9c0a1b2c4d-round-0005.json

Rotation keeps the last `KEEP_AUTOSAVES` rounds of each battle and the most
recent `KEEP_BATTLES` battles (by their newest autosave), dropping the oldest
battles first; a new battle never touches another's files.  A battle loaded
from an earlier round and played on becomes a branch with an identity of its
own, so the rounds it left behind are kept rather than overwritten.

Several windows share the folder.  A process locks each battle it autosaves
(`locks`): a battle another live process holds is never rotated away, and a
process that finds the battle it continues locked by another (two windows
continued one autosave) plays on as a branch, so two processes never write
the same file; autosaves are written under new names only, never over a file.
"""

from __future__ import annotations

import os
import re
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.files import is_regular_file
from game.persist import locks
from game.persist.atomic import write_new
from game.persist.saves import encode_save
from game.rules.battle import Battle

APP_NAME = "dominion-tactics"
KEEP_AUTOSAVES = 5  # rounds of autosave kept per battle
KEEP_BATTLES = 10  # battles whose autosaves are kept
TEMP_GRACE = 10.0  # seconds: a younger temporary file may be another running game's save in progress
AUTOSAVE = re.compile(
    r"(?P<scenario>[a-z0-9_]+(?:-[a-z0-9_]+)*)-(?P<battle>[0-9a-f]{12})-round-(?P<round>\d{4,})\.json\Z"
)
OLD_AUTOSAVE = re.compile(r"autosave-round-(?P<round>\d+)\.json\Z")
"""Autosaves of versions before battles had an identity: listed, never rotated away."""
TEMPORARY = re.compile(r"\A\..+\.[a-z0-9_]{8}\.tmp\Z")
"""What `write_atomic` writes before renaming it into place (".NAME.XXXXXXXX.tmp", eight
characters of `tempfile.mkstemp`'s): nothing else ending in .tmp is the game's to remove."""
WRITTEN_FOLDERS = ("", "saves", "autosaves", "workbench", "maps", "maps/tilesets", "cache")
"""Every folder of the data folder the game writes files into ("": settings.json before it
moved to the configuration folder, `config_dir`)."""


def data_dir() -> Path:
    """The user's data folder for this game (DOMINION_TACTICS_HOME overrides it)."""
    override = os.environ.get("DOMINION_TACTICS_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """The user's configuration folder, where settings.json lives (DOMINION_TACTICS_HOME
    overrides it too: then it is the data folder)."""
    override = os.environ.get("DOMINION_TACTICS_HOME")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """Manual saves."""
    return data_dir() / "saves"


def autosave_dir() -> Path:
    """Autosaves, one file per round of each battle."""
    return data_dir() / "autosaves"


# ------------------------------------------------------------------ identity
def new_battle_id() -> str:
    """A fresh battle identity: 12 hex digits."""
    return uuid.uuid4().hex[:12]


def start_battle(battle: Battle) -> str:
    """Give a battle that has not begun (a new one, a rematch) an identity of its own."""
    battle.meta["battle_id"] = new_battle_id()
    battle.meta.pop("branch_of", None)
    return battle.meta["battle_id"]


def battle_id(battle: Battle) -> str:
    """The battle's identity (a battle from an older save gets one now)."""
    ident = battle.meta.get("battle_id")
    if not (isinstance(ident, str) and re.fullmatch(r"[0-9a-f]{12}", ident)):
        ident = battle.meta["battle_id"] = new_battle_id()
    return ident


def scenario_slug(battle: Battle) -> str:
    """The scenario's id as it goes into file names: lower case, digits, _ and single hyphens."""
    text = str(battle.meta.get("scenario") or "battle").lower()
    return re.sub(r"[^a-z0-9_]+", "-", text).strip("-") or "battle"


# ------------------------------------------------------------------ autosaves
@dataclass(frozen=True)
class Autosave:
    """One autosave file and what its name says."""

    path: Path
    scenario: str
    battle: str  # the battle's identity ("" for an autosave of an older version)
    round: int
    mtime_ns: int


def autosave(
    battle: Battle, folder: Path | None = None, keep: int = KEEP_AUTOSAVES, battles: int = KEEP_BATTLES
) -> Path:
    """Save the battle as this round's autosave (a finished battle: its last), then rotate
    (`keep` rounds of `battles` battles).

    The new file is complete before any old one is removed.
    """
    folder = folder or autosave_dir()
    ident = battle_id(battle)
    # A finished battle's autosave is named after the round that never begins, so it comes
    # after the autosave its last round had as it began (and is not taken for a branch).
    number = battle.number + 1 if battle.over and battle.round is None else battle.number
    data = encode_save(battle)
    for _ in range(10):  # (a fresh identity is never taken twice: one more try is plenty)
        # Another window playing this battle (both continued it from one autosave) holds
        # its lock: this one plays on as a branch, and neither replaces the other's rounds.
        # Loaded from an earlier round and played on: a branch too, so that the autosaves
        # of the rounds it left behind stay as they were.  The check and the write are
        # made under the lock, so no other process can come between them.
        if not locks.acquire(folder, ident) or any(
            a.battle == ident and a.round >= number for a in list_autosaves(folder)
        ):
            battle.meta["branch_of"] = ident
            ident = battle.meta["battle_id"] = new_battle_id()
            data = encode_save(battle)
            continue
        locks.release_others(folder, ident)  # the battle it played before is over for it
        path = folder / f"{scenario_slug(battle)}-{ident}-round-{number:04d}.json"
        try:
            write_new(path, data)  # never over a file: the lock already says it is not there
        except FileExistsError:
            continue  # (a game of an older version, which takes no locks, wrote it): branch
        rotate(folder, ident, keep, battles)
        return path
    raise OSError(f"no autosave written: every name tried in {folder} was taken")


def rotate(folder: Path, current: str, keep: int = KEEP_AUTOSAVES, battles: int = KEEP_BATTLES) -> list[Path]:
    """Remove all but the last `keep` rounds of each battle and all but the `battles` most
    recently autosaved battles (`current` always stays); returns the files removed."""
    by_battle: dict[str, list[Autosave]] = {}
    for save in list_autosaves(folder):
        if save.battle:
            by_battle.setdefault(save.battle, []).append(save)
    for ident in list(by_battle):
        # Another window is playing it: its rounds are that window's to rotate, and it is
        # not an old battle however many have been played since.
        if ident != current and locks.held_elsewhere(folder, ident):
            del by_battle[ident]
    doomed: list[Autosave] = []
    for saves in by_battle.values():
        doomed += sorted(saves, key=lambda s: s.round)[: max(0, len(saves) - keep)]
    newest_first = sorted(
        (b for b in by_battle if b != current),
        key=lambda b: max(s.mtime_ns for s in by_battle[b]),
        reverse=True,
    )
    dropped = newest_first[max(0, battles - 1) :]
    for old in dropped:
        doomed += by_battle[old]
    removed = []
    for save in dict.fromkeys(doomed):
        if not is_regular_file(save.path):
            continue  # a folder (or anything else) named like an autosave is not ours to remove
        try:
            save.path.unlink(missing_ok=True)
        except OSError:  # one that cannot go stays: the others still do, and the autosave stands
            continue
        removed.append(save.path)
    for old in dropped:
        locks.remove_stale(folder, old)  # (its owner died with it open: nothing is left to lock)
    return removed


def list_autosaves(folder: Path | None = None) -> list[Autosave]:
    """Autosave files, newest first (older versions' autosaves too, with no battle)."""
    found = []
    for path in _entries(folder or autosave_dir()):  # (a folder we may not read has none to offer)
        match = AUTOSAVE.match(path.name)
        old = OLD_AUTOSAVE.match(path.name) if match is None else None
        if match is None and old is None:
            continue
        try:
            mtime = path.stat().st_mtime_ns
        except OSError:  # removed since the folder was read
            continue
        if match is not None:
            found.append(Autosave(path, match["scenario"], match["battle"], int(match["round"]), mtime))
        elif old is not None:
            found.append(Autosave(path, "", "", int(old["round"]), mtime))
    return sorted(found, key=lambda a: (a.mtime_ns, a.round), reverse=True)


def _entries(folder: Path) -> list[Path]:
    """What a folder holds: nothing when it is no folder or cannot be read (a data folder
    left unreadable must not stop the game starting, or fail every autosave)."""
    try:
        return list(folder.iterdir()) if folder.is_dir() else []
    except OSError:
        return []


# ------------------------------------------------------------------ leftovers
def written_folders() -> list[Path]:
    """The folders the game writes into: the data folder's (saves, autosaves, workbench
    files, the maps kit, the maps' checks) and the configuration folder (settings)."""
    found = [data_dir() / name if name else data_dir() for name in WRITTEN_FOLDERS]
    return found if config_dir() in found else [*found, config_dir()]


def process_started_at() -> float:
    """When this process started (seconds since the epoch); when it is unknown, when this
    module was imported, which comes before the game writes anything."""
    try:
        ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        boot = next(
            int(line.split()[1])
            for line in Path("/proc/stat").read_text().splitlines()
            if line.startswith("btime")
        )
        return boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration, AttributeError):
        return _IMPORTED


_IMPORTED = time.time()


def remove_stale_temp_files(folders: Iterable[Path] | None = None, grace: float = TEMP_GRACE) -> list[Path]:
    """Delete the temporary files of writes that were killed mid-way (at the game's start),
    in every folder the game writes: only names of the game's own pattern (`TEMPORARY`), and
    only files last written before this process started.

    A file written less than `grace` seconds before the start may be another running copy
    of the game saving right now, so it stays too; the file it was meant to become is
    untouched either way (the rename never happened).
    """
    folders = list(folders) if folders is not None else written_folders()
    cutoff = process_started_at() - grace
    removed = []
    for folder in folders:
        for path in _entries(folder):  # (a folder we may not read keeps its leftovers: the game starts)
            if not TEMPORARY.match(path.name):
                continue
            try:
                if path.stat().st_mtime >= cutoff or not path.is_file():
                    continue
                path.unlink()
            except OSError:
                continue
            removed.append(path)
    return removed
