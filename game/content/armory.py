"""The armory: weapons, shields and armour loaded from `data/armory.json` and validated.

Scenarios name equipment (``"sword"``) or define it inline with the same
fields the armory file uses; both go through `weapon_spec`, `shield_spec`
and `armour_spec`, so a bad field fails the same way wherever it is written.

Weapon fields: name, class ("melee" | "missile"), hands (1 | 2), injury (≥ 0,
the injury rating subtracted from the target's Withstand Injury); melee only:
reach (tiles, ≥ 1), can_parry, parry (Parry bonus or penalty); missile only:
kind ("primitive" | "slug" | "beam") and ranges ([short, medium, long] limits
in metres); any weapon: traits (a list of "burst", "heavy", "pole": what some rules
modules ask of it, see docs/modules.md).  Shield: name, withstand.  Armour: name, withstand, movement
(metres, ≤ 0), skill (combat skill modifier, ≤ 0).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from game.content import fields
from game.content.fields import FieldError
from game.content.shapes import (
    Either,
    Flag,
    Line,
    ListOf,
    Number,
    Obj,
    Shape,
    Text,
    Whole,
    any_case,
    one_of_pattern,
)
from game.core.equipment import WEAPON_TRAITS, Armour, MissileKind, Shield, Weapon, WeaponClass

ARMORY_FILE = "armory.json"

MAX_INJURY = 20  # a sanity bound: Withstand Injury is a d12 roll
MAX_REACH = 10  # tiles
MAX_PARRY = 12  # the Parry bonus or penalty of a weapon, either way
MAX_MOVEMENT = 20  # metres an armour may take off Movement
MAX_SKILL_PENALTY = 12  # what an armour may take off the combat skills
TRAIT = Text(choices=WEAPON_TRAITS)
RANGES = ListOf(
    item=Number(positive=True),
    min_items=3,
    max_items=3,
    help="[short, medium, long]: each band's upper limit in metres, growing",
)
WEAPON_COMMON_SHAPES: dict[str, Shape] = {
    "class": Text(
        choices=[c.value for c in WeaponClass], default=WeaponClass.MELEE.value, help="melee or missile"
    ),
    "hands": Whole(low=1, high=2, default=1, help="hands it takes"),
    "injury": Whole(
        low=0, high=MAX_INJURY, default=1, help="the injury rating taken off the target's Withstand Injury"
    ),
    "traits": ListOf(
        item=TRAIT,
        max_items=len(WEAPON_TRAITS),
        default=[],
        help="what some rules modules ask of it (burst: missile weapons only)",
    ),
}
MELEE_SHAPES: dict[str, Shape] = {
    "reach": Whole(low=1, high=MAX_REACH, default=1, help="reach in tiles (melee only)"),
    "can_parry": Flag(default=True, help="whether it can Parry (melee only)"),
    "parry": Whole(low=-MAX_PARRY, high=MAX_PARRY, default=0, help="its Parry bonus or penalty (melee only)"),
}
MISSILE_SHAPES: dict[str, Shape] = {
    "kind": Text(choices=[k.value for k in MissileKind], help="the Missile Strike kind (missile only)"),
    "ranges": RANGES,
}
WEAPON_COMMON = tuple(WEAPON_COMMON_SHAPES)
MELEE_FIELDS = tuple(MELEE_SHAPES)
MISSILE_FIELDS = tuple(MISSILE_SHAPES)
WEAPON = Obj(
    required={"name": Line(help="its name")},
    optional={**WEAPON_COMMON_SHAPES, **MELEE_SHAPES, **MISSILE_SHAPES},
    name="weapon",
    title="A weapon",
    rules=(
        {
            "if": {"properties": {"class": {"const": WeaponClass.MISSILE.value}}, "required": ["class"]},
            "then": {"required": list(MISSILE_FIELDS), "properties": dict.fromkeys(MELEE_FIELDS, False)},
            "else": {"properties": dict.fromkeys(MISSILE_FIELDS, False)},
        },
    ),
)
"""A weapon's fields, in the armory and inline in a scenario (the module docstring says more)."""
SHIELD = Obj(
    required={"name": Line(help="its name")},
    optional={"withstand": Whole(low=0, high=MAX_INJURY, default=1, help="its Withstand Injury bonus")},
    name="shield",
    title="A shield",
)
ARMOUR = Obj(
    required={"name": Line(help="its name")},
    optional={
        "withstand": Whole(low=0, high=MAX_INJURY, default=0, help="its Withstand Injury bonus"),
        "movement": Whole(low=-MAX_MOVEMENT, high=0, default=0, help="metres it takes off Movement"),
        "skill": Whole(low=-MAX_SKILL_PENALTY, high=0, default=0, help="its combat skill modifier"),
    },
    name="armour",
    title="Armour",
)


class _Named(Protocol):
    name: str


T = TypeVar("T", bound=_Named)


class ArmoryError(ValueError):
    """The armory file itself is bad (a packaging or editing mistake)."""


def weapon_spec(value: Any, path: str) -> Weapon:
    """A weapon from an inline object (see the module docstring for its fields)."""
    data = WEAPON.check(value, path)
    name = WEAPON.get(data, path, "name")
    at = functools.partial(fields.key_path, path)
    weapon_class = WeaponClass(WEAPON.get(data, path, "class"))
    hands = WEAPON.get(data, path, "hands")
    injury = WEAPON.get(data, path, "injury")
    traits = _traits(data.get("traits", []), at("traits"), weapon_class)
    if weapon_class is WeaponClass.MELEE:
        for key in MISSILE_FIELDS:
            if key in data:
                raise FieldError(at(key), 'only missile weapons have this field (set "class": "missile")')
        return Weapon(
            name,
            weapon_class,
            hands=hands,
            reach=WEAPON.get(data, path, "reach"),
            can_parry=WEAPON.get(data, path, "can_parry"),
            parry_modifier=WEAPON.get(data, path, "parry"),
            injury=injury,
            traits=traits,
        )
    for key in MELEE_FIELDS:
        if key in data:
            raise FieldError(at(key), "only melee weapons have this field")
    for key in MISSILE_FIELDS:
        if key not in data:
            raise FieldError(at(key), "required field is missing (a missile weapon needs kind and ranges)")
    kind = MissileKind(WEAPON.get(data, path, "kind"))
    raw = fields.array(data["ranges"], at("ranges"))
    if len(raw) != 3:
        raise FieldError(at("ranges"), fields.expected("[short, medium, long] in metres", raw))
    ranges = [RANGES.item.read(r, fields.index_path(at("ranges"), i)) for i, r in enumerate(raw)]
    if not ranges[0] <= ranges[1] <= ranges[2]:
        raise FieldError(at("ranges"), f"ranges must grow: short ≤ medium ≤ long, got {fields.shown(raw)}")
    return Weapon(
        name,
        weapon_class,
        hands=hands,
        injury=injury,
        missile_kind=kind,
        ranges=(ranges[0], ranges[1], ranges[2]),
        traits=traits,
    )


def _traits(value: Any, path: str, weapon_class: WeaponClass) -> frozenset[str]:
    """A weapon's traits: a list of known words, "burst" only on a missile weapon."""
    found = set()
    for i, item in enumerate(fields.array(value, path, max_items=len(WEAPON_TRAITS))):
        where = fields.index_path(path, i)
        word = TRAIT.read(item, where)
        if word == "burst" and weapon_class is not WeaponClass.MISSILE:
            raise FieldError(where, 'only a missile weapon fires bursts (set "class": "missile")')
        found.add(word)
    return frozenset(found)


def shield_spec(value: Any, path: str) -> Shield:
    """A shield from an inline object: name, withstand (Withstand Injury bonus)."""
    data = SHIELD.check(value, path)
    return Shield(SHIELD.get(data, path, "name"), SHIELD.get(data, path, "withstand"))


def armour_spec(value: Any, path: str) -> Armour:
    """Armour from an inline object: name, withstand, movement (≤ 0), skill (≤ 0)."""
    data = ARMOUR.check(value, path)
    return Armour(
        ARMOUR.get(data, path, "name"),
        withstand_bonus=ARMOUR.get(data, path, "withstand"),
        movement_modifier=ARMOUR.get(data, path, "movement"),
        skill_modifier=ARMOUR.get(data, path, "skill"),
    )


@dataclass(frozen=True)
class Armory:
    """Named equipment, each map keyed by the case-folded name (look-ups ignore case)."""

    weapons: Mapping[str, Weapon]
    shields: Mapping[str, Shield]
    armour: Mapping[str, Armour]

    def weapon_ref(self, value: Any, path: str) -> Weapon:
        """A weapon from a scenario: an armory name or an inline object."""
        return _ref(value, path, self.weapons, weapon_spec, "weapon")

    def shield_ref(self, value: Any, path: str) -> Shield:
        """A shield from a scenario: an armory name or an inline object."""
        return _ref(value, path, self.shields, shield_spec, "shield")

    def armour_ref(self, value: Any, path: str) -> Armour:
        """Armour from a scenario: an armory name or an inline object."""
        return _ref(value, path, self.armour, armour_spec, "armour")


def reference(what: str, names: Callable[[], list[str]], spec: Obj) -> Either:
    """The shape of an equipment field: an armory name (in any case) or an inline object."""
    name = Text(
        choices=names,
        check_choices=False,  # the armory looks it up, ignoring case
        also=lambda: one_of_pattern(names(), any_case),
        help=f"the name of an armory {what} (game/content/data/armory.json), in any case",
    )
    return Either(options=(name, spec))


def _names(section: str) -> Callable[[], list[str]]:
    """A function listing the names of one section of the built-in armory."""
    return lambda: [item.name for item in getattr(default_armory(), section).values()]


WEAPON_REF = reference("weapon", _names("weapons"), WEAPON)
SHIELD_REF = reference("shield", _names("shields"), SHIELD)
ARMOUR_REF = reference("armour", _names("armour"), ARMOUR)


def _ref(value: Any, path: str, known: Mapping[str, T], spec: Callable[[Any, str], T], what: str) -> T:
    if isinstance(value, dict):
        return spec(value, path)
    if not isinstance(value, str):
        raise FieldError(path, fields.expected(f"an armory {what} name or an object", value))
    found = known.get(value.casefold())
    if found is None:
        names = [item.name for item in known.values()]
        raise FieldError(path, fields.unknown(what, value, names, "the armory has"))
    return found


def _section(data: Mapping[str, Any], key: str, spec: Callable[[Any, str], T]) -> dict[str, T]:
    items: dict[str, T] = {}
    for i, entry in enumerate(fields.array(data[key], key)):
        item = spec(entry, fields.index_path(key, i))
        folded = item.name.casefold()
        if folded in items:
            raise FieldError(
                fields.key_path(fields.index_path(key, i), "name"), f"{item.name!r} is listed twice"
            )
        items[folded] = item
    return items


def parse_armory(data: Any) -> Armory:
    """An Armory from parsed JSON; FieldError with the JSON path of a bad field."""
    top = fields.obj(data, "", required=("weapons", "shields", "armour"))
    return Armory(
        weapons=_section(top, "weapons", weapon_spec),
        shields=_section(top, "shields", shield_spec),
        armour=_section(top, "armour", armour_spec),
    )


def load_armory(path: Path | None = None) -> Armory:
    """Load and validate an armory file (the built-in one by default).

    Raises ArmoryError with one line naming the file and the bad field.
    """
    return fields.load_data(ARMORY_FILE, path, parse_armory, ArmoryError)


@functools.cache
def default_armory() -> Armory:
    """The built-in armory, loaded once."""
    return load_armory()
