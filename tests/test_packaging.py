"""A package that installs anywhere (issue 18, point 8).

`pip install --target DIR .` builds the package the way any install does (an
isolated build with setuptools from the package index), and the game then
runs from another folder with only DIR on its path: the maps, art and
scenarios come from inside the package, and a copy of it zipped up runs too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("target")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(REPO)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=target,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return target


def _run(path: str, *args: str, cwd: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ,
        PYTHONPATH=path,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        DOMINION_TACTICS_HOME=str(cwd / "home"),
        XDG_CACHE_HOME=str(cache),
    )
    # -I would drop PYTHONPATH; -P keeps the current folder off the path (Python 3.11+)
    code = (
        "import sys, runpy; sys.argv = ['game', *sys.argv[1:]]; runpy.run_module('game', run_name='__main__')"
    )
    return subprocess.run(
        [sys.executable, "-P", "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=env,
    )


def test_an_install_elsewhere_carries_its_maps_art_and_licence(installed: Path) -> None:
    bundled = installed / "game" / "bundled"
    shipped = {p.relative_to(bundled).as_posix() for p in bundled.rglob("*") if p.is_file()}
    repo = {
        p.relative_to(REPO).as_posix()
        for d in ("maps", "assets")
        for p in (REPO / d).rglob("*")
        if p.is_file()
    }
    assert shipped == repo
    assert not (installed / "share").exists()  # no deprecated data-files
    meta = next(installed.glob("dominion_tactics-*.dist-info"))
    metadata = (meta / "METADATA").read_text()
    assert "License-Expression: MIT AND Bitstream-Vera" in metadata
    assert "Classifier: Topic :: Games/Entertainment :: Turn Based Strategy" in metadata
    assert (meta / "licenses" / "LICENSE").exists()


def test_the_installed_game_renders_a_bundled_scenario_from_another_folder(
    installed: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = _run(str(installed), "render", "ring_duel", "--out", "ring.png", cwd=elsewhere, cache=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (elsewhere / "ring.png").stat().st_size > 1000
    check = _run(str(installed), "check-map", "maps/skirmish.tmx", cwd=elsewhere, cache=tmp_path)
    assert check.returncode == 2 and "no such map file" in check.stderr  # not the repository's, by accident
    probe = _run(str(installed), "maps", cwd=elsewhere, cache=tmp_path)
    assert probe.returncode == 0 and "made tilesets/battlefield.tsx" in probe.stdout, probe.stderr


def test_a_zipped_copy_of_the_package_runs(installed: Path, tmp_path: Path) -> None:
    archive = tmp_path / "game.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in (installed / "game").rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                z.write(path, path.relative_to(installed).as_posix())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = _run(
        str(archive), "render", "tutorial_cover", "--out", "cover.png", cwd=elsewhere, cache=tmp_path / "c"
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "c" / "dominion-tactics").is_dir()  # maps and fonts read from an extracted copy


def test_the_project_metadata_is_complete() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["license"] == "MIT AND Bitstream-Vera"
    assert set(project["license-files"]) == {"LICENSE", "assets/fonts/LICENSE-DejaVu.txt"}
    assert all((REPO / f).is_file() for f in project["license-files"])
    assert project["classifiers"] and project["urls"]
    assert "data-files" not in tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"].get(
        "setuptools", {}
    )
