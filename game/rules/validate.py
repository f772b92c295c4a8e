"""Checking an order before the round, with reasons a player can read.

`validate_order` has no side effects: the UI uses it to grey out what is
impossible and say why, the AI to dry-run candidates, the round to refuse
bad orders.  Positions are judged as known at declaration: where a target
has already declared a path, either its tile now or its path's end counts.

The checks common to every order are here (the actor, the path, the movement
rules, targets, Called Shots, named weapons); what one kind of action needs is
its spec's (`game.rules.actions`), what a rules module forbids is the module's.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.words import article
from game.rules.api.attack import weapon_for
from game.rules.api.contexts import OrderCheck
from game.rules.board import Board
from game.rules.flight import flight_reasons
from game.rules.fog import hidden_from, in_sight_of_side
from game.rules.movement import EPSILON, PathError, path_metres
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import (
    are_enemies,
    combatants,
    engaged_with,
    left_behind,
    name_of,
    occupant,
    out_of_the_fight,
    planned_tile,
    tile_of,
)
from game.rules.registry import (
    MOVEMENT_ACTIONS,
    action_in_play,
    action_specs,
    active_modules,
    movement_rule,
    spec_of,
)
from game.rules.stats import max_movement_metres
from game.world import Condition, Equipment, World

MAX_ACTIONS = 12
"""More would make every roll impossible; refusing them catches typos."""


def validate_order(
    world: World,
    board: Board,
    order: Order,
    earlier: Mapping[int, Order] | None = None,
    options: RuleOptions | None = None,
) -> list[str]:
    """Every reason the order cannot be declared; an empty list means it is legal.

    `options` are the battle's rules modules (default: the chapter alone).
    """
    earlier = earlier or {}
    options = options or RuleOptions()
    actor = order.actor
    if actor not in combatants(world):
        return [f"unknown combatant #{actor}"]
    me = name_of(world, actor)
    condition = world.get(actor, Condition)
    if condition.dead:
        return [f"{me} is dead"]
    if condition.defeated:
        return [f"{me} is Defeated and takes no more actions"]
    if condition.fled:
        return [f"{me} has fled off the map"]
    reasons: list[str] = []
    if order.action_count > MAX_ACTIONS:
        reasons.append(f"{order.action_count} actions is more than the {MAX_ACTIONS} allowed")
    unknown = [a.kind.label for a in order.actions if not action_in_play(a.kind, options)]
    for label in dict.fromkeys(unknown):
        module = spec_of(next(a.kind for a in order.actions if a.kind.label == label)).module
        reasons.append(f"{label} is part of the {module} rules module, which is not in play")
    if unknown:
        return reasons

    check = _order_check(world, board, order, earlier, options)
    reasons += _movement_reasons(check)
    for spec in action_specs(options):
        if order.has(spec.kind):
            reasons += spec.order_reasons(check)
    for action in order.actions:
        reasons += _action_reasons(check, action)
    for module in active_modules(options):
        reasons += module.order_reasons(check)
    return list(dict.fromkeys(reasons))  # de-duplicate, keep order


def movement_refusals(
    world: World,
    board: Board,
    actor: int,
    kind: ActionKind,
    earlier: Mapping[int, Order] | None = None,
    options: RuleOptions | None = None,
) -> list[str]:
    """Why a movement action of `kind` (a Sprint, a Retreat …) is refused wherever its path
    would go: its own rules and the rules modules' (lying prone, reorienting after a dive …),
    not its path's.  An AI asks before it plans runs, so it never proposes what
    `validate_order` would refuse for the action itself."""
    options = options or RuleOptions()
    check = _order_check(world, board, Order(actor, (Action(kind),)), earlier or {}, options)
    reasons = list(spec_of(kind).order_reasons(check))
    for module in active_modules(options):
        reasons += module.order_reasons(check)
    return list(dict.fromkeys(reasons))


def _order_check(
    world: World, board: Board, order: Order, earlier: Mapping[int, Order], options: RuleOptions
) -> OrderCheck:
    """What the specs' and the modules' checks read of one order: its actor's gear, whom it is
    engaged with now (under fog of war, those his side sees), and the tile it will end on."""
    actor = order.actor
    return OrderCheck(
        world,
        board,
        order,
        earlier,
        options,
        world.get(actor, Equipment),
        in_sight_of_side(world, board, actor, engaged_with(world, board, actor), options),
        planned_tile(world, actor, {actor: order}),
    )


def _movement_reasons(check: OrderCheck) -> list[str]:
    """One movement action at most; the path; the movement rules of melee (CO.16–CO.18)."""
    reasons = []
    world, board, order = check.world, check.board, check.order
    moves = [a for a in order.actions if a.kind in MOVEMENT_ACTIONS]
    if len(moves) > 1:
        labels = " or ".join(s.label for s in action_specs(check.options) if s.movement is not None)
        reasons.append(f"only one {labels} per round")
    mode = order.movement_mode
    rule = movement_rule(mode)
    if rule is not None and not order.path and not order.flee:
        reasons.append(f"{mode.title()} needs a path to move along")
    if not order.path and not order.flee:
        return reasons
    actor = order.actor
    start = tile_of(world, actor)
    try:
        metres = path_metres(board, start, order.path)
    except PathError as err:
        return reasons + [f"path: {err}"]
    allowed = max_movement_metres(world, actor, order)
    if metres > allowed + EPSILON:
        reasons.append(f"path is {metres:.1f} m but you may move at most {allowed:.1f} m")
    leaves = rule is not None and rule.leaves_melee
    reasons += flight_reasons(board, world, order, metres, allowed, check.engaged, leaves)
    if not order.path:
        return reasons
    if len(set(order.path)) != len(order.path) or start in order.path:
        reasons.append("path visits a tile twice")
    blocker = occupant(world, order.path[-1], ignore=actor)
    if blocker is not None and not hidden_from(world, board, actor, blocker, check.options):
        reasons.append(f"path ends on {tuple(order.path[-1])}, where {name_of(world, blocker)} stands")
    end = order.path[-1]
    engaged = check.engaged
    if engaged and rule is None and not order.flee:
        left = [e for e in left_behind(world, board, actor, end) if e in engaged]
        if left:
            names = ", ".join(name_of(world, e) for e in left)
            reasons.append(
                f"engaged in melee with {names}: a normal move may not leave its reach (Retreat instead)"
            )
    if engaged and rule is not None and rule.leaves_melee and not order.flee:
        stay = [e for e in engaged if e in engaged_with(world, board, actor, at=end)]
        if stay:
            names = ", ".join(name_of(world, e) for e in stay)
            reasons.append(
                f"a {rule.mode.title()} must end out of melee; {tuple(end)} is still within reach of {names}"
            )
    return reasons


def _action_reasons(check: OrderCheck, action: Action) -> list[str]:
    """The first problem with one action: Called Shot, target, named weapon, then its spec's."""
    spec = spec_of(action.kind)
    label = spec.label
    if action.called_shot is not None and not spec.called_shot:
        called = " or ".join(s.label for s in action_specs(check.options) if s.called_shot)
        return [f"a Called Shot modifies {article(called)} {called}, not {article(label)} {label}"]
    if action.called_shot is not None and action.called_shot.modifier > -1:
        return ["a Called Shot Modifier is −1 or worse"]
    if spec.targeted and (spec.target_required or action.target is not None):
        problem = _target_problem(check.world, check.actor, action.target, label)
        if problem:
            return [problem]
        if action.target is not None and hidden_from(
            check.world, check.board, check.actor, action.target, check.options
        ):
            # Under fog of war the range, sight or reach of an enemy the side does not see
            # would tell the player where he stands (or that he moved from his ghost's tile).
            return [f"{label}: your side does not see that enemy now"]
    if action.weapon is not None and spec.names_weapon and weapon_for(check.equipment, action) is None:
        return [f"{label}: you hold no suitable weapon named {action.weapon!r}"]
    return spec.reasons(check, action)


def _target_problem(world: World, actor: int, target: int | None, label: str) -> str:
    if target is None:
        return f"{label} needs a target"
    if target not in combatants(world):
        return f"{label}: unknown target #{target}"
    if target == actor:
        return f"{label}: you cannot target yourself"
    if not world.get(target, Condition).present:
        return f"{label}: {name_of(world, target)} {out_of_the_fight(world, target)}"
    if not are_enemies(world, actor, target):
        return f"{label}: {name_of(world, target)} is on your side"
    return ""
