"""The forecast's arithmetic: distributions of d12 rolls and their sums.

Only the forecast (`game.rules.forecast`) and the specs' forecast hooks use
these; the UI and the AI ask the forecast, never compute a chance themselves.
Every function works in exact fractions (`one=ONE`, the default: what the
player is shown) or in floats (`one=1.0`: the AI's many quick looks); the
arithmetic is the same.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction

from game.core.modifiers import BEST_ROLL

Dist = dict[int, Fraction]
"""A distribution over integers: value → probability (a Fraction, or a float)."""
ONE = Fraction(1)
TWELFTH = Fraction(1, 12)


def chance(target: int, one: Fraction | float = ONE) -> Fraction:
    """P(d12 ≤ target and not 12)."""
    best = max(0, min(target, BEST_ROLL))
    if type(best) is int:  # the twelve answers, worked out once (asked for every attack weighed)
        if one is ONE:
            return _EXACT[best]
        if type(one) is float and one == 1.0:
            return _FLOATS[best]  # type: ignore[return-value]
    return one * best / 12  # type: ignore[return-value]


_EXACT = tuple(ONE * best / 12 for best in range(BEST_ROLL + 1))
_FLOATS = tuple(1.0 * best / 12 for best in range(BEST_ROLL + 1))


def roll_value_dist(target: int, one: Fraction | float = ONE) -> Dist:
    """The value a defensive (or Grip) roll adds: the roll on success, else 0."""
    best = max(0, min(target, BEST_ROLL))
    twelfth = one / 12
    dist: Dist = {0: one * (12 - best) / 12}  # type: ignore[dict-item]
    for value in range(1, best + 1):
        dist[value] = dist.get(value, 0 * one) + twelfth  # type: ignore[assignment,operator]
    return dist


def convolve(a: Dist, b: Dist) -> Dist:
    """Distribution of the sum of two independent variables."""
    out: dict[int, Fraction] = defaultdict(int)  # type: ignore[arg-type]
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] += px * py
    return dict(out)


def scaled(dist: Dist, factor: int) -> Dist:
    """Distribution of factor × X."""
    return {factor * k: p for k, p in dist.items()}


def merge(items: Mapping[int, Fraction] | Iterable[tuple[int, Fraction]]) -> Dist:
    """A distribution from (value, probability) pairs, equal values added up."""
    out: dict[int, Fraction] = defaultdict(int)  # type: ignore[arg-type]
    pairs = items.items() if isinstance(items, Mapping) else items
    for k, p in pairs:
        out[k] += p
    return dict(out)
