"""The images of a map's tiles as the view draws them: slices of tileset images (or a
collection's own images), flipped as Tiled's bits say, scaled per zoom, and an image
layer's picture.  An image is decoded only if its header still says the size the map
check bounded (`game.board.images`)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame

from game.board.art import FLIP_D, FLIP_H, FLIP_V, CollectionArt, MapArt, TileImageArt
from game.board.images import ImageError, image_size

MAX_SIZED = 256  # tiles placed as objects kept scaled to their boxes


def resized(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """An image at `size`: enlarged pixel for pixel (tile art stays crisp), shrunk smoothly."""
    if size[0] >= image.get_width():
        return pygame.transform.scale(image, size)
    return pygame.transform.smoothscale(
        image.convert_alpha() if pygame.display.get_surface() else image, size
    )


class TileImages:
    """Slices of tileset images by gid, scaled per zoom (and flipped as Tiled says)."""

    def __init__(self, art: MapArt) -> None:
        self.art = art
        self._sheets: dict[tuple[Path, object], pygame.Surface | None] = {}
        self._scaled: dict[tuple[int, int], pygame.Surface | None] = {}
        self._sized: dict[tuple[int, int, int], pygame.Surface | None] = {}
        self._offsets: dict[tuple[int, int], tuple[int, int]] = {}

    def _sheet(
        self, path: Path, size: tuple[int, int], trans: tuple[int, int, int] | None = None
    ) -> pygame.Surface | None:
        key = (path, trans)
        if key not in self._sheets:
            try:
                # Decode only the image the map check sized: a file swapped since is not decoded.
                if image_size(path) != size:
                    raise ImageError("not the image the map was checked with")
                image = decoded(path)
                if trans is not None:
                    image.set_colorkey(trans)
                self._sheets[key] = image.convert_alpha() if pygame.display.get_surface() else image
            except (pygame.error, OSError, ImageError):
                self._sheets[key] = None
        return self._sheets[key]

    def get(self, raw_gid: int, tile_px: int) -> pygame.Surface | None:
        """The image of a gid (with Tiled's flip bits) at `tile_px`, or None if it has none."""
        key = (raw_gid, tile_px)
        if key in self._scaled:
            return self._scaled[key]
        image = self._unscaled(raw_gid & ~(FLIP_H | FLIP_V | FLIP_D))
        if image is not None:
            if raw_gid & FLIP_D:
                image = pygame.transform.flip(pygame.transform.rotate(image, -90), True, False)
            if raw_gid & (FLIP_H | FLIP_V):
                image = pygame.transform.flip(image, bool(raw_gid & FLIP_H), bool(raw_gid & FLIP_V))
            # Tiles bigger than the map's grid overhang upward, as in Tiled.  Tiles that are not
            # square are stretched to the game's square ones, as the map's grid is.
            sx, sy = tile_px / self.art.tile_width, tile_px / self.art.tile_height
            w, h = image.get_size()
            size = (max(1, round(w * sx)), max(1, round(h * sy)))
            tileset = self.art.tileset_for(raw_gid & ~(FLIP_H | FLIP_V | FLIP_D))
            fit = tileset.fit if tileset is not None else ""
            if fit == "stretch":  # (Tiled 1.9's tile render size "grid")
                size = (tile_px, tile_px)
            elif fit == "preserve-aspect-fit":
                most = tile_px / max(w, h)
                size = (max(1, round(w * most)), max(1, round(h * most)))
            image = resized(image, size)
        self._scaled[key] = image
        return image

    def sized(self, raw_gid: int, size: tuple[int, int]) -> pygame.Surface | None:
        """A gid's tile (flipped as its bits say) scaled to `size` pixels: a tile placed as an
        object, whose box may differ from its tileset's tile size."""
        key = (raw_gid, -size[0], -size[1])  # (kept apart from `get`'s keys)
        if key not in self._sized:
            if len(self._sized) >= MAX_SIZED:  # (thousands of objects of as many sizes)
                self._sized.clear()
            image = self.get(raw_gid, self.art.tile_width)  # flipped, unscaled
            if image is not None and image.get_size() != size:
                image = pygame.transform.smoothscale(
                    image.convert_alpha() if pygame.display.get_surface() else image, size
                )
            self._sized[key] = image
        return self._sized[key]

    def offset(self, gid: int, tile_px: int) -> tuple[int, int]:
        """Pixels a gid's tiles are drawn moved by at `tile_px` (its tileset's `<tileoffset>`)."""
        key = (gid, tile_px)
        found = self._offsets.get(key)
        if found is None:
            tileset = self.art.tileset_for(gid)
            x, y = tileset.offset if tileset is not None else (0, 0)
            found = self._offsets[key] = (
                round(x * tile_px / self.art.tile_width),
                round(y * tile_px / self.art.tile_height),
            )
        return found

    def picture(self, image: TileImageArt) -> pygame.Surface | None:
        """An image layer's picture, decoded once (None if it cannot be)."""
        return self._sheet(image.path, image.size, image.trans)

    def _unscaled(self, gid: int) -> pygame.Surface | None:
        """A gid's tile as its tileset draws it: a slice of a sheet, or a collection's own image."""
        tileset = self.art.tileset_for(gid)
        if isinstance(tileset, CollectionArt):
            entry = tileset.image(gid)
            picture = self._sheet(entry.path, entry.size, entry.trans) if entry is not None else None
            if picture is None or entry is None or entry.rect is None:
                return picture
            return picture.subsurface(entry.rect)  # (checked to lie inside the image)
        if tileset is None:
            return None
        sheet = self._sheet(tileset.image, tileset.size, tileset.trans)
        rect = pygame.Rect(tileset.source_rect(gid))
        if sheet is None or not sheet.get_rect().contains(rect):
            return None
        return sheet.subsurface(rect)


def decoded(path: Path) -> pygame.Surface:
    """`pygame.image.load`, with what the image libraries print themselves kept off the
    process's stderr: libpng writes a line of its own ("libpng error: …") before pygame
    raises, and a damaged image is to cost the map its pictures, not add noise to the one
    line a command may print (the caller shows its terrain instead)."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(quiet, 2)
        finally:
            os.close(quiet)
        return pygame.image.load(str(path))
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def undecodable(art: MapArt) -> list[str]:
    """A warning for each image the map names that the game sized but cannot decode (cut off,
    damaged): its tiles show their terrain.  `check-map` asks, so that a map maker hears of it
    before the window shows the terrain instead."""
    paths: dict[Path, None] = {}
    for tileset in art.tilesets:
        if isinstance(tileset, CollectionArt):
            paths.update(dict.fromkeys(image.path for image in tileset.images.values()))
        else:
            paths[tileset.image] = None
    for layer in art.layers:
        picture = getattr(layer, "image", None)
        if isinstance(picture, TileImageArt):
            paths[picture.path] = None
    found = []
    for path in paths:
        try:
            decoded(path)
        except (pygame.error, OSError) as err:
            why = str(err).splitlines()[0] if str(err).strip() else type(err).__name__
            found.append(f"image {path.name} cannot be decoded ({why}): its tiles show their terrain")
    return found
