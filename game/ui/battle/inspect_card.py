"""The sheet of a combatant you inspect while another one declares: a card over the map's
top-left corner, so the side panel (and the Home key) stay with your declarer.

Esc, a click on the card's × or selecting the declarer again closes it.
"""

from __future__ import annotations

import pygame

from game.ui.render.battlefield import RIGHT_PANEL, SHEET_HEIGHT, StyleOf
from game.ui.render.panels import draw_sheet
from game.ui.render.tokens import TokenArt
from game.ui.render.widgets import Button, blit_text, draw_panel
from game.ui.theme import Theme
from game.world import World

MARGIN = 8  # pixels (before UI scale) from the map's edges
HEADER = 20  # pixels (before UI scale): the "Inspecting" line over the sheet


def card_rect(theme: Theme, area: pygame.Rect) -> pygame.Rect:
    """Where the card goes in the map `area`."""
    width = min(theme.px(RIGHT_PANEL - 20), area.w - 2 * theme.px(MARGIN))
    height = min(theme.px(SHEET_HEIGHT + HEADER), area.h - 2 * theme.px(MARGIN))
    return pygame.Rect(area.x + theme.px(MARGIN), area.y + theme.px(MARGIN), width, height)


def draw_inspect_card(
    surface: pygame.Surface,
    theme: Theme,
    area: pygame.Rect,
    world: World,
    eid: int,
    style_of: StyleOf,
    tokens: TokenArt,
    close: Button,
) -> pygame.Rect:
    """The inspected combatant's sheet in a card; `close` becomes its × button.  Returns the card."""
    pal = theme.palette
    rect = card_rect(theme, area)
    draw_panel(surface, theme, rect, pal.panel_dark, alpha=240)
    blit_text(
        surface,
        theme,
        "Inspecting (Esc closes)",
        (rect.x + theme.px(10), rect.y + theme.px(4)),
        11,
        pal.text_dim,
    )
    clip = surface.get_clip()
    surface.set_clip(rect)
    sheet = pygame.Rect(rect.x, rect.y + theme.px(HEADER) - theme.px(8), rect.w, rect.h - theme.px(HEADER))
    draw_sheet(surface, theme, sheet, world, eid, style_of(world, eid), tokens)
    surface.set_clip(clip)
    close.rect = pygame.Rect(rect.right - theme.px(26), rect.y + theme.px(4), theme.px(22), theme.px(20))
    close.size = 13
    close.draw(surface, theme)
    return rect
