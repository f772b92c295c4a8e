"""Monkey test of the position workbench: a fixed number of random events (keys of every binding,
typing, clicks, right clicks, drags, the wheel) on the workbench screen, from the chapter's
Retreat example (open ground) and from the pub of "The assassin" (a map with walls and cover).
Nothing may raise, and after every frame the position stays sound: nobody on a wall, off the
board or on someone else's tile; every order names only combatants that exist."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.paths import ROOT
from game.rules.positions import tile_of
from game.ui.input.bindings import BINDINGS
from game.ui.workbench.scene import WorkbenchScene
from game.workbench.files import open_position
from tests.ui_helpers import make_app

EVENTS = 4000  # random events per run, whatever the machine
DRAW_EVERY = 3  # gestures between draws
FRAME_TIMES = (1 / 60, 1 / 30, 0.1)  # seconds a frame advances: playback and runs move on


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Files the monkey saves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def gesture(rng: random.Random, size: tuple[int, int], keys: list[int]) -> list[pygame.event.Event]:
    """One random gesture."""
    w, h = size

    def pos() -> tuple[int, int]:
        return rng.randrange(-5, w + 5), rng.randrange(-5, h + 5)

    kind = rng.random()
    if kind < 0.3:
        mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
        k = rng.choice(keys)
        return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)]
    if kind < 0.35:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(("a", "Z", ":", " ", "é", "7", "\x00")))]
    if kind < 0.7:
        p, button = pos(), rng.choice((1, 1, 1, 1, 3))
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button),
        ]
    if kind < 0.85:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos(), rel=(0, 0), buttons=(0, 0, 0))]
    if kind < 0.9:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)]
    start, end = pos(), pos()
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    ]


def sound(scene: WorkbenchScene) -> None:
    """The position's invariants."""
    setup = scene.setup
    tiles = [tile_of(setup.world, e) for e in setup.living]
    assert len(tiles) == len(set(tiles))
    assert all(setup.in_bounds(t) and not setup.board.blocks_move(t) for t in tiles)
    for actor, order in setup.orders.items():
        assert actor in setup.combatants
        assert all(a.target is None or a.target in setup.combatants for a in order.actions)


STARTS = {
    "retreat": ROOT / "docs" / "examples" / "retreat.json",
    "the pub": Path(__file__).resolve().parent.parent
    / "game"
    / "content"
    / "data"
    / "scenarios"
    / "the_assassin.json",
}


@pytest.mark.parametrize("start", sorted(STARTS))
def test_random_input_never_breaks_the_workbench(start: str) -> None:
    rng = random.Random(start)
    app = make_app()
    app.push_screen("menu")
    app.push_screen("workbench", *open_position(STARTS[start]))
    keys = sorted({k for b in BINDINGS.all for k, _ in b.keys} | {pygame.K_BACKSPACE, pygame.K_RETURN})
    keys.remove(pygame.K_ESCAPE)
    keys += [pygame.K_ESCAPE] * 2  # Esc now and then: it closes menus and fields, never the screen
    sent = frames = 0
    edits = set()
    while sent < EVENTS:
        top = app.top
        if not isinstance(top, WorkbenchScene):  # help, or the menu after leaving: back to work
            if top is not None and type(top).__name__ == "MenuScene":
                app.push_screen("workbench", *open_position(STARTS[start]))
            else:
                app.step(
                    [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="", scancode=0)]
                )
            continue
        events = gesture(rng, app.screen.get_size(), keys)  # one gesture a frame: it reaches this screen
        sent += len(events)
        frames += 1
        app.step(events, rng.choice(FRAME_TIMES), draw=frames % DRAW_EVERY == 0)
        assert app.running
        if isinstance(app.top, WorkbenchScene):
            sound(app.top)
            edits.add((id(app.top), app.top.bench.version))
    assert len(edits) > 20  # the monkey did change the position, many times
