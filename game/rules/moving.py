"""One combatant's movement in the Modifier Stage, judged at the moment it moves.

Combatants move one after another in Timing order, after every defensive
roll of the round (docs/rulings.md, "Order inside the Modifier Stage").  Each
is judged on where everyone stands at the moment it begins to move: an enemy
with better Timing may have stepped into contact by then, or away.

- Engaged at that moment, a combatant cannot Sprint out of melee (CO.17): the
  Sprint is refused, not rolled, and it moves as a walk.
- Engaged at that moment, an Evade creates no Defense Penalty (CO.15: "You
  cannot Evade if you are engaged in Melee").
- Engaged at that moment, a walk ends at the furthest tile of its path that
  keeps every one of those enemies engaged: only a Retreat leaves melee.
- A Retreat moves Movement + roll metres on a successful roll wherever its
  path goes (its declaration made sure the path ends out of reach); on a
  failed roll the combatant stays (RULES.md §4).

The round and the forecast both move combatants through here, so they agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.geometry import Tile
from game.rules.board import Board
from game.rules.defence import defence_spec
from game.rules.movement import final_facing, path_metres, walk
from game.rules.orders import ActionKind, Order
from game.rules.positions import engaged_with, name_of, occupant, tile_of
from game.rules.registry import DEFENCES, movement_rule, movement_spec
from game.rules.stats import movement_rate
from game.world import Facing, World

if TYPE_CHECKING:
    from game.rules.api.action import MovementRule


@dataclass(frozen=True)
class MoveStart:
    """What a combatant's movement may do, given who it is engaged with as it begins.

    `mode` is what really happens ("none", "walk", or a movement action's mode
    such as "sprint" or "retreat"): a refused Sprint walks.  `engaged` are the
    enemies engaged with it now; `refused` names a movement action refused at
    this moment, `lost` the defences lost to melee (an Evade).
    """

    mode: str
    engaged: tuple[int, ...]
    rate: int
    refused: ActionKind | None = None
    lost: tuple[ActionKind, ...] = ()

    @property
    def rule(self) -> MovementRule | None:
        """The movement rule that moves it (None for a walk)."""
        return movement_rule(self.mode)

    @property
    def rolls(self) -> bool:
        """Whether a Movement roll (Sprint, Retreat) decides the metres."""
        rule = self.rule
        return rule is not None and rule.rolls

    def allowed(self, die: int | None) -> float:
        """Metres this movement may cover: the Movement rate for a walk; rate + roll
        for a successful Sprint or Retreat (`die`, None on failure); a failed Sprint
        still moves the rate (CO.17 Ex. 1), a failed Retreat stays (RULES.md §4); a
        movement without a roll, its multiple of the rate (a Charge)."""
        rule = self.rule
        if rule is not None and not rule.rolls:
            return float(self.rate * rule.multiplier)
        if rule is not None and die is not None:
            return float(self.rate + die)
        if rule is not None and not rule.fail_moves:
            return 0.0
        return float(self.rate)

    def succeeded(self, die: int | None) -> bool:
        """Whether the movement goes as its action says: a roll's success (`die`), or always
        for a movement without a roll (a Charge, a Withdraw)."""
        rule = self.rule
        return die is not None or (rule is not None and not rule.rolls)

    def held(self, succeeded: bool) -> tuple[int, ...]:
        """The enemies whose melee the move may not leave: all engaged ones, unless a
        movement that leaves melee (a Retreat) succeeded."""
        rule = self.rule
        return () if succeeded and rule is not None and rule.leaves_melee else self.engaged


def start_moving(
    world: World, board: Board, eid: int, order: Order, where: Mapping[int, Tile] | None = None
) -> MoveStart:
    """How `eid`'s declared movement starts, with others where they stand now (or at `where`)."""
    engaged = tuple(engaged_with(world, board, eid, where=where))
    mode = order.movement_mode
    rule = movement_rule(mode)
    refused = None
    if rule is not None and rule.refused_when_engaged and engaged:
        spec = movement_spec(mode)
        assert spec is not None
        refused, mode = spec.kind, "walk"
    lost: tuple[ActionKind, ...] = ()
    if engaged:
        lost = tuple(
            dict.fromkeys(
                a.kind for a in order.actions if a.kind in DEFENCES and defence_spec(a.kind).needs_unengaged
            )
        )
    return MoveStart(mode, engaged, max(0, movement_rate(world, eid).total), refused, lost)


@dataclass(frozen=True)
class Walked:
    """Where a movement ended: tiles visited (start first), movement metres spent
    (terrain cost counts), metres of ground actually covered (CO.15), the final
    facing, and why it stopped short of the path's end ("" if it did not)."""

    tiles: tuple[Tile, ...]
    metres: float
    ground: float
    facing: int
    stop: str = ""


def move(
    world: World,
    board: Board,
    eid: int,
    order: Order,
    allowed: float,
    held: tuple[int, ...] = (),
    where: Mapping[int, Tile] | None = None,
) -> Walked:
    """Follow the declared path with `allowed` metres, stopping before occupied tiles;
    a combatant `held` in melee ends where it still is engaged with each of them."""
    start = tile_of(world, eid)
    facing = world.get(eid, Facing).direction
    if not order.path or allowed <= 0:
        return Walked((start,), 0.0, 0.0, order.facing if order.facing is not None else facing)
    visited, metres, stop = walk(
        board,
        start,
        order.path,
        allowed,
        lambda tile: occupant(world, tile, ignore=eid, where=where) is not None,
    )
    if held:
        wanted = set(held)

        def missing(tile: Tile) -> set[int]:
            return wanted - set(engaged_with(world, board, eid, at=tile, where=where))

        keep = len(visited) - 1
        left = missing(visited[keep])
        if left:
            while keep > 0 and missing(visited[keep]):
                keep -= 1
            visited = visited[: keep + 1]
            metres = path_metres(board, start, visited[1:])
            names = ", ".join(name_of(world, e) for e in sorted(left))
            stop = f"engaged in melee with {names}, only a Retreat leaves it"
    ground = sum(board.distance(a, b) for a, b in zip(visited, visited[1:], strict=False))
    return Walked(tuple(visited), metres, ground, final_facing(order, visited, facing), stop)
