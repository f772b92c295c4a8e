"""The demo room: Omar and Serena against Niles on an in-memory grid (terminal demo, demo battle)."""

from __future__ import annotations

from game.core.equipment import Shield, Weapon
from game.core.sheet import Sheet
from game.rules.board import GridBoard
from game.world import Condition, Equipment, Facing, Name, Position, Side, World


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
