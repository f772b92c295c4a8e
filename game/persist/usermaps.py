"""The player's own maps: a `maps` folder in the game's data folder, offered in the menu.

Every `.tmx` in the folder is a quick battle in New battle (a map that
cannot be played is listed greyed, with its one-line error, rather than left
out); `python -m game maps` lists them the same way from a terminal.

`prepare_user_maps` makes the folder a map maker's kit, writing only what
is missing (it never overwrites a file someone may have edited):

- `dominion.tiled-project`: the game's property types, and "Check map" and
  "Play map" commands that run this very game (this Python, this package)
  on the map open in Tiled (`game.board.project`);
- `tilesets/battlefield.tsx` and `tilesets/battlefield.png`: a copy of the
  bundled 40-tile tileset, so a map drawn with it needs nothing from outside
  the folder and can be shared by copying the folder.

It never writes through a symbolic link: a kit file that is a dangling link (or
a linked `tilesets` folder with files to make) is refused (`LinkInKit`) and
left for its owner to remove, so nobody who can write in the folder can have
the game create a file elsewhere.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import sys
from pathlib import Path
from xml.etree import ElementTree

from game.board.project import PROJECT_FILE, commands, project_text
from game.paths import MAPS
from game.persist.atomic import write_atomic
from game.persist.autosave import data_dir

MAX_USER_MAPS = 200  # maps listed from the folder: each is loaded to be listed
MAP_PATTERNS = ("*.tmx", "*.tmj")  # a JSON map is listed too, greyed, saying to save it as .tmx
TILESET = "battlefield"


def user_maps_dir() -> Path:
    """The folder of the player's own maps (it may not exist yet)."""
    return data_dir() / "maps"


def user_map_files(folder: Path | None = None) -> list[Path]:
    """The map files in the folder (not its subfolders), by name; at most MAX_USER_MAPS."""
    folder = folder or user_maps_dir()
    try:
        found = {p for pattern in MAP_PATTERNS for p in folder.glob(pattern) if p.is_file()}
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name.casefold())[:MAX_USER_MAPS]


def titles_apart(titles: list[str], paths: list[Path]) -> list[str]:
    """Each title as given, but with its file's name added where two or more titles are the
    same, so that copies of one map (sharing its `name` property) can be told apart."""
    seen: dict[str, int] = {}
    for title in titles:
        seen[title] = seen.get(title, 0) + 1
    return [
        f"{title} ({path.name})" if seen[title] > 1 else title
        for title, path in zip(titles, paths, strict=True)
    ]


def game_root() -> Path:
    """The folder holding the `game` package: where `python -m game` finds it."""
    return Path(__file__).resolve().parents[2]


def prepare_user_maps(folder: Path | None = None) -> list[Path]:
    """Make the maps folder and the missing files of its kit; the files written."""
    folder = folder or user_maps_dir()
    written = []
    tilesets = folder / "tilesets"
    tsx, png = tilesets / f"{TILESET}.tsx", tilesets / f"{TILESET}.png"
    if not (tsx.exists() and png.exists()):
        _refuse_link(tilesets, folder)  # what is made in a linked folder lands where it points
    tilesets.mkdir(parents=True, exist_ok=True)
    project = folder / PROJECT_FILE
    # Every link is found before anything is written: a refusal leaves the folder as it was.
    missing = {path for path in (project, png, tsx) if _missing(path, folder)}
    if project in missing:
        write_atomic(project, project_text(sys.executable, str(game_root())).encode())
        written.append(project)
    text, image = _tileset_with_image_beside(MAPS / "tilesets" / f"{TILESET}.tsx", png.name)
    if png in missing:
        write_atomic(png, image.read_bytes())  # whole or not at all, as every file the game writes
        written.append(png)
    if tsx in missing:
        write_atomic(tsx, text.encode())
        written.append(tsx)
    return written


BUNDLED_PROJECT_MAX_BYTES = 1 << 20  # the bundled project is a few kilobytes


def fit_bundled_project(maps: Path = MAPS) -> bool:
    """Point the bundled project's commands ("Check map", "Play map") at the running
    interpreter when the one they name cannot be found here (the file says `python3`, which
    Windows lacks), as `prepare_user_maps` does for the user's own project; whether it was
    rewritten.  A project whose interpreter is found, or a folder the game may not write
    (an installed package), is left as it is: this is a convenience, never an error."""
    project = maps / PROJECT_FILE
    try:
        if project.is_symlink() or project.stat().st_size > BUNDLED_PROJECT_MAX_BYTES:
            return False
        data = json.loads(project.read_text(encoding="utf-8"))
        named = [c.get("command", "") for c in data.get("commands", []) if isinstance(c, dict)]
        if not named or all(_runnable(str(c)) for c in named):
            return False
        working = next((c.get("workingDirectory") for c in data["commands"] if isinstance(c, dict)), None)
        data["commands"] = commands(sys.executable, str(working or "%projectpath/.."))
        write_atomic(project, (json.dumps(data, indent=4) + "\n").encode())
    except (OSError, ValueError, TypeError, AttributeError, KeyError):
        return False
    return True


def _runnable(command: str) -> bool:
    """Whether Tiled could start `command` here: a path to a file, or a name on the PATH."""
    return bool(command) and (Path(command).is_file() or shutil.which(command) is not None)


class LinkInKit(OSError):
    """A file or folder of the maps kit to be written is a symbolic link: nothing is written
    through it (or over it), and it is left as it is."""


def _refuse_link(path: Path, folder: Path) -> None:
    """LinkInKit if `path` is a symbolic link (dangling or not)."""
    try:
        is_link = stat.S_ISLNK(os.lstat(path).st_mode)
    except FileNotFoundError:
        return
    if is_link:
        # Anyone who could write in the folder could point a kit file anywhere the player can
        # write: the kit writes real files only, and a link is for its owner to remove.
        name = path.relative_to(folder).as_posix()
        raise LinkInKit(
            errno.ELOOP, f"{name} is a symbolic link; remove it (the kit never writes through one)"
        )


def _missing(path: Path, folder: Path) -> bool:
    """Whether a kit file is to be written (it is not there); LinkInKit if it is a dangling
    link (`Path.exists` follows links, so a dangling one looks missing).  A link to a file
    that is there is left alone: nothing is written."""
    if path.exists():
        return False
    _refuse_link(path, folder)
    return True


def _tileset_with_image_beside(tsx: Path, image_name: str) -> tuple[str, Path]:
    """The bundled tileset's text with its image named `image_name` (beside it), and that image."""
    text = tsx.read_text(encoding="utf-8")
    image = ElementTree.fromstring(text).find("image")
    assert image is not None, f"{tsx} has no image"
    source = image.get("source", "")
    quoted = f'source="{source}"'
    assert text.count(quoted) == 1, f"{tsx}: its image source appears {text.count(quoted)} times"
    return text.replace(quoted, f'source="{image_name}"'), (tsx.parent / source).resolve()
