"""A simple placeholder policy: close in and hit the nearest enemy.

It produces orders through the same validation a human's go through; the
real AI (issue 6) replaces it behind the same `Controller` interface.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.geometry import DIRECTION_VECTORS, Tile, bearing_direction
from game.rules.board import Board
from game.rules.movement import EPSILON
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import are_enemies, combatants, is_active, occupant, range_band, tile_of
from game.rules.stats import movement_rate
from game.rules.validate import validate_order
from game.world import Condition, Equipment, World


def nearest_enemy(world: World, board: Board, eid: int) -> int | None:
    """The closest enemy still standing (not dead)."""
    here = tile_of(world, eid)
    enemies = [
        e
        for e in combatants(world)
        if are_enemies(world, eid, e) and world.get(e, Condition).present and is_active(world, e)
    ]
    return min(enemies, key=lambda e: (board.distance(here, tile_of(world, e)), e), default=None)


def greedy_path(world: World, board: Board, eid: int, goal: Tile, budget: float) -> tuple[Tile, ...]:
    """Steps that each bring `eid` closer to `goal`, within `budget` metres."""
    here = tile_of(world, eid)
    path: list[Tile] = []
    spent = 0.0
    while True:
        options = []
        for dx, dy in DIRECTION_VECTORS:
            nxt = (here[0] + dx, here[1] + dy)
            cost = board.step_metres(here, nxt)
            if cost is None or spent + cost > budget + EPSILON or nxt in path:
                continue
            if nxt == goal or occupant(world, nxt, ignore=eid) is not None:
                continue
            options.append((board.distance(nxt, goal), cost, nxt))
        if not options:
            break
        dist, cost, nxt = min(options)
        if dist >= board.distance(here, goal) - EPSILON:
            break
        path.append(nxt)
        spent += cost
        here = nxt
        if dist <= board.metres_per_tile * 1.5:
            break
    return tuple(path)


def placeholder_order(
    world: World,
    board: Board,
    eid: int,
    earlier: Mapping[int, Order],
    options: RuleOptions | None = None,
) -> Order:
    """Strike or shoot the nearest enemy if possible, else walk toward it (legal under the
    battle's rules modules, `options`)."""
    target = nearest_enemy(world, board, eid)
    if target is None:
        return Order(eid)
    here, there = tile_of(world, eid), tile_of(world, target)
    equipment = world.get(eid, Equipment)
    candidates: list[Order] = []
    melee = equipment.melee_weapon()
    missile = equipment.missile_weapon()
    attack = ActionKind.STRIKE if melee else ActionKind.BRAWLING
    candidates.append(Order(eid, (Action(attack, target),)))
    if missile and range_band(board.distance(here, there), missile):
        candidates.append(Order(eid, (Action(ActionKind.MISSILE_STRIKE, target),)))
    path = greedy_path(world, board, eid, there, float(movement_rate(world, eid).total))
    if path:
        facing = bearing_direction(path[-1], there)
        candidates.append(Order(eid, (Action(attack, target),), path, facing))
        candidates.append(Order(eid, (), path, facing))
    candidates.append(Order(eid, (Action(ActionKind.DODGE),)))
    candidates.append(Order(eid))
    for order in candidates:
        if not validate_order(world, board, order, earlier, options):
            return order
    return Order(eid)
