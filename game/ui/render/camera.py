"""The camera over the map: zoom levels in whole pixels per tile, smooth panning, clamping.

World pixels are tile pixels at the current zoom: tile (x, y) covers
[x * tile_px, (x + 1) * tile_px).  `offset` is the world pixel at the
viewport's top-left corner.

`insets` are strips along the viewport's edges (in screen pixels) where a
panel drawn over the map sits; the map may scroll that far past its edges, so
that every tile can be brought out from under the panel, and `ensure_visible`
keeps a tile out of them.  `obstacles` are smaller panels in the view's corners
(the minimap, the scale bar): the map may scroll past the edges they touch by
their size, and `ensure_visible` moves a tile out from under them too.
"""

from __future__ import annotations

import pygame

from game.core.geometry import Tile

ZOOM_LEVELS = (6, 8, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96)  # pixels per tile
MIN_FIT = 3  # pixels per tile: "fit the whole map" goes no smaller
READABLE_ZOOM = 32  # pixels per tile: a map that fits whole at this or more opens whole
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
        self.obstacles: list[pygame.Rect] = []  # screen rects of corner panels over the map
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

    def set_obstacles(self, rects: list[pygame.Rect]) -> None:
        """The corner panels over the map now (screen rects)."""
        self.obstacles = [pygame.Rect(r) for r in rects if r.w and r.h]

    def _overscroll(self) -> tuple[int, int, int, int]:
        """How far past each edge the map may scroll: its inset, or more for a corner panel
        touching that edge."""
        left, top, right, bottom = self.insets
        view = self.viewport
        for r in self.obstacles:  # a corner panel counts for the two edges it is nearer
            if r.centerx < view.centerx:
                left = max(left, r.right - view.x)
            else:
                right = max(right, view.right - r.x)
            if r.centery < view.centery:
                top = max(top, r.bottom - view.y)
            else:
                bottom = max(bottom, view.bottom - r.y)
        half_w, half_h = view.w // 2, view.h // 2
        return min(left, half_w), min(top, half_h), min(right, half_w), min(bottom, half_h)

    def clamp(self, snap: bool = False) -> None:
        """Keep the target over the map: each edge of the map may come as far as the inner
        edge of the insets, no further (a map smaller than that is centred in it); a corner
        panel lets the map past the edges it touches when a tile must come out from under it."""
        ww, wh = self.world_size
        left, top, right, bottom = self.insets
        o_left, o_top, o_right, o_bottom = self._overscroll()
        for axis, world, view, low, high, far_low, far_high in (
            (0, ww, self.viewport.w, left, right, o_left, o_right),
            (1, wh, self.viewport.h, top, bottom, o_top, o_bottom),
        ):
            room = view - low - high
            clear = view - far_low - far_high
            if world <= clear:  # small enough to sit clear of every panel: centred there
                self.target[axis] = -(far_low + (clear - world) / 2)
            elif world <= room:  # it fits between the insets: anywhere there
                self.target[axis] = min(max(self.target[axis], -(view - high - world)), -low)
            else:
                self.target[axis] = min(max(self.target[axis], -far_low), world - view + far_high)
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
        if isinstance(tile[0], int) and isinstance(tile[1], int):
            self.clear_obstacles((tile[0], tile[1]))
            if snap:
                self.offset = pygame.Vector2(self.target)

    def ensure_visible(self, tile: Tile, margin_tiles: float = 1.5) -> None:
        """Pan just enough that a tile (and a margin around it) is in view, clear of the panels."""
        m = margin_tiles * self.tile_px
        inner = self.visible.move(-self.viewport.x, -self.viewport.y)  # in viewport pixels
        ww, wh = self.world_size
        # The margin is map to see around the tile: none is asked for past the map's edge, or
        # a unit on the edge would pull empty space into view (and push the far side out).
        x0, x1 = max(0, tile[0] * self.tile_px - m), min(ww, (tile[0] + 1) * self.tile_px + m)
        y0, y1 = max(0, tile[1] * self.tile_px - m), min(wh, (tile[1] + 1) * self.tile_px + m)
        if x0 < self.target.x + inner.left:
            self.target.x = x0 - inner.left
        elif x1 > self.target.x + inner.right:
            self.target.x = x1 - inner.right
        if y0 < self.target.y + inner.top:
            self.target.y = y0 - inner.top
        elif y1 > self.target.y + inner.bottom:
            self.target.y = y1 - inner.bottom
        self.clamp()
        self.clear_obstacles(tile)

    def clear_obstacles(self, tile: Tile) -> None:
        """Move the view the least that takes a tile out from under the corner panels (each
        way out tried as the map's edges allow it; none found: left as it is)."""
        rect = self._target_rect(tile)
        hit = next((o for o in self.obstacles if o.colliderect(rect)), None)
        if hit is None:
            return
        moves = [
            (rect.right - hit.left + 1, 0),  # the tile to the left of the panel
            (-(hit.right - rect.left + 1), 0),  # to its right
            (0, rect.bottom - hit.top + 1),  # above it
            (0, -(hit.bottom - rect.top + 1)),  # below it
        ]
        start = pygame.Vector2(self.target)
        for dx, dy in sorted(moves, key=lambda m: abs(m[0]) + abs(m[1])):
            self.target = start + (dx, dy)
            self.clamp()
            moved = self._target_rect(tile)
            if self.visible.contains(moved) and not any(o.colliderect(moved) for o in self.obstacles):
                return
        self.target = start

    def _target_rect(self, tile: Tile) -> pygame.Rect:
        """The screen rect a tile will have once the view reaches its target."""
        x = self.viewport.x + tile[0] * self.tile_px - round(self.target.x)
        y = self.viewport.y + tile[1] * self.tile_px - round(self.target.y)
        return pygame.Rect(x, y, self.tile_px, self.tile_px)

    def zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Change zoom level by `steps`, keeping the point under `anchor` (screen) in place;
        zooming out stops at the level that shows the whole map (further out, a small map
        only shrank to a speck in the middle of the view)."""
        levels = self.zoom_levels()
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

    def zoom_levels(self) -> tuple[int, ...]:
        """The zoom levels this map offers: down to the largest at which the whole map fits
        the view, and no further out (every level, for a map that never fits)."""
        view = self.viewport
        fitting = [z for z in ZOOM_LEVELS if z * self.map_w <= view.w and z * self.map_h <= view.h]
        floor = max(fitting, default=ZOOM_LEVELS[0])
        return tuple(z for z in ZOOM_LEVELS if z >= floor)

    def fit_px(self) -> int:
        """The largest tile size at which the whole map fits the part of the view no panel covers."""
        room = self.visible
        return max(MIN_FIT, min(room.w // max(1, self.map_w), room.h // max(1, self.map_h)))

    def opening_zoom(self, most: int, otherwise: int) -> None:
        """The zoom a screen opens at: the largest zoom level up to `most` at which the whole
        map fits the view, if that is READABLE_ZOOM or more (a small map is seen whole, both
        sides in view), else `otherwise`."""
        view = self.viewport
        fitting = [
            z for z in ZOOM_LEVELS if z <= most and z * self.map_w <= view.w and z * self.map_h <= view.h
        ]
        self.tile_px = max(fitting) if fitting and max(fitting) >= READABLE_ZOOM else otherwise
        self.clamp(snap=True)

    def fit(self) -> None:
        """Zoom to show the whole map, centred."""
        self.tile_px = self.fit_px()
        self.centre_on(((self.map_w - 1) / 2, (self.map_h - 1) / 2), snap=True)

    def resize(self, viewport: pygame.Rect) -> None:
        """The viewport moved or changed size: the map point in the middle of the view stays
        in the middle (kept by its top-left corner, a smaller window lost the unit in the
        middle off its right side)."""
        middle = self.target + (self.viewport.w / 2, self.viewport.h / 2)
        self.viewport = pygame.Rect(viewport)
        self.target = middle - (self.viewport.w / 2, self.viewport.h / 2)
        self.offset = pygame.Vector2(self.target)
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
