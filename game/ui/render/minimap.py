"""The minimap in the map's top-right corner (another while that one would cover the unit
at hand, `MapView.place_panels`): the whole map small, a dot per combatant in its
side's colour, the part in view framed; a click (or a drag) on it moves the view there.
It shows while the map is larger than the view (Shift+M hides it for good).

The picture of the map is drawn once, when the map view is made (at load, so the first
frame of play does not pay for it); the dots and the frame are drawn every frame.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.geometry import Tile
from game.rules.board import Board
from game.ui.render.camera import Camera
from game.ui.render.map_layer import MapLayer
from game.ui.render.panel_spots import corner_rect
from game.ui.theme import SideStyle, Theme
from game.world import Condition, Position, World

SIDE = 170  # pixels (before UI scale): the longer side of the minimap at most
MARGIN = 8  # pixels (before UI scale) from the map's edges
PICTURE_TILE = 6  # pixels per tile of the picture the minimap is scaled from, at most
PICTURE_PIXELS = 480  # the picture's longer side at most, whatever the map's size

StyleOf = Callable[[World, int], SideStyle]


class Minimap:
    """A small picture of the whole map that the view can be moved with."""

    def __init__(self, board: Board, layer: MapLayer) -> None:
        self.board_size = (board.width, board.height)
        tile = max(1, min(PICTURE_TILE, PICTURE_PIXELS // max(board.width, board.height)))
        self.picture = layer.render_whole(tile)
        self.visible = True  # the player's choice (Shift+M)
        self.wanted = True  # False while the whole map is in view anyway
        self.corner = "topright"  # where it is drawn this frame (clear of the unit at hand)
        self.clear = True  # False: every corner would cover the unit at hand; not drawn this frame
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._scaled: tuple[tuple[int, int], pygame.Surface] | None = None

    @property
    def shown(self) -> bool:
        """Whether it is drawn: switched on, the map does not fit the view, and some corner
        leaves the unit at hand clear."""
        return self.visible and self.wanted and self.clear

    def spot(self, theme: Theme, viewport: pygame.Rect, corner: str = "topright") -> pygame.Rect:
        """Where the minimap would go in a corner of this viewport (the top-right one unless
        that would cover the unit at hand: `MapView` says which)."""
        w, h = self.board_size
        side = min(theme.px(SIDE), viewport.w // 3, viewport.h // 2)
        scale = side / max(w, h)
        size = (max(8, round(w * scale)), max(8, round(h * scale)))
        return corner_rect(viewport, size, corner, theme.px(MARGIN))

    def layout(self, theme: Theme, viewport: pygame.Rect) -> pygame.Rect:
        """Where the minimap goes for this viewport (in its corner), noted for clicks."""
        self.rect = self.spot(theme, viewport, self.corner)
        return self.rect

    def tile_at(self, pos: tuple[int, int]) -> Tile | None:
        """The map tile under a point of the minimap (None outside it)."""
        if not self.shown or not self.rect.collidepoint(pos):
            return None
        w, h = self.board_size
        x = (pos[0] - self.rect.x) * w // max(1, self.rect.w)
        y = (pos[1] - self.rect.y) * h // max(1, self.rect.h)
        return (min(w - 1, max(0, x)), min(h - 1, max(0, y)))

    def draw(
        self,
        surface: pygame.Surface,
        theme: Theme,
        camera: Camera,
        world: World,
        style_of: StyleOf,
        shown: Callable[[int], bool] | None = None,
    ) -> pygame.Rect:
        """The picture, a dot per combatant (the dead hollow), the view's frame; returns the
        box it takes (empty when hidden)."""
        if not self.shown:
            return pygame.Rect(0, 0, 0, 0)
        rect = self.layout(theme, camera.viewport)
        if self._scaled is None or self._scaled[0] != rect.size:
            self._scaled = (rect.size, pygame.transform.smoothscale(self.picture, rect.size))
        pygame.draw.rect(surface, (10, 12, 16), rect.inflate(4, 4))
        surface.blit(self._scaled[1], rect)
        w, h = self.board_size
        sx, sy = rect.w / w, rect.h / h
        dot = max(2, round(min(sx, sy) * 0.9), theme.px(3))
        for eid, pos in world.query(Position):
            if not world.has(eid, Condition) or world.get(eid, Condition).fled:
                continue
            if shown is not None and not shown(eid):
                continue  # fog of war: a combatant the side does not see
            x, y = pos.tile
            centre = (round(rect.x + (x + 0.5) * sx), round(rect.y + (y + 0.5) * sy))
            colour = style_of(world, eid).colour
            dead = world.get(eid, Condition).dead
            pygame.draw.circle(surface, (10, 10, 12), centre, dot + 1)
            pygame.draw.circle(surface, colour, centre, dot, 1 if dead else 0)
        x0, y0 = camera.offset.x / camera.tile_px, camera.offset.y / camera.tile_px
        view = pygame.Rect(
            round(rect.x + x0 * sx),
            round(rect.y + y0 * sy),
            max(3, round(camera.viewport.w / camera.tile_px * sx)),
            max(3, round(camera.viewport.h / camera.tile_px * sy)),
        ).clip(rect)
        pygame.draw.rect(surface, (255, 255, 255), view, 1)
        pygame.draw.rect(surface, theme.palette.panel_edge, rect.inflate(4, 4), 1)
        return rect.inflate(4, 4)
