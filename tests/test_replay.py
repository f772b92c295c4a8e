"""Replays: headless verification, continuing from a round, determinism at scale."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.ai.placeholder import placeholder_order
from game.cli.demo import demo_world
from game.persist.replay import continue_from, verify_save
from game.persist.saves import battle_to_save, load_battle, save_battle, seal, world_hash
from game.rules.battle import Battle


def finished_battle(seed: int, rounds: int = 30) -> Battle:
    world, board = demo_world()
    battle = Battle(world, board, seed)
    while not battle.over and battle.number < rounds:
        battle.play_round(lambda eid, b: placeholder_order(b.world, b.board, eid, b.round.orders))
    return battle


def test_verify_reports_a_faithful_replay(tmp_path: Path) -> None:
    path = tmp_path / "battle.json"
    save_battle(finished_battle(3), path)
    report = verify_save(path)
    assert report.ok and report.checked_rounds
    assert report.matching == list(range(1, report.rounds + 1))


def test_verify_names_the_first_round_that_differs(tmp_path: Path) -> None:
    battle = finished_battle(3)
    data = battle_to_save(battle)
    data["round_hashes"][1] = "0" * 64
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(seal(data)))  # its hash recomputed, as anyone can
    report = verify_save(path)
    assert not report.ok and report.first_mismatch == 2
    assert "round 2" in report.text()


def test_continue_from_any_round_and_play_on(tmp_path: Path) -> None:
    battle = finished_battle(8)
    path = tmp_path / "battle.json"
    save_battle(battle, path)
    branch = continue_from(path, 1)
    assert branch.number == 1 and branch.round is None
    assert [e.to_dict() for e in branch.events()] == [e.to_dict() for e in battle.records[0].events]
    # The branch goes on with other orders, and saves and loads like any battle.
    if not branch.over:
        branch.play_round(lambda eid, b: placeholder_order(b.world, b.board, eid, b.round.orders))
    out = tmp_path / "branch.json"
    save_battle(branch, out)
    assert world_hash(load_battle(out).world) == world_hash(branch.world)


def test_replay_cli_verify_and_branch(tmp_path: Path) -> None:
    path = tmp_path / "battle.json"
    save_battle(finished_battle(5), path)
    ok = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path), "--verify"], capture_output=True, text=True
    )
    assert ok.returncode == 0 and ok.stdout.startswith("replay OK"), ok.stderr
    out = tmp_path / "branch.json"
    branched = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path), "--from-round", "1", "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert branched.returncode == 0, branched.stderr
    assert load_battle(out).number == 1
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\x00garbage")
    failed = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(bad), "--verify"], capture_output=True, text=True
    )
    assert failed.returncode == 2
    assert failed.stderr.count("\n") == 1 and "Traceback" not in failed.stderr
