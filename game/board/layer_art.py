"""The map's layers as Tiled shows them, and the `MapArt` a renderer draws from them.

Tiled draws tile, image and object layers in the document's order; a layer inside a
group is hidden with any group around it and faded by each group's opacity (pytmx gives
each layer its own attributes only).  The loader (`game.board.tiled`, the one module that
imports pytmx) reads the tile layers' gids; this module puts every layer in its place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from xml.etree.ElementTree import Element

from game.board.art import (
    CollectionArt,
    ImageLayerArt,
    LayerArt,
    MapArt,
    ObjectTilesArt,
    TileImageArt,
    TilesetArt,
)
from game.board.objects import TileObject
from game.board.preflight import Checked
from game.board.tilesets import tiled_colour, tiled_rgba


def finite_number(raw: object) -> float | None:
    """A finite number from a number or a numeric string, else None."""
    if isinstance(raw, bool):
        return None
    try:
        value = float(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class LayerLook:
    """A tile, image or object layer as Tiled shows it: inside groups, hidden with any group
    around it and faded by each group's opacity (pytmx gives each its own attributes only)."""

    node: Element
    shown: bool
    opacity: float
    groups: tuple[Element, ...]  # the groups around it, outermost first
    tint: tuple[int, int, int] | None = None  # its `tintcolor` times its groups', multiplying its colours
    offset: tuple[float, float] = (0.0, 0.0)  # its offset plus its groups', in map pixels


def layer_looks(root: Element) -> list[LayerLook]:
    """Each tile, image and object layer, in the document's order (pytmx's order of tile
    layers)."""
    found: list[LayerLook] = []

    def walk(
        node: Element,
        shown: bool,
        opacity: float,
        groups: tuple[Element, ...],
        tint: Tint,
        offset: tuple[float, float],
    ) -> None:
        for child in node:
            if child.tag not in ("layer", "imagelayer", "objectgroup", "group"):
                continue
            ox, oy = (finite_number(child.get(f"offset{axis}")) or 0.0 for axis in "xy")
            here_offset = (offset[0] + ox, offset[1] + oy)
            here_shown = shown and child.get("visible", "1") not in ("0", "false")
            here_opacity = opacity * _opacity(child.get("opacity"))
            own = tiled_rgba(child.get("tintcolor"))  # (not a colour: no tint, as Tiled)
            here_tint = _tinted(tint, own[:3] if own is not None else None)
            if own is not None:  # (#aarrggbb: the tint's alpha fades it too)
                here_opacity *= own[3] / 255
            if child.tag == "group":
                walk(child, here_shown, here_opacity, (*groups, child), here_tint, here_offset)
            else:
                found.append(LayerLook(child, here_shown, here_opacity, groups, here_tint, here_offset))

    walk(root, True, 1.0, (), None, (0.0, 0.0))
    return found


Tint = tuple[int, int, int] | None


def _tinted(outer: Tint, own: Tint) -> Tint:
    """A tint within a tinted group: the two multiplied."""
    if outer is None or own is None:
        return own or outer
    return tuple(a * b // 255 for a, b in zip(outer, own, strict=True))  # type: ignore[return-value]


def _opacity(raw: str | None) -> float:
    """A layer's opacity attribute, 0 to 1 (1 when absent or not a number)."""
    value = finite_number(raw) if raw is not None else None
    return 1.0 if value is None else min(1.0, max(0.0, value))


def map_art(
    tile_size: tuple[int, int],
    checked: Checked,
    looks: list[LayerLook],
    tile_layers: list[LayerArt],
    placed: list[TileObject],
) -> MapArt:
    """The tile layers (their gids and flip flags, in order), the image layers, the tiles
    placed as objects, and the tileset images, for renderers, in Tiled's order of layers,
    each shown and faded as Tiled shows it.

    The images are the ones the preflight sized from their headers (never what pytmx
    says), so a renderer only ever decodes an image whose pixels are bounded."""
    tiles_in_order = iter(tile_layers)
    layers: list[LayerArt | ImageLayerArt | ObjectTilesArt] = []
    for look in looks:
        node, shown, opacity = look.node, look.shown, look.opacity
        name = str(node.get("name") or "")
        if node.tag == "objectgroup":  # (its objects were moved by its offset as they were read)
            tiles = tuple((t.raw_gid, *t.box, t.rotation, *t.pivot) for t in placed if t.layer == id(node))
            if tiles:
                layers.append(ObjectTilesArt(name, tiles, shown, opacity, look.tint))
            continue
        if node.tag == "imagelayer":
            image = checked.layer_images.get(id(node))
            if image is not None:  # (an image not decoded was warned of)
                picture = TileImageArt(image.path, (image.width, image.height), image.trans)
                layers.append(ImageLayerArt(name, picture, look.offset, shown, opacity, look.tint))
            continue
        layers.append(
            replace(next(tiles_in_order), visible=shown, opacity=opacity, tint=look.tint, offset=look.offset)
        )
    sheets: list[TilesetArt | CollectionArt] = []
    for tileset in checked.tilesets:
        if tileset.images:
            images = {
                tile: TileImageArt(i.path, (i.width, i.height), i.trans, i.rect) for tile, i in tileset.images
            }
            sheets.append(CollectionArt(tileset.firstgid, tileset.count, images, tileset.fit, tileset.offset))
        sheet = tileset.sheet
        if sheet is None or not sheet.columns:
            continue  # no image, or one we do not decode: its tiles show their terrain
        sheets.append(
            TilesetArt(
                firstgid=tileset.firstgid,
                image=sheet.path,
                tile_width=tileset.tile_width,
                tile_height=tileset.tile_height,
                columns=sheet.columns,
                tilecount=sheet.tilecount,
                margin=sheet.margin,
                spacing=sheet.spacing,
                size=(sheet.width, sheet.height),
                trans=sheet.trans,
                fit=tileset.fit,
                offset=tileset.offset,
            )
        )
    background = tiled_colour(checked.root.get("backgroundcolor"))
    return MapArt(*tile_size, tuple(sheets), tuple(layers), background)
