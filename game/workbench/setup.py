"""One version of the position on the workbench: a board, a world, the rules modules in play and
the orders of every side, as an immutable value.

Every edit (`game.workbench.edits`) makes a new `Setup` from the old one, so undo and redo are
a list of them (`game.workbench.bench`).  The world inside a setup is never changed once the
setup exists: edits copy it first, and the round is played on copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.core.geometry import Tile
from game.i18n import N_
from game.rules.board import Board
from game.rules.options import RuleOptions
from game.rules.orders import Order
from game.rules.positions import combatants, is_active
from game.world import Condition, Side, World

DEFAULT_SEED = 1
DEFAULT_TITLE = N_("Workbench position")


@dataclass(frozen=True)
class Refused:
    """An edit the workbench did not make, and why (shown to the player as it is)."""

    reason: str


@dataclass(frozen=True)
class BoardSource:
    """Where the board comes from: `"blank"` (open ground of the workbench's own), `"map"` (a
    Tiled map file at `path`) or `"grid"` (a board written as JSON, from a sandbox file or a
    save played on no map).  `art` is the map's own tiles for drawing (None: drawn from terrain)."""

    kind: str
    label: str
    path: Path | None = None
    art: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class Setup:
    """The position: board, world, rules modules, every combatant's order for the round, a fixed
    Timing order (best first) or None for rolled Timing, the roster character each combatant was
    placed from, scripted dice for a single resolution, the seed and a title."""

    board: Board
    source: BoardSource
    world: World
    options: RuleOptions = field(default_factory=RuleOptions)
    orders: Mapping[int, Order] = field(default_factory=dict)
    timing: tuple[int, ...] | None = None
    origins: Mapping[int, str] = field(default_factory=dict)
    dice: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    seed: int = DEFAULT_SEED
    title: str = DEFAULT_TITLE

    def __post_init__(self) -> None:
        # Read-only views: a setup is a value, and history keeps the old ones.
        object.__setattr__(self, "orders", MappingProxyType(dict(self.orders)))
        object.__setattr__(self, "origins", MappingProxyType(dict(self.origins)))
        object.__setattr__(self, "dice", MappingProxyType(dict(self.dice)))

    # ------------------------------------------------------------- questions
    @property
    def combatants(self) -> list[int]:
        """Every combatant, by id (the dead too)."""
        return combatants(self.world)

    @property
    def standing(self) -> list[int]:
        """Combatants that can act this round (alive and not Defeated)."""
        return [e for e in combatants(self.world) if is_active(self.world, e)]

    @property
    def living(self) -> list[int]:
        """Combatants that are not dead."""
        return [e for e in combatants(self.world) if self.world.get(e, Condition).present]

    @property
    def sides(self) -> list[str]:
        """Every side, in order of first appearance."""
        seen: dict[str, None] = {}
        for eid in combatants(self.world):
            seen.setdefault(self.world.get(eid, Side).name, None)
        return list(seen)

    def order_of(self, eid: int) -> Order:
        """The combatant's order (an empty one if it has none)."""
        return self.orders.get(eid) or Order(eid)

    def in_bounds(self, tile: Tile) -> bool:
        """Whether a tile is on the board."""
        return 0 <= tile[0] < self.board.width and 0 <= tile[1] < self.board.height
