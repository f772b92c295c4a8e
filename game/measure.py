"""Measured speed figures: what `python -m game bench` prints, shared by every section.

Each package measures its own work (board geometry, the battle screen's frame,
the AI) and returns `Figure`s; the bench command only prints them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """One measured figure: what, its median in milliseconds, and the target if any."""

    label: str
    median_ms: float
    target_ms: float | None = None


def median_ms(action: Callable[[], object], repeat: int) -> float:
    """Median wall time of `action` in milliseconds, after one warm-up call."""
    action()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000
