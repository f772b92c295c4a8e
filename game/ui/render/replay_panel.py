"""Pieces of the replay screen's side panel: the transport buttons with their icons, the
timeline scrubber, the event on screen, the orders of the round and the sides."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.events import Event, Rolled
from game.ui.render.battlefield import draw_event_text
from game.ui.render.tokens import TokenArt, TokenLook
from game.ui.render.widgets import RADIUS, blit_text
from game.ui.theme import Colour, SideStyle, Theme, darken

SIDE_ROW = 22  # pixels (before UI scale): one side in the list of sides
SIDE_ICON = 18  # pixels: its token


@dataclass(frozen=True)
class SideRow:
    """One side in the list: its style, who played it, how many of its combatants stand."""

    style: SideStyle
    label: str
    standing: int
    total: int


def draw_transport_button(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    icon: str,
    key: str,
    play: bool,
    disabled: bool,
    hovered: bool,
) -> None:
    """A media button with its icon, and the key it stands for written under it."""
    pal = theme.palette
    fill = pal.button_hover if hovered else (pal.button_disabled if disabled else pal.button)
    pygame.draw.rect(surface, fill, rect, border_radius=RADIUS)
    edge = pal.accent if play else pal.panel_edge
    pygame.draw.rect(surface, edge, rect, 2 if play else 1, border_radius=RADIUS)
    colour = pal.text_dim if disabled else (pal.accent if play else pal.text)
    draw_transport_icon(surface, icon, rect.inflate(-theme.px(8), -theme.px(14)), colour)
    blit_text(
        surface, theme, key, (rect.centerx, rect.bottom + theme.px(1)), 10, pal.text_dim, anchor="midtop"
    )


def draw_transport_icon(surface: pygame.Surface, icon: str, rect: pygame.Rect, colour: Colour) -> None:
    """Media-player icons drawn as shapes (crisp at every UI scale; the font lacks ⏮ and ⏭):
    start, round_back, step_back, play, pause, step, round_next, end."""
    h = rect.h
    cy = rect.centery
    tri = max(4, h * 2 // 3)  # width of one triangle
    bar = max(2, h // 6)

    def left(x: int) -> None:
        pygame.draw.polygon(surface, colour, [(x, cy), (x + tri, rect.y), (x + tri, rect.bottom)])

    def right(x: int) -> None:
        pygame.draw.polygon(surface, colour, [(x + tri, cy), (x, rect.y), (x, rect.bottom)])

    cx = rect.centerx
    if icon == "play":
        right(cx - tri // 2)
    elif icon == "pause":
        pygame.draw.rect(surface, colour, (cx - bar * 2, rect.y, bar + 1, h))
        pygame.draw.rect(surface, colour, (cx + bar, rect.y, bar + 1, h))
    elif icon == "step":
        right(cx - (tri + bar * 2) // 2)
        pygame.draw.rect(surface, colour, (cx + (tri + bar * 2) // 2 - bar, rect.y, bar, h))
    elif icon == "step_back":
        x0 = cx - (tri + bar * 2) // 2
        pygame.draw.rect(surface, colour, (x0, rect.y, bar, h))
        left(x0 + bar * 2)
    elif icon == "round_next":
        right(cx - tri)
        right(cx)
    elif icon == "round_back":
        left(cx - tri)
        left(cx)
    elif icon == "end":
        x0 = cx - (tri * 2 + bar) // 2
        right(x0)
        right(x0 + tri)
        pygame.draw.rect(surface, colour, (x0 + 2 * tri, rect.y, bar, h))
    elif icon == "start":
        x0 = cx - (tri * 2 + bar) // 2
        pygame.draw.rect(surface, colour, (x0, rect.y, bar, h))
        left(x0 + bar)
        left(x0 + bar + tri)


def draw_timeline(
    surface: pygame.Surface,
    theme: Theme,
    bar: pygame.Rect,
    spans: list[tuple[int, int]],
    position: int,
    length: int,
    rounds_done: int,
) -> None:
    """The battle as a bar: a segment per round (its first and last position in `spans`), the
    part already shown filled, round numbers where they fit, a marker at `position`."""
    pal = theme.palette
    pygame.draw.rect(surface, pal.panel_dark, bar, border_radius=4)
    span = max(1, length - 1)
    shown = darken(pal.accent, 0.45)
    # Number every round when there is room, else every 2nd, 5th, 10th… (and the first).
    room = bar.w / max(1, len(spans))
    wide = theme.text(str(len(spans)), 10).get_width() + theme.px(6)
    every = next((k for k in (1, 2, 5, 10, 20, 50) if room * k >= wide * 1.6), 100)
    for r, (first, last) in enumerate(spans):
        x0 = bar.x + round(bar.w * first / span)
        x1 = bar.x + round(bar.w * min(span, last + 1) / span)
        seg = pygame.Rect(x0, bar.y, max(1, x1 - x0), bar.h)
        pygame.draw.rect(surface, pal.button if r % 2 else pal.button_hover, seg)
        if r < rounds_done:
            pygame.draw.rect(surface, shown, seg)
        elif first <= position <= last:  # the round being shown: filled up to the marker
            pygame.draw.rect(surface, shown, (seg.x, seg.y, round(bar.w * (position - first) / span), seg.h))
        pygame.draw.line(surface, pal.panel_dark, seg.topleft, seg.bottomleft)
        label = theme.text(str(r + 1), 10, pal.text)
        if (r == 0 or (r + 1) % every == 0) and label.get_width() + theme.px(2) < seg.w:
            surface.blit(label, label.get_rect(center=seg.center))
    pygame.draw.rect(surface, pal.panel_edge, bar, 1, border_radius=4)
    mx = bar.x + round(bar.w * position / span)
    pygame.draw.line(surface, pal.accent, (mx, bar.y - theme.px(3)), (mx, bar.bottom + theme.px(2)), 3)
    tip = bar.y - theme.px(6)
    pygame.draw.polygon(surface, pal.accent, [(mx - theme.px(5), tip), (mx + theme.px(5), tip), (mx, bar.y)])


def draw_on_screen(surface: pygame.Surface, theme: Theme, event: Event, rect: pygame.Rect) -> int:
    """The event on screen written out (a roll with its whole breakdown, as the battle screen's
    playback panel shows it), clipped to `rect`; returns the y below it."""
    pal = theme.palette
    x, y = rect.topleft
    blit_text(surface, theme, "On screen", (x, y), 12, pal.text_dim, True)
    y += theme.line_height(12)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(x, y, rect.w, max(0, rect.bottom - y)).clip(clip))
    if isinstance(event, Rolled):
        y = draw_event_text(surface, theme, event, (x, y), rect.w)
    else:
        for line in theme.wrap(event.text(), rect.w, 13):
            blit_text(surface, theme, line, (x, y), 13, pal.text)
            y += theme.line_height(13)
    surface.set_clip(clip)
    return min(y, rect.bottom)


def draw_orders(
    surface: pygame.Surface, theme: Theme, lines: list[tuple[str, Colour]], rect: pygame.Rect
) -> int:
    """The orders declared this round, each in its side's colour, as far as `rect` allows;
    returns the y below them."""
    pal = theme.palette
    x, y = rect.topleft
    step = theme.line_height(12)
    if not lines or y + 2 * step > rect.bottom:
        return y
    blit_text(surface, theme, "Orders this round", (x, y), 12, pal.text_dim, True)
    y += step
    for text, colour in lines:
        for k, line in enumerate(theme.wrap(text, rect.w, 12)):
            if y + step > rect.bottom:
                return y
            blit_text(
                surface, theme, line if k == 0 else "   " + line, (x, y), 12, colour if k == 0 else pal.text
            )
            y += step
    return y


def draw_sides(
    surface: pygame.Surface, theme: Theme, art: TokenArt, rows: list[SideRow], result: str, rect: pygame.Rect
) -> None:
    """Who played each side and how many of it stand, then how the battle ended: at the bottom
    of `rect`, or not at all when it does not fit."""
    pal = theme.palette
    row = theme.px(SIDE_ROW)
    height = theme.line_height(12) + len(rows) * row + theme.line_height(12) + theme.px(4)
    if height > rect.h:
        return
    x, y, w = rect.x, rect.bottom - height, rect.w
    blit_text(surface, theme, "Sides", (x, y), 12, pal.text_dim, True)
    y += theme.line_height(12)
    for side in rows:
        icon = art.token(TokenLook("person", side.style, 0, False, False), theme.px(SIDE_ICON))
        surface.blit(icon, (x, y + (row - icon.get_height()) // 2))
        middle = y + row // 2
        blit_text(
            surface, theme, side.label, (x + theme.px(24), middle), 12, side.style.colour, True, "midleft"
        )
        count = f"{side.standing} of {side.total} standing"
        colour = pal.text if side.standing else pal.text_bad
        blit_text(surface, theme, count, (x + w, middle), 12, colour, anchor="midright")
        y += row
    blit_text(surface, theme, result, (x, y + theme.px(4)), 12, pal.accent)
