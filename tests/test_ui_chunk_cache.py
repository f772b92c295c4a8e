"""The rendered-chunk cache shared by the map layer and the overlays."""

from __future__ import annotations

import pygame

from game.ui.render.chunk_cache import ChunkCache


def test_renders_once_and_drops_the_least_recently_used() -> None:
    rendered: list[str] = []

    def render(key: str):  # noqa: ANN202
        def make() -> pygame.Surface:
            rendered.append(key)
            return pygame.Surface((1, 1))

        return make

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
