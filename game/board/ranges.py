"""Range bands of a missile weapon around a shooter (CO.07, RULES.md §5).

The band of each tile is decided exactly as `game.rules.positions.range_band`
decides it for one target: distance between centres in metres, and a target
exactly at a band's limit is inside that band.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.board.terrain import TerrainBoard
from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.rules.positions import RANGE_BANDS

BAND_NAMES = tuple(band for band, _penalty, _label in RANGE_BANDS) + ("out",)
"""Index → band: 0 short, 1 medium, 2 long, 3 out of range."""
OUT = len(BAND_NAMES) - 1
EPSILON = 1e-9  # metres, the slack of game.rules.positions.range_band


@dataclass(frozen=True)
class RangeMap:
    """The band of every tile around `origin`: `bands[j, i]` is tile (x0 + i, y0 + j).

    Tiles outside the window are out of range.
    """

    origin: Tile
    x0: int
    y0: int
    bands: np.ndarray  # int8 indexes of BAND_NAMES

    def band_at(self, tile: Tile) -> str:
        """ "short", "medium", "long" or "out"."""
        i, j = tile[0] - self.x0, tile[1] - self.y0
        if 0 <= j < self.bands.shape[0] and 0 <= i < self.bands.shape[1]:
            return BAND_NAMES[int(self.bands[j, i])]
        return "out"


def range_bands(board: TerrainBoard, origin: Tile, weapon: Weapon) -> RangeMap:
    """The range band of `weapon` from `origin` to every tile that is in range of it."""
    if weapon.ranges is None:
        raise ValueError(f"{weapon.name} is not a missile weapon")
    if not board.in_bounds(origin):
        raise ValueError(f"origin {origin} is off the map")
    mpt = board.metres_per_tile
    radius = int(weapon.ranges[-1] / mpt + EPSILON) + 1
    ox, oy = origin
    x0, y0 = max(0, ox - radius), max(0, oy - radius)
    x1, y1 = min(board.width, ox + radius + 1), min(board.height, oy + radius + 1)
    dx = np.arange(x0, x1) - ox
    dy = np.arange(y0, y1) - oy
    squares = (dy[:, None] ** 2 + dx[None, :] ** 2).astype(float)
    # sqrt of an exact integer is correctly rounded, as math.hypot is: the same
    # metres as BoardBase.distance (a test checks it).
    metres = np.sqrt(squares) * mpt
    bands = np.full(metres.shape, OUT, np.int8)
    for index, limit in reversed(list(enumerate(weapon.ranges))):
        bands[metres <= limit + EPSILON] = index
    return RangeMap(tuple(origin), x0, y0, bands)
