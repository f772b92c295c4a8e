"""A scale bar in metres in the map's bottom-right corner (maps use 1, 1.5 or 2 m a tile).

The bar is a round number of metres (1, 2, 5, 10 … m) that comes out between MIN_BAR and
MAX_BAR pixels long at the current zoom; its length is the board's own metres per tile.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.theme import Theme

ROUND_METRES = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)
MIN_BAR = 50  # pixels (before UI scale)
MAX_BAR = 150  # pixels (before UI scale)
MARGIN = 8  # pixels (before UI scale) from the map's edges
TEXT = (235, 235, 235)


def bar_metres(metres_per_tile: float, tile_px: int, theme: Theme) -> tuple[int, int]:
    """(metres, pixels) of the bar: the largest round length that fits under MAX_BAR pixels
    (the smallest one if none reaches MIN_BAR)."""
    px_per_metre = tile_px / metres_per_tile
    fitting = [m for m in ROUND_METRES if m * px_per_metre <= theme.px(MAX_BAR)]
    metres = fitting[-1] if fitting else ROUND_METRES[0]
    return metres, max(1, round(metres * px_per_metre))


def scale_bar_rect(theme: Theme, viewport: pygame.Rect, metres_per_tile: float, tile_px: int) -> pygame.Rect:
    """The box the scale bar takes in the map's bottom-right corner."""
    metres, length = bar_metres(metres_per_tile, tile_px, theme)
    label = theme.text(_words(metres, metres_per_tile), 11, TEXT, True)
    pad = theme.px(5)
    width = max(length, label.get_width()) + 2 * pad
    height = label.get_height() + theme.px(10) + 2 * pad
    margin = theme.px(MARGIN)
    return pygame.Rect(viewport.right - margin - width, viewport.bottom - margin - height, width, height)


def _words(metres: int, metres_per_tile: float) -> str:
    return _("{metres} m  ({metres_per_tile:g} m a tile)").format(
        metres=metres, metres_per_tile=metres_per_tile
    )


def draw_scale_bar(
    surface: pygame.Surface, theme: Theme, viewport: pygame.Rect, metres_per_tile: float, tile_px: int
) -> pygame.Rect:
    """The bar with its length written over it; returns the box it takes."""
    metres, length = bar_metres(metres_per_tile, tile_px, theme)
    label = theme.text(_words(metres, metres_per_tile), 11, TEXT, True)
    pad = theme.px(5)
    box = scale_bar_rect(theme, viewport, metres_per_tile, tile_px)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    layer.fill((12, 14, 18, 200))
    surface.blit(layer, box)
    surface.blit(label, label.get_rect(topright=(box.right - pad, box.y + pad)))
    y = box.bottom - pad - theme.px(4)
    x1 = box.right - pad
    x0 = x1 - length
    tick = theme.px(4)
    for colour, width_px in (((10, 10, 12), 4), ((245, 245, 245), 2)):
        pygame.draw.line(surface, colour, (x0, y), (x1, y), width_px)
        pygame.draw.line(surface, colour, (x0, y - tick), (x0, y + tick), width_px)
        pygame.draw.line(surface, colour, (x1, y - tick), (x1, y + tick), width_px)
    return box
