"""Walk up and strike (`game.ui.approach`): a click on a foe out of reach offers the walk to
the tile the attack is best made from, judged by the rules."""

from __future__ import annotations

from dataclasses import replace

from game.core.geometry import bearing_direction
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind
from game.rules.registry import spec_of
from game.rules.validate import validate_order
from game.ui.approach import approach
from game.ui.planner import Draft, Planner
from tests.builders import Cast


def planner_for(serena_at: tuple[int, int], thug_facing: int = 0) -> tuple[Cast, Planner]:
    """Serena (Movement 4, facing east) and a thug at (6, 4), on 1 m tiles."""
    cast = Cast(14, 8)
    cast.add("Serena", serena_at, "a", facing=2, movement=4, strike=6)
    cast.add("Thug", (6, 4), "b", facing=thug_facing, strike=4)
    return cast, Planner(cast.world, cast.board, cast["Serena"], {}, RuleOptions.battlefield())


def test_a_foe_a_walk_away_is_offered_the_walk_and_the_strike() -> None:
    cast, planner = planner_for((2, 4))
    draft = Draft(cast["Serena"])
    walk_up = approach(planner, draft, cast["Thug"])
    assert walk_up is not None
    order = Draft(draft.actor, walk_up.state).order()
    assert order.actions == (Action(ActionKind.STRIKE, cast["Thug"]),)  # a walk: no Sprint added
    assert order.path[-1] == walk_up.tile and cast.board.distance(walk_up.tile, (6, 4)) <= 1.5
    assert order.facing == bearing_direction(walk_up.tile, (6, 4))
    assert validate_order(cast.world, cast.board, order, {}) == []
    assert walk_up.label == f"Walk to {walk_up.tile}, Strike on Thug"
    # No other tile beside him that a walk reaches gives the Strike a better chance.
    reach = planner.reach(planner.walk_metres)
    best = walk_up.choice.forecast.success
    compared = 0
    for tile in [(x, y) for x in range(4, 9) for y in range(2, 7)]:
        state = planner.with_path(draft, tile)
        if state is None or state.auto_move is not None or not reach.can_reach(tile) or tile == (6, 4):
            continue
        state = replace(state, facing=bearing_direction(tile, (6, 4)))
        choice = planner.choice(Draft(draft.actor, state), Action(ActionKind.STRIKE, cast["Thug"]), "")
        if choice.enabled:
            compared += 1
            assert choice.forecast.success <= best
    assert compared >= 3  # (5, 3), (5, 4), (5, 5) at least


def test_nothing_is_offered_within_reach_or_beyond_a_walk() -> None:
    cast, planner = planner_for((5, 4))  # beside him: a click strikes from here
    assert approach(planner, Draft(cast["Serena"]), cast["Thug"]) is None
    cast, planner = planner_for((0, 0))  # 6 tiles away: no walk of 4 m gets next to him
    assert approach(planner, Draft(cast["Serena"]), cast["Thug"]) is None


def test_the_walk_keeps_the_actions_already_planned() -> None:
    cast, planner = planner_for((2, 4))
    draft = Draft(cast["Serena"])
    draft.add(Action(ActionKind.PARRY))
    walk_up = approach(planner, draft, cast["Thug"])
    assert walk_up is not None
    kinds = [a.kind for a in walk_up.state.actions]
    assert kinds == [ActionKind.PARRY, ActionKind.STRIKE]
    assert spec_of(ActionKind.STRIKE).quick


def test_a_charge_is_offered_from_a_click_on_the_foe_on_its_best_lane() -> None:
    """Issue 52: a Charge offered from a click on the foe, the straight lane chosen for the
    player (the spec's `own_path`, the lane the AI charges down), and legal as offered."""
    from game.rules.modules.charge import CHARGE
    from game.ui.approach import lane_approaches
    from game.ui.battle.menus import attack_menu
    from game.ui.theme import Theme

    cast = Cast(24, 10)
    cast.add("Rex", (2, 4), "a", strike=6, movement=4)
    cast.add("Pik", (10, 4), "b", facing=6, strike=5)
    options = RuleOptions({"charge"})
    planner = Planner(cast.world, cast.board, cast["Rex"], {}, options)
    draft = Draft(cast["Rex"])
    draft.add(Action(ActionKind.PARRY))
    lanes = lane_approaches(planner, draft, cast["Pik"])
    assert [lane.choice.action.kind for lane in lanes] == [CHARGE]
    lane = lanes[0]
    order = Draft(draft.actor, lane.state).order()
    assert order.actions == (Action(ActionKind.PARRY), Action(CHARGE, cast["Pik"]))  # the Parry kept
    assert order.path == spec_of(CHARGE).own_path(cast.world, cast.board, cast["Rex"], cast["Pik"])
    assert cast.board.distance(order.path[-1], (10, 4)) <= 1.5 and order.facing == bearing_direction(
        order.path[-1], (10, 4)
    )
    assert validate_order(cast.world, cast.board, order, {}, options) == []
    assert lane.label == f"Charge on Pik, running from {order.path[0]}"
    # The attack menu opened on Pik offers it, with its chance.
    menu = attack_menu(
        Theme(),
        cast.world,
        planner,
        draft,
        cast["Pik"],
        (0, 0),
        lambda a: None,
        lambda *a: None,
        lambda e: None,
        lambda e: None,
    )
    offered = [item for item in menu.items if item.label == lane.label]
    assert len(offered) == 1 and offered[0].enabled and "%" in offered[0].detail
    # Without the module, nothing is offered; beside the foe, the Charge is not offered either.
    plain = Planner(cast.world, cast.board, cast["Rex"], {}, RuleOptions.battlefield())
    assert lane_approaches(plain, Draft(cast["Rex"]), cast["Pik"]) == []


def test_the_menus_list_only_what_the_combatant_could_ever_do() -> None:
    """Issue 52: no Missile Strike without a missile weapon, no Brawling sword in hand, no
    Block without a shield, no Suppression Fire for a dagger; the same combatant with the gear
    gets them back (each spec's `usable_with`, asked of what it holds)."""
    from game.content.armory import default_armory
    from game.rules.modules.suppression import SUPPRESS as SUPPRESSION
    from game.world import Equipment

    cast, _ = planner_for((2, 4))
    options = RuleOptions({"suppression"})
    planner = Planner(cast.world, cast.board, cast["Serena"], {}, options)
    draft = Draft(cast["Serena"])
    kinds = {c.action.kind for c in planner.attack_choices(draft, cast["Thug"])}
    assert ActionKind.STRIKE in kinds and ActionKind.DISARM in kinds
    assert not kinds & {ActionKind.MISSILE_STRIKE, ActionKind.BRAWLING, SUPPRESSION}
    assert ActionKind.BLOCK not in {c.action.kind for c in planner.self_choices(draft)}
    # A submachine gun instead: shots and Suppression Fire, and Brawling (no melee weapon in
    # hand), come back; a sword and a shield: the Block does.
    armory = default_armory()
    cast.world.set(cast["Serena"], Equipment((armory.weapon_ref("submachine gun", ""),)))
    planner = Planner(cast.world, cast.board, cast["Serena"], {}, options)
    kinds = {c.action.kind for c in planner.attack_choices(draft, cast["Thug"])}
    assert {ActionKind.MISSILE_STRIKE, SUPPRESSION, ActionKind.BRAWLING} <= kinds
    assert ActionKind.STRIKE not in kinds
    sword = armory.weapon_ref("sword", "")
    cast.world.set(cast["Serena"], Equipment((sword,), shield=armory.shield_ref("shield", "")))
    planner = Planner(cast.world, cast.board, cast["Serena"], {}, options)
    assert ActionKind.BLOCK in {c.action.kind for c in planner.self_choices(draft)}
