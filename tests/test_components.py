"""Components are registered where they are defined; an unregistered one is refused at once."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.world import Condition, Controller, Name, Position, World
from game.world.registry import UnregisteredComponent, component, is_component


def test_an_unregistered_component_is_refused_when_set_not_when_saved() -> None:
    @dataclass(frozen=True)
    class Mood:
        value: str

    world = World()
    eid = world.create(Name("Omar"))
    with pytest.raises(UnregisteredComponent, match="Mood is not a registered component"):
        world.set(eid, Mood("grim"))
    assert world.to_dict() == {"next_id": 2, "entities": {"1": {"name": "Omar"}}}


def test_a_registered_dataclass_gets_the_default_codec() -> None:
    @component("test_stance")
    @dataclass(frozen=True)
    class Stance:
        crouched: bool = False
        bracing: int = 0

    world = World()
    eid = world.create(Name("Omar"), Stance(True, 2), Position(1, 2), Condition(injuries=1))
    data = world.to_dict()
    assert data["entities"]["1"]["test_stance"] == {"crouched": True, "bracing": 2}
    again = World.from_dict(data)
    assert again.get(eid, Stance) == Stance(True, 2) and again == world
    assert is_component(Stance) and is_component(Controller)


def test_two_components_cannot_share_a_key() -> None:
    with pytest.raises(ValueError, match="registered twice"):

        @component("name")
        @dataclass(frozen=True)
        class Nickname:
            value: str
