"""The battle log: every event in rulebook notation, wrapped, coloured by kind, scrollable."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _
from game.rules.events import Event, Rolled
from game.ui.render.widgets import blit_text, draw_panel
from game.ui.theme import Colour, Theme

LOG_SIZE = 13  # points
MAX_LINES = 4000  # events kept in the log


@dataclass(frozen=True)
class LogLine:
    """One event as the log shows it."""

    text: str
    kind: str
    outcome: str = ""


def line_for(event: Event) -> LogLine:
    """The log line of an event."""
    outcome = event.outcome if isinstance(event, Rolled) else ""
    return LogLine(event.text(), event.kind, outcome)


class LogPanel:
    """The events so far; the newest at the bottom unless scrolled back."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._lines: list[LogLine] = []
        # Bumped at every change of the lines: what the wrapped rows are kept for.  (Keyed
        # by the count and the last line's id() instead, a log written anew for the other
        # hot-seat side with as many lines could reuse the id and show the other side's.)
        self._version = 0
        self.scroll = 0  # wrapped rows scrolled back from the bottom
        self._wrapped: list[tuple[str, Colour, bool]] = []
        self._wrapped_for: tuple[object, ...] = ()
        # Rows of each line already wrapped, so a long log is not re-measured word by
        # word every time a line comes or goes (the replay steps back and forth).
        self._rows: dict[tuple[LogLine, int], list[tuple[str, Colour, bool]]] = {}
        self._rows_theme: Theme | None = None

    @property
    def lines(self) -> list[LogLine]:
        """The lines, oldest first (read them; change them through this panel's methods)."""
        return self._lines

    @lines.setter
    def lines(self, lines: list[LogLine]) -> None:
        self._lines = list(lines)
        self._version += 1

    def add(self, event: Event) -> None:
        """Append an event."""
        self._lines.append(line_for(event))
        if len(self._lines) > MAX_LINES:
            del self._lines[: len(self._lines) - MAX_LINES]
        self._version += 1
        self.scroll = 0

    def add_text(self, text: str, kind: str = "note") -> None:
        """Append a line that is not an event (saves, AI notes)."""
        self._lines.append(LogLine(text, kind))
        self._version += 1
        self.scroll = 0

    def clear(self) -> None:
        """No lines (the log is about to be written anew)."""
        self.truncate(0)

    def truncate(self, count: int) -> None:
        """Keep the first `count` lines."""
        del self._lines[count:]
        self._version += 1

    def colour(self, line: LogLine) -> tuple[Colour, bool]:
        """Colour and boldness of a line."""
        pal = self.theme.palette
        if line.kind in ("round_started", "battle_ended"):
            return pal.accent, True
        if line.kind in ("stage_started", "timing_order"):
            return pal.accent, False
        if line.kind == "rolled":
            if line.outcome in ("hit", "success", "general hit"):
                return pal.hit, False
            if line.outcome == "impossible":
                return pal.text_dim, False
            return pal.miss, False
        if line.kind in ("injured", "defeated", "killed", "hit"):
            return pal.text_bad, True
        if line.kind in ("moved", "turned", "timing_rolled", "round_ended", "action_ignored"):
            return pal.text_dim, False
        if line.kind == "note":
            return pal.text_dim, False
        return pal.text, False

    def _rewrap(self, width: int) -> None:
        key = (width, self._version, id(self.theme))
        if key == self._wrapped_for:
            return
        if self._rows_theme is not self.theme or len(self._rows) > 3 * MAX_LINES:
            self._rows = {}
            self._rows_theme = self.theme
        rows: list[tuple[str, Colour, bool]] = []
        for line in self.lines:
            wrapped = self._rows.get((line, width))
            if wrapped is None:
                colour, bold = self.colour(line)
                wrapped = [
                    ((part if k == 0 else "   " + part), colour, bold)
                    for k, part in enumerate(self.theme.wrap(line.text, width, LOG_SIZE, bold))
                ]
                self._rows[(line, width)] = wrapped
            rows += wrapped
        self._wrapped = rows
        self._wrapped_for = key

    def handle(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        """Mouse wheel over the log scrolls it."""
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y * 3)
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the newest lines that fit (or the scrolled-back ones)."""
        theme = self.theme
        draw_panel(surface, theme, rect, theme.palette.panel_dark)
        pad = theme.px(8)
        self._rewrap(rect.w - 2 * pad - theme.px(10))
        line_h = theme.line_height(LOG_SIZE)
        title_h = theme.line_height(12) + theme.px(2)
        visible = max(1, (rect.h - 2 * pad - title_h) // line_h)
        self.scroll = min(self.scroll, max(0, len(self._wrapped) - visible))
        end = len(self._wrapped) - self.scroll
        start = max(0, end - visible)
        blit_text(
            surface,
            theme,
            _("Battle log"),
            (rect.x + pad, rect.y + theme.px(4)),
            12,
            theme.palette.text_dim,
            True,
        )
        if self.scroll:
            blit_text(
                surface,
                theme,
                _("scrolled back {scroll} lines (wheel)").format(scroll=self.scroll),
                (rect.right - pad, rect.y + theme.px(4)),
                11,
                theme.palette.accent,
                anchor="topright",
            )
        y = rect.y + pad + title_h - theme.px(4)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-2, -2))
        for text, colour, bold in self._wrapped[start:end]:
            surface.blit(theme.text(text, LOG_SIZE, colour, bold), (rect.x + pad, y))
            y += line_h
        surface.set_clip(clip)
        if len(self._wrapped) > visible:
            track = pygame.Rect(rect.right - theme.px(7), rect.y + pad, theme.px(4), rect.h - 2 * pad)
            pygame.draw.rect(surface, theme.palette.panel, track, border_radius=2)
            frac_h = visible / len(self._wrapped)
            frac_y = start / len(self._wrapped)
            thumb = pygame.Rect(
                track.x, track.y + int(track.h * frac_y), track.w, max(8, int(track.h * frac_h))
            )
            pygame.draw.rect(surface, theme.palette.text_dim, thumb, border_radius=2)
