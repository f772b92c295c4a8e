"""What a candidate order is made of: an end tile (`Spot`) and how to get there, the order
with its reason (`Candidate`), and what makes an end tile usable (free, not leaving an enemy
it is engaged with, within a run's metres).  `game.ai.candidates` picks the spots,
`game.ai.action_sets` the actions that fit each, `game.ai.escape` the ways off the map.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.knowledge import Knowledge
from game.core.geometry import Tile
from game.rules.orders import Action, Order
from game.rules.positions import left_behind
from game.rules.registry import movement_kind
from game.rules.stats import max_movement_metres
from game.rules.validate import movement_refusals


@dataclass(frozen=True)
class Candidate:
    """An order to score, with a word on why it was proposed."""

    order: Order
    tag: str


@dataclass(frozen=True)
class Spot:
    """An end tile and how to get there: the path and the movement it needs."""

    tile: Tile
    path: tuple[Tile, ...]
    mode: str  # "stay", "walk", "sprint", "retreat"
    why: str
    flee: bool = False  # then off the map (a side that wins by escaping; `game.ai.escape`)


def free_tile(know: Knowledge, tile: Tile) -> bool:
    """Whether the actor may end its move on `tile`: its own, or one nobody stands on or
    has declared a move to."""
    return tile == know.me.tile or (tile not in know.occupied and tile not in know.planned_ends)


def engaged_ok(know: Knowledge, tile: Tile) -> bool:
    """A normal move while engaged may not leave the reach of any enemy it is engaged with
    (validation; docs/rulings.md)."""
    if not know.engaged or tile == know.me.tile:
        return True
    return not left_behind(know.world, know.board, know.actor, tile)


def run_budget(know: Knowledge, leaving: bool) -> float:
    """The metres of one movement action at its best roll: the one that leaves melee
    (`leaving`), or the one that runs; 0 when the rules refuse it wherever it goes (lying
    prone …)."""
    me = know.me
    kind = movement_kind(know.options, leaving)
    if movement_refusals(know.world, know.board, me.eid, kind, know.earlier, know.options):
        return 0.0
    return max_movement_metres(know.world, me.eid, Order(me.eid, (Action(kind),)))
