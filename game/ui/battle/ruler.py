"""The ruler (R): a line from the focused combatant (from where its order ends, while one is
planned) to the tile under the pointer, labelled with what the rules make of it: the
distance in metres, the range band of the combatant's missile weapon, line of sight, and the
cover a combatant standing there would have against its shots.

A game master checks a ruling with it ("is the archer at medium range of that doorway?"), a
map maker how far apart two features are.  Every figure is asked of the rules (the board's
distance, sight and cover, `range_band`, what cover counts under the modules in play); none is
worked out here.
"""

from __future__ import annotations

import pygame

from game.core.geometry import Tile
from game.core.modifiers import signed
from game.i18n import _
from game.rules.board import Board
from game.rules.cover_terms import cover_terms
from game.rules.fog import SideView, arcs_only, fog_on, sight_of
from game.rules.options import RuleOptions
from game.rules.positions import name_of, range_band
from game.ui.battle.plans import label_box, map_label
from game.ui.render.camera import Camera
from game.ui.theme import Theme
from game.world import Equipment, Facing, World

RULER_COLOUR = (255, 214, 102)  # the line and its words: warm yellow, apart from the sides' colours


def ruler_lines(
    world: World,
    board: Board,
    options: RuleOptions,
    who: int | None,
    origin: Tile,
    target: Tile,
    view: SideView | None = None,
) -> list[str]:
    """The ruler's words from `origin` to `target`: "12.4 m · Medium Range −3 (longbow)", then
    "in sight · Low Cover −2" (or "no line of sight"); the weapon's band only when `who`
    carries a missile weapon, the cover as the modules in play count it (`game.rules.cover_terms`).

    With fog of war "in sight" is the fog's sight from `origin` (`game.rules.fog.sight_of`:
    within the darkness, and the front arcs with `fog_arcs`), and with `view` (the side at the
    window) a tile that side does not see now says so."""
    metres = board.distance(origin, target)
    first = [_("{metres} m").format(metres=f"{metres:.1f}")]
    weapon = world.get(who, Equipment).missile_weapon() if who is not None else None
    if weapon is not None and weapon.ranges is not None:
        band = range_band(metres, weapon)
        first.append(
            _("{band} {value} ({weapon})").format(band=_(band[2]), value=signed(band[1]), weapon=weapon.name)
            if band
            else _("out of range ({weapon})").format(weapon=weapon.name)
        )
    unseen = [_("your side does not see it")] if view is not None and not view.sees_tile(target) else []
    if not board.line_of_sight(origin, target):
        return [" · ".join(first), " · ".join([_("no line of sight"), *unseen])]
    if fog_on(options):
        facing = world.get(who, Facing).direction if who is not None and world.has(who, Facing) else None
        sight = sight_of(board, origin, facing if arcs_only(options) else None)
        if board.in_bounds(target) and not sight[target[1], target[0]]:
            why = (
                _("too dark to see") if facing is None or not arcs_only(options) else _("not seen from here")
            )
            return [" · ".join(first), " · ".join([_("in line of sight"), why, *unseen])]
    second = [_("in sight")]
    term = cover_terms(options).get(board.cover_between(origin, target))
    if term is not None:
        second.append(f"{_(term.name)} {signed(term.value)}")
    return [" · ".join(first), " · ".join([*second, *unseen])]


def ruler_note(out: bool, world: World, who: int | None) -> str:
    """What R says: whom the ruler now measures from (`who`, the screen's focus), or that it
    is put away."""
    if not out:
        return _("Ruler put away")
    if who is None:
        return _("Ruler: from the selected combatant to the pointer (R puts it away)")
    return _("Ruler: from {name} to the pointer (R puts it away)").format(name=name_of(world, who))


def show_ruler(
    surface: pygame.Surface,
    theme: Theme,
    camera: Camera,
    world: World,
    board: Board,
    options: RuleOptions,
    who: int | None,
    origin: Tile | None,
    target: Tile | None,
    view: SideView | None = None,
) -> pygame.Rect | None:
    """The ruler from `who` at `origin` to `target`, when there is one to draw; returns where
    its words went (None: no ruler).  `view`: with fog of war, the side at the window."""
    if who is None or origin is None or target is None or origin == target:
        return None
    lines = ruler_lines(world, board, options, who, origin, target, view)
    return draw_ruler(surface, theme, camera, origin, target, lines)


def draw_ruler(
    surface: pygame.Surface,
    theme: Theme,
    camera: Camera,
    origin: Tile,
    target: Tile,
    lines: list[str],
) -> pygame.Rect:
    """The line between the two tiles' centres and the words over the far end (under it when
    the top of the view is too near); returns the words' box."""
    start, end = camera.tile_centre(origin), camera.tile_centre(target)
    width = max(1, theme.px(2))
    pygame.draw.line(surface, (16, 18, 22), start, end, width + 2)
    pygame.draw.line(surface, RULER_COLOUR, start, end, width)
    pygame.draw.circle(surface, RULER_COLOUR, end, max(3, camera.tile_px // 8))
    gap = theme.px(2)
    boxes = [label_box(theme, line, center=(0, 0)) for line in lines]
    stack = sum(box.h + gap for box in boxes)
    top = end[1] - camera.tile_px // 2 - stack  # above the far end, unless the view's top is near
    if top < camera.viewport.y:
        top = end[1] + camera.tile_px // 2 + gap
    drawn = pygame.Rect(end, (0, 0))
    for line, box in zip(lines, boxes, strict=True):
        drawn.union_ip(map_label(surface, theme, line, RULER_COLOUR, midtop=(end[0], top)))
        top += box.h + gap
    return drawn
