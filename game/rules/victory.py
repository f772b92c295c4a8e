"""Who has won: a side wins when every enemy is Defeated, dead or fled off the map (RULES.md §7)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.positions import combatants, is_active
from game.world import Condition, Side, World


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


KINDS = ("eliminate", "survive", "escape")
"""The victory conditions a scenario may name."""


@dataclass(frozen=True)
class Victory:
    """A scenario's victory condition.

    "eliminate": a side wins when every enemy is Defeated, dead or fled off the map.
    "survive": `side` wins if any of it still stands after `rounds` rounds
    (and by elimination before that, like everyone else).
    "escape": `side` wins as soon as one of its combatants flees off the map (RULES.md §7);
    the others win by Defeating it first, or when `rounds` rounds pass without an escape
    (`rounds` 0: no clock but the round limit).
    """

    kind: str = "eliminate"
    side: str | None = None
    rounds: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown victory kind {self.kind!r} ({', '.join(KINDS)})")
        if self.kind == "survive" and (not self.side or self.rounds < 1):
            raise ValueError("a survive victory needs a side and a number of rounds ≥ 1")
        if self.kind == "escape" and not self.side:
            raise ValueError("an escape victory needs the side that escapes")

    def decide(self, world: World, rounds_played: int) -> Outcome:
        """The outcome after `rounds_played` resolved rounds."""
        if self.kind == "escape" and any(
            world.get(e, Condition).fled and world.get(e, Side).name == self.side for e in combatants(world)
        ):
            return Outcome(True, self.side)  # before elimination: its last one may just have fled
        result = winner(world)
        if result.over or self.kind == "eliminate" or not self.rounds or rounds_played < self.rounds:
            return result
        standing = {world.get(e, Side).name for e in combatants(world) if is_active(world, e)}
        if self.kind == "survive":
            return Outcome(True, self.side if self.side in standing else None)
        others = standing - {self.side}  # the clock ran out on the escape: the hunters win
        return Outcome(True, next(iter(others)) if len(others) == 1 else None)

    def last_round(self, max_rounds: int | None) -> int | None:
        """The round after which the battle is decided at the latest: a survive or escape
        victory's clock, or the round limit (a draw), whichever comes first; None: neither."""
        if self.kind in ("survive", "escape") and self.rounds:
            return min(max_rounds, self.rounds) if max_rounds else self.rounds
        return max_rounds

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
        if self.kind == "escape":
            clock = f" within {self.rounds} rounds" if self.rounds else ""
            return (
                f"{self.side} wins when one of it flees off the map{clock} (step off from an edge tile); "
                "the others win by stopping them."
            )
        if self.kind == "survive":
            return (
                f"{self.side} wins by holding out for {self.rounds} rounds; the others win by defeating them."
            )
        return "Defeat every enemy."
