"""Terrain kinds and the board made of them (RULES.md §1, cover module §8).

A `TerrainBoard` is a grid of terrain kinds held in numpy arrays.  It answers
the four per-tile questions of `game.rules.board.BoardBase`, so the rules
engine plays on it unchanged, and it exposes the same facts as arrays for the
fast overlays (`game.board.reach`, `game.board.sight`, `game.board.paths`).

Arrays are indexed `[y, x]` (row-major, as numpy and tcod expect); tiles are
`(x, y)` everywhere else.  A board never changes after it is built, so derived
arrays can be cached on it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from game.core.geometry import Tile
from game.rules.board import COVER_LEVELS, BoardBase, tiles_to_ask

MAX_MOVE_COST = 100.0  # multiplier; anything slower should simply block movement
MIN_METRES_PER_TILE = 0.1  # metres; a smaller tile is no battlefield (and a metre's pixels overflow)
MAX_METRES_PER_TILE = 100.0  # metres; a bigger tile is not a tactical map


@dataclass(frozen=True)
class Terrain:
    """What one kind of tile is: its cost to enter, what it blocks, the cover it gives."""

    name: str = "open ground"
    move_cost: float = 1.0  # multiplier on the metres it takes to enter the tile
    blocks_move: bool = False
    blocks_sight: bool = False
    cover: str = "none"  # one of COVER_LEVELS

    def __post_init__(self) -> None:
        if not (isinstance(self.move_cost, int | float) and 0 < self.move_cost <= MAX_MOVE_COST):
            raise ValueError(f"terrain {self.name!r}: move_cost must be in (0, {MAX_MOVE_COST:g}]")
        if self.cover not in COVER_LEVELS:
            raise ValueError(f"terrain {self.name!r}: cover must be one of {', '.join(COVER_LEVELS)}")

    def describe(self) -> str:
        """A short list of what the terrain does, for summaries: "cost 2, low cover"."""
        parts = []
        if self.blocks_move:
            parts.append("blocks movement")
        elif self.move_cost != 1:
            parts.append(f"move cost ×{self.move_cost:g}")
        if self.blocks_sight:
            parts.append("blocks sight")
        if self.cover != "none":
            parts.append(f"{self.cover} cover")
        return ", ".join(parts) or "open"


def metres_per_tile_problem(value: float) -> str | None:
    """Why a board's scale cannot be played, or None: the one check of the metres a tile
    for maps, sandbox and scenario boards and saves."""
    if not (math.isfinite(value) and MIN_METRES_PER_TILE <= value <= MAX_METRES_PER_TILE):
        return f"must be from {MIN_METRES_PER_TILE:g} to {MAX_METRES_PER_TILE:g} metres"
    return None


OPEN = Terrain()
WALL = Terrain("wall", blocks_move=True, blocks_sight=True, cover="high")


class TerrainBoard(BoardBase):
    """A battlefield of terrain kinds: `kinds[y, x]` indexes `palette`."""

    def __init__(self, kinds: np.ndarray, palette: Sequence[Terrain], metres_per_tile: float = 1.0) -> None:
        kinds = np.asarray(kinds)
        if kinds.ndim != 2 or kinds.shape[0] < 1 or kinds.shape[1] < 1:
            raise ValueError("a board needs a 2-D grid of at least one tile")
        if not palette:
            raise ValueError("a board needs at least one terrain kind")
        if kinds.min() < 0 or kinds.max() >= len(palette):
            raise ValueError("terrain kind index out of the palette")
        if not (math.isfinite(metres_per_tile) and metres_per_tile > 0):
            raise ValueError("metres_per_tile must be positive")
        self.height, self.width = (int(n) for n in kinds.shape)
        self.metres_per_tile = float(metres_per_tile)
        self.palette: tuple[Terrain, ...] = tuple(palette)
        self.kinds = _frozen(kinds.astype(np.int32))
        self.move_costs = _frozen(np.array([t.move_cost for t in self.palette], float)[self.kinds])
        self.move_blocked = _frozen(np.array([t.blocks_move for t in self.palette], bool)[self.kinds])
        self.sight_blocked = _frozen(np.array([t.blocks_sight for t in self.palette], bool)[self.kinds])
        levels = [COVER_LEVELS.index(t.cover) for t in self.palette]
        self.cover_levels = _frozen(np.array(levels, np.int8)[self.kinds])
        # Plain lists answer single-tile questions faster than numpy scalar indexing.
        self._move_rows = self.move_blocked.tolist()
        self._sight_rows = self.sight_blocked.tolist()
        self._cost_rows = self.move_costs.tolist()
        self._cover_rows = self.cover_levels.tolist()

    # ------------------------------------------------------ constructors
    @classmethod
    def from_rows(
        cls,
        rows: Sequence[str],
        legend: Mapping[str, Terrain] | None = None,
        metres_per_tile: float = 1.0,
    ) -> TerrainBoard:
        """A board drawn as text, one string per row (for tests and examples).

        The default legend: `.` open, `#` wall, `l` low cover, `h` high cover,
        `~` move cost 2, `w` blocks movement only (water), `s` blocks sight only (smoke).
        """
        legend = dict(DEFAULT_LEGEND if legend is None else legend)
        if not rows or any(len(row) != len(rows[0]) for row in rows):
            raise ValueError("rows must be non-empty and of equal length")
        symbols = list(legend)
        unknown = {ch for row in rows for ch in row} - set(symbols)
        if unknown:
            raise ValueError(f"unknown terrain symbols: {''.join(sorted(unknown))}")
        kinds = np.array([[symbols.index(ch) for ch in row] for row in rows], np.int32)
        return cls(kinds, [legend[s] for s in symbols], metres_per_tile)

    @classmethod
    def from_board(cls, board: BoardBase) -> TerrainBoard:
        """The same battlefield as any `BoardBase`, asked tile by tile where `tiles_to_ask` says."""
        palette: dict[Terrain, int] = {}

        def kind(tile: Tile) -> int:
            terrain = Terrain(
                "tile",
                float(board.move_cost(tile)),
                bool(board.blocks_move(tile)),
                bool(board.blocks_sight(tile)),
                board.cover_at(tile),
            )
            return palette.setdefault(terrain, len(palette))

        plain, asked = tiles_to_ask(board)
        kinds = np.zeros((board.height, board.width), np.int32)
        if plain is not None:
            kinds[:] = kind(plain)
        for x, y in asked:
            kinds[y, x] = kind((x, y))
        made = cls(kinds, list(palette), board.metres_per_tile)
        made.sight_limit, made.dark_tiles = board.sight_limit, board.dark_tiles  # darkness is no terrain
        return made

    # ------------------------------------------------------ per-tile questions
    def blocks_move(self, tile: Tile) -> bool:
        """Whether nobody may enter the tile; off the map counts as blocked."""
        x, y = tile
        return not (0 <= x < self.width and 0 <= y < self.height) or self._move_rows[y][x]

    def blocks_sight(self, tile: Tile) -> bool:
        """Whether the tile stops line of sight; off the map counts as blocking."""
        x, y = tile
        return not (0 <= x < self.width and 0 <= y < self.height) or self._sight_rows[y][x]

    def move_cost(self, tile: Tile) -> float:
        """Multiplier on the metres it takes to enter the tile (infinite off the map)."""
        x, y = tile
        if not (0 <= x < self.width and 0 <= y < self.height):
            return math.inf
        return self._cost_rows[y][x]

    def cover_at(self, tile: Tile) -> str:
        """The cover the tile gives ("none" off the map)."""
        x, y = tile
        if not (0 <= x < self.width and 0 <= y < self.height):
            return "none"
        return COVER_LEVELS[self._cover_rows[y][x]]

    def terrain_at(self, tile: Tile) -> Terrain:
        """The terrain kind of an on-map tile."""
        x, y = tile
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"{tile} is off the map")
        return self.palette[int(self.kinds[y, x])]

    # ------------------------------------------------------ summaries and caches
    def terrain_counts(self) -> list[tuple[Terrain, int]]:
        """Each terrain kind on the board with its number of tiles, most common first."""
        counts = np.bincount(self.kinds.ravel(), minlength=len(self.palette))
        found = [(self.palette[i], int(n)) for i, n in enumerate(counts) if n]
        return sorted(found, key=lambda item: -item[1])

    def tiles_where(self, mask: np.ndarray) -> Iterable[Tile]:
        """The (x, y) tiles where a [y, x] mask is true, row by row."""
        ys, xs = np.nonzero(mask)
        return zip(xs.tolist(), ys.tolist(), strict=True)


DEFAULT_LEGEND: dict[str, Terrain] = {
    ".": OPEN,
    "#": WALL,
    "l": Terrain("low wall", cover="low"),
    "h": Terrain("barricade", blocks_move=True, cover="high"),
    "~": Terrain("rough", move_cost=2.0),
    "w": Terrain("water", blocks_move=True),
    "s": Terrain("smoke", blocks_sight=True),
}
"""Symbols for `TerrainBoard.from_rows`."""


def _frozen(array: np.ndarray) -> np.ndarray:
    """The array made read-only: derived caches rely on the board never changing."""
    array.setflags(write=False)
    return array


def compose_board(
    cost: np.ndarray,
    blocks_move: np.ndarray,
    blocks_sight: np.ndarray,
    cover: np.ndarray,
    names: np.ndarray,
    name_list: list[str],
    metres: float,
) -> TerrainBoard:
    """Turn per-property arrays (unset = NaN / -1) into terrain kinds and a board: each
    distinct combination of the properties is one kind, named as the map names it, or
    plainly ("wall", "obstacle", "low cover" …) where it does not (the Tiled loader's last step)."""
    cost = np.where(np.isnan(cost), 1.0, cost)
    move = blocks_move == 1
    sight = blocks_sight == 1
    level = np.where(cover < 0, 0, cover)
    unique, inverse = _unique_rows([cost, move, sight, level, names])
    palette = []
    for c, m, s, lv, n in unique:
        terrain = Terrain("", float(c), bool(m), bool(s), COVER_LEVELS[int(lv)])
        name = name_list[int(n)] if n >= 0 else _auto_name(terrain)
        palette.append(replace(terrain, name=name))
    return TerrainBoard(inverse.reshape(cost.shape), palette, metres)


def _unique_rows(columns: list[np.ndarray]) -> tuple[list[tuple[float, ...]], np.ndarray]:
    """The distinct rows of equally shaped arrays, sorted (as np.unique(axis=0)), and each
    cell's row index.  Ranks per column make one integer key, which sorts far faster than rows."""
    flat = [column.ravel() for column in columns]
    key = np.zeros(flat[0].size, np.int64)
    for column in flat:
        distinct, rank = np.unique(column, return_inverse=True)
        if (int(key.max()) + 1) * len(distinct) >= 2**62:
            key = np.unique(key, return_inverse=True)[1].ravel()  # re-rank: order kept, values small
        key = key * len(distinct) + rank.ravel()
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    rows = [tuple(float(column[i]) for column in flat) for i in first.tolist()]
    return rows, inverse.reshape(columns[0].shape)


def _auto_name(terrain: Terrain) -> str:
    """A plain name for terrain the map did not name."""
    if terrain.blocks_move and terrain.blocks_sight:
        return "wall"
    if terrain.blocks_move:
        return "obstacle"
    if terrain.blocks_sight:
        return "sight blocker"
    if terrain.cover != "none":
        return f"{terrain.cover} cover"
    if terrain.move_cost > 1:
        return "difficult ground"
    if terrain.move_cost < 1:
        return "easy ground"
    return "open ground"
