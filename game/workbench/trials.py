"""The round resolved: once (for the window to animate), or N times headless to show the
distribution of what happens.

Every run plays the position's round through the rules' own `play_round` on a copy of the
world, with `SeededDice(seed + k)` for run k, so a distribution is exactly reproducible and run
0 is what `python -m game resolve` plays from the saved sandbox file.  The distribution is read
from the events and the world each run ends with: how often each declared action succeeded
(beside its exact forecast), the Injuries each combatant took, who was Defeated or killed, who
acted first, and where everyone ended up.  `Trials.step` plays a bounded number of runs at a
time, so the window stays responsive and shows progress.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from game.core.geometry import Tile
from game.rules.dice import ScriptedDice, SeededDice
from game.rules.events import ActionNullified, Event, Rolled, TimingOrderSet
from game.rules.orders import Order
from game.rules.positions import name_of, tile_of
from game.rules.round import OrderRejected, play_round
from game.rules.summary import describe_action
from game.workbench.plans import declared, forecast_cases, ready_problem
from game.workbench.setup import Setup
from game.world import Condition, World

MAX_RUNS = 100_000  # runs one distribution may ask for
SUCCESSES = frozenset({"success", "hit", "general hit"})  # the rolled outcomes that count as success
CALLED = ", Called Shot"  # how a Called Shot's roll is named after its action ("Strike, Called Shot (head)")


def resolve_once(setup: Setup, seed: int | None = None, scripted: bool = True) -> tuple[World, list[Event]]:
    """Play the round once on a copy of the world; returns (the world after, its events).

    The position's scripted dice answer first (when `scripted`), then `SeededDice(seed)`.
    OrderRejected if the rules refuse an order (never when `ready_problem` is "")."""
    world = setup.world.copy()
    fallback = SeededDice(setup.seed if seed is None else seed)
    dice = ScriptedDice((), setup.dice, fallback) if scripted and setup.dice else fallback
    events = play_round(world, setup.board, dice, declared(setup), 1, setup.timing, setup.options)
    return world, events


@dataclass
class ActionRow:
    """One kind of action a combatant declared on one target (two Strikes on Niles are one row):
    how often it was rolled, succeeded, or was nullified; the forecast's expected successes."""

    actor: str
    label: str  # the action's label, as its events name it ("Strike")
    target: str | None
    text: str  # "Strike on Serena"
    expected: Fraction | None  # Σ of the forecast's success chances; None: it depends on Timing
    declared: int = 0
    successes: int = 0
    rolled: int = 0
    nullified: int = 0

    @property
    def title(self) -> str:
        """ "Niles: Strike on Serena" (× 2 when declared twice)."""
        times = f" × {self.declared}" if self.declared > 1 else ""
        return f"{self.actor}: {self.text}{times}"


@dataclass
class CombatantTally:
    """What the runs did to one combatant."""

    name: str
    start: Tile
    injuries: Counter[int] = field(default_factory=Counter)  # Injuries taken → runs
    defeated: int = 0  # runs that left it Defeated (and alive) when it was not before
    killed: int = 0
    first: int = 0  # runs in which it had the best Timing
    ends: Counter[Tile] = field(default_factory=Counter)

    def expected_injuries(self, runs: int) -> float:
        """Mean Injuries taken per run."""
        return sum(k * n for k, n in self.injuries.items()) / runs if runs else 0.0


@dataclass
class Distribution:
    """The tallies of every run so far."""

    runs: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    actions: list[ActionRow] = field(default_factory=list)
    combatants: dict[int, CombatantTally] = field(default_factory=dict)

    def rate(self, count: int) -> float:
        """A count as a share of the runs played."""
        return count / self.runs if self.runs else 0.0


class Trials:
    """N runs of the position's round, played a few at a time."""

    def __init__(self, setup: Setup, runs: int, seed: int | None = None) -> None:
        problem = ready_problem(setup)
        if problem:
            raise ValueError(problem)
        if not 1 <= runs <= MAX_RUNS:
            raise ValueError(f"runs must be from 1 to {MAX_RUNS}")
        self.setup = setup
        self.total = runs
        self.seed = setup.seed if seed is None else seed
        self.orders = declared(setup)
        self.result = Distribution(combatants=_tallies(setup))
        self.result.actions = _rows(setup)
        self._index = {(r.actor, r.label, r.target): r for r in self.result.actions}
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        """Whether every run has been played."""
        return self.result.runs >= self.total

    @property
    def progress(self) -> float:
        """0..1 of the runs played."""
        return self.result.runs / self.total

    def step(self, runs: int = 50, seconds: float | None = None) -> int:
        """Play up to `runs` more runs (stopping early once `seconds` have passed); returns how
        many were played."""
        started = time.perf_counter()
        played = 0
        while not self.done and played < runs:
            self._play(self.result.runs)
            played += 1
            if seconds is not None and time.perf_counter() - started >= seconds:
                break
        self.elapsed += time.perf_counter() - started
        return played

    def run_all(self) -> Distribution:
        """Play every run left (for tests and the command line)."""
        while not self.done:
            self.step(self.total)
        return self.result

    def _play(self, k: int) -> None:
        setup = self.setup
        world = setup.world.copy()
        result = self.result
        result.runs += 1
        try:
            events = play_round(
                world, setup.board, SeededDice(self.seed + k), self.orders, 1, setup.timing, setup.options
            )
        except OrderRejected as err:  # the rules refused an order in this run's Timing order
            result.refused[str(err)] += 1
            return
        self._count(events)
        for eid, tally in result.combatants.items():
            before, after = setup.world.get(eid, Condition), world.get(eid, Condition)
            tally.injuries[after.injuries - before.injuries] += 1
            tally.defeated += after.defeated and not after.dead and not before.defeated
            tally.killed += after.dead and not before.dead
            tally.ends[tile_of(world, eid)] += 1

    def _count(self, events: list[Event]) -> None:
        firsts = {t.name: e for e, t in self.result.combatants.items()}
        for event in events:
            if isinstance(event, TimingOrderSet) and event.order:
                eid = firsts.get(event.order[0])
                if eid is not None:
                    self.result.combatants[eid].first += 1
            elif isinstance(event, Rolled):
                row = self._index.get((event.actor, event.action.split(CALLED)[0], event.target))
                if row is not None:
                    row.rolled += 1
                    row.successes += event.outcome in SUCCESSES
            elif isinstance(event, ActionNullified):
                row = self._index.get((event.actor, event.action, event.target))
                if row is not None:
                    row.nullified += 1


def _tallies(setup: Setup) -> dict[int, CombatantTally]:
    world = setup.world
    return {e: CombatantTally(name_of(world, e), tile_of(world, e)) for e in setup.living}


def _rows(setup: Setup) -> list[ActionRow]:
    """A row for each kind of action each order declares on each target, with the forecast."""
    world = setup.world
    rows: dict[tuple[str, str, str | None], ActionRow] = {}
    for eid, order in declared(setup).items():
        for action in order.actions:
            label = action.kind.label
            target = name_of(world, action.target) if action.target is not None else None
            key = (name_of(world, eid), label, target)
            if key not in rows:
                text = describe_action(world, action).split(" (Called Shot")[0]
                rows[key] = ActionRow(
                    key[0], label, target, text, _expected(setup, order, action.target, label)
                )
            rows[key].declared += 1
    return list(rows.values())


def _expected(setup: Setup, order: Order, target: int | None, label: str) -> Fraction | None:
    """Σ of the forecast's success chances of the order's actions of that label on that target
    (None when it depends on who has the better Timing)."""
    cases = forecast_cases(setup, order, target)
    if len(cases) != 1:
        return None
    return sum(
        (
            fc.success
            for fc in cases[0].forecasts
            if fc.action.kind.label == label and fc.action.target == target
        ),
        Fraction(0),
    )
