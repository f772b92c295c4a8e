"""Measuring and walking declared paths (RULES.md §1, §6; CO.16–CO.18)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence

from game.core.geometry import DIRECTION_VECTORS, Tile, step_direction
from game.rules.board import Board

EPSILON = 1e-9  # float slack when comparing metres (diagonals are irrational)


class PathError(ValueError):
    """A declared path that cannot be walked, with a reason a player can read."""


def path_metres(board: Board, start: Tile, path: Sequence[Tile]) -> float:
    """Length of a path in metres, with terrain cost; PathError if a step is illegal."""
    total = 0.0
    here = start
    for i, tile in enumerate(path, 1):
        if not board.in_bounds(tile):
            raise PathError(f"step {i} {tuple(tile)} is off the map")
        metres = board.step_metres(here, tile)
        if metres is None:
            if max(abs(tile[0] - here[0]), abs(tile[1] - here[1])) != 1:
                raise PathError(f"step {i} {tuple(tile)} is not next to {tuple(here)}")
            if board.blocks_move(tile):
                raise PathError(f"step {i} {tuple(tile)} is blocked")
            raise PathError(f"step {i} {tuple(here)} → {tuple(tile)} cuts a blocked corner")
        total += metres
        here = tile
    return total


def walk(
    board: Board,
    start: Tile,
    path: Sequence[Tile],
    budget: float,
    occupied: Callable[[Tile], bool],
) -> tuple[list[Tile], float, str]:
    """Follow `path` from `start` while the metres allow and tiles are free.

    Returns (tiles visited including start, metres moved, why it stopped or "").
    """
    visited = [start]
    moved = 0.0
    for tile in path:
        metres = board.step_metres(visited[-1], tile)
        if metres is None:
            return visited, moved, f"{tuple(tile)} cannot be entered"
        if moved + metres > budget + EPSILON:
            return visited, moved, "out of metres"
        if occupied(tile):
            return visited, moved, f"{tuple(tile)} is occupied"
        visited.append(tile)
        moved += metres
    return visited, moved, ""


def final_facing(order_facing_source: object, visited: Sequence[Tile], current: int) -> int:
    """Where a combatant faces after moving: the declared facing, else the
    direction of its last step, else unchanged."""
    declared = getattr(order_facing_source, "facing", None)
    if declared is not None:
        return declared
    if len(visited) > 1:
        last = step_direction(visited[-2], visited[-1])
        if last is not None:
            return last
    return current


def walkable(
    board: Board, start: Tile, budget: float, occupied: Callable[[Tile], bool]
) -> dict[Tile, Tile | None]:
    """Every tile a walk of at most `budget` metres from `start` can end on, each with the tile
    it is reached from (None for `start`): the cheapest paths, around occupied tiles.  A small
    search for the rules' own needs (a Sudden Dive's AI looking for cover); the board layer has
    the fast one."""
    best: dict[Tile, float] = {start: 0.0}
    came: dict[Tile, Tile | None] = {start: None}
    todo = [(0.0, start)]
    while todo:
        metres, tile = heapq.heappop(todo)
        if metres > best[tile] + EPSILON:
            continue
        for dx, dy in DIRECTION_VECTORS:
            step = (tile[0] + dx, tile[1] + dy)
            cost = board.step_metres(tile, step)
            if cost is None or occupied(step):
                continue
            total = metres + cost
            if total <= budget + EPSILON and total < best.get(step, float("inf")) - EPSILON:
                best[step] = total
                came[step] = tile
                heapq.heappush(todo, (total, step))
    return came


def path_to(came: dict[Tile, Tile | None], end: Tile) -> tuple[Tile, ...]:
    """The path (without the start) to `end` in a `walkable` result."""
    path = []
    tile: Tile | None = end
    while tile is not None and came[tile] is not None:
        path.append(tile)
        tile = came[tile]
    return tuple(reversed(path))
