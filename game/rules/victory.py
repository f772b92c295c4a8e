"""Who has won: a side wins when every enemy is Defeated or dead (RULES.md §7)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.positions import combatants, is_active
from game.world import Side, World


@dataclass(frozen=True)
class Outcome:
    """The state of the battle: still going, won by a side, or drawn."""

    over: bool
    winner: str | None = None

    def text(self) -> str:
        """One line for the log."""
        if not self.over:
            return "The battle goes on"
        return f"{self.winner} win the battle" if self.winner else "Nobody is left standing: a draw"


def winner(world: World) -> Outcome:
    """Sides with a combatant still able to act; one left wins, none is a draw."""
    standing = {world.get(e, Side).name for e in combatants(world) if is_active(world, e)}
    if len(standing) > 1:
        return Outcome(False)
    return Outcome(True, next(iter(standing), None))
