"""The board interface the rules ask about positions, and a simple grid.

The engine never reads a map format.  It asks a `Board` for distances in
metres, step costs, line of sight, reach and cover.  `BoardBase` implements
the geometry of RULES.md §1 on top of four per-tile questions, so a board only
has to say what each tile is; `GridBoard` is the in-memory grid used by tests
and the sandbox, and the Tiled battlefield implements the same interface.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Protocol, TypeVar

from game.core.geometry import DIRECTION_VECTORS, Tile, chebyshev

T = TypeVar("T")

COVER_LEVELS = ("none", "low", "high")
SQRT2 = math.sqrt(2)
MAX_SIGHT_LIMIT = 100_000.0  # metres; darkness that lets one see farther is no darkness
PAIRS_KEPT = 400_000
"""Answers of line of sight (and of cover) a board keeps, about 40 MB each at most: past that
it drops them all and starts again (the same answers, worked out anew)."""


def sight_limit_problem(value: object) -> str | None:
    """Why a darkness limit (metres of sight) cannot be played, or None: the one check for
    maps (`sight_limit` properties), sandbox and saved boards."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "must be a number of metres"
    if not (math.isfinite(value) and 0 < value <= MAX_SIGHT_LIMIT):
        return f"must be above 0 and at most {MAX_SIGHT_LIMIT:g} metres"
    return None


class Board(Protocol):
    """What the rules need to know about the battlefield."""

    width: int
    height: int
    metres_per_tile: float

    def in_bounds(self, tile: Tile) -> bool:
        """Whether the tile is on the map."""
        ...

    def blocks_move(self, tile: Tile) -> bool:
        """Whether nobody may enter the tile."""
        ...

    def step_metres(self, a: Tile, b: Tile) -> float | None:
        """Metres to step from a to a neighbour b, or None if the step is illegal."""
        ...

    def distance(self, a: Tile, b: Tile) -> float:
        """Euclidean distance between tile centres, in metres."""
        ...

    def line_of_sight(self, a: Tile, b: Tile) -> bool:
        """Whether a ray between the centres passes no sight-blocking tile."""
        ...

    def in_reach(self, a: Tile, b: Tile, reach: int) -> bool:
        """Whether a melee weapon of `reach` tiles at a can strike b."""
        ...

    def cover_between(self, attacker: Tile, target: Tile) -> str:
        """ "none", "low" or "high": the best cover next to the target on the attacker's side."""
        ...

    def cover_at(self, tile: Tile) -> str:
        """The cover a tile gives to whoever hides behind it ("none", "low", "high")."""
        ...


class BoardBase:
    """RULES.md §1 geometry from per-tile facts; subclasses say what each tile is."""

    width: int
    height: int
    metres_per_tile: float
    sight_limit: float | None = None
    """Darkness over the whole board: no tile is seen from farther than this many metres
    (None: as far as line of sight goes).  Only the fog module reads it (docs/maps.md)."""
    dark_tiles: Mapping[Tile, float] = MappingProxyType({})
    """Darkness or smoke on some tiles: such a tile is seen only from within its metres
    (the lesser of this and `sight_limit` counts).  Only the fog module reads it."""

    def sight_limit_at(self, tile: Tile) -> float | None:
        """The metres within which `tile` can be seen (darkness), or None: no limit."""
        limits = [m for m in (self.sight_limit, self.dark_tiles.get(tile)) if m is not None]
        return min(limits) if limits else None

    def derived(self, key: object, build: Callable[[], T]) -> T:
        """A value computed once from this board and kept for later calls: a board never
        changes once built (answers of its own, such as line of sight, and arrays the
        overlays build from it)."""
        kept: dict[object, object] = self.__dict__.setdefault("_derived", {})
        try:
            return kept[key]  # type: ignore[return-value]
        except KeyError:
            value = kept[key] = build()
            return value

    # ------------------------------------------------------ per-tile questions
    def in_bounds(self, tile: Tile) -> bool:
        """Whether the tile is on the map."""
        return 0 <= tile[0] < self.width and 0 <= tile[1] < self.height

    def blocks_move(self, tile: Tile) -> bool:  # pragma: no cover - overridden
        """Whether nobody may enter the tile."""
        raise NotImplementedError

    def blocks_sight(self, tile: Tile) -> bool:  # pragma: no cover - overridden
        """Whether the tile stops line of sight."""
        raise NotImplementedError

    def move_cost(self, tile: Tile) -> float:  # pragma: no cover - overridden
        """Multiplier on the metres it takes to enter the tile (1 = open ground)."""
        raise NotImplementedError

    def cover_at(self, tile: Tile) -> str:  # pragma: no cover - overridden
        """The cover a tile gives to whoever hides behind it."""
        raise NotImplementedError

    # ------------------------------------------------------------- geometry
    def passable(self, tile: Tile) -> bool:
        """On the map and enterable."""
        return self.in_bounds(tile) and not self.blocks_move(tile)

    def step_metres(self, a: Tile, b: Tile) -> float | None:
        """Metres for one step; None off the map, into a blocked tile, or cutting a corner."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if (dx, dy) not in DIRECTION_VECTORS or not self.passable(b):
            return None
        if dx and dy:
            # A diagonal step may not cut the corner of a tile that blocks movement.
            if not self.passable((a[0] + dx, a[1])) or not self.passable((a[0], a[1] + dy)):
                return None
            return SQRT2 * self.metres_per_tile * self.move_cost(b)
        return self.metres_per_tile * self.move_cost(b)

    def distance(self, a: Tile, b: Tile) -> float:
        """Euclidean distance between tile centres, in metres."""
        return math.hypot(a[0] - b[0], a[1] - b[1]) * self.metres_per_tile

    def line_of_sight(self, a: Tile, b: Tile) -> bool:
        """A supercover ray between centres; a ray through a corner point is blocked
        only when both tiles beside the corner block (symmetric: a sees b iff b sees a)."""
        # Asked hundreds of thousands of times a battle: the memo without `derived`'s call.
        memo: dict[tuple[Tile, Tile], bool] | None = self.__dict__.get("_sight_memo")
        if memo is None:
            memo = self.__dict__["_sight_memo"] = self.derived("line of sight", dict)
        found = memo.get((a, b))
        if found is None:
            if len(memo) >= PAIRS_KEPT:  # a board may serve many battles: bound what it keeps
                memo.clear()
            if self.in_bounds(a) and self.in_bounds(b):
                found = memo[(a, b)] = not _ray_blocked(a, b, self.derived("sight rows", self._sight_grid))
            else:
                blocked = any(all(self.blocks_sight(t) for t in cells) for cells in ray_cells(a, b))
                found = memo[(a, b)] = not blocked
        return found

    def _sight_grid(self) -> list[list[bool]]:
        """[y][x] whether each tile blocks sight, asked once (a board never changes): the
        rays of `line_of_sight` read these instead of asking tile by tile."""
        return [[bool(self.blocks_sight((x, y))) for x in range(self.width)] for y in range(self.height)]

    def in_reach(self, a: Tile, b: Tile, reach: int) -> bool:
        """Within `reach` tiles (king moves) and not through a sight-blocking wall."""
        if a == b or chebyshev(a, b) > reach:
            return False
        return self.line_of_sight(a, b)

    def cover_between(self, attacker: Tile, target: Tile) -> str:
        """Cover of the tiles adjacent to the target that the ray from the attacker
        crosses (the target's own tile counts too): the best of them.  Two tiles the ray
        only touches at their shared corner count as the lesser of the two."""
        # The odds ask this of the same pair often.
        memo: dict[tuple[Tile, Tile], str] | None = self.__dict__.get("_cover_memo")
        if memo is None:
            memo = self.__dict__["_cover_memo"] = self.derived("cover between", dict)
        found = memo.get((attacker, target))
        if found is None:
            if len(memo) >= PAIRS_KEPT:
                memo.clear()
            found = memo[(attacker, target)] = self._cover_between(attacker, target)
        return found

    def _cover_between(self, attacker: Tile, target: Tile) -> str:
        # The ray's tiles next to the target cover it.  Where the ray passes a corner point
        # between two tiles it goes through neither: as for sight, it is covered there only
        # as well as both of them cover (a wall touched at its corner gives no cover).
        best = self.cover_at(target) if self.in_bounds(target) else "none"
        if self.in_bounds(attacker) and self.in_bounds(target):
            # Only the ray's cells beside the target count: their offsets are worked out once.
            tx, ty = target
            for cells in _cover_offsets(attacker[0] - tx, attacker[1] - ty):
                tiles = [(tx + ox, ty + oy) for ox, oy in cells]
                if all(self.in_bounds(tile) for tile in tiles):
                    level = min(COVER_LEVELS.index(self.cover_at(tile)) for tile in tiles)
                    if level > COVER_LEVELS.index(best):
                        best = COVER_LEVELS[level]
            return best
        for cells in ray_cells(attacker, target):
            level = min(
                (
                    COVER_LEVELS.index(self.cover_at(tile))
                    if chebyshev(tile, target) == 1 and self.in_bounds(tile)
                    else 0
                    for tile in cells
                ),
            )
            if level > COVER_LEVELS.index(best):
                best = COVER_LEVELS[level]
        return best


def tiles_to_ask(board: Board) -> tuple[Tile | None, list[Tile]]:
    """What a survey of a whole board must ask tile by tile: (one plain tile standing for all
    the tiles a board lists as plain, or None, and the tiles to ask).  A board that lists its
    marked tiles (`GridBoard.marked_tiles`) is asked about those only; any other, everywhere."""
    everywhere = ((x, y) for y in range(board.height) for x in range(board.width))
    marked_tiles = getattr(board, "marked_tiles", None)
    if marked_tiles is None:
        return None, list(everywhere)
    marked = {(x, y) for x, y in marked_tiles() if 0 <= x < board.width and 0 <= y < board.height}
    return next((tile for tile in everywhere if tile not in marked), None), sorted(marked)


def _ray_blocked(a: Tile, b: Tile, rows: list[list[bool]]) -> bool:
    """Whether a sight-blocking tile stops the ray from a to b (both on the board): the cells
    of `ray_cells`, offsets worked out once for each (dx, dy) (a ray is the same from any
    start), read from `rows` ([y][x] blocks sight)."""
    x, y = a
    singles, corners = _ray_offsets(b[0] - x, b[1] - y)
    for ox, oy in singles:
        if rows[y + oy][x + ox]:
            return True
    return any(rows[y + ay][x + ax] and rows[y + by][x + bx] for (ax, ay), (bx, by) in corners)


@functools.lru_cache(maxsize=1 << 16)
def _ray_offsets(dx: int, dy: int) -> tuple[tuple[Tile, ...], tuple[tuple[Tile, Tile], ...]]:
    """`ray_cells` from (0, 0) to (dx, dy): the single tiles, and the pairs touched at a corner."""
    singles: list[Tile] = []
    corners: list[tuple[Tile, Tile]] = []
    for cells in ray_cells((0, 0), (dx, dy)):
        if len(cells) == 1:
            singles.append(cells[0])
        else:
            corners.append((cells[0], cells[1]))
    return tuple(singles), tuple(corners)


@functools.lru_cache(maxsize=1 << 16)
def _cover_offsets(dx: int, dy: int) -> tuple[tuple[Tile, ...], ...]:
    """The groups of `ray_cells` from an attacker at (dx, dy) to a target at (0, 0) whose
    every tile is beside the target, in ray order: the only ones whose cover can count
    (`BoardBase.cover_between`; a group with a tile farther off covers nothing)."""
    return tuple(
        cells for cells in ray_cells((dx, dy), (0, 0)) if all(chebyshev(tile, (0, 0)) == 1 for tile in cells)
    )


def ray_cells(a: Tile, b: Tile) -> Iterable[tuple[Tile, ...]]:
    """The tiles strictly between a and b that a centre-to-centre ray passes.

    Each item is a tuple: one tile normally, or the two tiles that only touch the
    ray at a shared corner (the ray is blocked there only if both block).
    """
    (x, y), (x1, y1) = a, b
    dx, dy = x1 - x, y1 - y
    nx, ny = abs(dx), abs(dy)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    ix = iy = 0
    while ix < nx or iy < ny:
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if decision == 0:
            corner = ((x + sx, y), (x, y + sy))
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
            if (x, y) != (x1, y1):
                yield corner
                yield ((x, y),)
            else:
                yield corner
            continue
        if decision < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        if (x, y) != (x1, y1):
            yield ((x, y),)


class GridBoard(BoardBase):
    """An in-memory grid: open ground unless told otherwise.  For tests and the sandbox."""

    def __init__(
        self,
        width: int,
        height: int,
        metres_per_tile: float = 1.0,
        walls: Iterable[Tile] = (),
        move_costs: Mapping[Tile, float] | None = None,
        cover: Mapping[Tile, str] | None = None,
        move_blockers: Iterable[Tile] = (),
        sight_blockers: Iterable[Tile] = (),
        sight_limit: float | None = None,
        dark: Mapping[Tile, float] | None = None,
    ) -> None:
        if width < 1 or height < 1:
            raise ValueError("a board needs at least one tile")
        if metres_per_tile <= 0:
            raise ValueError("metres_per_tile must be positive")
        for limit in [sight_limit, *(dark or {}).values()]:
            problem = None if limit is None else sight_limit_problem(limit)
            if problem:
                raise ValueError(f"sight_limit {problem}, not {limit!r}")
        self.sight_limit = None if sight_limit is None else float(sight_limit)
        self.dark_tiles = MappingProxyType({tuple(t): float(m) for t, m in (dark or {}).items()})
        self.width, self.height, self.metres_per_tile = width, height, float(metres_per_tile)
        walls = set(map(tuple, walls))
        self._move_blockers = walls | set(map(tuple, move_blockers))
        self._sight_blockers = walls | set(map(tuple, sight_blockers))
        self._costs = dict(move_costs or {})
        self._cover = dict(cover or {})
        for level in self._cover.values():
            if level not in COVER_LEVELS:
                raise ValueError(f"cover must be one of {COVER_LEVELS}, not {level!r}")

    def blocks_move(self, tile: Tile) -> bool:
        """Walls and move blockers."""
        return tile in self._move_blockers

    def marked_tiles(self) -> set[Tile]:
        """The tiles that are not plain open ground (they block, cost or give cover): what a
        picture of the whole board needs to look at one by one."""
        return self._move_blockers | self._sight_blockers | set(self._costs) | set(self._cover)

    def to_dict(self) -> dict[str, object]:
        """JSON form (walls are written as move and sight blockers)."""
        return {
            "width": self.width,
            "height": self.height,
            "metres_per_tile": self.metres_per_tile,
            "move_blockers": sorted(map(list, self._move_blockers)),
            "sight_blockers": sorted(map(list, self._sight_blockers)),
            "move_costs": sorted([x, y, c] for (x, y), c in self._costs.items()),
            "cover": sorted([x, y, c] for (x, y), c in self._cover.items()),
            # Darkness only when there is some: boards saved before it existed hash the same.
            **({"sight_limit": self.sight_limit} if self.sight_limit is not None else {}),
            **({"dark": self._dark_list()} if self.dark_tiles else {}),
        }

    def _dark_list(self) -> list[list[float]]:
        return sorted([x, y, m] for (x, y), m in self.dark_tiles.items())

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> GridBoard:
        """Inverse of `to_dict`; ValueError or KeyError on a malformed dict."""
        return cls(
            int(data["width"]),  # type: ignore[call-overload]
            int(data["height"]),  # type: ignore[call-overload]
            float(data.get("metres_per_tile", 1.0)),  # type: ignore[arg-type]
            move_blockers=[(int(x), int(y)) for x, y in data.get("move_blockers", [])],  # type: ignore[attr-defined]
            sight_blockers=[(int(x), int(y)) for x, y in data.get("sight_blockers", [])],  # type: ignore[attr-defined]
            move_costs={(int(x), int(y)): float(c) for x, y, c in data.get("move_costs", [])},  # type: ignore[attr-defined]
            cover={(int(x), int(y)): str(c) for x, y, c in data.get("cover", [])},  # type: ignore[attr-defined]
            sight_limit=None if data.get("sight_limit") is None else float(data["sight_limit"]),  # type: ignore[arg-type]
            dark={(int(x), int(y)): float(m) for x, y, m in data.get("dark", [])},  # type: ignore[attr-defined]
        )

    def blocks_sight(self, tile: Tile) -> bool:
        """Walls and sight blockers."""
        return tile in self._sight_blockers

    def move_cost(self, tile: Tile) -> float:
        """1 unless set."""
        return self._costs.get(tile, 1.0)

    def cover_at(self, tile: Tile) -> str:
        """ "none" unless set."""
        return self._cover.get(tile, "none")
