"""Guessing the declarations still to come after ours (the `hard` level).

Enemies with better Timing declare after us and see our order.  For each of
them, in declaration order, this builds the order it would most likely
declare against what it sees: the attack (a strike from a reachable tile, or
a shot) worth most to it, and a defence if it is being attacked.  The
guessed orders are real `Order`s, so the engine's forecast can then tell
exactly what they would do to us and what our attacks would do to them.
It uses no dice at all: a guess, not a simulation.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ai.expect import expected_injuries
from game.ai.knowledge import Knowledge, Unit, injury_value
from game.core.geometry import Tile, bearing_direction
from game.rules.forecast import chance
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import engaged_with, left_behind, range_band
from game.rules.registry import MELEE_ATTACKS
from game.rules.stats import movement_roll


def predict_later(know: Knowledge, mine: Order) -> dict[int, Order]:
    """The guessed orders of the enemies declaring after us, given our order."""
    orders = {**know.earlier, know.actor: mine}
    guessed: dict[int, Order] = {}
    for eid in know.later:
        enemy = know.unit(eid)
        if enemy.side == know.me.side or not enemy.active:
            continue
        order = _reply(know, enemy, orders)
        orders[eid] = order
        guessed[eid] = order
    return guessed


def _planned(orders: dict[int, Order], unit: Unit) -> Tile:
    order = orders.get(unit.eid)
    return order.path[-1] if order is not None and order.path else unit.tile


def _reply(know: Knowledge, enemy: Unit, orders: dict[int, Order]) -> Order:
    """The best attack for `enemy` on our side, plus a defence if it is under attack."""
    walk = know.reach_map(enemy.eid, float(enemy.rate))
    engaged = bool(engaged_with(know.world, know.board, enemy.eid))
    taken = {_planned(orders, u) for u in know.facts.units.values() if u.eid in orders}
    best: tuple[float, int, Tile, ActionKind] | None = None
    ours = [u for u in know.facts.units.values() if u.side == know.me.side and u.active]
    for target in ours:
        there = _planned(orders, target)
        facing = _facing(orders, target)
        order = orders.get(target.eid)
        worth = injury_value(target.injuries)
        for where, odds in _whereabouts(know, target, order):
            spot = _strike_spot(know, enemy, walk, where, taken, engaged)
            if spot is not None:
                value = expected_injuries(
                    know,
                    enemy,
                    enemy.attack_kind,
                    target,
                    from_tile=spot,
                    target_tile=where,
                    target_order=order,
                    target_facing=facing,
                )
                value *= worth * odds
                if best is None or value > best[0]:
                    best = (value, target.eid, spot, enemy.attack_kind)
        if enemy.missile is not None and not engaged:
            band = range_band(know.distance(enemy.tile, there), enemy.missile)
            if band is not None and know.sees(enemy.tile, there):
                value = worth * expected_injuries(
                    know,
                    enemy,
                    ActionKind.MISSILE_STRIKE,
                    target,
                    from_tile=enemy.tile,
                    target_tile=there,
                    target_order=order,
                    target_facing=facing,
                    exposed=True,
                )
                if best is None or value > best[0]:
                    best = (value, target.eid, enemy.tile, ActionKind.MISSILE_STRIKE)
    actions: list[Action] = []
    path: tuple[Tile, ...] = ()
    facing = None
    defence = likely_defence(enemy, orders, best is not None and best[2] != enemy.tile)
    if best is not None and best[0] > 0:
        _, target_id, spot, kind = best
        # Two attacks, as our own AI mostly declares, or one and a defence when attacked.
        actions += [Action(kind, target_id)] * (1 if defence is not None else 2)
        if spot != enemy.tile:
            path = tuple(walk.path_to(spot) or ())
        there = _planned(orders, know.unit(target_id))
        facing = bearing_direction(spot, there) if spot != there else None
    if defence is not None:
        actions.append(Action(defence))
    return Order(enemy.eid, tuple(actions), path, facing)


def _whereabouts(know: Knowledge, target: Unit, order: Order | None) -> list[tuple[Tile, float]]:
    """Where a melee attacker can hope to find the target, and how likely: a Retreat that
    succeeds nullifies every melee attack on it (CO.18), one that fails leaves it in place."""
    if order is None or not order.path:
        return [(target.tile, 1.0)]
    if order.has(ActionKind.RETREAT):
        stays = 1.0 - chance(movement_roll(know.world, target.eid, order).total, 1.0)
        return [(target.tile, stays)] if stays > 0 else []
    return [(order.path[-1], 1.0)]


def _strike_spot(
    know: Knowledge, enemy: Unit, walk: object, there: Tile, taken: set[Tile], engaged: bool
) -> Tile | None:
    """The nearest tile the enemy may walk to that has `there` within its reach
    (an engaged enemy only where it stays engaged with everyone: it cannot walk out of a melee)."""
    options = []
    for dy in range(-enemy.reach, enemy.reach + 1):
        for dx in range(-enemy.reach, enemy.reach + 1):
            tile = (there[0] + dx, there[1] + dy)
            if not (dx or dy) or (tile != enemy.tile and tile in taken):
                continue
            metres = walk.metres_to(tile)  # type: ignore[attr-defined]
            if metres != float("inf") and know.board.in_reach(tile, there, enemy.reach):
                options.append((metres, tile))
    for _, tile in sorted(options):
        if not engaged or tile == enemy.tile or not left_behind(know.world, know.board, enemy.eid, tile):
            return tile
    return None


def _facing(orders: dict[int, Order], unit: Unit) -> int:
    order = orders.get(unit.eid)
    if order is not None and order.facing is not None:
        return order.facing
    return unit.facing


def likely_defence(enemy: Unit, orders: Mapping[int, Order], moving: bool) -> ActionKind | None:
    """The defence an attacked enemy would add: its best against what comes at it."""
    melee = shots = 0
    for order in orders.values():
        for action in order.actions:
            if action.target == enemy.eid:
                if action.kind in MELEE_ATTACKS:
                    melee += 1
                elif action.kind is ActionKind.MISSILE_STRIKE:
                    shots += 1
    if not melee and not shots:
        return None
    options = []
    if melee:
        options.append((enemy.stats["dodge"], ActionKind.DODGE))
        if enemy.stats["parry"]:
            options.append((enemy.stats["parry"], ActionKind.PARRY))
    if enemy.shield:
        options.append((enemy.stats["block"], ActionKind.BLOCK))
    if shots and moving and not melee:
        options.append((enemy.stats["evade"], ActionKind.EVADE))
    return max(options, key=lambda o: o[0])[1] if options else None
