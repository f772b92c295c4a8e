"""A grid board written as JSON (the sandbox's boards, and saved battles on no map), validated.

{"width": 10, "height": 8, "metres_per_tile": 1.5, "walls": [[5, 0], [5, 1]],
 "rough": [[2, 3, 1.5]], "cover": [[4, 4, "low"]]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.board.preflight import MAX_TILES_PER_SIDE
from game.board.terrain import metres_per_tile_problem
from game.content import fields
from game.content.fields import FieldError, index_path, key_path
from game.core.geometry import Tile
from game.rules.board import GridBoard

COVER_CHOICES = ("none", "low", "high")


def on_board(tile: Tile, board_size: tuple[int, int], path: str) -> Tile:
    """The tile, or a FieldError when it is off a board of that size."""
    width, height = board_size
    if not (0 <= tile[0] < width and 0 <= tile[1] < height):
        raise FieldError(path, f"{list(tile)} is off the {width} × {height} board")
    return tile


def _tile_list(data: Mapping[str, Any], key: str, path: str, size: tuple[int, int]) -> list[Tile]:
    if key not in data:
        return []
    where = key_path(path, key)
    return [on_board(t, size, index_path(where, i)) for i, t in enumerate(fields.tiles(data[key], where))]


def _tile_values(
    data: Mapping[str, Any], key: str, path: str, size: tuple[int, int], what: str
) -> list[tuple[Tile, Any, str]]:
    """[[x, y, value], …] → (tile, value, JSON path of the value)."""
    if key not in data:
        return []
    where = key_path(path, key)
    found = []
    for i, entry in enumerate(fields.array(data[key], where)):
        at = index_path(where, i)
        if not isinstance(entry, list) or len(entry) != 3:
            raise FieldError(at, fields.expected(f"[x, y, {what}]", entry))
        tile = on_board(fields.tile(entry[:2], at), size, at)
        found.append((tile, entry[2], index_path(at, 2)))
    return found


def parse_board(value: Any, path: str) -> GridBoard:
    """The board: size, metres per tile, walls, blockers, move costs and cover."""
    data = fields.obj(
        value,
        path,
        required=("width", "height"),
        optional=("metres_per_tile", "walls", "move_blockers", "sight_blockers", "move_costs", "cover"),
    )
    # As large as a map may be: a bigger board took minutes and gigabytes to show (the
    # minimap, the terrain arrays), and its saves and scenarios were refused.
    width = fields.whole(data["width"], key_path(path, "width"), 1, MAX_TILES_PER_SIDE)
    height = fields.whole(data["height"], key_path(path, "height"), 1, MAX_TILES_PER_SIDE)
    size = (width, height)
    metres = (
        fields.number(data["metres_per_tile"], key_path(path, "metres_per_tile"), positive=True)
        if "metres_per_tile" in data
        else 1.0
    )
    problem = metres_per_tile_problem(metres)
    if problem:
        raise FieldError(key_path(path, "metres_per_tile"), f"{problem}, got {metres:g}")
    # Move costs and cover are [x, y, value] triples, as GridBoard.to_dict writes them,
    # so a board from a save can be pasted into a scenario.
    costs = {
        t: fields.number(v, where, positive=True)
        for t, v, where in _tile_values(data, "move_costs", path, size, "cost")
    }
    cover = {
        t: fields.text(v, where, COVER_CHOICES)
        for t, v, where in _tile_values(data, "cover", path, size, "level")
    }
    return GridBoard(
        width,
        height,
        metres,
        walls=_tile_list(data, "walls", path, size),
        move_costs=costs,
        cover=cover,
        move_blockers=_tile_list(data, "move_blockers", path, size),
        sight_blockers=_tile_list(data, "sight_blockers", path, size),
    )
