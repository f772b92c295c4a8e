"""The map viewport the battle screen and the replay screen share.

One `MapView` holds the camera, the map art, the overlay layer and the token
art, and the tiles the mouse and the keyboard cursor point at.  It takes the
input that moves the view (drag with the left or middle button, the wheel,
the pan and zoom keys, edge scrolling, the grid toggle) and tells its screen
about a click on a tile; what a click means is the screen's business.  It
draws the map in one fixed order, with hooks where a screen adds its own
marks (planned paths under the tokens, a cursor over them, a badge on top).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.geometry import Tile
from game.rules.board import Board
from game.ui.playback import Playback
from game.ui.render.battlefield import StyleOf, draw_items, draw_tokens
from game.ui.render.camera import PAN_SPEED, Camera
from game.ui.render.map_layer import MapLayer
from game.ui.render.overlays import OverlayLayer, draw_legend, legend_size
from game.ui.render.panels import draw_dice
from game.ui.render.tokens import TokenArt
from game.ui.theme import Theme
from game.world import World

DRAG_THRESHOLD = 6  # pixels of mouse travel before a click becomes a drag
KEY_PAN = 64  # pixels (before UI scale) per key press; key repeat keeps it going
EDGE = 10  # pixels from the window edge where edge scrolling starts
LEGEND_MARGIN = 8  # pixels (before UI scale) between the legend box and the map's edges
PAN_KEYS = {"pan_left": (-1, 0), "pan_right": (1, 0), "pan_up": (0, -1), "pan_down": (0, 1)}

Layer = Callable[[pygame.Surface], None]


class MapView:
    """Camera, map art, overlays and tokens of one board, and the input that moves them."""

    def __init__(self, theme: Theme, board: Board, art: Any = None) -> None:
        self.theme = theme
        self.board_size = (board.width, board.height)
        self.camera = Camera(self.board_size, pygame.Rect(0, 0, 100, 100))
        self.map_layer = MapLayer(board, art)
        self.overlays = OverlayLayer(theme)
        self.tokens = TokenArt()
        self.hover_tile: Tile | None = None  # under the mouse
        self.cursor: Tile | None = None  # the keyboard's tile cursor
        self.keyboard_cursor = False  # the keyboard moved last: the cursor, not the mouse, points
        self.drag: dict[str, Any] | None = None

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
        self.hover_tile = self.camera.screen_to_tile(event.pos)
        drag = self.drag
        if drag is not None:
            dx, dy = event.pos[0] - drag["pos"][0], event.pos[1] - drag["pos"][1]
            if drag["moved"] or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                drag["moved"] = True
                self.camera.target.update(drag["target"][0] - dx, drag["target"][1] - dy)
                self.camera.clamp(snap=True)

    def press(self, event: pygame.event.Event) -> bool:
        """A left or middle press on the map may start a drag; True if the press is the map's."""
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
        """Pan, zoom and grid keys; False for any other command."""
        if cmd in PAN_KEYS:
            dx, dy = PAN_KEYS[cmd]
            self.camera.pan(dx * self.theme.px(KEY_PAN), dy * self.theme.px(KEY_PAN))
        elif cmd == "zoom_in":
            self.camera.zoom(1)
        elif cmd == "zoom_out":
            self.camera.zoom(-1)
        elif cmd == "grid":
            self.map_layer.grid = not self.map_layer.grid
        else:
            return False
        return True

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

    def keep_clear_of_legend(self) -> None:
        """The legend box covers the map's bottom-left corner: the map may scroll past its
        left edge by the legend's width, so no tile has to stay under it."""
        width, _ = legend_size(self.theme, self.overlays)
        self.camera.set_insets(left=width + 2 * self.theme.px(LEGEND_MARGIN) if width else 0)

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
    ) -> None:
        """The map in its viewport: tiles, overlays, `under` (plans), dropped weapons, tokens,
        `over` (marks on the tokens), the dice of the event on screen, the legend, `top`."""
        theme = self.theme
        mrect = self.camera.viewport
        self.map_layer.draw(surface, self.camera)
        self.overlays.draw(surface, self.camera)
        clip = surface.get_clip()
        surface.set_clip(mrect)
        if under is not None:
            under(surface)
        draw_items(surface, theme, world, self.camera)
        draw_tokens(
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
        )
        if over is not None:
            over(surface)
        if playback is not None and playback.current is not None:
            draw_dice(
                surface, theme, playback.current, (mrect.centerx, mrect.y + theme.px(8)), playback.progress()
            )
        draw_legend(
            surface,
            theme,
            self.overlays,
            (mrect.x + theme.px(LEGEND_MARGIN), mrect.bottom - theme.px(LEGEND_MARGIN)),
        )
        if top is not None:
            top(surface)
        surface.set_clip(clip)
