"""Facing arcs at every facing, and the facing module's numbers (RULES.md §1, §8)."""

from __future__ import annotations

import pytest

from game.core.equipment import Weapon
from game.core.geometry import DIRECTION_NAMES, DIRECTION_VECTORS
from game.rules.arcs import BACK, FRONT, LEFT, RIGHT, arc_of
from game.rules.modules.facing import attack_facing_modifier, defence_cost
from game.rules.orders import ActionKind
from tests.builders import SWORD

CENTRE = (5, 5)


@pytest.mark.parametrize("facing", range(8), ids=DIRECTION_NAMES)
def test_the_eight_neighbours_at_every_facing(facing: int) -> None:
    arcs = {}
    for offset in range(8):
        dx, dy = DIRECTION_VECTORS[(facing + offset) % 8]
        arcs[offset] = arc_of(CENTRE, facing, (CENTRE[0] + dx, CENTRE[1] + dy))
    # Front = F−45°, F, F+45°; right = F+90°; left = F−90°; back = the other three.
    assert arcs == {0: FRONT, 1: FRONT, 7: FRONT, 2: RIGHT, 6: LEFT, 3: BACK, 4: BACK, 5: BACK}


def test_far_tiles_use_the_sector_of_the_bearing() -> None:
    north = 0
    assert arc_of(CENTRE, north, (5, 0)) == FRONT  # straight ahead
    assert arc_of(CENTRE, north, (7, 0)) == FRONT  # bearing 21.8°: inside the N sector
    assert arc_of(CENTRE, north, (8, 0)) == FRONT  # bearing 31°: NE sector, still front
    assert arc_of(CENTRE, north, (10, 2)) == FRONT  # bearing 59.0°: NE sector (22.5°–67.5°)
    assert arc_of(CENTRE, north, (10, 3)) == RIGHT  # bearing 68.2°: just into the E sector
    assert arc_of(CENTRE, north, (10, 7)) == RIGHT  # bearing 111.8°: E sector ends at 112.5°
    assert arc_of(CENTRE, north, (10, 8)) == BACK  # bearing 121.0°: SE sector
    assert arc_of(CENTRE, north, (0, 5)) == LEFT
    assert arc_of(CENTRE, north, (5, 9)) == BACK


def test_attack_penalties_by_arc() -> None:
    two_handed = Weapon("greatsword", hands=2)
    assert attack_facing_modifier(FRONT, SWORD).value == 0
    assert attack_facing_modifier(RIGHT, SWORD).value == 0  # weapon hand
    assert attack_facing_modifier(LEFT, SWORD).value == -2  # off-hand side: one grade
    assert attack_facing_modifier(BACK, SWORD).value == -6
    assert attack_facing_modifier(RIGHT, two_handed).value == -2
    assert attack_facing_modifier(LEFT, two_handed).value == -2
    assert attack_facing_modifier(LEFT, SWORD, "left").value == 0  # a second weapon, in the left hand
    assert attack_facing_modifier(RIGHT, SWORD, "left").value == -2


def test_defence_costs_by_arc() -> None:
    assert defence_cost(ActionKind.PARRY, FRONT) == 0
    assert defence_cost(ActionKind.PARRY, LEFT) == 2  # across the body from the right hand
    assert defence_cost(ActionKind.PARRY, RIGHT) == 0
    assert defence_cost(ActionKind.PARRY, RIGHT, "left") == 2  # a parrying weapon in the left hand
    assert defence_cost(ActionKind.PARRY, LEFT, "left") == 0
    assert defence_cost(ActionKind.PARRY, RIGHT, "both") == 2  # two-handed: either side
    assert defence_cost(ActionKind.PARRY, LEFT, "both") == 2
    assert defence_cost(ActionKind.PARRY, BACK) == 4
    assert defence_cost(ActionKind.BLOCK, LEFT) == 0  # shield side
    assert defence_cost(ActionKind.BLOCK, RIGHT) is None
    assert defence_cost(ActionKind.BLOCK, BACK) is None
    assert defence_cost(ActionKind.DODGE, BACK) == 4
    assert defence_cost(ActionKind.EVADE, RIGHT) == 0


def test_a_parry_is_free_on_the_side_of_the_hand_that_holds_the_parrying_weapon() -> None:
    """A whip (no Parry) in the right hand, a dagger in the left: the dagger parries, free on the
    left, a grade across the body to the right.  The Parry used to be taken in the right hand."""
    from game.rules.odds import attack_odds
    from game.rules.options import RuleOptions
    from game.rules.orders import Action, Order
    from tests.builders import Cast

    whip = Weapon("whip", can_parry=False)
    dagger = Weapon("dagger")
    chances = {}
    for side, at, facing in (("left", (5, 4), 4), ("right", (5, 6), 0)):
        cast = Cast(10, 10)
        cast.add("Dee", (5, 5), "a", facing=2, weapons=(whip, dagger), parry=6)
        cast.add("Sam", at, "b", facing=facing, strike=6)
        strike = Action(ActionKind.STRIKE, cast["Dee"])
        odds = attack_odds(
            cast.world,
            cast.board,
            cast["Sam"],
            strike,
            at=at,
            facing=facing,
            target_at=(5, 5),
            target_facing=2,
            order=Order(cast["Sam"], (strike,)),
            target_order=Order(cast["Dee"], (Action(ActionKind.PARRY),)),
            options=RuleOptions({"facing"}),
        )
        chances[side] = odds.success
    assert chances["left"] < chances["right"]
