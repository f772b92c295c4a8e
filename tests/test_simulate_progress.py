"""`simulate`'s progress bar is for a terminal (issue 54): a redirected log got a `\\r` bar a
line; on a terminal the bar says about how long is left."""

from __future__ import annotations

import io

import pytest

from game.ai import simulate


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_bar_into_a_redirected_log(monkeypatch: pytest.MonkeyPatch) -> None:
    log = io.StringIO()
    monkeypatch.setattr(simulate.sys, "stderr", log)
    assert not simulate._on_a_terminal()


def test_the_bar_on_a_terminal_says_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _Terminal()
    monkeypatch.setattr(simulate.sys, "stderr", screen)
    assert simulate._on_a_terminal()
    bar = simulate._Progress(4)
    bar.step()
    assert "1/4" in screen.getvalue() and "left" in screen.getvalue()
