"""Where the maps and art are found: the checkout, else a plain install's data folder."""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.paths import ASSETS, DATA_DIR, MAPS, ROOT, data_roots, first_root

REPO = Path(__file__).resolve().parent.parent


def test_a_checkout_uses_its_own_maps_and_assets() -> None:
    assert ROOT == REPO
    assert MAPS == REPO / "maps" and ASSETS == REPO / "assets"
    assert data_roots()[0] == REPO


def test_an_install_without_a_checkout_finds_its_data_folder(tmp_path: Path) -> None:
    package_parent = tmp_path / "site-packages"  # a plain install: no maps/ next to the package
    package_parent.mkdir()
    installed = tmp_path / "prefix" / DATA_DIR
    for folder in ("maps", "assets"):
        (installed / folder).mkdir(parents=True)
    assert first_root([package_parent, installed]) == installed
    # Half an install (maps but no assets) is not taken for one.
    (tmp_path / "half" / "maps").mkdir(parents=True)
    assert first_root([package_parent, tmp_path / "half", installed]) == installed
    # Nothing anywhere: the first place, so errors name a path the user can look at.
    assert first_root([package_parent, tmp_path / "nowhere"]) == package_parent


def test_the_install_carries_every_bundled_file() -> None:
    """pyproject's data-files cover every file under maps/ and assets/ (so a plain
    `pip install .` plays), and nothing else."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    data_files = config["tool"]["setuptools"]["data-files"]
    covered: set[Path] = set()
    for target, patterns in data_files.items():
        assert target.startswith(DATA_DIR)
        for pattern in patterns:
            for path in REPO.glob(pattern):
                assert Path(target).relative_to(DATA_DIR) == path.parent.relative_to(REPO)
                covered.add(path)
    bundled = {p for folder in ("maps", "assets") for p in (REPO / folder).rglob("*") if p.is_file()}
    assert bundled == covered
