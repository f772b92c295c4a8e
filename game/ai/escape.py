"""Where a side that wins by escaping (Victory "escape") goes: off the map, or toward its edge.

The rules say when a flight is legal and how likely it is (`game.rules.flight`, the forecast's
`MoveOutcome.fled`); this only proposes end tiles, as `game.ai.candidates` does for attacks:
the nearest edge tile a walk, and a Sprint (a Retreat when engaged), can reach with the step
off to spare, fleeing; and the tiles of each that come nearest the edge, when it is out of
reach.  `game.ai.scoring` judges them (its `escape` and `edge` terms).
"""

from __future__ import annotations

import numpy as np

from game.ai.knowledge import Knowledge
from game.ai.levels import Level
from game.ai.spots import Spot, engaged_ok, free_tile, run_budget
from game.board.paths import metres_to_edge, metres_to_edge_avoiding
from game.core.geometry import Tile
from game.rules.flight import metres_needed, on_edge
from game.rules.movement import EPSILON
from game.rules.registry import movement_kind


def escape_spots(know: Knowledge, level: Level) -> list[Spot]:
    """Spots to flee from (a walk's, a run's) and to head for the edge from (`way_off`)."""
    me = know.me
    if me.rate <= 0:
        return []
    kind = movement_kind(know.options, bool(know.engaged))
    run = run_budget(know, bool(know.engaged))  # 0: the rules refuse it (lying prone …)
    budgets = [(float(me.rate), "walk"), (run, kind.value)] if run > me.rate else [(float(me.rate), "walk")]
    if know.engaged:
        budgets = [(run, kind.value)] if run else []  # only a Retreat leaves melee, off the map too
    field = way_off(know, level)
    spots: dict[tuple[Tile, bool], Spot] = {}
    for budget, mode in budgets:
        reach = know.reach_map(me.eid, budget)
        ends = [
            t for t in reach.iter_tiles() if free_tile(know, t) and (mode != "walk" or engaged_ok(know, t))
        ]
        off = [
            t
            for t in ends
            if on_edge(know.board, t)
            and metres_needed(know.board, reach.metres_to(t), True) <= budget + EPSILON
        ]
        if off:
            tile = min(off, key=lambda t: (reach.metres_to(t), t))
            spots.setdefault(
                (tile, True),
                Spot(tile, tuple(reach.path_to(tile) or ()), mode, "flee off the map", flee=True),
            )
        elif ends:
            near = np.array([field[t[1], t[0]] for t in ends])
            tile = ends[int(np.argmin(near))]
            if tile != me.tile:
                spots.setdefault(
                    (tile, False), Spot(tile, tuple(reach.path_to(tile) or ()), mode, "toward the edge")
                )
    return list(spots.values())


def way_off(know: Knowledge, level: Level) -> np.ndarray:
    """[y, x] walking metres from each tile to the map's edge where one may step off
    (`metres_to_edge`); for a level that weighs what the enemies do (normal, hard: its
    `threat_weight`), around the tiles they stand on or end their declared paths on: a hunter
    in a doorway shuts the way through it, and the plain distance would draw the runner up
    against him.  Where no way is left, inf everywhere: no tile is nearer
    the way off than another, and the runner is left to fight its way out.  Cached for the
    declaration."""
    plain = metres_to_edge(know.terrain)
    if not level.threat_weight or not know.enemies:
        return plain
    key = ("way off", know.actor)
    found = know.expect_cache.get(key)
    if found is None:
        held = np.zeros(plain.shape, bool)
        for enemy in know.enemies:
            x, y = know.planned(enemy.eid)
            held[y, x] = True
        found = metres_to_edge_avoiding(know.terrain, held)
        know.expect_cache[key] = found  # type: ignore[assignment]
    return found  # type: ignore[return-value]
