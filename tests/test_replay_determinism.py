"""Battles replay identically: in this process, and across processes with other hash seeds.

A battle is initial state + seed + orders.  In process: 20 AI-versus-AI
battles over the bundled scenarios are saved through real JSON text and
replayed to identical events and states.  Across processes: 24 battles are
played by two processes with different PYTHONHASHSEED values, which must get
the same events and worlds; a third process, with a third hash seed, loads
the first one's saves, replaying every order and checking the stored hashes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import cycle, islice
from pathlib import Path

import pytest

from game.content.scenarios import list_scenarios
from game.persist.saves import battle_from_save, battle_to_save, world_hash
from tests.replay_worker import play

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = [s.id for s in list_scenarios()]
IN_PROCESS = list(islice(((s, seed) for seed in range(2) for s in SCENARIOS), 20))
ACROSS = [f"{s}:{10 + n}:ai:random" for n, s in enumerate(islice(cycle(SCENARIOS), 20))]
ACROSS += [f"{s}:{seed}:ai:easy" for s, seed in zip(SCENARIOS[:4], range(30, 34), strict=True)]
HASH_SEEDS = ("0", "4242", "97531")


@pytest.mark.parametrize(("scenario_id", "seed"), IN_PROCESS, ids=[f"{s}-{n}" for s, n in IN_PROCESS])
def test_battles_replay_identically(scenario_id: str, seed: int) -> None:
    # Random legal orders reach every corner of the rules; a fresh controller per side.
    battle = play(scenario_id, seed, "ai:random")
    saved = json.loads(json.dumps(battle_to_save(battle)))  # through real JSON text
    replayed = battle_from_save(saved, f"{scenario_id} seed {seed}")
    assert [e.to_dict() for e in replayed.events()] == [e.to_dict() for e in battle.events()]
    assert world_hash(replayed.world) == world_hash(battle.world)


def worker(hash_seed: str, *args: str) -> list[dict]:
    """Run the replay worker in a fresh interpreter with that PYTHONHASHSEED."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-m", "tests.replay_worker", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [json.loads(text) for text in done.stdout.splitlines()]


def test_battles_replay_identically_across_processes_and_hash_seeds(tmp_path: Path) -> None:
    first_dir, second_dir = tmp_path / "first", tmp_path / "second"
    first_dir.mkdir()
    second_dir.mkdir()
    first = worker(HASH_SEEDS[0], "play", str(first_dir), *ACROSS)
    second = worker(HASH_SEEDS[1], "play", str(second_dir), *ACROSS)
    assert len(first) == len(ACROSS) >= 20
    assert [(x["rounds"], x["events"], x["world"]) for x in first] == [
        (x["rounds"], x["events"], x["world"]) for x in second
    ]
    saves = sorted(first_dir.glob("*.json"))
    assert len(saves) == len(ACROSS)
    replayed = {Path(x["battle"]).name: x for x in worker(HASH_SEEDS[2], "verify", *map(str, saves))}
    played = {x["battle"]: x for x in first}
    for spec, x in played.items():
        scenario_id, seed, ai = spec.split(":", 2)
        again = replayed[f"{scenario_id}-{seed}-{ai.replace(':', '_')}.json"]
        assert (again["rounds"], again["events"], again["world"]) == (x["rounds"], x["events"], x["world"])
    # The battles got somewhere: most lasted several rounds.
    assert sum(x["rounds"] for x in first) >= 3 * len(first)
