"""A loaded map as plain data: the board, where each side deploys, who stands where.

This is what `game.board.tiled.load_map` returns; nothing in it refers to
pytmx or to the file format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.board.art import MapArt
from game.board.terrain import TerrainBoard
from game.core.geometry import Tile, direction_name


@dataclass(frozen=True)
class DeployZone:
    """Tiles where one side may set up its combatants before the battle."""

    side: str
    name: str
    tiles: frozenset[Tile]
    colour: str | None = None  # "#rrggbb" the map gives the side, if any

    def bounds(self) -> tuple[int, int, int, int]:
        """(min x, min y, max x, max y) of the zone's tiles."""
        xs = [x for x, _ in self.tiles]
        ys = [y for _, y in self.tiles]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class Placement:
    """A combatant the map places before the battle: a roster id, its side, tile and facing.

    The map names the id with a `character` or a `troop` property (`kind`); which ids
    exist is the roster's business (`game.content.mapunits` checks them)."""

    side: str
    character: str
    tile: Tile
    facing: int  # 0 = N, clockwise, as game.world.Facing
    name: str = ""  # the object's name: the combatant's name in battle ("" = the character's own)
    kind: str = "character"  # the property that named it: "character" or "troop"
    object_id: int = 0  # the Tiled object, for messages

    @property
    def facing_name(self) -> str:
        """N, NE, E, …"""
        return direction_name(self.facing)


@dataclass(frozen=True)
class BattleMap:
    """A battlefield ready to play: its board, deploy zones, placements and the
    warnings the loader had about the file."""

    name: str
    source: str
    board: TerrainBoard
    zones: tuple[DeployZone, ...]
    placements: tuple[Placement, ...] = ()
    warnings: tuple[str, ...] = field(default_factory=tuple)
    art: MapArt | None = None  # the map's own tiles, for drawing; None: draw from terrain
    digest: str = ""  # SHA-256 of the map file and its tileset files: saves notice an edited map
    inferred: tuple[str, ...] = ()  # what terrain was guessed from other games' conventions, and from what
    decided_by: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each terrain kind's name and the rules that decided its tiles ("the game's properties",
    a convention's reason, "nothing said: open ground"), for check-map."""

    @property
    def sides(self) -> list[str]:
        """Every side the map names, in order of first appearance."""
        seen: dict[str, None] = {}
        for side in [z.side for z in self.zones] + [p.side for p in self.placements]:
            seen.setdefault(side, None)
        return list(seen)

    def side_colour(self, side: str) -> str | None:
        """The colour the map's deploy zones give a side, if any (the first zone that says)."""
        return next((z.colour for z in self.zones if z.side == side and z.colour), None)

    def placed(self, side: str) -> list[Placement]:
        """The combatants the map places for a side."""
        return [p for p in self.placements if p.side == side]

    def deploy_tiles(self, side: str) -> set[Tile]:
        """Every tile where `side` may deploy."""
        return {tile for zone in self.zones if zone.side == side for tile in zone.tiles}


def map_source(path: str, digest: str) -> dict[str, Any]:
    """How a battle names the map it is played on: its path and the hash of its files."""
    return {"map": {"path": path, "sha256": digest}}
