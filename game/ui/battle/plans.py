"""Plans drawn on the map while orders are declared: the paths, final facings and attack
arrows of the round's earlier declarations, and the order being drafted (its path with
a metre ruler, the preview of a move under the mouse, the ghost where it ends).

Everything here only draws; where a combatant will end up comes from `plan_end`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import replace

import pygame

from game.core.geometry import Tile, bearing_direction, direction_name
from game.i18n import _
from game.rules.api.contexts import ActionForecast
from game.rules.board import Board
from game.rules.events import compass
from game.rules.flight import exit_step, metres_needed
from game.rules.orders import Action, Order
from game.rules.positions import occupant, tile_of
from game.rules.registry import TARGETED
from game.ui import frame_budget
from game.ui.forecast_text import assumed_short, percent
from game.ui.planner import Draft, Planner
from game.ui.render.battlefield import StyleOf
from game.ui.render.camera import Camera
from game.ui.render.panels import look_of
from game.ui.render.tokens import TokenArt, draw_token
from game.ui.render.widgets import blit_text
from game.ui.theme import Theme
from game.world import Facing, Position, World

OUTLINE = (10, 10, 14)  # the dark edge under lines and arrowheads
LABEL_BACKING = (12, 14, 18)  # behind labels on the map
CHANCE_BUDGET = 0.006  # seconds a frame may spend working out enemies' hit chances
PlanEnd = Callable[[int], tuple[Tile, int]]
"""Where a combatant will stand and which way it will face (see `plan_end`)."""


def plan_end(world: World, eid: int, order: Order | None) -> tuple[Tile, int]:
    """Where a combatant will stand and face after `order` (its path's last tile, facing along
    its last step, unless the order names a facing); where it stands now without one."""
    tile, facing = tile_of(world, eid), world.get(eid, Facing).direction
    if order is not None:
        if order.path:
            tile = order.path[-1]
            if len(order.path) >= 2 or order.path[-1] != tile_of(world, eid):
                prev = order.path[-2] if len(order.path) >= 2 else tile_of(world, eid)
                facing = bearing_direction(prev, order.path[-1])
        if order.facing is not None:
            facing = order.facing
    return tile, facing


def draw_path(
    surface: pygame.Surface,
    camera: Camera,
    board: Board,
    start: Tile,
    path: tuple[Tile, ...],
    walk_m: float,
    colours: tuple[tuple[int, int, int], tuple[int, int, int]],
    width: int,
    dashed: bool = False,
) -> list[tuple[Tile, float]]:
    """A path as a line, its walk part and its Sprint part in `colours`; returns its tiles with metres."""
    colour_walk, colour_far = colours
    here, total = start, 0.0
    marks: list[tuple[Tile, float]] = []
    dash = (max(4, camera.tile_px // 4), max(3, camera.tile_px // 6))  # pixels on, off
    phase = 0.0  # how far along the dash pattern the line has come (dashes run on round corners)
    for tile in path:
        step = board.step_metres(here, tile) or 0.0
        total += step
        colour = colour_walk if total <= walk_m + 1e-9 else colour_far
        a, b = camera.tile_centre(here), camera.tile_centre(tile)
        if dashed:
            phase = _dashed_line(surface, colour, a, b, width, dash, phase)
        else:
            pygame.draw.line(surface, OUTLINE, a, b, width + 2)
            pygame.draw.line(surface, colour, a, b, width)
            pygame.draw.circle(surface, colour, b, max(2, width))
        marks.append((tile, total))
        here = tile
    return marks


def _dashed_line(
    surface: pygame.Surface,
    colour: tuple[int, int, int],
    a: tuple[int, int],
    b: tuple[int, int],
    width: int,
    dash: tuple[int, int],
    phase: float,
) -> float:
    """A dashed, outlined line from `a` to `b`, its pattern (`dash`: pixels on, off) starting
    `phase` pixels in; returns the phase at `b`, for the next segment of a path."""
    on, off = dash
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    at = 0.0
    while at < length:
        into = phase % (on + off)
        run = (on - into) if into < on else (on + off - into)
        end = min(length, at + run)
        if into < on:
            p = (a[0] + (b[0] - a[0]) * at / length, a[1] + (b[1] - a[1]) * at / length)
            q = (a[0] + (b[0] - a[0]) * end / length, a[1] + (b[1] - a[1]) * end / length)
            pygame.draw.line(surface, OUTLINE, p, q, width + 2)
            pygame.draw.line(surface, colour, p, q, width)
        phase += end - at
        at = end
    return phase


def draw_arrow(
    surface: pygame.Surface,
    theme: Theme,
    camera: Camera,
    a: tuple[int, int],
    b: tuple[int, int],
    colour: tuple[int, int, int],
    label: str,
    labels: MapLabels | None = None,
) -> None:
    """An attack arrow from `a` to `b`, named when the zoom leaves room (the name kept in
    `labels`, if given, to be drawn over the tokens)."""
    tp = camera.tile_px
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    start = (a[0] + ux * tp * 0.35, a[1] + uy * tp * 0.35)
    end = (b[0] - ux * tp * 0.4, b[1] - uy * tp * 0.4)
    _arrow(surface, start, end, (ux, uy), colour, tp)
    if tp >= 24:
        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        _label(surface, theme, labels, label, (240, 240, 240), center=(round(mid[0]), round(mid[1])))


def draw_exit(
    surface: pygame.Surface,
    theme: Theme,
    camera: Camera,
    board: Board,
    tile: Tile,
    colour: tuple[int, int, int],
    label: str,
    labels: MapLabels | None = None,
) -> None:
    """A flight off the map from edge tile `tile`: an arrow across the tile to the map's edge,
    its name a tile inward, so both show when the view ends at the map's edge."""
    tp = camera.tile_px
    out = exit_step(board, tile)
    ux, uy = out[0] - tile[0], out[1] - tile[1]
    c = camera.tile_centre(tile)
    start = (c[0] - ux * tp * 0.3, c[1] - uy * tp * 0.3)
    end = (c[0] + ux * tp * 0.5, c[1] + uy * tp * 0.5)
    _arrow(surface, start, end, (ux, uy), colour, tp)
    if tp >= 24:
        spot = (round(c[0] - ux * tp * 0.9), round(c[1] - uy * tp * 0.9))
        _label(surface, theme, labels, label, (240, 240, 240), center=spot)


def _arrow(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    unit: tuple[float, float],
    colour: tuple[int, int, int],
    tile_px: int,
) -> None:
    """An outlined line from `start` to `end` with its head at `end` (`unit`: its direction)."""
    ux, uy = unit
    width = max(2, tile_px // 16)
    pygame.draw.line(surface, OUTLINE, start, end, width + 2)
    pygame.draw.line(surface, colour, start, end, width)
    head = max(6, tile_px // 5)
    left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
    right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, [end, left, right])
    pygame.draw.polygon(surface, OUTLINE, [end, left, right], 1)


def map_label(
    surface: pygame.Surface, theme: Theme, text: str, colour: tuple[int, int, int], **anchor: tuple[int, int]
) -> pygame.Rect:
    """A small bold label on a dark backing, placed by `anchor` (center=…, midbottom=…), so it
    reads over any ground and any overlay; returns its box (`label_box`)."""
    image = theme.text(text, 10, colour, True)
    box = label_box(theme, text, **anchor)
    pygame.draw.rect(surface, LABEL_BACKING, box, border_radius=4)
    surface.blit(image, image.get_rect(center=box.center))
    return box


def label_box(theme: Theme, text: str, **anchor: tuple[int, int]) -> pygame.Rect:
    """Where `map_label` would draw `text` (its backing included), drawing nothing."""
    rect = pygame.Rect((0, 0), theme.font(10, True).size(text))
    for point, spot in anchor.items():
        setattr(rect, point, spot)
    return rect.inflate(6, 2)


class MapLabels:
    """Labels of the plans, which are drawn under the tokens, kept to be drawn over them, so
    no token hides the name of an attack or a defence."""

    def __init__(self) -> None:
        self._items: list[tuple[str, tuple[int, int, int], dict[str, tuple[int, int]]]] = []
        self._held: list[pygame.Rect] = []

    def clear(self) -> None:
        """Forget the labels kept (a new frame's plans are about to be drawn)."""
        self._items.clear()
        self._held.clear()

    def hold(self, box: pygame.Rect) -> None:
        """A label already drawn under the tokens (the ruler's words, the walk to the pointer):
        what is drawn over the map later keeps clear of it too."""
        self._held.append(box)

    def add(self, text: str, colour: tuple[int, int, int], **anchor: tuple[int, int]) -> None:
        """A label to draw later (see `map_label`)."""
        self._items.append((text, colour, anchor))

    def draw(self, surface: pygame.Surface, theme: Theme) -> list[pygame.Rect]:
        """Draw the labels kept and forget them; their boxes."""
        boxes = [map_label(surface, theme, text, colour, **anchor) for text, colour, anchor in self._items]
        boxes += self._held
        self._items.clear()
        self._held = []
        return boxes


def _label(
    surface: pygame.Surface,
    theme: Theme,
    labels: MapLabels | None,
    text: str,
    colour: tuple[int, int, int],
    **anchor: tuple[int, int],
) -> None:
    """`map_label` now, or kept in `labels` to be drawn over the tokens."""
    if labels is not None:
        labels.add(text, colour, **anchor)
    else:
        map_label(surface, theme, text, colour, **anchor)


def ruler_label(
    surface: pygame.Surface, theme: Theme, centre: tuple[int, int], text: str, colour: tuple[int, int, int]
) -> pygame.Rect:
    """A framed label of the metre ruler; its box."""
    image = theme.text(text, 12, colour, True)
    rect = image.get_rect(center=centre)
    pygame.draw.rect(surface, LABEL_BACKING, rect.inflate(10, 4), border_radius=6)
    pygame.draw.rect(surface, colour, rect.inflate(10, 4), 1, border_radius=6)
    surface.blit(image, rect)
    return rect.inflate(10, 4)


def draw_declared(
    surface: pygame.Surface,
    theme: Theme,
    camera: Camera,
    tokens: TokenArt,
    world: World,
    board: Board,
    orders: Mapping[int, Order],
    style_of: StyleOf,
    end_of: PlanEnd,
    labels: MapLabels | None = None,
) -> None:
    """Earlier declarations of this round: paths, final facing, attack arrows, defences (their
    names kept in `labels`, if given, to be drawn over the tokens)."""
    tp = camera.tile_px
    for eid, order in orders.items():
        style = style_of(world, eid)
        start = tile_of(world, eid)
        if order.path:
            draw_path(
                surface,
                camera,
                board,
                start,
                order.path,
                1e9,
                (style.colour, style.colour),
                max(2, tp // 14),
                True,
            )
        end, facing = end_of(eid)
        if end != start:
            look = look_of(world, eid, style)
            draw_token(surface, theme, tokens, look, camera.tile_centre(end), tp, facing, ghost=True)
        if order.flee:
            draw_exit(surface, theme, camera, board, end, style.colour, "flees", labels)
        for action in order.actions:
            if action.kind in TARGETED and action.target is not None and world.has(action.target, Position):
                target_end, _facing = end_of(action.target)
                a, b = camera.tile_centre(end), camera.tile_centre(target_end)
                draw_arrow(surface, theme, camera, a, b, style.colour, _(action.kind.label), labels)
        defences = [_(a.kind.label) for a in order.actions if a.kind not in TARGETED]
        if defences and tp >= 28:
            c = camera.tile_centre(end)
            spot = (c[0], c[1] - tp // 2 - theme.px(14))
            _label(surface, theme, labels, ", ".join(defences), style.colour, midbottom=spot)


def draw_draft(
    surface: pygame.Surface,
    theme: Theme,
    camera: Camera,
    tokens: TokenArt,
    world: World,
    board: Board,
    planner: Planner,
    draft: Draft,
    style_of: StyleOf,
    end_of: PlanEnd,
    pointed: Tile | None,
    labels: MapLabels | None = None,
) -> None:
    """The order being planned: the path with its metre ruler, the ghost at its end, and a
    preview of the path to the `pointed` tile (None while a menu is open); its attacks'
    names kept in `labels`, if given, to be drawn over the tokens."""
    pal = theme.palette
    tp = camera.tile_px
    actor, start = draft.actor, planner.start
    order = draft.order()
    walk_m = planner.walk_metres
    max_m = planner.sprint_metres(replace(order, path=()))
    if (
        pointed is not None
        and occupant(world, pointed) is None
        and pointed != (order.path[-1] if order.path else None)
    ):
        reach = planner.reach(max_m)
        preview = reach.path_to(pointed)
        if preview:
            colours = (pal.path_walk, pal.path_sprint)
            draw_path(surface, camera, board, start, tuple(preview), walk_m, colours, max(1, tp // 24), True)
            metres = reach.metres_to(pointed)
            kind = "walk" if metres <= walk_m + 1e-9 else ("Retreat" if planner.engaged() else "Sprint")
            words = _("{metres:.1f} m ({kind})").format(metres=metres, kind=_(kind))
            c = camera.tile_centre(pointed)
            colour = pal.path_walk if kind == "walk" else pal.path_sprint
            box = ruler_label(surface, theme, (c[0], c[1] - tp // 2 - 2), words, colour)
            if labels is not None:
                labels.hold(box)  # the chances over the enemies keep clear of the walk's words
    if order.path:
        box = _draw_ruler(surface, theme, camera, board, planner, order, walk_m, max_m)
        if labels is not None and box is not None:
            labels.hold(box)
    end, facing = end_of(actor)
    style = style_of(world, actor)
    if order.path or draft.state.facing is not None:
        c = camera.tile_centre(end)
        draw_token(surface, theme, tokens, look_of(world, actor, style), c, tp, facing, ghost=True)
        spot = (c[0], c[1] - tp // 2 - 2)
        blit_text(
            surface,
            theme,
            _("faces {direction}").format(direction=compass(direction_name(facing))),
            spot,
            10,
            pal.accent,
            True,
            anchor="midbottom",
        )
    if order.flee:  # the step off the map, from the path's end across the nearest edge
        here = order.path[-1] if order.path else start
        draw_exit(surface, theme, camera, board, here, pal.path_sprint, _("off the map"), labels)
    for action in order.actions:
        if action.kind in TARGETED and action.target is not None:
            target_end, _facing = end_of(action.target)
            a, b = camera.tile_centre(end), camera.tile_centre(target_end)
            draw_arrow(surface, theme, camera, a, b, pal.accent, _(action.kind.label), labels)


def _draw_ruler(
    surface: pygame.Surface,
    theme: Theme,
    camera: Camera,
    board: Board,
    planner: Planner,
    order: Order,
    walk_m: float,
    max_m: float,
) -> pygame.Rect | None:
    """The drafted path with metre ticks along it and, at its end, how far and how much is
    left; the box of those words."""
    pal = theme.palette
    tp = camera.tile_px
    bad = planner.path_refused(order)
    colours = (pal.path_bad, pal.path_bad) if bad else (pal.path_walk, pal.path_sprint)
    marks = draw_path(surface, camera, board, planner.start, order.path, walk_m, colours, max(3, tp // 10))
    if tp >= 32:  # metre ticks along the ruler
        for tile, metres in marks[:-1]:
            c = camera.tile_centre(tile)
            spot = (c[0] + tp // 4, c[1] - tp // 4)
            blit_text(surface, theme, f"{metres:.1f}", spot, 10, (250, 250, 250), True, anchor="center")
    end = order.path[-1]
    total = marks[-1][1]
    mode = order.movement_mode
    off = metres_needed(board, total, order.flee) - total  # the step off the map takes its metres too
    left = max(0.0, (max_m if mode != "walk" else walk_m) - total - off)
    c = camera.tile_centre(end)
    how = _("walk") if mode == "walk" else _(mode.title())
    if off:
        text = _("{metres:.1f} m {how} + {off:g} m off the map · {left:.1f} m left")
    else:
        text = _("{metres:.1f} m {how} · {left:.1f} m left")
    text = text.format(metres=total, how=how, off=off, left=left)
    if mode != "walk" and not order.flee:
        # A rolled move may stop short: say how often it gets there (the rules' outcomes).
        arrives = planner.arrival_odds(order)
        if arrives < 1:
            text = _("{text} · gets there {percent}").format(text=text, percent=percent(float(arrives)))
    colour = pal.path_bad if bad else (pal.path_walk if mode == "walk" else pal.path_sprint)
    return ruler_label(surface, theme, (c[0], c[1] + tp // 2 + theme.px(14)), text, colour)


def draw_cursor(
    surface: pygame.Surface, theme: Theme, camera: Camera, tile: Tile | None, keyboard: bool
) -> None:
    """The tile cursor: a thin white frame under the mouse, a thicker accent one for the keyboard."""
    if tile is None:
        return
    rect = camera.tile_rect(tile)
    colour = theme.palette.accent if keyboard else (255, 255, 255)
    pygame.draw.rect(surface, colour, rect, 2 if keyboard else 1)


def badge_attack(
    planner: Planner, draft: Draft, enemy: int, may_work: bool = True
) -> tuple[Action, ActionForecast] | None:
    """The attack whose chance the badge over `enemy` shows: the draft's own attack on him
    (as the hover card and the order panel show it), else the one a click would add (worked
    out only when `may_work`: the frame's budget allows); None when there is none to show."""
    own = planner.own_attack(draft, enemy)  # its order's forecast, kept by the planner
    if own is not None:
        return (own[0], own[1]) if own[1] is not None else None
    choice = planner.known_quick_attack(draft, enemy)
    if choice is None and may_work:
        choice = planner.quick_attack(draft, enemy)
    if choice is None or not choice.enabled or choice.forecast is None:
        return None
    return choice.action, choice.forecast


def badge_texts(action: Action, fc: ActionForecast) -> list[str]:
    """What the badge over an enemy may say, longest first (the first that fits is drawn):
    the attack, its chance and the defences the chance assumed ("Strike 42% vs Dodge")."""
    chance = f"{fc.percent:.0f}%"
    assumed = assumed_short(fc)
    texts = [f"{_(action.kind.label)} {chance}", chance]
    return [f"{texts[0]} {assumed}", *texts] if assumed else texts


def draw_enemy_chances(
    surface: pygame.Surface,
    theme: Theme,
    camera: Camera,
    world: World,
    planner: Planner,
    draft: Draft,
    taken: list[pygame.Rect] | None = None,
) -> None:
    """Over each enemy, the chance of the attack a click on it would add.  It keeps clear of
    the labels already on the map (`taken`: names, the plans') and of the chances drawn
    before it: it goes a line higher, or says only the chance ("50%"), and is left out if
    nothing fits (pointing at the enemy still shows it)."""
    if camera.tile_px < 24:
        return
    deadline = frame_budget.deadline(CHANCE_BUDGET) or 0.0
    worked = False  # a new chance worked out this frame (at least one is, so all come)
    drawn: list[pygame.Rect] = list(taken or [])  # labels already on the map (the plans')
    for enemy in planner.enemies():
        # The attack already chosen on him, else the one a click would add: the chance the
        # hover card and the order panel show too.  Each new chance is worked out once; past
        # this frame's budget the rest wait a frame.
        may_work = not worked or time.perf_counter() < deadline
        fresh = planner.known_quick_attack(draft, enemy) is None  # a click's attack not yet worked out
        found = badge_attack(planner, draft, enemy, may_work)
        worked = worked or (may_work and fresh)
        if found is None:
            continue
        action, fc = found
        c = camera.tile_centre(tile_of(world, enemy))
        colour = theme.palette.text_good if fc.success >= 0.5 else theme.palette.accent
        spot = (c[0], c[1] - camera.tile_px // 2 - theme.px(8))
        higher = (spot[0], spot[1] - theme.px(16))  # over a name that went above the token
        texts = badge_texts(action, fc)
        options = [(text, at) for text in texts for at in (spot, higher)]
        for text, at in options:
            if label_box(theme, text, midbottom=at).collidelist(drawn) < 0:
                drawn.append(map_label(surface, theme, text, colour, midbottom=at))
                break
