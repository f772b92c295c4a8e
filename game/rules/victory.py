"""Who has won: a side wins when every enemy is Defeated, dead or fled off the map (RULES.md §7)."""

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
        return f"Victory for {self.winner}" if self.winner else "The battle ends in a draw"


def winner(world: World) -> Outcome:
    """Sides with a combatant still able to act; one left wins, none is a draw."""
    standing = {world.get(e, Side).name for e in combatants(world) if is_active(world, e)}
    if len(standing) > 1:
        return Outcome(False)
    return Outcome(True, next(iter(standing), None))


@dataclass(frozen=True)
class Victory:
    """A scenario's victory condition.

    "eliminate": a side wins when every enemy is Defeated, dead or fled off the map.
    "survive": `side` wins if any of it still stands after `rounds` rounds
    (and by elimination before that, like everyone else).
    """

    kind: str = "eliminate"
    side: str | None = None
    rounds: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("eliminate", "survive"):
            raise ValueError(f"unknown victory kind {self.kind!r} (eliminate or survive)")
        if self.kind == "survive" and (not self.side or self.rounds < 1):
            raise ValueError("a survive victory needs a side and a number of rounds ≥ 1")

    def decide(self, world: World, rounds_played: int) -> Outcome:
        """The outcome after `rounds_played` resolved rounds."""
        result = winner(world)
        if result.over or self.kind != "survive" or rounds_played < self.rounds:
            return result
        standing = {world.get(e, Side).name for e in combatants(world) if is_active(world, e)}
        return Outcome(True, self.side if self.side in standing else None)

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        if self.kind == "eliminate":
            return {"kind": "eliminate"}
        return {"kind": self.kind, "side": self.side, "rounds": self.rounds}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Victory:
        """Inverse of `to_dict`."""
        return cls(str(data.get("kind", "eliminate")), data.get("side"), int(data.get("rounds", 0)))  # type: ignore[arg-type, call-overload]

    def text(self) -> str:
        """For briefings."""
        if self.kind == "survive":
            return (
                f"{self.side} wins by holding out for {self.rounds} rounds; the others win by defeating them."
            )
        return "Defeat every enemy."
