"""A grid board written as JSON (the sandbox's boards, and saved battles on no map), validated.

{"width": 10, "height": 8, "metres_per_tile": 1.5, "walls": [[5, 0], [5, 1]],
 "rough": [[2, 3, 1.5]], "cover": [[4, 4, "low"]]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.board.preflight import MAX_TILES_PER_SIDE
from game.board.terrain import MAX_METRES_PER_TILE, MIN_METRES_PER_TILE, metres_per_tile_problem
from game.content import fields
from game.content.fields import FieldError, index_path, key_path
from game.content.shapes import ListOf, Number, Obj, Text, TileShape, TileWith, Whole
from game.core.geometry import Tile
from game.rules.board import COVER_LEVELS, GridBoard, sight_limit_problem

COVER_CHOICES = COVER_LEVELS
COST = Number(positive=True, help="entering the tile costs this many times the step's metres")
LEVEL = Text(choices=COVER_CHOICES, help="the tile's cover (used with the cover module)")
TILES = ListOf(item=TileShape(), default=[])
SIGHT_LIMIT = Number(positive=True, help="metres of sight in the dark")
# As large as a map may be: a bigger board took minutes and gigabytes to show (the
# minimap, the terrain arrays), and its saves and scenarios were refused.
SIDE = Whole(low=1, high=MAX_TILES_PER_SIDE)
BOARD = Obj(
    required={
        "width": SIDE.about("tiles from west to east (x)"),
        "height": SIDE.about("tiles from north to south (y)"),
    },
    optional={
        "metres_per_tile": Number(
            positive=True,
            within=(MIN_METRES_PER_TILE, MAX_METRES_PER_TILE),  # metres_per_tile_problem checks it
            default=1.0,
            help="one tile's side in metres",
        ),
        "walls": TILES.about("[x, y] tiles that block movement and sight"),
        "move_blockers": TILES.about("[x, y] tiles that block movement only"),
        "sight_blockers": TILES.about("[x, y] tiles that block sight only"),
        "move_costs": ListOf(item=TileWith(value=COST), default=[], help="[x, y, cost] triples"),
        "cover": ListOf(
            item=TileWith(value=LEVEL), default=[], help='[x, y, level] triples: "none", "low", "high"'
        ),
        "sight_limit": SIGHT_LIMIT.about(
            "darkness everywhere: nothing is seen from farther than this many metres (the fog module)"
        ),
        "dark": ListOf(
            item=TileWith(value=SIGHT_LIMIT),
            default=[],
            help="[x, y, metres] triples: a dark or smoky tile, seen only from within its metres (fog)",
        ),
    },
    name="board",
    title="A grid board",
    help="the board: its size in tiles, metres per tile, walls, blockers, move costs and cover",
)


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
    data = BOARD.check(value, path)
    width = BOARD.get(data, path, "width")
    height = BOARD.get(data, path, "height")
    size = (width, height)
    metres = float(BOARD.get(data, path, "metres_per_tile"))
    problem = metres_per_tile_problem(metres)
    if problem:
        raise FieldError(key_path(path, "metres_per_tile"), f"{problem}, got {metres:g}")
    # Move costs and cover are [x, y, value] triples, as GridBoard.to_dict writes them,
    # so a board from a save can be pasted into a scenario.
    costs = {t: COST.read(v, where) for t, v, where in _tile_values(data, "move_costs", path, size, "cost")}
    cover = {t: LEVEL.read(v, where) for t, v, where in _tile_values(data, "cover", path, size, "level")}
    dark = {t: _sight_limit(v, where) for t, v, where in _tile_values(data, "dark", path, size, "metres")}
    whole = BOARD.get(data, path, "sight_limit", None)
    if whole is not None:
        whole = _sight_limit(whole, key_path(path, "sight_limit"))
    return GridBoard(
        width,
        height,
        metres,
        walls=_tile_list(data, "walls", path, size),
        move_costs=costs,
        cover=cover,
        move_blockers=_tile_list(data, "move_blockers", path, size),
        sight_blockers=_tile_list(data, "sight_blockers", path, size),
        sight_limit=whole,
        dark=dark,
    )


def _sight_limit(value: Any, path: str) -> float:
    """Metres of sight in the dark, checked as maps check theirs (`sight_limit_problem`)."""
    metres = SIGHT_LIMIT.read(value, path)
    problem = sight_limit_problem(metres)
    if problem:
        raise FieldError(path, f"{problem}, got {metres:g}")
    return float(metres)
