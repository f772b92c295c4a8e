"""Entities, components and the per-battle `World` (pure Python, no pygame)."""

from game.world.components import (
    Appearance,
    Condition,
    Controller,
    Equipment,
    Facing,
    Item,
    Name,
    Position,
    Side,
)
from game.world.world import EntityId, World

__all__ = [
    "Appearance",
    "Condition",
    "Controller",
    "EntityId",
    "Equipment",
    "Facing",
    "Item",
    "Name",
    "Position",
    "Side",
    "World",
]
