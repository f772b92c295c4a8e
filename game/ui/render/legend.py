"""The legend of the overlays on the map: a box with a row per kind of mark, a single line,
or nothing (L goes through the three: `LEGEND_MODES`).

The box grows with every overlay switched on; past `FULL_SHARE` of the map's height it
shows as the line instead, which names each overlay by one swatch and says the key.  Where
it goes is the map view's business (`game.ui.render.panel_spots`): clear of the unit being
ordered and its target.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui.render.overlays import OverlayLayer
from game.ui.render.stamps import draw_pattern
from game.ui.theme import Colour, Theme

LEGEND_MODES = ("full", "line", "hidden")
"""What the legend shows, in the order the key goes through them."""
FULL_SHARE = 0.6  # the box may take this much of the map's height; taller, the line shows
SHORT = {
    "reach": N_("Reach"),
    "range": N_("Range"),
    "arcs": N_("Arcs"),
    "sight": N_("Sight"),
    "threat": N_("Threat"),
    "terrain": N_("Terrain"),
}
KEY_WORDS = N_("L: legend")  # what the line says of the key that opens the box


def next_mode(mode: str) -> str:
    """The legend's mode after the key: full → line → hidden → full."""
    index = LEGEND_MODES.index(mode) if mode in LEGEND_MODES else -1
    return LEGEND_MODES[(index + 1) % len(LEGEND_MODES)]


def mode_words(mode: str) -> str:
    """What a toast says of the legend's new mode (and what the key does next)."""
    return {
        "full": _("Legend shown whole (L: one line)"),
        "line": _("Legend on one line (L: hide it)"),
        "hidden": _("Legend hidden (L: show it)"),
    }.get(mode, "")


def _metrics(theme: Theme) -> tuple[int, int, int]:
    """(swatch side, padding, row height) in pixels."""
    size = theme.px(14)
    return size, theme.px(6), max(size, theme.line_height(11)) + theme.px(2)


def line_items(layer: OverlayLayer) -> list[tuple[str, Colour, str]]:
    """The line's items: (overlay's short name, its first swatch's colour and pattern)."""
    items: dict[str, tuple[str, Colour, str]] = {}
    for overlay, label, colour, pattern in layer.legend():
        name = _(SHORT[overlay]) if overlay in SHORT else overlay.capitalize()
        if pattern == "none":  # nothing marked: the line says so too
            name = _("{name}: {label}").format(name=name, label=label)
        items.setdefault(overlay, (name, colour, pattern))
    return list(items.values())


def shown_mode(theme: Theme, layer: OverlayLayer, mode: str, room: pygame.Rect) -> str:
    """What the legend shows for the player's `mode` in a map view of `room`: the box only
    while it takes at most FULL_SHARE of the height; nothing with no overlay to explain."""
    if mode == "hidden" or not layer.legend():
        return "hidden"
    if mode == "full" and legend_size(theme, layer, "full")[1] > room.h * FULL_SHARE:
        return "line"
    return mode


def legend_size(theme: Theme, layer: OverlayLayer, mode: str = "full") -> tuple[int, int]:
    """The legend's width and height in pixels in a mode ((0, 0) hidden or with no overlay)."""
    rows = layer.legend()
    if not rows or mode == "hidden":
        return 0, 0
    size, pad, line = _metrics(theme)
    if mode == "line":
        font = theme.font(11)
        width = sum(size + pad + font.size(name)[0] + pad for name, _c, _p in line_items(layer))
        return width + font.size(_(KEY_WORDS))[0] + 2 * pad, line + 2 * pad
    return max(theme.font(11).size(r[1])[0] for r in rows) + size + 3 * pad, line * len(rows) + 2 * pad


def _swatch(theme: Theme, colour: Colour, pattern: str, label: str) -> pygame.Surface:
    """A legend swatch as the map draws the mark: tint and pattern, a shield, or a letter."""
    size = theme.px(14)
    sw = pygame.Surface((size, size), pygame.SRCALPHA)
    if pattern in ("shield", "hollow shield"):
        pts = [(1, 1), (size - 1, 1), (size - 1, size * 0.55), (size / 2, size - 1), (1, size * 0.55)]
        pygame.draw.polygon(sw, colour, pts, max(2, size // 6) if pattern == "hollow shield" else 0)
    elif pattern == "none":  # a row that says nothing is marked
        pass
    elif pattern == "letter":  # the row's own first letter ("B: …"), as on the map
        letter = theme.text(label[:1], 11, colour, bold=True)
        sw.blit(letter, letter.get_rect(center=(size // 2, size // 2)))
    else:
        sw.fill((*colour, 110))
        if pattern:
            draw_pattern(sw, pattern, (*colour, 255), size)
    return sw


def draw_legend(
    surface: pygame.Surface,
    theme: Theme,
    layer: OverlayLayer,
    bottom_left: tuple[int, int],
    mode: str = "full",
) -> pygame.Rect:
    """The legend of the active overlays in a mode, its bottom-left corner at `bottom_left`:
    each row with its swatch (colour and pattern), or the one line.  Returns its box."""
    rows = layer.legend()
    if not rows or mode == "hidden":
        return pygame.Rect(bottom_left, (0, 0))
    size, pad, line = _metrics(theme)
    width, height = legend_size(theme, layer, mode)
    rect = pygame.Rect(bottom_left[0], bottom_left[1] - height, width, height)
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    box.fill((16, 18, 22, 215))
    surface.blit(box, rect)
    pygame.draw.rect(surface, theme.palette.panel_edge, rect, 1)
    if mode == "line":
        x, y = rect.x + pad, rect.y + pad
        for name, colour, pattern in line_items(layer):
            surface.blit(_swatch(theme, colour, pattern, name), (x, y))
            pygame.draw.rect(surface, (200, 200, 200), (x, y, size, size), 1)
            x += size + pad
            surface.blit(theme.text(name, 11), (x, y))
            x += theme.font(11).size(name)[0] + pad
        surface.blit(theme.text(_(KEY_WORDS), 11, theme.palette.text_dim), (x, y))
        return rect
    y = rect.y + pad
    for _overlay, label, colour, pattern in rows:
        surface.blit(_swatch(theme, colour, pattern, label), (rect.x + pad, y))
        pygame.draw.rect(surface, (200, 200, 200), (rect.x + pad, y, size, size), 1)
        surface.blit(theme.text(label, 11), (rect.x + 2 * pad + size, y))
        y += line
    return rect
