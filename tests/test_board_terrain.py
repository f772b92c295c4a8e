"""TerrainBoard: the per-tile answers, and the rules engine playing on it unchanged."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from game.board.terrain import OPEN, Terrain, TerrainBoard
from game.board.tiled import load_map
from game.rules.board import BoardBase
from game.rules.dice import ScriptedDice
from game.rules.events import Moved, Rolled
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from tests.builders import BLASTER, Cast

ROOT = Path(__file__).resolve().parent.parent


def test_per_tile_answers_and_off_the_map() -> None:
    board = TerrainBoard.from_rows([".#", "l~"], metres_per_tile=2.0)
    assert isinstance(board, BoardBase)
    assert (board.width, board.height, board.metres_per_tile) == (2, 2, 2.0)
    assert board.blocks_move((1, 0)) and board.blocks_sight((1, 0))
    assert board.cover_at((0, 1)) == "low" and board.move_cost((1, 1)) == 2.0
    # Off the map: blocked, sight-blocking, no cover, endless cost; numpy never wraps around.
    for tile in [(-1, 0), (0, -1), (2, 0), (0, 2)]:
        assert board.blocks_move(tile) and board.blocks_sight(tile)
        assert board.cover_at(tile) == "none" and board.move_cost(tile) == math.inf
        assert board.step_metres((0, 0), tile) is None
    with pytest.raises(IndexError):
        board.terrain_at((5, 5))
    assert board.terrain_counts()[0][1] == 1
    assert not board.move_costs.flags.writeable  # boards never change, so caches stay true


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError):
        TerrainBoard(np.zeros((0, 3), int), [OPEN])
    with pytest.raises(ValueError):
        TerrainBoard(np.ones((2, 2), int), [OPEN])
    with pytest.raises(ValueError):
        TerrainBoard(np.zeros((2, 2), int), [OPEN], metres_per_tile=0)
    with pytest.raises(ValueError):
        Terrain("x", move_cost=0)
    with pytest.raises(ValueError):
        Terrain("x", cover="medium")
    with pytest.raises(ValueError, match="unknown terrain symbols"):
        TerrainBoard.from_rows(["?"])


def test_the_rules_play_a_round_on_a_loaded_map() -> None:
    # The bundled map: 1.5 m tiles; woods at (4, 13) and (5, 13).
    board = load_map(ROOT / "maps" / "skirmish.tmx").board
    cast = Cast()
    cast.board = board  # type: ignore[assignment]
    cast.add("Shooter", (0, 11), "red", weapons=(BLASTER,), missile_beam=10)
    cast.add("Hiding", (7, 11), "blue", movement=4)
    # The low wall at (5, 11) stands between the shooter and (6, 11).
    assert board.cover_between((0, 11), (6, 11)) == "low"
    orders = {
        cast["Hiding"]: cast.order("Hiding", path=((6, 11),)),
        cast["Shooter"]: cast.order("Shooter", cast.act(K.MISSILE_STRIKE, "Hiding")),
    }
    dice = ScriptedDice(keyed={"Shooter:Missile Strike": [3]})
    events = play_round(
        cast.world, board, dice, orders, timing_order=[cast["Hiding"], cast["Shooter"]],
        options=RuleOptions.battlefield(),
    )  # fmt: skip
    moved = next(e for e in events if isinstance(e, Moved))
    assert moved.path[-1] == (6, 11) and moved.metres == 1.5
    shot = next(e for e in events if isinstance(e, Rolled) and e.actor == "Shooter")
    assert "Low Cover" in shot.breakdown.text()
