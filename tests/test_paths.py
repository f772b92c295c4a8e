"""Where the maps and art are found: the checkout's own folders, else the package's copy."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

import game.paths as paths
from game.paths import ASSETS, MAPS, ROOT, bundled_root, checkout_root

REPO = Path(__file__).resolve().parent.parent


def test_a_checkout_uses_its_own_maps_and_assets() -> None:
    assert bundled_root() is None  # the source tree never holds game/bundled: the packaging maps it
    assert ROOT == REPO == checkout_root()
    assert MAPS == REPO / "maps" and ASSETS == REPO / "assets"


def _packaging() -> dict:
    import tomllib

    return tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]


def test_packaging_ships_every_file_of_maps_and_assets_and_nothing_else() -> None:
    """pyproject.toml's package data covers every file under maps/ and assets/ (so any
    install plays), mapped into the package as game/bundled/."""
    tool = _packaging()
    bundled = tool["package-dir"]
    assert bundled == {"game.bundled.maps": "maps", "game.bundled.assets": "assets"}
    data = tool["package-data"]
    covered = {
        p
        for package, folder in bundled.items()
        for pattern in data[package]
        for p in (REPO / folder).glob(pattern)
    }
    every = {p for folder in bundled.values() for p in (REPO / folder).rglob("*") if p.is_file()}
    assert every == covered


def test_packaging_lists_every_package_of_the_game() -> None:
    """The packages are written out in pyproject.toml (a `find` cannot add the two mapped
    ones): every folder of `game` with an `__init__.py` is among them, and nothing else but
    the two bundled folders."""
    found = {
        ".".join(init.parent.relative_to(REPO).parts)
        for init in (REPO / "game").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert set(_packaging()["packages"]) == found | {"game.bundled.maps", "game.bundled.assets"}
    assert not (REPO / "setup.py").exists()


def test_a_zipped_package_extracts_its_bundled_folder_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "game.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("game/bundled/maps/a.tmx", "<map/>")
        z.writestr("game/bundled/assets/fonts/f.ttf", b"\x00\x01")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = zipfile.Path(archive, "game/bundled/")
    first = paths._extracted(root)
    assert (first / "maps" / "a.tmx").read_text() == "<map/>"
    assert (first / "assets" / "fonts" / "f.ttf").read_bytes() == b"\x00\x01"
    (first / "maps" / "a.tmx").write_text("kept")  # a second run does not copy again
    assert paths._extracted(root) == first and (first / "maps" / "a.tmx").read_text() == "kept"
