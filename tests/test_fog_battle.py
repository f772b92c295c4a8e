"""A battle keeps each side's fog memory round by round (`Battle.fog`, `Battle.view_for`,
`Battle.events_for`): what the window, the hand-over, the AI and replays ask of a battle with
fog of war on."""

from __future__ import annotations

from game.rules.battle import Battle
from game.rules.fog import FOG
from game.rules.options import RuleOptions
from game.rules.orders import Action, Order
from game.rules.orders import ActionKind as K
from game.world import Position
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


def test_a_path_ending_on_an_unseen_enemy_is_not_refused_and_stops_short() -> None:
    """Kai stands in a shadow seen only from within 1 m; Ada, 3 m off, walks to his tile.
    Without fog the rules refuse it by naming him; with fog they must not tell her side he is
    there: the order stands and the walk stops before his tile at resolution, as before any
    occupied tile."""
    from game.rules.validate import validate_order

    path = ((14, 4), (14, 5), (13, 6))
    for options, refused in ((RuleOptions(), True), (FOGGY, False)):
        cast = skirmish(dark={(13, 6): 1.0})
        cast.world.set(cast["Ada"], Position(14, 3))
        battle = Battle(cast.world, cast.board, 7, options)
        walk = Order(cast["Ada"], path=path)
        reasons = validate_order(battle.world, battle.board, walk, {}, options)
        assert any("Kai" in r for r in reasons) is refused, reasons
        if refused:
            continue
        rnd = battle.start_round()
        while (eid := rnd.next_declarer) is not None:
            assert not battle.declare(walk if eid == cast["Ada"] else Order(eid))
        battle.resolve()
        assert battle.world.get(cast["Ada"], Position).tile == (14, 5)  # stopped short of Kai


def test_the_planners_reach_does_not_give_an_unseen_enemy_away() -> None:
    """The window's walk overlay (the planner's reach): Kai's shadowed tile counts as taken
    only for a side that sees him; for Ada's side, with fog, it is a tile she may walk to."""
    from game.rules.fog import view_for
    from game.ui.planner import Planner

    cast = skirmish(dark={(13, 6): 1.0})
    cast.world.set(cast["Ada"], Position(14, 3))
    view = view_for(cast.world, cast.board, "a", options=FOGGY)
    assert not view.sees(cast["Kai"])
    blind = Planner(cast.world, cast.board, cast["Ada"], {}, FOGGY, sees=view.sees)
    seeing = Planner(cast.world, cast.board, cast["Ada"], {}, RuleOptions())
    assert (13, 6) in blind.reach(5.0).iter_tiles()
    assert (13, 6) not in seeing.reach(5.0).iter_tiles()


def test_a_walk_away_from_an_unseen_foe_in_reach_is_neither_refused_nor_tells_his_name() -> None:
    """Ada stands diagonally next to Kai, who is in a shadow seen only from within 1 m: in
    reach of each other, so without fog a normal walk away is refused, naming Kai (CO.16).
    With fog her side does not know he is there: at declaration she is held in melee only by
    the enemies her side sees, so the walk stands and no reason names him; nor do the
    refusals of what melee forbids (a Sprint, an Evade)."""
    from game.rules.orders import Action, ActionKind
    from game.rules.positions import engaged_with
    from game.rules.validate import validate_order

    walk_away = ((14, 4), (14, 3))
    for options, refused in ((RuleOptions(), True), (FOGGY, False)):
        cast = skirmish(dark={(13, 6): 1.0})
        cast.world.set(cast["Ada"], Position(14, 5))
        assert engaged_with(cast.world, cast.board, cast["Ada"]) == [cast["Kai"]]
        orders = (
            Order(cast["Ada"], path=walk_away),
            Order(cast["Ada"], (Action(ActionKind.SPRINT),), path=walk_away),
            Order(cast["Ada"], (Action(ActionKind.EVADE),)),
        )
        for order in orders:
            reasons = validate_order(cast.world, cast.board, order, {}, options)
            assert any("Kai" in r for r in reasons) is refused, (options, order, reasons)


def test_an_attack_on_an_unseen_enemy_is_refused_without_saying_where_he_is() -> None:
    """Kai stands in a shadow seen only from within 1 m, 11 m off Ada, in range and in the
    line of her blaster.  Without fog she may shoot him.  With fog her side does not see him,
    so the shot is refused, and the reason names no range, no line of sight and not Kai: any
    of those would tell the player where he stands (a random AI shot at a ghost and was told
    'no line of sight to Wren' in woods_patrol, seed 4253)."""
    from game.rules.validate import validate_order

    for options, refused in ((RuleOptions(), False), (FOGGY, True)):
        cast = skirmish(dark={(13, 6): 1.0})
        shot = Order(cast["Ada"], (Action(K.MISSILE_STRIKE, cast["Kai"]),))
        reasons = validate_order(cast.world, cast.board, shot, {}, options)
        assert bool(reasons) is refused, reasons
        if refused:
            assert reasons == ["Missile Strike: your side does not see that enemy now"]
    seen = skirmish()  # no shadow: Kai in sight, the shot stands with fog on
    shot = Order(seen["Ada"], (Action(K.MISSILE_STRIKE, seen["Kai"]),))
    assert validate_order(seen.world, seen.board, shot, {}, FOGGY) == []
