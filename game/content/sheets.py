"""Character sheets and equipment from JSON objects, shared by every content file."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from game.content import fields
from game.content.armory import Armory
from game.content.fields import FieldError, index_path, key_path
from game.content.shapes import Flag, Obj, Table, Text, Whole
from game.core.sheet import ALL_SKILLS, ATTRIBUTES, LUCK_FOR_FAVORABLE_ROUNDING, Sheet
from game.world import Equipment

MAX_SKILL = 99  # a sanity bound on attributes and skills
# The fields of a character sheet (a sandbox combatant, a roster entry) besides its equipment.
STAT = Whole(low=0, high=MAX_SKILL)
SHEET_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Sheet)}
ATTRIBUTES_SHAPE = Obj(
    required={name: STAT for name in ATTRIBUTES[:2]},
    optional={name: STAT.about("", default=SHEET_DEFAULTS[name]) for name in ATTRIBUTES[2:]},
    name="attributes",
    title="Attributes",
    help=f"the attributes, whole numbers 0–{MAX_SKILL} (vigor and agility required)",
)
SKILLS_SHAPE = Table(
    key=Text(choices=ALL_SKILLS),
    value=STAT,
    comment=True,
    help=f"skill stats that differ from their starting value, whole numbers 0–{MAX_SKILL}",
    default={},
)
ROUNDING = Flag(
    help=f"whether the Combat Composite rounds up (default: Luck {LUCK_FOR_FAVORABLE_ROUNDING} or more)"
)


def parse_sheet(data: Mapping[str, Any], path: str) -> Sheet:
    """A Sheet from an object's "attributes", "skills" and "favorable_rounding" fields."""
    where = key_path(path, "attributes")
    attrs = ATTRIBUTES_SHAPE.check(data["attributes"], where)
    values = {name: ATTRIBUTES_SHAPE.get(attrs, where, name) for name in ATTRIBUTES if name in attrs}
    skills: dict[str, int] = {}
    if "skills" in data:
        skills_path = key_path(path, "skills")
        raw = SKILLS_SHAPE.check(data["skills"], skills_path)
        for skill, stat in raw.items():
            if skill == fields.COMMENT_KEY:
                continue
            if skill not in ALL_SKILLS:
                raise FieldError(key_path(skills_path, skill), fields.unknown("skill", skill, ALL_SKILLS))
            skills[skill] = STAT.read(stat, key_path(skills_path, skill))
    rounding = (
        ROUNDING.read(data["favorable_rounding"], key_path(path, "favorable_rounding"))
        if "favorable_rounding" in data
        else None
    )
    return Sheet(favorable_rounding=rounding, skills=skills, **values)


def parse_equipment(data: Mapping[str, Any], path: str, armory: Armory) -> Equipment:
    """Equipment from an object's "weapons", "shield" and "armour" fields (armory names or objects)."""
    weapons_path = key_path(path, "weapons")
    weapons = tuple(
        armory.weapon_ref(w, index_path(weapons_path, i))
        for i, w in enumerate(fields.array(data.get("weapons", []), weapons_path))
    )
    shield = armory.shield_ref(data["shield"], key_path(path, "shield")) if "shield" in data else None
    armour = armory.armour_ref(data["armour"], key_path(path, "armour")) if "armour" in data else None
    try:
        return Equipment(weapons, shield, armour)
    except ValueError as err:  # more than two hands' worth
        raise FieldError(weapons_path, str(err)) from None
