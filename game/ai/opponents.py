"""Reading the opponent: how readily each enemy side attacks when it could.

A strong player watches the other side.  One that keeps its units back,
Dodges in the open and Sprints past a wounded foe is less dangerous than the
best reply it could make, and standing off from it turns a won battle into a
draw at the round limit.  So the AI keeps, for each enemy side, the orders
it declared *after* one of ours (what the AI fears is the enemies still to
declare, who see its order: an enemy that only holds back when it declares
first, and strikes at the back when it declares last, is not timid) in which
it could have attacked one of ours: one of ours ended its declared move
within the enemy's normal move and reach, or within range and sight of its
missile weapon.  Of those, the share that named one of ours in an attack is
the side's *boldness*.  Those orders are public: the battle log shows each
round's orders once the round is declared, and the view carries last round's.

It starts from the boldness of sensible play (`SENSIBLE`, as if `PRIOR`
such chances had been seen, all taken at that rate), so one round tells it
little; and its *wariness*, the share of the usual threat it fears from that
side, is the boldness against sensible play's, never above 1 and never below
`FLOOR`: a side that has held back may still strike.  The scoring
(`game.ai.scoring`) scales the threat of the enemies still to declare, the
replies it guessed for them and next round's danger by it.

The reading lives in the controller, like a player's memory of the battle so
far (where everyone stood as each round began).  A controller made for a battle
played on from a save is first shown the rounds it missed (`witness`, called by
`game.session.flow.Session`), so it reads what it would have read without the save.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.rules.orders import Order
from game.rules.registry import OFFENSIVE

if TYPE_CHECKING:
    from game.ai.knowledge import Knowledge

SENSIBLE = 0.75  # share of its chances a sensible side takes (hard and normal, measured on the bundle)
PRIOR = 3.0  # chances assumed seen at that rate before the battle
FLOOR = 0.35  # the least share of the usual threat feared from any side


@dataclass
class Boldness:
    """What one enemy side has shown: chances to attack one of ours, and attacks made."""

    chances: int = 0
    attacks: int = 0

    @property
    def rate(self) -> float:
        """The share of its chances it took, the prior counted in."""
        return (PRIOR * SENSIBLE + self.attacks) / (PRIOR + self.chances)

    @property
    def wariness(self) -> float:
        """The share of the usual threat to fear from this side."""
        ratio = (PRIOR + self.attacks / SENSIBLE) / (PRIOR + self.chances)  # = rate / SENSIBLE, exact at 1
        return min(1.0, max(FLOOR, ratio))

    def words(self, side: str) -> str:
        """What it shows, for a player: "" while it is feared as much as sensible play."""
        if self.wariness >= 1.0:
            return ""
        chances = "1 chance" if self.chances == 1 else f"{self.chances} chances"
        return f"{side} attacked in {self.attacks} of {chances}: its threat counted ×{self.wariness:.2f}"


@dataclass(frozen=True)
class _Reach:
    """What one enemy could attack as a round began: its side, the tiles it could strike
    after a normal move, and where it stood with what missile weapon."""

    side: str
    zone: np.ndarray
    tile: Tile
    missile: Weapon | None


@dataclass(frozen=True)
class _RoundStart:
    """A round as it began, seen from our side: our combatants and where they stood, and
    what each enemy could reach."""

    ours: dict[int, Tile]
    enemies: dict[int, _Reach]


class OpponentRead:
    """The orders of enemy sides seen so far in a battle, and what they show."""

    def __init__(self) -> None:
        self._starts: dict[int, _RoundStart] = {}
        self._counted: set[int] = set()
        self.sides: dict[str, Boldness] = {}

    def observe(self, know: Knowledge, round_number: int, previous: Iterable[Order]) -> None:
        """Note how this round began, and read last round's orders (declared in that order).
        A round before one already seen is another battle: the reading starts afresh."""
        if self._starts and round_number < max(self._starts):
            self._starts.clear()
            self._counted.clear()
            self.sides.clear()
        if round_number not in self._starts:
            self._starts[round_number] = _round_start(know)
        last = round_number - 1
        start = self._starts.get(last)
        if start is None or last in self._counted:
            return
        self._counted.add(last)
        orders = list(previous)
        ends = dict(start.ours)
        for order in orders:
            if order.actor in ends and order.path:
                ends[order.actor] = order.path[-1]
        seen_ours = False
        for order in orders:
            if order.actor in start.ours:
                seen_ours = True
                continue
            could = start.enemies.get(order.actor)
            if not seen_ours or could is None or not any(_in_reach(know, could, t) for t in ends.values()):
                continue
            seen = self.sides.setdefault(could.side, Boldness())
            seen.chances += 1
            seen.attacks += int(any(a.kind in OFFENSIVE and a.target in ends for a in order.actions))


def _round_start(know: Knowledge) -> _RoundStart:
    ours = {u.eid: u.tile for u in (know.me, *know.allies)}
    enemies = {
        e.eid: _Reach(
            e.side, know.melee_zone(e.eid, e.tile), e.tile, e.missile if e.shot_kind is not None else None
        )
        for e in know.enemies
    }
    return _RoundStart(ours, enemies)


def _in_reach(know: Knowledge, could: _Reach, tile: Tile) -> bool:
    """Whether the enemy, as the round began, could attack one of ours ending at `tile`."""
    if could.zone[tile[1], tile[0]]:
        return True
    return could.missile is not None and know.shot_band(could.missile, could.tile, tile) is not None
