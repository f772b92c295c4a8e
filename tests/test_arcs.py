"""Facing arcs at every facing, and the facing module's numbers (RULES.md §1, §8)."""

from __future__ import annotations

import pytest

from game.core.equipment import Weapon
from game.core.geometry import DIRECTION_NAMES, DIRECTION_VECTORS
from game.rules.modules.facing import BACK, FRONT, LEFT, RIGHT, arc_of, attack_facing_modifier, defence_cost
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
    assert defence_cost(ActionKind.PARRY, FRONT, False) == 0
    assert defence_cost(ActionKind.PARRY, LEFT, False) == 2
    assert defence_cost(ActionKind.PARRY, RIGHT, False) == 0
    assert defence_cost(ActionKind.PARRY, RIGHT, True) == 2
    assert defence_cost(ActionKind.PARRY, BACK, False) == 4
    assert defence_cost(ActionKind.BLOCK, LEFT, False) == 0  # shield side
    assert defence_cost(ActionKind.BLOCK, RIGHT, False) is None
    assert defence_cost(ActionKind.BLOCK, BACK, False) is None
    assert defence_cost(ActionKind.DODGE, BACK, False) == 4
    assert defence_cost(ActionKind.EVADE, RIGHT, False) == 0
