"""The roster: named characters of the combat chapter and generic troops.

`data/roster.json` lists character templates; scenarios place them by id.
Each entry: id, name, short (the name used in battle), kind ("named" or
"troop"), setting, token (an emblem from assets/tokens), source (which worked
examples fix its numbers), attributes, skills, weapons, shield, armour,
favorable_rounding.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content import fields
from game.content.armory import Armory, default_armory
from game.content.fields import FieldError, index_path, key_path
from game.content.sheets import parse_equipment, parse_sheet
from game.core.sheet import Sheet
from game.world import Equipment

ROSTER_FILE = "roster.json"
KINDS = ("named", "troop")
SETTINGS = ("fantasy", "modern", "space")
ENTRY_FIELDS = (
    "name", "short", "kind", "setting", "token", "source", "attributes", "skills",
    "weapons", "shield", "armour", "favorable_rounding",
)  # fmt: skip


class RosterError(ValueError):
    """A bad roster file: one line naming the file and the field."""


@dataclass(frozen=True)
class Character:
    """A character template: a sheet, equipment and how it looks."""

    id: str
    name: str
    short: str
    kind: str
    setting: str
    token: str
    source: str
    sheet: Sheet
    equipment: Equipment


def parse_character(value: Any, path: str, armory: Armory) -> Character:
    """One roster entry."""
    data = fields.obj(value, path, required=("id", "name", "attributes"), optional=ENTRY_FIELDS)
    at = functools.partial(key_path, path)
    ident = fields.text(data["id"], at("id"))
    name = fields.name(data["name"], at("name"))
    return Character(
        id=ident,
        name=name,
        short=fields.name(data.get("short", name), at("short")),
        kind=fields.text(data.get("kind", "troop"), at("kind"), KINDS),
        setting=fields.text(data.get("setting", "fantasy"), at("setting"), SETTINGS),
        token=fields.text(data.get("token", "person"), at("token")),
        source=fields.text(data.get("source", "ours"), at("source")),
        sheet=parse_sheet(data, path),
        equipment=parse_equipment(data, path, armory),
    )


@dataclass(frozen=True)
class Roster:
    """Characters by id (case-insensitive)."""

    characters: Mapping[str, Character]

    def get(self, ident: str, path: str = "character") -> Character:
        """The character with that id; FieldError naming the known ids otherwise."""
        found = self.characters.get(ident.casefold())
        if found is None:
            raise FieldError(
                path, fields.unknown("character", ident, [c.id for c in self.characters.values()])
            )
        return found

    def named(self) -> list[Character]:
        """The chapter's named characters."""
        return [c for c in self.characters.values() if c.kind == "named"]


def parse_roster(data: Any, armory: Armory | None = None) -> Roster:
    """A Roster from parsed JSON."""
    armory = armory or default_armory()
    top = fields.obj(data, "", required=("characters",))
    characters: dict[str, Character] = {}
    for i, raw in enumerate(fields.array(top["characters"], "characters", min_items=1)):
        where = index_path("characters", i)
        character = parse_character(raw, where, armory)
        if character.id.casefold() in characters:
            raise FieldError(key_path(where, "id"), f"{character.id!r} is listed twice")
        characters[character.id.casefold()] = character
    return Roster(characters)


def load_roster(path: Path | None = None, armory: Armory | None = None) -> Roster:
    """Load and validate a roster file (the built-in one by default)."""
    return fields.load_data(ROSTER_FILE, path, lambda data: parse_roster(data, armory), RosterError)


@functools.cache
def default_roster() -> Roster:
    """The built-in roster, loaded once."""
    return load_roster()
