"""`simulate` stays bounded (issue 51, item 7): `--jobs` is capped at the CPUs, and a huge
`--battles` starts playing at once in flat memory instead of building every task first."""

from __future__ import annotations

import itertools
import os
import resource
import subprocess
import sys
import weakref
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
    # --progress: the bar is shown only on a terminal unless asked for; --jobs 1: one process
    # to stop (a pool's workers would outlive a killed parent for a while).
    command = [
        sys.executable,
        "-m",
        "game",
        "simulate",
        "duel",
        "--battles",
        str(HUGE),
        "--jobs",
        "1",
        "--progress",
    ]
    run = subprocess.Popen(
        [*command, *FAST],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=limit,
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


def test_a_run_keeps_no_battle_once_it_is_counted(monkeypatch, capsys) -> None:  # noqa: ANN001
    """Memory flat in the battle count: each result is folded into the summary and dropped
    (only --json keeps a row per battle, as it prints them)."""
    import game.cli.simulate as command
    from game.ai.simulate import BattleResult
    from game.cli import main

    alive, most = [0], [0]

    def gone() -> None:
        alive[0] -= 1

    def battles(*_args: Any, **_kwargs: Any):  # noqa: ANN202
        for i in range(2000):
            result = BattleResult(i, "s", 1, ["ai:random"] * 2, i % 2, 3, [1, 2], decide_ms=[[1.0], [2.0]])
            alive[0] += 1
            most[0] = max(most[0], alive[0])
            weakref.finalize(result, gone)
            yield result

    monkeypatch.setattr(command, "iter_battles", battles, raising=False)
    monkeypatch.setattr(command, "play_battles", lambda *a, **k: list(battles()), raising=False)
    monkeypatch.setattr(command, "resolve_scenarios", lambda *a: [])
    assert main(["simulate", "duel", "--battles", "2000", *FAST]) == 0
    assert "2000 battles" in capsys.readouterr().out
    assert most[0] <= 3  # (2,000 at once when every result was kept to the end)


def test_the_decision_times_kept_for_the_median_are_bounded(monkeypatch) -> None:  # noqa: ANN001
    from game.ai import tally as module
    from game.ai.simulate import BattleResult

    monkeypatch.setattr(module, "MAX_TIMES", 100)
    tally = module.Tally(["a", "b"])
    for i in range(1000):
        tally.add(BattleResult(i, "s", 1, ["a", "b"], 0, 3, [0, 0], decide_ms=[[float(i)], [1.0]]))
    assert [len(t) for t in tally.times] == [100, 100]  # a fair sample, not every one
    assert 250 < tally.summary()["median_decision_ms"][0] < 750  # of times spread over 0–999
