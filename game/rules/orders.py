"""Orders: what a combatant declares in the Strategy Stage, as plain data.

An `Order` is one combatant's whole declaration for a round: its actions, at
most one movement path, and a final facing.  Orders hold entity ids and tiles
only, so a battle is *initial state + seed + orders*.

An action's kind is an `ActionKind`: a name ("strike") from an open
vocabulary.  The chapter's kinds are defined here; a rules module defines its
own.  What a kind *does* (its label, roles, checks, stage hooks, forecast,
menu, help) is its spec in `game.rules.actions`, found through
`game.rules.registry`; this module holds no rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.core.geometry import Tile, direction_name
from game.core.hashing import keep_hash, without_hash
from game.rules import registry


class _KindType(type):
    """The type of `ActionKind`: `ActionKind("strike")` looks a kind up, iterating lists them."""

    def __call__(cls, value: object) -> ActionKind:  # type: ignore[override]
        try:
            return cls._known[value]  # type: ignore[attr-defined,index]
        except (KeyError, TypeError):
            raise ValueError(f"{value!r} is not a known action") from None

    def __iter__(cls) -> Iterator[ActionKind]:
        return iter(list(cls._known.values()))  # type: ignore[attr-defined]

    def __len__(cls) -> int:
        return len(cls._known)  # type: ignore[attr-defined]


class ActionKind(str, metaclass=_KindType):
    """The kind of an action: its sandbox name, one canonical object per name.

    Compare with `is` or `==`.  `ActionKind("strike")` finds a defined kind
    (ValueError for an unknown one); `ActionKind.define` makes a new one.
    """

    _known: ClassVar[dict[str, ActionKind]] = {}
    STRIKE: ClassVar[ActionKind]
    MISSILE_STRIKE: ClassVar[ActionKind]
    FEINT: ClassVar[ActionKind]
    DISARM: ClassVar[ActionKind]
    BRAWLING: ClassVar[ActionKind]
    PARRY: ClassVar[ActionKind]
    BLOCK: ClassVar[ActionKind]
    DODGE: ClassVar[ActionKind]
    EVADE: ClassVar[ActionKind]
    SPRINT: ClassVar[ActionKind]
    RETREAT: ClassVar[ActionKind]
    RETRIEVE: ClassVar[ActionKind]

    @classmethod
    def define(cls, value: str) -> ActionKind:
        """The kind of that name, made on first use (a rules module defines its own kinds)."""
        if value not in cls._known:
            kind = str.__new__(cls, value)
            cls._known[value] = kind
        return cls._known[value]

    @classmethod
    def forget(cls, value: str) -> None:
        """Drop a kind whose spec was unplugged (a test's toy module), so that listing the
        kinds lists only those in the registry."""
        cls._known.pop(value, None)

    @classmethod
    def remember(cls, kind: ActionKind) -> None:
        """Know a kind again when its spec is plugged back in."""
        cls._known.setdefault(kind.value, kind)

    @property
    def value(self) -> str:
        """The kind's name as a plain string (its JSON and sandbox form)."""
        return str.__str__(self)

    @property
    def label(self) -> str:
        """The rulebook's name for the action (from its spec)."""
        return registry.spec_of(self).label

    @property
    def chapter(self) -> bool:
        """Whether it is one of the combat chapter's own kinds (always in play)."""
        return self in CHAPTER_KINDS

    def __repr__(self) -> str:
        return f"ActionKind({self.value!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (ActionKind, (self.value,))

    def __copy__(self) -> ActionKind:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionKind:
        return self


# The combat chapter's actions (CO.05–CO.18), in the order the sandbox lists them.
ActionKind.STRIKE = ActionKind.define("strike")
ActionKind.MISSILE_STRIKE = ActionKind.define("missile_strike")
ActionKind.FEINT = ActionKind.define("feint")
ActionKind.DISARM = ActionKind.define("disarm")
ActionKind.BRAWLING = ActionKind.define("brawling")
ActionKind.PARRY = ActionKind.define("parry")
ActionKind.BLOCK = ActionKind.define("block")
ActionKind.DODGE = ActionKind.define("dodge")
ActionKind.EVADE = ActionKind.define("evade")
ActionKind.SPRINT = ActionKind.define("sprint")
ActionKind.RETREAT = ActionKind.define("retreat")
ActionKind.RETRIEVE = ActionKind.define("retrieve")
CHAPTER_KINDS = frozenset(ActionKind)
"""The combat chapter's own kinds: the only actions that need no rules module switched on."""


@dataclass(frozen=True)
class CalledShot:
    """A Called Shot at a body part (or spot), with the GM's Called Shot Modifier."""

    part: str
    modifier: int
    vulnerable: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"part": self.part, "modifier": self.modifier, "vulnerable": self.vulnerable}


@dataclass(frozen=True)
class Action:
    """One declared action.  `target` is an entity id for offensive actions;
    `item` is the dropped-weapon entity for Retrieve; `weapon` names the
    weapon in hand to use (default: the first that fits)."""

    kind: ActionKind
    target: int | None = None
    called_shot: CalledShot | None = None
    weapon: str | None = None
    item: int | None = None

    def __hash__(self) -> int:
        found = self.__dict__.get("_hash")
        if found is not None:
            return found  # type: ignore[no-any-return]
        return keep_hash(self, (self.kind, self.target, self.called_shot, self.weapon, self.item))

    def __getstate__(self) -> dict[str, Any]:
        return without_hash(self)

    @property
    def cost(self) -> int:
        """Actions counted for the Action Penalty: a Called Shot counts as one more (CO.08);
        an action whose spec says it is no action for the penalty (Stand Up) counts none."""
        if not registry.spec_of(self.kind).counts_for_penalty:
            return 0
        return 2 if self.called_shot else 1

    def to_dict(self) -> dict[str, Any]:
        """JSON form with ids."""
        data: dict[str, Any] = {"action": self.kind.value}
        if self.target is not None:
            data["target"] = self.target
        if self.called_shot is not None:
            data["called_shot"] = self.called_shot.to_dict()
        if self.weapon is not None:
            data["weapon"] = self.weapon
        if self.item is not None:
            data["item"] = self.item
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Inverse of `to_dict`."""
        called = data.get("called_shot")
        return cls(
            kind=ActionKind(data["action"]),
            target=data.get("target"),
            called_shot=CalledShot(**called) if called else None,
            weapon=data.get("weapon"),
            item=data.get("item"),
        )


@dataclass(frozen=True)
class Order:
    """One combatant's declaration for a round.  `flee`: after its path it steps off the map
    from the edge tile the path ends on (RULES.md §7; `game.rules.flight`)."""

    actor: int
    actions: tuple[Action, ...] = ()
    path: tuple[Tile, ...] = field(default=())
    facing: int | None = None
    flee: bool = False

    def __hash__(self) -> int:
        found = self.__dict__.get("_hash")
        if found is not None:
            return found  # type: ignore[no-any-return]
        return keep_hash(self, (self.actor, self.actions, self.path, self.facing, self.flee))

    def __getstate__(self) -> dict[str, Any]:
        return without_hash(self)

    def count(self, kind: ActionKind) -> int:
        """How many actions of that kind."""
        return sum(1 for a in self.actions if a.kind is kind)

    def has(self, kind: ActionKind) -> bool:
        """Whether at least one action of that kind is declared."""
        return any(a.kind is kind for a in self.actions)

    @property
    def action_count(self) -> int:
        """Actions for the Action Penalty: normal movement is not one, a Called Shot is."""
        return sum(a.cost for a in self.actions)

    @property
    def action_penalty(self) -> int:
        """−1 for each action beyond the first (returned as a number ≤ 0)."""
        return -max(0, self.action_count - 1)

    @property
    def movement_mode(self) -> str:
        """The movement the order declares: a movement action's mode ("sprint",
        "retreat", …), else "walk" for a path without one, else "none"."""
        return registry.movement_mode(self)

    def to_dict(self) -> dict[str, Any]:
        """JSON form with ids."""
        data: dict[str, Any] = {
            "actor": self.actor,
            "actions": [a.to_dict() for a in self.actions],
        }
        if self.path:
            data["path"] = [list(t) for t in self.path]
        if self.facing is not None:
            data["facing"] = direction_name(self.facing)
        if self.flee:
            data["flee"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Order:
        """Inverse of `to_dict`."""
        from game.core.geometry import parse_direction

        facing = data.get("facing")
        flee = data.get("flee", False)
        if not isinstance(flee, bool):
            raise ValueError(f"flee must be true or false, not {flee!r}")
        return cls(
            actor=int(data["actor"]),
            actions=tuple(Action.from_dict(a) for a in data.get("actions", [])),
            path=tuple((int(t[0]), int(t[1])) for t in data.get("path", [])),
            facing=parse_direction(facing) if facing is not None else None,
            flee=flee,
        )
