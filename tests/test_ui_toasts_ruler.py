"""Toasts keep off the ruler's words (issue 52, item 9: a toast covered the ruler's label when
the pointer was near the top of the map)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.battle.ruler import draw_ruler  # noqa: E402
from game.ui.render.battlefield import draw_toasts  # noqa: E402
from game.ui.render.camera import Camera  # noqa: E402
from game.ui.theme import Theme  # noqa: E402


def test_toasts_go_to_the_bottom_when_the_ruler_speaks_at_the_top() -> None:
    pygame.init()
    theme = Theme()
    area = pygame.Rect(0, 0, 800, 600)
    surface = pygame.Surface(area.size)
    camera = Camera((20, 15), area.copy(), 40)
    camera.centre_on((10, 7), snap=True)
    words = draw_ruler(surface, theme, camera, (10, 9), (10, 3), ["6.0 m", "short range"])
    toasts = [["Nothing to undo", 2.0, False]]
    (free,) = draw_toasts(surface, theme, toasts, area)  # no ruler: at the top, as before
    assert free.top < area.centery
    (kept_off,) = draw_toasts(surface, theme, toasts, area, avoid=words)
    assert not kept_off.colliderect(words) and kept_off.top > area.centery
    low = draw_ruler(surface, theme, camera, (10, 2), (10, 12), ["8.0 m"])  # words low on the map
    (top,) = draw_toasts(surface, theme, toasts, area, avoid=low)
    assert top == free  # nothing to keep off at the top: the toast stays there
