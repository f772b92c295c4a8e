"""Orders that undo the one before: a measure of an AI that dithers (issue 53).

A fighter that Retreats in one round and walks back to where it stood in the next has
spent two rounds going nowhere.  Over a battle, each combatant's tile at the end of every
round (its start tile first) is kept, and whether it attacked in that round; a round
*undoes* the one before when it ends on the tile the unit left a round earlier, having
been elsewhere in between without attacking from there (a shooter who steps out of cover
to shoot and back again, a fighter who strikes and withdraws, went there for a reason).
`simulate` counts, per entrant, the rounds judged (a unit
still in the fight, with two rounds behind it) and the ones undone.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from game.core.geometry import Tile


def undone_rounds(tiles: Sequence[Tile], attacked: Sequence[bool] = ()) -> tuple[int, int]:
    """(rounds undone, rounds judged) of one combatant's end-of-round tiles, its start tile
    first, and whether it attacked in each round (`attacked[r]`: the round that ended on
    `tiles[r]`): round r undoes round r − 1 when it ends where r − 2 ended and r − 1, which
    attacked nobody, did not."""
    judged = max(len(tiles) - 2, 0)

    def struck(r: int) -> bool:
        return r < len(attacked) and attacked[r]

    undone = sum(
        1 for r in range(2, len(tiles)) if tiles[r] == tiles[r - 2] != tiles[r - 1] and not struck(r - 1)
    )
    return undone, judged


class TileTrail:
    """Each combatant's end-of-round tiles through a battle, while it is in the fight."""

    def __init__(self) -> None:
        self.tiles: dict[int, list[Tile]] = {}
        self.attacked: dict[int, list[bool]] = {}

    def record(self, where: Mapping[int, Tile], attackers: Collection[int] = ()) -> None:
        """The tiles of the combatants still in the fight (the start, then after each round)
        and who attacked in the round that ended; a combatant no longer in `where` is judged
        no more."""
        for eid, tile in where.items():
            self.tiles.setdefault(eid, []).append(tile)
            self.attacked.setdefault(eid, []).append(eid in attackers)

    def count(self, eids: Sequence[int]) -> tuple[int, int]:
        """(rounds undone, rounds judged) over the combatants `eids`."""
        undone = judged = 0
        for eid in eids:
            u, j = undone_rounds(self.tiles.get(eid, ()), self.attacked.get(eid, ()))
            undone += u
            judged += j
        return undone, judged
