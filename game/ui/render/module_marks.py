"""Drawing the rules modules' own overlays, which they give as data (`TileMarks`).

A module marks tiles with a style (a tone and a pattern) and a short text; the
window knows nothing of the module beyond that: it maps the tone to the palette,
stamps the pattern, writes the text in the tile's corner and lists the styles in
the legend.  The same code serves the battle screen and `render --overlay NAME`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.i18n import _
from game.rules.api.modules import TileMarks
from game.ui.render.swatches import tone_colour
from game.ui.theme import Colour, Palette

if TYPE_CHECKING:
    from game.ui.render.stamps import Stamps

Each = Callable[[np.ndarray, pygame.Surface], None]


def marks_masks(marks: TileMarks, width: int, height: int) -> list[np.ndarray]:
    """[y, x] mask of each style's tiles (tiles off the board are left out)."""
    masks = [np.zeros((height, width), dtype=bool) for _ in marks.styles]
    for (x, y), (style, _text) in marks.tiles.items():
        if 0 <= x < width and 0 <= y < height and 0 <= style < len(masks):
            masks[style][y, x] = True
    return masks


def draw_marks(
    each: Each, st: Stamps, pal: Palette, marks: TileMarks, masks: list[np.ndarray], labels: bool
) -> None:
    """Blit a module overlay's stamps with `each(mask, stamp)` (the overlay layer's blitter)."""
    for style, mask in zip(marks.styles, masks, strict=True):
        each(mask, st.fill(tone_colour(pal, style.tone), 60, style.pattern, 160))
    if not labels:
        return
    texts: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for tile, (style, text) in marks.tiles.items():
        if text:
            texts.setdefault((text, style), []).append(tile)
    height, width = masks[0].shape if masks else (0, 0)
    for (text, style), tiles in texts.items():
        mask = np.zeros((height, width), dtype=bool)
        for x, y in tiles:
            if 0 <= x < width and 0 <= y < height:
                mask[y, x] = True
        colour = tone_colour(pal, marks.styles[style].tone) if 0 <= style < len(marks.styles) else pal.text
        each(mask, st.letter(text, colour, "topleft"))


def legend_rows(name: str, pal: Palette, marks: TileMarks) -> list[tuple[str, str, Colour, str]]:
    """(overlay, label, colour, pattern) rows for the legend box; with no tile marked, a row
    that says so, and why (a Charge lane with no enemy in reach draws nothing otherwise)."""
    if not marks.tiles:
        why = marks.empty or _("nothing here for this combatant")
        return [(name, _("nothing marked: {why}").format(why=why), pal.text_dim, "none")]
    return [(name, style.label, tone_colour(pal, style.tone), style.pattern) for style in marks.styles]
