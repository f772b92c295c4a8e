"""Measured speed figures: what `python -m game bench` prints, shared by every section.

Each package measures its own work (board geometry, the battle screen's frame,
the AI) and returns `Figure`s; the bench command only prints them.

Every figure keeps wall time and, where it was measured, the CPU time of the
measuring thread: on a shared machine another program stretches the wall
clock, not the CPU time, so targets are judged on CPU time when a figure has it.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


class Millis(float):
    """Wall milliseconds that also carry the CPU milliseconds measured with them.

    `median_ms` returns one, so a section that writes `Figure(label, median_ms(...))`
    gets the CPU figure without saying so.
    """

    cpu_ms: float

    def __new__(cls, wall_ms: float, cpu_ms: float) -> Millis:
        """Wall time `wall_ms`, with `cpu_ms` beside it."""
        made = super().__new__(cls, wall_ms)
        made.cpu_ms = cpu_ms
        return made


@dataclass(frozen=True)
class Figure:
    """One measured figure: what, its median in milliseconds (wall), the target if any,
    and the median CPU milliseconds of the measuring thread where measured."""

    label: str
    median_ms: float
    target_ms: float | None = None
    cpu_ms: float | None = None

    def __post_init__(self) -> None:
        # A Millis carries its CPU time: keep it unless the section gave one.
        if self.cpu_ms is None and isinstance(self.median_ms, Millis):
            object.__setattr__(self, "cpu_ms", self.median_ms.cpu_ms)
        object.__setattr__(self, "median_ms", float(self.median_ms))

    @property
    def judged_ms(self) -> float:
        """The time the target is judged on: CPU time where measured, else wall time."""
        return self.cpu_ms if self.cpu_ms is not None else self.median_ms

    def verdict(self) -> str | None:
        """'ok' or 'SLOW' against the target, or None without one."""
        if self.target_ms is None:
            return None
        return "ok" if self.judged_ms < self.target_ms else "SLOW"


def median_ms(action: Callable[[], object], repeat: int) -> Millis:
    """Median wall time of `action` in milliseconds, after one warm-up call, carrying the
    median CPU time of this thread over the same calls."""
    action()
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.thread_time()
        action()
        cpus.append(time.thread_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return Millis(statistics.median(walls) * 1000, statistics.median(cpus) * 1000)
