"""Random battlefields for benchmarks and tests: walls, cover and rough ground."""

from __future__ import annotations

import numpy as np

from game.board.terrain import OPEN, WALL, Terrain, TerrainBoard

PALETTE = (
    OPEN,
    WALL,
    Terrain("low wall", move_cost=2.0, cover="low"),
    Terrain("barricade", blocks_move=True, cover="high"),
    Terrain("rough", move_cost=1.5),
    Terrain("woods", move_cost=2.0, blocks_sight=True, cover="high"),
)
"""Terrain kinds of a generated board, by index."""


def generated_board(
    width: int = 200, height: int = 200, seed: int = 0, metres_per_tile: float = 1.0
) -> TerrainBoard:
    """A board with wall segments (about 9% of the tiles), low walls, barricades,
    rough ground and woods, the same for the same seed."""
    rng = np.random.default_rng(seed)
    kinds = np.zeros((height, width), np.int32)
    area = width * height
    scatter = rng.random((height, width))
    kinds[scatter < 0.08] = 4  # rough
    kinds[(scatter >= 0.08) & (scatter < 0.10)] = 5  # woods
    kinds[(scatter >= 0.10) & (scatter < 0.12)] = 2  # low walls
    kinds[(scatter >= 0.12) & (scatter < 0.13)] = 3  # barricades
    for _ in range(area // 80):  # wall segments of 3 to 12 tiles
        x, y = int(rng.integers(width)), int(rng.integers(height))
        length = int(rng.integers(3, 13))
        if rng.random() < 0.5:
            kinds[y, x : x + length] = 1
        else:
            kinds[y : y + length, x] = 1
    return TerrainBoard(kinds, PALETTE, metres_per_tile)
