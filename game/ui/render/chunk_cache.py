"""A bounded cache of rendered map chunks, least recently used dropped first.

The map layer and the overlays both draw the battlefield in chunks of tiles
per zoom level and keep the last few dozen; this is that cache, once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame


class ChunkCache:
    """Rendered chunks by key, at most `limit` of them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._surfaces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable, render: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The chunk under `key`, rendered by `render` the first time it is asked for."""
        surface = self._surfaces.get(key)
        if surface is None:
            surface = render()
            self._surfaces[key] = surface
            if len(self._surfaces) > self.limit:
                self._surfaces.popitem(last=False)
        else:
            self._surfaces.move_to_end(key)
        return surface

    def clear(self) -> None:
        """Forget every chunk."""
        self._surfaces.clear()
