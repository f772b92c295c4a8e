"""What one tileset holds, checked: how many gids it gives, and the images it is drawn from.

A tileset is either cut from one image (a sheet) or a collection of single
images, one per tile.  Every image is sized from its file's header
(`game.board.images`) before anything decodes it: a declared size must be
the real one (that is how an image bomb hides), and a size Tiled left out
(it is optional in the TMX format, and Tiled's own examples leave it out) is
taken from the header and written into the tree, so pytmx, which needs it,
reads the checked number.  `columns` and `tilecount` are optional too: they
are worked out from the image, as Tiled does.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import Element

from game.board.errors import MapError, int_attr
from game.board.images import FORMATS, ImageError, image_size
from game.files import is_regular_file, shorten

MAX_TILE_PIXELS = 4096  # pixels per tile side
MAX_IMAGE_PIXELS = 32768  # pixels per tileset image side
MAX_TILESET_TILES = 65536  # tiles in one tileset
MAX_TILE_IMAGES = 1024  # tile images over the collection tilesets of one map: each is a file to size


@dataclass(frozen=True)
class SheetImage:
    """A tileset image cut into tiles, as checked: its real size is the declared one."""

    path: Path
    width: int
    height: int
    columns: int
    tilecount: int
    margin: int
    spacing: int
    trans: tuple[int, int, int] | None = None  # the colour Tiled draws as transparent


@dataclass(frozen=True)
class TileImage:
    """The image of one tile of a collection tileset, as checked."""

    path: Path
    width: int
    height: int
    trans: tuple[int, int, int] | None = None
    rect: tuple[int, int, int, int] | None = None  # the tile's part of the image (Tiled 1.9: x, y, w, h)


@dataclass(frozen=True)
class TilesetRange:
    """The gids one tileset provides, and where it came from (for messages)."""

    name: str
    origin: str  # the .tsx file, or "embedded"
    firstgid: int
    count: int
    tile_width: int = 0
    tile_height: int = 0
    sheet: SheetImage | None = None  # None: no image, or one we do not decode
    images: tuple[tuple[int, TileImage], ...] = ()  # a collection: (tile id, its image) we may decode
    alignment: str = "bottomleft"  # the point of a tile object its x and y name (`objectalignment`)
    fit: str = ""  # drawn at the map's grid size (Tiled 1.9): "stretch" or "preserve-aspect-fit"
    offset: tuple[int, int] = (0, 0)  # pixels its tiles are drawn moved by (`<tileoffset>`)

    def holds(self, gid: int) -> bool:
        """Whether the gid (flags removed) belongs to this tileset."""
        return self.firstgid <= gid < self.firstgid + self.count

    @property
    def pixels(self) -> dict[Path, int]:
        """Pixels of every image a renderer may decode for this tileset, by file."""
        found = {image.path: image.width * image.height for _, image in self.images}
        if self.sheet is not None:
            found[self.sheet.path] = self.sheet.width * self.sheet.height
        return found


@dataclass
class ImageBudget:
    """The tile images one map's collection tilesets may still name: each is a file whose
    header is read, so they are counted over every tileset of the map, not per tileset."""

    left: int = MAX_TILE_IMAGES

    def charge(self, where: str) -> None:
        """Spend one tile image; MapError once the map's tilesets have named too many."""
        self.left -= 1
        if self.left < 0:
            raise MapError(f"{where}: the map's tilesets hold more than {MAX_TILE_IMAGES} tile images")


@dataclass(frozen=True)
class Tileset:
    """What a tileset element or file says, whichever map references it."""

    name: str
    count: int
    walked: int  # tile positions pytmx walks in its image
    tile_width: int
    tile_height: int
    sheet: SheetImage | None
    images: tuple[tuple[int, TileImage], ...] = ()
    alignment: str = "bottomleft"
    fit: str = ""
    offset: tuple[int, int] = (0, 0)


ALIGNMENTS = {  # objectalignment: where a tile object's x and y are, as fractions of its box
    "topleft": (0.0, 0.0), "top": (0.5, 0.0), "topright": (1.0, 0.0),
    "left": (0.0, 0.5), "center": (0.5, 0.5), "right": (1.0, 0.5),
    "bottomleft": (0.0, 1.0), "bottom": (0.5, 1.0), "bottomright": (1.0, 1.0),
}  # fmt: skip


def read_tileset(
    node: Element, base: Path, origin: str, map_name: str, warnings: list[str], images: ImageBudget
) -> Tileset:
    """The checked contents of a <tileset> element (embedded, or the root of a .tsx file).

    Image sizes missing from the element are filled in from the files' headers."""
    name = node.get("name") or origin
    where = f"{map_name}: tileset {name[:60]!r} ({origin})"
    tile_w = int_attr(node, "tilewidth", where, low=1)
    tile_h = int_attr(node, "tileheight", where, low=1)
    if max(tile_w, tile_h) > MAX_TILE_PIXELS:
        raise MapError(f"{where}: tiles above {MAX_TILE_PIXELS} pixels")
    declared = int_attr(node, "tilecount", where, default=0)
    count, walked, sheet = declared, 0, None
    image = node.find("image")
    if image is not None:
        path = require_file(base, image.get("source"), where)
        img_w, img_h, readable = checked_image_size(image, path, where, warnings)
        spacing = int_attr(node, "spacing", where, default=0)
        margin = int_attr(node, "margin", where, default=0)
        columns = (img_w - 2 * margin + spacing) // (tile_w + spacing)
        rows = (img_h - 2 * margin + spacing) // (tile_h + spacing)
        count = max(count, columns * rows)
        walked = _positions(node, img_w, img_h)
        if walked > MAX_TILESET_TILES:
            raise MapError(f"{where}: more than {MAX_TILESET_TILES} tiles")
        if readable:
            columns = int_attr(node, "columns", where, default=0) or max(columns, 0)
            sheet = SheetImage(
                path, img_w, img_h, columns, declared or count, margin, spacing, transparent(image)
            )
    collection: list[tuple[int, TileImage]] = []
    for tile in node.iter("tile"):
        tile_id = int_attr(tile, "id", f"{where} tile")
        count = max(count, tile_id + 1)
        for frame in tile.iter("frame"):
            # An animation frame names a tile of this tileset: it counts toward its size (and its gids).
            count = max(
                count, int_attr(frame, "tileid", f"{where} tile {tile_id} animation frame", low=0) + 1
            )
        if count > MAX_TILESET_TILES:
            break
        for tile_image in tile.findall("image"):
            label = f"{where} tile {tile_id}"
            images.charge(where)
            path = require_file(base, tile_image.get("source"), label)
            width, height, readable = checked_image_size(tile_image, path, label, warnings)
            if max(width, height) > MAX_IMAGE_PIXELS:
                raise MapError(f"{label}: image above {MAX_IMAGE_PIXELS} pixels a side")
            if readable:
                rect = _sub_rectangle(tile, width, height, label)
                collection.append((tile_id, TileImage(path, width, height, transparent(tile_image), rect)))
    if count > MAX_TILESET_TILES:
        raise MapError(f"{where}: more than {MAX_TILESET_TILES} tiles")
    alignment = node.get("objectalignment") or "unspecified"
    if alignment == "unspecified":  # (Tiled's orthogonal default)
        alignment = "bottomleft"
    if alignment not in ALIGNMENTS:
        raise MapError(f"{where}: objectalignment {alignment[:20]!r} is not one of Tiled's")
    fit = ""
    if node.get("tilerendersize") == "grid":  # (Tiled 1.9: tiles drawn at the map's grid size)
        fit = "preserve-aspect-fit" if node.get("fillmode") == "preserve-aspect-fit" else "stretch"
    moved = node.find("tileoffset")
    offset = (0, 0)
    if moved is not None:
        offset = (
            int_attr(moved, "x", where, default=0, low=-MAX_TILE_PIXELS),
            int_attr(moved, "y", where, default=0, low=-MAX_TILE_PIXELS),
        )
        if max(map(abs, offset)) > MAX_TILE_PIXELS:
            raise MapError(f"{where}: a tile offset beyond {MAX_TILE_PIXELS} pixels")
    return Tileset(name, count, walked, tile_w, tile_h, sheet, tuple(collection), alignment, fit, offset)


def _sub_rectangle(tile: Element, width: int, height: int, where: str) -> tuple[int, int, int, int] | None:
    """The part of its image a collection's tile shows (Tiled 1.9 and later write `x`, `y`,
    `width` and `height` on the tile), within the image; None: the whole image."""
    if tile.get("width") is None and tile.get("height") is None:
        return None
    x, y = int_attr(tile, "x", where, default=0, low=0), int_attr(tile, "y", where, default=0, low=0)
    w = int_attr(tile, "width", where, default=width - x, low=1)
    h = int_attr(tile, "height", where, default=height - y, low=1)
    if x + w > width or y + h > height:
        raise MapError(
            f"{where}: its part of the image ({x}, {y}, {w}×{h}) lies outside the {width}×{height} image"
        )
    return x, y, w, h


def checked_image_size(image: Element, path: Path, where: str, warnings: list[str]) -> tuple[int, int, bool]:
    """(width, height, whether it may be decoded) of an <image> (a tileset's, a tile's, an image
    layer's), checked against its header.

    A declared size must be the real one: a tileset that says 32×32 over a file of
    27000×27000 pixels is how an image bomb hides.  A size left out is read from the
    header and written into the element (pytmx needs it).  An image whose header we
    cannot read keeps its declared size and is not drawn (warning); with no size
    declared either, its tiles cannot be counted: refused."""
    declared = (image.get("width"), image.get("height"))
    try:
        real: tuple[int, int] | None = image_size(path)
    except ImageError as err:
        if None in declared:
            raise MapError(
                f"{where}: image {path.name} declares no size and its header cannot be read ({err}); "
                f"use {FORMATS}, or open the tileset in Tiled and save it again"
            ) from None
        warnings.append(f"{where}: image {path.name} is not drawn ({err}; use {FORMATS})")
        real = None
    if None in declared:
        assert real is not None
        width, height = real
        image.set("width", str(width))
        image.set("height", str(height))
    width = int_attr(image, "width", f"{where} image", low=1)
    height = int_attr(image, "height", f"{where} image", low=1)
    if max(width, height) > MAX_IMAGE_PIXELS:
        raise MapError(f"{where}: image above {MAX_IMAGE_PIXELS} pixels a side")
    if real is not None and real != (width, height):
        owner, file = ("the image layer", "the map") if "image layer" in where else ("the tileset",) * 2
        raise MapError(
            f"{where}: image {path.name} is {real[0]}×{real[1]} pixels, but {owner} says "
            f"{width}×{height}; open {file} in Tiled and save it again"
        )
    return width, height, real is not None


def transparent(image: Element) -> tuple[int, int, int] | None:
    """The colour an image's `trans` attribute makes transparent ("ff00ff" or "#ff00ff"), if any."""
    return tiled_colour(image.get("trans"))


def tiled_rgba(raw: str | None) -> tuple[int, int, int, int] | None:
    """A colour as Tiled writes it ("#rrggbb", "rrggbb" or "#aarrggbb") with its alpha (255
    where it gives none), or None for anything else."""
    text = (raw or "").strip().removeprefix("#")
    if len(text) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in text):
        return None
    value = int(text, 16)
    alpha = value >> 24 if len(text) == 8 else 255
    return (value >> 16) & 255, (value >> 8) & 255, value & 255, alpha


def tiled_colour(raw: str | None) -> tuple[int, int, int] | None:
    """A colour as Tiled writes it, its alpha dropped (`tiled_rgba`), or None for anything else."""
    found = tiled_rgba(raw)
    return None if found is None else found[:3]


def _positions(node: Element, width: int, height: int) -> int:
    """How many tile positions pytmx visits in a tileset image.

    pytmx steps from the margin to `size + margin - tile + 1`, so it counts the margin
    differently from Tiled; it is its count that costs time, so it is the one bounded.
    """
    tile_w, tile_h = int(node.get("tilewidth", "1")), int(node.get("tileheight", "1"))
    margin, spacing = int(node.get("margin", "0")), int(node.get("spacing", "0"))
    columns = len(range(margin, width + margin - tile_w + 1, tile_w + spacing))
    rows = len(range(margin, height + margin - tile_h + 1, tile_h + spacing))
    return columns * rows


def require_file(base: Path, source: str | None, where: str) -> Path:
    """The file an image (or other file) of a map names, which must exist; resolved."""
    if not source:
        raise MapError(f"{where}: an image without a source file")
    if not is_regular_file(base / source):  # (a name too long for the system is not there either)
        looked = shorten(os.path.normpath(base / source))
        raise MapError(f"{where}: missing image file {shorten(source)} (looked for {looked})")
    return (base / source).resolve()
