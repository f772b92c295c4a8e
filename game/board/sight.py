"""Line of sight and cover from one tile to every tile around it (RULES.md §1, §8), for the
board's overlays.

The work is the rules' own (`game.rules.sight`, whose ray tables `game.rules.ray_tables`
traces from the rules' ray), so that a rules module's overlay and the battle screen's
sight overlay share one function; this module names it for the board's side.
"""

from __future__ import annotations

from game.rules.sight import (
    EPSILON,
    MAX_RADIUS_TILES,
    SightMap,
    prepare_sight,
    sight_from,
    sight_within,
    warm_rays,
)

__all__ = [
    "EPSILON",
    "MAX_RADIUS_TILES",
    "SightMap",
    "prepare_sight",
    "sight_from",
    "sight_within",
    "warm_rays",
]
