"""A menu item's explanation goes beside the menu, never over the items it explains."""

from __future__ import annotations

import pygame
import pytest

from game.ui.render.widgets import draw_tooltip
from game.ui.theme import Theme

LINES = ["4 [Parry] = 4", "success 33.3% (d12 ≤ the target number; a 12 always fails)", "a longer line " * 4]


@pytest.mark.parametrize(
    "menu",
    [
        pygame.Rect(100, 100, 300, 240),  # room on the right
        pygame.Rect(700, 200, 300, 240),  # at the window's right edge: the left side
        pygame.Rect(0, 100, 1020, 200),  # as wide as the window: under it
        pygame.Rect(0, 500, 1020, 200),  # wide and low: over it
    ],
)
def test_the_tip_goes_beside_the_menu(menu: pygame.Rect) -> None:
    surface = pygame.Surface((1024, 768))
    rect = draw_tooltip(surface, Theme(), LINES, (menu.right, menu.y + 30), avoid=menu)
    assert rect is not None
    assert surface.get_rect().contains(rect)
    assert not rect.colliderect(menu)


def test_without_a_menu_the_tip_follows_the_pointer() -> None:
    surface = pygame.Surface((1024, 768))
    rect = draw_tooltip(surface, Theme(), LINES, (900, 700))
    assert rect is not None and surface.get_rect().contains(rect)
    assert draw_tooltip(surface, Theme(), [], (10, 10)) is None
