"""What a renderer needs to draw a map with its own tiles: plain data, no pytmx.

The Tiled loader fills a `MapArt`; the game window slices tileset images
itself.  Boards without art (the in-memory grid) are drawn from their terrain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

FLIP_H = 0x80000000  # Tiled's gid flag bits (kept separate from the gid)
FLIP_V = 0x40000000
FLIP_D = 0x20000000


@dataclass(frozen=True)
class TilesetArt:
    """One tileset image cut into tiles: gid = firstgid + index, row-major."""

    firstgid: int
    image: Path
    tile_width: int
    tile_height: int
    columns: int
    tilecount: int
    margin: int = 0
    spacing: int = 0
    size: tuple[int, int] = (0, 0)  # the image's pixels, as its header said when the map was checked
    trans: tuple[int, int, int] | None = None  # the colour drawn as transparent (Tiled's `trans`)
    fit: str = ""  # "": tiles at their own size; "stretch" or "preserve-aspect-fit": at the grid's
    offset: tuple[int, int] = (0, 0)  # pixels its tiles are drawn moved by (Tiled's `<tileoffset>`)

    def source_rect(self, gid: int) -> tuple[int, int, int, int]:
        """(x, y, w, h) of a gid's tile inside the image."""
        index = gid - self.firstgid
        col, row = index % self.columns, index // self.columns
        x = self.margin + col * (self.tile_width + self.spacing)
        y = self.margin + row * (self.tile_height + self.spacing)
        return x, y, self.tile_width, self.tile_height


@dataclass(frozen=True)
class TileImageArt:
    """The image of one tile of a collection, and its size as its header said when checked."""

    path: Path
    size: tuple[int, int]
    trans: tuple[int, int, int] | None = None
    rect: tuple[int, int, int, int] | None = None  # the tile's part of the image (x, y, w, h); None: all


@dataclass(frozen=True)
class CollectionArt:
    """A tileset of single images (Tiled's "collection of images"): gid = firstgid + tile id."""

    firstgid: int
    tilecount: int
    images: Mapping[int, TileImageArt] = field(default_factory=dict)  # tile id → image
    fit: str = ""  # as `TilesetArt.fit`
    offset: tuple[int, int] = (0, 0)  # as `TilesetArt.offset`

    def image(self, gid: int) -> TileImageArt | None:
        """The image of a gid's tile, or None if it has none we may draw."""
        return self.images.get(gid - self.firstgid)


@dataclass(frozen=True)
class LayerArt:
    """A tile layer: gids[y, x] (0 = empty) and flip flags[y, x] (FLIP_* bits)."""

    name: str
    gids: np.ndarray
    flags: np.ndarray
    visible: bool = True
    opacity: float = 1.0
    tint: tuple[int, int, int] | None = None  # multiplies its colours (Tiled's `tintcolor`)
    offset: tuple[float, float] = (0.0, 0.0)  # map pixels it is drawn moved by (its and its groups')


@dataclass(frozen=True)
class ImageLayerArt:
    """An image layer: one picture (a painted battle map, say) at its offset in map pixels."""

    name: str
    image: TileImageArt
    offset: tuple[float, float] = (0.0, 0.0)
    visible: bool = True
    opacity: float = 1.0
    tint: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class ObjectTilesArt:
    """An object layer's tiles placed as objects: (gid with Tiled's flip bits, x, y, width,
    height, rotation, pivot x, pivot y), each box in map pixels from its top left, turned
    `rotation` degrees clockwise about the pivot (its origin), drawn in the layer's order."""

    name: str
    tiles: tuple[tuple[int, float, float, float, float, float, float, float], ...]
    visible: bool = True
    opacity: float = 1.0
    tint: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class MapArt:
    """Everything needed to draw the map's tile and image layers, in Tiled's order."""

    tile_width: int
    tile_height: int
    tilesets: tuple[TilesetArt | CollectionArt, ...]
    layers: tuple[LayerArt | ImageLayerArt | ObjectTilesArt, ...]
    background: tuple[int, int, int] | None = None  # the map's `backgroundcolor`, under every layer

    def tileset_for(self, gid: int) -> TilesetArt | CollectionArt | None:
        """The tileset a gid belongs to (the one with the largest firstgid ≤ gid)."""
        holders = [t for t in self.tilesets if t.firstgid <= gid < t.firstgid + t.tilecount]
        return max(holders, key=lambda t: t.firstgid, default=None)
