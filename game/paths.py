"""Where the game's files are: the maps/ and assets/ folders.

In a checkout (or an editable install) they are the repository's own
top-level folders.  A built package carries copies inside itself, as
`game/bundled/maps` and `game/bundled/assets` (setup.py maps the top-level
folders there), found with `importlib.resources` wherever the package lands:
site-packages, `pip install --target DIR`, a bundler's folder.  From a zip
file they are extracted once into the user's cache folder, since maps,
tilesets and fonts are read as files.
"""

from __future__ import annotations

import shutil
import tempfile
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from game import __version__

BUNDLED = "bundled"  # the package's folder holding maps/ and assets/ in a built package
APP_NAME = "dominion-tactics"
COMPLETE = ".complete"  # written last into an extracted copy: a half-finished copy is redone


def checkout_root() -> Path:
    """The folder above the `game` package: the repository, when running from a checkout."""
    return Path(__file__).resolve().parent.parent


def bundled_root() -> Path | None:
    """The package's own copy of maps/ and assets/, as a real folder; None in a checkout."""
    try:
        root = resources.files("game").joinpath(BUNDLED)
    except (ModuleNotFoundError, OSError):
        return None
    if not root.is_dir():
        return None
    if isinstance(root, Path):
        return root
    return _extracted(root)


def _extracted(root: Traversable) -> Path:
    """A package from a zip file: its bundled folder copied once into the user's cache."""
    from platformdirs import user_cache_dir

    target = Path(user_cache_dir(APP_NAME, appauthor=False)) / f"{BUNDLED}-{__version__}"
    if (target / COMPLETE).exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{BUNDLED}-", dir=target.parent))
    _copy(root, staging)
    (staging / COMPLETE).write_text(__version__)
    shutil.rmtree(target, ignore_errors=True)  # a half-finished copy of an earlier run
    try:
        staging.rename(target)
    except OSError:  # another game process finished first: use its copy
        shutil.rmtree(staging, ignore_errors=True)
    return target


def _copy(source: Traversable, target: Path) -> None:
    for item in source.iterdir():
        if item.is_dir():
            (target / item.name).mkdir()
            _copy(item, target / item.name)
        else:
            (target / item.name).write_bytes(item.read_bytes())


ROOT = bundled_root() or checkout_root()
MAPS = ROOT / "maps"
ASSETS = ROOT / "assets"


def relative_to_root(path: Path) -> str:
    """A path as written in data files: relative to the game's data folder when inside it
    ("maps/skirmish.tmx"), so a save names a bundled map the same way in every install."""
    resolved = path.resolve()
    try:
        return resolved.relative_to(ROOT).as_posix()
    except ValueError:
        return str(resolved)


def from_root(text: str) -> Path:
    """Inverse of `relative_to_root`."""
    path = Path(text)
    return path if path.is_absolute() else ROOT / path
