"""The baseline: uniformly random legal orders ("ai:random").

It picks a movement at random (none, a walk, a Sprint or a Retreat to a
random tile it can reach), then one to three actions at random from those
that are legal with that movement, and declares the result if validation
accepts it.  Its dice are its own `random.Random`, never the game's.
"""

from __future__ import annotations

import random

from game.ai.controller import DeclarationView
from game.ai.facts import terrain_board
from game.board.reach import reachable
from game.rules.called_shots import CALLED_SHOT_TABLE, called_shot
from game.rules.orders import Action, Order
from game.rules.positions import combatants, engaged_with, is_active, tile_of
from game.rules.registry import action_specs, movement_kind
from game.rules.stats import max_movement_metres
from game.rules.validate import validate_order
from game.world import Condition, Item, Position

TRIES = 20  # random orders tried before settling for doing nothing
ACTION_COUNTS = (0, 1, 1, 2, 2, 3)  # how many actions to declare, drawn uniformly


class RandomController:
    """Declares uniformly random legal orders: the baseline every AI must beat."""

    name = "ai:random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.last_explanation: list[tuple[str, float, dict[str, float]]] = []

    def choose_order(self, view: DeclarationView) -> Order:
        """A random order that passes validation (doing nothing if none is found)."""
        rng = random.Random(f"random:{self.seed}:{view.round_number}:{view.actor}")
        world, board, actor = view.world, view.board, view.actor
        for _ in range(TRIES):
            order = random_order(view, rng)
            if not validate_order(world, board, order, view.earlier, view.options):
                return order
        return Order(actor)


def random_order(view: DeclarationView, rng: random.Random) -> Order:
    """One random order: a random movement, then random actions legal with it."""
    world, board, actor = view.world, view.board, view.actor
    engaged = bool(engaged_with(world, board, actor))
    run = movement_kind(view.options, engaged)
    mode = rng.choice(["none", "walk", "run"])
    moves: list[Action] = []
    path: tuple[tuple[int, int], ...] = ()
    if mode != "none":
        moves = [Action(run)] if mode == "run" else []
        budget = max_movement_metres(world, actor, Order(actor, tuple(moves)))
        occupied = [
            tile_of(world, e) for e in combatants(world) if e != actor and world.get(e, Condition).present
        ]
        reach = reachable(terrain_board(board), tile_of(world, actor), budget, occupied)
        tiles = sorted(reach.tiles() - {tile_of(world, actor)})
        if tiles:
            path = tuple(reach.path_to(rng.choice(tiles)) or ())
    if not path:
        moves = []
    legal = [
        a
        for a in _single_actions(view, rng)
        if not validate_order(world, board, Order(actor, (*moves, a), path), view.earlier, view.options)
    ]
    count = rng.choice(ACTION_COUNTS)
    actions = list(moves) + [rng.choice(legal) for _ in range(count) if legal]
    facing = rng.choice([None, *range(8)])
    return Order(actor, tuple(actions), path, facing)


def _single_actions(view: DeclarationView, rng: random.Random) -> list[Action]:
    """Every kind of action once per possible target (random Called Shots, items nearby)."""
    world, actor = view.world, view.actor
    others = [e for e in combatants(world) if e != actor and is_active(world, e)]
    actions = []
    for spec in action_specs(view.options):
        if spec.movement is not None:
            continue  # the movement is chosen with the path
        if spec.picks_item:
            actions += [Action(spec.kind, item=item) for item, _pos, _item in world.query(Position, Item)]
        elif spec.targeted and spec.target_required:
            for target in others:
                actions.append(Action(spec.kind, target))
                if spec.called_shot and rng.random() < 0.2:
                    part = rng.choice(sorted(CALLED_SHOT_TABLE))
                    actions.append(Action(spec.kind, target, called_shot(part)))
        else:
            actions.append(Action(spec.kind))
    return actions
