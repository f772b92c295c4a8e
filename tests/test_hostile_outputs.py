"""Files the game writes on the command line (issue 51): `replay --out` never replaces its
own source unasked; pictures are written whole or not at all."""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.cli.demo import demo_world
from game.persist.saves import save_battle
from game.rules.battle import Battle
from tests.hostile import assert_refused, run_limited
from tests.save_helpers import play


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
