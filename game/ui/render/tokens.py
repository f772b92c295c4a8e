"""Combatant tokens: side badge (colour AND shape), character emblem, facing wedge,
name and injury state, drawn the way assets/tokens/tokens.json says.

Composed token images are cached per (emblem, shape, colour, size, state);
the facing wedge, rings and labels are cheap shapes drawn each frame.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.core.geometry import DIRECTION_VECTORS
from game.ui.render.labels import LabelPlacer
from game.ui.theme import ASSETS, Colour, SideStyle, Theme, darken, lighten

TOKENS_DIR = ASSETS / "tokens"
TOKEN_FILL = 0.92  # token diameter as a fraction of the tile
MIN_TOKEN_PX = 15  # pixels: the smallest token drawn, whatever the zoom
HALO_BELOW_PX = 24  # pixels per tile below which a token gets a light halo to stand out from the map
WEDGE_HALF_ANGLE = 28  # degrees either side of the facing direction
LABEL_MIN_TILE = 28  # pixels per tile below which names are hidden (hover still shows them)
PIPS_MIN_TILE = 20  # pixels per tile below which injury pips are hidden
MAX_INJURIES = 3  # Defeated at 3 (RULES.md §7)
LYING_SQUASH = 0.6  # a prone token is drawn this tall (a body on the ground), over a shadow


@dataclass(frozen=True)
class TokenLook:
    """What a token shows: emblem, side style, injuries and state; `badges` are the words the
    rules modules put on it ("AIM 2", "WATCH"), `lying` draws it on the ground (prone)."""

    emblem: str
    style: SideStyle
    injuries: int
    defeated: bool
    dead: bool
    badges: tuple[str, ...] = ()
    lying: bool = False


class TokenArt:
    """The token images, composed and cached."""

    def __init__(self, folder: Path = TOKENS_DIR) -> None:
        self.folder = folder
        try:
            manifest = json.loads((folder / "tokens.json").read_text("utf-8"))
        except (OSError, ValueError):
            manifest = {"tokens": [], "badges": [], "size": 64, "wedge_inner_radius": 26}
        self.size = int(manifest.get("size", 64))
        self.wedge_inner = float(manifest.get("wedge_inner_radius", 26)) / self.size
        self.emblems = {t["kind"]: t["file"] for t in manifest.get("tokens", [])}
        self.badges = {b["shape"]: b["file"] for b in manifest.get("badges", [])}
        self._raw: dict[str, pygame.Surface | None] = {}
        self._composed: dict[tuple[str, str, Colour, int, str], pygame.Surface] = {}

    def _image(self, file: str | None) -> pygame.Surface | None:
        if file is None:
            return None
        if file not in self._raw:
            try:
                image = pygame.image.load(str(self.folder / file))
                self._raw[file] = image.convert_alpha() if pygame.display.get_surface() else image
            except (pygame.error, FileNotFoundError, OSError):
                self._raw[file] = None
        return self._raw[file]

    def token(self, look: TokenLook, size: int) -> pygame.Surface:
        """The composed token at `size` pixels."""
        state = "dead" if look.dead else "defeated" if look.defeated else "ok"
        emblem = look.emblem if look.emblem in self.emblems else "person"
        key = (emblem, look.style.shape, look.style.colour, size, state)
        cached = self._composed.get(key)
        if cached is not None:
            return cached
        colour = look.style.colour
        if state != "ok":
            grey = sum(colour) // 3
            colour = tuple((c + grey * 2) // 3 for c in colour)  # type: ignore[assignment]
        out = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        badge = self._image(self.badges.get(look.style.shape))
        if badge is not None:
            plate = badge.copy()
            plate.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            out.blit(plate, (0, 0))
        else:
            pygame.draw.circle(out, colour, (self.size // 2, self.size // 2), self.size // 2 - 2)
        art = self._image(self.emblems.get(emblem))
        if art is not None:
            tinted = art.copy()
            tinted.fill((*lighten(colour, 0.8), 255), special_flags=pygame.BLEND_RGBA_MULT)
            out.blit(tinted, (0, 0))
        if state != "ok":
            out.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if state == "dead":
            out.set_alpha(None)
            faded = pygame.Surface(out.get_size(), pygame.SRCALPHA)
            faded.fill((255, 255, 255, 150))
            out.blit(faded, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        scaled = pygame.transform.smoothscale(out, (size, size))
        self._composed[key] = scaled
        return scaled


def wedge_points(
    centre: tuple[float, float], radius: float, facing: int, inner: float
) -> list[tuple[float, float]]:
    """A triangle in the token's outer ring pointing toward `facing` (0 = N, clockwise)."""
    dx, dy = DIRECTION_VECTORS[facing % 8]
    angle = math.atan2(dy, dx)
    half = math.radians(WEDGE_HALF_ANGLE)
    tip = (centre[0] + math.cos(angle) * radius * 1.08, centre[1] + math.sin(angle) * radius * 1.08)
    left = (
        centre[0] + math.cos(angle - half) * radius * inner,
        centre[1] + math.sin(angle - half) * radius * inner,
    )
    right = (
        centre[0] + math.cos(angle + half) * radius * inner,
        centre[1] + math.sin(angle + half) * radius * inner,
    )
    return [tip, left, right]


def token_size(tile_px: int) -> int:
    """A token's diameter in pixels at this zoom (never under `MIN_TOKEN_PX`: zoomed far out a
    token may overlap its neighbours' tiles rather than vanish)."""
    return max(MIN_TOKEN_PX, int(tile_px * TOKEN_FILL))


def token_area(centre: tuple[float, float], tile_px: int) -> pygame.Rect:
    """What a token takes on the screen, its wound pips above it included (a label keeps
    clear of it)."""
    size = token_size(tile_px)
    pips = 2 * pip_radius(tile_px) + 2
    rect = pygame.Rect(0, 0, size, size + pips)
    rect.midbottom = (round(centre[0]), round(centre[1] + size / 2))
    return rect


def pip_radius(tile_px: int) -> int:
    """An injury pip's radius in pixels at this zoom."""
    return max(2, tile_px // 14)


def draw_token(
    surface: pygame.Surface,
    theme: Theme,
    art: TokenArt,
    look: TokenLook,
    centre: tuple[float, float],
    tile_px: int,
    facing: int,
    name: str = "",
    ghost: bool = False,
    show_label: bool = True,
) -> None:
    """A combatant's token with its facing wedge, injury pips and name."""
    size = token_size(tile_px)
    image = art.token(look, size)
    cx, cy = centre
    if ghost:
        image = image.copy()
        image.set_alpha(120)
    radius = size / 2
    if tile_px < HALO_BELOW_PX and not ghost:
        # Zoomed far out the emblem is a few pixels: a light ring on a dark one keeps the
        # token visible on any ground (its side colour and shape stay inside).
        pygame.draw.circle(surface, (16, 18, 22), (round(cx), round(cy)), round(radius) + 3)
        pygame.draw.circle(surface, (245, 245, 245), (round(cx), round(cy)), round(radius) + 2)
    if look.lying and not look.dead:
        image = lying_image(image, size, cx, cy, surface)
    surface.blit(image, image.get_rect(center=(round(cx), round(cy) + lying_drop(look, size))))
    if not look.dead:
        points = wedge_points((cx, cy), radius, facing, 0.62)
        pygame.draw.polygon(surface, (255, 255, 255) if not ghost else (220, 220, 220), points)
        pygame.draw.polygon(surface, (20, 20, 24), points, max(1, tile_px // 32))
    if look.defeated or look.dead:
        span = radius * 0.55
        width = max(2, tile_px // 14)
        mark = (20, 20, 24)
        pygame.draw.line(surface, mark, (cx - span, cy - span), (cx + span, cy + span), width + 2)
        pygame.draw.line(surface, mark, (cx - span, cy + span), (cx + span, cy - span), width + 2)
        cross = (230, 230, 230) if look.dead else (255, 140, 120)
        pygame.draw.line(surface, cross, (cx - span, cy - span), (cx + span, cy + span), width)
        pygame.draw.line(surface, cross, (cx - span, cy + span), (cx + span, cy - span), width)
    if tile_px >= PIPS_MIN_TILE and not look.dead and not ghost:
        pip = pip_radius(tile_px)
        gap = pip * 2 + max(1, pip // 2)
        y = cy - radius - pip + 1
        for k in range(MAX_INJURIES):
            x = cx + (k - 1) * gap
            if k < look.injuries:
                pygame.draw.circle(surface, (230, 60, 50), (x, y), pip)
                pygame.draw.circle(surface, (20, 20, 24), (x, y), pip, 1)
            else:
                pygame.draw.circle(surface, (235, 235, 235), (x, y), pip)
                pygame.draw.circle(surface, (20, 20, 24), (x, y), pip, 1)
    if look.badges and tile_px >= PIPS_MIN_TILE and not look.dead and not ghost:
        draw_badges(surface, theme, look.badges, (cx + radius * 0.55, cy - radius * 0.85))
    if name and show_label and not ghost:
        draw_token_label(surface, theme, name, centre, tile_px, look.style.colour)


def lying_drop(look: TokenLook, size: int) -> int:
    """How far down a lying token sits (its body on the ground of its tile)."""
    return round(size * (1 - LYING_SQUASH) / 2) if look.lying and not look.dead else 0


def lying_image(
    image: pygame.Surface, size: int, cx: float, cy: float, surface: pygame.Surface
) -> pygame.Surface:
    """A token lying down: squashed, over a flat shadow on the ground."""
    height = max(4, round(size * LYING_SQUASH))
    shadow = pygame.Rect(0, 0, round(size * 1.1), max(3, height // 2))
    shadow.center = (round(cx), round(cy + size / 2 - shadow.h / 2))
    pygame.draw.ellipse(surface, (16, 18, 22), shadow)
    return pygame.transform.smoothscale(image, (size, height))


def draw_badges(
    surface: pygame.Surface, theme: Theme, badges: tuple[str, ...], point: tuple[float, float]
) -> None:
    """The rules modules' words on a token, as small pills stacked from `point` (its top right)."""
    x, y = round(point[0]), round(point[1])
    for word in badges:
        text = theme.text(word, 9, (250, 250, 250), bold=True)
        rect = text.get_rect(midleft=(x, y))
        pill = rect.inflate(theme.px(6), theme.px(2))
        pygame.draw.rect(surface, (16, 18, 22), pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, (250, 200, 80), pill, 1, border_radius=pill.h // 2)
        surface.blit(text, rect)
        y += pill.h + 1


def draw_token_label(
    surface: pygame.Surface,
    theme: Theme,
    name: str,
    centre: tuple[float, float],
    tile_px: int,
    colour: Colour,
    above: bool = False,
    placer: LabelPlacer | None = None,
    avoid: list[pygame.Rect] | None = None,
) -> None:
    """A token's name under it, or over it (above its injury pips) when the tile
    below holds another token the name would cover.  With a `placer` the name goes where
    it is inside the map and clear of the names placed before (the other side of the token
    if need be), and of `avoid` (the other tokens and their pips) where it can be; it is left
    out when there is no place clear of other names."""
    if tile_px < LABEL_MIN_TILE:
        return
    radius = token_size(tile_px) / 2
    cx, cy = centre
    under = name_pill(theme, name, (cx, cy + radius + 1), below=True)
    over = name_pill(theme, name, (cx, cy - radius - 2 * pip_radius(tile_px)), below=False)
    first, second = (over, under) if above else (under, over)
    if placer is None:
        spot: pygame.Rect | None = first
    else:
        spot = placer.place(first, second, avoid=avoid)
    if spot is not None:
        draw_name_at(surface, theme, name, spot, colour)


def name_pill(theme: Theme, name: str, point: tuple[float, float], below: bool = True) -> pygame.Rect:
    """The pill a name takes: `point` is its top centre, or its bottom centre when not `below`."""
    text = theme.text(name, 11, (240, 240, 240), bold=True)
    at = (round(point[0]), round(point[1]))
    rect = text.get_rect(midtop=at) if below else text.get_rect(midbottom=at)
    return rect.inflate(theme.px(8), theme.px(2))


def draw_name_at(surface: pygame.Surface, theme: Theme, name: str, pill: pygame.Rect, colour: Colour) -> None:
    """A name on a dark pill with a side-coloured edge, in `pill`."""
    text = theme.text(name, 11, (240, 240, 240), bold=True)
    pygame.draw.rect(surface, (16, 18, 22), pill, border_radius=pill.h // 2)
    pygame.draw.rect(surface, darken(colour, 0.1), pill, 1, border_radius=pill.h // 2)
    surface.blit(text, text.get_rect(center=pill.center))


def draw_name(
    surface: pygame.Surface,
    theme: Theme,
    name: str,
    point: tuple[float, float],
    colour: Colour,
    below: bool = True,
) -> None:
    """A name on a dark pill with a side-coloured edge; `point` is the pill's top
    centre, or its bottom centre when not `below`."""
    draw_name_at(surface, theme, name, name_pill(theme, name, point, below), colour)


def draw_ring(
    surface: pygame.Surface,
    centre: tuple[float, float],
    tile_px: int,
    colour: Colour,
    width: int,
    dashed: bool = False,
    phase: float = 0.0,
) -> None:
    """A ring around a token: selection, hover, the declarer (outside the token at any zoom)."""
    radius = max(tile_px * 0.5, token_size(tile_px) / 2 + 4)
    if not dashed:
        pygame.draw.circle(surface, colour, (round(centre[0]), round(centre[1])), round(radius), width)
        return
    segments = 12
    for k in range(segments):
        if k % 2:
            continue
        a0 = phase + k * 2 * math.pi / segments
        rect = pygame.Rect(0, 0, round(radius * 2), round(radius * 2))
        rect.center = (round(centre[0]), round(centre[1]))
        pygame.draw.arc(surface, colour, rect, a0, a0 + 2 * math.pi / segments, width)
