"""Orders in words, as the log and the other declarers see them."""

from __future__ import annotations

from game.core.geometry import direction_name
from game.rules.orders import Order
from game.rules.positions import name_of
from game.world import Item, World


def describe_action(world: World, action) -> str:  # noqa: ANN001 - Action, avoids a cycle
    """ "Strike on Niles (Called Shot: head −3)", "Dodge", "Retrieve Weapon (stun baton)"."""
    text = action.kind.label
    if action.target is not None:
        text += f" on {name_of(world, action.target)}"
    if action.weapon:
        text += f" with {action.weapon}"
    if action.called_shot is not None:
        text += f" (Called Shot: {action.called_shot.part} {action.called_shot.modifier:+d})"
    if action.item is not None:
        item = world.try_get(action.item, Item)
        text += f" ({item.weapon.name})" if item else f" (item #{action.item})"
    return text.replace("-", "\u2212")


def summarize_order(world: World, order: Order) -> str:
    """All of an order on one line."""
    parts = [describe_action(world, a) for a in order.actions]
    if order.path and order.movement_mode == "walk":
        parts.append(f"move to {tuple(order.path[-1])}")
    elif order.path:
        parts.append(f"path to {tuple(order.path[-1])}")
    if order.flee:
        parts.append("flee off the map")
    if order.facing is not None:
        parts.append(f"face {direction_name(order.facing)}")
    return ", ".join(parts) if parts else "nothing"
