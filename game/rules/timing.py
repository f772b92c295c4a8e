"""The Timing Stage (CO.01; RULES.md §4): who acts in which order this round.

Each combatant rolls d12 + Timing; ties are re-rolled among the tied alone, until none is
left.  The best goes first in the Resolution Stage and declares last in the Strategy Stage.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.dice import Dice
from game.rules.events import Event, TimingRolled
from game.rules.positions import name_of
from game.rules.stats import skill_roll
from game.world import World

TIMING_ROLL = "Timing"
"""The purpose of each combatant's Timing roll in its dice key ("Omar:Timing")."""


def roll_timing(world: World, dice: Dice, actors: Sequence[int]) -> tuple[list[int], list[Event]]:
    """Timing Stage: d12 + Timing each; ties re-rolled among the tied only.  Best first."""
    events: list[Event] = []

    def timing_of(eid: int) -> int:
        return skill_roll(world, eid, "timing", None).total

    def rank(group: Sequence[int], reroll: int) -> list[int]:
        scores = {}
        for eid in group:
            name = name_of(world, eid)
            die = dice.roll(12, f"{name}:{TIMING_ROLL}")
            scores[eid] = die + timing_of(eid)
            events.append(TimingRolled(name, die, timing_of(eid), scores[eid], reroll))
        ordered: list[int] = []
        for score in sorted(set(scores.values()), reverse=True):
            tied = [eid for eid in group if scores[eid] == score]
            ordered += tied if len(tied) == 1 else rank(tied, reroll + 1)
        return ordered

    return rank(list(actors), 0), events


def declaration_order(timing: Sequence[int]) -> list[int]:
    """The Strategy Stage's order from the Timing order (best first): worst Timing declares
    first, so each declarer sees every earlier declaration and the best declares last."""
    return list(reversed(timing))
