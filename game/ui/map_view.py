"""The map viewport the battle screen and the replay screen share.

One `MapView` holds the camera, the map art, the overlay layer and the token
art, the minimap and the tiles the mouse and the keyboard cursor point at.  It
takes the input that moves the view (drag with the left or middle button, the
wheel, the pan keys held down, zoom keys, "fit the whole map", edge scrolling,
the grid and minimap toggles, a click on the minimap) and tells its screen
about a click on a tile; what a click means is the screen's business.  It
follows a round being played back (`follow`), so that each event's actors are
in view and clear of the dice card.  It draws the map in one fixed order, with
hooks where a screen adds its own marks (planned paths under the tokens, a
cursor over them, a badge on top).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.core.geometry import Tile
from game.rules.board import Board
from game.rules.events import Event, Moved
from game.rules.fog import SideView
from game.rules.positions import find_by_name, tile_of
from game.ui.input.bindings import BINDINGS
from game.ui.playback import Playback
from game.ui.render.battlefield import StyleOf, draw_items, draw_tokens
from game.ui.render.camera import PAN_SPEED, Camera
from game.ui.render.fog_layer import FogLayer, draw_ghosts
from game.ui.render.legend import draw_legend, legend_size, next_mode, shown_mode
from game.ui.render.map_layer import MapLayer
from game.ui.render.minimap import Minimap
from game.ui.render.overlays import OverlayLayer
from game.ui.render.panel_spots import choose_spot, corner_rect
from game.ui.render.panels import dice_size, draw_dice
from game.ui.render.scale_bar import draw_scale_bar, scale_bar_rect
from game.ui.render.tokens import TokenArt
from game.ui.theme import Theme
from game.world import Position, World

DRAG_THRESHOLD = 6  # pixels of mouse travel before a click becomes a drag
KEY_PAN_SPEED = 900.0  # pixels (before UI scale) per second while a pan key is held
EDGE = 10  # pixels from the window edge where edge scrolling starts
LEGEND_MARGIN = 8  # pixels (before UI scale) between the legend box and the map's edges
DICE_TOP = 8  # pixels (before UI scale) between the map's top edge and the dice card
FOLLOW_MARGIN = 2.0  # tiles kept around an event's actors when the camera follows a round
FOLLOW_MIN_ZOOM = 12  # pixels per tile: following a long shot zooms out no further
PAN_KEYS = {"pan_left": (-1, 0), "pan_right": (1, 0), "pan_up": (0, -1), "pan_down": (0, 1)}
MAP_BUDGET = 0.008  # seconds a frame may spend rendering new map chunks (zooming, panning far)
MINIMAP_CORNERS = ("topright", "topleft", "bottomleft")  # the minimap's corners, best first
OVERLAY_BUDGET = 0.006  # seconds a frame may spend rendering new overlay chunks


def event_tiles(world: World, event: Event | None) -> list[Tile]:
    """The tiles an event is about: its actor's and its target's, and where a move ends."""
    if event is None:
        return []
    tiles: list[Tile] = []
    for who in (getattr(event, "actor", None), getattr(event, "target", None)):
        eid = find_by_name(world, who) if isinstance(who, str) else None
        if eid is not None and world.has(eid, Position):
            tiles.append(tile_of(world, eid))
    if isinstance(event, Moved) and event.path:
        tiles += [tuple(event.path[0]), tuple(event.path[-1])]  # type: ignore[list-item]
    return tiles


def spread(tiles: list[Tile], room: pygame.Rect) -> tuple[tuple[float, float], float]:
    """The middle of `tiles`, and the most pixels per tile at which they all show in `room`
    with `FOLLOW_MARGIN` tiles around them."""
    xs, ys = [t[0] for t in tiles], [t[1] for t in tiles]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    span = (max(xs) - min(xs) + 1 + 2 * FOLLOW_MARGIN, max(ys) - min(ys) + 1 + 2 * FOLLOW_MARGIN)
    return middle, min(room.w / span[0], room.h / span[1])


Layer = Callable[[pygame.Surface], None]


class MapView:
    """Camera, map art, overlays and tokens of one board, and the input that moves them."""

    def __init__(self, theme: Theme, board: Board, art: Any = None) -> None:
        self.theme = theme
        self.board_size = (board.width, board.height)
        self.camera = Camera(self.board_size, pygame.Rect(0, 0, 100, 100))
        self.metres_per_tile = board.metres_per_tile
        self.map_layer = MapLayer(board, art)
        self.minimap = Minimap(board, self.map_layer)
        self.overlays = OverlayLayer(theme)
        self.tokens = TokenArt()
        self.fog_layer = FogLayer()  # fog of war: the tiles a side does not see, darkened
        self.hover_tile: Tile | None = None  # under the mouse
        self.name_boxes: list[pygame.Rect] = []  # where this frame's token names went
        self.cursor: Tile | None = None  # the keyboard's tile cursor
        self.keyboard_cursor = False  # the keyboard moved last: the cursor, not the mouse, points
        self.drag: dict[str, Any] | None = None
        self.held: set[str] = set()  # pan keys held down
        self.before_fit: tuple[int, tuple[float, float]] | None = None  # zoom and target before "fit"
        self.followed: object = None  # the event the camera last followed
        self.budgeted = True  # frames spread chunk rendering; a one-off picture (render) does not
        self.zoom_before_follow: int | None = None  # the player's zoom, while following zoomed out
        self.legend_mode = "full"  # the player's choice (L): "full", "line" or "hidden"
        self.legend_always = False  # a picture (`render`): the legend shows even over a unit
        self.legend_rect = pygame.Rect(0, 0, 0, 0)  # where the legend went this frame

    def resize(self, theme: Theme, viewport: pygame.Rect) -> None:
        """The map's part of the window, and the theme to draw with (scale or palette changed)."""
        self.theme = theme
        self.camera.resize(viewport)
        self.overlays.set_theme(theme)

    def pointed(self) -> Tile | None:
        """The tile pointed at: the keyboard cursor's if the keyboard moved last, else the mouse's."""
        return self.cursor if self.keyboard_cursor else self.hover_tile

    # ------------------------------------------------------------- input
    def wheel(self, event: pygame.event.Event) -> None:
        """The wheel zooms about the mouse while it is over the map (or the window has no mouse)."""
        pos = pygame.mouse.get_pos()
        if self.camera.viewport.collidepoint(pos) or not pygame.mouse.get_focused():
            self.camera.zoom(1 if event.y > 0 else -1, pos)

    def motion(self, event: pygame.event.Event) -> None:
        """The mouse points at a tile; while a button is held past the threshold, the map follows it."""
        self.keyboard_cursor = False
        on_minimap = self.minimap.tile_at(event.pos) is not None
        self.hover_tile = None if on_minimap else self.camera.screen_to_tile(event.pos)
        drag = self.drag
        if drag is not None and drag.get("minimap"):
            tile = self.minimap.tile_at(event.pos)
            if tile is not None:
                self.camera.centre_on(tile, snap=True)
        elif drag is not None:
            dx, dy = event.pos[0] - drag["pos"][0], event.pos[1] - drag["pos"][1]
            if drag["moved"] or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                drag["moved"] = True
                self.camera.target.update(drag["target"][0] - dx, drag["target"][1] - dy)
                self.camera.clamp(snap=True)

    def press(self, event: pygame.event.Event) -> bool:
        """A left or middle press on the map may start a drag; True if the press is the map's.
        A left press on the minimap moves the view there (and dragging keeps moving it)."""
        tile = self.minimap.tile_at(event.pos) if event.button == 1 else None
        if tile is not None:
            self.camera.centre_on(tile, snap=True)
            self.drag = {"pos": event.pos, "minimap": True, "moved": True, "button": 1}
            return True
        if event.button in (1, 2) and self.camera.viewport.collidepoint(event.pos):
            self.drag = {"pos": event.pos, "target": tuple(self.camera.target), "moved": False}
            self.drag["button"] = event.button
            return True
        return False

    def release(self, event: pygame.event.Event) -> Tile | None:
        """The end of a press: the tile clicked if it was a left click that never became a drag."""
        drag = self.drag
        if drag is None or event.button != drag["button"]:
            return None
        self.drag = None
        if drag["moved"] or event.button != 1:
            return None
        return self.camera.screen_to_tile(event.pos)

    def command(self, cmd: str | None) -> bool:
        """Pan, zoom, fit, grid and minimap keys; False for any other command.  A pan key
        starts panning on the next frame and keeps on until it is let go (`key_up`)."""
        if cmd in PAN_KEYS:
            self.held.add(cmd)
        elif cmd == "zoom_in":
            self.camera.zoom(1)
        elif cmd == "zoom_out":
            self.camera.zoom(-1)
        elif cmd == "fit":
            self.toggle_fit()
        elif cmd == "grid":
            self.map_layer.grid = not self.map_layer.grid
        elif cmd == "minimap":
            self.minimap.visible = not self.minimap.visible
        elif cmd == "legend":
            self.legend_mode = next_mode(self.legend_mode)
        else:
            return False
        return True

    def key_up(self, event: pygame.event.Event) -> None:
        """A key let go: a pan key stops panning."""
        released = BINDINGS.released(event, *PAN_KEYS)
        if released is not None:
            self.held.discard(released)

    def lost_focus(self) -> None:
        """The window lost the keyboard: no key stays held."""
        self.held.clear()

    def update(self, dt: float) -> None:
        """Pan while pan keys are held (from the first frame, at a steady speed), then ease
        the camera toward its target."""
        if self.held:
            speed = self.theme.px(KEY_PAN_SPEED) * dt
            dx = sum(PAN_KEYS[k][0] for k in self.held)
            dy = sum(PAN_KEYS[k][1] for k in self.held)
            if dx or dy:
                self.camera.pan(dx * speed, dy * speed, snap=True)
        self.camera.update(dt)

    def toggle_fit(self) -> None:
        """Show the whole map; asked again, go back to the zoom and place before."""
        camera = self.camera
        if self.before_fit is not None and camera.tile_px == camera.fit_px():
            tile_px, target = self.before_fit
            self.before_fit = None
            camera.tile_px = tile_px
            camera.target.update(target)
            camera.clamp(snap=True)
            return
        self.before_fit = (camera.tile_px, (camera.target.x, camera.target.y))
        camera.fit()

    def follow(self, world: World, event: Event | None, key: object) -> None:
        """Bring an event's actors (and where a move ends) into view, once per event (`key`),
        clear of the dice card at the top of the map."""
        if event is None or key == self.followed:
            return
        self.followed = key
        tiles = event_tiles(world, event)
        if not tiles:
            return
        _w, card_h = dice_size(self.theme, event)
        left, _top, right, bottom = self.camera.insets
        self.camera.set_insets(left, card_h + self.theme.px(2 * DICE_TOP), right, bottom)
        middle, fits = spread(tiles, self.camera.visible)
        if fits < self.camera.tile_px:
            # Too far apart at this zoom (a long shot): zoom out until both show, as far as
            # FOLLOW_MIN_ZOOM; the player's zoom comes back when the round is over.
            if self.zoom_before_follow is None:
                self.zoom_before_follow = self.camera.tile_px
            self.camera.tile_px = max(FOLLOW_MIN_ZOOM, int(fits))
            self.camera.centre_on(middle, snap=True)
        else:
            for tile in tiles:
                self.camera.ensure_visible(tile, FOLLOW_MARGIN)

    def frame(self, tiles: list[Tile], only_if_hidden: bool = False) -> None:
        """Centre the view on the middle of `tiles` where they all fit at this zoom, else on the
        first of them (the opening's squad, the units that acted in a round); with
        `only_if_hidden`, only when one of them is out of view (a view that shows them all
        stays put: click targets do not move under the player)."""
        if not tiles:
            return
        room = self.camera.visible
        if only_if_hidden and all(room.collidepoint(self.camera.tile_centre(t)) for t in tiles):
            return
        middle, fits = spread(tiles, room)
        if self.camera.tile_px <= fits:
            self.camera.centre_on(middle, snap=True)
        else:
            self.camera.centre_on(tiles[0], snap=True)

    def end_follow(self) -> None:
        """The round is over: back to the zoom the player had, if following changed it."""
        if self.zoom_before_follow is not None:
            centre = self.camera.screen_to_tile(self.camera.viewport.center)
            self.camera.tile_px = self.zoom_before_follow
            self.zoom_before_follow = None
            if centre is not None:
                self.camera.centre_on(centre, snap=True)

    def move_cursor(self, dx: int, dy: int) -> None:
        """The keyboard cursor one tile along (from the mouse's tile, or the middle, if it has none)."""
        w, h = self.board_size
        base = self.cursor or self.hover_tile or (w // 2, h // 2)
        self.cursor = (min(w - 1, max(0, base[0] + dx)), min(h - 1, max(0, base[1] + dy)))
        self.keyboard_cursor = True
        self.camera.ensure_visible(self.cursor)

    def edge_scroll(self, dt: float, screen_size: tuple[int, int]) -> None:
        """Pan while the mouse rests at the window's edge next to the map (unless dragging)."""
        if not pygame.mouse.get_focused() or self.drag:
            return
        x, y = pygame.mouse.get_pos()
        w, h = screen_size
        if not self.camera.viewport.inflate(EDGE * 4, EDGE * 4).collidepoint((x, y)):
            return
        dx = -1 if x < EDGE else 1 if x > w - EDGE else 0
        dy = -1 if y < EDGE else 1 if y > h - EDGE else 0
        if dx or dy:
            self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    def keep_clear_of_legend(self, playing: bool = False) -> None:
        """The legend box covers the map's bottom-left corner: a corner panel, so the map may
        scroll past its left and bottom edges as far as it reaches, and a tile under it is
        brought out from under it, while a tile on the left edge above it needs no room made
        (as a strip down the whole left side, it pushed every unit on the map's west edge a
        legend's width into the view, with nothing but background beside it).  While a round
        plays (`playing`) the top strip under the dice card stays clear too."""
        panels = self.corner_panels()
        mode = shown_mode(self.theme, self.overlays, self.legend_mode, self.camera.viewport)
        width, height = legend_size(self.theme, self.overlays, mode)
        if width:
            margin = self.theme.px(LEGEND_MARGIN)
            view = self.camera.viewport
            panels.append(
                pygame.Rect(
                    view.x, view.bottom - height - 2 * margin, width + 2 * margin, height + 2 * margin
                )
            )
        self.camera.set_obstacles(panels)
        _left, top, right, bottom = self.camera.insets
        self.camera.set_insets(0, top if playing else 0, right, bottom)

    def corner_panels(self) -> list[pygame.Rect]:
        """The minimap (when shown) and the scale bar, where they are drawn over the map."""
        viewport = self.camera.viewport
        ww, wh = self.camera.world_size
        self.minimap.wanted = ww > viewport.w or wh > viewport.h  # else the whole map is in view
        panels = [scale_bar_rect(self.theme, viewport, self.metres_per_tile, self.camera.tile_px)]
        if self.minimap.visible and self.minimap.wanted:
            panels.append(self.minimap.spot(self.theme, viewport).inflate(4, 4))
        return panels

    def prerender(self) -> None:
        """Render the map in view now (at load: the first frame of play only blits)."""
        self.map_layer.prerender(self.camera)

    def screen_pos(self, tile: Tile) -> tuple[int, int]:
        """Screen position of a tile's centre, scrolled into view at once (tests and tools)."""
        self.camera.ensure_visible(tile, 0.5)
        self.camera.offset.update(self.camera.target)
        return self.camera.tile_centre(tile)

    # ------------------------------------------------------------- drawing
    def draw(
        self,
        surface: pygame.Surface,
        world: World,
        style_of: StyleOf,
        playback: Playback | None = None,
        *,
        selected: int | None = None,
        hovered: int | None = None,
        declarer: int | None = None,
        clock: float = 0.0,
        under: Layer | None = None,
        over: Layer | None = None,
        top: Layer | None = None,
        keep: Sequence[Tile] = (),
        fog: SideView | None = None,
    ) -> None:
        """The map in its viewport: tiles, overlays, `under` (plans), dropped weapons, tokens,
        `over` (marks on the tokens), the dice of the event on screen, the legend, `top`.
        The legend and the minimap keep clear of the selected, declaring and hovered
        combatants and of the tiles in `keep` (the order's target).  With `fog` (a side's
        view, fog of war) the tiles it does not see are darkened, only the combatants it
        sees are drawn, and the ghosts of the others where it last saw them."""
        theme = self.theme
        mrect = self.camera.viewport
        self.map_layer.draw(surface, self.camera, MAP_BUDGET if self.budgeted else None)
        self.overlays.draw(surface, self.camera, OVERLAY_BUDGET if self.budgeted else None)
        clip = surface.get_clip()
        surface.set_clip(mrect)
        shown = fog.sees if fog is not None else None
        if fog is not None:
            self.fog_layer.draw(surface, self.camera, fog)
        if under is not None:
            under(surface)
        draw_items(surface, theme, world, self.camera, fog.sees_tile if fog is not None else None)
        if fog is not None:
            draw_ghosts(surface, theme, self.tokens, self.camera, world, fog, style_of)
        self.name_boxes = draw_tokens(
            surface,
            theme,
            self.tokens,
            world,
            self.camera,
            style_of,
            playback,
            selected=selected,
            hovered=hovered,
            declarer=declarer,
            clock=clock,
            shown=shown,
        )
        if over is not None:
            over(surface)
        legend, mode = self.place_panels(world, [selected, declarer, hovered], keep)
        self.legend_rect = draw_legend(surface, theme, self.overlays, legend.bottomleft, mode)
        draw_scale_bar(surface, theme, mrect, self.metres_per_tile, self.camera.tile_px)
        self.minimap.draw(surface, theme, self.camera, world, style_of, shown)
        if playback is not None and playback.current is not None:
            spot = self.dice_spot(world, playback.current)
            draw_dice(surface, theme, playback.current, spot, playback.progress())
        if top is not None:
            top(surface)
        surface.set_clip(clip)

    def place_panels(
        self, world: World, units: Sequence[int | None], keep: Sequence[Tile] = ()
    ) -> tuple[pygame.Rect, str]:
        """Put the minimap and the legend in corners clear of `units` (the selected, declaring
        and hovered combatants) and the tiles in `keep`, covering the fewest other tokens
        (`panel_spots`); returns the legend's box and what it shows ("hidden": nowhere clear)."""
        theme, camera, view = self.theme, self.camera, self.camera.viewport
        tiles = [tile_of(world, e) for e in units if e is not None and world.has(e, Position)]
        clear = [camera.tile_rect(t) for t in [*tiles, *keep]]
        tokens = [camera.tile_rect(p.tile) for _e, p in world.query(Position)]
        margin = theme.px(LEGEND_MARGIN)
        scale = scale_bar_rect(theme, view, self.metres_per_tile, camera.tile_px)
        taken = [scale]
        minimap = self.minimap
        minimap.clear = True
        if minimap.shown:
            spots = [minimap.spot(theme, view, c).inflate(4, 4) for c in MINIMAP_CORNERS]
            spot = choose_spot(spots, clear, taken, tokens)
            minimap.clear = spot is not None
            if spot is not None:
                minimap.corner = MINIMAP_CORNERS[spots.index(spot)]
                taken.append(spot)
        mode = shown_mode(theme, self.overlays, self.legend_mode, view)
        for tried in dict.fromkeys((mode, "line")):
            if tried == "hidden":
                break
            size = legend_size(theme, self.overlays, tried)
            above_bar = corner_rect(view, size, "bottomright", margin).move(0, -(scale.h + margin))
            spots = [
                corner_rect(view, size, "bottomleft", margin),
                corner_rect(view, size, "topleft", margin),
                above_bar,
            ]
            spot = choose_spot(spots, clear, taken, tokens)
            if spot is not None:
                return spot, tried
        if self.legend_always and mode != "hidden":
            # Nobody plays a picture: naming its overlays matters more than the unit under it.
            return corner_rect(view, legend_size(theme, self.overlays, "line"), "bottomleft", margin), "line"
        return pygame.Rect(view.x + margin, view.bottom - margin, 0, 0), "hidden"

    def dice_spot(self, world: World, event: Event) -> tuple[int, int]:
        """Where the dice card's top centre goes: the top of the map, unless one of the
        event's actors is under it there; then the bottom."""
        theme, mrect = self.theme, self.camera.viewport
        width, height = dice_size(theme, event)
        top = pygame.Rect(0, 0, width, height)
        top.midtop = (mrect.centerx, mrect.y + theme.px(DICE_TOP))
        covered = top.inflate(self.camera.tile_px, self.camera.tile_px)
        if any(covered.collidepoint(self.camera.tile_centre(t)) for t in event_tiles(world, event)):
            return mrect.centerx, mrect.bottom - theme.px(DICE_TOP) - height
        return top.midtop
