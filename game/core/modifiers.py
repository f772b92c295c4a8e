"""Named modifiers and the rulebook's way of writing a roll.

A `Breakdown` is a base stat plus named modifiers; it prints exactly like the
examples of the combat chapter: ``6 [Strike] − 1 [Action Penalty] = 5``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.i18n import _

MINUS = "\u2212"  # the rulebook prints a real minus sign
BEST_ROLL = 11
"""The highest d12 roll that can succeed: a 12 always fails (RULES.md §3)."""


@dataclass(frozen=True)
class Modifier:
    """One named term added to a stat (negative for penalties)."""

    name: str
    value: int

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {"name": self.name, "value": self.value}


@dataclass(frozen=True)
class Breakdown:
    """A stat as the rulebook writes it: base [name] ± modifiers = total."""

    base_name: str
    base: int
    modifiers: tuple[Modifier, ...] = field(default=())

    @property
    def total(self) -> int:
        """The modified stat: base plus every modifier (worked out once: the odds read it of
        every breakdown several times)."""
        found = self.__dict__.get("_total")
        if found is None:
            found = self.base + sum(m.value for m in self.modifiers)
            object.__setattr__(self, "_total", found)
        return found  # type: ignore[no-any-return]

    def plus(self, *mods: Modifier) -> Breakdown:
        """A copy with more modifiers; zero-valued ones are dropped (nothing left to add: this
        one, the same value)."""
        kept = tuple([m for m in mods if m.value != 0])
        if not kept:
            return self
        return _made(self.base_name, self.base, self.modifiers + kept)

    def without(self, name: str) -> Breakdown:
        """A copy without the modifiers of that name (Called Shot general hits; none of them:
        this one, the same value)."""
        kept = tuple([m for m in self.modifiers if m.name != name])
        if len(kept) == len(self.modifiers):
            return self
        return _made(self.base_name, self.base, kept)

    def text(self) -> str:
        """`6 [Strike] − 1 [Action Penalty] + 4 [Feint Bonus] = 9`."""
        parts = [f"{self.base} [{_(self.base_name)}]"]  # the names are marked where they are made
        for mod in self.modifiers:
            sign = "+" if mod.value >= 0 else MINUS
            parts.append(f"{sign} {abs(mod.value)} [{_(mod.name)}]")
        total = f"{MINUS}{-self.total}" if self.total < 0 else str(self.total)
        return " ".join(parts) + f" = {total}"

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {
            "base_name": self.base_name,
            "base": self.base,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "total": self.total,
        }


def _made(base_name: str, base: int, modifiers: tuple[Modifier, ...]) -> Breakdown:
    """`Breakdown(base_name, base, modifiers)`, without the frozen dataclass's checks field by
    field: the odds make one for every attack they weigh."""
    new = object.__new__(Breakdown)
    object.__setattr__(new, "__dict__", {"base_name": base_name, "base": base, "modifiers": modifiers})
    return new


def signed(value: int) -> str:
    """A modifier as the rulebook prints it: "+1", "0", "−2" (a real minus sign)."""
    return f"+{value}" if value > 0 else ("0" if value == 0 else f"{MINUS}{-value}")


def signed_span(values: Iterable[int]) -> str:
    """The range a term may take, as the rulebook prints modifiers: "−2 to +1", or one value."""
    shown = sorted(set(values))
    return f"{signed(shown[0])} to {signed(shown[-1])}" if len(shown) > 1 else signed(shown[0])


LOWEST_POSSIBLE = 1
"""A modified stat below this makes the action impossible: no die is rolled (RULES.md §3)."""


def roll_possible(target: int) -> bool:
    """Whether a roll against this modified stat is made at all (below 1: impossible, no die)."""
    return target >= LOWEST_POSSIBLE


def roll_succeeds(roll: int, target: int) -> bool:
    """The core roll: success when roll ≤ modified stat, and a 12 always fails."""
    return roll != 12 and roll <= target
