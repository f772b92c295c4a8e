"""Paths on the map: a declared order's path is dashed along its whole length, every step of
it drawn (dashing step by step left whole steps out of short paths)."""

from __future__ import annotations

import pygame

from game.ui.battle.plans import draw_path
from game.ui.render.camera import Camera
from tests.ui_helpers import duel

ORANGE = (213, 94, 0)


def painted(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int]) -> int:
    """How many pixels of ORANGE lie on the straight line from a to b."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    hits = 0
    for i in range(steps + 1):
        x = round(a[0] + (b[0] - a[0]) * i / steps)
        y = round(a[1] + (b[1] - a[1]) * i / steps)
        hits += surface.get_at((x, y))[:3] == ORANGE
    return hits


def test_every_step_of_a_dashed_path_shows_dashes_and_gaps() -> None:
    board = duel().board
    camera = Camera((board.width, board.height), pygame.Rect(0, 0, 480, 400), tile_px=48)
    path = ((2, 2), (3, 2), (3, 1))  # a diagonal, a straight step, a turn
    surface = pygame.Surface((480, 400))
    draw_path(surface, camera, board, (1, 3), path, 1e9, (ORANGE, ORANGE), 3, dashed=True)
    here = (1, 3)
    for tile in path:
        a, b = camera.tile_centre(here), camera.tile_centre(tile)
        length = max(abs(b[0] - a[0]), abs(b[1] - a[1])) + 1
        hits = painted(surface, a, b)
        assert 0.3 * length < hits < 0.9 * length, (here, tile, hits, length)  # dashes, and gaps
        here = tile
