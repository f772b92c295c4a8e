"""The battlefield as the battle screen and the replay screen both draw it.

The screen layout (stage bar, map, log, side panel), the side styles a
battle's meta names, dropped weapons, the tokens (walking along their paths
while a `Playback` shows a round), the stage a playback has reached, the
text of the event on screen and the hint pill under the map.  Shared so that
a replay looks exactly like the battle it records.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pygame

from game.core.geometry import Tile
from game.i18n import _
from game.rules.events import Event, Rolled, stage_name
from game.rules.positions import name_of
from game.session.sides import side_specs
from game.ui.playback import Playback
from game.ui.render.camera import Camera
from game.ui.render.conditions import draw_conditions
from game.ui.render.labels import LabelPlacer
from game.ui.render.panels import look_of
from game.ui.render.tokens import TokenArt, draw_ring, draw_token, draw_token_label, token_area
from game.ui.render.widgets import blit_text
from game.ui.theme import Colour, SideStyle, Theme
from game.world import Condition, Facing, Item, Position, World

TOP_BAR = 44  # pixels (before UI scale): the stage bar
RIGHT_PANEL = 400  # pixels: the sheet and the order (or replay) panel
LOG_HEIGHT = 170  # pixels: the log under the map
HINT_PAD = 10  # pixels (before UI scale) of the hint strip beyond its line of text
HINT_BACKING = (12, 14, 18)  # the hint strip's colour
TOAST_TOP = 110  # pixels (before UI scale) below the map's top edge where messages start

StyleOf = Callable[[World, int], SideStyle]


def screen_rects(theme: Theme, size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """The battle screen's regions for a window size: top (stage bar), map, hint (the key
    hints, a strip under the map rather than over it), log, right."""
    w, h = size
    top, right, log_h = theme.px(TOP_BAR), theme.px(RIGHT_PANEL), theme.px(LOG_HEIGHT)
    hint_h = theme.line_height(12) + theme.px(HINT_PAD)
    return {
        "top": pygame.Rect(0, 0, w, top),
        "map": pygame.Rect(0, top, w - right, h - top - log_h - hint_h),
        "hint": pygame.Rect(0, h - log_h - hint_h, w - right, hint_h),
        "log": pygame.Rect(0, h - log_h, w - right, log_h),
        "right": pygame.Rect(w - right, top, right, h - top),
    }


def side_styles(theme: Theme, world: World, meta: Mapping[str, Any]) -> dict[str, SideStyle]:
    """Colour, shape and controller of each side, from `meta["sides"]` (a dict by name or a list)."""
    return {
        name: theme.side_style(name, i, spec)
        for i, (name, spec) in enumerate(side_specs(world, meta).items())
    }


def draw_items(
    surface: pygame.Surface,
    theme: Theme,
    world: World,
    camera: Camera,
    seen_tile: Callable[[Tile], bool] | None = None,
) -> None:
    """Dropped weapons lying on the map, named when the zoom leaves room (with fog of war,
    only on the tiles `seen_tile` says the side sees)."""
    for _eid, item, pos in world.query(Item, Position):
        if seen_tile is not None and not seen_tile(pos.tile):
            continue
        rect = camera.tile_rect(pos.tile)
        c = rect.center
        r = rect.w // 3
        pygame.draw.line(
            surface, (20, 20, 24), (c[0] - r, c[1] + r), (c[0] + r, c[1] - r), max(3, rect.w // 8)
        )
        pygame.draw.line(
            surface, (220, 220, 230), (c[0] - r, c[1] + r), (c[0] + r, c[1] - r), max(2, rect.w // 12)
        )
        if camera.tile_px >= 32:
            blit_text(
                surface,
                theme,
                item.weapon.name,
                (c[0], rect.bottom - 2),
                10,
                (230, 230, 230),
                anchor="midbottom",
            )


def draw_tokens(
    surface: pygame.Surface,
    theme: Theme,
    art: TokenArt,
    world: World,
    camera: Camera,
    style_of: StyleOf,
    playback: Playback | None = None,
    selected: int | None = None,
    hovered: int | None = None,
    declarer: int | None = None,
    clock: float = 0.0,
    shown: Callable[[int], bool] | None = None,
) -> list[pygame.Rect]:
    """Every combatant in view: the dead first, then top to bottom, so the living overlap them.
    With fog of war, only those `shown` says the side sees.

    During playback a walking combatant is drawn between tiles, facing its step;
    `declarer` gets the dashed turning ring, `selected` and `hovered` plain rings.
    Returns where the names went, for the marks drawn over the tokens to keep clear of."""
    cam = camera
    tp = cam.tile_px
    x0, y0, x1, y1 = cam.visible_tiles()
    items = []
    for eid, pos in world.query(Position):
        if not world.has(eid, Condition) or (shown is not None and not shown(eid)):
            continue
        moving = playback.position_of(eid) if playback is not None else None
        if moving is None and world.get(eid, Condition).fled:
            continue  # gone off the map (drawn while playback still walks it there)
        where = moving or pos.tile
        if not (x0 - 2 <= where[0] <= x1 + 1 and y0 - 2 <= where[1] <= y1 + 1):
            continue
        dead = world.get(eid, Condition).dead
        items.append((not dead, where[1], eid, where))
    items.sort()
    # Names go on last, and over a token when the tile below it holds another one.
    standing = {(round(w[0]), round(w[1])) for alive, _y, _e, w in items if alive}
    labels: list[tuple[str, tuple[float, float], Colour, bool]] = []
    for alive, _y, eid, where in items:
        centre = cam.tile_centre(where)
        facing = world.get(eid, Facing).direction
        if playback is not None:
            walking = playback.facing_of(eid)
            facing = walking if walking is not None else facing
        style = style_of(world, eid)
        if eid == declarer:
            draw_ring(
                surface,
                centre,
                int(tp * 1.1),
                theme.palette.accent,
                max(2, tp // 16),
                dashed=True,
                phase=clock,
            )
        if eid == selected:
            draw_ring(surface, centre, int(tp * 1.02), theme.palette.select, max(2, tp // 18))
        elif eid == hovered:
            draw_ring(surface, centre, int(tp * 1.02), theme.palette.hover, 1)
        look = look_of(world, eid, style)
        draw_token(surface, theme, art, look, centre, tp, facing, show_label=False)
        draw_conditions(surface, theme, world, eid, centre, tp)
        here = (round(where[0]), round(where[1]))
        if not alive and here in standing and eid not in (selected, hovered):
            continue  # a body under a living token: its name there would name the wrong token
        below = (here[0], here[1] + 1)
        labels.append((name_of(world, eid), centre, style.colour, below in standing))
    placer = LabelPlacer(cam.viewport)  # names stay inside the map and off each other
    shown = (declarer, selected, hovered)
    first = {name_of(world, e) for e in shown if e is not None and world.has(e, Position)}
    labels.sort(key=lambda label: label[0] not in first)  # theirs are placed first
    # Where they can, names keep off the other tokens and their wound pips too.
    areas = [token_area(centre, tp) for _name, centre, _colour, _above in labels]
    for k, (name, centre, colour, above) in enumerate(labels):
        others = areas[:k] + areas[k + 1 :]
        draw_token_label(surface, theme, name, centre, tp, colour, above, placer, others)
    return placer.placed


def stage_reached(shown: Iterable[Event], default: str | None = None) -> str:
    """The stage the last StageStarted among `shown` began ("Resolution Stage"), else `default`
    (else "Modifier & Resolution Stages"), in the language in use."""
    stage = default if default is not None else _("Modifier & Resolution Stages")
    for event in shown:
        if event.kind == "stage_started":
            stage = stage_name(event.stage)  # type: ignore[attr-defined]
    return stage


def draw_event_text(
    surface: pygame.Surface, theme: Theme, event: Event | None, pos: tuple[int, int], width: int
) -> int:
    """A roll on screen written out in full (its breakdown, the die, the outcome), wrapped
    to `width`; returns the y below it.  Other events are left to the dice box."""
    x, y = pos
    if isinstance(event, Rolled):
        for line in theme.wrap(event.text(), width, 13):
            blit_text(surface, theme, line, (x, y), 13, theme.palette.text)
            y += theme.line_height(13)
    return y


HINT_SIZES = (12, 11, 10)  # text sizes the hint strip tries before it drops hints
HINT_JOIN = " · "  # between the hints of a line, the most useful first


def fit_hint(theme: Theme, text: str, width: int) -> tuple[str, int]:
    """The hint line and text size that fit `width` pixels: the whole line at the largest size
    that fits, else the leading hints (the most useful) that fit at the smallest, with "…"
    for the rest; a single hint too long for the strip is returned whole (it is clipped)."""
    for size in HINT_SIZES:
        if theme.font(size).size(text)[0] <= width:
            return text, size
    size = HINT_SIZES[-1]
    parts = text.split(HINT_JOIN)
    while len(parts) > 1:
        parts.pop()
        shorter = HINT_JOIN.join(parts) + HINT_JOIN + "…"
        if theme.font(size).size(shorter)[0] <= width:
            return shorter, size
    return parts[0], size


def draw_hint(surface: pygame.Surface, theme: Theme, text: str, area: pygame.Rect) -> pygame.Rect:
    """One line of key hints centred on the hint strip `area` (under the map, so it never
    hides a tile), made to fit (`fit_hint`); returns the text's box."""
    pygame.draw.rect(surface, HINT_BACKING, area)
    pygame.draw.line(surface, theme.palette.panel_edge, area.topleft, (area.right - 1, area.top))
    text, size = fit_hint(theme, text, area.w - theme.px(12))
    image = theme.text(text, size, theme.palette.text)
    rect = image.get_rect(center=area.center)
    if rect.w > area.w:  # one hint longer than the strip: show its start
        rect.left = area.left + theme.px(6)
    clip = surface.get_clip()
    surface.set_clip(area)  # a hint too long for a narrow window is cut, not drawn over the panels
    surface.blit(image, rect)
    surface.set_clip(clip)
    return rect.inflate(theme.px(16), theme.px(6)).clip(area)


def draw_toasts(
    surface: pygame.Surface,
    theme: Theme,
    toasts: Iterable[Any],
    area: pygame.Rect,
    avoid: pygame.Rect | None = None,
) -> list[pygame.Rect]:
    """Short messages ([text, seconds left, bad]) stacked in the middle of `area`, fading out
    in their last second; at the bottom of `area` instead when at the top they would cover
    `avoid` (the ruler's words).  Returns their boxes."""
    toasts = list(toasts)
    gap, top = theme.px(4), area.y + theme.px(TOAST_TOP)
    heights = [
        theme.text(text, 13, theme.palette.text, True).get_height() + theme.px(10) for text, _, _ in toasts
    ]
    stack = sum(h + gap for h in heights)
    if avoid is not None and toasts and pygame.Rect(area.x, top, area.w, stack).colliderect(avoid):
        top = area.bottom - theme.px(TOAST_TOP) - stack
    y = top
    boxes = []
    for text, left, bad in toasts:
        colour = theme.palette.text_bad if bad else theme.palette.text
        image = theme.text(text, 13, colour, True)
        rect = image.get_rect(midtop=(area.centerx, y))
        box = rect.inflate(theme.px(20), theme.px(10))
        boxes.append(box)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        layer.fill((12, 14, 18, int(230 * min(1.0, left))))
        surface.blit(layer, box)
        image = image.copy()  # the text cache's surface must keep full opacity
        image.set_alpha(int(255 * min(1.0, left)))
        surface.blit(image, rect)
        y += box.h + gap
    return boxes


SHEET_HEIGHT = 205  # pixels (before UI scale): the sheet at the top of the side panel


def draw_side_panel(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    world: World,
    focus: int | None,
    style_of: Callable[[World, int], SideStyle],
    tokens: TokenArt,
) -> pygame.Rect:
    """The side panel's frame and the focused combatant's sheet; returns the area below it."""
    from game.ui.render.panels import draw_sheet
    from game.ui.render.widgets import draw_panel

    pal = theme.palette
    draw_panel(surface, theme, rect, pal.panel, edge=False)
    pygame.draw.line(surface, pal.panel_edge, rect.topleft, rect.bottomleft)
    sheet_h = theme.px(SHEET_HEIGHT)
    if focus is not None:
        draw_sheet(
            surface,
            theme,
            pygame.Rect(rect.x, rect.y, rect.w, sheet_h),
            world,
            focus,
            style_of(world, focus),
            tokens,
        )
    y = rect.y + sheet_h
    pygame.draw.line(surface, pal.panel_edge, (rect.x + 8, y), (rect.right - 8, y))
    return pygame.Rect(rect.x, y + theme.px(6), rect.w, rect.bottom - y - theme.px(6))
