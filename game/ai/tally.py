"""A run's statistics folded battle by battle, so `simulate` keeps memory flat however many
battles it plays: each result is added and dropped.  `Tally(sides).summary()` is what
`simulate.summarize` returns for the same battles."""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

MAX_TIMES = 100_000  # decision times kept per entrant for the median; past it, a fair sample


class Tally:
    """Wins, draws, rounds, Injuries, actions, seats, pairs and decision times of a run."""

    def __init__(self, sides: list[str]) -> None:
        self.sides = sides
        self.n = 0
        self.wins = [0, 0]
        self.rounds = 0
        self.injuries = [0, 0]
        self.undone = [0, 0]  # rounds that undid the one before (`game.ai.dithering`)
        self.judged = [0, 0]
        self.rejected = 0
        self.per_scenario: dict[str, dict[str, int]] = {}
        self.declared: list[dict[str, int]] = [{}, {}]
        self.times: list[list[float]] = [[], []]
        self.seen_times = [0, 0]
        self.sampler = random.Random(0)  # (a fixed stream: the same run gives the same median)
        self.seats = [[0, 0, 0], [0, 0, 0]]  # by seat: battles, won, drawn
        self.pairs: dict[str, list[int]] = {}  # scenario → [won, tied, lost]
        self.waiting: Any = None  # the first battle of a pair, until its partner comes

    def add(self, r: Any) -> None:
        """Count one battle (results come in the order they were played)."""
        self.n += 1
        if r.winner in (0, 1):
            self.wins[r.winner] += 1
        side = r.winning_side
        tally = self.per_scenario.setdefault(r.scenario, {"first_side": 0, "second_side": 0, "draws": 0})
        key = "draws" if side is None else ("first_side", "second_side")[side] if side < 2 else "later_sides"
        tally[key] = tally.get(key, 0) + 1
        self.rounds += r.rounds
        self.rejected += r.rejected
        for e in range(2):
            self.injuries[e] += r.injuries[e]
            self.undone[e] += r.undone[e]
            self.judged[e] += r.judged[e]
            for kind, count in r.actions[e].items():
                self.declared[e][kind] = self.declared[e].get(kind, 0) + count
            for ms in r.decide_ms[e]:
                self._time(e, ms)
        seat = self.seats[r.seat]
        seat[0] += 1
        seat[1] += r.winner == 0
        seat[2] += r.winner is None
        self._pair(r)

    def _time(self, e: int, ms: float) -> None:
        # Reservoir sampling: every time so far equally likely to be among the kept.
        self.seen_times[e] += 1
        if len(self.times[e]) < MAX_TIMES:
            self.times[e].append(ms)
            return
        slot = self.sampler.randrange(self.seen_times[e])
        if slot < MAX_TIMES:
            self.times[e][slot] = ms

    def _pair(self, r: Any) -> None:
        first = self.waiting
        if first is None or first.index // 2 != r.index // 2:
            self.waiting = r if r.index % 2 == 0 else None
            return
        self.waiting = None
        score = sum(1.0 if b.winner == 0 else 0.5 if b.winner is None else 0.0 for b in (first, r))
        tally = self.pairs.setdefault(first.scenario, [0, 0, 0])
        tally[0 if score > 1 else 1 if score == 1 else 2] += 1

    def summary(self) -> dict[str, Any]:
        """The run's statistics (see `simulate.summarize`)."""
        n, wins, sides = self.n, self.wins, self.sides
        return {
            "entrants": [
                f"{sides[e]} (1st)" if sides[0] == sides[1] and e == 0 else sides[e] for e in range(2)
            ],
            "wins": list(wins),
            "win_rate": [round(w / n, 4) for w in wins],
            "draws": n - sum(wins),
            "mean_rounds": round(self.rounds / n, 2),
            "mean_injuries": [round(self.injuries[e] / n, 2) for e in range(2)],
            "rounds_undone": [
                {
                    "undone": self.undone[e],
                    "judged": self.judged[e],
                    "share": round(self.undone[e] / self.judged[e], 4) if self.judged[e] else 0.0,
                }
                for e in range(2)
            ],
            "median_decision_ms": [round(statistics.median(t), 2) if t else None for t in self.times],
            "rejected_orders": self.rejected,
            "actions_declared": [
                dict(sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))) for d in self.declared
            ],
            "side_wins": [
                sum(t[k] for t in self.per_scenario.values()) for k in ("first_side", "second_side")
            ],
            "per_scenario": self.per_scenario,
            "pairs": self.pair_outcomes(),
            "by_seat": self.seat_outcomes(),
        }

    def seat_outcomes(self) -> list[dict[str, Any]]:
        """The first-named AI's battles by the seat it played (see `simulate.seat_outcomes`)."""
        return [self._seat(*seat) for seat in self.seats]

    def pair_outcomes(self) -> dict[str, Any]:
        """The battles two by two, seen by the first-named AI (see `simulate.pair_outcomes`)."""
        won, tied, lost = (sum(t[k] for t in self.pairs.values()) for k in range(3))
        decided = won + lost
        low, high = wilson_interval(won, decided)
        return {
            "won": won,
            "tied": tied,
            "lost": lost,
            "decided_won": round(won / decided, 4) if decided else None,
            "interval": [round(low, 4), round(high, 4)],
            "by_scenario": {
                name: {"won": t[0], "tied": t[1], "lost": t[2]} for name, t in self.pairs.items()
            },
        }

    @staticmethod
    def _seat(battles: int, won: int, drawn: int) -> dict[str, Any]:
        low, high = wilson_interval(won, battles)
        return {
            "battles": battles,
            "won": won,
            "drawn": drawn,
            "lost": battles - won - drawn,
            "win_rate": round(won / battles, 4) if battles else None,
            "interval": [round(low, 4), round(high, 4)],
        }


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share (95 % for z = 1.96): sound near 0 and 1 and for
    small n, where the normal approximation is not; (0, 1) when nothing was counted."""
    if n <= 0:
        return 0.0, 1.0
    share = successes / n
    centre = share + z * z / (2 * n)
    spread = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)
