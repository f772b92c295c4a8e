"""`simulate` stays bounded (issue 51, item 7): `--jobs` is capped at the CPUs, and a huge
`--battles` starts playing at once in flat memory instead of building every task first."""

from __future__ import annotations

import itertools
import os
import resource
import subprocess
import sys
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from tests.hostile import run_limited

ROOT = Path(__file__).resolve().parent.parent
MEMORY = 1536 * 2**20  # bytes of address space for the huge run: a billion tasks need ~100 GiB
HUGE = 1_000_000_000  # battles asked for
FAST = ("--sides", "ai:random,ai:random")  # the quickest battles there are


def test_jobs_beyond_the_cpus_are_capped_and_said_so(tmp_path: Path) -> None:
    cpus = len(os.sched_getaffinity(0))
    outcome = run_limited("simulate", "duel", "--battles", "2", "--jobs", "1000", *FAST, home=tmp_path)
    assert outcome.status == 0, outcome.stderr[-800:]
    assert f"--jobs 1000 is more than the {cpus} CPUs here: using {cpus}" in outcome.stderr


def test_a_billion_battles_start_at_once_in_bounded_memory(tmp_path: Path) -> None:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", DOMINION_TACTICS_HOME=str(tmp_path))
    command = [sys.executable, "-m", "game", "simulate", "duel", "--battles", str(HUGE), *FAST]
    run = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limit
    )
    assert run.stderr is not None
    seen = b""
    try:
        # The progress bar counting the third battle: it is playing, not listing tasks.
        while f"3/{HUGE}".encode() not in seen:
            chunk = os.read(run.stderr.fileno(), 4096)
            assert chunk, (run.wait(timeout=60), seen[-800:])  # it ended (MemoryError) instead
            seen += chunk
        assert run.poll() is None
    finally:
        run.kill()
        run.wait(timeout=60)


class _Pool:
    """A pool that runs each task as it is submitted, counting them."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, function: Any, task: Any) -> Future:
        self.submitted += 1
        done: Future = Future()
        done.set_result(task)
        return done


def test_the_pool_is_handed_only_a_few_tasks_ahead_of_the_results(monkeypatch) -> None:  # noqa: ANN001
    from game.ai.simulate import in_order  # (new with the fix)

    pool = _Pool()
    window = 8
    results = list(itertools.islice(in_order(pool, iter(itertools.count()), window), 5))
    assert results == [0, 1, 2, 3, 4]  # in order
    assert pool.submitted <= 5 + window  # an endless task stream, and only a window of it taken
