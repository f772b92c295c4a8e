"""The New battle screen's list of scenarios and maps: a window of rows over a long list,
scrolled by `ScrollWindow` (keys scroll the least that shows the highlight, the wheel
scrolls freely, a click picks a row where it is)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.i18n import _
from game.ui.input.scroll_window import ScrollWindow
from game.ui.render.widgets import Button, blit_text
from game.ui.theme import Theme, fit_text

ROW = 38  # pixels (before UI scale) a scenario's row takes


class Listed(Protocol):
    """What a row shows of a scenario or map."""

    @property
    def title(self) -> str:
        """The row's words."""
        ...

    @property
    def error(self) -> str:
        """Why a map cannot be played ("" if it can): its row is greyed, saying so."""
        ...


def draw_scenario_list(
    surface: pygame.Surface,
    theme: Theme,
    area: pygame.Rect,
    scenarios: Sequence[Listed],
    index: int,
    window: ScrollWindow,
    follow: bool,
    choose: Callable[[int], None],
) -> list[Button]:
    """The rows of `scenarios` that fit `area` (the highlighted one is `index`), "▲ more" and
    "▼ more" where the list goes on, and the keys' hint; with `follow` (a key moved the
    highlight) the list first scrolls the least that shows it.  Returns the rows' buttons
    (a broken map's is greyed, with its error, and can still be picked to read it)."""
    pal = theme.palette
    row = theme.px(ROW)
    visible = max(1, (area.h - theme.px(70)) // row)
    first = window.fit(visible, len(scenarios))
    if follow:
        first = window.show(index, len(scenarios))
    y = area.y + theme.px(18)  # room above the list for "▲ more"
    mouse = pygame.mouse.get_pos()
    font = theme.font(13)
    buttons = []
    for i in range(first, min(len(scenarios), first + visible)):
        label = fit_text(font, scenarios[i].title, area.w - theme.px(40))
        rect = pygame.Rect(area.x + 10, y, area.w - 20, row - theme.px(6))
        broken = scenarios[i].error
        b = Button(label, lambda i=i: choose(i), rect, size=13, enabled=not broken, reason=broken)
        b.selected = i == index
        b.hovered = b.rect.collidepoint(mouse)
        b.draw(surface, theme)
        buttons.append(b)
        y += row
    if first > 0:
        spot = (area.right - 14, area.y + 2)
        blit_text(surface, theme, _("▲ more"), spot, 10, pal.text_dim, anchor="topright")
    if first + visible < len(scenarios):
        spot = (area.right - 14, area.bottom - theme.px(22))
        blit_text(surface, theme, _("▼ more"), spot, 10, pal.text_dim, anchor="topright")
    spot = (area.centerx, area.bottom - theme.px(8))
    blit_text(surface, theme, _("↑/↓ choose · wheel scrolls"), spot, 11, pal.text_dim, anchor="midbottom")
    return buttons
