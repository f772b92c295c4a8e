"""Monkey test: 20,000 random events to the battle screen must not raise, and after every
event the battle keeps its invariants (`tests/invariants.py`): no two combatants on a tile,
nobody in a wall, Injuries never go down, and after each resolved round the world reloads
equal from JSON."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.input.bindings import BINDINGS
from game.ui.scenes.battle import BattleScene
from tests.invariants import BattleWatch
from tests.ui_helpers import duel, make_app

EVENTS = 20_000
DRAW_EVERY = 10  # events between frames


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Saves and autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    keys = [k for b in BINDINGS.all for k, _ in b.keys] + [pygame.K_a, pygame.K_z, pygame.K_9]
    pos = (rng.randrange(-20, size[0] + 20), rng.randrange(-20, size[1] + 20))
    kind = rng.random()
    if kind < 0.35:
        return pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-30, 30), rng.randint(-30, 30)), buttons=(0, 0, 0)
        )
    if kind < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 2, 3)))
    if kind < 0.72:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice((1, 1, 2, 3)))
    if kind < 0.78:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
    return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=mod, unicode="", scancode=0)


def test_random_events_never_raise() -> None:
    rng = random.Random(2024)
    app = make_app()
    scene = BattleScene(app, duel(("human", "ai:easy"), max_rounds=1000), None)
    app.push(scene)
    saves = []
    scene.save = lambda: saves.append(1)  # type: ignore[method-assign]
    size = app.screen.get_size()
    watch = BattleWatch()
    for n in range(EVENTS):
        event = random_event(rng, size)
        scene.on_event(event)
        if n % DRAW_EVERY == 0:
            scene.update(0.05)
            scene.draw(app.screen)
        watch.check(scene.battle)
    assert watch.watch.checks == EVENTS
    # The monkey got the battle going: rounds were declared and resolved.
    print(f"monkey: {watch.rounds_seen} rounds seen")
    assert watch.rounds_seen >= 3, watch.rounds_seen
    assert scene.phase in ("declare", "ai", "playback", "idle", "over", "handover")
