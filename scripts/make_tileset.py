"""Draw the terrain tileset and write its Tiled tileset file.

Outputs (paths relative to ``--out-dir``, default: the repository root):

* ``assets/tiles/terrain.png`` -- the tiles, ``COLUMNS`` per row, ``TILE`` px square;
* ``maps/tilesets/battlefield.tsx`` -- the Tiled tileset with each tile's properties
  (``terrain``, ``move_cost``, ``blocks_move``, ``blocks_sight``, ``cover``).

Both come from the one table ``TILES`` below, so art and data stay in sync.  The
drawing is deterministic: shapes are drawn at ``SS`` times the tile size and
scaled down (anti-aliasing), texture noise comes from ``random.Random`` seeded
per tile (only ``random()`` is used, whose sequence Python keeps stable), and the
smoothscale backend is pinned to ``GENERIC``.

Visual language (see docs/tileset.md): light from the top left; open ground is
flat texture; **low cover** is an object standing on visible ground with a short
shadow; **high cover / walls** fill the tile edge to edge (or nearly) and are
darker with strong bevels and long shadows.

Usage::

    python scripts/make_tileset.py [--out-dir DIR] [--preview PNG] [--markdown | --markdown-only]
"""

from __future__ import annotations

import argparse
import math
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TILE = 32  # pixels per tile side in the PNG
SS = 4  # supersampling factor: tiles are drawn at TILE * SS pixels, then scaled down
HI = TILE * SS  # pixels per tile side while drawing
COLUMNS = 8  # tiles per row in the PNG
SEED = 1871  # base seed of every tile's random stream
PNG_PATH = Path("assets/tiles/terrain.png")
TSX_PATH = Path("maps/tilesets/battlefield.tsx")
TSX_IMAGE_SOURCE = "../../assets/tiles/terrain.png"  # relative to the .tsx
COVER_LEVELS = ("none", "low", "high")

Color = tuple[int, int, int]
Point = tuple[float, float]
DARK: Color = (24, 22, 26)  # outlines and deep shadows


# --------------------------------------------------------------------------- colours


def mul(c: Sequence[int], f: float) -> Color:
    """``c`` scaled by ``f`` (lighter above 1, darker below), clamped to 0..255."""
    return (
        min(255, max(0, round(c[0] * f))),
        min(255, max(0, round(c[1] * f))),
        min(255, max(0, round(c[2] * f))),
    )


def mix(a: Sequence[int], b: Sequence[int], t: float) -> Color:
    """Linear blend from ``a`` (t=0) to ``b`` (t=1)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


# --------------------------------------------------------------------------- randomness


class Rand:
    """A seeded random stream built only on ``random.Random.random`` (stable across Pythons)."""

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)

    def u(self, a: float = 0.0, b: float = 1.0) -> float:
        """Uniform float in [a, b)."""
        return a + (b - a) * self._r.random()

    def i(self, a: int, b: int) -> int:
        """Uniform integer in [a, b]."""
        return a + min(b - a, int(self._r.random() * (b - a + 1)))

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        return self._r.random() < p

    def jitter(self, c: Sequence[int], amount: float) -> Color:
        """``c`` with its brightness varied by up to ``amount`` (fraction)."""
        return mul(c, 1.0 + self.u(-amount, amount))


# --------------------------------------------------------------------------- drawing


class Pen:
    """Draws on a supersampled tile in tile-pixel coordinates (0..TILE).

    With ``transpose`` the x and y of every coordinate are swapped, so one drawing
    function serves both orientations of a door; bevels and shadows are applied in
    screen space afterwards, so the light still comes from the top left.
    """

    def __init__(self, surf: pygame.Surface, transpose: bool = False) -> None:
        self.surf = surf
        self.transpose = transpose

    def p(self, x: float, y: float) -> tuple[int, int]:
        """Screen (hi-res) point of tile point (x, y)."""
        if self.transpose:
            x, y = y, x
        return round(x * SS), round(y * SS)

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """Screen (hi-res) rectangle of a tile rectangle."""
        if self.transpose:
            x, y, w, h = y, x, h, w
        return pygame.Rect(round(x * SS), round(y * SS), round(w * SS), round(h * SS))

    def rect(self, color: Sequence[int], x: float, y: float, w: float, h: float, radius: float = 0) -> None:
        """A filled rectangle, optionally with rounded corners."""
        pygame.draw.rect(self.surf, color, self.r(x, y, w, h), border_radius=round(radius * SS))

    def frame(self, color: Sequence[int], x: float, y: float, w: float, h: float, width: float) -> None:
        """A rectangle outline ``width`` tile pixels thick."""
        pygame.draw.rect(self.surf, color, self.r(x, y, w, h), width=max(1, round(width * SS)))

    def circle(self, color: Sequence[int], x: float, y: float, radius: float) -> None:
        """A filled circle."""
        pygame.draw.circle(self.surf, color, self.p(x, y), radius * SS)

    def ring(self, color: Sequence[int], x: float, y: float, radius: float, width: float) -> None:
        """A circle outline."""
        pygame.draw.circle(self.surf, color, self.p(x, y), radius * SS, max(1, round(width * SS)))

    def ellipse(self, color: Sequence[int], x: float, y: float, w: float, h: float) -> None:
        """A filled ellipse in the bounding rectangle (x, y, w, h)."""
        pygame.draw.ellipse(self.surf, color, self.r(x, y, w, h))

    def poly(self, color: Sequence[int], pts: Sequence[Point]) -> None:
        """A filled polygon."""
        pygame.draw.polygon(self.surf, color, [self.p(x, y) for x, y in pts])

    def line(self, color: Sequence[int], a: Point, b: Point, width: float = 1.0) -> None:
        """A straight line ``width`` tile pixels thick."""
        pygame.draw.line(self.surf, color, self.p(*a), self.p(*b), max(1, round(width * SS)))

    def bevel(
        self,
        color: Sequence[int],
        x: float,
        y: float,
        w: float,
        h: float,
        depth: float = 1.0,
        light: float = 1.3,
        dark: float = 0.6,
    ) -> None:
        """A raised block: lit on its top and left edges, shaded on bottom and right."""
        rr = self.r(x, y, w, h)
        d = max(1, round(depth * SS))
        pygame.draw.rect(self.surf, mul(color, dark), rr)
        pygame.draw.rect(self.surf, mul(color, light), (rr.x, rr.y, rr.w - d, rr.h - d))
        pygame.draw.rect(self.surf, color, (rr.x + d, rr.y + d, rr.w - 2 * d, rr.h - 2 * d))

    def shadow(
        self, shape: Callable[[Pen], None], offset: float, alpha: int = 110, blur: float = 1.0
    ) -> None:
        """Cast a soft shadow of ``shape`` (drawn by the callable) towards the bottom right."""
        layer = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        shade = Pen(layer, self.transpose)
        shape(shade)
        # colour the drawn pixels with the shadow colour, keep coverage in alpha
        mask = pygame.mask.from_surface(layer, 1)
        layer = mask.to_surface(setcolor=(*DARK, alpha), unsetcolor=(*DARK, 0))
        if blur > 0:
            layer = pygame.transform.gaussian_blur(layer, max(1, round(blur * SS)))
        o = round(offset * SS)
        self.surf.blit(layer, (o, o))


def wrapped(x: float, y: float, r: float) -> list[Point]:
    """(x, y) plus its copies one tile away wherever a shape of radius r would cross an edge."""
    out = []
    for dx in (-TILE, 0, TILE):
        for dy in (-TILE, 0, TILE):
            if -r <= x + dx <= TILE + r and -r <= y + dy <= TILE + r:
                out.append((x + dx, y + dy))
    return out


def mottle(
    pen: Pen,
    rnd: Rand,
    base: Color,
    spread: float,
    count: int,
    rmin: float,
    rmax: float,
    blur: float = 1.5,
    flat: float = 1.0,
) -> None:
    """Seamless soft blotchy texture: the tile filled with ``base`` and ``count`` blurred blobs."""
    margin = 8
    size = HI + 2 * margin * SS
    canvas = pygame.Surface((size, size))
    canvas.fill(base)
    cpen = Pen(canvas)
    for _ in range(count):
        x, y = rnd.u(0, TILE), rnd.u(0, TILE)
        r = rnd.u(rmin, rmax)
        col = rnd.jitter(base, spread)
        for wx, wy in wrapped(x, y, r + margin):
            cpen.ellipse(col, wx + margin - r, wy + margin - r * flat, 2 * r, 2 * r * flat)
    if blur > 0:
        canvas = pygame.transform.gaussian_blur(canvas, max(1, round(blur * SS)))
    pen.surf.blit(canvas, (0, 0), (margin * SS, margin * SS, HI, HI))


def pebbles(pen: Pen, rnd: Rand, color: Color, count: int, rmin: float, rmax: float) -> None:
    """Small lit stones with tiny shadows, wrapped across the tile edges."""
    for _ in range(count):
        x, y = rnd.u(0, TILE), rnd.u(0, TILE)
        r = rnd.u(rmin, rmax)
        col = rnd.jitter(color, 0.15)
        for wx, wy in wrapped(x, y, r + 1):
            pen.ellipse(mul(col, 0.55), wx - r + 0.5, wy - r * 0.8 + 0.5, 2 * r, 1.6 * r)
            pen.ellipse(col, wx - r, wy - r * 0.8, 2 * r, 1.6 * r)
            pen.ellipse(mul(col, 1.25), wx - r * 0.6, wy - r * 0.6, r, 0.7 * r)


def rivet(pen: Pen, x: float, y: float, color: Color, r: float = 0.9) -> None:
    """A round rivet head lit from the top left."""
    pen.circle(mul(color, 0.5), x + 0.35, y + 0.35, r)
    pen.circle(mul(color, 1.35), x - 0.2, y - 0.2, r * 0.85)
    pen.circle(color, x, y, r * 0.7)


def hazard(pen: Pen, x: float, y: float, w: float, h: float, step: float = 4.0) -> None:
    """Yellow and black diagonal warning stripes filling the rectangle."""
    clip = pen.surf.get_clip()
    pen.surf.set_clip(pen.r(x, y, w, h))
    pen.rect((222, 180, 40), x, y, w, h)
    k = -h
    while k < w + h:
        pen.poly(
            (30, 28, 26),
            [(x + k, y + h), (x + k + step / 2, y + h), (x + k + step / 2 + h, y), (x + k + h, y)],
        )
        k += step
    pen.surf.set_clip(clip)


# --------------------------------------------------------------------------- palette

GRASS: Color = (88, 124, 58)
DIRT: Color = (128, 100, 70)
MUD: Color = (92, 74, 56)
SAND: Color = (206, 180, 128)
STONE: Color = (140, 136, 128)
FLAG: Color = (132, 126, 116)
WOOD: Color = (150, 104, 64)
DECK: Color = (112, 120, 130)
STEEL: Color = (86, 96, 110)
SHALLOW: Color = (72, 138, 156)
DEEP: Color = (30, 58, 104)
ROPE: Color = (176, 42, 38)
LEAF: Color = (56, 104, 48)


# --------------------------------------------------------------------------- grounds


def grass(pen: Pen, rnd: Rand, variant: int = 0) -> None:
    """Mottled grass; variant 1 has clover patches and a few flowers."""
    base = GRASS if variant == 0 else mul(GRASS, 1.04)
    mottle(pen, rnd, base, 0.12, 40, 2, 6)
    for _ in range(70):
        x, y = rnd.u(0, TILE), rnd.u(0, TILE)
        col = mul(base, rnd.u(0.7, 0.85)) if rnd.chance(0.5) else mul(base, rnd.u(1.15, 1.3))
        h = rnd.u(1.5, 3.0)
        lean = rnd.u(-0.8, 0.8)
        for wx, wy in wrapped(x, y, 3):
            pen.line(col, (wx, wy), (wx + lean, wy - h), 0.5)
    if variant == 1:
        for _ in range(3):
            x, y = rnd.u(4, 28), rnd.u(4, 28)
            for _ in range(5):
                pen.circle(mul(base, 1.22), x + rnd.u(-2, 2), y + rnd.u(-2, 2), rnd.u(0.8, 1.3))
        for _ in range(4):
            x, y = rnd.u(3, 29), rnd.u(3, 29)
            petal = (236, 226, 140) if rnd.chance(0.6) else (232, 232, 226)
            pen.circle(mul(petal, 0.6), x + 0.3, y + 0.3, 0.8)
            pen.circle(petal, x, y, 0.7)


def dirt(pen: Pen, rnd: Rand) -> None:
    """Packed earth with pebbles."""
    mottle(pen, rnd, DIRT, 0.1, 36, 2, 6)
    pebbles(pen, rnd, (150, 130, 106), 9, 0.5, 1.1)


def mud(pen: Pen, rnd: Rand) -> None:
    """Wet ground with puddles (difficult)."""
    mottle(pen, rnd, MUD, 0.12, 36, 2, 6)
    for _ in range(4):
        x, y = rnd.u(0, TILE), rnd.u(0, TILE)
        w, h = rnd.u(5, 9), rnd.u(2.5, 4)
        for wx, wy in wrapped(x, y, w):
            pen.ellipse(mul(MUD, 0.72), wx - w / 2, wy - h / 2, w, h)
            pen.ellipse((62, 70, 76), wx - w / 2 + 1, wy - h / 2 + 0.6, w - 2, h - 1.4)
            pen.line((130, 146, 156), (wx - w / 2 + 1.8, wy - h / 2 + 1.1), (wx - 0.5, wy - h / 2 + 1.1), 0.5)
    for _ in range(10):  # boot prints / ridges
        x, y = rnd.u(0, TILE), rnd.u(0, TILE)
        for wx, wy in wrapped(x, y, 2):
            pen.line(mul(MUD, 1.3), (wx, wy), (wx + rnd.u(1, 2.5), wy + rnd.u(-0.5, 0.5)), 0.5)


def rubble(pen: Pen, rnd: Rand) -> None:
    """Rubble and broken stone on earth (difficult ground)."""
    mottle(pen, rnd, mul(DIRT, 0.92), 0.1, 30, 2, 6)
    for _ in range(11):
        x, y = rnd.u(0, TILE), rnd.u(0, TILE)
        r = rnd.u(1.6, 3.4)
        n = rnd.i(5, 7)
        angles = sorted(rnd.u(0, 2 * math.pi) for _ in range(n))
        radii = [r * rnd.u(0.65, 1.0) for _ in range(n)]
        col = rnd.jitter((150, 142, 130), 0.12)
        for wx, wy in wrapped(x, y, r + 1):
            pts = [
                (wx + math.cos(a) * q, wy + math.sin(a) * q * 0.8) for a, q in zip(angles, radii, strict=True)
            ]
            pen.poly(mul(col, 0.45), [(px + 0.7, py + 0.7) for px, py in pts])
            pen.poly(col, pts)
            top = [(px, py) for px, py in pts if (px - wx) + (py - wy) < 0]
            if len(top) >= 2:
                pen.poly(mul(col, 1.3), [(wx, wy), *top])
    pebbles(pen, rnd, (140, 128, 112), 8, 0.4, 0.8)


def sand(pen: Pen, rnd: Rand) -> None:
    """Raked arena sand with faint ripples."""
    mottle(pen, rnd, SAND, 0.06, 30, 2, 6)
    for k in range(4):
        y0 = 4 + k * 8 + rnd.u(-1, 1)
        pts = [(x, y0 + math.sin((x + k * 5) / 32 * 2 * math.pi) * 1.2) for x in range(0, TILE + 1, 2)]
        for a, b in zip(pts, pts[1:], strict=False):
            pen.line(mul(SAND, 0.9), a, b, 0.6)
            pen.line(mul(SAND, 1.08), (a[0], a[1] - 0.6), (b[0], b[1] - 0.6), 0.5)


def shallow_water(pen: Pen, rnd: Rand) -> None:
    """Wadeable water: sandy bottom visible through a teal surface, ripples."""
    mottle(pen, rnd, SHALLOW, 0.08, 30, 3, 7)
    for _ in range(7):
        x, y = rnd.u(0, TILE), rnd.u(0, TILE)
        r = rnd.u(0.7, 1.4)
        for wx, wy in wrapped(x, y, r):
            pen.ellipse(mix(SHALLOW, SAND, 0.35), wx - r, wy - r * 0.7, 2 * r, 1.4 * r)
    for _ in range(7):
        x, y = rnd.u(0, TILE), rnd.u(0, TILE)
        w = rnd.u(3, 6)
        for wx, wy in wrapped(x, y, w):
            pen.line((150, 204, 214), (wx, wy), (wx + w * 0.5, wy - 0.7), 0.6)
            pen.line((150, 204, 214), (wx + w * 0.5, wy - 0.7), (wx + w, wy), 0.6)


def deep_water(pen: Pen, rnd: Rand) -> None:
    """Deep water (impassable): dark blue with wave crests."""
    mottle(pen, rnd, DEEP, 0.12, 36, 3, 7)
    for _ in range(8):
        x, y = rnd.u(0, TILE), rnd.u(0, TILE)
        w = rnd.u(3, 5.5)
        for wx, wy in wrapped(x, y, w):
            pen.line(mul(DEEP, 0.7), (wx, wy + 0.8), (wx + w, wy + 0.8), 0.6)
            pen.line((92, 134, 186), (wx, wy), (wx + w * 0.5, wy - 0.9), 0.7)
            pen.line((92, 134, 186), (wx + w * 0.5, wy - 0.9), (wx + w, wy), 0.7)


def wood_floor(pen: Pen, rnd: Rand) -> None:
    """Tavern floor: four rows of planks with staggered joints, grain and nails."""
    for row in range(4):
        y = row * 8
        joint = (row * 13 + 5) % 32
        for x0, x1 in ((joint - 32, joint), (joint, joint + 32)):
            col = rnd.jitter(WOOD, 0.1)
            pen.rect(col, x0, y, x1 - x0, 8)
            for _ in range(3):
                gy = y + rnd.u(1.5, 6.5)
                pen.line(mul(col, 0.86), (x0 + 1, gy), (x1 - 1, gy + rnd.u(-0.4, 0.4)), 0.4)
            pen.line(mul(col, 1.18), (x0, y + 0.4), (x1, y + 0.4), 0.5)
            for nx in (x0 + 1.5, x1 - 1.5):
                pen.circle(mul(col, 0.55), nx, y + 2.2, 0.45)
                pen.circle(mul(col, 0.55), nx, y + 5.8, 0.45)
        pen.line(mul(WOOD, 0.45), (0, y + 7.6), (TILE, y + 7.6), 0.7)
        pen.line(mul(WOOD, 0.45), (joint, y), (joint, y + 8), 0.6)


def flagstones(pen: Pen, rnd: Rand) -> None:
    """Stone-slab floor: a two-by-two pattern of slightly uneven flags."""
    pen.rect(mul(FLAG, 0.55), 0, 0, TILE, TILE)
    slabs = [(0, 0, 18, 14), (18, 0, 14, 14), (0, 14, 12, 18), (12, 14, 20, 18)]
    for x, y, w, h in slabs:
        col = rnd.jitter(FLAG, 0.08)
        pen.bevel(col, x + 0.6, y + 0.6, w - 1.2, h - 1.2, depth=0.8, light=1.12, dark=0.82)
        for _ in range(3):
            cx, cy = rnd.u(x + 2, x + w - 2), rnd.u(y + 2, y + h - 2)
            pen.circle(mul(col, rnd.u(0.9, 1.08)), cx, cy, rnd.u(1, 2.5))
    x = rnd.u(14, 24)  # a crack in the big slab
    pen.line(mul(FLAG, 0.6), (x, 18), (x + 2, 22), 0.5)
    pen.line(mul(FLAG, 0.6), (x + 2, 22), (x + 1, 26), 0.5)


def metal_deck(pen: Pen, rnd: Rand, variant: int = 0) -> None:
    """Ship's deck: variant 0 riveted plates, variant 1 diamond tread plate."""
    if variant == 0:
        for x, y in ((0, 0), (16, 0), (0, 16), (16, 16)):
            col = rnd.jitter(DECK, 0.04)
            pen.bevel(col, x, y, 16, 16, depth=0.7, light=1.15, dark=0.7)
            for rx, ry in ((2.5, 2.5), (13.5, 2.5), (2.5, 13.5), (13.5, 13.5)):
                rivet(pen, x + rx, y + ry, col, 0.7)
        for _ in range(4):  # scuffs
            x, y = rnd.u(2, 30), rnd.u(2, 30)
            pen.line(mul(DECK, 0.88), (x, y), (x + rnd.u(2, 4), y + rnd.u(-1, 1)), 0.4)
    else:
        base = mul(DECK, 0.95)
        pen.rect(base, 0, 0, TILE, TILE)
        for row in range(8):
            for colm in range(4):
                cx = colm * 8 + (4 if row % 2 else 0) + 2
                cy = row * 4 + 2
                ang = 1 if row % 2 else -1
                a, b = (cx - 1.6, cy + 1.1 * ang), (cx + 1.6, cy - 1.1 * ang)
                for wx in (cx - TILE, cx, cx + TILE):
                    dx = wx - cx
                    pen.line(
                        mul(base, 0.62), (a[0] + dx + 0.5, a[1] + 0.5), (b[0] + dx + 0.5, b[1] + 0.5), 1.4
                    )
                    pen.line(mul(base, 1.3), (a[0] + dx, a[1]), (b[0] + dx, b[1]), 1.2)
                    pen.line(
                        mul(base, 1.08), (a[0] + dx + 0.2, a[1] + 0.2), (b[0] + dx + 0.2, b[1] + 0.2), 0.5
                    )
        pen.line(mul(base, 0.6), (0, TILE - 0.4), (TILE, TILE - 0.4), 0.8)
        pen.line(mul(base, 0.6), (TILE - 0.4, 0), (TILE - 0.4, TILE), 0.8)
        pen.line(mul(base, 1.2), (0, 0.3), (TILE, 0.3), 0.6)
        pen.line(mul(base, 1.2), (0.3, 0), (0.3, TILE), 0.6)


def grating(pen: Pen, rnd: Rand) -> None:
    """Open floor grating over a dark void."""
    pen.rect((26, 28, 34), 0, 0, TILE, TILE)
    for _ in range(6):  # pipes glimpsed below
        y = rnd.u(2, 30)
        pen.line((44, 50, 58), (0, y), (TILE, y), rnd.u(0.8, 1.6))
    bar = mul(DECK, 0.95)
    for k in range(8):
        v = k * 4 + 1
        pen.rect(mul(bar, 0.6), v + 0.5, 0, 1.3, TILE)
        pen.rect(bar, v, 0, 1.3, TILE)
    for k in range(4):
        v = k * 8 + 3
        pen.rect(mul(bar, 0.6), 0, v + 0.5, TILE, 1.3)
        pen.rect(mul(bar, 1.12), 0, v, TILE, 1.3)
    pen.frame(mul(bar, 0.75), 0, 0, TILE, TILE, 0.8)


def ring_rope(pen: Pen, rnd: Rand) -> None:
    """The duel ring's rope across sand (draw with ``transpose`` for the vertical piece)."""
    sand(pen, rnd)

    def rope_shape(p: Pen) -> None:
        p.rect((0, 0, 0), 0, 13, TILE, 5)

    pen.shadow(rope_shape, 1.5, alpha=120, blur=0.6)
    for y in (13.2, 15.8):
        pen.rect(mul(ROPE, 0.55), 0, y, TILE, 2.4)
        pen.rect(ROPE, 0, y, TILE, 1.9)
        for k in range(0, TILE, 4):  # twist
            pen.line((228, 214, 200), (k, y + 1.8), (k + 1.6, y + 0.1), 0.6)
        pen.line(mul(ROPE, 1.35), (0, y + 0.3), (TILE, y + 0.3), 0.4)


def ring_post(pen: Pen, rnd: Rand) -> None:
    """A padded corner post of the duel ring."""
    sand(pen, rnd)

    def post_shape(p: Pen) -> None:
        p.rect((0, 0, 0), 9, 9, 14, 14, radius=3)

    pen.shadow(post_shape, 3, alpha=130, blur=1)
    pad = (44, 64, 140)
    pen.rect(mul(pad, 0.5), 9, 9, 14, 14, radius=3)
    pen.rect(mul(pad, 1.3), 9, 9, 13, 13, radius=3)
    pen.rect(pad, 10, 10, 12, 12, radius=3)
    pen.circle(mul(pad, 1.5), 13.5, 13.5, 1.6)
    pen.ring(mul(pad, 0.7), 16, 16, 3.5, 0.6)


# --------------------------------------------------------------------------- low cover


def crate_box(pen: Pen, rnd: Rand, x: float, y: float, s: float, col: Color) -> None:
    """A wooden crate seen from above: plank frame and diagonal brace."""
    pen.rect(DARK, x - 0.5, y - 0.5, s + 1, s + 1, radius=1)
    pen.bevel(col, x, y, s, s, depth=1.0, light=1.25, dark=0.6)
    inner = mul(col, 0.86)
    b = s * 0.16
    pen.rect(inner, x + b, y + b, s - 2 * b, s - 2 * b)
    for k in range(1, 3):
        yy = y + b + (s - 2 * b) * k / 3
        pen.line(mul(col, 0.62), (x + b, yy), (x + s - b, yy), 0.5)
    pen.line(mul(col, 0.55), (x + b + 0.6, y + b + 0.9), (x + s - b + 0.6, y + s - b + 0.9), 1.2)
    pen.line(mul(col, 1.15), (x + b, y + b), (x + s - b, y + s - b), 1.0)
    for cx, cy in ((x + b / 2, y + b / 2), (x + s - b / 2, y + b / 2), (x + b / 2, y + s - b / 2)):
        pen.circle(mul(col, 0.5), cx, cy, 0.5)


def crates(pen: Pen, rnd: Rand) -> None:
    """A big and a small wooden crate on dirt."""
    dirt(pen, rnd)

    def shape(p: Pen) -> None:
        p.rect((0, 0, 0), 2.5, 3, 21, 21, radius=1)
        p.rect((0, 0, 0), 17.5, 15.5, 12, 12, radius=1)

    pen.shadow(shape, 2.2, alpha=140, blur=0.7)
    crate_box(pen, rnd, 2.5, 3, 21, (176, 128, 72))
    crate_box(pen, rnd, 17.5, 15.5, 12, (162, 116, 66))


def cargo(pen: Pen, rnd: Rand) -> None:
    """Stacked cargo boxes on a metal deck (spaceship low cover)."""
    metal_deck(pen, rnd, 0)

    def shape(p: Pen) -> None:
        p.rect((0, 0, 0), 3, 6, 22, 16, radius=1)
        p.rect((0, 0, 0), 14, 20, 14, 9, radius=1)

    pen.shadow(shape, 2.2, alpha=140, blur=0.7)
    for x, y, w, h, col in ((3, 6, 22, 16, (96, 118, 74)), (14, 20, 14, 9, (150, 92, 52))):
        pen.rect(DARK, x - 0.5, y - 0.5, w + 1, h + 1, radius=1)
        pen.bevel(col, x, y, w, h, depth=1.0, light=1.3, dark=0.58)
        pen.frame(mul(col, 0.7), x + 1.6, y + 1.6, w - 3.2, h - 3.2, 0.5)
        for k in range(1, 4):
            pen.line(
                mul(col, 0.8),
                (x + 1.6 + (w - 3.2) * k / 4, y + 1.8),
                (x + 1.6 + (w - 3.2) * k / 4, y + h - 1.8),
                0.4,
            )
    hazard(pen, 4, 7, 4, 3, 2.5)
    pen.rect((232, 230, 220), 17, 11, 6, 2)
    pen.rect(mul((96, 118, 74), 0.8), 17.5, 11.5, 1.5, 1)


def barrels(pen: Pen, rnd: Rand) -> None:
    """Two wooden barrels seen from above on dirt."""
    dirt(pen, rnd)

    def shape(p: Pen) -> None:
        p.circle((0, 0, 0), 11.5, 12, 8.6)
        p.circle((0, 0, 0), 21.5, 21.5, 7.6)

    pen.shadow(shape, 2.2, alpha=140, blur=0.7)
    for cx, cy, r in ((11.5, 12, 8.2), (21.5, 21.5, 7.2)):
        wood = rnd.jitter((158, 106, 60), 0.05)
        pen.circle(DARK, cx, cy, r + 0.5)
        pen.circle((96, 98, 104), cx, cy, r)  # iron hoop
        pen.circle(mul((96, 98, 104), 1.5), cx - 0.5, cy - 0.5, r - 0.6)
        pen.circle(mul(wood, 0.7), cx, cy, r - 1.3)
        pen.circle(wood, cx - 0.3, cy - 0.3, r - 1.9)
        for k in range(-2, 3):
            pen.line(
                mul(wood, 0.72), (cx + k * r * 0.3, cy - r + 2.6), (cx + k * r * 0.3, cy + r - 2.6), 0.35
            )
        pen.circle(mul(wood, 0.55), cx + r * 0.25, cy + r * 0.2, 0.9)  # bung


def sandbags(pen: Pen, rnd: Rand) -> None:
    """Three staggered courses of sandbags on dirt."""
    dirt(pen, rnd)

    def shape(p: Pen) -> None:
        p.rect((0, 0, 0), 2, 7, 28, 19, radius=4)

    pen.shadow(shape, 2.2, alpha=140, blur=0.8)
    bag = (178, 160, 112)
    for row in range(3):
        y = 7 + row * 6.3
        off = 0 if row % 2 == 0 else -4.7
        for k in range(4):
            x = 2 + off + k * 9.4
            x0, x1 = max(1.5, x), min(30.5, x + 9.2)
            if x1 - x0 < 4:
                continue
            col = rnd.jitter(bag, 0.05)
            pen.ellipse(DARK, x0 - 0.4, y - 0.4, x1 - x0 + 0.8, 7.2)
            pen.ellipse(mul(col, 0.7), x0, y, x1 - x0, 6.5)
            pen.ellipse(col, x0, y, x1 - x0 - 0.6, 5.8)
            pen.ellipse(mul(col, 1.15), x0 + 1.2, y + 0.8, (x1 - x0) * 0.55, 2.2)
            pen.line(mul(col, 0.7), (x1 - 1.5, y + 1.5), (x1 - 1.5, y + 5), 0.4)


def low_wall(pen: Pen, rnd: Rand) -> None:
    """A waist-high dry-stone wall block on grass, with a capstone course."""
    grass(pen, rnd)

    def shape(p: Pen) -> None:
        p.rect((0, 0, 0), 3, 4, 26, 23, radius=2)

    pen.shadow(shape, 2.5, alpha=150, blur=0.8)
    pen.rect(DARK, 2.5, 3.5, 27, 24, radius=2)
    pen.rect(mul(STONE, 0.62), 3, 4, 26, 23, radius=2)
    rows = [(4.5, 5.5), (10.5, 5.5), (16.5, 5.0), (22, 4.5)]
    for ri, (y, h) in enumerate(rows):
        x = 3.6 + (0 if ri % 2 == 0 else -3.5)
        while x < 28.4:
            w = rnd.u(5.5, 8.5)
            x0, x1 = max(3.6, x), min(28.4, x + w)
            if x1 - x0 > 1.5:
                pen.bevel(
                    rnd.jitter(STONE, 0.09), x0, y, x1 - x0 - 0.7, h - 0.7, depth=0.9, light=1.3, dark=0.62
                )
            x += w


def hedge(pen: Pen, rnd: Rand) -> None:
    """A clipped hedge on grass, leafy edged: passable with effort, low cover."""
    grass(pen, rnd)
    green = (60, 108, 44)
    edge = []
    for k in range(24):  # leafy bumps around a rounded rectangle
        a = 2 * math.pi * k / 24
        x = 16 + max(-12.0, min(12.0, math.cos(a) * 17))
        y = 16 + max(-10.5, min(10.5, math.sin(a) * 17))
        edge.append((x, y, rnd.u(2.4, 3.2)))

    def shape(p: Pen) -> None:
        p.rect((0, 0, 0), 4, 5.5, 24, 21)
        for x, y, r in edge:
            p.circle((0, 0, 0), x, y, r)

    pen.shadow(shape, 2.0, alpha=150, blur=0.8)
    for x, y, r in edge:
        pen.circle(DARK, x, y, r + 0.5)
    for x, y, r in edge:
        pen.circle(mul(green, 0.7), x, y, r)
    pen.rect(mul(green, 0.7), 4, 5.5, 24, 21)
    for x, y, r in edge:
        lit = 1.0 + 0.25 * (-(x - 16) - (y - 16)) / 14
        pen.circle(mul(green, lit), x - 0.5, y - 0.5, r - 0.7)
    pen.rect(green, 4.5, 6, 23, 20)
    for _ in range(110):  # leaf texture
        x, y = rnd.u(3, 29), rnd.u(4.5, 27.5)
        c = mul(green, rnd.u(0.75, 1.3))
        pen.circle(c, x, y, rnd.u(0.5, 1.0))


def table(pen: Pen, rnd: Rand) -> None:
    """A tavern trestle table with two tankards, on the plank floor."""
    wood_floor(pen, rnd)

    def shape(p: Pen) -> None:
        p.rect((0, 0, 0), 3, 7, 26, 17, radius=1)

    pen.shadow(shape, 2.5, alpha=150, blur=0.8)
    top = (120, 78, 44)
    pen.rect(DARK, 2.5, 6.5, 27, 18, radius=1)
    pen.bevel(top, 3, 7, 26, 17, depth=1.0, light=1.3, dark=0.62)
    for k in range(1, 3):
        pen.line(mul(top, 0.65), (3.5, 7 + 17 * k / 3), (28.5, 7 + 17 * k / 3), 0.6)
    for cx, cy in ((9, 12), (22, 18.5)):
        pen.circle(mul(DARK, 1.0), cx + 0.6, cy + 0.6, 2.4)
        pen.circle((168, 170, 176), cx, cy, 2.2)
        pen.circle((226, 218, 190), cx - 0.2, cy - 0.2, 1.5)
        pen.rect((140, 142, 150), cx + 1.8, cy - 0.6, 1.4, 1.2)
    pen.ellipse((216, 198, 150), 14, 16.5, 4, 2.5)  # a plate


def console(pen: Pen, rnd: Rand) -> None:
    """A computer console on the deck: sloped desk with a glowing screen."""
    metal_deck(pen, rnd, 1)

    def shape(p: Pen) -> None:
        p.rect((0, 0, 0), 3, 6, 26, 19, radius=2)

    pen.shadow(shape, 2.5, alpha=150, blur=0.8)
    body = (70, 78, 92)
    pen.rect(DARK, 2.5, 5.5, 27, 20, radius=2)
    pen.bevel(body, 3, 6, 26, 19, depth=1.0, light=1.35, dark=0.6)
    pen.rect((16, 24, 30), 5, 8, 22, 8, radius=1)
    pen.rect((40, 170, 180), 5.8, 8.8, 20.4, 6.4)
    for k in range(3):
        pen.line((150, 240, 236), (7, 10.3 + k * 1.7), (7 + rnd.u(6, 16), 10.3 + k * 1.7), 0.6)
    pen.line((210, 255, 250), (6, 9), (25, 9), 0.3)
    for k, c in enumerate(((220, 70, 60), (236, 200, 60), (80, 200, 110), (80, 150, 230))):
        rivet(pen, 7.5 + k * 4, 20.5, c, 1.1)
    pen.rect((40, 44, 52), 23, 18.5, 4, 4, radius=1)


# --------------------------------------------------------------------------- high cover


def stone_blocks(pen: Pen, rnd: Rand, rect: pygame.Rect, base: Color, course: float = 8.0) -> None:
    """Masonry of bevelled blocks filling a *screen-space* rectangle (hi-res pixels)."""
    screen = Pen(pen.surf)  # untransposed: masonry courses always run horizontally
    x0, y0, w0, h0 = rect.x / SS, rect.y / SS, rect.w / SS, rect.h / SS
    clip = pen.surf.get_clip()
    pen.surf.set_clip(rect)
    screen.rect(mul(base, 0.45), x0, y0, w0, h0)
    y = 0.0
    row = 0
    while y < TILE:
        x = -rnd.u(0, 6) - (4 if row % 2 else 0)
        while x < TILE:
            w = rnd.u(7, 12)
            screen.bevel(rnd.jitter(base, 0.08), x + 0.4, y + 0.4, w - 0.8, course - 0.8, 1.0, 1.28, 0.62)
            if rnd.chance(0.3):
                cx, cy = x + rnd.u(2, w - 2), y + rnd.u(2, course - 2)
                screen.circle(mul(base, 0.85), cx, cy, rnd.u(0.6, 1.2))
            x += w
        y += course
        row += 1
    pen.surf.set_clip(clip)


def stone_wall(pen: Pen, rnd: Rand) -> None:
    """Full-height masonry wall: blocks movement and sight."""
    stone_blocks(pen, rnd, pygame.Rect(0, 0, HI, HI), mul(STONE, 0.82))


def timber_wall(pen: Pen, rnd: Rand) -> None:
    """A tavern's heavy timber wall: dark horizontal beams with pegs."""
    pen.rect((30, 20, 14), 0, 0, TILE, TILE)
    for k in range(4):
        col = rnd.jitter((96, 62, 36), 0.08)
        pen.bevel(col, 0, k * 8 + 0.5, TILE, 7.2, depth=1.1, light=1.35, dark=0.55)
        for _ in range(2):
            gy = k * 8 + rnd.u(2.5, 5.5)
            pen.line(mul(col, 0.78), (1, gy), (TILE - 1, gy + rnd.u(-0.5, 0.5)), 0.5)
    for x in (3, 19):
        pen.rect((52, 34, 22), x, 0, 8, TILE)
        pen.rect((78, 52, 32), x + 0.5, 0, 6.5, TILE)
        pen.line((104, 72, 44), (x + 1, 0), (x + 1, TILE), 0.8)
        for y in (4, 20):
            rivet(pen, x + 4, y, (70, 50, 34), 1.0)


def bulkhead(pen: Pen, rnd: Rand) -> None:
    """A spaceship's armoured bulkhead: heavy steel plate with ribs."""
    pen.rect(mul(STEEL, 0.4), 0, 0, TILE, TILE)
    pen.bevel(STEEL, 0.5, 0.5, TILE - 1, TILE - 1, depth=1.6, light=1.35, dark=0.55)
    pen.bevel(mul(STEEL, 0.92), 4, 4, 24, 24, depth=1.0, light=0.75, dark=1.25)
    for y in (9, 15, 21):
        pen.rect(mul(STEEL, 0.7), 6, y + 0.6, 20, 2.2)
        pen.rect(mul(STEEL, 1.15), 6, y, 20, 2.0)
    for x, y in (
        (2.3, 2.3),
        (29.7, 2.3),
        (2.3, 29.7),
        (29.7, 29.7),
        (16, 2.3),
        (16, 29.7),
        (2.3, 16),
        (29.7, 16),
    ):
        rivet(pen, x, y, STEEL, 0.9)


def pillar(pen: Pen, rnd: Rand) -> None:
    """A thick round stone column on flagstones: blocks movement and sight."""
    flagstones(pen, rnd)

    def shape(p: Pen) -> None:
        p.circle((0, 0, 0), 16, 16, 14.5)

    pen.shadow(shape, 3.5, alpha=170, blur=1.2)
    pen.circle(DARK, 16, 16, 14.6)
    steps = 14
    for k in range(steps):  # radial shading, brightest towards the top left
        t = k / steps
        r = 14 * (1 - t * 0.9)
        pen.circle(mix(mul(STONE, 0.6), mul(STONE, 1.35), t), 16 - t * 4.5, 16 - t * 4.5, r)
    pen.ring(mul(STONE, 0.5), 16, 16, 10.5, 0.5)


def strut(pen: Pen, rnd: Rand) -> None:
    """A square steel support strut on the deck: blocks movement and sight."""
    metal_deck(pen, rnd, 0)

    def shape(p: Pen) -> None:
        p.rect((0, 0, 0), 3, 3, 26, 26, radius=2)

    pen.shadow(shape, 3.5, alpha=170, blur=1.2)
    pen.rect(DARK, 2.5, 2.5, 27, 27, radius=2)
    pen.bevel(STEEL, 3, 3, 26, 26, depth=2.2, light=1.45, dark=0.5)
    pen.bevel(mul(STEEL, 0.85), 9, 9, 14, 14, depth=1.0, light=0.7, dark=1.3)
    hazard(pen, 5.5, 5.5, 3, 3, 2)
    hazard(pen, 23.5, 23.5, 3, 3, 2)
    for x, y in ((7, 25), (25, 7)):
        rivet(pen, x, y, STEEL, 1.0)


def boulder(pen: Pen, rnd: Rand) -> None:
    """A great rock filling the tile, on grass."""
    grass(pen, rnd)
    n = 11
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n + rnd.u(-0.15, 0.15)
        q = rnd.u(12.5, 15.2)
        pts.append((16 + math.cos(a) * q, 16.5 + math.sin(a) * q))

    def shape(p: Pen) -> None:
        p.poly((0, 0, 0), pts)

    pen.shadow(shape, 3.5, alpha=170, blur=1.2)
    rock = (128, 124, 118)
    pen.poly(DARK, [(16 + (x - 16) * 1.05, 16.5 + (y - 16.5) * 1.05) for x, y in pts])
    pen.poly(mul(rock, 0.62), pts)
    inner = [(16 + (x - 16) * 0.8 - 1.5, 16.5 + (y - 16.5) * 0.8 - 1.5) for x, y in pts]
    for k in range(n):  # facets between the rim and the crown
        a, b = pts[k], pts[(k + 1) % n]
        c, d = inner[(k + 1) % n], inner[k]
        mx, my = (a[0] + b[0]) / 2 - 16, (a[1] + b[1]) / 2 - 16.5
        lit = -(mx + my) / 21  # facing the top left -> positive
        pen.poly(mul(rock, 1.0 + 0.35 * lit), [a, b, c, d])
    pen.poly(mul(rock, 1.12), inner)
    pen.poly(mul(rock, 1.28), [(16 + (x - 16) * 0.45 - 3, 16.5 + (y - 16.5) * 0.45 - 3) for x, y in pts])
    for _ in range(3):
        x, y = rnd.u(10, 22), rnd.u(10, 22)
        pen.line(mul(rock, 0.6), (x, y), (x + rnd.u(-3, 3), y + rnd.u(2, 4)), 0.5)


def tree(pen: Pen, rnd: Rand) -> None:
    """A broad tree crown seen from above, filling the tile over grass."""
    grass(pen, rnd)
    lobes = [
        (16 + math.cos(a) * 9.5, 16 + math.sin(a) * 9.5)
        for a in (k * 2 * math.pi / 8 + 0.2 for k in range(8))
    ]

    def shape(p: Pen) -> None:
        for x, y in lobes:
            p.circle((0, 0, 0), x, y, 7.0)
        p.circle((0, 0, 0), 16, 16, 12)

    pen.shadow(shape, 3.0, alpha=180, blur=1.2)
    crown = (40, 86, 40)
    for x, y in lobes:
        pen.circle(DARK, x, y, 7.4)
    pen.circle(DARK, 16, 16, 12.4)
    for x, y in lobes:
        pen.circle(mul(crown, 0.6), x, y, 7.0)
    pen.circle(mul(crown, 0.6), 16, 16, 12)
    for x, y in lobes:
        lit = 1.0 + 0.35 * (-(x - 16) - (y - 16)) / 13
        pen.circle(mul(crown, lit), x - 1.0, y - 1.0, 5.6)
    pen.circle(crown, 15, 15, 9)
    for _ in range(70):
        a, q = rnd.u(0, 2 * math.pi), rnd.u(0, 14)
        x, y = 16 + math.cos(a) * q, 16 + math.sin(a) * q
        lit = 1.0 + 0.45 * (-(x - 16) - (y - 16)) / 16
        pen.circle(mul(crown, 0.75 * lit), x + 0.5, y + 0.5, rnd.u(1.0, 1.8))
        pen.circle(mul(crown, lit * rnd.u(1.0, 1.2)), x, y, rnd.u(0.9, 1.6))


def machinery(pen: Pen, rnd: Rand) -> None:
    """A bulky engine block with vents and pipes, on the deck."""
    metal_deck(pen, rnd, 1)

    def shape(p: Pen) -> None:
        p.rect((0, 0, 0), 2, 2, 28, 28, radius=2)

    pen.shadow(shape, 3.5, alpha=170, blur=1.2)
    body = (92, 86, 70)
    pen.rect(DARK, 1.5, 1.5, 29, 29, radius=2)
    pen.bevel(body, 2, 2, 28, 28, depth=2.0, light=1.4, dark=0.5)
    for k in range(5):  # vents
        pen.rect(mul(body, 0.45), 6, 6 + k * 2.6, 11, 1.4)
        pen.rect(mul(body, 1.3), 6, 6 + k * 2.6 + 1.4, 11, 0.5)
    pen.circle(DARK, 23.5, 10, 4.5)
    pen.circle((170, 60, 40), 23.5, 10, 3.8)
    pen.circle((246, 140, 90), 22.5, 9, 1.4)
    for y, c in ((21, (150, 156, 164)), (25, (180, 120, 60))):
        pen.rect(mul(c, 0.5), 4, y + 0.7, 24, 2.6)
        pen.rect(c, 4, y, 24, 2.4)
        pen.rect(mul(c, 1.3), 4, y + 0.3, 24, 0.6)
    hazard(pen, 20, 15.5, 8, 2.5, 2.5)


# --------------------------------------------------------------------------- doors


def door(pen: Pen, rnd: Rand, closed: bool) -> None:
    """A wooden door in a stone wall running left-right (``transpose`` for up-down walls)."""
    flagstones(pen, rnd)
    # stone jambs at both ends of the opening
    for x in (0, 26):
        stone_blocks(pen, rnd, pen.r(x, 0, 6, TILE), mul(STONE, 0.82))
        pen.rect(DARK, x + (5.5 if x == 0 else 0), 0, 0.6, TILE)
    wood = (132, 86, 46)
    if closed:

        def shape(p: Pen) -> None:
            p.rect((0, 0, 0), 6, 9, 20, 14)

        pen.shadow(shape, 2.0, alpha=150, blur=0.8)
        pen.rect(DARK, 6, 8.5, 20, 15)
        for k in range(4):
            pen.bevel(rnd.jitter(wood, 0.06), 6 + k * 5, 9, 5, 14, depth=0.8, light=1.25, dark=0.65)
        for y in (11, 19):
            pen.rect((60, 60, 66), 6, y, 20, 2)
            pen.rect((112, 112, 120), 6, y, 20, 0.7)
        rivet(pen, 22.5, 16, (190, 160, 80), 1.2)  # ring handle
    else:

        def leaf(p: Pen) -> None:
            p.rect((0, 0, 0), 6.2, 11, 3.2, 17)

        pen.rect(mul(FLAG, 0.7), 6, 13, 20, 6)  # worn threshold
        pen.rect(mul(FLAG, 0.9), 6, 13, 20, 0.8)
        pen.shadow(leaf, 1.5, alpha=150, blur=0.6)
        pen.rect(DARK, 5.8, 10.6, 4, 17.8)
        pen.bevel(wood, 6.2, 11, 3.2, 17, depth=0.7, light=1.3, dark=0.6)


def hatch(pen: Pen, rnd: Rand, closed: bool) -> None:
    """A sliding spaceship door in a bulkhead running left-right (``transpose`` for up-down)."""
    metal_deck(pen, rnd, 1)
    for x in (0, 25):
        pen.bevel(STEEL, x, 0, 7, TILE, depth=1.4, light=1.35, dark=0.55)
        rivet(pen, x + 3.5, 4, STEEL, 0.9)
        rivet(pen, x + 3.5, 28, STEEL, 0.9)
    lamp = (220, 60, 50) if closed else (70, 220, 110)
    for x in (3.5, 28.5):
        pen.circle(DARK, x, 16, 1.9)
        pen.circle(lamp, x, 16, 1.5)
        pen.circle(mix(lamp, (255, 255, 255), 0.6), x - 0.5, 15.5, 0.6)
    if closed:

        def shape(p: Pen) -> None:
            p.rect((0, 0, 0), 7, 6, 18, 20)

        pen.shadow(shape, 2.0, alpha=150, blur=0.8)
        panel = (120, 130, 142)
        pen.rect(DARK, 7, 5.5, 18, 21)
        pen.bevel(panel, 7, 6, 9, 20, depth=1.0, light=1.3, dark=0.6)
        pen.bevel(panel, 16, 6, 9, 20, depth=1.0, light=1.3, dark=0.6)
        hazard(pen, 8.5, 13.5, 15, 5, 3)
        pen.line(DARK, (16, 6), (16, 26), 0.8)
    else:
        pen.rect(mul(STEEL, 0.55), 7, 15, 18, 1.6)  # the empty door track
        pen.rect(mul(STEEL, 1.2), 7, 16.6, 18, 0.5)
        for x in (7, 22.5):
            hazard(pen, x, 3, 2.5, 26, 2.5)


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class TileSpec:
    """One tile: its art and the properties the battlefield loader reads."""

    key: str  # unique name of this tile (a terrain can have several tiles)
    terrain: str  # the property `terrain`: the name the game shows and reasons with
    move_cost: float  # multiplier on metres to enter (ignored when blocks_move)
    blocks_move: bool
    blocks_sight: bool
    cover: str  # "none", "low" or "high"
    draw: Callable[[Pen, Rand], None]
    note: str
    transpose: bool = False  # draw rotated a quarter turn (vertical variant of a door or rope)


def _v(fn: Callable[..., None], *args: bool) -> Callable[[Pen, Rand], None]:
    """``fn`` with extra positional arguments bound (a named partial for the table)."""

    def draw(pen: Pen, rnd: Rand) -> None:
        fn(pen, rnd, *args)

    return draw


def _deck(variant: int) -> Callable[[Pen, Rand], None]:
    def draw(pen: Pen, rnd: Rand) -> None:
        metal_deck(pen, rnd, variant)

    return draw


def _grass(variant: int) -> Callable[[Pen, Rand], None]:
    def draw(pen: Pen, rnd: Rand) -> None:
        grass(pen, rnd, variant)

    return draw


OPEN = {"move_cost": 1.0, "blocks_move": False, "blocks_sight": False, "cover": "none"}  # open ground
HARD = {"move_cost": 2.0, "blocks_move": False, "blocks_sight": False, "cover": "none"}  # difficult ground
BRUSH = {"move_cost": 2.0, "blocks_move": False, "blocks_sight": False, "cover": "low"}  # passable low cover
LOW = {"move_cost": 1.0, "blocks_move": True, "blocks_sight": False, "cover": "low"}  # obstacle, low cover
WATER = {"move_cost": 1.0, "blocks_move": True, "blocks_sight": False, "cover": "none"}  # obstacle, no cover
WALL = {
    "move_cost": 1.0,
    "blocks_move": True,
    "blocks_sight": True,
    "cover": "high",
}  # blocks all, high cover
KINDS = {"open": OPEN, "hard": HARD, "brush": BRUSH, "low": LOW, "water": WATER, "wall": WALL}


def T(  # noqa: N802 - a table-row constructor, kept short for the table below
    key: str, terrain: str, kind: str, draw: Callable[[Pen, Rand], None], note: str, transpose: bool = False
) -> TileSpec:
    """A row of the tile table: the properties come from the kind (see KINDS)."""
    return TileSpec(key, terrain, draw=draw, note=note, transpose=transpose, **KINDS[kind])  # type: ignore[arg-type]


TILES: tuple[TileSpec, ...] = (
    # row 0: open ground and water
    T("grass", "grass", "open", _grass(0), "open ground"),
    T("grass_b", "grass", "open", _grass(1), "open ground, clover and flowers"),
    T("dirt", "dirt", "open", dirt, "open ground"),
    T("mud", "mud", "hard", mud, "difficult ground"),
    T("rubble", "rubble", "hard", rubble, "rough, broken ground: difficult"),
    T("sand", "sand", "open", sand, "arena sand for a duel ring"),
    T("shallow_water", "shallow water", "hard", shallow_water, "wade at double cost"),
    T("deep_water", "deep water", "water", deep_water, "impassable; see and shoot across"),
    # row 1: floors and the duel ring
    T("wood_floor", "wood floor", "open", wood_floor, "tavern planks"),
    T("flagstones", "flagstones", "open", flagstones, "stone floor"),
    T("metal_deck", "metal deck", "open", _deck(0), "spaceship deck, plates"),
    T("metal_deck_b", "metal deck", "open", _deck(1), "spaceship deck, tread plate"),
    T("grating", "grating", "open", grating, "spaceship floor grating"),
    T("ring_rope_h", "ring rope", "hard", ring_rope, "duel ring boundary (E-W); duck through at double cost"),
    T("ring_rope_v", "ring rope", "hard", ring_rope, "duel ring boundary (N-S)", transpose=True),
    T("ring_post", "ring post", "water", ring_post, "corner post of the ring: blocks movement only"),
    # row 2: low cover
    T("crates", "crates", "low", crates, "wooden crates on dirt"),
    T("cargo", "crates", "low", cargo, "cargo boxes on a deck"),
    T("barrels", "barrels", "low", barrels, "barrels on dirt"),
    T("sandbags", "sandbags", "low", sandbags, "sandbag emplacement"),
    T("low_wall", "low wall", "low", low_wall, "waist-high stone wall"),
    T("hedge", "hedge", "brush", hedge, "push through at double cost; low cover"),
    T("table", "table", "low", table, "tavern table"),
    T("console", "console", "low", console, "spaceship console"),
    # row 3: high cover and walls
    T("stone_wall", "stone wall", "wall", stone_wall, "masonry wall"),
    T("timber_wall", "timber wall", "wall", timber_wall, "tavern wall"),
    T("bulkhead", "bulkhead", "wall", bulkhead, "spaceship bulkhead wall"),
    T("pillar", "pillar", "wall", pillar, "stone column"),
    T("strut", "pillar", "wall", strut, "spaceship support strut"),
    T("boulder", "boulder", "wall", boulder, "great rock"),
    T("tree", "tree", "wall", tree, "tree trunk and crown"),
    T("machinery", "machinery", "wall", machinery, "spaceship engine block"),
    # row 4: doors; each closed door is the tile after its open twin (closed id = open id + 1)
    T("door_open_h", "open door", "open", _v(door, False), "wooden door, open, in a wall running E-W"),
    T("door_closed_h", "closed door", "wall", _v(door, True), "wooden door, shut, in a wall running E-W"),
    T("door_open_v", "open door", "open", _v(door, False), "wooden door, open, in a wall running N-S", True),
    T(
        "door_closed_v",
        "closed door",
        "wall",
        _v(door, True),
        "wooden door, shut, in a wall running N-S",
        True,
    ),
    T("hatch_open_h", "open door", "open", _v(hatch, False), "ship hatch, open, in a bulkhead running E-W"),
    T(
        "hatch_closed_h",
        "closed door",
        "wall",
        _v(hatch, True),
        "ship hatch, shut, in a bulkhead running E-W",
    ),
    T(
        "hatch_open_v",
        "open door",
        "open",
        _v(hatch, False),
        "ship hatch, open, in a bulkhead running N-S",
        True,
    ),
    T(
        "hatch_closed_v",
        "closed door",
        "wall",
        _v(hatch, True),
        "ship hatch, shut, in a bulkhead running N-S",
        True,
    ),
)


# --------------------------------------------------------------------------- rendering


def render_tile(index: int, spec: TileSpec) -> pygame.Surface:
    """Draw one tile at TILE x TILE pixels (opaque)."""
    hi = pygame.Surface((HI, HI))
    hi.fill((255, 0, 255))
    spec.draw(Pen(hi, spec.transpose), Rand(SEED * 1000 + index))
    tile = pygame.transform.smoothscale(hi, (TILE, TILE))
    # fine grain at final resolution: luminance noise, same for the three channels
    rnd = Rand(SEED * 1000 + 500 + index)
    amp = 5.0
    px = pygame.PixelArray(tile)
    for y in range(TILE):
        for x in range(TILE):
            r, g, b, _ = tile.unmap_rgb(px[x, y])
            d = round(rnd.u(-amp, amp))
            px[x, y] = (min(255, max(0, r + d)), min(255, max(0, g + d)), min(255, max(0, b + d)))
    px.close()
    return tile


def render_tileset() -> pygame.Surface:
    """The whole tileset image."""
    pygame.transform.set_smoothscale_backend("GENERIC")
    rows = math.ceil(len(TILES) / COLUMNS)
    sheet = pygame.Surface((COLUMNS * TILE, rows * TILE))
    sheet.fill((0, 0, 0))
    for index, spec in enumerate(TILES):
        sheet.blit(render_tile(index, spec), ((index % COLUMNS) * TILE, (index // COLUMNS) * TILE))
    return sheet


def _fmt(value: object) -> tuple[str, str | None]:
    """A property value as Tiled writes it, and its Tiled type (None for string)."""
    if isinstance(value, bool):
        return ("true" if value else "false"), "bool"
    if isinstance(value, float):
        return repr(value), "float"
    return str(value), None


def tsx_text(width: int, height: int) -> str:
    """The Tiled tileset XML for ``TILES`` over an image of the given size."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<!-- Generated by scripts/make_tileset.py: edit the script, not this file. -->",
        f'<tileset version="1.10" tiledversion="1.10.2" name="battlefield" '
        f'tilewidth="{TILE}" tileheight="{TILE}" tilecount="{len(TILES)}" columns="{COLUMNS}">',
        f' <image source="{TSX_IMAGE_SOURCE}" width="{width}" height="{height}"/>',
    ]
    for index, spec in enumerate(TILES):
        lines.append(f' <tile id="{index}">')
        lines.append("  <properties>")
        for name in ("terrain", "move_cost", "blocks_move", "blocks_sight", "cover"):
            value, kind = _fmt(getattr(spec, name))
            typed = f' type="{kind}"' if kind else ""
            lines.append(f"   <property name={quoteattr(name)}{typed} value={quoteattr(value)}/>")
        lines.append("  </properties>")
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def markdown_table() -> str:
    """The tile table for docs/tileset.md."""
    out = [
        "| id | tile | terrain | move_cost | blocks_move | blocks_sight | cover | notes |",
        "|---:|---|---|---:|---|---|---|---|",
    ]
    for index, s in enumerate(TILES):
        out.append(
            f"| {index} | `{s.key}` | `{s.terrain}` | {s.move_cost} | {str(s.blocks_move).lower()} | "
            f"{str(s.blocks_sight).lower()} | {s.cover} | {s.note} |"
        )
    return "\n".join(out)


def preview(sheet: pygame.Surface, path: Path) -> None:
    """A contact sheet: every tile at 2x with its id and name, plus a small sample scene."""
    pygame.font.init()
    font = pygame.font.Font(str(REPO / "assets/fonts/DejaVuSans.ttf"), 10)
    cell_w, cell_h = TILE * 2 + 28, TILE * 2 + 26
    grid_h = math.ceil(len(TILES) / COLUMNS) * cell_h
    scene = sample_scene(sheet)
    width = max(COLUMNS * cell_w, scene.get_width()) + 16
    out = pygame.Surface((width, grid_h + scene.get_height() + 40))
    out.fill((40, 42, 48))
    for index, spec in enumerate(TILES):
        cx, cy = 8 + (index % COLUMNS) * cell_w, 8 + (index // COLUMNS) * cell_h
        tile = sheet.subsurface(((index % COLUMNS) * TILE, (index // COLUMNS) * TILE, TILE, TILE))
        out.blit(pygame.transform.scale(tile, (TILE * 2, TILE * 2)), (cx + 14, cy))
        label = font.render(f"{index} {spec.key}", True, (230, 230, 230))
        out.blit(label, (cx + 14 + TILE - label.get_width() // 2, cy + TILE * 2 + 2))
        tag = {"none": "", "low": "LOW", "high": "HIGH"}[spec.cover]
        if tag:
            out.blit(font.render(tag, True, (250, 210, 90)), (cx + 14, cy + TILE * 2 + 12))
    out.blit(scene, (8, grid_h + 24))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(out, str(path))


SCENE = """
GGgGGGGGGGgGGGGGGGGG
GGgTGGdddddGGrrGGBGG
GGGGGdddxdddGrrGGGGG
GgGsdddddddddGGhhhGG
GGGsGGGGcdddGGGGGGGG
WWWWWWDWWWWGGGllGGGG
ffffffffffWGGGGGGSSS
ffTTfffffPWGGgGSSSS~
ffffffbffffGGGSSS~~~
WWWWWdWWWWWGGSS~~~~~
mmmmmmmmMMmmmmmBmmmm
mmKmmmmmmmmmmmmmoHmm
mmmmMMmmCmmmmmmmmmmm
BBBBBBBhBBBBBBBBBBBB
"""
SCENE_KEYS = {
    "G": "grass",
    "g": "grass_b",
    "d": "dirt",
    "r": "rubble",
    "T": "tree",
    "x": "crates",
    "s": "sandbags",
    "c": "barrels",
    "h": "hedge",
    "W": "stone_wall",
    "D": "door_open_h",
    "d2": "door_closed_h",
    "f": "wood_floor",
    "P": "pillar",
    "b": "table",
    "l": "low_wall",
    "S": "shallow_water",
    "~": "deep_water",
    "m": "metal_deck",
    "M": "metal_deck_b",
    "B": "bulkhead",
    "K": "console",
    "C": "cargo",
    "o": "strut",
    "H": "machinery",
}


def sample_scene(sheet: pygame.Surface) -> pygame.Surface:
    """A small map made of the tiles at 1x, to judge how they sit together."""
    index = {s.key: i for i, s in enumerate(TILES)}
    rows = [r for r in SCENE.strip().splitlines()]
    out = pygame.Surface((len(rows[0]) * TILE, len(rows) * TILE))
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            key = SCENE_KEYS.get(ch, "grass")
            if ch == "T" and y == 7:
                key = "table"
            if ch == "d" and y == 9:
                key = "door_closed_h"
            if ch == "B" and y == 1:
                key = "boulder"
            if ch == "B" and y == 10:
                key = "strut"
            if ch == "h" and y == 13:
                key = "hatch_open_h"
            i = index[key]
            out.blit(sheet, (x * TILE, y * TILE), ((i % COLUMNS) * TILE, (i // COLUMNS) * TILE, TILE, TILE))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Write the tileset PNG and TSX (and optionally a preview and the docs table)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=REPO, help="root to write assets/ and maps/ under")
    parser.add_argument("--preview", type=Path, help="also write a contact sheet PNG here")
    parser.add_argument("--markdown", action="store_true", help="print the tile table for docs/tileset.md")
    parser.add_argument("--markdown-only", action="store_true", help="print the table and write nothing")
    args = parser.parse_args(argv)
    if args.markdown_only:
        print(markdown_table())
        return 0
    sheet = render_tileset()
    png = args.out_dir / PNG_PATH
    tsx = args.out_dir / TSX_PATH
    png.parent.mkdir(parents=True, exist_ok=True)
    tsx.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(png))
    tsx.write_text(tsx_text(sheet.get_width(), sheet.get_height()), encoding="utf-8")
    if args.preview:
        preview(sheet, args.preview)
    if args.markdown:
        print(markdown_table())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
