"""Orders: what a combatant declares in the Strategy Stage, as plain data.

An `Order` is one combatant's whole declaration for a round: its actions, at
most one movement path, and a final facing.  Orders hold entity ids and tiles
only, so a battle is *initial state + seed + orders*.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.core.geometry import Tile, direction_name


class ActionKind(StrEnum):
    """Every action a combatant can declare (CO.05–CO.18)."""

    STRIKE = "strike"
    MISSILE_STRIKE = "missile_strike"
    FEINT = "feint"
    DISARM = "disarm"
    BRAWLING = "brawling"
    PARRY = "parry"
    BLOCK = "block"
    DODGE = "dodge"
    EVADE = "evade"
    SPRINT = "sprint"
    RETREAT = "retreat"
    RETRIEVE = "retrieve"

    @property
    def label(self) -> str:
        """The rulebook's name for the action."""
        return ACTION_LABELS[self]


ACTION_LABELS = {
    ActionKind.STRIKE: "Strike",
    ActionKind.MISSILE_STRIKE: "Missile Strike",
    ActionKind.FEINT: "Feint",
    ActionKind.DISARM: "Disarm",
    ActionKind.BRAWLING: "Brawling",
    ActionKind.PARRY: "Parry",
    ActionKind.BLOCK: "Block",
    ActionKind.DODGE: "Dodge",
    ActionKind.EVADE: "Evade",
    ActionKind.SPRINT: "Sprint",
    ActionKind.RETREAT: "Retreat",
    ActionKind.RETRIEVE: "Retrieve Weapon",
}

OFFENSIVE = frozenset({ActionKind.STRIKE, ActionKind.MISSILE_STRIKE, ActionKind.DISARM, ActionKind.BRAWLING})
"""Offensive actions rolled in the Resolution Stage against a target (Feint is rolled early)."""

MELEE_ATTACKS = frozenset({ActionKind.STRIKE, ActionKind.BRAWLING, ActionKind.DISARM})
"""Attacks that need the target within reach; a Retreat nullifies them (and Feints)."""

DEFENCES = frozenset({ActionKind.PARRY, ActionKind.BLOCK, ActionKind.DODGE, ActionKind.EVADE})

MOVEMENT_ACTIONS = frozenset({ActionKind.SPRINT, ActionKind.RETREAT})

TARGETED = OFFENSIVE | {ActionKind.FEINT}

FEINTABLE = frozenset({ActionKind.STRIKE, ActionKind.BRAWLING})
"""Attacks a Feint can serve: Strikes, and Brawling for an unarmed feinter (CO.09 Ex. 6:
a weaponless Feint is possible, and without a weapon the only melee attack is Brawling)."""

DEFENDS_AGAINST: dict[ActionKind, frozenset[ActionKind]] = {
    ActionKind.PARRY: frozenset({ActionKind.STRIKE, ActionKind.BRAWLING}),
    ActionKind.BLOCK: frozenset(
        {ActionKind.STRIKE, ActionKind.MISSILE_STRIKE, ActionKind.BRAWLING, ActionKind.DISARM}
    ),
    ActionKind.DODGE: frozenset({ActionKind.STRIKE, ActionKind.BRAWLING, ActionKind.DISARM}),
    ActionKind.EVADE: frozenset({ActionKind.MISSILE_STRIKE}),
}
"""Which defences' Defense Penalties count against which attacks (CO.07, CO.10, CO.12–15).

Parry does not count against Disarm: instead a Parrying target gives the
Disarmer +1 (CO.10).  Parry with bare hands counts only against Brawling.
"""


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

    @property
    def cost(self) -> int:
        """Actions counted for the Action Penalty: a Called Shot counts as one more."""
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
    """One combatant's declaration for a round."""

    actor: int
    actions: tuple[Action, ...] = ()
    path: tuple[Tile, ...] = field(default=())
    facing: int | None = None

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
        """ "sprint", "retreat", "walk" (a path without either) or "none"."""
        if self.has(ActionKind.SPRINT):
            return "sprint"
        if self.has(ActionKind.RETREAT):
            return "retreat"
        return "walk" if self.path else "none"

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
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Order:
        """Inverse of `to_dict`."""
        from game.core.geometry import parse_direction

        facing = data.get("facing")
        return cls(
            actor=int(data["actor"]),
            actions=tuple(Action.from_dict(a) for a in data.get("actions", [])),
            path=tuple((int(t[0]), int(t[1])) for t in data.get("path", [])),
            facing=parse_direction(facing) if facing is not None else None,
        )
