"""The smaller leftovers of issue 51: `render`'s error named the file twice, a looped house
rules folder read as empty, and a backslash in a printed name was left single (so a file
named with a backslash and an `n` looked like one named with a newline)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.cli import main
from game.files import shown_name
from game.persist.house_rules import gather
from game.ui.scenes.menu import SetupScene
from tests.ui_helpers import make_app


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("asked", ["{home}/nowhere.tmx", "nowhere.tmx", "quick-nothing"])
def test_render_names_what_was_asked_for_once(
    home: Path, asked: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(home)
    asked = asked.format(home=home)
    assert main(["render", asked, "--out", str(home / "out.png")]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("error: ")
    assert err.count(asked) == 1, err


def test_render_of_a_broken_map_names_its_path_once(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = home / "x.tmx"
    broken.write_text("<map")
    assert main(["render", str(broken), "--out", str(home / "out.png")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {broken}: malformed XML") and err.count("x.tmx") == 1


def test_a_looped_rules_folder_is_refused_with_a_line(home: Path) -> None:
    os.symlink(home / "rules", home / "rules")  # a link to itself
    (found,) = gather()
    assert found.description is None and "symbolic link loop" in found.problem
    app = make_app()
    setup = SetupScene(app)  # the screen lists it greyed, with the reason
    assert [f.problem for f in setup.unusable_rules] == [found.problem]


@pytest.mark.parametrize(
    ("made", "fragment"),
    [("dangling", "a symbolic link to nothing"), ("file", "is not a folder")],
)
def test_a_rules_folder_that_cannot_be_listed_says_why(home: Path, made: str, fragment: str) -> None:
    if made == "dangling":
        os.symlink(home / "gone", home / "rules")
    else:
        (home / "rules").write_text("not a folder")
    (found,) = gather()
    assert found.description is None and fragment in found.problem


def test_a_missing_rules_folder_is_no_problem(home: Path) -> None:
    assert gather() == []


@pytest.mark.skipif(os.sep == "\\", reason="on Windows a backslash is a folder separator, kept as it is")
def test_a_backslash_is_doubled_so_no_name_looks_like_another() -> None:
    assert shown_name("two\\nlines.tmx") == "two\\\\nlines.tmx"
    assert shown_name("two\nlines.tmx") == "two\\nlines.tmx"
    assert shown_name("two\\nlines.tmx") != shown_name("two\nlines.tmx")
    assert shown_name(Path("a\\b") / "c.tmx") == "a\\\\b/c.tmx"


def test_the_command_line_warns_of_a_looped_rules_folder(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was only greyed in New battle; `simulate` and the others left it out without a word."""
    from game.cli import load_house_rules

    os.symlink(home / "rules", home / "rules")
    assert load_house_rules([]) == []
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("warning: house rules left out:") and "loop" in err
