"""`python -m game bench` runs and prints its board figures (speed is read, not asserted)."""

from __future__ import annotations

import pytest

from game.cli import main


def test_bench_prints_the_board_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--repeat", "1", "--only", "board"]) == 0
    out = capsys.readouterr().out
    assert "board: generated 200 × 200 tiles, 1 m per tile" in out
    assert "reachable set, 12 m budget" in out
    assert "sight and cover to every tile within 60 m" in out
    assert "path of 40 tiles" in out
    assert out.count(" ms") >= 5


def test_bench_refuses_a_silly_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--repeat", "0"]) == 2
    assert capsys.readouterr().err.startswith("error: --repeat")
