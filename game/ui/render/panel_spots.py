"""Where the panels over the map (the minimap, the overlay legend) go this frame: in a corner
of the map's view clear of the unit being ordered, its target and whoever is pointed at.

Each panel has its corners in order of preference; it takes the first that covers none of
the tiles to keep clear and no panel placed before it, and among those the one covering
the fewest other tokens.  A panel with no such corner is left out for the frame (the
legend first shrinks to its one line), so that a panel never hides the unit at hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame


def corner_rect(view: pygame.Rect, size: tuple[int, int], corner: str, margin: int) -> pygame.Rect:
    """A box of `size` in a corner of the view ("topleft", "topright", "bottomleft",
    "bottomright"), `margin` pixels from its edges."""
    rect = pygame.Rect((0, 0), size)
    inner = view.inflate(-2 * margin, -2 * margin)
    setattr(rect, corner, getattr(inner, corner))
    return rect


def choose_spot(
    spots: Sequence[pygame.Rect],
    keep: Sequence[pygame.Rect],
    taken: Sequence[pygame.Rect] = (),
    tokens: Sequence[pygame.Rect] = (),
) -> pygame.Rect | None:
    """The spot that covers nothing of `keep` or `taken`, covering the fewest `tokens` (the
    earlier of equals); None when every spot covers something to keep clear."""
    best: tuple[int, int] | None = None
    chosen: pygame.Rect | None = None
    for index, spot in enumerate(spots):
        if spot.collidelist(list(keep)) != -1 or spot.collidelist(list(taken)) != -1:
            continue
        cost = (len(spot.collidelistall(list(tokens))), index)
        if best is None or cost < best:
            best, chosen = cost, spot
    return chosen
