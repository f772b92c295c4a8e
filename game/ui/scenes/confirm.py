"""Are you sure?  Asked before quitting or leaving a battle that is not saved.

The scene that would lose something says what (`Scene.leave_warning`); if it can save
(`can_save` and `save`), "Save and leave" is offered first.  Esc or N keeps playing,
Enter presses the highlighted button (Keep playing, unless the player moves), Y leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import _
from game.ui.app import App, Scene
from game.ui.input.bindings import BINDINGS
from game.ui.render.widgets import Button, ButtonColumn, blit_text, draw_panel, shade


class ConfirmScene(Scene):
    """A question over the screen that asked it, with Leave / Save and leave / Keep playing."""

    overlay = True
    confirms_leaving = True  # closing the window while this is up quits outright

    def __init__(
        self, app: App, title: str, warning: str, then: Callable[[], None], owner: Any = None
    ) -> None:
        super().__init__(app)
        self.title = title
        self.warning = warning
        self.then = then
        self.owner = owner
        buttons = []
        can_save = getattr(owner, "can_save", None)
        if callable(can_save) and can_save():
            buttons.append(Button(_("Save, then leave"), self.save_and_leave))
        buttons.append(Button(_("Leave without saving"), self.leave, hint="Y"))
        buttons.append(Button(_("Keep playing"), self.stay, hint=_("Esc")))
        self.column = ButtonColumn(buttons)
        self.column.index = len(buttons) - 1  # Enter alone never throws the battle away

    def stay(self) -> None:
        """Back to the game."""
        self.app.pop(self)

    def leave(self) -> None:
        """Leave as asked."""
        self.app.pop(self)
        self.then()

    def save_and_leave(self) -> None:
        """Save first; leave only if the save worked."""
        if self.owner.save() is not None:
            self.leave()

    def on_event(self, event: pygame.event.Event) -> None:
        """Esc or N stays, Y leaves; arrows, Enter and the mouse choose a button."""
        if BINDINGS.matches(event, "back") or (event.type == pygame.KEYDOWN and event.key == pygame.K_n):
            self.stay()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_y:
            self.leave()
        else:
            self.column.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The question in a box over the dimmed screen."""
        theme, pal = self.theme, self.theme.palette
        shade(surface, 150)
        w, h = surface.get_size()
        width = theme.px(480)
        lines = theme.wrap(self.warning, width - theme.px(40), 14)
        rows = len(self.column.buttons)
        height = theme.px(70) + len(lines) * theme.line_height(14) + rows * theme.px(52) + theme.px(20)
        box = pygame.Rect(0, 0, width, height)
        box.center = (w // 2, h // 2)
        draw_panel(surface, theme, box, pal.panel)
        x, y = box.x + theme.px(20), box.y + theme.px(16)
        blit_text(surface, theme, f"{self.title}?", (x, y), 20, pal.accent, True)
        y += theme.px(40)
        for line in lines:
            blit_text(surface, theme, line, (x, y), 14, pal.text)
            y += theme.line_height(14)
        self.column.layout(theme, box.centerx, y + theme.px(14), 360, 42, 10)
        self.column.draw(surface, theme)
