"""The rules modules' overlays that ask "who sees this tile" (overwatch arcs, suppression cones,
exposed body parts) ask one sight map (`game.rules.sight.sight_within`) instead of the board
pair by pair: their answers equal the pairwise ones on random boards, GridBoards included."""

from __future__ import annotations

from typing import Any

import numpy as np
from builders import Cast
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.terrain import Terrain, TerrainBoard
from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.core.geometry import Tile
from game.rules.api.modules import OverlayAsk
from game.rules.board import GridBoard
from game.rules.modules.overwatch import watched_tiles
from game.rules.modules.suppression import cone_tiles
from game.rules.options import RuleOptions
from game.rules.registry import module_overlays
from game.rules.sight import PairSight, SightMap, sight_from, sight_within, tiles_near_cover

PALETTE = [
    Terrain(),
    Terrain("wall", blocks_move=True, blocks_sight=True, cover="high"),
    Terrain("smoke", blocks_sight=True),
    Terrain("low", cover="low"),
    Terrain("crate", cover="high", blocks_move=True),
]


class Pairwise:
    """A board that is no `BoardBase`: every question passed on, so sight is asked pair by pair."""

    def __init__(self, board: Any) -> None:
        self._board = board

    def __getattr__(self, name: str) -> Any:
        return getattr(self._board, name)


@st.composite
def boards(draw: st.DrawFn) -> Any:
    """A random board of up to 16×16 tiles, as a TerrainBoard or a GridBoard."""
    width, height = draw(st.integers(1, 16)), draw(st.integers(1, 16))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kinds = rng.choice(len(PALETTE), size=(height, width), p=[0.7, 0.1, 0.05, 0.1, 0.05])
    board = TerrainBoard(kinds, PALETTE, draw(st.sampled_from([1.0, 1.5, 0.7, 2.5])))
    if not draw(st.booleans()):
        return board
    tiles = [(x, y) for y in range(height) for x in range(width)]
    return GridBoard(
        width,
        height,
        board.metres_per_tile,
        move_blockers=[t for t in tiles if board.blocks_move(t)],
        sight_blockers=[t for t in tiles if board.blocks_sight(t)],
        cover={t: board.cover_at(t) for t in tiles if board.cover_at(t) != "none"},
    )


def gun(short: float) -> Weapon:
    return Weapon(
        "gun", WeaponClass.MISSILE, missile_kind=MissileKind.SLUG, ranges=(short, 2 * short, 4 * short)
    )


@settings(max_examples=150, deadline=None)
@given(board=boards(), data=st.data())
def test_overwatch_arcs_and_suppression_cones_equal_the_pairwise_answers(
    board: Any, data: st.DataObject
) -> None:
    tiles = [(x, y) for y in range(board.height) for x in range(board.width)]
    here = data.draw(st.sampled_from(tiles))
    there = data.draw(st.sampled_from(tiles))
    weapon = gun(data.draw(st.sampled_from([1.0, 2.0, 3.5, 6.0])))
    facing = data.draw(st.integers(0, 7))
    assert isinstance(sight_within(board, here, 24.0), SightMap)
    assert isinstance(sight_within(Pairwise(board), here, 24.0), PairSight)
    assert watched_tiles(board, here, facing, weapon) == watched_tiles(Pairwise(board), here, facing, weapon)
    assert cone_tiles(board, here, there, weapon) == cone_tiles(Pairwise(board), here, there, weapon)


@settings(max_examples=100, deadline=None)
@given(board=boards(), data=st.data())
def test_a_sight_map_on_any_board_equals_the_rules(board: Any, data: st.DataObject) -> None:
    tiles = [(x, y) for y in range(board.height) for x in range(board.width)]
    origin = data.draw(st.sampled_from(tiles))
    sight = sight_from(board, origin, 24 * board.metres_per_tile)  # the whole board
    for tile in tiles:
        assert sight.sees(tile) == board.line_of_sight(origin, tile)
        assert sight.cover_of(tile) == board.cover_between(origin, tile)
    near = {
        (x + dx, y + dy)
        for x, y in tiles
        if board.cover_at((x, y)) != "none"
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    }
    assert tiles_near_cover(board) == sorted(t for t in near if board.in_bounds(t))


ON = RuleOptions({"hit_locations", "cover", "body_cover"})


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_exposed_parts_overlay_equals_the_pairwise_answers(data: st.DataObject) -> None:
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    cover: dict[Tile, str] = {}
    walls: list[Tile] = []
    for _ in range(30):
        tile = (int(rng.integers(0, 16)), int(rng.integers(0, 12)))
        if rng.random() < 0.3:
            walls.append(tile)
        else:
            cover[tile] = str(rng.choice(["low", "high"]))
    cast = Cast(width=16, height=12, cover=cover, walls=walls)
    spots = [(int(rng.integers(0, 16)), int(rng.integers(0, 12))) for _ in range(50)]
    spot = next((t for t in spots if t not in cover and t not in walls), (0, 0))
    cover.pop(spot, None)
    cast.add("Alex", spot, "a", weapons=(gun(data.draw(st.sampled_from([2.0, 4.0, 10.0]))),))
    (overlay,) = [o for o in module_overlays(ON) if o.name == "exposed"]
    fast = overlay.marks(OverlayAsk(cast.world, cast.board, ON, cast["Alex"], spot, 2, None, {}))
    slow = overlay.marks(OverlayAsk(cast.world, Pairwise(cast.board), ON, cast["Alex"], spot, 2, None, {}))
    assert list(fast.tiles.items()) == list(slow.tiles.items())
