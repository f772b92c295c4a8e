"""Where the game's files are: the maps/ and assets/ folders.

Run from a checkout (or an editable install) they are the repository's own;
a plain install puts them under `<prefix>/share/dominion-tactics`
(pyproject.toml's data-files).
"""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

DATA_DIR = "share/dominion-tactics"  # where a plain install puts maps/ and assets/


def data_roots() -> list[Path]:
    """Where maps/ and assets/ may be, best first: the checkout, then the install's
    data folders (the environment's, then the user's)."""
    roots = [Path(__file__).resolve().parent.parent]
    user = sysconfig.get_path("data", sysconfig.get_preferred_scheme("user"))
    for base in (sysconfig.get_path("data"), sys.prefix, user):
        if base and Path(base) / DATA_DIR not in roots:
            roots.append(Path(base) / DATA_DIR)
    return roots


def first_root(roots: list[Path]) -> Path:
    """The first of `roots` that holds both maps/ and assets/ (else the first: errors
    then name the checkout's paths)."""
    return next((r for r in roots if (r / "maps").is_dir() and (r / "assets").is_dir()), roots[0])


ROOT = first_root(data_roots())
MAPS = ROOT / "maps"
ASSETS = ROOT / "assets"


def relative_to_root(path: Path) -> str:
    """A path as written in data files: relative to the repository when inside it."""
    resolved = path.resolve()
    try:
        return resolved.relative_to(ROOT).as_posix()
    except ValueError:
        return str(resolved)


def from_root(text: str) -> Path:
    """Inverse of `relative_to_root`."""
    path = Path(text)
    return path if path.is_absolute() else ROOT / path
