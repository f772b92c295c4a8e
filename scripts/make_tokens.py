"""Draw the token art: one emblem per character type and one base plate per side.

Outputs (paths relative to ``--out-dir``, default: the repository root):

* ``assets/tokens/<name>.png`` -- 64x64 RGBA emblems, white and light grey with a dark
  outline, so the game can tint them;
* ``assets/tokens/badge_<shape>.png`` -- 64x64 RGBA base plates (circle, square,
  triangle, diamond, hexagon, star), light grey with a dark rim: tint a plate with
  the side's colour and sides differ by shape as well as colour;
* ``assets/tokens/tokens.json`` -- the manifest: every file, what it depicts and the
  geometry the renderer needs (emblem radius, plate radius, free ring for the facing
  wedge).

Geometry at 64 px (scale everything with the token): emblems stay inside
``EMBLEM_RADIUS`` of the centre, plates inside ``PLATE_RADIUS``; the ring from
``WEDGE_INNER`` to the edge is left empty for the facing wedge.

Everything is drawn at ``SS`` times the size with pygame and scaled down with the
``GENERIC`` smoothscale backend, so the output is deterministic.

Usage::

    python scripts/make_tokens.py [--out-dir DIR] [--preview PNG]
"""

from __future__ import annotations

import argparse
import json
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SIZE = 64  # pixels per token side
SS = 4  # supersampling factor
HI = SIZE * SS
C = SIZE / 2  # centre, in token pixels
EMBLEM_RADIUS = 24  # emblems, outline included, stay within this distance of the centre (px at 64)
PLATE_RADIUS = 26  # base plates, rim included, stay within this
WEDGE_INNER = 26  # the ring from here to the edge (32) is free for the facing wedge
OUTLINE = 2.4  # outline width in px at 64
EMBLEM_SCALE = 0.78  # emblems are designed on the full 64 px grid, then shrunk by this
OUT_DIR = Path("assets/tokens")

Color = tuple[int, int, int]
Point = tuple[float, float]
WHITE: Color = (250, 250, 250)
LIGHT: Color = (206, 208, 214)  # secondary parts
MID: Color = (150, 152, 160)  # tertiary parts, small
DARK: Color = (30, 30, 36)  # outline and details


class Pen:
    """Draws on a supersampled token in token-pixel coordinates (0..64)."""

    def __init__(self, surf: pygame.Surface) -> None:
        self.surf = surf

    @staticmethod
    def p(x: float, y: float) -> tuple[int, int]:
        """Hi-res point of a token point."""
        return round(x * SS), round(y * SS)

    def circle(self, color: Color, x: float, y: float, r: float, width: float = 0) -> None:
        """A filled circle, or an outline ``width`` px thick."""
        pygame.draw.circle(self.surf, color, self.p(x, y), r * SS, round(width * SS))

    def ellipse(self, color: Color, x: float, y: float, w: float, h: float, width: float = 0) -> None:
        """A filled ellipse in the box (x, y, w, h)."""
        rect = pygame.Rect(round(x * SS), round(y * SS), round(w * SS), round(h * SS))
        pygame.draw.ellipse(self.surf, color, rect, round(width * SS))

    def rect(self, color: Color, x: float, y: float, w: float, h: float, radius: float = 0) -> None:
        """A filled rectangle, optionally rounded."""
        rect = pygame.Rect(round(x * SS), round(y * SS), round(w * SS), round(h * SS))
        pygame.draw.rect(self.surf, color, rect, border_radius=round(radius * SS))

    def poly(self, color: Color, pts: Sequence[Point]) -> None:
        """A filled polygon."""
        pygame.draw.polygon(self.surf, color, [self.p(x, y) for x, y in pts])

    def line(self, color: Color, a: Point, b: Point, width: float) -> None:
        """A thick line with round ends."""
        w = width * SS
        pygame.draw.line(self.surf, color, self.p(*a), self.p(*b), max(1, round(w)))
        for x, y in (a, b):
            pygame.draw.circle(self.surf, color, self.p(x, y), w / 2)

    def arc(self, color: Color, cx: float, cy: float, r: float, a0: float, a1: float, width: float) -> None:
        """A thick circular arc from angle a0 to a1 (radians, y down), as a chain of round-ended lines."""
        n = max(8, int(abs(a1 - a0) * r / 2))
        pts = [
            (cx + math.cos(a0 + (a1 - a0) * k / n) * r, cy + math.sin(a0 + (a1 - a0) * k / n) * r)
            for k in range(n + 1)
        ]
        for a, b in zip(pts, pts[1:], strict=False):
            self.line(color, a, b, width)


def outlined(draw: Callable[[Pen], None], outline: float = OUTLINE, scale: float = 1.0) -> pygame.Surface:
    """Run ``draw`` on a transparent hi-res canvas, shrink it by ``scale`` about the centre,
    ring it with a dark outline ``outline`` px wide and scale it down to SIZE."""
    art = pygame.Surface((HI, HI), pygame.SRCALPHA)
    art.fill((*DARK, 0))
    draw(Pen(art))
    if scale != 1.0:
        small = pygame.transform.smoothscale(art, (round(HI * scale), round(HI * scale)))
        art.fill((*DARK, 0))
        art.blit(small, ((HI - small.get_width()) // 2, (HI - small.get_height()) // 2))
    alpha = pygame.surfarray.array_alpha(art) > 127
    r = round(outline * SS)
    grown = alpha.copy()
    padded = np.pad(alpha, r)
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            if dx * dx + dy * dy <= r * r:
                grown |= padded[r + dx : r + dx + HI, r + dy : r + dy + HI]
    out = pygame.Surface((HI, HI), pygame.SRCALPHA)
    out.fill((*DARK, 0))
    ring = pygame.surfarray.pixels_alpha(out)
    ring[grown] = 255
    del ring
    out.blit(art, (0, 0))
    return pygame.transform.smoothscale(out, (SIZE, SIZE))


# --------------------------------------------------------------------------- emblems


def flat_bottom(p: Pen, y: float) -> None:
    """Erase everything below ``y`` (keeps busts inside the emblem circle)."""
    pygame.draw.rect(p.surf, (*DARK, 0), (0, round(y * SS), HI, HI))


def bounty_hunter(p: Pen) -> None:
    """Helmet with a T-shaped visor and a rangefinder stalk."""
    p.ellipse(LIGHT, 16, 42, 32, 22)
    flat_bottom(p, 52)
    p.line(LIGHT, (19, 30), (19, 13), 2.6)  # rangefinder stalk
    p.rect(WHITE, 17, 11, 5, 4, radius=1)
    p.rect(WHITE, 20, 14, 24, 32, radius=10)
    p.rect(WHITE, 20, 30, 24, 16, radius=3)
    p.rect(DARK, 23, 24, 18, 5, radius=1)  # visor bar
    p.rect(DARK, 29.5, 24, 5, 14, radius=1)  # visor stem
    p.rect(LIGHT, 18, 28, 3, 10, radius=1)  # ear piece
    p.rect(LIGHT, 43, 28, 3, 10, radius=1)


def assassin(p: Pen) -> None:
    """A peaked hood over a shadowed face with two eyes, a blade across the chest."""
    p.poly(LIGHT, [(14, 51), (19, 40), (45, 40), (50, 51)])  # cloak
    p.poly(WHITE, [(32, 9), (45, 28), (46, 44), (40, 50), (24, 50), (18, 44), (19, 28)])  # hood
    p.ellipse(DARK, 23.5, 26, 17, 19)  # face in shadow
    p.poly(WHITE, [(32, 9), (38, 20), (32, 26), (26, 20)])  # brow of the hood
    p.poly(DARK, [(25, 33), (30.5, 34), (30, 36), (26, 35)])
    p.poly(DARK, [(39, 33), (33.5, 34), (34, 36), (38, 35)])
    p.poly(WHITE, [(26.5, 33.6), (29.8, 34.3), (29.6, 35.3), (27, 34.8)])
    p.poly(WHITE, [(37.5, 33.6), (34.2, 34.3), (34.4, 35.3), (37, 34.8)])
    p.line(WHITE, (40, 53), (52, 38), 2.6)  # dagger blade
    p.line(MID, (37, 49), (44, 55), 2.4)  # guard
    flat_bottom(p, 54)


def android(p: Pen) -> None:
    """A boxy robot head: round eyes, grille mouth, antenna and ear bolts."""
    p.rect(LIGHT, 27, 44, 10, 6)  # neck
    p.rect(LIGHT, 18, 48, 28, 6, radius=2)
    p.line(LIGHT, (32, 16), (32, 9), 2.2)
    p.circle(WHITE, 32, 9, 3.2)
    p.rect(LIGHT, 13, 25, 6, 10, radius=2)
    p.rect(LIGHT, 45, 25, 6, 10, radius=2)
    p.rect(WHITE, 17, 15, 30, 30, radius=5)
    for x in (25, 39):
        p.circle(DARK, x, 27, 5)
        p.circle(WHITE, x, 27, 2.2)
    p.rect(DARK, 23, 36, 18, 5, radius=1)
    for x in (27, 32, 37):
        p.rect(LIGHT, x - 0.7, 36.5, 1.4, 4)


def alien(p: Pen) -> None:
    """A domed head narrowing to a small chin, with huge slanted eyes."""
    p.ellipse(LIGHT, 22, 44, 20, 14)
    flat_bottom(p, 52)
    pts = []
    for k in range(40):
        a = 2 * math.pi * k / 40
        x = math.cos(a)
        y = math.sin(a)
        if y > 0:  # lower half tapers to the chin
            x *= 1 - 0.55 * y
            y *= 1.5
        pts.append((32 + x * 16, 27 + y * 15))
    p.poly(WHITE, pts)
    for side in (-1, 1):
        eye = []
        for k in range(24):
            a = 2 * math.pi * k / 24
            ex, ey = math.cos(a) * 7.0, math.sin(a) * 3.8
            rot = -0.5 * side
            eye.append(
                (
                    32 + side * 8 + ex * math.cos(rot) - ey * math.sin(rot),
                    30 + ex * math.sin(rot) + ey * math.cos(rot),
                )
            )
        p.poly(DARK, eye)
        p.circle(WHITE, 32 + side * 8 - 1.6, 28.6, 1.0)
    p.line(LIGHT, (30.5, 44), (33.5, 44), 1.0)


def soldier(p: Pen) -> None:
    """A combat helmet with goggles strapped to it, over a face, on shoulders."""
    p.ellipse(LIGHT, 14, 42, 36, 24)
    flat_bottom(p, 52)
    p.rect(LIGHT, 22, 26, 20, 20, radius=8)  # face
    p.rect(DARK, 26, 34, 4, 1.8)  # eyes
    p.rect(DARK, 34, 34, 4, 1.8)
    p.rect(MID, 28, 40.5, 8, 1.6)  # mouth
    dome = [
        (32 + math.cos(math.radians(a)) * 17, 29 + math.sin(math.radians(a)) * 17)
        for a in range(180, 361, 10)
    ]
    p.poly(WHITE, [(13, 33), *dome, (51, 33)])  # dome flaring over the ears
    p.rect(DARK, 17, 20, 30, 5.5, radius=2)  # goggle strap
    p.circle(MID, 26, 22.8, 3.4)
    p.circle(MID, 38, 22.8, 3.4)
    p.circle(WHITE, 25, 21.8, 1.0)
    p.circle(WHITE, 37, 21.8, 1.0)


def archer(p: Pen) -> None:
    """A drawn recurve bow with an arrow pointing up and to the right."""
    cx, cy = 40, 40
    a0, a1 = math.radians(158), math.radians(292)
    p.arc(WHITE, cx, cy, 23, a0, a1, 5.4)  # bow limbs
    top = (cx + math.cos(a1) * 23, cy + math.sin(a1) * 23)
    bot = (cx + math.cos(a0) * 23, cy + math.sin(a0) * 23)
    p.line(WHITE, top, (top[0] + 4, top[1] + 1.5), 3.6)  # recurve tips
    p.line(WHITE, bot, (bot[0] - 1.5, bot[1] + 4), 3.6)
    nock = (28, 36)
    p.line(LIGHT, top, nock, 1.6)  # string
    p.line(LIGHT, bot, nock, 1.6)
    p.line(WHITE, (24, 40), (45, 19), 3.4)  # shaft
    p.poly(WHITE, [(50.5, 13.5), (41, 16), (48, 23)])  # head
    p.poly(LIGHT, [(27, 37), (18, 38), (14, 44), (23, 42)])  # fletching
    p.poly(LIGHT, [(27, 37), (26, 28), (20, 24), (22, 33)])
    p.rect(MID, 15, 33, 6, 6, radius=1)  # grip wrap


def brawler(p: Pen) -> None:
    """A clenched fist seen from the front: four knuckles, folded thumb, cuffed wrist."""
    p.rect(LIGHT, 23, 44, 18, 10, radius=2)  # wrist
    p.rect(MID, 22, 44, 20, 3, radius=1)  # cuff wrap
    p.rect(WHITE, 17, 24, 30, 22, radius=7)  # palm and back
    for k in range(4):  # knuckles
        p.rect(WHITE, 16 + k * 8, 13 + (1.5 if k in (0, 3) else 0), 8.2, 14, radius=4)
        if k:
            p.line(DARK, (16 + k * 8, 17 + (1.5 if k == 3 else 0)), (16 + k * 8, 26), 1.0)
    p.line(DARK, (17.5, 26.5), (46, 26.5), 1.0)
    p.poly(LIGHT, [(17, 32), (37, 30), (39, 34), (36, 37), (19, 38)])  # thumb across
    p.line(DARK, (18, 38), (36, 37), 1.0)
    p.line(DARK, (37, 30.4), (39.4, 34), 1.0)


def rapier(p: Pen, flip: int) -> None:
    """One rapier for the duelist, tip at the top; ``flip`` -1 mirrors it."""

    def at(x: float, y: float) -> Point:
        return (32 + (x - 32) * flip, y)

    p.line(WHITE, at(21, 43), at(47, 13), 3.4)  # blade
    p.line(LIGHT, at(17, 48), at(21, 43), 4.0)  # grip
    p.circle(WHITE, *at(23, 41), 5.6)  # cup guard
    p.circle(LIGHT, *at(23, 41), 3.0)
    p.line(WHITE, at(16, 35), at(30, 47), 3.0)  # quillons
    p.circle(WHITE, *at(16.3, 49.3), 2.8)  # pommel


def duelist(p: Pen) -> None:
    """Two crossed rapiers with cup guards."""
    rapier(p, 1)
    rapier(p, -1)
    p.circle(WHITE, 32, 30.4, 1.8)  # the crossing point reads on its own


def guard(p: Pen) -> None:
    """A heater shield with a chevron, a spear upright behind it."""
    p.line(LIGHT, (32, 14), (32, 50), 2.8)  # spear shaft, behind the shield
    p.poly(WHITE, [(32, 5.5), (28, 12), (32, 15), (36, 12)])  # spear head
    right = [
        (48 - 16 * k / 12, 30 + 22 * math.sin(k / 12 * math.pi / 2)) for k in range(13)
    ]  # edge to the point
    left = [(64 - x, y) for x, y in reversed(right[:-1])]
    p.poly(WHITE, [(16, 16), (48, 16), *right, *left])
    p.poly(LIGHT, [(16, 16), (48, 16), (48, 20.5), (16, 20.5)])
    p.poly(DARK, [(20, 35), (32, 27), (44, 35), (44, 40), (32, 32), (20, 40)])  # chevron


def knight(p: Pen) -> None:
    """A round-topped great helm with a plume, twin eye slits and breathing holes."""
    p.ellipse(LIGHT, 14, 44, 36, 22)
    flat_bottom(p, 52)
    p.poly(LIGHT, [(30, 15), (28, 8), (33, 5.5), (39, 7), (36, 10), (34, 15)])  # plume
    p.rect(WHITE, 18, 12, 28, 37, radius=11)
    p.rect(WHITE, 18, 26, 28, 23, radius=3)
    p.rect(DARK, 20, 26, 10, 3.6, radius=1)  # eye slits
    p.rect(DARK, 34, 26, 10, 3.6, radius=1)
    p.rect(LIGHT, 30, 14, 4, 33, radius=1)  # reinforcing rib and nasal
    for x, y in ((23, 36), (23, 40), (26, 38), (41, 36), (41, 40), (38, 38), (23, 44), (41, 44)):
        p.circle(DARK, x, y, 1.2)


def drone(p: Pen) -> None:
    """A quad-rotor sentry seen from above: four rotors around a body with one lens."""
    for a in (45, 135, 225, 315):
        ax, ay = 32 + math.cos(math.radians(a)) * 15, 32 + math.sin(math.radians(a)) * 15
        p.line(LIGHT, (32, 32), (ax, ay), 3.6)
    for a in (45, 135, 225, 315):
        ax, ay = 32 + math.cos(math.radians(a)) * 15, 32 + math.sin(math.radians(a)) * 15
        p.circle(WHITE, ax, ay, 6.6)
        p.circle(LIGHT, ax, ay, 5.0)
        p.line(MID, (ax - 4.2, ay + 1.2), (ax + 4.2, ay - 1.2), 1.1)  # blur of the blades
        p.circle(DARK, ax, ay, 1.2)
    p.circle(WHITE, 32, 32, 9)
    p.circle(DARK, 32, 32, 5)
    p.circle(WHITE, 30.6, 30.6, 1.6)


def person(p: Pen) -> None:
    """A plain head and shoulders: anyone without a special token."""
    p.ellipse(LIGHT, 14, 40, 36, 26)
    flat_bottom(p, 52)
    p.circle(WHITE, 32, 26, 11)
    p.rect(WHITE, 28, 34, 8, 6)


@dataclass(frozen=True)
class Emblem:
    """One character-type token."""

    name: str
    depicts: str
    draw: Callable[[Pen], None]


EMBLEMS: tuple[Emblem, ...] = (
    Emblem("bounty_hunter", "bounty hunter: helmet with a T-shaped visor and rangefinder", bounty_hunter),
    Emblem("assassin", "assassin: peaked hood over a shadowed face, dagger", assassin),
    Emblem("android", "android: boxy robot head with round eyes and antenna", android),
    Emblem("alien", "alien: domed head with huge slanted eyes", alien),
    Emblem("soldier", "soldier: combat helmet with goggles", soldier),
    Emblem("archer", "archer: drawn bow with an arrow", archer),
    Emblem("brawler", "brawler: clenched fist", brawler),
    Emblem("duelist", "duelist: crossed rapiers", duelist),
    Emblem("guard", "guard: shield with a chevron, spear upright behind it", guard),
    Emblem("knight", "knight / swordsman in armour: great helm", knight),
    Emblem("drone", "drone or sentry: quad-rotor with a single lens", drone),
    Emblem("person", "anyone else: plain head and shoulders", person),
)


# --------------------------------------------------------------------------- badges (base plates)


def regular(n: int, r: float, start: float = -90) -> list[Point]:
    """Corners of a regular n-gon of circumradius r around the centre."""
    return [
        (
            C + math.cos(math.radians(start + 360 * k / n)) * r,
            C + math.sin(math.radians(start + 360 * k / n)) * r,
        )
        for k in range(n)
    ]


def plate(shape: str) -> Callable[[Pen], None]:
    """Drawing function of the base plate of a side."""

    def draw(p: Pen) -> None:
        fill = (218, 220, 226)
        if shape == "circle":
            p.circle(fill, C, C, 21.5)
        elif shape == "square":
            p.rect(fill, C - 18.5, C - 18.5, 37, 37, radius=7)
        elif shape == "diamond":
            p.poly(fill, regular(4, 22.5))
        elif shape == "triangle":
            p.poly(fill, [(x, y + 2) for x, y in regular(3, 22.5)])
        elif shape == "hexagon":
            p.poly(fill, regular(6, 22.5, start=0))
        elif shape == "star":
            pts = []
            for k in range(10):
                r = 22.5 if k % 2 == 0 else 12
                a = math.radians(-90 + 36 * k)
                pts.append((C + math.cos(a) * r, C + 1 + math.sin(a) * r))
            p.poly(fill, pts)
        else:  # pragma: no cover - guarded by BADGES
            raise ValueError(shape)

    return draw


BADGES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "hexagon", "star")


# --------------------------------------------------------------------------- output


def render_all() -> dict[str, pygame.Surface]:
    """Every token and badge image by file name."""
    pygame.transform.set_smoothscale_backend("GENERIC")
    out = {f"{e.name}.png": outlined(e.draw, scale=EMBLEM_SCALE) for e in EMBLEMS}
    for shape in BADGES:
        out[f"badge_{shape}.png"] = outlined(plate(shape), outline=2.0)
    return out


def manifest() -> dict[str, object]:
    """The contents of tokens.json."""
    return {
        "size": SIZE,
        "emblem_radius": EMBLEM_RADIUS,
        "plate_radius": PLATE_RADIUS,
        "wedge_inner_radius": WEDGE_INNER,
        "how_to_draw": (
            "Centre everything on the tile. Draw the side's badge (base plate) tinted with the side colour "
            "(multiply), then the character emblem on top, white or tinted with a light version of the side "
            "colour, then the facing wedge in the free ring between wedge_inner_radius and the edge. "
            "All radii are in pixels at size 64; scale with the token."
        ),
        "tokens": [{"file": f"{e.name}.png", "kind": e.name, "depicts": e.depicts} for e in EMBLEMS],
        "badges": [
            {"file": f"badge_{s}.png", "shape": s, "depicts": f"side base plate: {s}"} for s in BADGES
        ],
        "generator": "scripts/make_tokens.py",
    }


def tint(surf: pygame.Surface, color: Sequence[int]) -> pygame.Surface:
    """A copy of ``surf`` multiplied by ``color`` (alpha kept)."""
    out = surf.copy()
    out.fill((*color[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def token_image(
    images: dict[str, pygame.Surface], emblem: str, badge: str, color: Sequence[int], px: int, facing: float
) -> pygame.Surface:
    """The composite the manifest recommends, at ``px`` pixels, with a facing wedge (degrees, 0 = north)."""
    base = pygame.Surface((SIZE * SS, SIZE * SS), pygame.SRCALPHA)
    big = pygame.transform.smoothscale(tint(images[f"badge_{badge}.png"], color), (HI, HI))
    base.blit(big, (0, 0))
    light = [min(255, round(c + (255 - c) * 0.8)) for c in color[:3]]
    base.blit(pygame.transform.smoothscale(tint(images[f"{emblem}.png"], light), (HI, HI)), (0, 0))
    a = math.radians(facing - 90)
    tip = (C + math.cos(a) * 31.5, C + math.sin(a) * 31.5)
    base_r = WEDGE_INNER + 0.3
    pts = [tip] + [(C + math.cos(a + s) * base_r, C + math.sin(a + s) * base_r) for s in (-0.4, 0.4)]
    mx, my = sum(x for x, _ in pts) / 3, sum(y for _, y in pts) / 3
    pygame.draw.polygon(base, DARK, [(x * SS, y * SS) for x, y in pts])
    inner = [((mx + (x - mx) * 0.55) * SS, (my + (y - my) * 0.55) * SS) for x, y in pts]
    pygame.draw.polygon(base, (*light, 255), inner)
    return pygame.transform.smoothscale(base, (px, px))


SIDES = (  # Okabe-Ito colours, colour-blind safe, with the shape each side uses in the preview
    ((213, 94, 0), "circle"),
    ((0, 114, 178), "square"),
    ((240, 228, 66), "triangle"),
    ((204, 121, 167), "diamond"),
    ((0, 158, 115), "hexagon"),
    ((86, 180, 233), "star"),
)


def preview(images: dict[str, pygame.Surface], path: Path) -> None:
    """Contact sheet: raw art, then composites at 64, 32 and 24 px per side on two grounds."""
    pygame.font.init()
    font = pygame.font.Font(str(REPO / "assets/fonts/DejaVuSans.ttf"), 11)
    names = [e.name for e in EMBLEMS]
    cols = len(names)
    cell = 72
    width = 120 + cols * cell
    sheet = pygame.Surface((width, 2000))
    sheet.fill((52, 54, 60))
    y = 8
    sheet.blit(font.render("raw art (on grey); badges", True, (230, 230, 230)), (8, y))
    y += 16
    for i, n in enumerate(names):
        sheet.blit(images[f"{n}.png"], (120 + i * cell, y))
        lab = font.render(n, True, (220, 220, 220))
        sheet.blit(lab, (120 + i * cell + 32 - lab.get_width() // 2, y + 64))
    y += 84
    for i, s in enumerate(BADGES):
        sheet.blit(images[f"badge_{s}.png"], (120 + i * cell, y))
    y += 76
    tiles = pygame.image.load(str(REPO / "assets/tiles/terrain.png"))
    grounds = [tiles.subsurface((0, 0, 32, 32)), tiles.subsurface((2 * 32, 32, 32, 32))]
    for gi, ground in enumerate(grounds):
        for color, badge in SIDES[:4] if gi == 0 else SIDES[2:]:
            for px in (64, 32, 24):
                sheet.blit(font.render(f"{badge} {px}px", True, (230, 230, 230)), (8, y + px // 2 - 6))
                for i, n in enumerate(names):
                    x0 = 120 + i * cell
                    g = pygame.transform.scale(ground, (max(px, 32), max(px, 32)))
                    sheet.blit(g, (x0, y))
                    sheet.blit(token_image(images, n, badge, color, px, 45 * i), (x0, y))
                y += max(px, 32) + 6
            y += 4
    sheet = sheet.subsurface((0, 0, width, y + 8)).copy()
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(path))


def main(argv: Sequence[str] | None = None) -> int:
    """Write the token PNGs and the manifest (and optionally a preview)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=REPO, help="root to write assets/tokens/ under")
    parser.add_argument("--preview", type=Path, help="also write a contact sheet PNG here")
    args = parser.parse_args(argv)
    images = render_all()
    folder = args.out_dir / OUT_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name, surf in images.items():
        pygame.image.save(surf, str(folder / name))
    (folder / "tokens.json").write_text(json.dumps(manifest(), indent=2) + "\n", encoding="utf-8")
    if args.preview:
        preview(images, args.preview)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
