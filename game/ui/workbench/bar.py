"""The workbench's top bar: the four tabs, undo and redo, a picture of the screen, the way out,
and the position's title with its board."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.ui.render.widgets import Button, blit_text
from game.ui.theme import fit_text

if TYPE_CHECKING:
    from game.ui.workbench.host import BarHost

TABS = (("setup", N_("Set up")), ("see", N_("See")), ("try", N_("Try")), ("keep", N_("Keep")))
TAB_WIDTH = 104  # pixels (before UI scale)


def draw_bar(scene: BarHost, surface: pygame.Surface) -> list[Button]:
    """The top bar; returns its buttons."""
    theme, pal = scene.theme, scene.theme.palette
    bar = scene.rects["top"]
    pygame.draw.rect(surface, pal.panel_dark, bar)
    pygame.draw.line(surface, pal.panel_edge, bar.bottomleft, bar.bottomright)
    buttons = []
    x = bar.x + theme.px(10)
    h = bar.h - theme.px(12)
    mouse = pygame.mouse.get_pos()
    for i, (name, label) in enumerate(TABS):
        hint = f"Ctrl+{i + 1}"
        label = _(label)
        # The key in the corner, as on the other screens' buttons; as wide as the words need.
        need = theme.font(15).size(label)[0] + 2 * theme.font(11).size(hint)[0] + theme.px(24)
        rect = pygame.Rect(x, bar.y + theme.px(6), max(theme.px(TAB_WIDTH), need), h)
        button = Button(label, lambda n=name: scene.set_tab(n), rect, hint=hint)
        button.selected = scene.tab == name
        buttons.append(button)
        x += button.rect.w + theme.px(6)
    right = bar.right - theme.px(10)
    for label, action, enabled, reason in reversed(
        (
            (_("Undo"), scene.undo, scene.bench.can_undo, _("nothing to undo")),
            (_("Redo"), scene.redo, scene.bench.can_redo, _("nothing to redo")),
            (_("Picture F12"), scene.export_picture, True, ""),
            (_("Menu"), scene.leave, True, ""),
        )
    ):
        width = theme.font(13).size(label)[0] + theme.px(24)
        right -= width
        rect = pygame.Rect(right, bar.y + theme.px(6), width, h)
        buttons.append(Button(label, action, rect, enabled=enabled, reason=reason, size=13))
        right -= theme.px(6)
    for button in buttons:
        button.hovered = button.rect.collidepoint(mouse)
        button.draw(surface, theme)
    title = f"{_(scene.setup.title)} · {scene.setup.source.label}"
    room = right - x - theme.px(20)
    title = fit_text(theme.font(13), title, room)
    if room > theme.px(40):
        blit_text(surface, theme, title, (x + theme.px(10), bar.centery), 13, pal.text_dim, anchor="midleft")
    return buttons
