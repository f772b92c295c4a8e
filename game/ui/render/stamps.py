"""Tile-sized pieces the overlays are drawn with (tints, patterns, letters, cover shields),
made once per zoom level, and the patterns that tell overlays apart without colour."""

from __future__ import annotations

import pygame

from game.ui.theme import FONT_BOLD, Colour, Theme

LABEL_MIN_TILE = 24  # pixels per tile below which letters are left out


def draw_pattern(surface: pygame.Surface, kind: str, colour: tuple[int, int, int, int], size: int) -> None:
    """Draw a pattern over a whole stamp."""
    step = max(4, size // 5)
    width = max(1, size // 24)
    if kind == "hatch":  # /
        for k in range(-size, size * 2, step):
            pygame.draw.line(surface, colour, (k, size), (k + size, 0), width)
    elif kind == "slash":  # \
        for k in range(-size, size * 2, step):
            pygame.draw.line(surface, colour, (k, 0), (k + size, size), width)
    elif kind == "cross":
        draw_pattern(surface, "hatch", colour, size)
        draw_pattern(surface, "slash", colour, size)
    elif kind == "lines":  # ─
        for y in range(step // 2, size, step):
            pygame.draw.line(surface, colour, (0, y), (size, y), width)
    elif kind == "bars":  # │
        for x in range(step // 2, size, step):
            pygame.draw.line(surface, colour, (x, 0), (x, size), width)
    elif kind == "grid":  # ┼
        draw_pattern(surface, "lines", colour, size)
        draw_pattern(surface, "bars", colour, size)
    elif kind == "dots":
        r = max(1, size // 18)
        for y in range(step // 2, size, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, size, step):
                pygame.draw.circle(surface, colour, (x, y), r)


class Stamps:
    """Tile-sized overlay pieces for one zoom level."""

    def __init__(self, theme: Theme, tile_px: int) -> None:
        self.theme = theme
        self.size = tile_px
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        if not pygame.font.get_init():
            pygame.font.init()

    def fill(self, colour: Colour, alpha: int, pattern: str = "", pattern_alpha: int = 150) -> pygame.Surface:
        """A tinted tile with an optional pattern."""
        key = ("fill", colour, alpha, pattern, pattern_alpha)
        if key not in self._cache:
            s = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
            s.fill((*colour, alpha))
            if pattern:
                draw_pattern(s, pattern, (*colour, pattern_alpha), self.size)
            self._cache[key] = s
        return self._cache[key]

    def letter(self, text: str, colour: Colour, corner: str = "center") -> pygame.Surface:
        """A letter with a dark halo, placed in a corner of the tile."""
        key = ("letter", text, colour, corner)
        if key not in self._cache:
            s = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
            font = self._font(max(8, self.size // 3))
            fg = font.render(text, True, colour)
            bg = font.render(text, True, (10, 10, 14))
            rect = fg.get_rect()
            pad = max(1, self.size // 16)
            if corner == "center":
                rect.center = (self.size // 2, self.size // 2)
            elif corner == "topleft":
                rect.topleft = (pad, 0)
            elif corner == "bottomright":
                rect.bottomright = (self.size - pad, self.size)
            elif corner == "topright":
                rect.topright = (self.size - pad, 0)
            for ox, oy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                s.blit(bg, rect.move(ox, oy))
            s.blit(fg, rect)
            self._cache[key] = s
        return self._cache[key]

    def _font(self, points: int) -> pygame.font.Font:
        key = ("font", points)
        if key not in self._cache:
            self._cache[key] = pygame.font.Font(str(FONT_BOLD), points)  # type: ignore[assignment]
        return self._cache[key]  # type: ignore[return-value]

    def shield(self, level: int, colour: Colour, hollow: bool = False) -> pygame.Surface:
        """A small shield with L or H in the tile's bottom-right corner (`hollow`: its outline,
        the terrain overlay's, apart from the sight overlay's solid one)."""
        key = ("shield", level, colour, hollow)
        if key not in self._cache:
            s = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
            w = max(8, self.size * 2 // 5)
            x0, y0 = self.size - w - max(1, self.size // 16), self.size - w - max(1, self.size // 16)
            pts = [(x0, y0), (x0 + w, y0), (x0 + w, y0 + w * 0.55), (x0 + w / 2, y0 + w), (x0, y0 + w * 0.55)]
            if hollow:
                pygame.draw.polygon(s, (10, 10, 14, 200), pts)
                pygame.draw.polygon(s, (*colour, 255), pts, max(2, self.size // 20))
            else:
                pygame.draw.polygon(s, (*colour, 230), pts)
                pygame.draw.polygon(s, (10, 10, 14, 255), pts, 1)
            if self.size >= LABEL_MIN_TILE:
                font = self._font(max(7, int(w * 0.7)))
                text = font.render("H" if level == 2 else "L", True, colour if hollow else (10, 10, 14))
                s.blit(text, text.get_rect(center=(x0 + w / 2, y0 + w * 0.42)))
            self._cache[key] = s
        return self._cache[key]
