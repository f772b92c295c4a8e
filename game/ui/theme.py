"""Colours, fonts and sizes of the game window, with a colour-blind palette.

Every overlay pairs its colour with a pattern or a label (see
`game.ui.render.overlays`), so the palettes only have to be pleasant and
distinct; the colour-blind one uses the Okabe–Ito colours throughout.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game.i18n import N_
from game.paths import ASSETS
from game.session.sides import controller_spec

FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
TEXT_CACHE_SIZE = 3000  # rendered text surfaces kept

Colour = tuple[int, int, int]

SIDE_COLOURS: tuple[Colour, ...] = (
    (0xD5, 0x5E, 0x00),  # vermillion
    (0x00, 0x72, 0xB2),  # blue
    (0xF0, 0xE4, 0x42),  # yellow
    (0xCC, 0x79, 0xA7),  # reddish purple
    (0x00, 0x9E, 0x73),  # bluish green
    (0x56, 0xB4, 0xE9),  # sky blue
)
"""Okabe–Ito colours for sides that name none."""
SIDE_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")
SHAPE_WORDS = (N_("circle"), N_("square"), N_("triangle"), N_("diamond"), N_("hexagon"), N_("star"))
"""The shapes' names as the screens show them (translated there)."""


@dataclass(frozen=True)
class Palette:
    """The colours of one palette (RGB)."""

    name: str
    background: Colour = (22, 25, 31)
    panel: Colour = (34, 38, 47)
    panel_edge: Colour = (62, 68, 82)
    panel_dark: Colour = (27, 30, 37)
    text: Colour = (232, 232, 228)
    text_dim: Colour = (160, 166, 176)
    text_bad: Colour = (255, 128, 110)
    text_good: Colour = (130, 220, 140)
    accent: Colour = (240, 192, 90)
    button: Colour = (52, 58, 72)
    button_hover: Colour = (72, 80, 98)
    button_disabled: Colour = (40, 43, 50)
    walk: Colour = (70, 160, 255)
    sprint: Colour = (255, 176, 64)
    range_short: Colour = (90, 210, 120)
    range_medium: Colour = (240, 220, 80)
    range_long: Colour = (240, 120, 60)
    arc_front: Colour = (120, 220, 235)  # arcs: colours of their own, not the range bands'
    arc_side: Colour = (200, 160, 255)
    arc_back: Colour = (235, 70, 70)
    no_sight: Colour = (10, 10, 16)
    cover_low: Colour = (120, 200, 255)
    cover_high: Colour = (60, 120, 255)
    threat: Colour = (235, 60, 90)
    threat_missile: Colour = (200, 90, 255)
    path_walk: Colour = (120, 200, 255)
    path_sprint: Colour = (255, 176, 64)
    path_bad: Colour = (255, 80, 80)
    hit: Colour = (130, 220, 140)
    miss: Colour = (255, 128, 110)
    select: Colour = (255, 236, 140)
    hover: Colour = (255, 255, 255)


STANDARD = Palette("standard")
COLOUR_BLIND = Palette(
    "colour-blind",
    walk=(0x56, 0xB4, 0xE9),
    sprint=(0xE6, 0x9F, 0x00),
    range_short=(0x00, 0x9E, 0x73),
    range_medium=(0xF0, 0xE4, 0x42),
    range_long=(0xD5, 0x5E, 0x00),
    arc_front=(0x56, 0xB4, 0xE9),
    arc_side=(0xCC, 0x79, 0xA7),
    arc_back=(0xD5, 0x5E, 0x00),
    cover_low=(0x56, 0xB4, 0xE9),
    cover_high=(0x00, 0x72, 0xB2),
    threat=(0xD5, 0x5E, 0x00),
    threat_missile=(0xCC, 0x79, 0xA7),
    path_walk=(0x56, 0xB4, 0xE9),
    path_sprint=(0xE6, 0x9F, 0x00),
    path_bad=(0xD5, 0x5E, 0x00),
    hit=(0x00, 0x9E, 0x73),
    miss=(0xD5, 0x5E, 0x00),
    text_good=(0x56, 0xB4, 0xE9),
    text_bad=(0xE6, 0x9F, 0x00),
)


@dataclass(frozen=True)
class SideStyle:
    """How a side is drawn: colour and badge shape (never colour alone)."""

    name: str
    colour: Colour
    shape: str
    controller: str = "human"


def parse_colour(text: str, fallback: Colour) -> Colour:
    """ "#rrggbb" → (r, g, b); the fallback for anything else."""
    try:
        value = text.strip().lstrip("#")
        if len(value) == 6:
            return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))
    except (AttributeError, ValueError):
        pass
    return fallback


def lighten(colour: Colour, amount: float) -> Colour:
    """Move a colour `amount` (0..1) of the way to white."""
    return tuple(int(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def darken(colour: Colour, amount: float) -> Colour:
    """Move a colour `amount` (0..1) of the way to black."""
    return tuple(int(c * (1 - amount)) for c in colour)  # type: ignore[return-value]


REPLACEMENT = "\ufffd"  # drawn for what a font cannot take: a NUL, half of a broken character


def drawable(text: str) -> str:
    """`text` as a font can draw it: pygame refuses a NUL and a lone surrogate (what Python
    makes of a file name that is not UTF-8, or of a save's "\\ud800"), and raised mid-frame."""
    if "\x00" in text:
        text = text.replace("\x00", REPLACEMENT)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join(REPLACEMENT if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)
    return text


class DrawableFont(pygame.font.Font):
    """A font that draws and measures any str (`drawable`): labels come from file names and
    saves, and one bad character must not take the window down."""

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        """The pixels `text` takes."""
        return super().size(drawable(text))

    def render(self, text: str, *args: object, **kwargs: object) -> pygame.Surface:  # type: ignore[override]
        """`text` drawn (see pygame's Font.render)."""
        return super().render(drawable(text), *args, **kwargs)  # type: ignore[arg-type]


def shorten(text: str, limit: int) -> str:
    """`text` at most `limit` characters, with "…" where it was cut (a name in a narrow list;
    `fit_text` when the width in pixels is known)."""
    if len(text) <= limit:
        return text
    return text[: max(1, limit - 1)].rstrip() + "…"


def fit_text(font: pygame.font.Font, text: str, width: int, keep: str = "start") -> str:
    """`text` cut to `width` pixels with "…" where it was cut: its start kept ("A long tit…")
    or, with keep="end", its end ("…/maps/ring.tmx").  At least one character is kept.  A
    binary search: a label of 200,000 characters costs 18 measurements, not 100,000."""
    if font.size(text)[0] <= width:
        return text

    def cut(n: int) -> str:
        return text[:n].rstrip() + "…" if keep == "start" else "…" + text[len(text) - n :].lstrip()

    low, high = 1, len(text) - 1  # the longest cut that fits lies in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(cut(middle))[0] <= width:
            low = middle
        else:
            high = middle - 1
    return cut(low)


class Theme:
    """The palette, the UI scale and a cache of fonts and rendered text."""

    def __init__(self, scale: float = 1.0, colour_blind: bool = False) -> None:
        self.scale = scale
        self.colour_blind = colour_blind
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[str, int, bool, Colour], pygame.Surface] = OrderedDict()

    @property
    def palette(self) -> Palette:
        """The palette in use."""
        return COLOUR_BLIND if self.colour_blind else STANDARD

    def px(self, value: float) -> int:
        """A size in pixels at the current UI scale."""
        return max(1, round(value * self.scale))

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """DejaVu Sans at `size` points before scaling (it has − → ≤ and friends)."""
        key = (self.px(size), bold)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = DrawableFont(str(FONT_BOLD if bold else FONT_REGULAR), key[0])
            self._fonts[key] = font
        return font

    def warm_fonts(self) -> None:
        """Load the fonts the battle screen draws with (at load: a new size costs a frame)."""
        for size in range(9, 23):
            self.font(size)
            self.font(size, True)
        for size in (24, 26, 28, 30, 44):
            self.font(size, True)

    def text(
        self, text: str, size: int = 14, colour: Colour | None = None, bold: bool = False
    ) -> pygame.Surface:
        """Rendered text (cached): the same call never renders twice."""
        colour = colour or self.palette.text
        key = (text, size, bold, tuple(colour))
        surface = self._text.get(key)
        if surface is not None:
            self._text.move_to_end(key)
            return surface
        surface = self.font(size, bold).render(text, True, colour)
        self._text[key] = surface
        if len(self._text) > TEXT_CACHE_SIZE:
            self._text.popitem(last=False)
        return surface

    def line_height(self, size: int = 14) -> int:
        """Pixels between lines of text of that size."""
        return self.font(size).get_linesize()

    def wrap(self, text: str, width: int, size: int = 14, bold: bool = False) -> list[str]:
        """Split text into lines no wider than `width` pixels (words kept whole when possible)."""
        font = self.font(size, bold)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words = paragraph.split(" ")
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def side_style(self, name: str, index: int, spec: object = None) -> SideStyle:
        """A side's style from the battle's meta (dict with colour/shape/controller) or defaults."""
        colour = SIDE_COLOURS[index % len(SIDE_COLOURS)]
        shape = SIDE_SHAPES[index % len(SIDE_SHAPES)]
        if isinstance(spec, dict):
            colour = parse_colour(str(spec.get("colour", "")), colour)
            if spec.get("shape") in SIDE_SHAPES:
                shape = str(spec["shape"])
        elif spec is not None:
            colour = parse_colour(str(getattr(spec, "colour", "")), colour)
            shape = (
                str(getattr(spec, "shape", shape)) if getattr(spec, "shape", None) in SIDE_SHAPES else shape
            )
        controller = controller_spec(spec)
        if self.colour_blind:
            colour = SIDE_COLOURS[index % len(SIDE_COLOURS)]
        return SideStyle(name, colour, shape, controller)
