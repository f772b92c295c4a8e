"""A terminal demo battle, shown until the game window lands (issue 5)."""

from __future__ import annotations

from game.ai.placeholder import placeholder_order
from game.rules.board import GridBoard
from game.rules.dice import SeededDice
from game.rules.equipment import Shield, Weapon
from game.rules.round import play_round
from game.rules.sheet import Sheet
from game.rules.victory import winner
from game.world import Condition, Equipment, Facing, Name, Position, Side, World

MAX_ROUNDS = 30


def demo_world() -> tuple[World, GridBoard]:
    """Omar and Serena against Niles the assassin, in a 10 × 8 m room."""
    world = World()
    board = GridBoard(10, 8, walls=[(5, y) for y in range(0, 3)])
    baton = Weapon("stun baton", injury=1)
    world.create(
        Name("Omar"),
        Position(1, 5),
        Facing(2),
        Side("bounty hunters"),
        Sheet(2, 3, luck=2, skills={"strike": 6, "feint": 4, "movement": 4}),
        Equipment((Weapon("sword", injury=2),)),
        Condition(),
    )
    world.create(
        Name("Serena"),
        Position(1, 2),
        Facing(2),
        Side("bounty hunters"),
        Sheet(3, 4, skills={"strike": 5, "block": 4, "movement": 4, "grip": 7}),
        Equipment((baton,), Shield("shield", 1)),
        Condition(),
    )
    world.create(
        Name("Niles"),
        Position(8, 4),
        Facing(6),
        Side("assassin"),
        Sheet(4, 5, luck=4, skills={"strike": 9, "dodge": 8, "parry": 5, "disarm": 7, "movement": 5}),
        Equipment((Weapon("dagger", injury=1),)),
        Condition(),
    )
    return world, board


def run_demo(seed: int = 7) -> int:
    """Play the demo battle with placeholder AIs and print the log."""
    world, board = demo_world()
    dice = SeededDice(seed)
    print("Dominion Tactics — demo battle (the game window arrives with issue 5)\n")
    for number in range(1, MAX_ROUNDS + 1):
        events = play_round(
            world, board, dice, lambda eid, rnd: placeholder_order(world, board, eid, rnd.orders), number
        )
        for event in events:
            print(event.text())
        result = winner(world)
        if result.over:
            print(result.text())
            return 0
    print(f"No winner after {MAX_ROUNDS} rounds.")
    return 0
