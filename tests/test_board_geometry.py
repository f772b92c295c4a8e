"""Geometry on a TerrainBoard with hand-checked answers (RULES.md §1, §8)."""

from __future__ import annotations

import math

import pytest

from game.board.melee import engaged, engagement_mask, reach_tiles
from game.board.paths import find_path
from game.board.ranges import range_bands
from game.board.reach import reachable
from game.board.sight import sight_from
from game.board.terrain import TerrainBoard
from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.rules.movement import path_metres

SQRT2 = math.sqrt(2)


def test_step_costs_in_metres_with_diagonals_and_terrain() -> None:
    board = TerrainBoard.from_rows(["...", ".~.", "..."], metres_per_tile=1.5)
    assert board.step_metres((0, 0), (1, 0)) == 1.5
    # Entering the rough centre costs double; leaving it does not.
    assert board.step_metres((0, 1), (1, 1)) == 3.0
    assert board.step_metres((1, 1), (2, 1)) == 1.5
    # Diagonal: √2 tiles of 1.5 m, times the cost of the tile entered.
    assert board.step_metres((0, 0), (1, 1)) == pytest.approx(4.2426, abs=1e-4)
    assert board.step_metres((1, 1), (2, 2)) == pytest.approx(2.1213, abs=1e-4)
    # The fast reachable map adds the very same numbers.
    reach = reachable(board, (0, 0), 10)
    assert reach.metres_to((1, 1)) == board.step_metres((0, 0), (1, 1))
    # To the far corner: around the rough centre, 1.5 + 2.1213 + 1.5 m, beats 4.2426 + 2.1213 m through it.
    assert reach.metres_to((2, 2)) == pytest.approx(5.1213, abs=1e-4)


def test_no_corner_cutting_past_a_tile_that_blocks_movement() -> None:
    board = TerrainBoard.from_rows([".#.", "...", "..."])
    assert board.step_metres((0, 0), (1, 1)) is None
    assert board.step_metres((2, 0), (1, 1)) is None
    reach = reachable(board, (0, 0), 10)
    assert reach.metres_to((1, 1)) == 2.0  # around the corner: two orthogonal steps
    assert reach.path_to((1, 1)) == [(0, 1), (1, 1)]
    # To (2, 0): neither diagonal next to the wall is allowed, so four orthogonal steps.
    path = find_path(board, (0, 0), (2, 0))
    assert path is not None
    assert path.tiles == ((0, 1), (1, 1), (2, 1), (2, 0))
    assert path.metres == path_metres(board, (0, 0), path.tiles) == 4.0
    assert reach.metres_to((2, 0)) == 4.0


def test_a_wall_of_water_blocks_movement_but_not_sight_and_smoke_the_reverse() -> None:
    board = TerrainBoard.from_rows([".w.", "...", ".s."])
    assert board.step_metres((0, 0), (1, 0)) is None
    assert board.line_of_sight((0, 0), (2, 0))
    assert board.step_metres((0, 2), (1, 2)) == 1.0
    assert not board.line_of_sight((0, 2), (2, 2))
    assert not board.line_of_sight((2, 2), (0, 2))  # symmetric


def test_occupied_tiles_cannot_be_entered_but_do_not_stop_a_diagonal() -> None:
    board = TerrainBoard.from_rows(["...", "...", "..."])
    reach = reachable(board, (0, 0), 1.5, occupied=[(1, 0), (0, 1)])
    assert reach.tiles() == {(0, 0), (1, 1)}
    assert reach.metres_to((1, 1)) == SQRT2
    assert find_path(board, (0, 0), (1, 0), occupied=[(1, 0)]) is None


def test_reachable_sets_at_exact_budgets() -> None:
    board = TerrainBoard.from_rows(["....."] * 5)
    centre = (2, 2)
    plus = {(2, 2), (1, 2), (3, 2), (2, 1), (2, 3)}
    ring = {(x, y) for x in range(1, 4) for y in range(1, 4)}
    assert reachable(board, centre, 0).tiles() == {centre}
    assert reachable(board, centre, 1.0).tiles() == plus
    assert reachable(board, centre, 1.4).tiles() == plus
    assert reachable(board, centre, 1.5).tiles() == ring
    # Exactly 2 m reaches the tiles two orthogonal steps away, not the knight's moves (2.414 m).
    two = reachable(board, centre, 2.0).tiles()
    assert two == ring | {(0, 2), (4, 2), (2, 0), (2, 4)}
    # One map serves the Movement and the longest Sprint.
    sprint = reachable(board, centre, 4.0)
    assert sprint.tiles(2.0) == two
    assert (0, 0) in sprint.tiles() and sprint.metres_to((0, 0)) == 2 * SQRT2


def test_reachable_through_rough_ground_and_around_walls() -> None:
    board = TerrainBoard.from_rows(
        [
            "........",
            ".####...",
            ".#~~....",
            ".#......",
        ],
        metres_per_tile=1.5,
    )
    reach = reachable(board, (2, 3), 4.5)
    # (2, 2) is rough: 1.5 × 2 = 3 m; (3, 2) diagonally: 1.5 × √2 × 2 = 4.24 m.
    assert reach.metres_to((2, 2)) == 3.0
    assert reach.metres_to((3, 2)) == pytest.approx(4.2426, abs=1e-4)
    assert reach.can_reach((5, 3)) and reach.metres_to((5, 3)) == 4.5
    assert not reach.can_reach((6, 3))
    assert not reach.can_reach((1, 2))  # a wall
    assert (2, 0) not in reach.tiles()  # behind the wall, far around


def test_cover_low_and_high_from_the_tiles_next_to_the_target() -> None:
    board = TerrainBoard.from_rows(
        [
            "........",
            ".....l..",
            ".....h..",
            "......l.",
            "........",
        ]
    )
    shooter = (0, 2)
    # Behind a low wall: (5, 1) is next to (6, 1) and on the ray.
    assert board.cover_between((0, 1), (6, 1)) == "low"
    # Behind a barricade: high.
    assert board.cover_between((0, 2), (6, 2)) == "high"
    # Standing on a low wall tile: low.
    assert board.cover_between((0, 3), (6, 3)) == "low"
    # A low wall behind the target does not help it.
    assert board.cover_between((0, 3), (5, 3)) == "none"
    # The low wall at (5, 1) is behind a target at (4, 1) shot from the west, in front from the east.
    assert board.cover_between((0, 1), (4, 1)) == "none"
    assert board.cover_between((7, 1), (4, 1)) == "low"
    sight = sight_from(board, shooter, 20)
    assert sight.cover_of((6, 2)) == "high" and sight.sees((6, 2))
    assert sight.cover_of((6, 3)) == board.cover_between(shooter, (6, 3))


def test_a_wall_touched_only_at_its_corner_gives_no_cover() -> None:
    """The diagonal from (0, 0) to (3, 3) passes the corner point between (3, 2) and (2, 3):
    it goes through neither, as sight has it (a corner blocks only if both tiles block).  A
    barricade on one of them gives no cover; on both, the lesser of the two."""
    board = TerrainBoard.from_rows(["....", "....", "...h", "...."])
    assert board.line_of_sight((0, 0), (3, 3))
    assert board.cover_between((0, 0), (3, 3)) == "none"
    assert sight_from(board, (0, 0), 20).cover_of((3, 3)) == "none"
    both = TerrainBoard.from_rows(["....", "....", "...h", "..l."])
    assert both.cover_between((0, 0), (3, 3)) == "low"
    assert sight_from(both, (0, 0), 20).cover_of((3, 3)) == "low"
    # Through the tile itself, not its corner, a barricade still covers.
    assert board.cover_between((3, 0), (3, 3)) == "high"
    assert sight_from(board, (3, 0), 20).cover_of((3, 3)) == "high"


def test_line_of_sight_and_cover_map_respects_walls_and_radius() -> None:
    board = TerrainBoard.from_rows(
        [
            "......",
            "..#...",
            "......",
        ],
        metres_per_tile=2.0,
    )
    sight = sight_from(board, (0, 1), 6.0)
    assert not sight.sees((3, 1))  # behind the wall
    assert sight.sees((2, 0))
    assert sight.cover_of((3, 1)) == "high"  # the wall (cover high) is next to it on the ray
    # (3, 2) is √10 tiles (6.3 m) away: beyond the radius, though in sight (the ray only
    # grazes the wall's corner, and a corner shuts sight only when both tiles beside it block).
    assert not sight.sees((3, 2)) and board.line_of_sight((0, 1), (3, 2))
    assert sight_from(board, (0, 1), 7.0).sees((3, 2))
    # 6 m at 2 m per tile is 3 tiles: (3, 0) is √10 tiles away, beyond.
    assert sight.cover_of((3, 0)) is None and not sight.sees((3, 0))
    assert sight.sees((0, 1))  # one sees one's own tile
    assert set(sight.visible_tiles()) == {t for t in board.tiles_where(board.move_costs > 0) if sight.sees(t)}


BOW = Weapon("bow", WeaponClass.MISSILE, missile_kind=MissileKind.PRIMITIVE, ranges=(3.0, 6.0, 9.0))


@pytest.mark.parametrize(
    ("tile", "band"),
    [
        ((1, 0), "short"),
        ((2, 0), "short"),  # 3.0 m exactly: the short limit is inside short
        ((3, 0), "medium"),  # 4.5 m
        ((2, 2), "medium"),  # 4.24 m
        ((4, 0), "medium"),  # 6.0 m exactly
        ((5, 0), "long"),  # 7.5 m
        ((6, 0), "long"),  # 9.0 m exactly
        ((7, 0), "out"),  # 10.5 m
        ((0, 0), "short"),
    ],
)
def test_range_bands_at_their_exact_limits(tile: tuple[int, int], band: str) -> None:
    board = TerrainBoard.from_rows(["........."] * 3, metres_per_tile=1.5)
    assert range_bands(board, (0, 0), BOW).band_at(tile) == band


def test_range_bands_far_beyond_the_window_are_out() -> None:
    board = TerrainBoard.from_rows(["." * 40], metres_per_tile=1.0)
    bands = range_bands(board, (0, 0), BOW)
    assert bands.band_at((39, 0)) == "out"
    with pytest.raises(ValueError, match="not a missile weapon"):
        range_bands(board, (0, 0), Weapon("sword"))


def test_melee_reach_and_engagement() -> None:
    board = TerrainBoard.from_rows(
        [
            ".....",
            "..#..",
            ".....",
        ]
    )
    assert sorted(reach_tiles(board, (0, 0), 1)) == [(0, 1), (1, 0), (1, 1)]
    # A spear (reach 2) at (1, 1) strikes (3, 1)? The wall at (2, 1) is in the way.
    assert (3, 1) not in reach_tiles(board, (1, 1), 2)
    assert (3, 0) not in reach_tiles(board, (1, 1), 2)  # the ray passes the wall tile
    assert (3, 2) not in reach_tiles(board, (1, 0), 2)
    assert (0, 2) in reach_tiles(board, (0, 0), 2)
    # Engagement: either is within the other's reach.
    assert engaged(board, (0, 0), 1, (2, 0), 2)
    assert not engaged(board, (0, 0), 1, (2, 2), 1)
    mask = engagement_mask(board, [((4, 2), 1)], own_reach=1)
    assert {(int(x), int(y)) for x, y in zip(*mask.nonzero()[::-1], strict=True)} == {
        (3, 1),
        (4, 1),
        (3, 2),
    }


def test_budgets_and_radii_beyond_the_board() -> None:
    board = TerrainBoard.from_rows(["...", "..."])
    assert reachable(board, (0, 0), math.inf).tiles() == {(x, y) for x in range(3) for y in range(2)}
    assert sight_from(board, (0, 0), 1e9).sees((2, 1))
    wide = TerrainBoard.from_rows(["." * 300])
    with pytest.raises(ValueError, match="sight maps reach at most 120 tiles"):
        sight_from(wide, (0, 0), 200)
