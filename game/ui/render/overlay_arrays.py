"""The arrays behind the overlays: whole-board numpy masks ([y, x]) of movement reach,
range bands, line of sight and cover, facing arcs and enemy threat, each worked out by
the board's and the rules' own functions (`game.board.reach`, `ranges`, `sight`).
No drawing here: `game.ui.render.overlays` draws what these return.
"""

from __future__ import annotations

import math

import numpy as np

from game.board.ranges import range_bands
from game.board.reach import reachable
from game.board.sight import MAX_RADIUS_TILES, sight_from
from game.board.terrain import TerrainBoard
from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.rules.arcs import arc_index_by_offset
from game.rules.positions import are_enemies, combatants, is_active, melee_reach, tile_of
from game.rules.stats import movement_rate
from game.world import Equipment, World

ARC_RADIUS = 4  # tiles around a combatant shown by the arcs overlay


def _full(width: int, height: int, x0: int, y0: int, window: np.ndarray, fill: object) -> np.ndarray:
    out = np.full((height, width), fill, dtype=window.dtype)
    h, w = window.shape
    out[y0 : y0 + h, x0 : x0 + w] = window
    return out


def reach_arrays(
    board: TerrainBoard, start: Tile, walk_m: float, sprint_m: float, occupied: list[Tile]
) -> tuple[np.ndarray, np.ndarray]:
    """Walk and Sprint masks of a combatant (one search to the Sprint budget)."""
    far = reachable(board, start, sprint_m, occupied)
    return far.mask(walk_m), far.mask(sprint_m)


def band_array(board: TerrainBoard, origin: Tile, weapon: Weapon) -> np.ndarray:
    """Range band of every tile (3 = out of range)."""
    bands = range_bands(board, origin, weapon)
    return _full(board.width, board.height, bands.x0, bands.y0, bands.bands, np.int8(3))


def sight_arrays(
    board: TerrainBoard, origin: Tile, radius_m: float | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(unseen, cover, beyond) from a tile: the rules' own line of sight and cover
    (`game.board.sight` asks their ray) for every tile of the map, or within `radius_m`.

    Sight has no range in the rules, so the overlay covers the whole map; only a map
    too large for the ray tables leaves its far tiles `beyond` (marked as not shown,
    never as seen).
    """
    mpt = board.metres_per_tile
    whole = math.hypot(board.width, board.height) * mpt
    radius = min(whole if radius_m is None else radius_m, MAX_RADIUS_TILES * mpt)
    sight = sight_from(board, origin, radius)
    unseen = _full(board.width, board.height, sight.x0, sight.y0, sight.in_range & ~sight.visible, False)
    cover_window = np.where(sight.visible, sight.cover, -1).astype(np.int8)
    cover = _full(board.width, board.height, sight.x0, sight.y0, cover_window, np.int8(-1))
    # Cover matters where a target can stand: walls and crates are what gives it, not what gets it.
    cover[board.move_blocked & (cover > 0)] = 0
    beyond = ~_full(board.width, board.height, sight.x0, sight.y0, sight.in_range, False)
    if radius_m is not None:
        beyond[:] = False  # a range asked for: what lies past it is simply not part of the answer
    return unseen, cover, beyond


def bearing_dirs(width: int, height: int, to: Tile) -> np.ndarray:
    """For every tile, the 8-way direction of the bearing from it to `to` (as geometry.bearing_direction)."""
    ys, xs = np.mgrid[0:height, 0:width]
    dx, dy = to[0] - xs, to[1] - ys
    degrees = np.degrees(np.arctan2(dx, -dy)) % 360
    return (((degrees + 22.5) % 360) // 45).astype(np.int8)


def arc_array(board: TerrainBoard, centre: Tile, facing: int, radius: int = ARC_RADIUS) -> np.ndarray:
    """Arc index (F, R, L, B: `game.rules.arcs.ARCS`) of the tiles around a combatant, by the
    rules' own table of arcs."""
    ys, xs = np.mgrid[0 : board.height, 0 : board.width]
    dx, dy = xs - centre[0], ys - centre[1]
    degrees = np.degrees(np.arctan2(dx, -dy)) % 360
    direction = (((degrees + 22.5) % 360) // 45).astype(np.int8)
    offset = (direction - facing) % 8
    table = np.array(arc_index_by_offset(), np.int8)
    arcs = table[offset]
    near = (np.maximum(abs(dx), abs(dy)) <= radius) & ~((dx == 0) & (dy == 0))
    return np.where(near, arcs, -1).astype(np.int8)


def threat_enemies(world: World, side_of: int) -> list[int]:
    """The active enemies of `side_of`, whose threat the threat overlay shows."""
    return [
        e
        for e in combatants(world)
        if e != side_of and is_active(world, e) and are_enemies(world, side_of, e)
    ]


def melee_threat(
    world: World, board: TerrainBoard, enemy: int, seen: frozenset[int] | None = None
) -> tuple[Tile, np.ndarray]:
    """An enemy's tile and the tiles it could Strike next round: anywhere its walk can take
    it, plus its melee reach.  With fog of war (`seen`: whom the side at the window sees) a
    combatant it does not see does not stand in the way: a gap in the walk would give him
    away."""
    h, w = board.height, board.width
    occupied = [
        tile_of(world, e) for e in combatants(world) if is_active(world, e) and (seen is None or e in seen)
    ]
    here = tile_of(world, enemy)
    rate = float(max(0, movement_rate(world, enemy).total))
    others = [t for t in occupied if t != here]
    can_stand = reachable(board, here, rate, others).mask(rate)
    reach = melee_reach(world.get(enemy, Equipment))
    strike = np.zeros((h, w), bool)
    ys, xs = np.nonzero(can_stand)
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            if dx == 0 and dy == 0:
                continue
            tx, ty = xs + dx, ys + dy
            ok = (tx >= 0) & (tx < w) & (ty >= 0) & (ty < h)
            strike[ty[ok], tx[ok]] = True
    return here, strike


def missile_reach(world: World, enemy: int) -> float | None:
    """How far an enemy's missile weapon reaches (its long range in metres), or None."""
    weapon = world.get(enemy, Equipment).missile_weapon()
    return weapon.ranges[-1] if weapon is not None and weapon.ranges is not None else None


def shoot_mask(board: TerrainBoard, here: Tile, radius_m: float) -> np.ndarray:
    """The tiles a shooter on `here` sees within `radius_m` metres (board only: it may be
    worked out away from the window's thread)."""
    _unseen, cover, _beyond = sight_arrays(board, here, radius_m)
    return cover >= 0


def threat_parts(
    world: World, board: TerrainBoard, side_of: int
) -> list[tuple[Tile, np.ndarray, np.ndarray]]:
    """For each active enemy of `side_of`: its tile, the tiles it could Strike next round
    (anywhere its walk can take it, plus its melee reach) and the tiles it could shoot."""
    parts = []
    for enemy in threat_enemies(world, side_of):
        here, strike = melee_threat(world, board, enemy)
        radius = missile_reach(world, enemy)
        shoot = shoot_mask(board, here, radius) if radius is not None else np.zeros_like(strike)
        parts.append((here, strike, shoot))
    return parts


def threat_arrays(
    parts: list[tuple[Tile, np.ndarray, np.ndarray]], width: int, height: int, facing: int | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(melee count, missile count, back-arc flag) from `threat_parts`: how many enemies could
    attack each tile next round, and whether one would do it from the back arc of a
    combatant there facing `facing`."""
    melee = np.zeros((height, width), np.int16)
    missile = np.zeros((height, width), np.int16)
    back = np.zeros((height, width), bool)
    for here, strike, shoot in parts:
        melee += strike
        missile += shoot
        if facing is not None:
            offset = (bearing_dirs(width, height, here) - facing) % 8
            back |= (strike | shoot) & ((offset >= 3) & (offset <= 5))
    return melee, missile, back
