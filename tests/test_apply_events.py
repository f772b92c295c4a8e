"""Events applied in one place: `apply(world, event)` is what each event does to the world.

For rounds of every bundled scenario played by the AI, applying the round's events,
in order, to a copy of the world as it was when the round started gives exactly the
world the engine ends the round with (full serialised equality), and the round
changes nothing that no event says (issue 14).
"""

from __future__ import annotations

import pytest

from game.ai.controller import DeclarationView
from game.ai.factory import make_controller
from game.content.battle_setup import build_battle
from game.content.scenarios import list_scenarios
from game.rules.apply import ApplyError, apply
from game.rules.events import Injured, Moved, WeaponDropped
from game.world import Condition, Facing, Position, Side

ROUNDS = 6  # rounds of each scenario (the first ones see the most movement and the first blood)


@pytest.mark.parametrize("scenario", list_scenarios(), ids=lambda s: s.id)
def test_applying_the_events_rebuilds_the_engines_world(scenario) -> None:  # noqa: ANN001
    names = [s.name for s in scenario.sides]
    specs = {name: ("ai:normal" if i == 0 else "ai:easy") for i, name in enumerate(names)}
    battle, _ = build_battle(scenario, 20261130, controllers=specs)
    controllers = {name: make_controller(spec, 7 + i) for i, (name, spec) in enumerate(specs.items())}
    world = battle.world
    checked = 0
    while not battle.over and battle.number < ROUNDS:
        rnd = battle.start_round()
        before = world.copy()
        while (eid := rnd.next_declarer) is not None:
            order = controllers[world.get(eid, Side).name].choose_order(DeclarationView.of(battle, eid))
            assert battle.declare(order) == []
        assert world.to_dict() == before.to_dict()  # declaring changes nothing
        events = battle.resolve()
        for event in events:
            apply(before, event)
        assert before.to_dict() == world.to_dict()
        # …and the world is what the log says: movers stand at the end of the last path the log
        # gives them (a walk, or a knock-back after it), facing as their move said; the wounded
        # have the Injuries said.
        last_path: dict[int, tuple] = {}
        for event in events:
            if isinstance(event, Moved):
                last_path[event.actor_id] = tuple(event.path[-1])
            elif getattr(event, "path", None) and getattr(event, "target_id", None) is not None:
                last_path[event.target_id] = tuple(event.path[-1])  # pushed (a knock-back)
            if isinstance(event, Injured):
                assert world.get(event.target_id, Condition).injuries >= event.injuries
        for eid, tile in last_path.items():
            assert world.get(eid, Position).tile == tile
        for event in events:
            if isinstance(event, Moved) and event.actor_id is not None:
                pushed = any(
                    getattr(e, "target_id", None) == event.actor_id and getattr(e, "path", None)
                    for e in events[events.index(event) :]
                )
                if not pushed:
                    assert world.get(event.actor_id, Facing).name == event.facing
        checked += 1
    assert checked >= 1


def test_an_event_without_its_entity_id_is_refused() -> None:
    from game.world import World

    with pytest.raises(ApplyError):
        apply(World(), Moved("Omar", "walk", ((1, 1), (2, 1)), 1.0, 4.0, "E"))
    with pytest.raises(ApplyError):
        apply(World(), WeaponDropped("Niles", "dagger", (3, 3)))
