"""An AI that joins a battle under way (continued from a save) first sees the rounds it missed.

What hard and normal have read of the opponent (`game.ai.opponents`) is a player's memory of
the battle.  A save holds the battle's start, seed and orders, so the session replays it for a
controller made after round 1 and shows it each round as it began (`Session._catch_up`).
"""

from __future__ import annotations

from game.ai.factory import make_controller
from game.ai.simulate import load_scenarios
from game.content.battle_setup import build_battle
from game.persist.saves import battle_from_save, battle_to_save, events_hash, world_hash
from game.rules.orders import Order
from game.session.flow import AwaitResolution, BattleOver, Session

SCENARIO = "hedgerow_skirmish"  # many units: by round 5 the raiders have had chances to attack
SAVED_AT = 5


def _scenario():  # noqa: ANN202
    return next(s for s in load_scenarios("bundled", None) if s.id == SCENARIO)


def _controllers(names: list[str]) -> dict[str, object]:
    specs = {names[0]: "ai:hard", names[1]: "ai:easy"}
    return {name: make_controller(specs[name], 7 + i) for i, name in enumerate(names)}


def _play(session: Session, until: int) -> list[Order]:
    """Declare and resolve until round `until` is fully declared; the orders, in turn."""
    orders: list[Order] = []
    while session.battle.number <= until:
        step = session.next_step()
        if isinstance(step, BattleOver):
            break
        if isinstance(step, AwaitResolution):
            if session.battle.number == until:
                break
            session.resolve()
            continue
        order = session.ask(step.actor)
        orders.append(order)
        session.submit(order)
    return orders


def _battle():  # noqa: ANN202
    scenario = _scenario()
    names = [s.name for s in scenario.sides]
    # Dice seed 18: easy's raiders hold back often enough by round 8 for the reading to matter.
    battle, _ = build_battle(scenario, 18, controllers={names[0]: "ai:hard", names[1]: "ai:easy"})
    return battle, names


def test_an_ai_continued_from_a_save_plays_on_as_if_it_had_never_stopped() -> None:
    battle, names = _battle()
    watched = _controllers(names)
    session = Session(battle, watched)
    _play(session, SAVED_AT)
    save = battle_to_save(battle)
    went_on = _play(session, SAVED_AT + 3)

    fresh = _controllers(names)
    loaded = Session(battle_from_save(save), fresh)
    played_on = _play(loaded, SAVED_AT + 3)

    read = watched[names[0]].read.sides  # type: ignore[attr-defined]
    assert read and any(b.wariness < 1.0 for b in read.values()), "the test needs a reading that matters"
    assert fresh[names[0]].read.sides == read  # type: ignore[attr-defined]
    assert played_on == went_on


def test_catching_up_leaves_the_battle_as_it_was() -> None:
    battle, names = _battle()
    _play(Session(battle, _controllers(names)), SAVED_AT)
    before = (world_hash(battle.world), events_hash(battle), battle.number, battle.to_dict())
    Session(battle, _controllers(names)).controller(names[0])  # made now: it catches up
    assert (world_hash(battle.world), events_hash(battle), battle.number, battle.to_dict()) == before
