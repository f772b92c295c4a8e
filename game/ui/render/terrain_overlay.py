"""The terrain overlay: what the game reads from the map, tile by tile, readable without colour.

A map maker checks a map by eye with it (in the game, or with
`render --overlay terrain`):

    walls (block movement and sight)   dark, a grid
    block movement only (water, crates) red, upright bars
    block sight only (smoke, hedges)    purple, level lines
    cover                               a hollow shield with L (low) or H (high)
    move cost other than 1              "×2" in the corner; dearer ground also lined
    dark tiles (fog of war's darkness)  dark slashes, "3m" in the corner: seen only from
                                        within those metres (the map's own limit, if it
                                        has one, is a line of the legend)

(its looks are `swatches.LOOKS["terrain"]`, apart from every other overlay's).

The arrays come from the board itself (`TerrainBoard`'s own arrays, or tile
by tile for any other board), so the overlay shows exactly what the rules use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.i18n import _
from game.rules.board import COVER_LEVELS
from game.rules.fog import darkness
from game.ui.render.swatches import Swatch, look
from game.ui.theme import Colour, Palette

if TYPE_CHECKING:
    from game.ui.render.stamps import Stamps


@dataclass(frozen=True)
class TerrainData:
    """[y, x] masks of what each tile does, worked out once per board (chunks only slice them)."""

    walls: np.ndarray  # blocks movement and sight
    move_only: np.ndarray  # blocks movement, not sight
    sight_only: np.ndarray  # blocks sight, not movement
    dear: np.ndarray  # open ground dearer to enter than 1
    low: np.ndarray  # low cover
    high: np.ndarray  # high cover
    costs: tuple[tuple[str, np.ndarray], ...]  # ("×2", open tiles of that move cost), for every cost but 1
    dark: tuple[tuple[float, np.ndarray], ...] = ()  # (metres, dark tiles seen only from within them)
    night: float | None = None  # metres: the whole map's sight limit (None: none)


def terrain_arrays(board: object) -> TerrainData:
    """What every tile of a board does, as the rules see it: its own arrays if it has them
    (`TerrainBoard`), else asked tile by tile."""
    arrays = ("move_blocked", "sight_blocked", "cover_levels", "move_costs")
    if all(hasattr(board, name) for name in arrays):
        move, sight, cover, cost = (np.asarray(getattr(board, name)) for name in arrays)
    else:
        width, height = board.width, board.height  # type: ignore[attr-defined]
        tiles = [[(x, y) for x in range(width)] for y in range(height)]

        def grid(ask: Callable[[tuple[int, int]], object]) -> np.ndarray:
            return np.array([[ask(t) for t in row] for row in tiles])

        move = grid(board.blocks_move)  # type: ignore[attr-defined]
        sight = grid(board.blocks_sight)  # type: ignore[attr-defined]
        cover = grid(lambda t: COVER_LEVELS.index(board.cover_at(t)))  # type: ignore[attr-defined]
        cost = grid(board.move_cost)  # type: ignore[attr-defined]
    move, sight, cost = move.astype(bool), sight.astype(bool), cost.astype(float)
    open_ground = ~move
    costs = tuple(
        (f"×{value:g}", open_ground & (cost == value))
        for value in np.unique(cost[open_ground & (cost != 1)]).tolist()
    )
    night, dark = dark_arrays(board)
    return TerrainData(
        move & sight,
        move & ~sight,
        sight & ~move,
        open_ground & (cost > 1),
        cover == 1,
        cover == 2,
        costs,
        dark,
        night,
    )


def dark_arrays(board: object) -> tuple[float | None, tuple[tuple[float, np.ndarray], ...]]:
    """The board's darkness as the rules read it (`game.rules.fog.darkness`): the whole
    map's sight limit, and the tiles darker than it by their metres (nearest first)."""
    if getattr(board, "sight_limit", None) is None and not getattr(board, "dark_tiles", None):
        return None, ()
    limits = darkness(board)  # type: ignore[arg-type]
    night = getattr(board, "sight_limit", None)
    night = float(night) if night is not None else None
    darker = np.isfinite(limits) if night is None else limits < night
    dark = tuple((float(m), darker & (limits == m)) for m in np.unique(limits[darker]).tolist())
    return night, dark


def metres_label(metres: float) -> str:
    """A dark tile's corner mark: "3m"."""
    return _("{metres}m").format(metres=f"{metres:g}")


Each = Callable[[np.ndarray, pygame.Surface], None]


def draw_terrain(each: Each, st: Stamps, pal: Palette, data: TerrainData, labels: bool) -> None:
    """Blit the terrain overlay's stamps with `each(mask, stamp)` (the overlay layer's blitter)."""
    walls, move_only, sight_only, dear = (
        look(pal, "terrain", k) for k in ("walls", "move_only", "sight_only", "dear")
    )
    each(data.walls, st.fill(walls.colour, 150, walls.pattern, 120))
    each(data.move_only, st.fill(move_only.colour, 70, move_only.pattern, 170))
    each(data.sight_only, st.fill(sight_only.colour, 60, sight_only.pattern, 200))
    each(data.dear, st.fill(dear.colour, 0, dear.pattern, 160))
    each(data.low, st.shield(1, look(pal, "terrain", "low").colour, hollow=True))
    each(data.high, st.shield(2, look(pal, "terrain", "high").colour, hollow=True))
    dark = look(pal, "terrain", "dark")
    for _metres, mask in data.dark:
        each(mask, st.fill(dark.colour, 90, dark.pattern, 200))
    if labels:
        for text, mask in data.costs:
            each(mask, st.letter(text, dear.colour, "topleft"))
        for metres, mask in data.dark:
            each(mask, st.letter(metres_label(metres), dark.colour, "topright"))


def legend_rows(pal: Palette, data: TerrainData | None = None) -> list[tuple[str, str, Colour, str]]:
    """(overlay, label, colour, pattern) rows for the legend box; with `data`, a row for the
    map's darkness (each dark tiles' metres, the whole map's limit) when it has any."""
    words = [
        ("walls", _("blocks movement and sight")),
        ("move_only", _("blocks movement only")),
        ("sight_only", _("blocks sight only")),
        ("dear", _("×n: move cost (lines: dearer)")),
        ("low", _("L low cover, H high cover (on the tile)")),
    ]
    if data is not None and data.dark:
        metres = ", ".join(f"{m:g}" for m, _mask in data.dark)
        words.append(("dark", _("dark: seen only from within {metres} m").format(metres=metres)))
    if data is not None and data.night is not None:
        words.append(("dark", _("night: nothing is seen beyond {metres} m").format(metres=f"{data.night:g}")))
    return [("terrain", label, *_parts(look(pal, "terrain", kind))) for kind, label in words]


def _parts(swatch: Swatch) -> tuple[Colour, str]:
    return swatch.colour, swatch.pattern
