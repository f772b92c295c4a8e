"""Orders in words, as the log and the other declarers see them."""

from __future__ import annotations

from game.core.geometry import direction_name
from game.i18n import _
from game.rules.events import compass
from game.rules.orders import Order
from game.rules.positions import name_of
from game.world import Item, World


def describe_action(world: World, action) -> str:  # noqa: ANN001 - Action, avoids a cycle
    """ "Strike on Niles (Called Shot: head −3)", "Dodge", "Retrieve Weapon (stun baton)"."""
    text = _(action.kind.label)
    if action.target is not None:
        text = _("{action} on {target}").format(action=text, target=name_of(world, action.target))
    if action.weapon:
        text = _("{action} with {weapon}").format(action=text, weapon=action.weapon)
    if action.called_shot is not None:
        text = _("{action} (Called Shot: {part} {modifier:+d})").format(
            action=text, part=_(action.called_shot.part), modifier=action.called_shot.modifier
        )
    if action.item is not None:
        item = world.try_get(action.item, Item)
        if item:
            text = _("{action} ({weapon})").format(action=text, weapon=item.weapon.name)
        else:
            text = _("{action} (item #{item})").format(action=text, item=action.item)
    return text.replace("-", "\u2212")


def summarize_order(world: World, order: Order) -> str:
    """All of an order on one line."""
    parts = [describe_action(world, a) for a in order.actions]
    if order.path and order.movement_mode == "walk":
        parts.append(_("move to {tile}").format(tile=tuple(order.path[-1])))
    elif order.path:
        parts.append(_("path to {tile}").format(tile=tuple(order.path[-1])))
    if order.flee:
        parts.append(_("flee off the map"))
    if order.facing is not None:
        parts.append(_("face {direction}").format(direction=compass(direction_name(order.facing))))
    return _(", ").join(parts) if parts else _("nothing")
