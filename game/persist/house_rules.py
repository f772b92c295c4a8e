"""Where house rules come from (docs/house-rules.md): the `rules` folder in the game's data
folder, the `*.toml` files beside a scenario file the player loads, and files named on the
command line.  Each is read by `game.content.house_rules`; the good ones are registered as
rules modules, the bad ones kept with their one-line reason (the setup screen lists them
greyed).  A save carries the house rules in play itself (`game.persist.saves`).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable
from pathlib import Path

from game.content.house_rules import Found, check_together, install_found, read_files, read_folder
from game.files import resolved
from game.persist.autosave import data_dir
from game.rules.house.module import uninstall

_seen: list[Found] = []
"""What the last `gather` found, good and bad (the setup screen lists it)."""


def house_rules_dir() -> Path:
    """The folder of the player's house rules (it may not exist)."""
    return data_dir() / "rules"


def gather(files: Iterable[Path] = (), beside: Path | None = None) -> list[Found]:
    """Read the house rules of `files`, of the folder of `beside` (a scenario file) and of the
    data folder, in that order (a file named first wins over one of the same name in a
    folder), check them together and register the good ones; every file with its outcome.
    A house rule an earlier gather registered from a file read again now (or from a folder
    read again, the file gone) that is no longer good is dropped; those of other sources
    (another scenario's folder, a save) stay."""
    named = [Path(f) for f in files]
    folders = [house_rules_dir()]
    found = read_files(named)
    if beside is not None and resolved(beside.parent) != resolved(house_rules_dir()):
        folders.append(beside.parent)
        found += _folder(beside.parent)
    found += _folder(house_rules_dir())
    found = check_together(found)
    good = {f.description.key for f in found if f.description is not None}
    again = {resolved(p) for p in named} | {resolved(f.path) for f in found}
    places = {resolved(folder) for folder in folders}
    kept = []
    for earlier in _seen:
        if resolved(earlier.path) not in again and resolved(earlier.path).parent not in places:
            kept.append(earlier)  # another source, not read this time: as it was
        elif earlier.description is not None and earlier.description.key not in good:
            uninstall(earlier.description.key)
    install_found(found)
    _seen[:] = [*kept, *found]
    return found


def _folder(folder: Path) -> list[Found]:
    """The house rules of a folder; a folder that is there but cannot be listed (a symbolic
    link loop, a link to nothing, a file, no permission) is one entry saying why, rather
    than read as empty: the player sees why their rules are missing."""
    try:
        os.scandir(folder).close()
    except FileNotFoundError:
        if not os.path.lexists(folder):
            return []  # no folder: no house rules, nothing wrong
        return [Found(folder, None, f"{folder}: is a symbolic link to nothing")]
    except NotADirectoryError:
        return [Found(folder, None, f"{folder}: is not a folder")]
    except OSError as err:
        reason = "a symbolic link loop" if err.errno == errno.ELOOP else err.strerror or str(err)
        return [Found(folder, None, f"{folder}: cannot be read: {reason}")]
    except ValueError:  # a NUL in the name
        return [Found(folder, None, f"{folder}: cannot be read")]
    return read_folder(folder)


def last_gathered() -> list[Found]:
    """Every file the gathers found, each as last read (nothing before the first)."""
    return list(_seen)
