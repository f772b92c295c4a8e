"""The combatants a map places, checked against the roster.

A unit object in Tiled names a roster character (`character = serena`) or a
troop type (`troop = soldier`); the board loader reads the names, and this
module checks them, so a typo is one line naming the map, the object and
the names it could have meant, in `check-map`, in the menu and before any
battle.  `load_playable_map` is what everything that offers a map to play
uses: the map loads and every combatant it places exists.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from game.content import fields
from game.content.roster import Character, Roster, default_roster

if TYPE_CHECKING:
    from game.board.battlemap import BattleMap, Placement


class MapUnitError(ValueError):
    """A map that places a combatant the roster does not know: one line."""


def placed_character(battle_map: BattleMap, placement: Placement, roster: Roster | None = None) -> Character:
    """The roster entry a placed unit names; MapUnitError (one line) if there is none."""
    roster = roster or default_roster()
    found = roster.characters.get(placement.character.casefold())
    troops = [c.id for c in roster.characters.values() if c.kind == "troop"]
    if placement.kind == "troop":
        if found is None or found.kind != "troop":
            problem = fields.unknown("troop type", placement.character, troops)
            raise MapUnitError(f"{_where(battle_map, placement)}: {problem}")
        return found
    if found is None:
        problem = fields.unknown("character", placement.character, [c.id for c in roster.characters.values()])
        raise MapUnitError(f"{_where(battle_map, placement)}: {problem}")
    return found


def check_units(battle_map: BattleMap, roster: Roster | None = None) -> list[Character]:
    """The roster entry of every combatant the map places (in order); MapUnitError on the first unknown."""
    return [placed_character(battle_map, p, roster) for p in battle_map.placements]


def load_playable_map(path: str | os.PathLike[str], roster: Roster | None = None) -> BattleMap:
    """Load a map and check the combatants it places: MapError or MapUnitError, one line each."""
    from game.board.tiled import load_map

    battle_map = load_map(path)
    check_units(battle_map, roster)
    return battle_map


def _where(battle_map: BattleMap, placement: Placement) -> str:
    name = f" {placement.name!r}" if placement.name else ""
    return f"{Path(battle_map.source).name}: object {placement.object_id}{name}"
