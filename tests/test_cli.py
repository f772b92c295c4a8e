"""The command line's rough edges: missing maps, closed pipes, no display, --version, the program name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
from game.cli import build_parser, main
from game.paths import from_root

ROOT = Path(__file__).resolve().parent.parent


def run(
    *args: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """`python -m game ARGS` in a fresh process (headless unless `env` says otherwise)."""
    base = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env if env is not None else base,
        cwd=ROOT,
    )


def one_line(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]


def test_simulate_with_a_missing_map_gives_one_line_and_status_2(tmp_path: Path) -> None:
    source = json.loads(from_root("game/content/data/scenarios/ring_duel.json").read_text())
    source["map"] = "maps/no_such_map.tmx"
    path = tmp_path / "ring_duel.json"  # a scenario's id must match its file name
    path.write_text(json.dumps(source))
    result = run("simulate", str(path), "--battles", "2", "--sides", "ai:random,ai:random")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = one_line(result.stderr)
    assert len(lines) == 1 and "no_such_map.tmx" in lines[0], result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["check-map", "maps/ruined_town.tmx"],
        ["simulate", "ring_duel", "--battles", "2", "--sides", "ai:random,ai:random", "--json"],
    ],
    ids=["check-map", "simulate"],
)
def test_a_closed_pipe_ends_the_command_quietly(args: list[str]) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    reader = subprocess.Popen(  # noqa: S603 - our own interpreter
        [sys.executable, "-m", "game", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # like `| head -0`: the reader goes away before the first line
    stderr = reader.stderr.read().decode()
    status = reader.wait(timeout=60)
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr, stderr
    assert stderr.strip() == "", stderr
    assert status in (0, 141)


def test_the_game_refuses_to_start_without_a_display() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    result = run(env=env, timeout=30)  # it used to wait forever in an invisible window
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = one_line(result.stderr)
    assert len(lines) == 1 and "display" in lines[0], result.stderr


def test_a_display_that_cannot_be_reached_is_refused_in_one_line() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(DISPLAY=":4242", PYGAME_HIDE_SUPPORT_PROMPT="1")  # no X server there
    result = run(env=env, timeout=30)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert len(one_line(result.stderr)) == 1, result.stderr


def test_version(capsys) -> None:  # noqa: ANN001
    assert main(["--version"]) == 0
    assert __version__ in capsys.readouterr().out


def test_version_is_instant() -> None:
    """Issue 54: `--version` built the whole parser, importing every command's module (0.17 s)."""
    probe = (
        "import sys; from game.cli import main; main(['--version']); "
        "print(sorted(m for m in sys.modules if m.startswith('game.cli.')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.splitlines()[-1] == "[]", done.stdout


def test_help_names_the_program_as_it_was_invoked(monkeypatch, capsys) -> None:  # noqa: ANN001
    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/dominion-tactics", "--help"])
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: dominion-tactics ")
    assert "python -m game" not in out
    # As a module, argv[0] is the package's __main__.py.
    monkeypatch.setattr(sys, "argv", [str(ROOT / "game" / "__main__.py")])
    assert build_parser().format_usage().startswith("usage: python -m game ")


def test_argument_errors_point_at_the_invoked_name(monkeypatch, capsys) -> None:  # noqa: ANN001
    monkeypatch.setattr(sys, "argv", ["/opt/bin/dominion-tactics"])
    with pytest.raises(SystemExit) as exit_info:
        main(["no-such-command"])
    assert exit_info.value.code == 2
    assert "dominion-tactics --help" in capsys.readouterr().err
