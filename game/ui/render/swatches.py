"""How every overlay's marks look (a colour and a pattern), in one table, so that no two
overlays shown together look alike, in either palette.

The overlays draw their tiles and the legend draws its swatches from the same `Swatch`,
so what the legend shows is what the map shows.  The families keep overlays apart even
without colour:

    reach    plain and diagonal hatch, blue and orange
    range    plain, dots, hatch: green, yellow, orange-red
    arcs     straight lines: front ─ (cyan), sides │ (lilac), back ┼ (red)
    sight    dark crossed (no sight), dark dots (too far), solid shields (cover from here)
    terrain  dark grid (walls), red bars (block movement), purple lines (block sight),
             orange lines (dearer ground), hollow shields (cover on the tile),
             dark slashes (dark tiles: fog of war's darkness)
    threat   red slashes (melee), purple dots (missiles), a letter B (from the back)

The rules modules' own overlays give a tone ("good", "bad", "warn", "info") and a pattern
(`MarkStyle`); `tone_colour` maps the tone to the palette.  The window's overlays may all be
on at once; the modules' overlays come one at a time (key 8 cycles them), each with any of
the window's (`shown_together`).  `clashes` finds two overlays shown together that share a
swatch (a test asks it of every pair, in both palettes).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.rules.api.modules import MarkStyle
from game.ui.theme import Colour, Palette


@dataclass(frozen=True)
class Swatch:
    """What one kind of overlay mark looks like: its colour and its pattern ("" plain, "dots",
    "hatch" /, "slash" \\, "cross", "lines" ─, "bars" │, "grid" ┼, "shield", "hollow shield",
    "letter")."""

    colour: Colour
    pattern: str


LOOKS: dict[str, dict[str, tuple[str, str]]] = {
    "reach": {"walk": ("walk", ""), "sprint": ("sprint", "hatch")},
    "range": {
        "short": ("range_short", ""),
        "medium": ("range_medium", "dots"),
        "long": ("range_long", "hatch"),
    },
    "arcs": {"front": ("arc_front", "lines"), "side": ("arc_side", "bars"), "back": ("arc_back", "grid")},
    "sight": {
        "beyond": ("no_sight", "dots"),
        "unseen": ("no_sight", "cross"),
        "low": ("cover_low", "shield"),
        "high": ("cover_high", "shield"),
    },
    "terrain": {
        "walls": ("no_sight", "grid"),
        "move_only": ("threat", "bars"),
        "sight_only": ("threat_missile", "lines"),
        "dear": ("sprint", "lines"),
        "low": ("cover_low", "hollow shield"),
        "high": ("cover_high", "hollow shield"),
        "dark": ("no_sight", "slash"),
    },
    "threat": {
        "melee": ("threat", "slash"),
        "missile": ("threat_missile", "dots"),
        "back": ("arc_back", "letter"),
    },
}
"""Each window overlay's kinds of mark: (the palette's colour, the pattern)."""

TONES = {"good": "range_short", "bad": "threat", "warn": "sprint", "info": "walk"}
"""The palette colour of each tone a rules module's mark may have."""


def look(pal: Palette, overlay: str, kind: str) -> Swatch:
    """The swatch of one kind of mark of a window overlay ("range", "short")."""
    colour, pattern = LOOKS[overlay][kind]
    return Swatch(getattr(pal, colour), pattern)


def tone_colour(pal: Palette, tone: str) -> Colour:
    """The palette's colour for a module mark's tone (the colour-blind palette has its own)."""
    name = TONES.get(tone)
    return getattr(pal, name) if name is not None else pal.accent


def mark_swatch(pal: Palette, style: MarkStyle) -> Swatch:
    """The swatch of a rules module's mark style."""
    return Swatch(tone_colour(pal, style.tone), style.pattern)


def window_swatches(pal: Palette) -> dict[str, list[Swatch]]:
    """Every swatch each window overlay may show (whatever the board), by overlay."""
    return {name: [look(pal, name, kind) for kind in kinds] for name, kinds in LOOKS.items()}


def module_swatches(pal: Palette, styles: Mapping[str, Sequence[MarkStyle]]) -> dict[str, list[Swatch]]:
    """The swatches of rules module overlays, from their mark styles, by overlay."""
    return {name: [mark_swatch(pal, s) for s in marks] for name, marks in styles.items()}


def shown_together(a: str, b: str, modules: Iterable[str]) -> bool:
    """Whether overlays `a` and `b` can be on at once: any two of the window's, or one of the
    window's with one of a module's (the modules' come one at a time)."""
    names = set(modules)
    return a != b and not (a in names and b in names)


def clashes(
    swatches: Mapping[str, Sequence[Swatch]], modules: Iterable[str]
) -> list[tuple[str, str, Swatch]]:
    """(overlay, overlay, swatch) for every swatch two overlays shown together share, and
    (overlay, overlay, swatch) for a swatch an overlay uses for two kinds of mark."""
    names = list(modules)
    found: list[tuple[str, str, Swatch]] = []
    for name, own in swatches.items():
        found += [(name, name, s) for s in {s for s in own if list(own).count(s) > 1}]
    for a, b in itertools.combinations(sorted(swatches), 2):
        if shown_together(a, b, names):
            found += [(a, b, s) for s in sorted(set(swatches[a]) & set(swatches[b]), key=repr)]
    return found
