"""The camera over the map: zoom levels in whole pixels per tile, smooth panning, clamping.

World pixels are tile pixels at the current zoom: tile (x, y) covers
[x * tile_px, (x + 1) * tile_px).  `offset` is the world pixel at the
viewport's top-left corner.

`insets` are strips along the viewport's edges (in screen pixels) where a
panel drawn over the map sits; the map may scroll that far past its edges, so
that every tile can be brought out from under the panel, and `ensure_visible`
keeps a tile out of them.
"""

from __future__ import annotations

import pygame

from game.core.geometry import Tile

ZOOM_LEVELS = (12, 16, 20, 24, 32, 40, 48, 64, 80, 96)  # pixels per tile
DEFAULT_ZOOM = 48  # pixels per tile
PAN_SPEED = 900.0  # pixels per second for keyboard panning
EDGE_SCROLL = 12  # pixels from the window edge that start edge scrolling
EDGE_SPEED = 700.0  # pixels per second of edge scrolling
SMOOTHING = 14.0  # 1/seconds: how fast the view catches up with its target


class Camera:
    """Which part of the map the viewport shows."""

    def __init__(
        self, map_tiles: tuple[int, int], viewport: pygame.Rect, tile_px: int = DEFAULT_ZOOM
    ) -> None:
        self.map_w, self.map_h = map_tiles
        self.viewport = pygame.Rect(viewport)
        self.tile_px = tile_px
        self.offset = pygame.Vector2(0, 0)
        self.target = pygame.Vector2(0, 0)
        self.insets = (0, 0, 0, 0)  # left, top, right, bottom
        self.clamp(snap=True)

    # ------------------------------------------------------------- geometry
    @property
    def world_size(self) -> tuple[int, int]:
        """The map's size in world pixels at the current zoom."""
        return self.map_w * self.tile_px, self.map_h * self.tile_px

    def tile_rect(self, tile: Tile) -> pygame.Rect:
        """The screen rect of a tile."""
        x = self.viewport.x + tile[0] * self.tile_px - round(self.offset.x)
        y = self.viewport.y + tile[1] * self.tile_px - round(self.offset.y)
        return pygame.Rect(x, y, self.tile_px, self.tile_px)

    def tile_centre(self, tile: tuple[float, float]) -> tuple[int, int]:
        """Screen position of the centre of a (possibly fractional) tile."""
        x = self.viewport.x + (tile[0] + 0.5) * self.tile_px - round(self.offset.x)
        y = self.viewport.y + (tile[1] + 0.5) * self.tile_px - round(self.offset.y)
        return round(x), round(y)

    def screen_to_tile(self, pos: tuple[int, int]) -> Tile | None:
        """The tile under a screen position, or None outside the viewport or the map."""
        if not self.viewport.collidepoint(pos):
            return None
        wx = pos[0] - self.viewport.x + round(self.offset.x)
        wy = pos[1] - self.viewport.y + round(self.offset.y)
        tx, ty = int(wx // self.tile_px), int(wy // self.tile_px)
        if 0 <= tx < self.map_w and 0 <= ty < self.map_h:
            return tx, ty
        return None

    def visible_tiles(self) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1): the tiles at least partly in view, x1 and y1 exclusive."""
        x0 = max(0, int(round(self.offset.x) // self.tile_px))
        y0 = max(0, int(round(self.offset.y) // self.tile_px))
        x1 = min(self.map_w, int((round(self.offset.x) + self.viewport.w) // self.tile_px) + 1)
        y1 = min(self.map_h, int((round(self.offset.y) + self.viewport.h) // self.tile_px) + 1)
        return x0, y0, x1, y1

    # ------------------------------------------------------------- movement
    @property
    def visible(self) -> pygame.Rect:
        """The part of the viewport no panel covers (the viewport less its insets)."""
        left, top, right, bottom = self.insets
        view = self.viewport
        return pygame.Rect(view.x + left, view.y + top, view.w - left - right, view.h - top - bottom)

    def set_insets(self, left: int = 0, top: int = 0, right: int = 0, bottom: int = 0) -> None:
        """The strips panels cover (kept under half the view); the view eases back into bounds."""
        left, right = (max(0, min(v, self.viewport.w // 2)) for v in (left, right))
        top, bottom = (max(0, min(v, self.viewport.h // 2)) for v in (top, bottom))
        if (left, top, right, bottom) != self.insets:
            self.insets = (left, top, right, bottom)
            self.clamp()

    def clamp(self, snap: bool = False) -> None:
        """Keep the target over the map: each edge of the map may come as far as the inner
        edge of the insets, no further (a map smaller than that is centred in it)."""
        ww, wh = self.world_size
        left, top, right, bottom = self.insets
        for axis, world, view, low, high in (
            (0, ww, self.viewport.w, left, right),
            (1, wh, self.viewport.h, top, bottom),
        ):
            room = view - low - high
            if world <= room:
                self.target[axis] = -(low + (room - world) / 2)
            else:
                self.target[axis] = min(max(self.target[axis], -low), world - view + high)
        if snap:
            self.offset = pygame.Vector2(self.target)

    def pan(self, dx: float, dy: float, snap: bool = False) -> None:
        """Move the view by screen pixels."""
        self.target += (dx, dy)
        if snap:
            self.offset += (dx, dy)
        self.clamp(snap)

    def centre_on(self, tile: tuple[float, float], snap: bool = False) -> None:
        """Put a tile in the middle of the view (as near as the map's edges allow; there the
        insets keep it clear of the panels).  Insets stay under half the view, so the
        middle itself is never covered."""
        self.target.update(
            (tile[0] + 0.5) * self.tile_px - self.viewport.w / 2,
            (tile[1] + 0.5) * self.tile_px - self.viewport.h / 2,
        )
        self.clamp(snap)

    def ensure_visible(self, tile: Tile, margin_tiles: float = 1.5) -> None:
        """Pan just enough that a tile (and a margin around it) is in view, clear of the panels."""
        m = margin_tiles * self.tile_px
        inner = self.visible.move(-self.viewport.x, -self.viewport.y)  # in viewport pixels
        left, top = tile[0] * self.tile_px, tile[1] * self.tile_px
        if left - m < self.target.x + inner.left:
            self.target.x = left - m - inner.left
        elif left + self.tile_px + m > self.target.x + inner.right:
            self.target.x = left + self.tile_px + m - inner.right
        if top - m < self.target.y + inner.top:
            self.target.y = top - m - inner.top
        elif top + self.tile_px + m > self.target.y + inner.bottom:
            self.target.y = top + self.tile_px + m - inner.bottom
        self.clamp()

    def zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Change zoom level by `steps`, keeping the point under `anchor` (screen) in place."""
        levels = ZOOM_LEVELS
        current = min(range(len(levels)), key=lambda i: abs(levels[i] - self.tile_px))
        new = levels[min(len(levels) - 1, max(0, current + steps))]
        if new == self.tile_px:
            return
        anchor = anchor if anchor and self.viewport.collidepoint(anchor) else self.viewport.center
        ax, ay = anchor[0] - self.viewport.x, anchor[1] - self.viewport.y
        # The map point under the anchor, in tiles, stays under it.
        mx, my = (self.offset.x + ax) / self.tile_px, (self.offset.y + ay) / self.tile_px
        self.tile_px = new
        self.target.update(mx * new - ax, my * new - ay)
        self.clamp(snap=True)

    def resize(self, viewport: pygame.Rect) -> None:
        """The viewport moved or changed size."""
        self.viewport = pygame.Rect(viewport)
        left, top, right, bottom = self.insets
        self.insets = (0, 0, 0, 0)
        self.set_insets(left, top, right, bottom)  # kept under half the new view
        self.clamp(snap=True)

    def update(self, dt: float) -> None:
        """Ease the view toward its target."""
        delta = self.target - self.offset
        if delta.length_squared() < 0.25:
            self.offset = pygame.Vector2(self.target)
            return
        self.offset += delta * min(1.0, SMOOTHING * dt)
