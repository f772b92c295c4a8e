"""Issue 56, the AI's half: `simulate` on every core by default, the bench's battles a minute
per core, and the caches the faster AI keeps (bounded, and answering as the rules do)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import knowledge
from game.ai.knowledge import walks_from
from game.board.reach import reachable
from game.board.terrain import TerrainBoard
from game.core.geometry import chebyshev
from game.rules.board import COVER_LEVELS, GridBoard, ray_cells


class _Seen(Exception):
    """Raised once the command has said how many processes it would use."""


def _simulated_jobs(monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    """The `jobs` the command hands to `iter_battles` (no battle is played)."""
    from game.cli import main
    from game.cli import simulate as command

    seen: list[int] = []

    def battles(spec, roster, sides, battles, seed, jobs, *rest):  # noqa: ANN001, ANN202
        seen.append(jobs)
        raise _Seen

    monkeypatch.setattr(command, "iter_battles", battles)
    monkeypatch.setattr(command, "resolve_scenarios", lambda *a: None)
    monkeypatch.setattr(command, "cpu_count", lambda: 4)
    with pytest.raises(_Seen):  # nothing more is needed of the command
        main(["simulate", "duel", "--sides", "ai:easy,ai:random", *extra])
    return seen[0]


def test_simulate_spreads_over_every_cpu_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _simulated_jobs(monkeypatch, "--battles", "10") == 4
    # No more processes than battles: each costs a start-up and would sit idle.
    assert _simulated_jobs(monkeypatch, "--battles", "3") == 3
    assert _simulated_jobs(monkeypatch, "--battles", "10", "--jobs", "1") == 1


def test_bench_reports_battles_a_minute_per_core(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai import bench

    # One short seeded duel stands for the bench's battles (the figure, not its size, is tested).
    monkeypatch.setattr(bench, "RATE_BATTLES", (("duel", 1), ("duel", 2)))
    figure = bench.battle_rate_figure(quick=True)
    assert "duel seed 1;" in figure.label and "duel seed 2" not in figure.label
    assert figure.median_ms > 0
    per_minute = float(figure.label.split(": ")[-1].split(" battles")[0])
    assert per_minute == pytest.approx(60_000 / figure.median_ms, rel=0.06)


def test_kept_walks_are_bounded_and_answer_as_reachable(monkeypatch: pytest.MonkeyPatch) -> None:
    board = TerrainBoard.from_rows(["." * 12] * 12)
    monkeypatch.setattr(knowledge, "WALKS_KEPT_CELLS", 300)
    rng = random.Random(5)
    for _ in range(60):
        start = (rng.randrange(12), rng.randrange(12))
        others = [(rng.randrange(12), rng.randrange(12)) for _ in range(3)]
        budget = float(rng.choice([2, 4, 6]))
        kept = walks_from(board, start, budget, others)
        fresh = reachable(board, start, budget, others)
        assert (kept.x0, kept.y0) == (fresh.x0, fresh.y0)
        assert (kept.metres == fresh.metres).all()
        assert (
            walks_from(board, start, budget, list(reversed(others))) is kept
        )  # the order of others is no matter
        cells = sum(m.metres.size for m in board.derived("ai walks", dict).values())
        assert cells <= 300 or len(board.derived("ai walks", dict)) == 1


def _slow_sight(board: GridBoard, a: tuple[int, int], b: tuple[int, int]) -> bool:
    return not any(all(board.blocks_sight(t) for t in cells) for cells in ray_cells(a, b))


def _slow_cover(board: GridBoard, attacker: tuple[int, int], target: tuple[int, int]) -> str:
    best = board.cover_at(target) if board.in_bounds(target) else "none"
    for cells in ray_cells(attacker, target):
        level = min(
            COVER_LEVELS.index(board.cover_at(t)) if chebyshev(t, target) == 1 and board.in_bounds(t) else 0
            for t in cells
        )
        best = max(best, COVER_LEVELS[level], key=COVER_LEVELS.index)
    return best


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 14), st.integers(1, 14), st.integers(0, 2**32 - 1))
def test_sight_and_cover_tables_agree_with_the_ray(width: int, height: int, seed: int) -> None:
    # The ray's offsets are worked out once per (dx, dy) and the board's sight once per board:
    # the answers are the ray's own, tile by tile, on and off the map.
    rng = random.Random(seed)
    tiles = [(x, y) for x in range(width) for y in range(height)]
    board = GridBoard(
        width,
        height,
        walls=[t for t in tiles if rng.random() < 0.2],
        sight_blockers=[t for t in tiles if rng.random() < 0.1],
        cover={t: rng.choice(COVER_LEVELS) for t in tiles if rng.random() < 0.4},
    )
    for _ in range(200):
        a = (rng.randint(-1, width), rng.randint(-1, height))
        b = (rng.randint(-1, width), rng.randint(-1, height))
        assert board.line_of_sight(a, b) == _slow_sight(board, a, b)
        assert board.cover_between(a, b) == _slow_cover(board, a, b)
