"""A battle in progress: world, board, dice, rounds and the record of orders.

Pure (no pygame): the game window, the AI runner, saves and replays all drive
a battle through this one object.  A battle is *initial state + seed +
orders*: `record` holds every accepted order in declaration order, so a
replay that declares the same orders gets the same events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.rules.board import Board
from game.rules.dice import SeededDice
from game.rules.events import BattleEnded, Event
from game.rules.fog import BattleFog, SideView, fog_on, sides_of
from game.rules.options import RuleOptions
from game.rules.orders import Order
from game.rules.positions import name_of
from game.rules.round import Round
from game.rules.victory import Outcome, Victory
from game.world import World


@dataclass
class RoundRecord:
    """What one round left behind: its orders (in declaration order) and events."""

    number: int
    orders: list[Order] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


class Battle:
    """Drives rounds on a world and board with seeded dice, and keeps the record."""

    def __init__(
        self,
        world: World,
        board: Board,
        seed: int,
        options: RuleOptions | None = None,
        max_rounds: int = 100,
        board_source: dict[str, Any] | None = None,
        meta: dict[str, Any] | None = None,
        victory: Victory | None = None,
    ) -> None:
        self.world = world
        self.board = board
        self.board_source = board_source or _grid_source(board)
        self.meta = dict(meta or {})
        self.victory = victory or Victory()
        self.seed = seed
        self.options = options or RuleOptions.battlefield()
        self.max_rounds = max_rounds
        self.dice = SeededDice(seed)
        self.initial = world.to_dict()
        self.records: list[RoundRecord] = []
        self.round: Round | None = None
        self.listeners: list[Callable[[Event], None]] = []
        # Fog of war: each side's memory, kept round by round (None when fog is off).
        self.fog: BattleFog | None = BattleFog(sides_of(world)) if fog_on(self.options) else None

    # ------------------------------------------------------------- state
    def restarted(self, seed: int | None = None) -> Battle:
        """The same battle from its start (initial state, board, options, round limit, meta,
        victory condition), with its own dice or, given `seed`, new ones."""
        return Battle(
            World.from_dict(self.initial),
            self.board,
            self.seed if seed is None else seed,
            self.options,
            self.max_rounds,
            self.board_source,
            dict(self.meta),
            self.victory,
        )

    @property
    def number(self) -> int:
        """The current (or last) round number; 0 before the first."""
        return len(self.records)

    @property
    def resolved_rounds(self) -> int:
        """How many rounds have been resolved (the current one, while under way, is not)."""
        return len(self.records) - (1 if self.round is not None else 0)

    def outcome(self) -> Outcome:
        """Won, drawn, or still going (a draw after `max_rounds`)."""
        result = self.victory.decide(self.world, self.resolved_rounds)
        if not result.over and self.number >= self.max_rounds and self.round is None:
            return Outcome(True, None)
        return result

    @property
    def over(self) -> bool:
        """Whether the battle has ended."""
        return self.outcome().over

    def events(self) -> list[Event]:
        """Every event so far, in order."""
        return [e for r in self.records for e in r.events]

    # ------------------------------------------------------------- rounds
    def start_round(self) -> Round:
        """Begin the next round (its Timing Stage is rolled at once)."""
        if self.round is not None:
            return self.round
        if self.over:
            raise RuntimeError("the battle is over")
        record = RoundRecord(self.number + 1)
        self.records.append(record)
        if self.fog is not None:
            self.fog.round_started(self.world, record.number)
        self.round = Round(self.world, self.board, self.dice, record.number, options=self.options)
        self._emit(record, self.round.events)
        return self.round

    @property
    def next_declarer(self) -> int | None:
        """Who must declare now (None between rounds or when all have declared)."""
        return self.round.next_declarer if self.round else None

    def declare(self, order: Order) -> list[str]:
        """Declare for the next declarer; returns reasons if the order is refused."""
        if self.round is None:
            return ["no round in progress"]
        before = len(self.round.events)
        problems = self.round.declare(order)
        if not problems:
            record = self.records[-1]
            record.orders.append(order)
            self._emit(record, self.round.events[before:])
        return problems

    def resolve(self) -> list[Event]:
        """Resolve the current round; returns its new events (and the battle's end)."""
        if self.round is None:
            raise RuntimeError("no round in progress")
        before = len(self.round.events)
        self.round.resolve()
        new = self.round.events[before:]
        self.round = None
        record = self.records[-1]
        if self.fog is not None:
            self.fog.round_resolved(self.board, [*record.events, *new], self.options)
        outcome = self.outcome()
        if outcome.over:
            new = [*new, BattleEnded(outcome.winner)]
        self._emit(record, new)
        return new

    # ------------------------------------------------------------- fog of war
    def view_for(self, side: str) -> SideView | None:
        """What `side` sees and knows now (`game.rules.fog`); None when fog is off (it sees
        everything)."""
        if self.fog is None:
            return None
        return self.fog.view(self.world, self.board, side, self.number, self.options)

    def events_for(self, side: str, number: int) -> list[Event]:
        """The events of round `number` (1 = the first) that `side` may see: every one when
        fog is off."""
        record = self.records[number - 1]
        if self.fog is None:
            return list(record.events)
        return self.fog.events(self.world, self.board, side, number, record.events, self.options)

    def play_round(self, declare: Callable[[int, Battle], Order]) -> list[Event]:
        """A whole round with a function choosing every order (AI runs, tests)."""
        rnd = self.start_round()
        while (eid := rnd.next_declarer) is not None:
            problems = self.declare(declare(eid, self))
            if problems:
                raise ValueError(f"{name_of(self.world, eid)}: {'; '.join(problems)}")
        self.resolve()
        return self.records[-1].events

    def _emit(self, record: RoundRecord, events: list[Event]) -> None:
        record.events.extend(events)
        for listener in self.listeners:
            for event in events:
                listener(event)

    # ------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, Any]:
        """Initial state, seed, options and every order: enough to replay."""
        return {
            "seed": self.seed,
            "options": self.options.to_dict(),
            "max_rounds": self.max_rounds,
            "board": self.board_source,
            "meta": self.meta,
            "victory": self.victory.to_dict(),
            "initial": self.initial,
            "rounds": [[o.to_dict() for o in r.orders] for r in self.records],
            "resolved_rounds": self.resolved_rounds,
        }


def _grid_source(board: Board) -> dict[str, Any]:
    """How to rebuild an in-memory board: its own JSON form, if it has one."""
    to_dict = getattr(board, "to_dict", None)
    return {"grid": to_dict()} if callable(to_dict) else {}
