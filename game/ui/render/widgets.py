"""Small widgets drawn with the theme: panels, buttons, tooltips and pop-up menus.

Widgets keep no global state; a scene owns them, passes them events and
draws them.  A disabled button or menu item carries the reason it is
disabled, and the tooltip shows it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pygame

from game.i18n import N_, _
from game.ui.theme import Colour, Theme, fit_text

RADIUS = 6  # pixels: corner radius of panels and buttons
PAD = 8  # pixels: inner padding before scaling
ENTER_HINT = N_("Enter")  # the key that presses the highlighted button of a column


def switch_label(label: str, on: bool) -> str:
    """A switch's button text, its state after its name ("Fullscreen: on")."""
    return (_("{label}: on") if on else _("{label}: off")).format(label=label)


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken whatever is below a modal screen."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill((0, 0, 0, alpha))
    surface.blit(layer, (0, 0))


def draw_panel(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    colour: Colour | None = None,
    edge: bool = True,
    alpha: int = 255,
) -> None:
    """A rounded panel (translucent when `alpha` < 255)."""
    pal = theme.palette
    colour = colour or pal.panel
    if alpha < 255:
        surface.blit(_translucent(rect.size, tuple(colour), alpha), rect.topleft)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=RADIUS)
    if edge:
        pygame.draw.rect(surface, pal.panel_edge, rect, 1, border_radius=RADIUS)


@functools.lru_cache(maxsize=64)
def _translucent(size: tuple[int, int], colour: tuple[int, ...], alpha: int) -> pygame.Surface:
    """A rounded translucent panel of that size (made once: cards are drawn every frame)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=RADIUS)
    return layer


def blit_text(
    surface: pygame.Surface,
    theme: Theme,
    text: str,
    pos: tuple[int, int],
    size: int = 14,
    colour: Colour | None = None,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw cached text with its rect placed at `anchor` = pos; returns the rect."""
    image = theme.text(text, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def draw_tooltip(
    surface: pygame.Surface,
    theme: Theme,
    lines: list[str],
    pos: tuple[int, int],
    avoid: pygame.Rect | None = None,
) -> pygame.Rect | None:
    """A box of text near `pos`, kept inside the window.  With `avoid` (the menu whose item
    it explains), the box goes beside that rect, right or else left, never over it.
    Returns where the box went (None: no lines)."""
    if not lines:
        return None
    size = 13
    width_limit = theme.px(460)
    wrapped = [w for line in lines for w in theme.wrap(line, width_limit, size)]
    images = [theme.text(line, size) for line in wrapped]
    pad = theme.px(PAD)
    w = max(i.get_width() for i in images) + 2 * pad
    h = sum(i.get_height() for i in images) + 2 * pad
    sw, sh = surface.get_size()
    if avoid is not None:
        gap = theme.px(6)
        x, y = avoid.right + gap, pos[1]
        if x + w > sw:
            x = avoid.left - gap - w
        if x < 0:  # no room on either side: under the rect (or over it), not on it
            x = min(max(0, avoid.x), max(0, sw - w))
            y = avoid.bottom + gap if avoid.bottom + gap + h <= sh else avoid.top - gap - h
    else:
        x, y = pos[0] + theme.px(16), pos[1] + theme.px(16)
        if x + w > sw:
            x = max(0, pos[0] - w - theme.px(8))
    if y + h > sh:
        y = max(0, sh - h)
    y = max(0, y)
    rect = pygame.Rect(x, y, w, h)
    draw_panel(surface, theme, rect, theme.palette.panel_dark, alpha=240)
    cy = y + pad
    for image in images:
        surface.blit(image, (x + pad, cy))
        cy += image.get_height()
    return rect


@dataclass
class Button:
    """A clickable label.  `reason` explains why it is disabled (shown on hover)."""

    label: str
    on_click: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    reason: str = ""
    hint: str = ""  # key shown in the label's corner
    selected: bool = False
    hovered: bool = False
    size: int = 15

    def handle(self, event: pygame.event.Event) -> bool:
        """React to mouse events; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """Draw the button."""
        pal = theme.palette
        if not self.enabled:
            colour, text = pal.button_disabled, pal.text_dim
        elif self.hovered or self.selected:
            colour, text = pal.button_hover, pal.text
        else:
            colour, text = pal.button, pal.text
        pygame.draw.rect(surface, colour, self.rect, border_radius=RADIUS)
        edge = pal.accent if self.selected else pal.panel_edge
        pygame.draw.rect(surface, edge, self.rect, 2 if self.selected else 1, border_radius=RADIUS)
        blit_text(surface, theme, self.label, self.rect.center, self.size, text, anchor="center")
        if self.hint:
            blit_text(
                surface,
                theme,
                self.hint,
                (self.rect.right - theme.px(5), self.rect.centery),
                11,
                pal.text_dim,
                anchor="midright",
            )

    def tooltip(self) -> list[str]:
        """What to show when hovered."""
        if not self.enabled and self.reason:
            return [self.reason]
        return []


@dataclass
class MenuItem:
    """One line of a pop-up menu: label, detail (chance, target number), enabled or why not."""

    label: str
    action: Callable[[], None] | None
    detail: str = ""
    enabled: bool = True
    reason: str = ""
    explain: list[str] = field(default_factory=list)
    note: str = ""  # a remark under an enabled item (a defence no declared attack calls for)

    @property
    def second_line(self) -> str:
        """What is written under the label: why it is disabled, else its note."""
        return self.reason if not self.enabled and self.reason else self.note


SECOND_LINES = 3  # lines a menu item's reason or note may take before it is cut


class PopupMenu:
    """A keyboard- and mouse-driven list of items shown at a point; disabled items show why."""

    def __init__(self, theme: Theme, title: str, items: list[MenuItem], pos: tuple[int, int]) -> None:
        self.theme = theme
        self.title = title
        self.items = items
        self.pos = pos
        self.index = next((i for i, it in enumerate(items) if it.enabled), 0)
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.item_rects: list[pygame.Rect] = []
        self._layout_for: tuple[int, int] | None = None
        self._second: list[list[str]] = [[] for _ in items]  # each item's second line, wrapped

    def layout(self, screen: tuple[int, int]) -> None:
        """Place the menu inside the screen."""
        theme = self.theme
        pad = theme.px(PAD)
        row = theme.line_height(14) + theme.px(8)
        widths = [theme.font(14, True).size(self.title)[0]]
        for item in self.items:
            w = theme.font(14).size(item.label)[0] + theme.px(24)
            if item.detail:
                w += theme.font(13).size(item.detail)[0] + theme.px(16)
            if item.second_line:
                w = max(w, min(theme.px(420), theme.font(12).size(item.second_line)[0] + theme.px(24)))
            widths.append(w)
        width = max(widths) + 2 * pad
        self._second = [self._second_lines(item, width - pad - 2 * pad - theme.px(8)) for item in self.items]
        heights = [row + theme.line_height(12) * len(lines) for lines in self._second]
        height = theme.line_height(14) + pad * 3 + sum(heights)
        x, y = self.pos
        x = min(max(0, x), screen[0] - width)
        y = min(max(0, y), screen[1] - height)
        self.rect = pygame.Rect(x, y, width, height)
        cy = y + pad * 2 + theme.line_height(14)
        self.item_rects = []
        for h in heights:
            self.item_rects.append(pygame.Rect(x + pad // 2, cy, width - pad, h))
            cy += h
        self._layout_for = screen

    def _second_lines(self, item: MenuItem, width: int) -> list[str]:
        """The item's second line wrapped to the menu's width, at most SECOND_LINES lines (the
        last cut with "…"): a defence's note names each attack it lowers, and was cut at one."""
        if not item.second_line:
            return []
        font = self.theme.font(12)
        lines = self.theme.wrap(item.second_line, width, 12)
        if len(lines) > SECOND_LINES:
            lines = [*lines[: SECOND_LINES - 1], " ".join(lines[SECOND_LINES - 1 :])]
        return [fit_text(font, line, width) for line in lines]

    def handle(self, event: pygame.event.Event) -> bool:
        """Keys: up/down, Enter, Esc; mouse: hover, click, click outside closes.  True if used."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.closed = True
            elif event.key in (pygame.K_UP, pygame.K_w):
                self.index = (self.index - 1) % max(1, len(self.items))
            elif event.key in (pygame.K_DOWN, pygame.K_s):
                self.index = (self.index + 1) % max(1, len(self.items))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._choose(self.index)
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.item_rects):
                if rect.collidepoint(event.pos):
                    self.index = i
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not self.rect.collidepoint(event.pos):
                self.closed = True
                return event.button != 1  # a left click outside still reaches the map
            if event.button == 1:
                for i, rect in enumerate(self.item_rects):
                    if rect.collidepoint(event.pos):
                        self._choose(i)
            return True
        return False

    def _choose(self, index: int) -> None:
        if 0 <= index < len(self.items) and self.items[index].enabled and self.items[index].action:
            self.closed = True
            action = self.items[index].action
            assert action is not None
            action()

    def hovered_item(self) -> MenuItem | None:
        """The item under the keyboard or mouse."""
        return self.items[self.index] if 0 <= self.index < len(self.items) else None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the menu."""
        theme, pal = self.theme, self.theme.palette
        if self._layout_for != surface.get_size():
            self.layout(surface.get_size())
        draw_panel(surface, theme, self.rect, pal.panel_dark, alpha=245)
        pad = theme.px(PAD)
        blit_text(surface, theme, self.title, (self.rect.x + pad, self.rect.y + pad), 14, pal.accent, True)
        for i, (item, rect) in enumerate(zip(self.items, self.item_rects, strict=True)):
            if i == self.index:
                pygame.draw.rect(
                    surface, pal.button_hover if item.enabled else pal.button_disabled, rect, 0, 4
                )
            colour = pal.text if item.enabled else pal.text_dim
            blit_text(surface, theme, item.label, (rect.x + pad, rect.y + theme.px(4)), 14, colour)
            if item.detail:
                blit_text(
                    surface,
                    theme,
                    item.detail,
                    (rect.right - pad, rect.y + theme.px(5)),
                    13,
                    pal.accent if item.enabled else pal.text_dim,
                    anchor="topright",
                )
            for k, line in enumerate(self._second[i]):
                blit_text(
                    surface,
                    theme,
                    line,
                    (
                        rect.x + pad + theme.px(8),
                        rect.y + theme.line_height(14) + theme.px(4) + k * theme.line_height(12),
                    ),
                    12,
                    pal.text_bad if not item.enabled else pal.text_dim,
                )


class ButtonColumn:
    """Buttons stacked vertically, driven by mouse or keys (up/down, Enter)."""

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.index = 0

    def layout(
        self, theme: Theme, centre_x: int, top: int, width: int, height: int = 44, gap: int = 10
    ) -> None:
        """Place the buttons."""
        y = top
        for button in self.buttons:
            button.rect = pygame.Rect(0, 0, theme.px(width), theme.px(height))
            button.rect.midtop = (centre_x, y)
            y += theme.px(height + gap)

    def handle(self, event: pygame.event.Event) -> bool:
        """Keys move the highlight and press; the mouse hovers and clicks.  True if used."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.index = (self.index - 1) % len(self.buttons)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.index = (self.index + 1) % len(self.buttons)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                button = self.buttons[self.index]
                if button.enabled:
                    button.on_click()
                return True
            return False
        for i, button in enumerate(self.buttons):
            if event.type == pygame.MOUSEMOTION and button.rect.collidepoint(event.pos):
                self.index = i
            if button.handle(event):
                return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """Draw them, the highlighted one selected and, unless it has a key of its own,
        marked Enter: Enter presses whichever is highlighted, so the mark follows it."""
        for i, button in enumerate(self.buttons):
            button.selected = i == self.index
            shown = replace(button, hint=_(ENTER_HINT)) if button.selected and not button.hint else button
            shown.draw(surface, theme)
