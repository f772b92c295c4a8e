"""Files that are not files, files of gigabytes, absurd numbers and settings: one line, exit 2,
within 10 s and 1 GiB (issue 13).  Every hostile file is made here, in the test's folder."""

from __future__ import annotations

import json
import math
import os
import threading
from pathlib import Path

import pytest

from game.ui.prefs import MAX_SETTINGS_BYTES, Prefs
from tests.hostile import assert_refused, run_limited

GIGABYTES = 5  # size of the sparse file (it takes no disk space)


def _special(kind: str, folder: Path, name: str) -> Path:
    """A path that names something other than a small regular file."""
    if kind == "fifo":
        path = folder / name
        os.mkfifo(path)  # nobody ever writes: a plain open would wait forever
        return path
    if kind == "dev-zero":
        return Path("/dev/zero")  # endless bytes
    if kind == "directory":
        path = folder / name
        path.mkdir()
        return path
    path = folder / name
    with path.open("wb") as handle:
        handle.truncate(GIGABYTES * 2**30)
    return path


SPECIAL = {"fifo": "pipe (FIFO)", "dev-zero": "a device", "directory": "a directory", "huge": "too large"}
COMMANDS = {
    "resolve": ("scenario.json", ["resolve", "FILE"]),
    "replay --verify": ("save.json", ["replay", "FILE", "--verify"]),
    "--load": ("save.json", ["--load", "FILE"]),
    "check-map": ("map.tmx", ["check-map", "FILE"]),
    "workbench": ("position.json", ["workbench", "FILE"]),
}


@pytest.mark.parametrize("kind", SPECIAL)
@pytest.mark.parametrize("command", COMMANDS)
def test_pipes_devices_folders_and_huge_files(tmp_path: Path, kind: str, command: str) -> None:
    name, template = COMMANDS[command]
    path = _special(kind, tmp_path, name)
    args = [str(path) if a == "FILE" else a for a in template]
    assert_refused(run_limited(*args, home=tmp_path), SPECIAL[kind])


@pytest.mark.parametrize(
    "args", [["replay", "FILE"], ["render", "FILE", "--out", "OUT"]], ids=["replay", "render"]
)
def test_a_pipe_in_the_window_commands(tmp_path: Path, args: list[str]) -> None:
    path = _special("fifo", tmp_path, "save.json")
    out = tmp_path / "out.png"
    args = [str(path) if a == "FILE" else str(out) if a == "OUT" else a for a in args]
    assert_refused(run_limited(*args, home=tmp_path), "pipe (FIFO)")


# ---------------------------------------------------------------- sandbox numbers and sizes
def _sandbox(**changes: object) -> dict:
    data: dict = {
        "board": {"width": 8, "height": 8},
        "seed": 1,
        "combatants": [
            {"name": "Omar", "side": "A", "position": [1, 1], "attributes": {"vigor": 3, "agility": 3}},
            {"name": "Niles", "side": "B", "position": [5, 5], "attributes": {"vigor": 3, "agility": 3}},
        ],
        "rounds": [{}],
    }
    data.update(changes)
    return data


def test_a_number_of_400_digits_in_a_scenario(tmp_path: Path) -> None:
    text = json.dumps(_sandbox(board={"width": 8, "height": 8, "metres_per_tile": 1})).replace(
        '"metres_per_tile": 1', '"metres_per_tile": 1' + "0" * 400
    )
    path = tmp_path / "s.json"
    path.write_text(text)
    assert_refused(
        run_limited("resolve", str(path), home=tmp_path), "board.metres_per_tile: expected a number"
    )


def test_ten_thousand_combatants(tmp_path: Path) -> None:
    people = [
        {
            "name": f"C{k}",
            "side": "AB"[k % 2],
            "position": [k % 100, k // 100],
            "attributes": {"vigor": 3, "agility": 3},
        }
        for k in range(10_000)
    ]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(_sandbox(board={"width": 100, "height": 100}, combatants=people)))
    assert_refused(run_limited("resolve", str(path), home=tmp_path), "combatants: expected at most 100 items")


# ---------------------------------------------------------------- settings.json
HOSTILE_SETTINGS = {
    "NaN scale": '{"ui_scale": NaN}',
    "Infinity scale": '{"ui_scale": Infinity, "animation_speed": -Infinity}',
    "huge scale": '{"ui_scale": 1e308, "animation_speed": 1e308}',
    "odd scale": '{"ui_scale": 0.9, "colour_blind": "yes", "edge_scroll": 1}',
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "not an object": "[1, 2, 3]",
    "not UTF-8": "\udcff",
    "too large": " " * (MAX_SETTINGS_BYTES + 1) + "{}",
}


@pytest.mark.parametrize("case", HOSTILE_SETTINGS)
def test_hostile_settings_fall_back_to_the_defaults(tmp_path: Path, monkeypatch, case: str) -> None:  # noqa: ANN001
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    Prefs.path().write_bytes(HOSTILE_SETTINGS[case].encode("utf-8", "surrogateescape"))
    prefs = Prefs.load()
    assert prefs == Prefs()
    assert math.isfinite(prefs.ui_scale) and math.isfinite(prefs.animation_speed)


def test_good_settings_are_kept_and_bad_ones_dropped_one_by_one(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    Prefs.path().write_text(
        '{"ui_scale": 1.3, "colour_blind": true, "animation_speed": NaN, "edge_scroll": 0}'
    )
    assert Prefs.load() == Prefs(ui_scale=1.3, colour_blind=True)


@pytest.mark.parametrize("folder", ["fifo", "directory"])
def test_settings_that_are_not_a_file(tmp_path: Path, monkeypatch, folder: str) -> None:  # noqa: ANN001
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    _special(folder, tmp_path, Prefs.path().name)
    loaded: list[Prefs] = []
    reader = threading.Thread(target=lambda: loaded.append(Prefs.load()), daemon=True)
    reader.start()
    reader.join(timeout=5)  # a FIFO read the plain way never returns: fail, do not hang the run
    assert loaded == [Prefs()]


LAUNCH = (
    "from game.ui.screens import make_app\n"
    "app = make_app((1280, 720))\n"
    "app.push_screen('menu')\n"
    "app.step([])\n"
    "print('launched', app.prefs.ui_scale)\n"
)


@pytest.mark.parametrize("case", ["NaN scale", "deep nesting"])
def test_the_game_launches_whatever_the_settings(tmp_path: Path, case: str) -> None:
    (tmp_path / "settings.json").write_text(HOSTILE_SETTINGS[case])
    outcome = run_limited(home=tmp_path, code=LAUNCH)
    assert outcome.status == 0 and "launched 1.0" in outcome.stdout, outcome
    assert "Traceback" not in outcome.stderr, outcome


@pytest.mark.parametrize(
    ("error", "said"), [(MemoryError(), "out of memory"), (RuntimeError(), "RuntimeError")]
)
def test_an_error_without_a_message_still_says_what_it_was(
    tmp_path: Path,
    monkeypatch,
    capsys,
    error: Exception,
    said: str,  # noqa: ANN001
) -> None:
    import game.cli.render as render_cli
    from game.cli import main

    def fail(path: str, seed: int) -> None:
        raise error

    monkeypatch.setattr(render_cli, "_battle", fail)
    assert main(["render", "maps/skirmish.tmx", "--out", str(tmp_path / "o.png")]) == 2
    line = capsys.readouterr().err.strip()
    assert line.startswith("error: maps/skirmish.tmx: ") and said in line


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rounds": [{}] * 101}, "rounds: expected at most 100 items, got 101"),
        ({"items": [{"weapon": "sword", "position": [0, 0]}] * 101}, "items: expected at most 100 items"),
    ],
    ids=["rounds", "items"],
)
def test_sandbox_limits(tmp_path: Path, changes: dict, message: str) -> None:
    from game.content.fields import FieldError
    from game.sandbox.loader import parse_scenario

    with pytest.raises(FieldError, match=message):
        parse_scenario(_sandbox(**changes))
