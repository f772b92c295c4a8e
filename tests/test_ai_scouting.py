"""Looking for the enemy under fog of war, with a memory of what the side has seen.

Without one, a side that saw no enemy walked toward the middle of what it did not see *now*,
which moved as it walked: the night ambush's garrison paced between two spots for 25 rounds
and the battle against the random AI was drawn at its 40-round limit.
"""

from __future__ import annotations

import numpy as np

from game.ai.scouting import NEVER, SightMemory, scout_goal
from game.ai.simulate import _roster, play_battle
from game.content.scenarios import find_scenario
from game.rules.fog import Ghost, SideView


def _strip(width: int = 10) -> tuple[np.ndarray, np.ndarray]:
    """A 1-tile-high strip [y, x]: every tile walkable, the walk the metres from x = 5."""
    unseen = np.ones((1, width), dtype=bool)
    walk = np.abs(np.arange(width, dtype=float) - 5)[None, :]
    return unseen, walk


def test_it_looks_where_the_side_has_never_looked_before_where_it_looked_lately() -> None:
    unseen, walk = _strip()
    unseen[0, 4:7] = False  # what it sees now, around x = 5
    seen_at = np.full(unseen.shape, NEVER)
    seen_at[0, :4] = 3  # the west, seen a round ago
    assert scout_goal(unseen, walk, seen_at, []) == ((7, 0), None)  # the nearest of the east
    seen_at[0, 7:] = 2  # the east seen before the west: it is the staler
    assert scout_goal(unseen, walk, seen_at, []) == ((7, 0), None)
    seen_at[0, 7:] = 4
    assert scout_goal(unseen, walk, seen_at, []) == ((3, 0), None)


def test_it_searches_around_a_ghost_only_where_it_has_not_looked_since() -> None:
    unseen, walk = _strip()
    unseen[0, 4:7] = False
    ghost = Ghost(eid=9, name="Kai", tile=(1, 0), facing=0, round=3)
    seen_at = np.full(unseen.shape, NEVER)
    assert scout_goal(unseen, walk, seen_at, [ghost]) == ((1, 0), ghost)
    seen_at[0, :3] = 4  # looked at after he was seen there: nobody
    assert scout_goal(unseen, walk, seen_at, [ghost]) == ((3, 0), ghost)
    seen_at[0, :4] = 4
    assert scout_goal(unseen, walk, seen_at, [ghost]) == ((7, 0), ghost)  # farther out from him
    seen_at[0, 7:] = 5
    # Every tile looked at since he was seen: the ghost has told all it could; the staler ground.
    assert scout_goal(unseen, walk, seen_at, [ghost]) == ((3, 0), None)


def test_nothing_unseen_gives_no_goal() -> None:
    unseen, walk = _strip()
    assert scout_goal(np.zeros_like(unseen), walk, None, []) is None


def _view(tiles: np.ndarray, round_number: int) -> SideView:
    return SideView("a", round_number, tiles, frozenset(), frozenset(), {})


def test_the_memory_keeps_the_round_of_each_tile_and_starts_again_with_a_new_battle() -> None:
    memory = SightMemory()
    assert memory.seen_at is None
    first = np.zeros((2, 3), dtype=bool)
    first[0, 0] = True
    memory.record(_view(first, 1))
    second = np.zeros((2, 3), dtype=bool)
    second[1, 2] = True
    memory.record(_view(second, 2))
    assert memory.seen_at is not None
    assert memory.seen_at.tolist() == [[1, NEVER, NEVER], [NEVER, NEVER, 2]]
    memory.record(_view(first, 1))  # round 1 again: another battle
    assert memory.seen_at.tolist() == [[1, NEVER, NEVER], [NEVER, NEVER, NEVER]]


def test_the_garrison_of_the_night_ambush_hunts_instead_of_pacing() -> None:
    """`simulate battles --sides ai:hard,ai:random --seed 7357`, battle 21: hard held the
    garrison, and it walked back and forth for 25 rounds, drawn at round 40."""
    result = play_battle(
        find_scenario("night_ambush"), 7367, ["ai:hard", "ai:random"], True, 21, _roster(None)
    )
    assert result.winner == 0
    assert result.rounds < 30
    assert result.undone[0] == 0
