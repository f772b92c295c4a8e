"""Names the game prints on a terminal (issue 51, items 10 and 11): a file name, an argument
or a map's name with a newline, an ESC sequence or bytes that are not UTF-8 is printed
escaped on one line, under a strict UTF-8 stdout, and files are written to the exact bytes
asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.files import shown_name
from tests.hostile import WALL_SECONDS, plain_map

ROOT = Path(__file__).resolve().parent.parent
ESC = "\x1b]0;pwned\x07"  # sets the terminal's title: must never reach it raw
RAW = b"\xff"  # a byte that is not UTF-8 in a file name


def _run(*args: str | bytes, home: str | bytes) -> tuple[int, str, str]:
    """`python -m game ARGS` with a strict UTF-8 stdout and stderr (a surrogate in what is
    printed raises there); status, stdout and stderr, decoded strictly too."""
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONIOENCODING": "utf-8:strict",
    }
    env_bytes = {os.fsencode(k): os.fsencode(v) for k, v in env.items()}
    env_bytes[b"DOMINION_TACTICS_HOME"] = os.fsencode(home)
    command = [os.fsencode(sys.executable), b"-m", b"game", *(os.fsencode(a) for a in args)]
    done = subprocess.run(command, capture_output=True, env=env_bytes, cwd=ROOT, timeout=WALL_SECONDS * 3)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


def write_map(path: Path) -> None:
    """A small playable map at `path` (whatever bytes its name holds)."""
    with open(os.fsencode(path), "w", encoding="utf-8") as handle:
        handle.write(plain_map())


def _clean(text: str) -> None:
    """No control character but the newlines ending lines, and no traceback."""
    assert "Traceback" not in text, text[-800:]
    assert all(ch == "\n" or ch.isprintable() for ch in text), repr(text[-800:])


# ---------------------------------------------------------------- the helper
@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("skirmish.tmx", "skirmish.tmx"),
        ("two\nlines.tmx", "two\\nlines.tmx"),
        (ESC, "\\x1b]0;pwned\\x07"),
        ("out\udcff.png", "out\\xff.png"),
        (b"out\xff.png", "out\\xff.png"),
        (Path("a b/é.tmx"), "a b/é.tmx"),
        ("line\u2028sep", "line\\u2028sep"),
    ],
)
def test_shown_name_is_one_printable_line(name: str | bytes | Path, shown: str) -> None:
    assert shown_name(name) == shown


# ---------------------------------------------------------------- item 11
def test_a_map_file_named_with_a_newline_forges_no_line_in_maps(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    write_map(folder / "evil\n  ok                forged.tmx: Forged, sides A, B.tmx")
    write_map(folder / f"title{ESC}.tmx")
    status, out, err = _run("maps", home=tmp_path)
    assert status == 0, err
    _clean(out)
    _clean(err)
    assert not any(line.startswith("  ok                forged") for line in out.splitlines()), out
    assert "evil\\n  ok" in out and "title\\x1b]0;pwned\\x07.tmx" in out, out


def test_escape_sequences_and_newlines_in_arguments_give_one_escaped_line(tmp_path: Path) -> None:
    for args in (
        ("check-map", f"{ESC}missing\nsecond line.tmx"),
        ("render", f"{ESC}nowhere\n.tmx", "--out", str(tmp_path / "x.png")),
        ("render", "tutorial_basics", "--out", "x.png", "--overlay", f"bad{ESC}\nname"),
        ("simulate", "tutorial_basics", "--battles", f"1\n{ESC}"),
        ("replay", f"{ESC}\nnone.json", "--verify"),
        ("maps", f"extra\n{ESC}"),
    ):
        status, out, err = _run(*args, home=tmp_path)
        assert status == 2, (args, out, err)
        _clean(err)
        assert len(err.splitlines()) == 1, (args, err)
        # A name a message quotes with repr() has its backslashes doubled again by shown_name
        # (which doubles every backslash, so a literal backslash-n never reads as a newline).
        assert "\\x1b]0;pwned\\x07" in err.replace("\\\\", "\\"), (args, err)


# ---------------------------------------------------------------- item 10
def test_non_utf8_names_in_maps_and_the_data_folder(tmp_path: Path) -> None:
    home = os.fsencode(tmp_path) + b"/home" + RAW
    os.makedirs(home + b"/maps")
    write_map(Path(os.fsdecode(home + b"/maps/good" + RAW + b".tmx")))
    with open(home + b"/maps/broken" + RAW + b".tmx", "wb") as handle:
        handle.write(b"<not a map")
    status, out, err = _run("maps", home=home)
    assert status == 0, err
    _clean(out)
    assert "home\\xff/maps" in out and "good\\xff.tmx" in out and "broken\\xff.tmx" in out, out


def test_non_utf8_map_name_in_check_map(tmp_path: Path) -> None:
    good = os.fsencode(tmp_path) + b"/good" + RAW + b".tmx"
    write_map(Path(os.fsdecode(good)))
    status, out, err = _run("check-map", good, home=tmp_path)
    assert status == 0, err
    _clean(out)
    assert "good\\xff.tmx" in out, out
    status, out, err = _run("check-map", os.fsencode(tmp_path) + b"/none" + RAW + b".tmx", home=tmp_path)
    assert status == 2 and len(err.splitlines()) == 1 and "none\\xff.tmx" in err, err


def test_render_out_writes_the_exact_bytes_asked_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "pictures").mkdir()
    out_name = os.fsencode(tmp_path) + b"/pictures/out" + RAW + b".png"
    status, out, err = _run("render", "tutorial_basics", "--out", out_name, "--tile", "8", home=tmp_path)
    assert status == 0, err
    _clean(out)
    assert "out\\xff.png" in out, out
    assert os.listdir(os.fsencode(tmp_path) + b"/pictures") == [b"out\xff.png"]


def test_replay_out_with_a_non_utf8_name(tmp_path: Path) -> None:
    from game.cli.demo import demo_world
    from game.persist.saves import save_battle
    from game.rules.battle import Battle
    from tests.save_helpers import play

    world, board = demo_world()
    source = tmp_path / "battle.json"
    save_battle(play(Battle(world, board, 3, max_rounds=30), 2), source)
    out_name = os.fsencode(tmp_path) + b"/branch" + RAW + b".json"
    status, out, err = _run("replay", str(source), "--from-round", "1", "--out", out_name, home=tmp_path)
    assert status == 0, err
    _clean(out)
    assert "branch\\xff.json" in out, out
    assert os.path.isfile(out_name)


def test_simulate_prints_a_map_named_with_escapes_on_one_line(tmp_path: Path) -> None:
    path = tmp_path / f"e{ESC}\nforged.tmx"
    write_map(path)
    for extra in ((), ("--explain",)):
        status, out, err = _run("simulate", str(path), "--battles", "1", *extra, home=tmp_path)
        assert status == 0, err
        _clean(out)
        assert "e\\x1b]0;pwned\\x07\\nforged.tmx" in out, out
        assert not any(line.startswith("forged.tmx") for line in out.splitlines()), out
