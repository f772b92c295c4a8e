"""`python -m game check-map PATH`: a summary and exit 0, or one line and exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parent.parent
MAPS = Path(__file__).resolve().parent / "maps"
BAD = sorted(p.name for p in MAPS.glob("*.tmx") if p.name not in {
    "terrain_rules.tmx", "foreign.tmx", "scale_base64.tmx", "embedded.tmx", "tall.tmx", "zone_blocked.tmx",
    "dark.tmx",
})  # fmt: skip


def test_the_bundled_map_is_playable() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "game", "check-map", str(ROOT / "maps" / "skirmish.tmx")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    lines = out.stdout.splitlines()
    assert lines[0].startswith("map: Skirmish at the Ford")
    assert lines[1] == "size: 24 × 16 tiles, 36 × 24 m (1.5 m per tile)"
    assert "deploy zones:" in lines
    assert any(line.startswith("  side red: west bank — 48 tiles") for line in lines)
    assert lines[-1] == "warnings: none"
    assert "pygame" not in out.stdout


def test_summary_lists_terrain_placements_and_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-map", str(MAPS / "terrain_rules.tmx")]) == 0
    out = capsys.readouterr().out
    assert "size: 8 × 6 tiles, 12 × 9 m (1.5 m per tile)" in out
    assert "rough" in out and "move cost ×2" in out
    assert "barricade" in out and "blocks movement, high cover" in out
    assert "side red: omar at (0, 2) facing E" in out
    assert "warnings:\n  1 object(s) are neither" in out


@pytest.mark.parametrize("name", BAD)
def test_bad_maps_exit_2_with_one_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-map", str(MAPS / name)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert "Traceback" not in captured.err


def test_a_bad_map_in_a_real_process_prints_no_traceback() -> None:
    for name in ("entities.tmx", "missing_image.tmx", "isometric.tmx", "not-there.tmx"):
        out = subprocess.run(
            [sys.executable, "-m", "game", "check-map", str(MAPS / name)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert out.returncode == 2
        assert len(out.stderr.splitlines()) == 1 and "Traceback" not in out.stderr
        assert out.stdout == ""


def test_check_map_counts_the_ways_off_the_map(capsys: pytest.CaptureFixture[str]) -> None:
    """Every open edge tile is one to flee from (RULES.md §7); a walled keep has none."""
    from game.cli import main
    from game.paths import MAPS

    assert main(["check-map", str(MAPS / "the_pub.tmx")]) == 0
    out = capsys.readouterr().out
    assert "ways off the map: 32 open edge tiles to flee from (north 0, east 5, south 24, west 5)" in out
    assert main(["check-map", str(MAPS / "corridors.tmx")]) == 0
    assert "ways off the map: none (the edge is walled all round; nobody can flee)" in capsys.readouterr().out
