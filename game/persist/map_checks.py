"""The full checks of the player's maps, remembered in the data folder, and run off the window.

Listing a maps folder reads each map's header only (`game.board.header`); whether a
map can be played takes its full load, about a second for a 1000 × 1000 map.  What a
full check found is remembered in `cache/map-checks.json` under the map's path, with
the size, modification time and SHA-256 of every file the map was read from (the
.tmx, its tilesets, their images): while all of them are the same, the map is not
loaded again, in this process or the next.  A map that changed, or a file that is
gone, is checked afresh.  The file is written atomically; one that cannot be read
as ours (cut, edited, another version's) is ignored and rewritten, never an error,
and a data folder that cannot be written only means nothing is remembered.

Only what a load decided is remembered: a map whose files could not all be read
(a tileset missing, say) is checked again each time, since mending any file may
mend it, and an unexpected failure (out of memory) is never remembered.

`MapChecker` runs the checks in a background thread, nearest-first as asked, and
reports each result and its progress for the window to poll: New battle lists every
map at once and fills in what the checks find while it keeps drawing.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import threading
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game import __version__
from game.files import FileRefused, read_limited
from game.persist.atomic import write_atomic
from game.persist.autosave import data_dir

CACHE_FILE = "map-checks.json"
FORMAT = 1  # what an entry holds; a cache of another format (or game version) is ignored
MAX_ENTRIES = 1000  # maps remembered (the oldest are forgotten first)
MAX_CACHE_BYTES = 4 * 2**20  # a larger cache file is not ours: ignored
HASH_LIMIT = 64 * 2**20  # bytes hashed of one file; a larger file is no map's (xmlsafe's limit)
CHUNK = 1 << 20

FileKey = tuple[str, int, int, str]  # path, size, modification time (ns), SHA-256


@dataclass(frozen=True)
class MapCheck:
    """What the full check of one map found: why it cannot be played, or its quick battle."""

    path: str
    error: str = ""  # one line ("" when it can be played); starts with the file's name
    name: str = ""  # the map's name
    map_sides: tuple[str, ...] = ()  # its deploy sides, in order
    placed: int = 0  # combatants it places
    title: str = ""  # the quick battle on it (game.content.scenarios.quick_scenario)
    briefing: str = ""
    sides: tuple[tuple[str, str, str, str], ...] = ()  # name, colour, shape, controller
    cached: bool = field(default=False, compare=False)  # read from the cache, not checked now


def cache_path() -> Path:
    """Where the checks are remembered."""
    return data_dir() / "cache" / CACHE_FILE


def file_key(path: Path) -> FileKey | None:
    """(path, size, mtime, SHA-256) of a regular file, or None if it cannot be read whole."""
    try:
        st = os.stat(path)
        data = read_limited(path, HASH_LIMIT)
    except (OSError, ValueError, FileRefused):
        return None
    return (str(path), st.st_size, st.st_mtime_ns, hashlib.sha256(data).hexdigest())


def _still(files: list[Any]) -> bool:
    """Whether every file of an entry is as it was: size and time first (a stat), then the hash."""
    for item in files:
        if not (isinstance(item, list) and len(item) == 4):
            return False
        name, size, mtime, digest = item
        if not (isinstance(name, str) and isinstance(digest, str)):
            return False  # (an int would be stat'ed as a file descriptor)
        try:
            st = os.stat(name)
        except (OSError, ValueError):
            return False
        if (st.st_size, st.st_mtime_ns) != (size, mtime):
            return False
    return all(file_key(Path(item[0])) == tuple(item) for item in files)


class CheckCache:
    """The remembered checks, read from and written to `cache_path()` (thread-safe)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or cache_path()
        self._lock = threading.Lock()

    def get(self, map_path: Path) -> MapCheck | None:
        """The remembered check of `map_path` while its files are unchanged, else None."""
        entry = self._read().get(os.path.abspath(map_path))
        if not isinstance(entry, dict) or not _still(entry.get("files")):
            return None
        try:
            found = MapCheck(**entry["check"])
            sides = tuple(tuple(str(part) for part in side) for side in found.sides)
            return MapCheck(
                str(map_path),
                str(found.error),
                str(found.name),
                tuple(str(s) for s in found.map_sides),
                int(found.placed),
                str(found.title),
                str(found.briefing),
                sides,  # type: ignore[arg-type]
                cached=True,
            )
        except (KeyError, TypeError, ValueError):
            return None  # an entry of another shape: checked again

    def put(self, map_path: Path, files: Iterable[Path], check: MapCheck) -> bool:
        """Remember `check` with the keys of `files` (the map's files); whether it was written
        (not when a file cannot be read, nor in a data folder that cannot be written)."""
        keys = [file_key(Path(f)) for f in files]
        if not keys or any(k is None for k in keys):
            return False
        record = asdict(check)
        record.pop("cached")
        with self._lock:
            maps = self._read()
            key = os.path.abspath(map_path)
            maps.pop(key, None)
            maps[key] = {"files": [list(k) for k in keys if k], "check": record}
            while len(maps) > MAX_ENTRIES:
                maps.pop(next(iter(maps)))
            document = {"format": FORMAT, "version": __version__, "maps": maps}
            try:
                # ASCII: a file name that is not UTF-8 (a lone surrogate) is kept as \udcff.
                write_atomic(self.path, json.dumps(document).encode("ascii"))
            except OSError:
                return False
        return True

    def _read(self) -> dict[str, Any]:
        """The remembered maps; empty if the file is missing or not a cache of ours."""
        try:
            document = json.loads(read_limited(self.path, MAX_CACHE_BYTES))
        except (FileRefused, OSError, ValueError, RecursionError):
            return {}
        if not isinstance(document, dict):
            return {}
        if document.get("format") != FORMAT or document.get("version") != __version__:
            return {}  # what another version's checks found need not hold for this one
        maps = document.get("maps")
        return maps if isinstance(maps, dict) else {}


def full_check(path: Path) -> tuple[MapCheck, list[Path] | None]:
    """Load and check the map at `path` as New battle plays it: what was found, and the files
    it was read from when that finding may be remembered (None: check again next time)."""
    from game.board.loaded_maps import unchanged
    from game.board.tiled import LOADED, MapError
    from game.content.mapunits import MapUnitError, load_playable_map
    from game.content.scenarios import quick_scenario

    try:
        battle_map = load_playable_map(path)
        scenario = quick_scenario(path)  # the map is remembered by the loader: not read again
    except MapUnitError as err:
        # The map loaded, from files still as they are: its combatants are what is wrong.
        found = LOADED.files_stamp(path)
        files = [Path(name) for name, *_ in found] if found and unchanged(found) else None
        return MapCheck(str(path), _one_line(err)), files
    except MapError as err:  # which files decided it is not known (a missing tileset?)
        return MapCheck(str(path), _one_line(err)), None
    except Exception as err:  # noqa: BLE001 - any broken map gets its one line; never remembered
        return MapCheck(str(path), _one_line(err)), None
    found = LOADED.files_stamp(path)
    check = MapCheck(
        str(path),
        name=battle_map.name,
        map_sides=tuple(battle_map.sides),
        placed=len(battle_map.placements),
        title=scenario.title,
        briefing=scenario.briefing,
        sides=tuple((s.name, s.colour, s.shape, s.controller) for s in scenario.sides),
    )
    return check, [Path(name) for name, *_ in found] if found else None


def _one_line(err: Exception) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def checked(path: Path, cache: CheckCache | None = None) -> MapCheck:
    """The check of the map at `path`: remembered, or made now (and remembered)."""
    cache = cache or CheckCache()
    found = cache.get(path)
    if found is not None:
        return found
    check, files = full_check(path)
    if files is not None:
        cache.put(path, files, check)
    return check


class MapChecker:
    """Checks maps one after another in a daemon thread; the window polls what it found.

    `poll()` returns the checks finished since it was last called; `progress` is
    (checked, total).  `want(path)` moves a map ahead of the rest (the one the player
    is looking at).  `stop()` ends the thread after the map it is checking."""

    def __init__(
        self, paths: Iterable[Path], check: Callable[[Path], MapCheck] | None = None, start: bool = True
    ) -> None:
        self._todo = list(paths)
        self.total = len(self._todo)
        self._check = check or checked
        self._done = 0
        self._results: queue.SimpleQueue[MapCheck] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="map checks", daemon=True)
        if start:
            self._thread.start()

    @property
    def progress(self) -> tuple[int, int]:
        """(maps checked, maps to check)."""
        with self._lock:
            return self._done, self.total

    @property
    def finished(self) -> bool:
        """Whether every map is checked (or the checker was stopped)."""
        return not self._thread.is_alive() and self._results.empty()

    def want(self, path: Path) -> None:
        """Check `path` next, if it is still to be checked."""
        with self._lock:
            if path in self._todo:
                self._todo.remove(path)
                self._todo.insert(0, path)

    def poll(self) -> list[MapCheck]:
        """The checks finished since the last call."""
        found = []
        while True:
            try:
                found.append(self._results.get_nowait())
            except queue.Empty:
                return found

    def stop(self) -> None:
        """Check no further map (the one being checked is finished first)."""
        self._stop.set()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the thread (tests, and the command line)."""
        self._thread.join(timeout)

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                if not self._todo:
                    return
                path = self._todo.pop(0)
            try:
                result = self._check(path)
            except Exception as err:  # noqa: BLE001 - a check that fails says so; the rest go on
                result = MapCheck(str(path), _one_line(err))
            with self._lock:
                self._done += 1
            self._results.put(result)
