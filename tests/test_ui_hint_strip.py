"""The hint strip under the map fits its line to the window: smaller text first, then the
leading hints (the most useful) with "…" for the rest, never a line cut at both ends."""

from __future__ import annotations

import pygame

from game.ui.render.battlefield import HINT_SIZES, draw_hint, fit_hint
from game.ui.theme import Theme

HINT = (
    "Omar declares (2 of 2): click a tile to move · an enemy to attack · X actions · Q/E facing"
    " · C declare · F1 help"
)


def test_a_line_that_fits_is_shown_whole_at_the_largest_size() -> None:
    theme = Theme()
    assert fit_hint(theme, HINT, 2000) == (HINT, HINT_SIZES[0])


def test_a_long_line_keeps_its_leading_hints_and_fits() -> None:
    theme = Theme()
    width = theme.font(HINT_SIZES[-1]).size(HINT)[0] // 2
    text, size = fit_hint(theme, HINT, width)
    assert size == HINT_SIZES[-1]
    assert text.startswith("Omar declares (2 of 2): click a tile to move · ") and text.endswith(" · …")
    assert theme.font(size).size(text)[0] <= width
    assert fit_hint(theme, HINT, 10)[0] == "Omar declares (2 of 2): click a tile to move"  # one hint: whole


def test_the_drawn_line_fits_the_strip() -> None:
    theme = Theme()
    surface = pygame.Surface((400, 30))
    area = pygame.Rect(0, 0, 400, 30)
    rect = draw_hint(surface, theme, HINT, area)
    assert area.contains(rect) and rect.w < area.w
