"""Directions and bearings on the grid (RULES.md §1).  Pure math, no board.

Tiles are (x, y) with y growing southward, as on screen and in Tiled.
"""

from __future__ import annotations

import math

Tile = tuple[int, int]

DIRECTION_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIRECTION_VECTORS: tuple[Tile, ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)


def direction_name(direction: int) -> str:
    """0 → "N", 1 → "NE", …"""
    return DIRECTION_NAMES[direction % 8]


def parse_direction(value: object) -> int:
    """A facing from "N"/"ne"/… or 0..7; ValueError with the accepted values otherwise."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 8:
        return value
    if isinstance(value, str) and value.upper() in DIRECTION_NAMES:
        return DIRECTION_NAMES.index(value.upper())
    raise ValueError(f"facing must be one of {', '.join(DIRECTION_NAMES)} (or 0..7), not {value!r}")


def step_direction(a: Tile, b: Tile) -> int | None:
    """The direction of a one-tile step from a to b, or None if not a neighbour step."""
    delta = (b[0] - a[0], b[1] - a[1])
    return DIRECTION_VECTORS.index(delta) if delta in DIRECTION_VECTORS else None


def bearing_degrees(a: Tile, b: Tile) -> float:
    """Compass bearing from a to b: 0 = N, 90 = E (y grows southward)."""
    return math.degrees(math.atan2(b[0] - a[0], -(b[1] - a[1]))) % 360


def bearing_direction(a: Tile, b: Tile) -> int:
    """The 8-way direction whose 45° sector (±22.5°) holds the bearing from a to b."""
    return int(((bearing_degrees(a, b) + 22.5) % 360) // 45)


def chebyshev(a: Tile, b: Tile) -> int:
    """King-move distance in tiles."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def euclid_tiles(a: Tile, b: Tile) -> float:
    """Straight-line distance between tile centres, in tiles."""
    return math.hypot(a[0] - b[0], a[1] - b[1])
