"""The map's own tiles (or its terrain, when it has no art), cached in chunks per zoom.

The map is cut into chunks of `CHUNK` × `CHUNK` tiles.  A chunk is drawn once
per zoom level (layer by layer, in Tiled's order: tile layers from tileset
slices scaled to the zoom (`tile_images`), an image layer's part of its picture,
tiles placed as objects) and kept in a small LRU cache, so a frame only blits
the few chunks in view.
Boards without art (the in-memory `GridBoard`) are drawn from what their
tiles do: walls, water, cover, rough ground, each with its own pattern.
"""

from __future__ import annotations

import functools
import math
import zlib
from collections.abc import Callable

import numpy as np
import pygame

from game.board.art import (
    FLIP_D,
    FLIP_H,
    FLIP_V,
    CollectionArt,
    ImageLayerArt,
    LayerArt,
    MapArt,
    ObjectTilesArt,
)
from game.board.objects import turned
from game.core.geometry import Tile
from game.rules.board import Board, tiles_to_ask
from game.ui.render.camera import Camera
from game.ui.render.chunk_cache import ChunkCache
from game.ui.render.tile_images import TileImages, resized

CHUNK = 16  # tiles a side of a cached chunk
MAX_CHUNKS = 96  # chunks kept across zoom levels
GRID_ALPHA = 40  # 0..255: grid line opacity
WAITING = (30, 33, 40)  # the colour of a chunk not rendered yet
PATTERN_PX = 8  # pixels a tile at least for terrain to be drawn with its pattern

Colour = tuple[int, int, int]


def _surface(size: tuple[int, int], alpha: bool = False) -> pygame.Surface:
    """A surface in the display's format when there is a display."""
    surface = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha() if alpha else surface.convert()
    return surface


def terrain_colour(board: Board, tile: tuple[int, int]) -> tuple[Colour, str]:
    """(base colour, pattern) for drawing a tile of a board without art."""
    name = ""
    terrain_at = getattr(board, "terrain_at", None)
    if terrain_at is not None:
        name = terrain_at(tile).name.lower()
    blocks_move = board.blocks_move(tile)
    blocks_sight = getattr(board, "blocks_sight", lambda t: False)(tile)
    cover = getattr(board, "cover_at", lambda t: "none")(tile)
    cost = getattr(board, "move_cost", lambda t: 1.0)(tile)
    if "water" in name:
        return ((52, 92, 140) if blocks_move else (78, 122, 150)), "waves"
    if blocks_move and blocks_sight:
        if "tree" in name or "wood" in name:
            return (44, 78, 44), "tree"
        return (92, 90, 96), "wall"
    if blocks_sight:
        return (56, 86, 52), "woods"
    if blocks_move:
        return (120, 96, 62), "crate" if cover != "none" else "block"
    if cover == "low":
        return (92, 118, 64), "hedge"
    if cover == "high":
        return (70, 96, 56), "woods"
    if cost > 1:
        return (118, 100, 70), "rough"
    if "road" in name or "dirt" in name or "bridge" in name:
        return (142, 124, 92), "plain"
    if "floor" in name or "deck" in name or "flag" in name:
        return (120, 116, 108), "plain"
    return (96, 124, 70), "grass"


def _draw_terrain_tile(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour, pattern: str, seed: int
) -> None:
    """One tile of terrain in flat colours with a pattern (light from the top left)."""
    jitter = (seed % 9) - 4
    base = tuple(max(0, min(255, c + jitter)) for c in colour)
    surface.fill(base, rect)
    s = rect.w
    dark = tuple(max(0, c - 38) for c in colour)
    light = tuple(min(255, c + 34) for c in colour)
    if pattern == "wall":
        pygame.draw.rect(surface, light, (rect.x, rect.y, s, max(1, s // 10)))
        pygame.draw.rect(surface, light, (rect.x, rect.y, max(1, s // 10), s))
        pygame.draw.rect(surface, dark, (rect.x, rect.bottom - max(1, s // 8), s, max(1, s // 8)))
        pygame.draw.rect(surface, dark, (rect.right - max(1, s // 8), rect.y, max(1, s // 8), s))
        pygame.draw.line(
            surface, dark, (rect.x, rect.y + s // 2), (rect.right, rect.y + s // 2), max(1, s // 24)
        )
    elif pattern == "waves":
        for k in (1, 2, 3):
            y = rect.y + k * s // 4
            pygame.draw.arc(surface, light, (rect.x + s // 8, y - s // 10, s // 3, s // 5), 3.4, 6.0, 1)
            pygame.draw.arc(surface, light, (rect.x + s // 2, y - s // 10, s // 3, s // 5), 3.4, 6.0, 1)
    elif pattern in ("tree", "woods"):
        r = s * (0.4 if pattern == "tree" else 0.3)
        centre = (rect.centerx + s // 16, rect.centery + s // 16)
        pygame.draw.circle(surface, dark, centre, r)
        pygame.draw.circle(surface, light, (rect.centerx - s // 12, rect.centery - s // 12), r * 0.8)
        pygame.draw.circle(surface, colour, (rect.centerx - s // 12, rect.centery - s // 12), r * 0.55)
    elif pattern in ("crate", "block"):
        inner = rect.inflate(-s // 4, -s // 4)
        pygame.draw.rect(surface, (158, 124, 78), inner)
        pygame.draw.rect(surface, (70, 52, 30), inner, max(1, s // 16))
        if pattern == "crate":
            pygame.draw.line(surface, (70, 52, 30), inner.topleft, inner.bottomright, max(1, s // 16))
            pygame.draw.line(surface, (70, 52, 30), inner.topright, inner.bottomleft, max(1, s // 16))
    elif pattern == "hedge":
        for k in range(3):
            cx = rect.x + s // 6 + k * s // 3
            pygame.draw.circle(surface, dark, (cx, rect.centery + s // 10), s // 6)
            pygame.draw.circle(surface, light, (cx - 1, rect.centery), s // 7)
    elif pattern == "rough":
        for k in range(4):
            h = zlib.crc32(bytes((seed & 255, k)))
            px, py = rect.x + 3 + h % max(1, s - 6), rect.y + 3 + (h >> 8) % max(1, s - 6)
            pygame.draw.circle(surface, dark, (px, py), max(1, s // 14))
    elif pattern == "grass":
        for k in range(3):
            h = zlib.crc32(bytes((seed & 255, k, 7)))
            px, py = rect.x + 2 + h % max(1, s - 4), rect.y + 2 + (h >> 8) % max(1, s - 4)
            pygame.draw.line(surface, light, (px, py), (px + 1, py - max(2, s // 10)))


def _reach(art: MapArt) -> int:
    """Tiles beyond its own cell a tile's image may reach (taller or wider than the grid, or
    moved by its tileset's offset): a chunk draws that many of its neighbours' too (a layer's
    own offset is taken apart, `MapLayer._draw_tiles`)."""
    most = 0
    for tileset in art.tilesets:
        if isinstance(tileset, CollectionArt):
            sizes = [image.rect[2:] if image.rect else image.size for image in tileset.images.values()]
        else:
            sizes = [(tileset.tile_width, tileset.tile_height)]
        for width, height in sizes:
            over = max(-(-width // art.tile_width), -(-height // art.tile_height)) - 1
            shift = max(
                -(-abs(tileset.offset[0]) // art.tile_width), -(-abs(tileset.offset[1]) // art.tile_height)
            )
            most = max(most, over + shift)
    return most


class MapLayer:
    """Draws the map under everything else; chunks cached per zoom level."""

    def __init__(self, board: Board, art: MapArt | None = None) -> None:
        self.board = board
        self.art = art
        self.images = TileImages(art) if art is not None else None
        self.grid = False
        self._chunks = ChunkCache(MAX_CHUNKS)
        self._terrain_looks: dict[int, tuple[Colour, str]] = {}
        self._reach = _reach(art) if art is not None else 0

    def _render_chunk(self, cx: int, cy: int, tile_px: int) -> pygame.Surface:
        board = self.board
        x0, y0 = cx * CHUNK, cy * CHUNK
        w = min(CHUNK, board.width - x0)
        h = min(CHUNK, board.height - y0)
        surface = _surface((w * tile_px, h * tile_px))
        surface.fill((self.art.background if self.art is not None else None) or WAITING)
        if self.art is not None and self.images is not None:
            undrawn = np.zeros((h, w), bool)  # a tile with a tile, none of whose images is drawn
            drawn = np.zeros((h, w), bool)
            for layer in self.art.layers:
                if not layer.visible or layer.opacity <= 0:
                    continue
                # A translucent or tinted layer is drawn on its own and blended in once (as Tiled
                # shows it).
                target = surface
                if layer.opacity < 1 or layer.tint is not None:
                    target = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                if isinstance(layer, ImageLayerArt):
                    self._draw_picture(target, layer, (x0, y0, w, h), tile_px)
                elif isinstance(layer, ObjectTilesArt):
                    self._draw_object_tiles(target, layer, (x0, y0, w, h), tile_px)
                else:
                    self._draw_tiles(target, layer, (x0, y0), tile_px, drawn, undrawn)
                if target is not surface:
                    if layer.tint is not None:
                        target.fill(layer.tint, special_flags=pygame.BLEND_RGB_MULT)
                    target.set_alpha(round(255 * layer.opacity))
                    surface.blit(target, (0, 0))
            # An image the game cannot draw (a format it does not decode): its tiles show their terrain.
            for j, i in zip(*np.nonzero(undrawn & ~drawn), strict=True):
                self._draw_terrain(surface, (x0 + int(i), y0 + int(j)), int(i), int(j), tile_px)
        else:
            for j in range(h):
                for i in range(w):
                    self._draw_terrain(surface, (x0 + i, y0 + j), i, j, tile_px)
        if self.grid:
            lines = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for i in range(w + 1):
                pygame.draw.line(lines, (0, 0, 0, GRID_ALPHA), (i * tile_px, 0), (i * tile_px, h * tile_px))
            for j in range(h + 1):
                pygame.draw.line(lines, (0, 0, 0, GRID_ALPHA), (0, j * tile_px), (w * tile_px, j * tile_px))
            surface.blit(lines, (0, 0))
        return surface

    def _draw_tiles(
        self,
        target: pygame.Surface,
        layer: LayerArt,
        origin: tuple[int, int],
        tile_px: int,
        drawn: np.ndarray,
        undrawn: np.ndarray,
    ) -> None:
        """A tile layer's tiles over a chunk whose top left tile is `origin`, and the parts of
        its neighbours' that reach into it (tall tiles, a tileset's offset, the layer's own);
        marks the chunk's tiles drawn, and those with a tile whose image is not drawn."""
        assert self.images is not None and self.art is not None
        x0, y0 = origin
        h, w = drawn.shape
        # The layer's offset (its own and its groups', as Tiled draws it) moves its pictures,
        # not its terrain: whole tiles pick the tiles that land on the chunk, the rest of a
        # tile shifts them by pixels (and may bring one more neighbour in).
        tw, th = self.art.tile_width, self.art.tile_height
        sx, sy = math.floor(layer.offset[0] / tw), math.floor(layer.offset[1] / th)
        fx = round((layer.offset[0] - sx * tw) * tile_px / tw)
        fy = round((layer.offset[1] - sy * th) * tile_px / th)
        on_grid = not any(layer.offset)
        reach = self._reach + (0 if on_grid else 1)
        ax, ay = x0 - sx, y0 - sy  # the layer's tile that lands on the chunk's top left
        left, top = max(0, ax - reach), max(0, ay - reach)
        right, bottom = max(0, ax + w + reach), max(0, ay + h + reach)
        gids = layer.gids[top:bottom, left:right]
        flags = layer.flags[top:bottom, left:right]
        for row in range(gids.shape[0]):
            j = row + top - ay  # (row and column within the chunk: outside it, a neighbour)
            inside_row = on_grid and 0 <= j < h
            for column in range(gids.shape[1]):
                gid = int(gids[row, column])
                if not gid:
                    continue
                i = column + left - ax
                inside = inside_row and 0 <= i < w
                image = self.images.get(gid | int(flags[row, column]), tile_px)
                if image is not None:
                    # Anchor at the tile's bottom-left, as Tiled does for tall tiles, moved by
                    # its tileset's offset.
                    ox, oy = self.images.offset(gid, tile_px)
                    spot = (i * tile_px + ox + fx, (j + 1) * tile_px - image.get_height() + oy + fy)
                    target.blit(image, spot)
                    if inside:
                        drawn[j, i] = True
                elif inside:
                    undrawn[j, i] = True

    def _draw_picture(
        self, target: pygame.Surface, layer: ImageLayerArt, tiles: tuple[int, int, int, int], tile_px: int
    ) -> None:
        """The part of an image layer's picture over a chunk of tiles (x0, y0, w, h), scaled
        to the zoom: only that part is scaled, however large the picture."""
        assert self.art is not None and self.images is not None
        picture = self.images.picture(layer.image)
        if picture is None:
            return
        tw, th = self.art.tile_width, self.art.tile_height
        x0, y0, w, h = tiles
        area = pygame.Rect(x0 * tw, y0 * th, w * tw, h * th)  # the chunk, in map pixels
        ox, oy = round(layer.offset[0]), round(layer.offset[1])
        part = area.clip(pygame.Rect(ox, oy, *picture.get_size()))
        if not part.w or not part.h:
            return
        piece = picture.subsurface(part.move(-ox, -oy))
        sx, sy = tile_px / tw, tile_px / th
        size = (max(1, round(part.w * sx)), max(1, round(part.h * sy)))
        target.blit(resized(piece, size), (round((part.x - area.x) * sx), round((part.y - area.y) * sy)))

    def _draw_object_tiles(
        self, target: pygame.Surface, layer: ObjectTilesArt, tiles: tuple[int, int, int, int], tile_px: int
    ) -> None:
        """The tiles placed as objects that reach into a chunk of tiles (x0, y0, w, h), each
        scaled to its box and turned about its origin as Tiled turns it (a chunk draws its
        share of one on its edge)."""
        assert self.art is not None and self.images is not None
        tw, th = self.art.tile_width, self.art.tile_height
        x0, y0, w, h = tiles
        area = pygame.Rect(x0 * tw, y0 * th, w * tw, h * th)
        sx, sy = tile_px / tw, tile_px / th
        for raw_gid, x, y, bw, bh, rotation, px, py in layer.tiles:
            corners = turned(((x, y), (x + bw, y), (x + bw, y + bh), (x, y + bh)), (px, py), rotation)
            left, top = min(c[0] for c in corners), min(c[1] for c in corners)
            right, bottom = max(c[0] for c in corners), max(c[1] for c in corners)
            if not area.colliderect(
                pygame.Rect(int(left), int(top), max(1, round(right - left)), max(1, round(bottom - top)))
            ):
                continue
            size = (max(1, round(bw * sx)), max(1, round(bh * sy)))
            image = self.images.sized(raw_gid, size)
            if image is None:
                continue
            if rotation:
                # pygame turns anticlockwise, about the centre, into the turned box's bounds.
                image = pygame.transform.rotate(image, -rotation)
            target.blit(image, (round((left - area.x) * sx), round((top - area.y) * sy)))

    def _draw_terrain(self, surface: pygame.Surface, tile: Tile, i: int, j: int, tile_px: int) -> None:
        """A tile drawn from its terrain at column `i`, row `j` of a chunk (flat, when too small
        for its pattern to show: a big map's picture draws hundreds of thousands)."""
        kinds = getattr(self.board, "kinds", None)  # a TerrainBoard: one look a kind of terrain
        if kinds is None:
            colour, pattern = terrain_colour(self.board, tile)
        else:
            key = int(kinds[tile[1], tile[0]])
            if key not in self._terrain_looks:
                self._terrain_looks[key] = terrain_colour(self.board, tile)
            colour, pattern = self._terrain_looks[key]
        rect = pygame.Rect(i * tile_px, j * tile_px, tile_px, tile_px)
        if tile_px < PATTERN_PX:
            surface.fill(colour, rect)
            return
        _draw_terrain_tile(surface, rect, colour, pattern, zlib.crc32(f"{tile}".encode()))

    def chunk(self, cx: int, cy: int, tile_px: int) -> pygame.Surface:
        """A chunk at a zoom level (cached; rendered now whatever the frame's budget)."""
        render = functools.partial(self._render_chunk, cx, cy, tile_px)
        key = (cx, cy, tile_px, self.grid)
        found = self._chunks.peek(key)
        return found if found is not None else self._render_and_keep(key, render)

    def _render_and_keep(
        self, key: tuple[int, int, int, bool], render: Callable[[], pygame.Surface]
    ) -> pygame.Surface:
        self._chunks.begin_frame(None)
        surface = self._chunks.get(key, render)
        assert surface is not None
        return surface

    def _stand_in(self, cx: int, cy: int, tile_px: int) -> pygame.Surface | None:
        """The chunk at another zoom, scaled to this one (while this one waits its turn)."""
        for (kx, ky, kpx, grid), surface in self._chunks.items():
            if (kx, ky, grid) == (cx, cy, self.grid) and kpx != tile_px:
                w, h = surface.get_width() * tile_px // kpx, surface.get_height() * tile_px // kpx
                return pygame.transform.scale(surface, (max(1, w), max(1, h)))
        return None

    def prerender(self, camera: Camera) -> None:
        """Render the chunks in view now (at load, so the first frame of play does not)."""
        x0, y0, x1, y1 = camera.visible_tiles()
        for cy in range(y0 // CHUNK, (y1 - 1) // CHUNK + 1):
            for cx in range(x0 // CHUNK, (x1 - 1) // CHUNK + 1):
                self.chunk(cx, cy, camera.tile_px)

    def draw(self, surface: pygame.Surface, camera: Camera, budget_s: float | None = None) -> None:
        """Blit the chunks in view, rendering new ones for at most `budget_s` seconds (the
        rest show scaled from another zoom, or plain, until a later frame renders them)."""
        tp = camera.tile_px
        x0, y0, x1, y1 = camera.visible_tiles()
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        self._chunks.begin_frame(budget_s)
        for cy in range(y0 // CHUNK, (y1 - 1) // CHUNK + 1):
            for cx in range(x0 // CHUNK, (x1 - 1) // CHUNK + 1):
                rect = camera.tile_rect((cx * CHUNK, cy * CHUNK))
                render = functools.partial(self._render_chunk, cx, cy, tp)
                chunk = self._chunks.get((cx, cy, tp, self.grid), render)
                if chunk is None:
                    chunk = self._stand_in(cx, cy, tp)
                if chunk is None:
                    w = min(CHUNK, self.board.width - cx * CHUNK) * tp
                    h = min(CHUNK, self.board.height - cy * CHUNK) * tp
                    surface.fill(WAITING, pygame.Rect(rect.topleft, (w, h)))
                else:
                    surface.blit(chunk, rect.topleft)
        self._chunks.begin_frame(None)
        surface.set_clip(clip)

    def render_whole(self, tile_px: int) -> pygame.Surface:
        """The whole map at one zoom (the render command, the minimap, New battle's picture)."""
        if tile_px == 1 and self.art is not None:
            picture = self._render_pixels(self.art)
            if picture is not None:
                return picture
        if tile_px == 1 and self.art is None:
            return self._render_terrain_pixels()
        board = self.board
        out = _surface((board.width * tile_px, board.height * tile_px))
        for cy in range((board.height + CHUNK - 1) // CHUNK):
            for cx in range((board.width + CHUNK - 1) // CHUNK):
                out.blit(self.chunk(cx, cy, tile_px), (cx * CHUNK * tile_px, cy * CHUNK * tile_px))
        return out

    def _render_terrain_pixels(self) -> pygame.Surface:
        """A board without art at a pixel a tile, with numpy: each tile its terrain's flat
        colour (as a chunk draws a tile too small for its pattern); only the tiles
        `tiles_to_ask` names are asked (a 1000 × 1000 grid board's picture took 7 s drawn
        tile by tile)."""
        board = self.board
        height, width = board.height, board.width
        plain, asked = tiles_to_ask(board)
        pixels = np.zeros((height, width, 3), np.uint8)
        if plain is not None:
            pixels[:] = terrain_colour(board, plain)[0]
        for x, y in asked:
            pixels[y, x] = terrain_colour(board, (x, y))[0]
        picture = pygame.surfarray.make_surface(pixels.swapaxes(0, 1))
        return picture.convert() if pygame.display.get_surface() is not None else picture

    def _render_pixels(self, art: MapArt) -> pygame.Surface | None:
        """The whole map at a pixel a tile, a layer at a time with numpy: each tile's pixel is
        its image shrunk to one pixel, blended as the blit would blend it (blitting tile by
        tile took about a second for a 1000 × 1000 map).  None when a tile's image is larger
        than its tile (it overhangs its neighbours: only blitting draws that)."""
        assert self.images is not None
        height, width = self.board.height, self.board.width
        out = np.empty((height, width, 3), np.float32)
        out[:] = art.background or WAITING
        for layer in art.layers:
            if not layer.visible or layer.opacity <= 0:
                continue
            if isinstance(layer, ImageLayerArt | ObjectTilesArt) or any(layer.offset):
                return None  # a picture, tiles placed anywhere or moved off the grid: blitting draws that
            gids, flags = layer.gids[:height, :width], layer.flags[:height, :width]
            raw = gids.astype(np.uint32) | flags.astype(np.uint32)
            keys, index = np.unique(raw, return_inverse=True)
            colours = np.zeros((len(keys), 4), np.float32)  # gid 0 (no tile) stays transparent
            for k, key in enumerate(keys.tolist()):
                image = self.images.get(key, 1) if key & ~(FLIP_H | FLIP_V | FLIP_D) else None
                if image is not None:
                    if image.get_size() != (1, 1):
                        return None
                    colours[k] = tuple(image.get_at((0, 0)))
                elif key & ~(FLIP_H | FLIP_V | FLIP_D):
                    return None  # a tile whose image is not drawn shows its terrain: blitting draws that
            if layer.tint is not None:
                colours[:, :3] *= np.array(layer.tint, np.float32) / 255
            pixels = colours[index.reshape(height, width)]
            alpha = pixels[..., 3:] * (layer.opacity / 255)
            out = out * (1 - alpha) + pixels[..., :3] * alpha
        picture = pygame.surfarray.make_surface(np.rint(out).astype(np.uint8).swapaxes(0, 1))
        return picture.convert() if pygame.display.get_surface() is not None else picture
