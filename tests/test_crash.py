"""A game that leaves a log (issue 54): every run logs to a rotating file; an unexpected error
in the window is logged whole, the battle on screen is saved, a last screen says where both
are, and the command ends with one line and status 1 — never a silent exit."""

from __future__ import annotations

import logging

import pytest

import game.ui.crash as crash
from game.cli import main
from game.logs import log, log_dir, start_logging
from game.persist.saves import load_battle
from game.ui.app import App
from tests.ui_helpers import duel


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    monkeypatch.setattr(crash, "CRASH_SCREEN_SECONDS", 0.2)  # the last screen, briefly
    yield tmp_path
    for handler in list(log.handlers):  # the next test starts its own log
        log.removeHandler(handler)
        handler.close()


def test_an_error_in_the_window_is_logged_saved_shown_and_told_in_one_line(home, monkeypatch, capsys) -> None:  # noqa: ANN001
    shown = []

    def crashing_run(self: App) -> None:
        self.push_screen("battle", duel(), None)
        self.step([])
        raise RuntimeError("boom in the window")

    monkeypatch.setattr(App, "run", crashing_run)
    original = crash.show_crash_screen
    monkeypatch.setattr(
        crash, "show_crash_screen", lambda screen, kept: shown.append(kept) or original(screen, kept)
    )
    status = main(["play"])
    assert status == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(
        "error: the game stopped on an unexpected error (RuntimeError: boom"
    )
    (kept,) = shown
    # The log holds the whole traceback; the last screen and the line name it.
    assert kept.log == log_dir() / "game.log" and str(kept.log) in err[0]
    text = kept.log.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: boom in the window" in text
    # The battle on screen is saved, and the save loads.
    assert kept.save is not None and kept.save.parent == home / "saves" and str(kept.save) in err[0]
    load_battle(kept.save)
    assert any("Load it from the menu" in line for line in kept.lines())


def test_without_a_battle_the_screen_says_the_autosaves_are_kept(home, monkeypatch, capsys) -> None:  # noqa: ANN001
    monkeypatch.setattr(App, "run", lambda self: (_ for _ in ()).throw(ValueError("no battle here")))
    assert main(["play"]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "ValueError: no battle here" in line and "battle saved" not in line
    assert not (home / "saves").exists()


def test_every_run_logs_and_verbose_echoes_the_log(home, capsys) -> None:  # noqa: ANN001
    assert main(["resolve", "docs/examples/strike.json"]) == 0
    assert "resolve docs/examples/strike.json" in (log_dir() / "game.log").read_text(encoding="utf-8")
    assert capsys.readouterr().err == ""  # quiet without --verbose
    assert main(["--verbose", "resolve", "docs/examples/strike.json"]) == 0
    assert "INFO game: " in capsys.readouterr().err


def test_a_log_folder_that_cannot_be_made_leaves_the_game_running(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("x")
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(blocker))
    assert start_logging() is None
    assert not any(isinstance(h, logging.FileHandler) for h in log.handlers)
