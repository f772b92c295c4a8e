"""Every command meets bad files with one clear line and exit status 2, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

MAPS = Path(__file__).parent / "maps"


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOMINION_TACTICS_HOME=str(home))
    return subprocess.run(
        [sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=120, env=env
    )


def bad_files(tmp: Path) -> dict[str, Path]:
    files = {
        "random bytes": os.urandom(300),
        "truncated JSON": b'{"format": "dominion-tactics-save", "version": 1, "battle": {"se',
        "empty": b"",
        "wrong version": json.dumps({"format": "dominion-tactics-save", "version": 99}).encode(),
        "not an object": b"[1, 2, 3]",
        "wrong types": json.dumps({"title": 5, "briefing": [], "map": 3, "sides": "two"}).encode(),
    }
    paths = {}
    for name, data in files.items():
        path = tmp / (name.replace(" ", "_") + ".json")
        path.write_bytes(data)
        paths[name] = path
    return paths


@pytest.mark.parametrize(
    "command",
    [
        ["resolve"],
        ["replay"],
        ["replay", "--verify"],
        ["--load"],
        ["simulate", "--battles", "1", "--sides", "ai:random,ai:random"],
        ["render", "--out", "OUT"],
    ],
    ids=["resolve", "replay", "replay-verify", "load", "simulate", "render"],
)
def test_bad_files_give_one_line_and_status_2(tmp_path: Path, command: list[str]) -> None:
    for label, path in bad_files(tmp_path).items():
        args = [a if a != "OUT" else str(tmp_path / "out.png") for a in command]
        if args[0] in ("replay", "--load", "simulate", "render"):
            # these take the file as the first positional argument (or the option's value)
            args = [args[0], str(path), *args[1:]]
        else:
            args = [*args, str(path)]
        result = run(*args, home=tmp_path)
        assert result.returncode == 2, (label, args, result.stdout[-300:], result.stderr[-500:])
        assert "Traceback" not in result.stderr, (label, result.stderr)
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, (label, result.stderr)


@pytest.mark.parametrize(
    "fixture",
    ["malformed.tmx", "bomb.tmx", "missing_tsx.tmx", "isometric.tmx", "huge.tmx", "bad_gid.tmx"],
)
def test_hostile_maps_in_every_map_command(tmp_path: Path, fixture: str) -> None:
    path = MAPS / fixture
    for args in (["check-map", str(path)], ["render", str(path), "--out", str(tmp_path / "o.png")]):
        result = run(*args, home=tmp_path)
        assert result.returncode == 2, (args, result.stderr)
        assert "Traceback" not in result.stderr
        assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1
