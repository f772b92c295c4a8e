"""Lasting conditions a rules module puts on a combatant (shock, a lamed leg, a faint, a
stuck weapon): one registered component, changed only by two events.

A `Status` names the module that owns it; what it does is that module's to say
(`RulesModule.status_modifiers` for the numbers, `attack_modifiers` and
`order_reasons` for what it forbids).  `game.rules.stats` asks the owners for
the terms of every skill roll and of the Movement rate, so the log, the
forecast and the AI see the same numbers.  Without any status (every module
off) nothing changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from game.core.modifiers import Modifier
from game.rules.apply import applies, entity
from game.rules.events import Event, entity_id
from game.rules.registry import rules_modules
from game.world import World
from game.world.registry import component


@dataclass(frozen=True)
class Status:
    """One lasting condition: its `name` ("Shock"), the `module` that owns it, a `detail`
    (the location, the weapon) and the last round it lasts (None: the whole battle)."""

    name: str
    module: str
    detail: str = ""
    until_round: int | None = None

    @property
    def label(self) -> str:
        """ "Shock (left leg)"."""
        return f"{self.name} ({self.detail})" if self.detail else self.name

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "name": self.name,
            "module": self.module,
            "detail": self.detail,
            "until_round": self.until_round,
        }


@component("statuses")
@dataclass(frozen=True)
class Statuses:
    """Every lasting condition on a combatant, in the order they came."""

    entries: tuple[Status, ...] = ()

    def to_json(self) -> list[dict[str, Any]]:
        """A list of the statuses."""
        return [s.to_dict() for s in self.entries]

    @classmethod
    def from_json(cls, data: list[dict[str, Any]]) -> Statuses:
        """Inverse of `to_json`."""
        return cls(tuple(Status(**entry) for entry in data))


def statuses_of(world: World, eid: int, module: str | None = None) -> list[Status]:
    """A combatant's statuses (only `module`'s, if given)."""
    found = world.try_get(eid, Statuses)
    if found is None:
        return []
    return [s for s in found.entries if module is None or s.module == module]


def has_status(world: World, eid: int, name: str, module: str, detail: str | None = None) -> bool:
    """Whether the combatant has that status (with that detail, if given)."""
    found = statuses_of(world, eid, module)
    return any(s.name == name and (detail is None or s.detail == detail) for s in found)


def status_terms(world: World, eid: int, skill: str, base: int) -> list[Modifier]:
    """What the statuses on a combatant add to a roll of `skill` whose base value is `base`,
    asked of the modules that own them (in listing order)."""
    found = world.try_get(eid, Statuses)
    if found is None or not found.entries:
        return []
    terms: list[Modifier] = []
    for module in rules_modules():
        mine = [s for s in found.entries if s.module == module.name]
        if mine:
            terms += module.status_modifiers(world, eid, mine, skill, base)
    return terms


@dataclass(frozen=True)
class StatusGained(Event):
    """A lasting condition begins: `Niles is in Shock (left leg): …`."""

    kind: ClassVar[str] = "status_gained"
    target: str
    status: str
    module: str
    detail: str = ""
    until_round: int | None = None
    why: str = ""
    target_id: int | None = entity_id()

    def text(self) -> str:
        label = Status(self.status, self.module, self.detail).label
        until = f" until the end of round {self.until_round}" if self.until_round is not None else ""
        why = f": {self.why}" if self.why else ""
        return f"{self.target}: {label}{until}{why}"


@dataclass(frozen=True)
class StatusLost(Event):
    """A lasting condition ends: `Omar's sword is no longer stuck`."""

    kind: ClassVar[str] = "status_lost"
    target: str
    status: str
    module: str
    detail: str = ""
    why: str = ""
    target_id: int | None = entity_id()

    def text(self) -> str:
        label = Status(self.status, self.module, self.detail).label
        why = f": {self.why}" if self.why else ""
        return f"{self.target}: no more {label}{why}"


@applies(StatusGained)
def _gained(world: World, event: StatusGained) -> None:
    eid = entity(event.target_id, event)
    status = Status(event.status, event.module, event.detail, event.until_round)
    before = world.try_get(eid, Statuses) or Statuses()
    world.set(eid, replace(before, entries=(*before.entries, status)))


@applies(StatusLost)
def _lost(world: World, event: StatusLost) -> None:
    eid = entity(event.target_id, event)
    before = world.try_get(eid, Statuses) or Statuses()
    kept = list(before.entries)
    for i, status in enumerate(kept):
        if (status.name, status.module, status.detail) == (event.status, event.module, event.detail):
            del kept[i]
            break
    world.set(eid, Statuses(tuple(kept)))


def expiring(world: World, eid: int, module: str, number: int) -> Sequence[Status]:
    """The module's statuses on a combatant that end with round `number`."""
    found = statuses_of(world, eid, module)
    return [s for s in found if s.until_round is not None and s.until_round <= number]
