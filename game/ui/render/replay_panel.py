"""The replay screen's side panel (`ReplayPanel`) and its pieces: the transport buttons
with their icons, the timeline scrubber, the event on screen, the orders of the round
and the sides."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.rules.events import Event, Rolled
from game.ui.render.battlefield import draw_event_text
from game.ui.render.tokens import TokenArt, TokenLook
from game.ui.render.widgets import RADIUS, Button, blit_text
from game.ui.replay_timeline import ReplayCursor, SavedReplay
from game.ui.theme import Colour, SideStyle, Theme, darken, fit_text

SIDE_ROW = 22  # pixels (before UI scale): one side in the list of sides
SIDE_ICON = 18  # pixels: its token
TIMELINE_HEIGHT = 26  # pixels (before UI scale): the scrubber


@dataclass(frozen=True)
class SideRow:
    """One side in the list: its style, who played it, how many of its combatants stand.
    `ghosts` is None for a side counted in full; watched as another side (fog of war),
    `standing` is how many of it that side sees and `ghosts` how many more it last saw."""

    style: SideStyle
    label: str
    standing: int
    total: int
    ghosts: int | None = None

    def count_text(self) -> str:
        """ "3 of 4 standing", or, as another side saw it, "2 in sight, 1 last seen"."""
        if self.ghosts is None:
            return _("{standing} of {total} standing").format(standing=self.standing, total=self.total)
        if not self.ghosts:
            return _("{seen} in sight").format(seen=self.standing)
        return _("{seen} in sight, {ghosts} last seen").format(seen=self.standing, ghosts=self.ghosts)


@dataclass(frozen=True)
class ReplayWords:
    """What the panel says at the cursor's place (`game.ui.render.replay_stage` words it)."""

    position: str  # where the replay stands
    orders: list[tuple[str, Colour]]  # the round's orders so far, each in its side's colour
    sides: list[SideRow]
    result: str  # how the saved battle ended, or that it had not
    problem: str  # why the battle cannot be continued from here ("" if it can)
    continue_label: str
    leave_label: str
    fog_label: str | None = None  # fog of war: whose view is shown ("View: side a"); None: no fog


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
    blit_text(surface, theme, _("On screen"), (x, y), 12, pal.text_dim, True)
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
    blit_text(surface, theme, _("Orders this round"), (x, y), 12, pal.text_dim, True)
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
    blit_text(surface, theme, _("Sides"), (x, y), 12, pal.text_dim, True)
    y += theme.line_height(12)
    for side in rows:
        icon = art.token(TokenLook("person", side.style, 0, False, False), theme.px(SIDE_ICON))
        surface.blit(icon, (x, y + (row - icon.get_height()) // 2))
        middle = y + row // 2
        blit_text(
            surface, theme, side.label, (x + theme.px(24), middle), 12, side.style.colour, True, "midleft"
        )
        count = side.count_text()
        colour = pal.text if side.standing or side.ghosts else pal.text_bad
        blit_text(surface, theme, count, (x + w, middle), 12, colour, anchor="midright")
        y += row
    blit_text(surface, theme, result, (x, y + theme.px(4)), 12, pal.accent)


@dataclass
class Transport:
    """One button of the transport row: an icon, the key it stands for, what it does."""

    icon: str
    key: str
    tip: str
    action: Callable[[], None]
    rect: pygame.Rect


Move = Callable[[Callable[[], object], bool], None]
"""Moves the replay's cursor with a cursor method, pausing the playing first if asked."""


class ReplayPanel:
    """The replay screen's panel under the sheet: the heading and where the replay stands,
    the transport row, the timeline, the event on screen, the round's orders, the sides,
    and the Continue and Back buttons.  `transport`, `buttons` and `timeline_rect` hold
    what the last `draw` laid out, for the mouse."""

    def __init__(
        self,
        move: Move,
        on_continue: Callable[[], None],
        on_leave: Callable[[], None],
        on_fog: Callable[[], None] | None = None,
    ) -> None:
        self.move = move
        self.on_continue = on_continue
        self.on_leave = on_leave
        self.on_fog = on_fog  # V: whose view is shown (fog of war)
        self.transport: list[Transport] = []
        self.buttons: list[Button] = []
        self.timeline_rect = pygame.Rect(0, 0, 0, 0)

    def draw(
        self,
        surface: pygame.Surface,
        theme: Theme,
        rect: pygame.Rect,
        tokens: TokenArt,
        replay: SavedReplay,
        cursor: ReplayCursor,
        words: ReplayWords,
    ) -> None:
        """The panel in `rect`."""
        pal = theme.palette
        pad = theme.px(10)
        x, y, w = rect.x + pad, rect.y, rect.w - 2 * pad
        font = theme.font(16, True)
        heading = fit_text(font, _("Replay: {title}").format(title=replay.title), w)
        blit_text(surface, theme, heading, (x, y), 16, pal.accent, True)
        y += theme.line_height(16)
        blit_text(surface, theme, words.position, (x, y), 12, pal.text_dim)
        y += theme.line_height(12) + theme.px(6)
        y = self._draw_transport(surface, theme, cursor, x, y, w)
        y = self._draw_timeline(surface, theme, replay, cursor, x, y + theme.px(4), w)
        self.buttons = []
        if words.fog_label is not None and self.on_fog is not None:
            # Fog of war: whose view the replay shows (everything, or one side's).
            fog = Button(
                words.fog_label,
                self.on_fog,
                pygame.Rect(x, y + theme.px(4), w, theme.px(28)),
                hint="V",
                selected=cursor.side is not None,
                size=13,
            )
            fog.hovered = fog.rect.collidepoint(pygame.mouse.get_pos())
            fog.draw(surface, theme)
            self.buttons.append(fog)
            y = fog.rect.bottom + theme.px(2)
        # The event on screen, written out (a roll with its whole breakdown).
        event = cursor.current
        bh = theme.px(34)
        bottom = rect.bottom - pad - 2 * bh - theme.px(8) - theme.line_height(11)
        if event is not None:
            y = draw_on_screen(surface, theme, event, pygame.Rect(x, y + theme.px(8), w, bottom - y))
        y = draw_orders(surface, theme, words.orders, pygame.Rect(x, y + theme.px(8), w, bottom - y))
        area = pygame.Rect(x, y + theme.px(8), w, bottom - theme.px(6) - y - theme.px(8))
        draw_sides(surface, theme, tokens, words.sides, words.result, area)
        problem = words.problem
        by = rect.bottom - pad - 2 * bh - theme.px(6) - theme.line_height(11)
        cont = Button(
            words.continue_label,
            self.on_continue,
            pygame.Rect(x, by, w, bh),
            enabled=not problem,
            reason=problem,
            hint="C",
            selected=not problem,
            size=14,
        )
        note = problem or _("the players declare anew from there; the save file is kept as it is")
        colour = pal.text_bad if problem else pal.text_dim
        blit_text(surface, theme, note, (x, by + bh + theme.px(2)), 11, colour)
        back = Button(
            words.leave_label,
            self.on_leave,
            pygame.Rect(x, rect.bottom - pad - bh, w, bh),
            hint=_("Esc"),
            size=14,
        )
        mouse = pygame.mouse.get_pos()
        for button in (cont, back):
            button.hovered = button.rect.collidepoint(mouse)
            button.draw(surface, theme)
            self.buttons.append(button)

    def _draw_transport(
        self, surface: pygame.Surface, theme: Theme, c: ReplayCursor, x: int, y: int, w: int
    ) -> int:
        """Seven buttons: start, previous round, step back, play/pause, step, next round, end."""
        items = [
            ("start", _("Home"), _("jump to the start"), c.to_start),
            ("round_back", _("PgUp"), _("start of this (or the previous) round"), c.previous_round),
            ("step_back", "←", _("previous event"), c.back),
            ("pause" if c.playing else "play", _("Space"), _("play / pause"), c.toggle_play),
            ("step", "→", _("next event"), c.forward),
            ("round_next", _("PgDn"), _("start of the next round"), c.next_round),
            ("end", _("End"), _("jump to the end"), c.to_end),
        ]
        gap = theme.px(4)
        bw = (w - gap * (len(items) - 1)) // len(items)
        bh = theme.px(36)
        mouse = pygame.mouse.get_pos()
        self.transport = []
        for k, (icon, key, tip, action) in enumerate(items):
            rect = pygame.Rect(x + k * (bw + gap), y, bw, bh)
            play = icon in ("play", "pause")
            disabled = (c.at_start and k < 3) or (c.at_end and k > 3)
            hovered = rect.collidepoint(mouse) and not disabled
            draw_transport_button(surface, theme, rect, icon, key, play, disabled, hovered)

            # Play/pause toggles; every other button stops playing, like stepping by key.
            def run(action: Callable[[], object] = action, pause: bool = not play) -> None:
                self.move(action, pause)

            self.transport.append(Transport(icon, key, tip, run, rect))
        return y + bh + theme.line_height(10) + theme.px(2)

    def _draw_timeline(
        self,
        surface: pygame.Surface,
        theme: Theme,
        replay: SavedReplay,
        c: ReplayCursor,
        x: int,
        y: int,
        w: int,
    ) -> int:
        """The scrubber: the whole battle, a segment per round.  Click or drag to jump."""
        bar = pygame.Rect(x, y, w, theme.px(TIMELINE_HEIGHT))
        self.timeline_rect = bar.inflate(0, theme.px(6))
        spans = [c.round_span(r) for r in range(len(replay.rounds))]
        done = c.round + (1 if c.playback.done else 0)
        draw_timeline(surface, theme, bar, spans, c.position, c.length, done)
        return bar.bottom + theme.px(4)

    def tip(self, pos: tuple[int, int]) -> list[str]:
        """The tooltip of whatever the panel has under `pos` (nothing when none explains itself)."""
        for item in self.transport:
            if item.rect.collidepoint(pos):
                return [f"{item.tip} ({item.key})"]
        for button in self.buttons:
            if button.rect.collidepoint(pos) and button.tooltip():
                return button.tooltip()
        if self.timeline_rect.collidepoint(pos):
            return [_("the battle, round by round: click or drag to jump")]
        return []
