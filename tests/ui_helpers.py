"""Shared helpers for the UI tests: a headless app, a small battle, synthetic input."""

from __future__ import annotations

import time

import pygame
import pytest

from game.rules.battle import Battle
from game.rules.options import RuleOptions
from game.ui.app import App
from game.ui.prefs import Prefs
from game.ui.screens import make_app as make_window
from game.world import Appearance
from tests.builders import SWORD, Cast


def make_app(**prefs: object) -> App:
    """A headless 1280×720 app with default settings (not the user's) and every screen registered.

    The end-of-round summary is off unless asked for (`round_summary=True`): most tests play
    rounds through and are about something else; `test_ui_pacing` tests the summary."""
    settings: dict[str, object] = {"edge_scroll": False, "round_summary": False}
    settings.update(prefs)
    return make_window((1280, 720), Prefs(**settings))  # type: ignore[arg-type]


def duel(controllers: tuple[str, str] = ("human", "ai:easy"), seed: int = 3, max_rounds: int = 30) -> Battle:
    """Omar (hunters) against Niles (assassin) on a 10 × 8 open grid, three tiles apart."""
    cast = Cast(10, 8)
    omar = cast.add("Omar", (2, 4), side="hunters", facing=2, weapons=(SWORD,), strike=8, movement=4)
    niles = cast.add("Niles", (5, 4), side="assassin", facing=6, weapons=(SWORD,), strike=5, movement=4)
    cast.world.set(omar, Appearance("bounty_hunter"))
    cast.world.set(niles, Appearance("assassin"))
    meta = {
        "title": "Test duel",
        "scenario": "test-duel",
        "sides": {
            "hunters": {"colour": "#0072B2", "shape": "circle", "controller": controllers[0]},
            "assassin": {"colour": "#D55E00", "shape": "triangle", "controller": controllers[1]},
        },
    }
    return Battle(cast.world, cast.board, seed, RuleOptions.battlefield(), max_rounds=max_rounds, meta=meta)


def key(k: int, mod: int = 0) -> pygame.event.Event:
    """A key press."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """A mouse click (down and up) at a screen position."""
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def run_until(app: App, condition, frames: int = 2000, sleep: float = 0.002) -> bool:  # noqa: ANN001
    """Step frames (letting AI threads work) until `condition()` holds."""
    for _ in range(frames):
        if condition():
            return True
        app.step([], 1 / 60)
        time.sleep(sleep)
    return condition()


def spy(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[tuple[tuple, object]]:
    """Wrap `owner.name` (a module's function or a class's method) so every call still goes
    through and is recorded as (its positional arguments, what it returned): what a screen
    drew, and where."""
    calls: list[tuple[tuple, object]] = []
    original = getattr(owner, name)

    def recorded(*args: object, **kwargs: object) -> object:
        result = original(*args, **kwargs)
        calls.append((args, result))
        return result

    monkeypatch.setattr(owner, name, recorded)
    return calls


def setup_switch(app, setup, prefix: str):  # noqa: ANN001, ANN201
    """The setup screen's button whose label starts with `prefix`, turning the pages of rules
    module switches until it shows (every built-in module comes first; plug-ins, house rules
    and greyed entries follow on a later page when they do not all fit); None if on none."""
    for _ in range(len(setup.buttons) + 50):
        found = next((b for b in setup.buttons if b.label.startswith(prefix)), None)
        if found is not None:
            return found
        setup.next_modules()
        app.step([], 1 / 60)
    return None
