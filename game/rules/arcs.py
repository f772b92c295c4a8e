"""A combatant's arcs: which of its front, right, left and back sectors holds a tile.

Arcs of a combatant facing F: front = F−45°, F, F+45°; right and left = F±90°; back =
the three directions away from F.  A far tile is in the arc whose 45° sector (±22.5°)
holds the bearing to it.  Geometry only: what an arc costs is the facing module's rule
(`game.rules.modules.facing`), and anything else that asks which arc (a charge's run, an
overwatch's watch, a house rule's condition, the window's arcs overlay) asks here.
"""

from __future__ import annotations

from game.core.geometry import Tile, bearing_direction

FRONT, RIGHT, LEFT, BACK = "front", "right", "left", "back"
ARCS = (FRONT, RIGHT, LEFT, BACK)
"""The four arcs, in the order their indexes (`arc_index_by_offset`) number them."""
ARC_BY_OFFSET = {0: FRONT, 1: FRONT, 7: FRONT, 2: RIGHT, 6: LEFT, 3: BACK, 4: BACK, 5: BACK}
"""The arc of each bearing, counted in eighths clockwise from the facing."""


def arc_of(observer: Tile, facing: int, other: Tile) -> str:
    """Which arc of a combatant at `observer` facing `facing` holds `other` (its own tile:
    the front)."""
    if observer == other:
        return FRONT
    offset = (bearing_direction(observer, other) - facing) % 8
    return ARC_BY_OFFSET[offset]


def arc_index_by_offset() -> tuple[int, ...]:
    """For each bearing offset 0–7, the index in `ARCS` of its arc (a table to look whole
    maps up in at once)."""
    return tuple(ARCS.index(ARC_BY_OFFSET[offset]) for offset in range(8))
