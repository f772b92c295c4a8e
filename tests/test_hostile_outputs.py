"""Files the game writes on the command line (issue 51): `replay --out` never replaces its
own source unasked; pictures are written whole or not at all."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

from game.cli.demo import demo_world
from game.persist.saves import save_battle
from game.rules.battle import Battle
from game.ui.picture import PNG_END
from tests.hostile import Outcome, assert_refused, run_limited
from tests.save_helpers import play

ROOT = Path(__file__).resolve().parent.parent


def _save(path: Path, rounds: int = 3) -> Path:
    world, board = demo_world()
    save_battle(play(Battle(world, board, 3, max_rounds=30), rounds), path)
    return path


def test_replay_out_refuses_to_overwrite_its_own_source(tmp_path: Path) -> None:
    source = _save(tmp_path / "battle.json")
    before = source.read_bytes()
    outcome = run_limited("replay", str(source), "--from-round", "1", "--out", str(source), home=tmp_path)
    assert_refused(outcome, "is the save being replayed")
    assert source.read_bytes() == before
    # Through another name for the same file (a link) too.
    link = tmp_path / "link.json"
    os.symlink(source, link)
    outcome = run_limited("replay", str(source), "--from-round", "1", "--out", str(link), home=tmp_path)
    assert_refused(outcome, "is the save being replayed")
    assert source.read_bytes() == before


def test_replay_out_replaces_its_source_when_forced(tmp_path: Path) -> None:
    source = _save(tmp_path / "battle.json")
    args = ("replay", str(source), "--from-round", "1", "--out", str(source), "--force")
    outcome = run_limited(*args, home=tmp_path)
    assert outcome.status == 0, outcome.stderr
    assert json.loads(source.read_text())["battle"]["resolved_rounds"] == 1


FILE_LIMIT = 4096  # bytes: RLIMIT_FSIZE for the writing process; every picture is larger
OLD = b"\x89PNG\r\n\x1a\n an older picture that must survive"


def _run_capped(command: list[str], home: Path) -> Outcome:
    """Run `command` with files capped at FILE_LIMIT bytes (a write past it fails EFBIG)."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT, FILE_LIMIT))

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOMINION_TACTICS_HOME=str(home))
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    # No bytecode written under the cap: CPython writes a .pyc with one unchecked write(), so a
    # module compiled here would be cut at FILE_LIMIT bytes and renamed into __pycache__, and
    # every later import of it fail ("marshal data too short").
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=120, env=env, cwd=ROOT, preexec_fn=cap
    )
    return Outcome(done.returncode, done.stdout, done.stderr, 0.0)


def test_render_out_under_a_file_size_limit_fails_in_one_line_and_keeps_the_old_picture(
    tmp_path: Path,
) -> None:
    out = tmp_path / "picture.png"
    out.write_bytes(OLD)
    command = [
        sys.executable,
        "-m",
        "game",
        "render",
        str(ROOT / "maps" / "duel_ring.tmx"),
        "--out",
        str(out),
    ]
    outcome = _run_capped(command, tmp_path)
    assert_refused(outcome, f"cannot write {out}")
    assert "wrote" not in outcome.stdout
    assert out.read_bytes() == OLD  # was cut to 0 or 8,192 bytes, with rc 0
    # No temporary file left (the data folder is tmp_path too: its log folder is the game's).
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "logs") == ["picture.png"]


def test_render_out_writes_a_whole_picture(tmp_path: Path) -> None:
    out = tmp_path / "picture.png"
    out.write_bytes(OLD)
    outcome = run_limited("render", str(ROOT / "maps" / "duel_ring.tmx"), "--out", str(out), home=tmp_path)
    assert outcome.status == 0, outcome.stderr
    assert out.read_bytes().endswith(PNG_END) and out.stat().st_size > FILE_LIMIT


WORKBENCH_EXPORT = """
import pygame
from tests.test_ui_workbench import Driver
from game.ui.workbench.keep_panel import export_picture
driver = Driver()
print(export_picture(driver.wb))
print(driver.wb.toasts[-1][0] if driver.wb.toasts else "")
"""


def test_the_workbench_picture_under_a_file_size_limit_is_not_saved_and_says_so(tmp_path: Path) -> None:
    outcome = _run_capped([sys.executable, "-c", WORKBENCH_EXPORT], tmp_path)
    assert outcome.status == 0, outcome.stderr[-800:]
    returned, toast = outcome.stdout.strip().splitlines()[-2:]
    assert returned == "None" and toast.startswith("Cannot export the picture"), outcome.stdout
    folder = tmp_path / "workbench"
    left = [p.name for p in folder.iterdir()] if folder.exists() else []
    assert left == []  # no cut PNG, no temporary file
