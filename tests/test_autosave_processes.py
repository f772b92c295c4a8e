"""Windows as processes sharing one autosave folder (issue 51): two windows continuing one
autosave at once, and many windows playing and rotating side by side, lose nothing; a
battle's lock names its owner, a dead owner's lock is taken over, and it goes at exit."""

from __future__ import annotations

import json
import multiprocessing
import os
import queue
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from game.persist import locks
from game.persist.autosave import list_autosaves
from game.persist.saves import load_battle, world_hash
from tests.autosave_worker import many_windows, new_battle, next_round, stored_state, two_windows

TRIALS = 50
ROOT = Path(__file__).resolve().parent.parent


def _run(target, args_for, count: int, trials: int) -> list[tuple]:  # noqa: ANN001
    """Run `count` spawned processes (fresh interpreters, as windows are) and collect what
    they report."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(count)
    results = context.Queue()
    workers = [
        context.Process(target=target, args=(*args_for(who), barrier, results, who)) for who in range(count)
    ]
    for worker in workers:
        worker.start()
    reports = []
    try:
        while len(reports) < count * trials:
            try:
                reports.append(results.get(timeout=1))
            except queue.Empty:
                # A worker that died stops the others at their next barrier: fail now.
                assert all(w.is_alive() or w.exitcode == 0 for w in workers), [w.exitcode for w in workers]
    finally:
        for worker in workers:
            worker.join(timeout=60)
            if worker.is_alive():
                worker.kill()
    assert all(worker.exitcode == 0 for worker in workers), [w.exitcode for w in workers]
    return reports


def test_two_windows_continuing_one_autosave_at_once_lose_nothing(tmp_path: Path) -> None:
    first = tmp_path / "first"
    battle = new_battle(7)
    for _ in range(3):
        source, _ = next_round(battle, first)
    locks.release_all()  # the window that played it has closed
    name = Path(source).name
    for trial in range(TRIALS):
        (tmp_path / f"trial-{trial:03d}").mkdir()
        shutil.copy(source, tmp_path / f"trial-{trial:03d}" / name)
    reports = _run(two_windows, lambda who: (str(tmp_path), name, TRIALS), 2, TRIALS)
    by_trial: dict[int, list[dict[str, str]]] = {}
    for _who, trial, written in reports:
        by_trial.setdefault(trial, []).append(written)
    assert len(by_trial) == TRIALS
    for trial, (one, other) in sorted(by_trial.items()):
        assert not set(one) & set(other), f"trial {trial}: both windows wrote {sorted(set(one) & set(other))}"
        for path, state in {**one, **other}.items():
            assert stored_state(path) == state, f"trial {trial}: {Path(path).name} lost"
    # Every file the two left loads as the battle it was (one trial in full: loading replays).
    for path, state in {**by_trial[0][0], **by_trial[0][1]}.items():
        assert world_hash(load_battle(Path(path)).world) == state


def test_many_windows_playing_side_by_side_never_rotate_away_an_open_battle(tmp_path: Path) -> None:
    windows = 3
    reports = _run(many_windows, lambda who: (str(tmp_path), TRIALS), windows, TRIALS)
    lost = [(who, trial, [Path(p).name for p in paths]) for who, trial, paths in reports if paths]
    assert len(reports) == windows * TRIALS
    assert not lost, lost[:5]


def _lock_then(tmp: Path, ending: str) -> subprocess.CompletedProcess:
    """Another window autosaves a battle (taking its lock), then ends as `ending` says."""
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        from pathlib import Path
        from tests.autosave_worker import new_battle, next_round
        battle = new_battle(3)
        for _ in range(2):
            next_round(battle, Path({str(tmp)!r}))
        {ending}
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, timeout=60)


def test_a_lock_names_its_owner_and_goes_when_the_owner_exits(tmp_path: Path) -> None:
    done = _lock_then(tmp_path, f"print(next(Path({str(tmp_path)!r}).glob('.locks/*.lock')).read_text())")
    assert done.returncode == 0, done.stderr
    owner = json.loads(done.stdout)
    assert set(owner) == {"pid", "start", "token"} and isinstance(owner["pid"], int)
    assert not list((tmp_path / locks.LOCKS).glob("*.lock"))  # released at exit


def test_a_killed_windows_lock_is_stale_and_its_battle_can_go(tmp_path: Path) -> None:
    killed = _lock_then(tmp_path, "os.kill(os.getpid(), signal.SIGKILL)")
    assert killed.returncode == -signal.SIGKILL
    (stale,) = (tmp_path / locks.LOCKS).glob("*.lock")  # left behind, naming a dead process
    ident = stale.name.removesuffix(".lock")
    assert not locks.held_elsewhere(tmp_path, ident)
    # Its battle continued here goes on under its own name: the stale lock is taken over.
    battle = load_battle(next(a.path for a in list_autosaves(tmp_path) if a.round == 2))
    path, _ = next_round(battle, tmp_path)
    assert ident in Path(path).name and locks.held_here(tmp_path, ident)
    locks.release_all()


def test_a_lock_whose_pid_was_reused_by_a_live_process_is_stale(tmp_path: Path) -> None:
    battle = new_battle(5)
    ident = battle.meta.setdefault("battle_id", "0123456789ab")
    lock = locks.lock_path(tmp_path, ident)
    lock.parent.mkdir(parents=True)
    # The pid of a running process (our parent) that never took the lock: a reused pid.
    lock.write_text(f'{{"pid": {os.getppid()}, "start": 1, "token": "someone-long-gone"}}')
    assert not locks.held_elsewhere(tmp_path, ident)
    path, _ = next_round(battle, tmp_path)
    assert ident in Path(path).name
    locks.release_all()


def test_a_battle_another_live_window_holds_is_continued_as_a_branch(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", _holder_script(tmp_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert holder.stdout is not None
        ident = holder.stdout.readline().decode().strip()  # it has autosaved and holds the lock
        assert locks.held_elsewhere(tmp_path, ident)
        battle = load_battle(next(a.path for a in list_autosaves(tmp_path) if a.battle == ident))
        path, _ = next_round(battle, tmp_path)
        assert ident not in Path(path).name and battle.meta["branch_of"] == ident
        for seed in range(12):  # more battles than rotation keeps: the held one stays
            next_round(new_battle(seed), tmp_path)
        assert any(a.battle == ident for a in list_autosaves(tmp_path))
    finally:
        holder.kill()
        holder.wait()
    locks.release_all()


def _holder_script(folder: Path) -> str:
    return textwrap.dedent(
        f"""
        import sys, time
        from pathlib import Path
        from tests.autosave_worker import new_battle, next_round
        battle = new_battle(9)
        next_round(battle, Path({str(folder)!r}))
        print(battle.meta["battle_id"], flush=True)
        time.sleep(120)
        """
    )


def test_a_window_holds_the_lock_of_the_battle_it_plays_only(tmp_path: Path) -> None:
    first, second = new_battle(1), new_battle(2)
    next_round(first, tmp_path)
    next_round(second, tmp_path)  # a new battle in the same window: the first is over for it
    held = sorted(p.name for p in (tmp_path / locks.LOCKS).glob("*.lock"))
    assert held == [f"{second.meta['battle_id']}.lock"]  # not a descriptor per battle ever played
    assert not locks.held_here(tmp_path, first.meta["battle_id"])
    locks.release_all()
