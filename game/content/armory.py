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
from game.core.equipment import WEAPON_TRAITS, Armour, MissileKind, Shield, Weapon, WeaponClass

ARMORY_FILE = "armory.json"

WEAPON_COMMON = ("class", "hands", "injury", "traits")
MELEE_FIELDS = ("reach", "can_parry", "parry")
MISSILE_FIELDS = ("kind", "ranges")
MAX_INJURY = 20  # a sanity bound: Withstand Injury is a d12 roll
MAX_REACH = 10  # tiles


class _Named(Protocol):
    name: str


T = TypeVar("T", bound=_Named)


class ArmoryError(ValueError):
    """The armory file itself is bad (a packaging or editing mistake)."""


def weapon_spec(value: Any, path: str) -> Weapon:
    """A weapon from an inline object (see the module docstring for its fields)."""
    data = fields.obj(value, path, required=("name",), optional=WEAPON_COMMON + MELEE_FIELDS + MISSILE_FIELDS)
    name = fields.name(data["name"], fields.key_path(path, "name"))
    at = functools.partial(fields.key_path, path)
    weapon_class = WeaponClass(
        fields.text(data.get("class", "melee"), at("class"), [c.value for c in WeaponClass])
    )
    hands = fields.whole(data.get("hands", 1), at("hands"), 1, 2)
    injury = fields.whole(data.get("injury", 1), at("injury"), 0, MAX_INJURY)
    traits = _traits(data.get("traits", []), at("traits"), weapon_class)
    if weapon_class is WeaponClass.MELEE:
        for key in MISSILE_FIELDS:
            if key in data:
                raise FieldError(at(key), 'only missile weapons have this field (set "class": "missile")')
        return Weapon(
            name,
            weapon_class,
            hands=hands,
            reach=fields.whole(data.get("reach", 1), at("reach"), 1, MAX_REACH),
            can_parry=fields.flag(data.get("can_parry", True), at("can_parry")),
            parry_modifier=fields.whole(data.get("parry", 0), at("parry"), -12, 12),
            injury=injury,
            traits=traits,
        )
    for key in MELEE_FIELDS:
        if key in data:
            raise FieldError(at(key), "only melee weapons have this field")
    for key in MISSILE_FIELDS:
        if key not in data:
            raise FieldError(at(key), "required field is missing (a missile weapon needs kind and ranges)")
    kind = MissileKind(fields.text(data["kind"], at("kind"), [k.value for k in MissileKind]))
    raw = fields.array(data["ranges"], at("ranges"))
    if len(raw) != 3:
        raise FieldError(at("ranges"), fields.expected("[short, medium, long] in metres", raw))
    ranges = [fields.number(r, fields.index_path(at("ranges"), i), positive=True) for i, r in enumerate(raw)]
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
        word = fields.text(item, where, list(WEAPON_TRAITS))
        if word == "burst" and weapon_class is not WeaponClass.MISSILE:
            raise FieldError(where, 'only a missile weapon fires bursts (set "class": "missile")')
        found.add(word)
    return frozenset(found)


def shield_spec(value: Any, path: str) -> Shield:
    """A shield from an inline object: name, withstand (Withstand Injury bonus)."""
    data = fields.obj(value, path, required=("name",), optional=("withstand",))
    return Shield(
        fields.name(data["name"], fields.key_path(path, "name")),
        fields.whole(data.get("withstand", 1), fields.key_path(path, "withstand"), 0, MAX_INJURY),
    )


def armour_spec(value: Any, path: str) -> Armour:
    """Armour from an inline object: name, withstand, movement (≤ 0), skill (≤ 0)."""
    data = fields.obj(value, path, required=("name",), optional=("withstand", "movement", "skill"))
    at = functools.partial(fields.key_path, path)
    return Armour(
        fields.name(data["name"], at("name")),
        withstand_bonus=fields.whole(data.get("withstand", 0), at("withstand"), 0, MAX_INJURY),
        movement_modifier=fields.whole(data.get("movement", 0), at("movement"), -20, 0),
        skill_modifier=fields.whole(data.get("skill", 0), at("skill"), -12, 0),
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
