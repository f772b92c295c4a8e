"""What each event does to the world: the one writer of a battle's world.

The round changes the world only by emitting events through `apply`, and the
window's playback replays a round by applying the same events to a copy of
the world as it was before.  So what the log says happened is, by
construction, what happened.  Events without an effect on the world (rolls,
declarations, nullified actions, stages) pass through unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from game.core.geometry import DIRECTION_NAMES
from game.rules.events import (
    Defeated,
    Event,
    Fled,
    Injured,
    Killed,
    Moved,
    Turned,
    WeaponDropped,
    WeaponFell,
    WeaponRetrieved,
)
from game.world import Condition, Equipment, Facing, Item, Name, Position, World

E = TypeVar("E", bound=Event)


class ApplyError(RuntimeError):
    """An event that cannot be applied to this world (a programming error, not bad input)."""


def applies(event_type: type[E]) -> Callable[[Callable[[World, E], None]], Callable[[World, E], None]]:
    """Decorator: register what an event defined elsewhere (a rules module's) does to the world.

    @applies(WentProne)
    def _went_prone(world: World, event: WentProne) -> None: ...
    """

    def wrap(handler: Callable[[World, E], None]) -> Callable[[World, E], None]:
        if event_type in _HANDLERS and _HANDLERS[event_type] is not handler:
            raise ValueError(f"{event_type.__name__} already has a handler")
        _HANDLERS[event_type] = handler  # type: ignore[assignment]
        return handler

    return wrap


def apply(world: World, event: Event) -> None:
    """Change `world` as `event` says; events that change nothing are ignored."""
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(world, event)


def entity(value: int | None, event: Event) -> int:
    """An event's entity id (ApplyError when it has none: a programming error)."""
    return _id(value, event)


def _id(value: int | None, event: Event) -> int:
    if value is None:
        raise ApplyError(f"{event.kind} event without an entity id: {event}")
    return value


def _moved(world: World, event: Moved) -> None:
    eid = entity(event.actor_id, event)
    if event.path:
        world.set(eid, Position(*event.path[-1]))
    world.set(eid, Facing(DIRECTION_NAMES.index(event.facing)))


def _turned(world: World, event: Turned) -> None:
    world.set(entity(event.actor_id, event), Facing(DIRECTION_NAMES.index(event.facing)))


def _injured(world: World, event: Injured) -> None:
    eid = entity(event.target_id, event)
    world.set(eid, replace(world.get(eid, Condition), injuries=event.injuries))


def _defeated(world: World, event: Defeated) -> None:
    eid = entity(event.target_id, event)
    world.set(eid, replace(world.get(eid, Condition), defeated=True))


def _killed(world: World, event: Killed) -> None:
    eid = entity(event.target_id, event)
    world.set(eid, replace(world.get(eid, Condition), defeated=True, dead=True))


def _fled(world: World, event: Fled) -> None:
    eid = entity(event.actor_id, event)
    world.set(eid, replace(world.get(eid, Condition), fled=True))


def _dropped(world: World, event: WeaponDropped) -> None:
    eid = entity(event.target_id, event)
    equipment = world.get(eid, Equipment)
    weapon = equipment.find(event.weapon)
    if weapon is None:
        raise ApplyError(f"{event.target} holds no {event.weapon} to drop")
    world.set(eid, equipment.without(weapon))
    item = world.create(Name(weapon.name), Position(*event.tile), Item(weapon, owner=eid))
    if event.item_id is not None and item != event.item_id:
        raise ApplyError(f"the dropped {event.weapon} became #{item}, not #{event.item_id}")


def _retrieved(world: World, event: WeaponRetrieved) -> None:
    eid = entity(event.actor_id, event)
    item_id = entity(event.item_id, event)
    item = world.get(item_id, Item)
    equipment = world.get(eid, Equipment)
    world.set(eid, replace(equipment, weapons=(*equipment.weapons, item.weapon)))
    world.destroy(item_id)


_HANDLERS: dict[type[Event], Callable[[World, Any], None]] = {
    Moved: _moved,
    Turned: _turned,
    Injured: _injured,
    Defeated: _defeated,
    Killed: _killed,
    Fled: _fled,
    WeaponDropped: _dropped,
    WeaponFell: _dropped,
    WeaponRetrieved: _retrieved,
}  # type: ignore[dict-item]
"""Event type → what it does to the world (the only place that says so)."""
