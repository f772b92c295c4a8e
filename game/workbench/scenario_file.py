"""The position as a scenario file (docs/content.md), and a scenario file as a position.

A scenario names a Tiled map and places roster characters on it, so it keeps the map, the
rules modules, each combatant's character, name, tile, facing and Injuries (0–2), and the
sides; it cannot hold an edited sheet or equipment, a Defeated or dead combatant, weapons on
the ground, or orders (those go in a sandbox file).  Whatever it cannot hold is left out and
said in the notes.  A position on the workbench's open ground gets a blank Tiled map of its
own beside the scenario file.  What is written is read back through the content loader before
anything is saved, and loading goes through that loader: a hostile file is one line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from game.content.battle_setup import build_battle
from game.content.fields import FieldError
from game.content.roster import Roster, default_roster
from game.content.scenarios import ScenarioError, load_scenario, parse_scenario
from game.content.side_looks import default_looks
from game.core.geometry import direction_name
from game.paths import relative_to_root
from game.persist.atomic import write_atomic
from game.rules.injury import DEFEAT_AT
from game.rules.positions import name_of, tile_of
from game.workbench.boards import blank_tmx
from game.workbench.characters import roster_origin, same_as
from game.workbench.setup import BoardSource, Setup
from game.world import Condition, Facing, Item, Side

BRIEFING = "A position set up in the position workbench."
MAP_SUFFIX = "-map.tmx"  # the blank map written beside a scenario of open ground


class ScenarioRefused(ValueError):
    """The position cannot be written as a scenario file (one line saying why)."""


def scenario_stem(text: str) -> str:
    """A scenario id from a title: lower case, words joined by underscores."""
    stem = re.sub(r"[^a-z0-9]+", "_", text.casefold()).strip("_")
    return stem[:60] or "position"


def scenario_document(
    setup: Setup, path: Path, roster: Roster | None = None
) -> tuple[dict[str, Any], list[str]]:
    """The scenario file for `path` (its id is the file's stem), and notes on what it left out."""
    roster = roster or default_roster()
    world = setup.world
    notes: list[str] = []
    sides: dict[str, list[dict[str, Any]]] = {side: [] for side in setup.sides}
    for eid in setup.combatants:
        name = name_of(world, eid)
        condition = world.get(eid, Condition)
        if condition.dead or condition.injuries >= DEFEAT_AT:
            state = "dead" if condition.dead else "Defeated"
            notes.append(f"{name} is {state}: a scenario starts everyone able to act, left out")
            continue
        ident = setup.origins.get(eid)
        character = roster.characters.get(ident.casefold()) if ident else None
        if character is None or not same_as(world, eid, character):
            found = roster_origin(world, eid, roster)
            if found is None:
                was = f" (edited from the roster's {character.id})" if character is not None else ""
                kept = "left out (a sandbox file keeps it)"
                notes.append(f"{name}'s sheet or equipment is no roster character's{was}: {kept}")
                continue
            character = roster.get(found)
        unit: dict[str, Any] = {"character": character.id}
        if name != character.short:
            unit["name"] = name
        unit["at"] = list(tile_of(world, eid))
        unit["facing"] = direction_name(world.get(eid, Facing).direction)
        if condition.injuries:
            unit["injuries"] = condition.injuries
        sides[world.get(eid, Side).name].append(unit)
    filled = {side: units for side, units in sides.items() if units}
    if len(filled) < 2:
        raise ScenarioRefused("a scenario needs two sides with someone on each who can act")
    if any(True for _ in world.query(Item)):
        notes.append("weapons lying on the ground are not part of a scenario: left out")
    if setup.orders:
        notes.append("orders are not part of a scenario: save a sandbox file to keep them")
    looks = default_looks(list(filled))  # a side named for a colour wears it
    document: dict[str, Any] = {
        "comment": "Made in the position workbench.",
        "id": path.stem,
        "title": setup.title,
        "briefing": BRIEFING,
        "map": _map_name(setup.source, path),
        "map_units": False,
        "modules": setup.options.to_dict(),
        "victory": {"kind": "eliminate"},
        "sides": [
            {
                "name": side,
                "colour": look[0],
                "shape": look[1],
                "controller": "human" if i == 0 else "ai:normal",
                "units": units,
            }
            for i, ((side, units), look) in enumerate(zip(filled.items(), looks, strict=True))
        ],
    }
    return document, notes


def _map_name(source: BoardSource, path: Path) -> str:
    """How the scenario names its map: a bundled map relative to the game, another by its path,
    open ground by the blank map written beside the scenario."""
    if source.kind == "map" and source.path is not None:
        return relative_to_root(source.path)
    if source.kind == "blank":
        return path.stem + MAP_SUFFIX
    raise ScenarioRefused(
        "this board is no Tiled map (it came from a sandbox file or a save): save a sandbox file instead"
    )


def save_scenario(setup: Setup, path: Path, roster: Roster | None = None) -> list[str]:
    """Write the position as a scenario file (and its blank map, on open ground), atomically;
    returns notes on what it left out.  ScenarioRefused (one line) and nothing written if the
    content loader would refuse the file."""
    path = Path(path)
    document, notes = scenario_document(setup, path, roster)
    board = setup.board
    try:
        parsed = parse_scenario(json.loads(json.dumps(document)), path.stem, roster, path.parent)
    except FieldError as err:
        raise ScenarioRefused(f"the game would refuse this scenario: {err}") from None
    if setup.source.kind == "blank":
        tmx = blank_tmx(board.width, board.height, board.metres_per_tile, setup.title)
        write_atomic(parsed.map_path, tmx.encode("utf-8"))
    write_atomic(path, (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return notes


def load_scenario_setup(path: Path, roster: Roster | None = None) -> tuple[Setup, list[str]]:
    """A scenario file as a position (ScenarioError, one line, for a bad file or map)."""
    from game.board.tiled import load_map
    from game.workbench.boards import is_blank

    path = Path(path)
    scenario = load_scenario(path, roster)
    battle, battle_map = build_battle(scenario, seed=1, roster=roster)
    world = battle.world
    origins = {
        e: o for e in sorted(c for c, _ in world.query(Side)) if (o := roster_origin(world, e, roster))
    }
    if battle_map is None:  # pragma: no cover - build_battle always loads the map
        battle_map = load_map(scenario.map_path)
    own_blank = scenario.map_path.name == path.stem + MAP_SUFFIX and is_blank(battle.board)
    source = (
        BoardSource("blank", f"Open ground {battle.board.width} × {battle.board.height}")
        if own_blank
        else BoardSource("map", f"Map: {battle_map.name}", scenario.map_path, battle_map.art)
    )
    setup = Setup(battle.board, source, world, battle.options, origins=origins, title=scenario.title)
    return setup, []


__all__ = ["ScenarioError", "ScenarioRefused", "load_scenario_setup", "save_scenario", "scenario_document"]
