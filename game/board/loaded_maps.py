"""Maps already loaded, remembered while the files they were made from stay as they were.

Loading is most of what picking a big map costs: pytmx reads a 1000 × 1000 map's
million tiles one by one (about 0.9 s), and New battle asks for the same map for
its list, its picture and then the battle.  A loaded map is remembered with the
size, modification time and inode of every file it was read from (the .tmx, its
.tsx files, the tileset images); when any of them differs or is gone, the map is
loaded afresh, so a map maker who saves in Tiled sees the change the next time
the game asks.  Only maps that loaded are remembered: a broken one says why each
time.  What is made from a map (New battle's entry for it, its name in a chooser)
is kept the same way, and longer than the map itself (`LoadedMaps.remember`).
One map may be pinned (`LoadedMaps.pin`): the one New battle shows, which its
background checks of other maps must not push out between loading it and drawing it.
"""

from __future__ import annotations

import dataclasses
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from game.board.art import CollectionArt, ImageLayerArt, MapArt, TilesetArt
from game.board.battlemap import BattleMap

KEEP_MAPS = 32  # at most this many maps remembered (every bundled map and a few of your own) …
KEEP_TILES = 1_200_000  # … with at most this many tiles between them (the latest is always kept):
# a 1000 × 1000 map holds about 140 MB; the 16 bundled maps have 13,640 tiles between them
KEEP_STAMPS = 1024  # maps whose files' stamps are kept after the maps themselves are forgotten

Stamp = tuple[tuple[str, int, int, int], ...]
T = TypeVar("T")


def stamp(files: Iterable[Path]) -> Stamp | None:
    """Each file's (name, size, modification time, inode), or None if one cannot be read."""
    found = []
    for path in files:
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            return None
        found.append((str(path), st.st_size, st.st_mtime_ns, st.st_ino))
    return tuple(found)


def unchanged(files_stamp: Stamp) -> bool:
    """Whether every file of a stamp is still as it was."""
    return stamp(Path(name) for name, *_ in files_stamp) == files_stamp


def art_files(art: MapArt | None) -> list[Path]:
    """The image files a map's art draws from."""
    if art is None:
        return []
    files: list[Path] = []
    for tileset in art.tilesets:
        if isinstance(tileset, TilesetArt):
            files.append(tileset.image)
        elif isinstance(tileset, CollectionArt):
            files += [image.path for image in tileset.images.values()]
    files += [layer.image.path for layer in art.layers if isinstance(layer, ImageLayerArt)]
    return files


class LoadedMaps:
    """The maps loaded lately, newest last, each with the stamp of its files."""

    def __init__(self, keep_maps: int = KEEP_MAPS, keep_tiles: int = KEEP_TILES) -> None:
        self.keep_maps, self.keep_tiles = keep_maps, keep_tiles
        self._maps: OrderedDict[str, tuple[Stamp, BattleMap]] = OrderedDict()
        self._stamps: OrderedDict[str, Stamp] = OrderedDict()  # kept longer than the maps (they are small)
        self._made: dict[tuple[str, str], tuple[Stamp, object]] = {}  # `remember`'s values
        self._lock = threading.Lock()  # the window may load a map off its main thread
        self._pinned: str | None = None  # never forgotten for room (`pin`)

    def get(self, path: Path) -> BattleMap | None:
        """The map remembered for `path` if none of its files changed since, else None."""
        key = os.path.abspath(path)
        with self._lock:
            found = self._maps.get(key)
        if found is None:
            return None
        files_stamp, battle_map = found
        if not unchanged(files_stamp):
            with self._lock:
                self._maps.pop(key, None)
            return None
        with self._lock:
            if key in self._maps:
                self._maps.move_to_end(key)
        if battle_map.source != str(path):  # the same file, named another way: as asked
            battle_map = dataclasses.replace(battle_map, source=str(path))
        return battle_map

    def put(self, path: Path, files: Iterable[Path], battle_map: BattleMap) -> None:
        """Remember a map loaded from `files` (forgetting the oldest beyond the limits)."""
        files_stamp = stamp(files)
        if files_stamp is None:
            return
        key = os.path.abspath(path)
        with self._lock:
            self._maps[key] = (files_stamp, battle_map)
            self._maps.move_to_end(key)
            self._stamps[key] = files_stamp
            self._stamps.move_to_end(key)
            while len(self._stamps) > KEEP_STAMPS:
                self._stamps.popitem(last=False)
            while len(self._maps) > 1 and (
                len(self._maps) > self.keep_maps or self._tiles() > self.keep_tiles
            ):
                # The oldest goes, but neither the newest nor the pinned one.
                oldest = next((k for k in self._maps if k not in (key, self._pinned)), None)
                if oldest is None:
                    break
                del self._maps[oldest]

    def pin(self, path: Path | None) -> None:
        """Keep the map of `path` (once loaded) however many others are loaded after it, until
        another is pinned (None: none).  A pinned map whose files change is still read again."""
        with self._lock:
            self._pinned = os.path.abspath(path) if path is not None else None

    def files_stamp(self, path: Path) -> Stamp | None:
        """The stamp of the files `path`'s map was last loaded from (None if it never loaded),
        kept after the map itself is forgotten."""
        with self._lock:
            return self._stamps.get(os.path.abspath(path))

    def remember(self, path: Path, what: str, make: Callable[[], T]) -> T:
        """`make()`, something made from the map at `path` (its New battle entry, its title),
        kept under `what` while the files the map was read from stay as they were: asked
        again, it costs a few stats, even after the map itself was forgotten.  Kept only when
        the map loaded (a broken map may be mended in any of its files)."""
        key = (os.path.abspath(path), what)
        with self._lock:
            kept = self._made.get(key)
        if kept is not None and unchanged(kept[0]):
            return kept[1]  # type: ignore[no-any-return]
        value = make()
        files_stamp = self.files_stamp(path)
        if files_stamp is not None:
            with self._lock:
                self._made[key] = (files_stamp, value)
                while len(self._made) > KEEP_STAMPS:
                    self._made.pop(next(iter(self._made)))
        return value

    def clear(self) -> None:
        """Forget every map, and everything made from them."""
        with self._lock:
            self._maps.clear()
            self._stamps.clear()
            self._made.clear()

    def __len__(self) -> int:
        return len(self._maps)

    def _tiles(self) -> int:
        return sum(m.board.width * m.board.height for _, m in self._maps.values())
