"""Character sheets and equipment from JSON objects, shared by every content file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.content import fields
from game.content.armory import Armory
from game.content.fields import FieldError, index_path, key_path
from game.core.sheet import ALL_SKILLS, ATTRIBUTES, Sheet
from game.world import Equipment

MAX_SKILL = 99  # a sanity bound on attributes and skills


def parse_sheet(data: Mapping[str, Any], path: str) -> Sheet:
    """A Sheet from an object's "attributes", "skills" and "favorable_rounding" fields."""
    where = key_path(path, "attributes")
    attrs = fields.obj(data["attributes"], where, required=("vigor", "agility"), optional=ATTRIBUTES[2:])
    values = {
        name: fields.whole(attrs[name], key_path(where, name), 0, MAX_SKILL)
        for name in ATTRIBUTES
        if name in attrs
    }
    skills: dict[str, int] = {}
    if "skills" in data:
        skills_path = key_path(path, "skills")
        raw = fields.mapping(data["skills"], skills_path)
        for skill, stat in raw.items():
            if skill == fields.COMMENT_KEY:
                continue
            if skill not in ALL_SKILLS:
                raise FieldError(key_path(skills_path, skill), fields.unknown("skill", skill, ALL_SKILLS))
            skills[skill] = fields.whole(stat, key_path(skills_path, skill), 0, MAX_SKILL)
    rounding = (
        fields.flag(data["favorable_rounding"], key_path(path, "favorable_rounding"))
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
