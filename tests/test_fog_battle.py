"""A battle keeps each side's fog memory round by round (`Battle.fog`, `Battle.view_for`,
`Battle.events_for`): what the window, the hand-over, the AI and replays ask of a battle with
fog of war on."""

from __future__ import annotations

from game.rules.battle import Battle
from game.rules.fog import FOG
from game.rules.options import RuleOptions
from game.rules.orders import Order
from tests.test_module_fog import skirmish

FOGGY = RuleOptions({FOG})


def _battle(options: RuleOptions) -> tuple[Battle, dict[str, int]]:
    """The fog tests' skirmish, Kai behind a wall from side a; Kai walks out into sight."""
    cast = skirmish(walls=[(10, 5), (10, 6), (10, 7)])
    return Battle(cast.world, cast.board, 7, options), dict(cast.ids)


def _round(battle: Battle, ids: dict[str, int], kai: Order) -> None:
    rnd = battle.start_round()
    while (eid := rnd.next_declarer) is not None:
        assert not battle.declare(kai if eid == ids["Kai"] else Order(eid))


def test_without_fog_every_side_sees_everything() -> None:
    battle, ids = _battle(RuleOptions())
    _round(battle, ids, Order(ids["Kai"]))
    battle.resolve()
    assert battle.fog is None and battle.view_for("a") is None
    assert battle.events_for("a", 1) == battle.records[0].events


def test_an_unseen_enemys_declaration_is_hidden_then_its_walk_into_sight_shown() -> None:
    battle, ids = _battle(FOGGY)
    walk = Order(ids["Kai"], path=((12, 6), (11, 6), (11, 5), (11, 4)))
    _round(battle, ids, walk)
    view = battle.view_for("a")
    assert view is not None and not view.sees(ids["Kai"]) and view.sees(ids["Sam"])
    declared = {e.actor for e in battle.events_for("a", 1) if e.kind == "order_declared"}
    assert "Kai" not in declared and "Sam" in declared
    assert "Kai" in {e.actor for e in battle.events_for("b", 1) if e.kind == "order_declared"}
    battle.resolve()
    view = battle.view_for("a")
    assert view is not None and view.sees(ids["Kai"])  # out from behind the wall
    assert any(e.kind == "moved" and e.actor == "Kai" for e in battle.events_for("a", 1))


def test_a_replay_of_the_same_orders_keeps_the_same_memories() -> None:
    battle, ids = _battle(FOGGY)
    _round(battle, ids, Order(ids["Kai"], path=((12, 6), (11, 6))))
    battle.resolve()
    _round(battle, ids, Order(ids["Kai"], path=((11, 5), (11, 4))))
    battle.resolve()
    again = battle.restarted()
    for record in battle.records:
        again.start_round()
        for order in record.orders:
            assert not again.declare(order)
        again.resolve()
    assert battle.fog is not None and again.fog is not None
    assert again.fog.memories == battle.fog.memories
    assert again.fog.shown == battle.fog.shown
