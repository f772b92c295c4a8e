"""Small pieces of the workbench screen: a panel laid out top to bottom (text, rows of buttons,
scrolling), and a one-line text field for names, titles and seeds.

A `Column` is rebuilt every frame: it draws as it goes and collects its buttons and the tips of
its rows, which the screen then hands the mouse.  What lies outside the panel (scrolled away)
is neither drawn nor clickable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from game.ui.render.widgets import Button, MenuItem, blit_text, draw_panel
from game.ui.theme import Colour, Theme

ROW = 24  # pixels (before UI scale): a row of buttons
GAP = 6  # pixels between buttons of a row
TEXT_LIMIT = 100  # characters a text field takes

T = TypeVar("T")
MENU_ROWS = 14  # rows a workbench menu lists at once (More… shows the next page): it fits the window


def menu_page(
    entries: Sequence[T], first: int, item: Callable[[T], MenuItem], more: Callable[[int], None]
) -> list[MenuItem]:
    """The menu items of `entries[first:]`, MENU_ROWS of them (only those are made: an item
    may read a file), with More… opening the next page (`more(its first)`) while there is one."""
    page = [item(entry) for entry in entries[first : first + MENU_ROWS]]
    if first + MENU_ROWS < len(entries):
        page.append(MenuItem("More…", lambda: more(first + MENU_ROWS), "▸"))
    return page


class Column:
    """Lays out one panel from the top, scrolled by `scroll` pixels; collects its buttons."""

    def __init__(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect, scroll: int = 0) -> None:
        self.surface, self.theme, self.rect = surface, theme, rect
        self.pad = theme.px(10)
        self.top = rect.y + self.pad
        self.scroll = scroll
        self.y = self.top - scroll
        self.buttons: list[Button] = []
        self.named: dict[str, Button] = {}  # buttons whose label is not unique ("+"), by a name
        self.lines: list[str] = []  # every text the panel holds, scrolled into view or not
        self.tips: list[tuple[pygame.Rect, list[str]]] = []
        self.mouse = pygame.mouse.get_pos()
        self._clip = surface.get_clip()
        surface.set_clip(rect)

    @property
    def x(self) -> int:
        """The left edge of the content."""
        return self.rect.x + self.pad

    @property
    def width(self) -> int:
        """The content's width."""
        return self.rect.w - 2 * self.pad

    def visible(self, top: int, height: int) -> bool:
        """Whether a strip of the panel shows at all."""
        return top + height > self.rect.y and top < self.rect.bottom

    def holds(self, rect: pygame.Rect) -> bool:
        """Whether `rect` lies whole inside the panel."""
        return rect.bottom <= self.rect.bottom and rect.top >= self.rect.top

    def text(
        self,
        text: str,
        size: int = 12,
        colour: Colour | None = None,
        bold: bool = False,
        indent: int = 0,
        tip: list[str] | None = None,
    ) -> None:
        """Wrapped text; `tip` is shown when the mouse rests on it."""
        theme = self.theme
        start = self.y
        self.lines.append(text)
        for line in theme.wrap(text, self.width - indent, size, bold) or [""]:
            if self.visible(self.y, theme.line_height(size)):
                blit_text(
                    self.surface,
                    theme,
                    line,
                    (self.x + indent, self.y),
                    size,
                    colour or theme.palette.text,
                    bold,
                )
            self.y += theme.line_height(size)
        if tip:
            self.tips.append((pygame.Rect(self.x, start, self.width, self.y - start), tip))

    def heading(self, text: str) -> None:
        """A section's title, with a little room above it."""
        self.y += self.theme.px(4)
        self.text(text, 13, self.theme.palette.accent, True)
        self.y += self.theme.px(2)

    def gap(self, pixels: int = 6) -> None:
        """Empty room."""
        self.y += self.theme.px(pixels)

    def row(
        self,
        *items: tuple[str, Callable[[], None] | None]
        | tuple[str, Callable[[], None] | None, dict[str, object]],
        label: str = "",
        label_width: int = 0,
    ) -> list[Button]:
        """Buttons side by side (each `(label, action)` or `(label, action, options)`; options:
        `width`, `enabled`, `reason`, `selected`, `tip`, `name`), after an optional label; wraps."""
        theme = self.theme
        height = theme.px(ROW)
        x = self.x
        if label:
            if self.visible(self.y, height):
                at = (x, self.y + (height - theme.line_height(12)) // 2)
                blit_text(self.surface, theme, label, at, 12, theme.palette.text_dim)
            x += theme.px(label_width) if label_width else theme.font(12).size(label)[0] + theme.px(GAP)
        made = []
        for item in items:
            text, action = item[0], item[1]
            options: dict[str, object] = item[2] if len(item) > 2 else {}  # type: ignore[misc]
            width = int(options.get("width", 0)) or theme.font(12).size(text)[0] + theme.px(16)  # type: ignore[call-overload]
            width = theme.px(width) if "width" in options else width
            if x + width > self.x + self.width and x > self.x:
                x = self.x + (theme.px(label_width) if label_width else 0)
                self.y += height + theme.px(3)
            rect = pygame.Rect(x, self.y, width, height)
            enabled = bool(options.get("enabled", True)) and action is not None
            button = Button(
                text,
                action or (lambda: None),
                rect,
                enabled=enabled,
                reason=str(options.get("reason", "")),
                selected=bool(options.get("selected", False)),
                size=12,
            )
            button.hovered = rect.collidepoint(self.mouse)
            if self.visible(rect.y, rect.h):
                # A button is drawn, and takes clicks, only whole inside the panel: a row the
                # scroll cuts in half shows its label but no half button under the window's edge.
                if self.holds(rect):
                    button.draw(self.surface, theme)
                    self.buttons.append(button)
                tip = options.get("tip")
                if isinstance(tip, list):
                    self.tips.append((rect, [str(t) for t in tip]))
            if "name" in options:
                self.named[str(options["name"])] = button
            made.append(button)
            x += width + theme.px(GAP)
        self.y += height + theme.px(3)
        return made

    def cells(
        self,
        cells: list[tuple[str, list[tuple[str, Callable[[], None] | None, str]], list[str] | None, bool]],
        columns: int = 2,
    ) -> None:
        """A grid of small cells, `columns` to a row: each a text (bold when `strong`) with small
        buttons at its right end (each with a name, `Column.named`), and a tip:
        `(text, [(label, action, name)], tip, strong)`."""
        theme = self.theme
        height = theme.px(ROW - 2)
        cell_w = self.width // columns
        small = theme.px(22)
        for index, (text, actions, tip, strong) in enumerate(cells):
            col = index % columns
            if col == 0 and index:
                self.y += height + theme.px(2)
            x = self.x + col * cell_w
            shown = self.visible(self.y, height)
            if shown:
                colour = theme.palette.text if strong else theme.palette.text_dim
                at = (x, self.y + (height - theme.line_height(12)) // 2)
                blit_text(self.surface, theme, text, at, 12, colour, strong)
            right = x + cell_w - theme.px(8)
            for label, action, name in reversed(actions):
                rect = pygame.Rect(right - small, self.y + 1, small, height - 2)
                right -= small + theme.px(2)
                button = Button(label, action or (lambda: None), rect, enabled=action is not None, size=12)
                button.hovered = rect.collidepoint(self.mouse)
                self.named[name] = button
                if shown and self.holds(rect):
                    button.draw(self.surface, theme)
                    self.buttons.append(button)
            if tip:
                self.tips.append((pygame.Rect(x, self.y, cell_w, height), tip))
        if cells:
            self.y += height + theme.px(4)

    def finish(self) -> int:
        """Stop drawing into the panel; returns the content's height (for scrolling)."""
        self.surface.set_clip(self._clip)
        return self.y + self.scroll - self.top  # the whole content, however far it is scrolled


class TextField:
    """A one-line text box in a small dialog: typing, Backspace, Enter keeps it, Esc drops it.

    `done(text)` takes the text and returns why it is refused ("" when it is taken); the
    dialog stays open with the reason until the text is taken or dropped."""

    def __init__(self, title: str, value: str, done: Callable[[str], str], limit: int = TEXT_LIMIT) -> None:
        self.title = title
        self.value = value
        self.done = done
        self.limit = limit
        self.error = ""
        self.closed = False

    def handle(self, event: pygame.event.Event) -> bool:
        """Take a key or typed text; True when the event was the field's."""
        if event.type == pygame.TEXTINPUT:
            text = "".join(ch for ch in str(event.text) if ch.isprintable())
            self.value = (self.value + text)[: self.limit]
            self.error = ""
            return True
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.KEYUP, pygame.TEXTEDITING)
        if event.key == pygame.K_ESCAPE:
            self.closed = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.error = self.done(self.value)
            self.closed = not self.error
        elif event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            self.error = ""
        return True

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """The dialog in the middle of the window."""
        pal = theme.palette
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(w - 40, theme.px(560)), theme.px(130))
        box.center = (w // 2, h // 3)
        draw_panel(surface, theme, box, pal.panel_dark, alpha=250)
        pad = theme.px(14)
        blit_text(surface, theme, self.title, (box.x + pad, box.y + pad), 14, pal.accent, True)
        field = pygame.Rect(box.x + pad, box.y + pad + theme.px(26), box.w - 2 * pad, theme.px(28))
        pygame.draw.rect(surface, pal.background, field, border_radius=4)
        pygame.draw.rect(surface, pal.accent, field, 1, border_radius=4)
        shown = self.value + "▏"
        font = theme.font(14)
        while font.size(shown)[0] > field.w - 12 and len(shown) > 1:
            shown = shown[1:]
        blit_text(surface, theme, shown, (field.x + 6, field.centery), 14, pal.text, anchor="midleft")
        note = self.error or "Enter keeps it · Esc cancels"
        colour = pal.text_bad if self.error else pal.text_dim
        blit_text(surface, theme, note[:120], (box.x + pad, field.bottom + theme.px(10)), 12, colour)
