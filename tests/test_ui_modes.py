"""The battle screen's input modes are objects (issue 52): each owns its state and its
keys, and says which mode comes next; `phase` is only the mode's name."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.ui.battle.modes import AiDeclaring, Declaring, PlayingBack, RoundSummary
from game.ui.scenes.battle import BattleScene
from tests.ui_helpers import click, duel, key, make_app, run_until

UI = Path(__file__).resolve().parent.parent / "game" / "ui"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def test_each_mode_owns_its_state_and_its_keys() -> None:
    """Declaring holds the draft and takes the order keys; the round's playback holds the
    playback and takes the pace keys; neither takes the other's, and the screen's `draft`,
    `playback` and `summary` are whatever the mode holds."""
    app = make_app(round_summary=True)
    scene = BattleScene(app, duel(("human", "ai:easy")), None)
    app.push(scene)
    assert run_until(app, lambda: isinstance(scene.mode, Declaring))
    declaring = scene.mode
    assert isinstance(declaring, Declaring)
    assert scene.draft is declaring.draft and scene.planner is declaring.planner
    assert scene.playback is None and scene.summary is None and scene.ai is None
    assert declaring.command(scene, "step") is None  # a pace key: not a declaring key
    app.step([key(pygame.K_n)])  # the step key while declaring: nothing happens
    assert scene.mode is declaring
    app.step(click(scene.screen_pos((4, 4))))  # next to Niles
    app.step([key(pygame.K_c)])  # confirm: the AI declares, then the round resolves
    assert run_until(app, lambda: isinstance(scene.mode, PlayingBack))
    playing = scene.mode
    assert isinstance(playing, PlayingBack)
    assert scene.draft is None and scene.playback is playing.playback
    assert playing.command(scene, "undo") is None  # an order key: not the playback's
    app.step([key(pygame.K_k)])  # skip to the end of the round
    assert isinstance(scene.mode, RoundSummary) and scene.summary is scene.mode.card
    assert scene.phase == "summary"


def test_an_ai_declaring_polls_its_thread_and_hands_the_frame_on() -> None:
    """`AiDeclaring` stays while its thread works; once the order is in it declares it
    through the screen, and a round that resolved then starts playing in the same frame
    (as the screen did before its modes were objects)."""
    from types import SimpleNamespace

    from game.ui.battle.modes import Idle

    calls: list[str] = []

    class Host:
        mode: object = Idle()

        def poll_ai(self, ai: object) -> None:
            calls.append("poll")
            self.mode = PlayingBack(SimpleNamespace())

        def play_on(self, dt: float) -> None:
            calls.append(f"play {dt}")

    host = Host()
    thread = SimpleNamespace(finished=False)
    thinking = AiDeclaring(7, thread)  # type: ignore[arg-type]
    host.mode = thinking
    assert thinking.update(host, 0.1) is thinking and calls == []  # type: ignore[arg-type]
    thread.finished = True
    following = thinking.update(host, 0.1)  # type: ignore[arg-type]
    assert isinstance(following, PlayingBack) and calls == ["poll", "play 0.1"]


def test_no_ui_module_sets_a_phase_string() -> None:
    """The mode is the one state: nothing in `game/ui` assigns `phase` (it is the mode's name)."""
    pattern = re.compile(r"\.phase\s*=[^=]")
    found = [
        f"{path.relative_to(UI)}:{n}"
        for path in UI.rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, found
