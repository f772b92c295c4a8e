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

    def bounds(self) -> tuple[int, int, int, int]:
        """(min x, min y, max x, max y) of the zone's tiles."""
        xs = [x for x, _ in self.tiles]
        ys = [y for _, y in self.tiles]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class Placement:
    """A combatant the map places before the battle: a character id, its side, tile and facing."""

    side: str
    character: str
    tile: Tile
    facing: int  # 0 = N, clockwise, as game.world.Facing

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

    @property
    def sides(self) -> list[str]:
        """Every side the map names, in order of first appearance."""
        seen: dict[str, None] = {}
        for side in [z.side for z in self.zones] + [p.side for p in self.placements]:
            seen.setdefault(side, None)
        return list(seen)

    def deploy_tiles(self, side: str) -> set[Tile]:
        """Every tile where `side` may deploy."""
        return {tile for zone in self.zones if zone.side == side for tile in zone.tiles}


def map_source(path: str, digest: str) -> dict[str, Any]:
    """How a battle names the map it is played on: its path and the hash of its files."""
    return {"map": {"path": path, "sha256": digest}}
