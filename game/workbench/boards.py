"""The boards a position can stand on: open ground of any size, the bundled maps, the player's
own maps; and a board written out as the sandbox's JSON grid, or as a blank Tiled map.

A map is loaded by the one Tiled loader (`game.board.tiled.load_map`); a map that cannot be
loaded is refused with its one-line error.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from game.i18n import _
from game.rules.board import Board, GridBoard
from game.rules.options import RuleOptions
from game.workbench.setup import BoardSource, Refused, Setup
from game.world import World

BLANK_SIZES = ((16, 8, 1.0), (24, 16, 1.0), (32, 24, 1.0), (48, 32, 2.0))
"""Open ground offered by the map chooser: width, height (tiles), metres per tile."""
TMX_TILE = 32  # pixels: a blank map's tile size in Tiled


@dataclass(frozen=True)
class MapChoice:
    """One board the chooser offers: open ground of a size, or a map file."""

    label: str
    kind: str  # "blank" or "map"
    path: Path | None = None
    size: tuple[int, int] = (0, 0)
    metres: float = 1.0


def blank_label(width: int, height: int, metres: float) -> str:
    """ "Open ground 16 × 8 (1 m tiles)"."""
    return _("Open ground {width} × {height} ({metres} m tiles)").format(
        width=width, height=height, metres=f"{metres:g}"
    )


def map_choices(user_maps: list[Path] | None = None) -> list[MapChoice]:
    """Open ground of each size, every bundled map, then the player's maps."""
    from game.content.scenarios import bundled_maps
    from game.persist.usermaps import titles_apart, user_map_files

    choices = [MapChoice(blank_label(w, h, m), "blank", None, (w, h), m) for w, h, m in BLANK_SIZES]
    choices += [MapChoice(f"Map: {map_title(p)}", "map", p) for p in bundled_maps()]
    mine = [p for p in (user_map_files() if user_maps is None else user_maps) if p.suffix.lower() == ".tmx"]
    titles = titles_apart([f"Your map: {map_title(p)}" for p in mine], mine)
    choices += [MapChoice(title, "map", p) for title, p in zip(titles, mine, strict=True)]
    return choices


def map_title(path: Path) -> str:
    """A map's name as New battle and the board's label show it (its `name` property), or its
    file name when it cannot be loaded (choosing it then says why)."""
    from game.board.header import read_header
    from game.board.tiled import LOADED, MapError

    def title() -> str:
        try:  # the header alone: a folder of big maps opens the chooser at once (issue 51)
            return read_header(path).name
        except (MapError, OSError):
            return path.stem

    return LOADED.remember(path, "title", title)  # the chooser is opened again and again


def blank_board(width: int, height: int, metres: float = 1.0) -> tuple[GridBoard, BoardSource]:
    """Open ground: no walls, no cover, every step at its plain cost."""
    return GridBoard(width, height, metres), BoardSource("blank", blank_label(width, height, metres))


def empty_setup() -> Setup:
    """Open ground 16 × 8 with nobody on it, under the battlefield's rules modules (the
    workbench's start when it is given no position)."""
    board, source = blank_board(16, 8)
    return Setup(board, source, World(), RuleOptions.battlefield())


def open_choice(choice: MapChoice) -> tuple[Board, BoardSource] | Refused:
    """The board of a choice (with its art, for a map), or why it cannot be opened."""
    if choice.kind == "blank":
        return blank_board(*choice.size, choice.metres)
    assert choice.path is not None
    return open_map(choice.path)


def open_map(path: Path) -> tuple[Board, BoardSource] | Refused:
    """A Tiled map as a board, or the loader's one line saying why it cannot be used."""
    from game.board.tiled import MapError, load_map

    try:
        battle_map = load_map(path)
    except MapError as err:
        return Refused(f"{path.name}: {err}")
    except OSError as err:
        return Refused(f"{path.name}: {err.strerror or err}")
    return battle_map.board, BoardSource("map", f"Map: {battle_map.name}", Path(path), battle_map.art)


def is_blank(board: Board) -> bool:
    """Whether every tile is open ground (nothing blocks, costs more or gives cover)."""
    return not any(
        _blocks(board, (x, y)) or _cost(board, (x, y)) != 1.0 or _cover(board, (x, y)) != "none"
        for y in range(board.height)
        for x in range(board.width)
    )


def board_grid(board: Board) -> dict[str, Any]:
    """The board as the sandbox writes one (docs/sandbox.md, *Board*): every tile asked what it
    blocks, what it costs and what cover it gives, so any board (a Tiled map too) plays alike."""
    walls, move_only, sight_only, costs, cover = [], [], [], [], []
    for y in range(board.height):
        for x in range(board.width):
            tile = (x, y)
            move, sight = board.blocks_move(tile), _sight(board, tile)
            if move and sight:
                walls.append([x, y])
            elif move:
                move_only.append([x, y])
            elif sight:
                sight_only.append([x, y])
            if not move and _cost(board, tile) != 1.0:
                costs.append([x, y, _cost(board, tile)])
            if _cover(board, tile) != "none":
                cover.append([x, y, _cover(board, tile)])
    grid: dict[str, Any] = {
        "width": board.width,
        "height": board.height,
        "metres_per_tile": board.metres_per_tile,
    }
    for key, values in (
        ("walls", walls),
        ("move_blockers", move_only),
        ("sight_blockers", sight_only),
        ("move_costs", costs),
        ("cover", cover),
    ):
        if values:
            grid[key] = values
    return grid


def _blocks(board: Board, tile: tuple[int, int]) -> bool:
    return board.blocks_move(tile) or _sight(board, tile)


def _sight(board: Board, tile: tuple[int, int]) -> bool:
    return bool(board.blocks_sight(tile))  # type: ignore[attr-defined]


def _cost(board: Board, tile: tuple[int, int]) -> float:
    return float(board.move_cost(tile))  # type: ignore[attr-defined]


def _cover(board: Board, tile: tuple[int, int]) -> str:
    return str(board.cover_at(tile))  # type: ignore[attr-defined]


def blank_tmx(width: int, height: int, metres: float, name: str) -> str:
    """A Tiled map of open ground (no tileset: every tile is empty, so open ground), which Tiled
    opens and `check-map` passes; what a scenario names when its position was on open ground."""
    rows = ",\n".join(",".join(["0"] * width) for _row in range(height))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{TMX_TILE}" tileheight="{TMX_TILE}" infinite="0" '
        'nextlayerid="2" nextobjectid="1">\n'
        " <properties>\n"
        f'  <property name="description" value="Open ground, written by the position workbench"/>\n'
        f'  <property name="metres_per_tile" type="float" value="{metres:g}"/>\n'
        f'  <property name="name" value={quoteattr(name)}/>\n'
        " </properties>\n"
        f' <layer id="1" name="ground" width="{width}" height="{height}">\n'
        '  <data encoding="csv">\n'
        f"{rows}\n"
        "</data>\n"
        " </layer>\n"
        "</map>\n"
    )
