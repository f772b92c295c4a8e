"""Where the game's files are: the repository's maps/ and assets/ folders."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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
