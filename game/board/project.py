"""The Tiled project map makers open: the game's property types and a "Check map" command.

`dominion.tiled-project` (Tiled 1.8 or later) gives Tiled the game's custom
property types, so a map maker picks values from dropdowns instead of
typing strings the loader might refuse:

- enums `Cover` (none, low, high) and `Facing` (middle, N, NE, … NW, and
  0–7 as docs/maps.md allows; "middle" faces the middle of the map, as
  leaving `facing` out does);
- classes `Terrain` (terrain, move_cost, blocks_move, blocks_sight, cover)
  for tiles and layers, `Deploy` (side, colour) and `Unit` (side,
  character, troop, facing) for objects.  Tiled 1.8 offers them as the type
  of a custom property; Tiled 1.9 and later also as the class of a tile,
  layer or object (`useAs`, which 1.8 ignores).

Its commands run the game on the map being edited: "Check map" (check-map,
the output in Tiled's console) and "Play map" (the window).  The types are
built here from the values the loader accepts, so the two cannot drift
apart; `game.board.embed` reads what Tiled writes for the classes.
"""

from __future__ import annotations

import json
from typing import Any

from game.board.embed import GAME_CLASSES
from game.core.geometry import DIRECTION_NAMES
from game.rules.board import COVER_LEVELS

PROJECT_FILE = "dominion.tiled-project"
FACE_MIDDLE = "middle"  # the Facing enum's default: face the middle of the map


def _member(name: str, kind: str, value: object, enum: str = "") -> dict[str, Any]:
    member: dict[str, Any] = {"name": name, "type": kind, "value": value}
    if enum:
        member["propertyType"] = enum
    return member


def property_types() -> list[dict[str, Any]]:
    """The custom property types, as Tiled stores them in a project."""
    types: list[dict[str, Any]] = [
        {"id": 1, "name": "Cover", "storageType": "string", "type": "enum",
         "values": list(COVER_LEVELS), "valuesAsFlags": False},
        {"id": 2, "name": "Facing", "storageType": "string", "type": "enum",
         "values": [FACE_MIDDLE, *DIRECTION_NAMES, *map(str, range(8))], "valuesAsFlags": False},
        {"id": 3, "name": "Terrain", "type": "class", "color": "#ff8ab16d",
         "useAs": ["property", "tile", "layer"], "members": [
             _member("blocks_move", "bool", False),
             _member("blocks_sight", "bool", False),
             _member("cover", "string", COVER_LEVELS[0], "Cover"),
             _member("move_cost", "float", 1.0),
             _member("terrain", "string", ""),
         ]},
        {"id": 4, "name": "Deploy", "type": "class", "color": "#ff3b82f6", "useAs": ["property", "object"],
         "members": [_member("colour", "color", ""), _member("side", "string", "")]},
        {"id": 5, "name": "Unit", "type": "class", "color": "#ffef4444", "useAs": ["property", "object"],
         "members": [
             _member("character", "string", ""),
             _member("facing", "string", FACE_MIDDLE, "Facing"),
             _member("side", "string", ""),
             _member("troop", "string", ""),
         ]},
    ]  # fmt: skip
    assert {t["name"].lower() for t in types if t["type"] == "class"} == GAME_CLASSES
    return types


def commands(python: str, working_directory: str) -> list[dict[str, Any]]:
    """Tiled commands that run the game's `check-map` and `play --map` on the map being edited."""

    def command(name: str, arguments: str, shortcut: str) -> dict[str, Any]:
        return {
            "arguments": arguments,
            "command": python,
            "enabled": True,
            "name": name,
            "saveBeforeExecute": True,
            "shortcut": shortcut,
            "showOutput": True,
            "workingDirectory": working_directory,
        }

    return [
        command("Check map", '-m game check-map "%mapfile"', "F6"),
        command("Play map", '-m game play --map "%mapfile"', "F7"),
    ]


def project_text(python: str, working_directory: str) -> str:
    """The whole .tiled-project file (JSON, as Tiled writes it)."""
    project = {
        "automappingRulesFile": "",
        "commands": commands(python, working_directory),
        "extensionsPath": "extensions",
        "folders": ["."],
        "propertyTypes": property_types(),
    }
    return json.dumps(project, indent=4) + "\n"
