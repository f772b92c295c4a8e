"""A bounded cache of rendered map chunks, least recently used dropped first, with a time
budget per frame.

The map layer and the overlays both draw the battlefield in chunks of tiles
per zoom level and keep the last few dozen; this is that cache, once.  A frame
renders new chunks until its budget is spent (at least one, so the picture
always fills in); past that `get` answers None and the layer draws what it
has instead (the chunk at another zoom, scaled, or the overlay as it was a
frame ago), so zooming or switching an overlay never stalls a frame.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator

import pygame

from game.ui import frame_budget


class ChunkCache:
    """Rendered chunks by key, at most `limit` of them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._surfaces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._deadline: float | None = None  # perf_counter() after which no new chunk is rendered
        self._rendered = 0  # chunks rendered this frame

    def begin_frame(self, budget_s: float | None) -> None:
        """A new frame may spend `budget_s` seconds rendering chunks, within the frame's
        shared budget (`game.ui.frame_budget`); None: no limit."""
        self._deadline = frame_budget.deadline(budget_s)
        self._rendered = 0

    def peek(self, key: Hashable) -> pygame.Surface | None:
        """The chunk under `key` if it is rendered (nothing is rendered here)."""
        return self._surfaces.get(key)

    def get(self, key: Hashable, render: Callable[[], pygame.Surface]) -> pygame.Surface | None:
        """The chunk under `key`, rendered by `render` the first time it is asked for; None
        when it is not rendered yet and this frame's budget is spent."""
        surface = self._surfaces.get(key)
        if surface is None:
            if self._deadline is not None and self._rendered and time.perf_counter() > self._deadline:
                return None
            surface = render()
            self._rendered += 1
            self._surfaces[key] = surface
            if len(self._surfaces) > self.limit:
                self._surfaces.popitem(last=False)
        else:
            self._surfaces.move_to_end(key)
        return surface

    def items(self) -> Iterator[tuple[Hashable, pygame.Surface]]:
        """Every chunk kept, with its key (newest last)."""
        return iter(list(self._surfaces.items()))

    def clear(self) -> None:
        """Forget every chunk."""
        self._surfaces.clear()
