"""The AI bench's declaration times: each declaration's fastest of several plays of the same
seeded battle counts, so a slow moment of the machine does not read as slow code."""

from __future__ import annotations

import pytest

from game.ai import bench
from game.cli import main


def test_each_declaration_counts_its_fastest_run(monkeypatch: pytest.MonkeyPatch) -> None:
    plays = iter([[30.0, 80.0, 10.0], [20.0, 90.0, 12.0], [25.0, 70.0, 11.0]])
    monkeypatch.setattr(bench, "_one_run", lambda seed, level, opponent: next(plays))
    assert bench.declaration_times(0, runs=3) == [20.0, 70.0, 10.0]


def test_one_run_is_the_times_as_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "_one_run", lambda seed, level, opponent: [30.0, 80.0])
    assert bench.declaration_times(0) == [30.0, 80.0]


def test_bench_refuses_fewer_than_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "ai", "--ai-runs", "0"]) == 2
    assert "--ai-runs must be at least 1" in capsys.readouterr().err
