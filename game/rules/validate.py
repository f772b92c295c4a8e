"""Checking an order before the round, with reasons a player can read.

`validate_order` has no side effects: the UI uses it to grey out what is
impossible and say why, the AI to dry-run candidates, the round to refuse
bad orders.  Positions are judged as known at declaration: where a target
has already declared a path, either its tile now or its path's end counts.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.equipment import BARE_HANDS, Weapon
from game.core.geometry import Tile, chebyshev
from game.rules.actions import MELEE_ATTACKS, TARGETED, Action, ActionKind, Order
from game.rules.board import Board
from game.rules.movement import EPSILON, PathError, path_metres
from game.rules.positions import (
    are_enemies,
    combatants,
    engaged_with,
    left_behind,
    name_of,
    occupant,
    range_band,
    tile_of,
)
from game.rules.stats import max_movement_metres
from game.world import Condition, Equipment, Item, Position, World

MAX_ACTIONS = 12
"""More would make every roll impossible; refusing them catches typos."""


def planned_tile(world: World, eid: int, orders: Mapping[int, Order]) -> Tile:
    """Where a combatant means to end its movement (its tile if it declared no path)."""
    order = orders.get(eid)
    if order is not None and order.path:
        return order.path[-1]
    return tile_of(world, eid)


def target_tiles(world: World, target: int, earlier: Mapping[int, Order]) -> set[Tile]:
    """Where a target may be at resolution, as far as a declarer can know."""
    return {tile_of(world, target), planned_tile(world, target, earlier)}


def weapon_for(equipment: Equipment, action: Action) -> Weapon | None:
    """The weapon an attack uses: the named one, else the first that fits."""
    if action.kind is ActionKind.BRAWLING:
        return BARE_HANDS
    if action.weapon is not None:
        weapon = equipment.find(action.weapon)
        if weapon is None:
            return None
        wanted_melee = action.kind is not ActionKind.MISSILE_STRIKE
        return weapon if weapon.is_melee == wanted_melee else None
    if action.kind is ActionKind.MISSILE_STRIKE:
        return equipment.missile_weapon()
    if action.kind is ActionKind.DISARM:
        # "Only possible using a melee weapon", or bare-handed at −3 (CO.10 Ex. 8):
        # a hand that holds only a missile weapon (or a shield) has neither.
        return equipment.melee_weapon() or (BARE_HANDS if equipment.free_hands() > 0 else None)
    return equipment.melee_weapon()


def validate_order(
    world: World,
    board: Board,
    order: Order,
    earlier: Mapping[int, Order] | None = None,
) -> list[str]:
    """Every reason the order cannot be declared; an empty list means it is legal."""
    earlier = earlier or {}
    actor = order.actor
    if actor not in combatants(world):
        return [f"unknown combatant #{actor}"]
    me = name_of(world, actor)
    condition = world.get(actor, Condition)
    if condition.dead:
        return [f"{me} is dead"]
    if condition.defeated:
        return [f"{me} is Defeated and takes no more actions"]
    reasons: list[str] = []
    if order.action_count > MAX_ACTIONS:
        reasons.append(f"{order.action_count} actions is more than the {MAX_ACTIONS} allowed")

    equipment = world.get(actor, Equipment)
    engaged = engaged_with(world, board, actor)
    engaged_names = ", ".join(name_of(world, e) for e in engaged)
    retreating = order.has(ActionKind.RETREAT)

    reasons += _movement_reasons(world, board, order, engaged, engaged_names)
    end_tile = planned_tile(world, actor, {actor: order})

    strikes = order.count(ActionKind.STRIKE)
    brawls = order.count(ActionKind.BRAWLING)
    feints = order.count(ActionKind.FEINT)
    if feints > strikes + brawls:
        attacks = f"Strikes ({strikes})" if not brawls else f"Strikes and Brawls ({strikes + brawls})"
        reasons.append(f"more Feints ({feints}) than {attacks}")

    for action in order.actions:
        reasons += _action_reasons(
            world,
            board,
            order,
            action,
            earlier,
            equipment,
            end_tile,
            engaged_names if engaged and not retreating else "",
        )
    return list(dict.fromkeys(reasons))  # de-duplicate, keep order


def _movement_reasons(
    world: World, board: Board, order: Order, engaged: list[int], engaged_names: str
) -> list[str]:
    reasons = []
    actor = order.actor
    moves = order.count(ActionKind.SPRINT) + order.count(ActionKind.RETREAT)
    if moves > 1:
        reasons.append("only one Sprint or Retreat per round")
    if order.has(ActionKind.SPRINT) and engaged:
        reasons.append(f"cannot Sprint while engaged in melee with {engaged_names} (Retreat instead)")
    if order.has(ActionKind.RETREAT) and not engaged:
        reasons.append("Retreat is for leaving melee and you are not engaged (Sprint instead)")
    if order.has(ActionKind.EVADE):
        if engaged:
            reasons.append(f"cannot Evade while engaged in melee with {engaged_names}")
        if not order.path:
            reasons.append("Evade needs a path: its Defense Penalty is limited by the metres moved")
    if order.movement_mode in ("sprint", "retreat") and not order.path:
        reasons.append(f"{order.movement_mode.title()} needs a path to move along")
    if not order.path:
        return reasons
    start = tile_of(world, actor)
    try:
        metres = path_metres(board, start, order.path)
    except PathError as err:
        return reasons + [f"path: {err}"]
    allowed = max_movement_metres(world, actor, order)
    if metres > allowed + EPSILON:
        reasons.append(f"path is {metres:.1f} m but you may move at most {allowed:.1f} m")
    if len(set(order.path)) != len(order.path) or start in order.path:
        reasons.append("path visits a tile twice")
    blocker = occupant(world, order.path[-1], ignore=actor)
    if blocker is not None:
        reasons.append(f"path ends on {tuple(order.path[-1])}, where {name_of(world, blocker)} stands")
    end = order.path[-1]
    if engaged and order.movement_mode == "walk":
        left = left_behind(world, board, actor, end)
        if left:
            names = ", ".join(name_of(world, e) for e in left)
            reasons.append(
                f"engaged in melee with {names}: a normal move may not leave its reach (Retreat instead)"
            )
    if engaged and order.movement_mode == "retreat":
        stay = [e for e in engaged if e in engaged_with(world, board, actor, at=end)]
        if stay:
            names = ", ".join(name_of(world, e) for e in stay)
            reasons.append(f"a Retreat must end out of melee; {tuple(end)} is still within reach of {names}")
    return reasons


def _action_reasons(
    world: World,
    board: Board,
    order: Order,
    action: Action,
    earlier: Mapping[int, Order],
    equipment: Equipment,
    end_tile: Tile,
    engaged_names: str,
) -> list[str]:
    kind = action.kind
    label = kind.label
    if action.called_shot is not None and kind not in (ActionKind.STRIKE, ActionKind.MISSILE_STRIKE):
        return [f"a Called Shot modifies a Strike or Missile Strike, not a {label}"]
    if action.called_shot is not None and action.called_shot.modifier > -1:
        return ["a Called Shot Modifier is −1 or worse"]

    if kind in TARGETED and kind is not ActionKind.FEINT:
        problem = _target_problem(world, order.actor, action.target, label)
        if problem:
            return [problem]

    weapon = weapon_for(equipment, action)
    named = action.weapon is not None and kind in (
        ActionKind.STRIKE,
        ActionKind.MISSILE_STRIKE,
        ActionKind.DISARM,
    )
    if named and weapon is None:
        return [f"{label}: you hold no suitable weapon named {action.weapon!r}"]

    if kind is ActionKind.STRIKE:
        if weapon is None:
            return ["Strike needs a melee weapon in hand (use Brawling without one)"]
    elif kind is ActionKind.MISSILE_STRIKE:
        if weapon is None:
            return ["Missile Strike needs a missile weapon in hand"]
        if engaged_names:
            return [f"no Missile Strike in melee (engaged with {engaged_names})"]
        assert action.target is not None
        tiles = target_tiles(world, action.target, earlier)
        if not any(range_band(board.distance(end_tile, t), weapon) for t in tiles):
            return [f"{name_of(world, action.target)} is out of range of your {weapon.name}"]
        if not any(board.line_of_sight(end_tile, t) for t in tiles):
            return [f"no line of sight to {name_of(world, action.target)}"]
    elif kind is ActionKind.BRAWLING:
        held = equipment.melee_weapon()
        if held is not None:
            return [f"Brawling is fighting without weapons; you hold a {held.name} (Strike instead)"]
    elif kind is ActionKind.DISARM:
        assert action.target is not None
        if weapon is None:
            held = ", ".join(w.name for w in equipment.weapons) or "nothing"
            return [f"Disarm needs a melee weapon or a free hand; your hands hold {held}"]
        if not world.get(action.target, Equipment).weapons:
            return [f"{name_of(world, action.target)} holds no weapon to Disarm"]
    elif kind is ActionKind.FEINT:
        if action.target is not None:
            problem = _target_problem(world, order.actor, action.target, label)
            if problem:
                return [problem]
    elif kind is ActionKind.BLOCK:
        if equipment.shield is None:
            return ["Block needs a shield"]
    elif kind is ActionKind.RETRIEVE:
        return _retrieve_reasons(world, action, end_tile)

    if kind in MELEE_ATTACKS:
        assert action.target is not None and weapon is not None
        reach = weapon.reach
        tiles = target_tiles(world, action.target, earlier)
        if not any(board.in_reach(end_tile, t, reach) for t in tiles):
            return [
                f"{name_of(world, action.target)} will not be within reach "
                f"({reach} tile{'s' if reach > 1 else ''}) of {tuple(end_tile)}"
            ]
    return []


def _target_problem(world: World, actor: int, target: int | None, label: str) -> str:
    if target is None:
        return f"{label} needs a target"
    if target not in combatants(world):
        return f"{label}: unknown target #{target}"
    if target == actor:
        return f"{label}: you cannot target yourself"
    if world.get(target, Condition).dead:
        return f"{label}: {name_of(world, target)} is dead"
    if not are_enemies(world, actor, target):
        return f"{label}: {name_of(world, target)} is on your side"
    return ""


def _retrieve_reasons(world: World, action: Action, end_tile: Tile) -> list[str]:
    if action.item is None or not world.has(action.item, Item):
        return ["Retrieve Weapon: no such weapon on the ground"]
    where = world.get(action.item, Position).tile
    if chebyshev(where, end_tile) > 1:
        weapon = world.get(action.item, Item).weapon.name
        return [f"Retrieve Weapon: the {weapon} at {where} is not on or next to {tuple(end_tile)}"]
    return []
