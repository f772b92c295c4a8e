"""Where to look for the enemy under fog of war, remembering what the side has seen.

A side that sees no enemy walks toward unseen ground.  Choosing it from what is unseen *now*
alone made it pace: the garrison of the night ambush stepped east toward the middle of the
unseen ground, which put the west out of sight, so the next round the middle lay west, and
it walked back, for twenty-five rounds (`simulate battles --sides ai:hard,ai:random --seed
7357`, night_ambush battle 21).  `SightMemory` keeps the round each tile was last seen, for
the side's controller, across rounds, and `scout_goal` looks where nobody has looked for the
longest: a ghost's surroundings not looked at since he was seen there, else the nearest of
the ground seen longest ago (never, first).
"""

from __future__ import annotations

import numpy as np

from game.core.geometry import Tile
from game.rules.fog import Ghost, SideView

NEVER = -1
"""The round of a tile the side has not seen yet."""


class SightMemory:
    """The round each tile was last seen by one side (`NEVER`: not yet), as a [y, x] array;
    fed every view of the fog its controller gets, in the order of the battle."""

    def __init__(self) -> None:
        self._seen: np.ndarray | None = None

    def record(self, fog: SideView) -> None:
        """Note what the side sees now (a new battle, or a new map, starts the memory again)."""
        seen = self._seen
        if seen is None or seen.shape != fog.tiles.shape or int(seen.max()) > fog.round:
            seen = self._seen = np.full(fog.tiles.shape, NEVER, dtype=np.int32)
        seen[fog.tiles] = fog.round

    @property
    def seen_at(self) -> np.ndarray | None:
        """The rounds, [y, x]; None before any view was recorded."""
        return self._seen


def scout_goal(
    unseen: np.ndarray, walk: np.ndarray, seen_at: np.ndarray | None, ghosts: list[Ghost]
) -> tuple[Tile, Ghost | None] | None:
    """Where to look for an enemy, and the ghost it follows: of the `unseen` tiles ([y, x],
    those it can walk to; `walk` the metres to each), the one nearest the latest ghost among
    those not looked at since he was seen there; else the nearest of those seen longest ago
    (`seen_at`; without a memory, every tile counts as never seen).  None with nothing unseen."""
    if not unseen.any():
        return None
    kept = seen_at is not None and seen_at.shape == unseen.shape
    rounds = seen_at if kept else np.full(unseen.shape, NEVER)
    ghost = min(ghosts, key=lambda g: (-g.round, g.eid), default=None)  # the latest seen
    if ghost is not None:
        fresh = unseen & (rounds <= ghost.round)
        ys, xs = np.nonzero(fresh)
        if len(xs):
            gx, gy = ghost.tile
            at = int(np.argmin((xs - gx) ** 2 + (ys - gy) ** 2))
            return (int(xs[at]), int(ys[at])), ghost
    oldest = int(rounds[unseen].min())
    ys, xs = np.nonzero(unseen & (rounds == oldest))
    at = int(np.argmin(walk[ys, xs]))
    return (int(xs[at]), int(ys[at])), None
