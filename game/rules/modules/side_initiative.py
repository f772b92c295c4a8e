"""The side initiative module (RULES.md §8; seed 002 "Basics"): on the first round a d4 says
which side acts first.

002: "the GM rolls a D4 to determine which side begins the first combat round;
if the result is 1-2 the enemies act first, if the result is 3-4 the PC's act
first.  The order of actions within those parties are then determined by their
Agility skill value" — and from the second round on, by everyone's.

On the grid:
- The first side is the side of the first combatant listed (the scenario's
  first side; in the sandbox, the first combatant's).  The d4 is nobody's
  roll: dice key "Sides:Initiative".  1–2: the other side (every other side,
  should there be more than two) acts first; 3–4: the first side does.
- Everyone still rolls Timing (d12 + Timing).  The side that acts first is put
  ahead of the others in the Timing order, each side keeping its own members
  in the order of their Timing rolls.
- "Acts first" is the better Timing, in both stages that Timing orders: that
  side *declares last* in the Strategy Stage (worst Timing declares first, so
  it sees every enemy declaration) and *moves and resolves first* in the
  Modifier and Resolution Stages (best first).
- Later rounds use everyone's Timing rolls.  A Timing order fixed by a sandbox
  round is the GM's final word and is not regrouped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.i18n import N_
from game.rules.api.modules import RulesModule
from game.rules.events import Event
from game.rules.positions import combatants
from game.rules.registry import register_module
from game.world import Side

if TYPE_CHECKING:
    from game.rules.api.port import RoundPort

NAME = "side_initiative"
KEY = "Sides:Initiative"
SIDES = 4
FIRST_SIDE_FROM = 3
"""The lowest d4 roll with which the first side acts first (002: 3–4 the PCs)."""


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """The first round's side initiative: `Side initiative: d4 3: Town Guard acts first`."""

    kind: ClassVar[str] = "initiative_rolled"
    die: int
    first_side: str
    acting: tuple[str, ...]

    def text(self) -> str:
        who = " and ".join(self.acting)
        low, high = f"1\u2013{FIRST_SIDE_FROM - 1}", f"{FIRST_SIDE_FROM}\u2013{SIDES}"
        rule = f"{high}: the first side, {self.first_side}; {low}: the other"
        then = "declaring last and resolving first"
        return f"Side initiative: d{SIDES} {self.die} ({rule}): {who} first, {then}"


def sides_in_order(world_sides: Sequence[str]) -> list[str]:
    """Each side once, in the order first met."""
    return list(dict.fromkeys(world_sides))


@register_module
class SideInitiative(RulesModule):
    """Side initiative (seed 002): on the first round a d4 says which side acts first."""

    name = NAME
    listing = 140
    label = N_("Side initiative")
    source = "RULES.md §8; seed 002 (Basics)"
    shared_dice = {KEY: SIDES}
    help = (
        f"round 1: d4, {FIRST_SIDE_FROM}\u2013{SIDES} the first side acts first, else the other; "
        "Timing orders each side, then everyone from round 2"
    )
    hint = N_(
        "On the first round a d4 decides which side acts first: that side declares last and resolves "
        "first. From the second round on, Timing alone orders everyone."
    )

    def regroup_timing(self, rnd: RoundPort, timing: Sequence[int]) -> tuple[list[int], list[Event]] | None:
        """Round 1: the d4, then the side acting first ahead of the others, each side in its
        Timing order."""
        world = rnd.world
        if rnd.number != 1:
            return None
        side_of = {eid: world.get(eid, Side).name for eid in combatants(world)}
        sides = sides_in_order([side_of[e] for e in combatants(world)])
        if len({side_of[e] for e in timing}) < 2:
            return None  # one side alone: nobody to act before
        die = rnd.dice.roll(SIDES, KEY)
        first = sides[0]
        standing = {side_of[e] for e in timing}
        acting = [first] if die >= FIRST_SIDE_FROM else [s for s in sides[1:] if s in standing]
        ahead = [e for e in timing if side_of[e] in acting]
        behind = [e for e in timing if side_of[e] not in acting]
        return ahead + behind, [InitiativeRolled(die, first, tuple(acting))]
