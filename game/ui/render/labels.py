"""Labels on the map that neither cover each other nor get cut at the map's edge.

A `LabelPlacer` is made for a frame with the map's viewport; each label offers the
places it could go (under its token, over it …) and takes the first that lies inside the
viewport (slid sideways into it if it sticks out) and clear of every label placed before,
and if it can, clear of the things it should not cover (the other tokens and their wound
pips); a label with no free place is left out rather than drawn over another one.
"""

from __future__ import annotations

import pygame


class LabelPlacer:
    """Where this frame's labels went."""

    def __init__(self, bounds: pygame.Rect) -> None:
        self.bounds = pygame.Rect(bounds)
        self.placed: list[pygame.Rect] = []

    def fit(self, rect: pygame.Rect) -> pygame.Rect | None:
        """The rect slid sideways into the bounds, or None if it cannot lie inside them."""
        if rect.w > self.bounds.w or rect.top < self.bounds.top or rect.bottom > self.bounds.bottom:
            return None
        moved = pygame.Rect(rect)
        if moved.left < self.bounds.left:
            moved.left = self.bounds.left
        if moved.right > self.bounds.right:
            moved.right = self.bounds.right
        return moved

    def place(self, *candidates: pygame.Rect, avoid: list[pygame.Rect] | None = None) -> pygame.Rect | None:
        """The first candidate (fitted into the bounds) that overlaps no placed label and none
        of `avoid`; failing that, the first that overlaps no placed label."""
        fitted = [spot for spot in (self.fit(c) for c in candidates) if spot is not None]
        free = [spot for spot in fitted if spot.collidelist(self.placed) == -1]
        clear = [spot for spot in free if not avoid or spot.collidelist(avoid) == -1]
        chosen = (clear or free or [None])[0]
        if chosen is not None:
            self.placed.append(chosen)
        return chosen
