"""The right-hand panels of the battle screen under the combatant's sheet: the order panel
(the order being drafted: its move, facing, actions with their chances, what is wrong
with it, and the + Action / Undo / Declare buttons), the round's earlier declarations,
and the pace panel that steps through a round being resolved.

Each widget draws into the rectangle it is given and leaves behind the buttons it drew
(and tooltips for its rows), which the screen hands its mouse events to.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from game.core.geometry import direction_name
from game.core.modifiers import roll_possible
from game.i18n import _
from game.rules.events import compass
from game.rules.orders import Order
from game.rules.positions import name_of
from game.rules.registry import MOVEMENT_ACTIONS, spec_of
from game.rules.summary import describe_action, summarize_order
from game.ui.forecast_text import need_range
from game.ui.planner import Draft, Planner, forecast_detail, forecast_lines
from game.ui.playback import Playback
from game.ui.render.battlefield import StyleOf, draw_event_text
from game.ui.render.widgets import Button, blit_text
from game.ui.theme import Theme, fit_text
from game.world import World

LABEL_AT_LEAST = 90  # pixels (before scaling) an action row keeps for its name beside the chance

Tip = tuple[pygame.Rect, list[str]]
"""A region of the panel and the tooltip lines shown while the mouse rests on it."""


class OrderPanel:
    """The order being drafted, with its buttons; `buttons` and `tips` hold what the last
    `draw` laid out (the mouse's business until the next frame)."""

    def __init__(
        self, on_add: Callable[[], None], on_undo: Callable[[], None], on_declare: Callable[[], None]
    ):
        self.on_add = on_add
        self.on_undo = on_undo
        self.on_declare = on_declare
        self.buttons: list[Button] = []
        self.tips: list[Tip] = []

    def draw(
        self,
        surface: pygame.Surface,
        theme: Theme,
        rect: pygame.Rect,
        world: World,
        planner: Planner,
        draft: Draft,
        facing: int,
        orders: Mapping[int, Order] | None,
        style_of: StyleOf,
    ) -> None:
        """The panel in `rect`; `facing` is where the order leaves the declarer facing,
        `orders` the round's earlier declarations (listed above the buttons)."""
        pal = theme.palette
        self.buttons, self.tips = [], []
        order = draft.order()
        pad = theme.px(10)
        x, y = rect.x + pad, rect.y
        w = rect.w - 2 * pad
        blit_text(
            surface,
            theme,
            _("Order for {name}").format(name=name_of(world, draft.actor)),
            (x, y),
            16,
            pal.accent,
            True,
        )
        y += theme.line_height(16) + theme.px(2)
        walk_m = planner.walk_metres
        if order.path:
            metres = planner.path_metres(order.path)
            mode = order.movement_mode
            how = _("walk") if mode == "walk" else _(mode.title())
            move = _("Move: {metres:.1f} m to {tile} ({how}; walk limit {limit:g} m)").format(
                metres=metres, tile=order.path[-1], how=how, limit=walk_m
            )
        else:
            move = _("Move: stay (walk up to {limit:g} m; click a tile)").format(limit=walk_m)
        if order.flee:
            if order.path:
                move = _("{move} then flee off the map").format(move=move)
            else:
                move = _("Move: step off the map from here")
            odds = planner.flight_odds(order)
            if odds is not None:
                move = _("{move} ({percent:.0f}% to get away)").format(move=move, percent=float(odds) * 100)
        for line in theme.wrap(move, w, 12):
            blit_text(surface, theme, line, (x, y), 12, pal.text)
            y += theme.line_height(12)
        if draft.state.auto_facing and draft.state.facing_reason:
            text = _("Final facing: {direction} ({why}) — Q/E or right-click")
        elif draft.state.facing is None:
            text = _("Final facing: {direction} (default) — Q/E or right-click")
        else:
            text = _("Final facing: {direction} — Q/E or right-click")
        text = text.format(direction=compass(direction_name(facing)), why=draft.state.facing_reason)
        blit_text(surface, theme, text, (x, y), 12, pal.text)
        y += theme.line_height(12) + theme.px(4)
        penalty = order.action_penalty
        if penalty:
            text = _("Actions: {count} → Action Penalty −{penalty}")
        else:
            text = _("Actions: {count} → no Action Penalty")
        text = text.format(count=order.action_count, penalty=-penalty)
        blit_text(surface, theme, text, (x, y), 13, pal.text_bad if penalty else pal.text, True)
        y += theme.line_height(13) + theme.px(2)
        y = self._draw_actions(surface, theme, pygame.Rect(x, y, w, 0), world, planner, draft)
        reasons = planner.reasons(order)
        if reasons:
            y += theme.px(2)
            for reason in reasons[:3]:
                for line in theme.wrap("⚠ " + reason, w, 12):
                    blit_text(surface, theme, line, (x, y), 12, pal.text_bad)
                    y += theme.line_height(12)
        by = self._draw_buttons(surface, theme, rect, draft, reasons)
        # Earlier declarations, above the buttons.
        area = pygame.Rect(rect.x, y + theme.px(8), rect.w, by - y - theme.px(12))
        draw_declared_list(surface, theme, area, world, orders, style_of)

    def _draw_actions(
        self,
        surface: pygame.Surface,
        theme: Theme,
        at: pygame.Rect,
        world: World,
        planner: Planner,
        draft: Draft,
    ) -> int:
        """A row per action (its chance, a × to remove it); returns the y below them."""
        pal = theme.palette
        order = draft.order()
        x, y, w = at.x, at.y, at.w
        forecasts = planner.forecasts(order)
        row_h = theme.line_height(13) + theme.px(6)
        for i, action in enumerate(order.actions):
            fc = forecasts[i] if i < len(forecasts) else None
            row = pygame.Rect(x, y, w, row_h)
            pygame.draw.rect(surface, pal.panel_dark, row, border_radius=4)
            label = describe_action(world, action)
            if draft.state.auto_move is action.kind and action.kind in MOVEMENT_ACTIONS:
                label = _("{label} (for the path)").format(label=label)
            # The chance goes right of the label, before the ×; the label gets what it leaves
            # (a long one, "Sprint (for the path)", was drawn under the chance).
            first = f"{i + 1}. "
            room = w - theme.px(30) - theme.px(6) - theme.px(12)  # × button, left pad, a gap
            detail = fit_text(theme.font(13, True), forecast_detail(fc), room - theme.px(LABEL_AT_LEAST))
            left = room - theme.font(13, True).size(detail)[0] - theme.font(13).size(first)[0]
            label = fit_text(theme.font(13), label, max(1, left))
            spot = (row.x + theme.px(6), row.y + theme.px(3))
            blit_text(surface, theme, first + label, spot, 13, pal.text)
            colour = pal.text_good if fc is not None and fc.success >= 0.5 else pal.accent
            span = need_range(fc) if fc is not None else None
            if span is not None and not roll_possible(span[1]):
                colour = pal.text_bad
            spot = (row.right - theme.px(30), row.y + theme.px(3))
            blit_text(surface, theme, detail, spot, 13, colour, True, anchor="topright")
            remove = Button(
                "×",
                lambda i=i: draft.remove(i),
                pygame.Rect(row.right - theme.px(24), row.y + 2, theme.px(22), row_h - 4),
                size=13,
            )
            self.buttons.append(remove)
            if fc is not None:
                rule = _(spec_of(action.kind).help)
                self.tips.append((row, [*forecast_lines(world, fc), *([rule] if rule else [])]))
            y += row_h + theme.px(3)
        if not order.actions:
            text = _("none yet: click an enemy, or X for the action menu")
            blit_text(surface, theme, text, (x, y), 12, pal.text_dim)
            y += row_h
        return y

    def _draw_buttons(
        self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect, draft: Draft, reasons: list[str]
    ) -> int:
        """+ Action, Undo and Declare along the bottom (then the rows' × buttons); returns their top."""
        pad = theme.px(10)
        x, w = rect.x + pad, rect.w - 2 * pad
        bh = theme.px(34)
        by = rect.bottom - bh - pad
        bw = (w - 2 * theme.px(6)) // 3
        add = Button(_("+ Action"), self.on_add, pygame.Rect(x, by, bw, bh), hint="X")
        undo = Button(
            _("Undo"),
            self.on_undo,
            pygame.Rect(x + bw + theme.px(6), by, bw, bh),
            enabled=bool(draft.history),
            reason=_("nothing to undo"),
            hint="⌫",
        )
        ok = Button(
            _("Declare"),
            self.on_declare,
            pygame.Rect(x + 2 * (bw + theme.px(6)), by, bw, bh),
            enabled=not reasons,
            reason="; ".join(reasons),
            hint="C",
            selected=not reasons,
        )
        pos = pygame.mouse.get_pos()
        for b in (add, undo, ok):
            b.hovered = b.rect.collidepoint(pos)
            b.draw(surface, theme)
            self.buttons.append(b)
        for b in self.buttons[:-3]:
            b.hovered = b.rect.collidepoint(pos)
            b.draw(surface, theme)
        return by


def draw_declared_list(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    world: World,
    orders: Mapping[int, Order] | None,
    style_of: StyleOf,
) -> None:
    """The round's declarations so far, each headed by its combatant in the side's colour."""
    pal = theme.palette
    pad = theme.px(10)
    x, y = rect.x + pad, rect.y
    if rect.h < theme.line_height(12) * 2:
        return
    blit_text(surface, theme, _("Declared this round"), (x, y), 13, pal.text_dim, True)
    y += theme.line_height(13)
    if not orders:
        blit_text(surface, theme, _("nobody yet"), (x, y), 12, pal.text_dim)
        return
    for eid, order in orders.items():
        style = style_of(world, eid)
        text = _("{name}: {order}").format(name=name_of(world, eid), order=summarize_order(world, order))
        for line in theme.wrap(text, rect.w - 2 * pad, 12):
            if y + theme.line_height(12) > rect.bottom:
                return
            blit_text(surface, theme, line, (x, y), 12, style.colour)  # a wrapped line keeps its colour
            y += theme.line_height(12)


def draw_pace_panel(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    playback: Playback,
    pace: Callable[[str], None],
) -> list[Button]:
    """The round being resolved: which event, Step / Play / Skip, Slower / Faster with the
    speed, the event written out; returns the buttons (each calls `pace` with "step", "play",
    "skip", "slower" or "faster")."""
    pal = theme.palette
    pad = theme.px(10)
    x, y = rect.x + pad, rect.y
    blit_text(surface, theme, _("Resolution"), (x, y), 16, pal.accent, True)
    y += theme.line_height(16)
    number, count = playback.place()
    text = _("event {number} of {count}").format(number=number, count=count)
    blit_text(surface, theme, text, (x, y), 12, pal.text_dim)
    y += theme.line_height(12) + theme.px(6)
    bw = (rect.w - 2 * pad - 2 * theme.px(6)) // 3
    bh = theme.px(34)
    step = Button(_("Step"), lambda: pace("step"), pygame.Rect(x, y, bw, bh), hint="N")
    play = Button(
        _("Pause") if playback.playing else _("Play"),
        lambda: pace("play"),
        pygame.Rect(x + bw + theme.px(6), y, bw, bh),
        hint="P",
        selected=playback.playing,
    )
    skip = Button(
        _("Skip"), lambda: pace("skip"), pygame.Rect(x + 2 * (bw + theme.px(6)), y, bw, bh), hint="K"
    )
    y += bh + theme.px(6)
    slower = Button(_("Slower"), lambda: pace("slower"), pygame.Rect(x, y, bw, bh), hint="[", size=13)
    speed = _("{speed:g}× speed").format(speed=playback.speed)
    third = pygame.Rect(x + 2 * (bw + theme.px(6)), y, bw, bh)
    faster = Button(_("Faster"), lambda: pace("faster"), third, hint="]", size=13)
    pos = pygame.mouse.get_pos()
    buttons = [step, play, skip, slower, faster]
    for b in buttons:
        b.hovered = b.rect.collidepoint(pos)
        b.draw(surface, theme)
    centre = (x + bw + theme.px(6) + bw // 2, y + bh // 2)
    blit_text(surface, theme, speed, centre, 13, pal.text, True, anchor="center")
    y += bh + theme.px(10)
    if not playback.playing and playback.paused_on == playback.index:
        blit_text(surface, theme, _("Paused after your action: Play (P) goes on"), (x, y), 12, pal.accent)
        y += theme.line_height(12) + theme.px(4)
    draw_event_text(surface, theme, playback.current, (x, y), rect.w - 2 * pad)
    return buttons
