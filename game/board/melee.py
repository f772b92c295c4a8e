"""Melee reach and engagement on the board (RULES.md §1).

The same questions `game.rules.positions` asks of combatants in a World,
asked of bare tiles and reaches, for overlays and the AI.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from game.core.geometry import Tile
from game.rules.board import Board


def reach_tiles(board: Board, tile: Tile, reach: int) -> list[Tile]:
    """The tiles a melee weapon of `reach` tiles, held at `tile`, can strike."""
    x, y = tile
    return [
        (tx, ty)
        for ty in range(y - reach, y + reach + 1)
        for tx in range(x - reach, x + reach + 1)
        if board.in_bounds((tx, ty)) and board.in_reach(tile, (tx, ty), reach)
    ]


def engaged(board: Board, a: Tile, reach_a: int, b: Tile, reach_b: int) -> bool:
    """Whether combatants on a and b are engaged in melee: either within the other's reach."""
    return board.in_reach(a, b, reach_a) or board.in_reach(b, a, reach_b)


def engagement_mask(board: Board, enemies: Iterable[tuple[Tile, int]], own_reach: int = 1) -> np.ndarray:
    """A [y, x] map of the tiles where a combatant with `own_reach` would be engaged
    in melee with at least one of `enemies` (their tile and reach)."""
    mask = np.zeros((board.height, board.width), bool)
    for there, their_reach in enemies:
        span = max(own_reach, their_reach)
        for ty in range(max(0, there[1] - span), min(board.height, there[1] + span + 1)):
            for tx in range(max(0, there[0] - span), min(board.width, there[0] + span + 1)):
                if not mask[ty, tx] and engaged(board, (tx, ty), own_reach, there, their_reach):
                    mask[ty, tx] = True
    return mask
