"""Weapons, shields and armour as plain, validated data (CO.06–CO.15)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.core.hashing import keep_hash, without_hash


class MissileKind(StrEnum):
    """The three Missile Strike specialisations of CO.07."""

    PRIMITIVE = "primitive"
    SLUG = "slug"
    BEAM = "beam"

    @property
    def label(self) -> str:
        """How the rulebook names the kind."""
        return {"primitive": "Primitive", "slug": "Slug Thrower", "beam": "Beam"}[self.value]


class WeaponClass(StrEnum):
    """Melee weapons are used with Strike, missile weapons with Missile Strike."""

    MELEE = "melee"
    MISSILE = "missile"


WEAPON_TRAITS = ("burst", "heavy", "pole")
"""What a weapon may be besides its numbers: "burst" fires bursts (Suppression Fire), "heavy"
knocks a foe back (Knockback), "pole" is a spear or a pole arm (it meets a Charge first).  The
rules modules that use them say what they do."""


@dataclass(frozen=True)
class Weapon:
    """A weapon sheet.

    `reach` is in tiles (1 = the 8 neighbours).  `ranges` are the upper limits
    of the short, medium and long range bands in metres (missile weapons only).
    `injury` is the injury rating subtracted from the target's Withstand Injury.
    `traits` are what some rules modules ask of a weapon (`WEAPON_TRAITS`).
    """

    name: str
    weapon_class: WeaponClass = WeaponClass.MELEE
    hands: int = 1
    reach: int = 1
    can_parry: bool = True
    parry_modifier: int = 0
    injury: int = 1
    missile_kind: MissileKind | None = None
    ranges: tuple[float, float, float] | None = None
    traits: frozenset[str] = frozenset()

    def __hash__(self) -> int:
        # A weapon keys the AI's round caches (range bands, imagined attacks): kept (`game.core.hashing`).
        found = self.__dict__.get("_hash")
        if found is not None:
            return found  # type: ignore[no-any-return]
        return keep_hash(
            self,
            (
                self.name,
                self.weapon_class,
                self.hands,
                self.reach,
                self.can_parry,
                self.parry_modifier,
                self.injury,
                self.missile_kind,
                self.ranges,
                self.traits,
            ),
        )

    def __getstate__(self) -> dict[str, object]:
        return without_hash(self)

    def __post_init__(self) -> None:
        unknown = set(self.traits) - set(WEAPON_TRAITS)
        if unknown:
            raise ValueError(f"weapon {self.name!r}: unknown trait {sorted(unknown)[0]!r}")
        if self.hands not in (1, 2):
            raise ValueError(f"weapon {self.name!r}: hands must be 1 or 2, not {self.hands}")
        if self.reach < 1:
            raise ValueError(f"weapon {self.name!r}: reach must be at least 1 tile")
        if self.weapon_class is WeaponClass.MISSILE:
            if self.missile_kind is None:
                raise ValueError(f"missile weapon {self.name!r} needs a missile kind")
            if self.ranges is None or len(self.ranges) != 3:
                raise ValueError(f"missile weapon {self.name!r} needs short/medium/long ranges")
            short, medium, long_ = self.ranges
            if not 0 < short <= medium <= long_:
                raise ValueError(f"missile weapon {self.name!r}: ranges must grow, short ≤ medium ≤ long")
        if "burst" in self.traits and not self.is_missile:
            raise ValueError(f"weapon {self.name!r}: only a missile weapon fires bursts")

    @property
    def is_melee(self) -> bool:
        """True for weapons used with Strike, Feint, Disarm and Parry."""
        return self.weapon_class is WeaponClass.MELEE

    @property
    def is_missile(self) -> bool:
        """True for weapons used with Missile Strike."""
        return self.weapon_class is WeaponClass.MISSILE

    def to_dict(self) -> dict[str, object]:
        """JSON form (only what differs from the defaults is still written, for clarity)."""
        data: dict[str, object] = {
            "name": self.name,
            "class": self.weapon_class.value,
            "hands": self.hands,
            "injury": self.injury,
        }
        if self.is_melee:
            data.update(reach=self.reach, can_parry=self.can_parry, parry=self.parry_modifier)
        else:
            assert self.missile_kind is not None and self.ranges is not None
            data.update(kind=self.missile_kind.value, ranges=list(self.ranges))
        if self.traits:  # written only when there are some, so older saves read and hash the same
            data["traits"] = sorted(self.traits)
        return data

    def has(self, trait: str) -> bool:
        """Whether the weapon has that trait ("burst", "heavy")."""
        return trait in self.traits


BARE_HANDS = Weapon("bare hands", WeaponClass.MELEE, hands=1, reach=1, can_parry=False, injury=0)
"""What Brawling hits with; it parries only Brawling attacks."""


@dataclass(frozen=True)
class Shield:
    """A shield: needed to Block; adds to Withstand Injury; takes one hand."""

    name: str
    withstand_bonus: int = 1

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {"name": self.name, "withstand": self.withstand_bonus}


@dataclass(frozen=True)
class Armour:
    """Armour: a Withstand Injury bonus, and modifiers (zero or negative) to the
    Movement rate in metres and to combat skill rolls."""

    name: str
    withstand_bonus: int = 0
    movement_modifier: int = 0
    skill_modifier: int = 0

    def __post_init__(self) -> None:
        if self.movement_modifier > 0 or self.skill_modifier > 0:
            raise ValueError(f"armour {self.name!r}: movement and skill modifiers must be ≤ 0")

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {
            "name": self.name,
            "withstand": self.withstand_bonus,
            "movement": self.movement_modifier,
            "skill": self.skill_modifier,
        }
