"""Test setup: headless pygame, and small builders shared by the tests."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def fixed_window_ai_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window draws each AI's seed from the system (so no AI can rebuild the dice stream);
    scene tests that play against an AI need the same AI every run, so here it is fixed.
    (tests/test_ai_seeds.py patches it its own way.)"""
    import game.ai.seeds

    monkeypatch.setattr(game.ai.seeds, "fresh_ai_seed", lambda: 1)
