"""Component dataclasses: plain, frozen data attached to entity ids.

Components are immutable so that copying a `World` for AI look-ahead is a
shallow copy of its stores; a change replaces the component.  Each is
registered with its JSON key where it is defined (`game.world.registry`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.equipment import Armour, MissileKind, Shield, Weapon, WeaponClass
from game.core.geometry import Tile, direction_name, parse_direction
from game.core.sheet import Sheet
from game.world.registry import component, register_component


@component("name")
@dataclass(frozen=True)
class Name:
    """The name shown to players and used in declarations and logs."""

    value: str

    def to_json(self) -> str:
        """The name itself."""
        return self.value

    @classmethod
    def from_json(cls, data: str) -> Name:
        """Inverse of `to_json`."""
        return cls(data)


@component("position")
@dataclass(frozen=True)
class Position:
    """The tile a combatant or an item stands on."""

    x: int
    y: int

    @property
    def tile(self) -> Tile:
        """The position as an (x, y) tuple."""
        return (self.x, self.y)

    def to_json(self) -> list[int]:
        """[x, y]."""
        return [self.x, self.y]

    @classmethod
    def from_json(cls, data: list[int]) -> Position:
        """Inverse of `to_json`."""
        return cls(data[0], data[1])


@component("facing")
@dataclass(frozen=True)
class Facing:
    """One of 8 directions, 0 = N, clockwise: 1 = NE, 2 = E … 7 = NW."""

    direction: int = 2

    def __post_init__(self) -> None:
        if self.direction not in range(8):
            raise ValueError(f"facing must be 0..7, not {self.direction!r}")

    @property
    def name(self) -> str:
        """N, NE, E, …"""
        return direction_name(self.direction)

    def to_json(self) -> str:
        """The direction's name: "NE"."""
        return self.name

    @classmethod
    def from_json(cls, data: str) -> Facing:
        """Inverse of `to_json`."""
        return cls(parse_direction(data))


@component("side")
@dataclass(frozen=True)
class Side:
    """The side a combatant fights for; sides are named freely."""

    name: str

    def to_json(self) -> str:
        """The side's name."""
        return self.name

    @classmethod
    def from_json(cls, data: str) -> Side:
        """Inverse of `to_json`."""
        return cls(data)


HANDS_KEPT = 16  # weapons whose hand an equipment keeps (`Equipment.hand_of`): those it holds, bare hands


@component("equipment")
@dataclass(frozen=True)
class Equipment:
    """What a combatant holds and wears.  Weapons in hand, first is preferred."""

    weapons: tuple[Weapon, ...] = ()
    shield: Shield | None = None
    armour: Armour | None = None

    def __post_init__(self) -> None:
        hands = sum(w.hands for w in self.weapons) + (1 if self.shield else 0)
        if hands > 2:
            names = ", ".join([w.name for w in self.weapons] + ([self.shield.name] if self.shield else []))
            raise ValueError(f"needs {hands} hands to hold {names}; a combatant has 2")

    def melee_weapon(self) -> Weapon | None:
        """The first melee weapon in hand, if any."""
        return next((w for w in self.weapons if w.is_melee), None)

    def missile_weapon(self, kind: MissileKind | None = None) -> Weapon | None:
        """The first missile weapon in hand (of `kind`, if given)."""
        return next(
            (w for w in self.weapons if w.is_missile and (kind is None or w.missile_kind == kind)),
            None,
        )

    def find(self, name: str) -> Weapon | None:
        """The weapon in hand with that name (case-insensitive)."""
        folded = name.casefold()
        return next((w for w in self.weapons if w.name.casefold() == folded), None)

    def without(self, weapon: Weapon) -> Equipment:
        """A copy without one instance of `weapon` (after a Disarm)."""
        weapons = list(self.weapons)
        weapons.remove(weapon)
        return replace(self, weapons=tuple(weapons))

    def held(self) -> tuple[tuple[Weapon, str], ...]:
        """Each weapon in hand with the hand holding it: "right", "left" or "both".  [ruling]
        The right hand holds the first weapon, the left a second one (or the shield); a
        two-handed weapon is in both."""
        return tuple(
            (w, "both" if w.hands == 2 else "right" if i == 0 else "left") for i, w in enumerate(self.weapons)
        )

    def hand_of(self, weapon: Weapon) -> str:
        """The hand holding a weapon in hand (the first such weapon's: `held`); the right for
        one not in hand (bare hands)."""
        # Asked of every attack weighed: kept on the equipment for each weapon asked about (the
        # weapon kept with it, so an id of a weapon gone is never taken for another's).
        kept = self.__dict__.get("_hands")
        if kept is None:
            kept = {}
            object.__setattr__(self, "_hands", kept)
        found = kept.get(id(weapon))
        if found is not None and found[0] is weapon:
            return found[1]  # type: ignore[no-any-return]
        hand = self._hand_of(weapon)
        if len(kept) >= HANDS_KEPT:
            kept.clear()
        kept[id(weapon)] = (weapon, hand)
        return hand

    def __getstate__(self) -> dict[str, Any]:
        # Without what is kept on it for the rules' quick answers (`hand_of`'s hands by weapon
        # id mean nothing in another process): its fields alone.
        return {key: value for key, value in self.__dict__.items() if not key.startswith("_")}

    def _hand_of(self, weapon: Weapon) -> str:
        # `held`, without building it: the first weapon equal to this one.  Mostly it is that
        # very weapon, found without comparing fields.
        weapons = self.weapons
        found = next((i for i, held in enumerate(weapons) if held is weapon), len(weapons))
        found = next((i for i in range(found) if weapons[i] == weapon), found)
        if found == len(weapons):
            return "right"
        held = weapons[found]
        return "both" if held.hands == 2 else "right" if found == 0 else "left"

    def free_hands(self) -> int:
        """Hands not holding a weapon or a shield."""
        return 2 - sum(w.hands for w in self.weapons) - (1 if self.shield else 0)

    def to_json(self) -> dict[str, Any]:
        """Weapons in hand, shield and armour."""
        return _equipment_to_dict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Equipment:
        """Inverse of `to_json`."""
        return _equipment_from_dict(data)


@component("condition")
@dataclass(frozen=True)
class Condition:
    """Injuries and their consequences, and whether the combatant has fled off the map
    (RULES.md §7)."""

    injuries: int = 0
    defeated: bool = False
    dead: bool = False
    fled: bool = False

    @property
    def can_act(self) -> bool:
        """Defeated, dead and fled combatants take no actions."""
        return not (self.defeated or self.dead or self.fled)

    @property
    def present(self) -> bool:
        """Whether it stands on the board: it holds its tile and may be attacked.  The dead
        (their bodies lie where they fell) and the fled (gone off the map) do not."""
        return not (self.dead or self.fled)

    def to_json(self) -> dict[str, Any]:
        """{"injuries", "defeated", "dead"}, and "fled" only for one who fled (saves made before
        fleeing existed read and hash the same)."""
        data: dict[str, Any] = {"injuries": self.injuries, "defeated": self.defeated, "dead": self.dead}
        if self.fled:
            data["fled"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Condition:
        """Inverse of `to_json`."""
        unknown = set(data) - {"injuries", "defeated", "dead", "fled"}
        if unknown:
            raise ValueError(f"condition: unknown field {sorted(unknown)[0]!r}")
        return cls(data["injuries"], data["defeated"], data["dead"], data.get("fled", False))


@component("controller")
@dataclass(frozen=True)
class Controller:
    """Who declares for a combatant: a human seat or an AI of some level."""

    kind: str = "human"
    level: str = ""


@component("appearance")
@dataclass(frozen=True)
class Appearance:
    """How a combatant is drawn: a token emblem from assets/tokens/tokens.json."""

    token: str = "person"

    def to_json(self) -> str:
        """The token's name."""
        return self.token

    @classmethod
    def from_json(cls, data: str) -> Appearance:
        """Inverse of `to_json`."""
        return cls(data)


@component("item")
@dataclass(frozen=True)
class Item:
    """A weapon lying on the ground, waiting to be retrieved."""

    weapon: Weapon
    owner: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The weapon and who dropped it."""
        return {"weapon": self.weapon.to_dict(), "owner": self.owner}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Item:
        """Inverse of `to_json`."""
        return cls(weapon_from_dict(data["weapon"]), data.get("owner"))


# ---------------------------------------------------------------- serialisation


def weapon_from_dict(data: dict[str, Any]) -> Weapon:
    """Inverse of `Weapon.to_dict`."""
    ranges = data.get("ranges")
    kind = data.get("kind")
    return Weapon(
        name=data["name"],
        weapon_class=WeaponClass(data.get("class", "melee")),
        hands=data.get("hands", 1),
        reach=data.get("reach", 1),
        can_parry=data.get("can_parry", True),
        parry_modifier=data.get("parry", 0),
        injury=data.get("injury", 1),
        missile_kind=MissileKind(kind) if kind else None,
        ranges=tuple(ranges) if ranges else None,  # type: ignore[arg-type]
        traits=frozenset(data.get("traits", ())),
    )


def _equipment_to_dict(eq: Equipment) -> dict[str, Any]:
    return {
        "weapons": [w.to_dict() for w in eq.weapons],
        "shield": eq.shield.to_dict() if eq.shield else None,
        "armour": eq.armour.to_dict() if eq.armour else None,
    }


def _equipment_from_dict(data: dict[str, Any]) -> Equipment:
    shield = data.get("shield")
    armour = data.get("armour")
    return Equipment(
        weapons=tuple(weapon_from_dict(w) for w in data.get("weapons", [])),
        shield=Shield(shield["name"], shield.get("withstand", 1)) if shield else None,
        armour=Armour(
            armour["name"],
            armour.get("withstand", 0),
            armour.get("movement", 0),
            armour.get("skill", 0),
        )
        if armour
        else None,
    )


register_component(Sheet, "sheet", lambda c: c.to_dict(), Sheet.from_dict)
