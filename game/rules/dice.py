"""The one injectable dice source.

Every random number of a battle goes through a `Dice` object.  Each request
names who rolls and why (`"Omar:Strike"`), so a scripted source can answer by
key and a log can show what each die was for.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Protocol


class DiceExhausted(RuntimeError):
    """A scripted dice source was asked for a roll it has no answer for."""


class BadScriptedDie(ValueError):
    """A scripted result that the die being rolled cannot show (a 7 on a d3)."""


class Dice(Protocol):
    """Anything that can roll one die of `sides` sides for a named purpose."""

    def roll(self, sides: int, key: str) -> int:
        """Return an integer in 1..sides; `key` is "<name>:<purpose>"."""
        ...


class SeededDice:
    """Pseudo-random dice from a seed: the same seed gives the same rolls."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int, key: str) -> int:
        """Roll one die; the key is ignored (it only matters when scripting)."""
        return self._rng.randint(1, sides)

    def getstate(self) -> object:
        """The generator state, for saves."""
        return self._rng.getstate()


class ScriptedDice:
    """Dice that answer from a script, for tests, examples and the sandbox.

    `keyed` maps a roll key (e.g. ``"Niles:Dodge"``) to the results that key
    gets, in order; any roll whose key has no queued result takes the next value
    of `sequence`.  When both are empty the source raises `DiceExhausted`,
    unless `fallback` (another dice source) is given.
    """

    def __init__(
        self,
        sequence: Iterable[int] = (),
        keyed: Mapping[str, Iterable[int]] | None = None,
        fallback: Dice | None = None,
    ) -> None:
        self._sequence: deque[int] = deque(sequence)
        self._keyed: dict[str, deque[int]] = {
            key.casefold(): deque(values) for key, values in (keyed or {}).items()
        }
        self._fallback = fallback
        self.log: list[tuple[str, int, int]] = []

    def roll(self, sides: int, key: str) -> int:
        """Return the scripted result for `key`, else the next of the sequence."""
        queue = self._keyed.get(key.casefold())
        if queue:
            value = queue.popleft()
        elif self._sequence:
            value = self._sequence.popleft()
        elif self._fallback is not None:
            value = self._fallback.roll(sides, key)
        else:
            raise DiceExhausted(f"no scripted die left for {key} (d{sides})")
        if not 1 <= value <= sides:
            raise BadScriptedDie(f"scripted die {value} for {key} is not a d{sides} result")
        self.log.append((key, sides, value))
        return value

    def unused(self) -> dict[str, list[int]]:
        """Scripted results nobody asked for: a test can assert this is empty."""
        left = {key: list(q) for key, q in self._keyed.items() if q}
        if self._sequence:
            left["<sequence>"] = list(self._sequence)
        return left
