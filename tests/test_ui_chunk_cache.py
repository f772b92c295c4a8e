"""The rendered-chunk cache shared by the map layer and the overlays."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ui import frame_budget
from game.ui.render.chunk_cache import ChunkCache


def _counting():  # noqa: ANN202
    """Renders that note which key each drew, in order."""
    rendered: list[str] = []

    def render(key: str):  # noqa: ANN202
        def make() -> pygame.Surface:
            rendered.append(key)
            return pygame.Surface((1, 1))

        return make

    return rendered, render


def test_renders_once_and_drops_the_least_recently_used() -> None:
    rendered, render = _counting()
    cache = ChunkCache(2)
    a = cache.get("a", render("a"))
    cache.get("b", render("b"))
    assert cache.get("a", render("a")) is a  # cached: not rendered again
    cache.get("c", render("c"))  # over the limit: "b" was used least recently
    cache.get("a", render("a"))
    cache.get("b", render("b"))
    assert rendered == ["a", "b", "c", "b"]
    cache.clear()
    cache.get("a", render("a"))
    assert rendered[-1] == "a"


def test_a_spent_frame_budget_stops_new_chunks_after_the_first() -> None:
    rendered, render = _counting()
    cache = ChunkCache(8)
    frame_budget.begin_frame(-1.0)  # the frame's shared budget is already spent
    try:
        cache.begin_frame(10.0)  # however long the cache's own budget
        assert cache.get("a", render("a")) is not None  # one chunk a frame, so the picture fills in
        assert cache.get("b", render("b")) is None
        assert cache.get("a", render("a")) is not None  # a rendered chunk is always there
    finally:
        frame_budget.end_frame()
    cache.begin_frame(10.0)  # outside a frame: only the cache's own budget counts
    assert cache.get("b", render("b")) is not None
    assert cache.get("c", render("c")) is not None
    assert rendered == ["a", "b", "c"]


def test_the_shared_deadline_is_the_earlier_of_the_two_and_only_inside_a_frame() -> None:
    assert frame_budget.deadline(None) is None  # no budget: render everything
    before = time.perf_counter()
    alone = frame_budget.deadline(5.0)
    assert alone is not None and alone >= before + 5.0
    frame_budget.begin_frame(0.5)
    try:
        shared = frame_budget.deadline(5.0)
        assert shared is not None and shared <= time.perf_counter() + 0.5
        own = frame_budget.deadline(0.0)
        assert own is not None and own <= time.perf_counter()
        assert frame_budget.deadline(None) is None  # a one-off picture stays unlimited
    finally:
        frame_budget.end_frame()
    later = frame_budget.deadline(5.0)
    assert later is not None and later >= before + 5.0


def test_app_step_opens_the_frame_and_closes_it_even_when_a_scene_fails() -> None:
    from game.ui.screens import make_app

    app = make_app((320, 240))
    seen: list[float | None] = []

    class Probe:
        overlay = False

        def update(self, dt: float) -> None:
            seen.append(frame_budget.deadline(100.0))
            raise RuntimeError("scene failed")

        def draw(self, surface: pygame.Surface) -> None:  # pragma: no cover - update fails first
            pass

    app.scenes.append(Probe())  # type: ignore[arg-type]
    started = time.perf_counter()
    with pytest.raises(RuntimeError):
        app.step([])
    assert seen[0] is not None and seen[0] <= started + 1.0  # the frame's share, not 100 s
    assert frame_budget.deadline(100.0) >= time.perf_counter() + 99.0  # closed after the frame
