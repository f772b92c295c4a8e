"""`python -m game bench`: --quick's defaults, CPU figures, and --against REV measuring
another git revision in the same run (speed is read, not asserted)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
from pathlib import Path

import pytest

from game.cli import main
from game.cli.bench import settle
from game.cli.bench_against import compare
from game.measure import Figure, Millis, median_ms

FAKE_BENCH = '''
"""A stand-in bench: one section whose figure says which revision measured it."""
from dataclasses import dataclass

@dataclass
class Figure:
    label: str
    median_ms: float
    target_ms: float | None = None

def cheap(args):
    return "cheap: REVISION", [Figure("a figure", VALUE), Figure("only in REVISION", 1.0)]

SECTIONS = [cheap]
SECTION_NAMES = ("cheap",)
'''


def _git(repo: Path, *command: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t"}
    env["GIT_COMMITTER_EMAIL"] = "t@t"
    subprocess.run(["git", "-C", str(repo), *command], check=True, capture_output=True, env=env)


def _fake_checkout(repo: Path) -> None:
    """A git checkout whose `game` package has a bench of one section, in two commits."""
    (repo / "game" / "cli").mkdir(parents=True)
    (repo / "game" / "__init__.py").write_text("")
    (repo / "game" / "cli" / "__init__.py").write_text("")
    _git(repo, "init", "-q")
    for revision, value in (("first", 40.0), ("second", 10.0)):
        text = FAKE_BENCH.replace("REVISION", revision).replace("VALUE", str(value))
        (repo / "game" / "cli" / "bench.py").write_text(text)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", revision)


def _args(**given: object) -> argparse.Namespace:
    base = {"repeat": None, "seed": 0, "only": None, "ai_battles": None, "ai_runs": None}
    base |= {"quick": False, "against": None, "rounds": 1, "json": False}
    return argparse.Namespace(**(base | given))


def test_quick_runs_fewer_times_and_plays_no_win_rates() -> None:
    quick = settle(_args(quick=True))
    assert (quick.repeat, quick.ai_battles, quick.ai_runs) == (5, 0, 1)
    full = settle(_args())
    assert (full.repeat, full.ai_battles, full.ai_runs) == (50, 30, 3)
    assert settle(_args(quick=True, repeat=7)).repeat == 7  # an explicit value wins


def test_a_measured_figure_carries_its_cpu_time_and_is_judged_on_it() -> None:
    measured = median_ms(lambda: sum(range(20_000)), 3)
    figure = Figure("sum", measured, target_ms=10_000.0)
    assert isinstance(figure.cpu_ms, float) and figure.cpu_ms > 0
    assert type(figure.median_ms) is float
    assert figure.verdict() == "ok"
    # A stalled wall clock (another program ran) does not make a figure SLOW: CPU is judged.
    assert Figure("x", Millis(50.0, 2.0), target_ms=5.0).verdict() == "ok"
    assert Figure("x", 50.0, target_ms=5.0).verdict() == "SLOW"  # wall only: judged on wall


def test_bench_prints_cpu_beside_wall(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--quick", "--repeat", "1", "--only", "board"]) == 0
    out = capsys.readouterr().out
    assert "(quick)" in out
    assert "ms CPU" in out


def test_bench_json_lists_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--repeat", "1", "--only", "board", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [s["section"] for s in report] == ["board"]
    assert all({"label", "median_ms", "cpu_ms", "target_ms"} <= set(f) for f in report[0]["figures"])


def test_against_measures_the_revision_and_this_tree_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "checkout"
    _fake_checkout(repo)
    assert compare(settle(_args(against="HEAD~1", rounds=2)), ["cheap"], repo) == 0
    out = capsys.readouterr().out
    # This tree's figure is 10 ms, the first commit's 40 ms: a quarter, both measured now.
    assert "a figure" in out and "0.25×" in out
    assert "only in second" in out and "only in first" in out  # unmatched figures still shown
    assert (repo / "game" / "cli" / "bench.py").read_text().count("second") > 0  # checkout untouched
    capsys.readouterr()
    assert compare(settle(_args(against="HEAD~1", json=True)), ["cheap"], repo) == 0
    report = json.loads(capsys.readouterr().out)
    (section,) = report["sections"]
    assert section["now"]["figures"][0]["median_ms"] == 10.0
    assert section["rev"]["figures"][0]["median_ms"] == 40.0


def test_against_a_revision_that_is_not_one_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "board", "--against", "no-such-rev\x1b]0;x\x07"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a commit" in err and "\x1b" not in err


@pytest.mark.parametrize("option", [["--rounds", "0"], ["--ai-battles", "-1"], ["--repeat", "0"]])
def test_bench_refuses_silly_counts(option: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "board", *option]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_figures_are_matched_by_label_shape_and_occurrence() -> None:
    from game.cli.bench_against import _keyed

    figures = [
        {"label": "map A: load"},
        {"label": "  longest of 12 selections"},
        {"label": "map B: load"},
        {"label": "  longest of 12 selections"},
        {"label": "one declaration (74 timed, CPU)"},
    ]
    keys = [key for key, _ in _keyed(figures)]
    assert len(set(keys)) == len(keys)  # the repeated sub-figure is told apart by occurrence
    other = [{"label": "one declaration (72 timed, CPU)"}]
    assert _keyed(other)[0][0] == keys[-1]  # a count in the label does not unmatch it
