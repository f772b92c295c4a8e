"""`python -m game check-map MAP`: load a Tiled map and summarise it.

MAP is a .tmx file, a bundled map by name (`ruined_town`), or a scenario as
`render` and `simulate` take it (a bundled id or a .json file): its map.
Prints the map's name, size in tiles and metres, terrain (which rule decided
each kind, and what was inferred from other games' conventions), deploy
zones, placed combatants and warnings; with `--json`, the same as one JSON
object.  Exit 0 when the map is playable; a map that cannot be played (a
combatant naming no roster character counts) ends with one line on stderr
and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli import UsageError

if TYPE_CHECKING:
    from game.board.battlemap import BattleMap
    from game.board.terrain import TerrainBoard


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the command (cheap: the loader is imported only when run)."""
    parser.add_argument("path", help="a .tmx map file, a bundled map's name, or a scenario (id or .json)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")


def run(args: argparse.Namespace) -> int:
    """Load the map and print its summary."""
    from game.board.tiled import MapError
    from game.content.mapunits import MapUnitError, load_playable_map

    try:
        battle_map = load_playable_map(map_path(args.path))
    except (MapError, MapUnitError) as err:
        raise UsageError(str(err)) from None
    more = _undecodable(battle_map)
    if args.json:  # (ASCII: every name's control characters escaped, as JSON writes them)
        print(json.dumps(summary_json(battle_map, more), indent=2))
        return 0
    from game.files import shown_name

    # A map's names (its own, its objects', its file's) are the map maker's: one line each.
    print("\n".join(shown_name(line) for line in summary_lines(battle_map, more)))
    return 0


def map_path(ident: str) -> Path:
    """The map file `ident` names: a map file as it is; a scenario (a bundled id or a .json
    file), its map; else a bundled map by its name.  UsageError naming them otherwise."""
    from game.content.scenarios import (
        MAP_SUFFIXES,
        ScenarioError,
        bundled_maps,
        find_scenario,
        list_scenarios,
    )

    path = Path(ident)
    if path.suffix.lower() in MAP_SUFFIXES:
        return path  # (the loader says what is wrong with it, if anything)
    if path.suffix.lower() != ".json" and (os.path.lexists(path) or os.sep in ident):
        return path  # a file (or a device, a folder …) named as such: the loader says what it is
    ids = [s.id for s in list_scenarios()]
    if ident in ids or path.suffix.lower() == ".json":
        try:
            return Path(find_scenario(ident).map_path)
        except ScenarioError as err:
            raise UsageError(str(err)) from None
    maps = {p.stem: p for p in bundled_maps()}
    if ident in maps:
        return maps[ident]
    raise UsageError(
        f"no map file, bundled map or scenario {ident!r}; bundled maps: {', '.join(maps)}; "
        f"scenarios: {', '.join(ids)}"
    )


def _undecodable(battle_map: BattleMap) -> list[str]:
    """The images the map's pictures need that cannot be decoded (sized, yet damaged)."""
    if battle_map.art is None:
        return []
    from game.ui.render.tile_images import undecodable

    return undecodable(battle_map.art)


def summary_lines(battle_map: BattleMap, more_warnings: list[str] | None = None) -> list[str]:
    """The summary check-map prints, line by line (`more_warnings` after the map's own)."""
    board = battle_map.board
    mpt = board.metres_per_tile
    lines = [
        f"map: {battle_map.name} ({battle_map.source})",
        f"size: {board.width} × {board.height} tiles, {board.width * mpt:g} × {board.height * mpt:g} m "
        f"({mpt:g} m per tile)",
        "terrain:",
    ]
    total = board.width * board.height
    for terrain, count in board.terrain_counts():
        share = 100 * count / total
        tiles = "tiles" if count != 1 else "tile "
        lines.append(f"  {terrain.name:<20} {count:>7} {tiles} {share:5.1f}%  {terrain.describe()}")
    from game.board.infer import PROPERTIES

    # Said when anything but the game's own properties decided a kind (a map drawn with them
    # says what each kind is already), in the order of the terrain above.
    if any(found != (PROPERTIES,) for _, found in battle_map.decided_by):
        rules: dict[str, list[str]] = {}
        for kind, found in battle_map.decided_by:
            rules.setdefault(kind, []).extend(r for r in found if r not in rules.get(kind, []))
        lines.append("terrain decided by:")
        names = dict.fromkeys(terrain.name for terrain, _ in board.terrain_counts())
        lines.extend(f"  {kind}: {'; '.join(rules[kind])}" for kind in names if kind in rules)
    lines.extend(darkness_lines(board))
    if battle_map.inferred:
        lines.append("inferred terrain (from conventions of other games):")
        lines.extend(f"  {line}" for line in battle_map.inferred)
    lines.append("deploy zones:")
    for zone in battle_map.zones:
        x0, y0, x1, y1 = zone.bounds()
        within = f"({x0}, {y0})–({x1}, {y1})"
        lines.append(f"  side {zone.side}: {zone.name} — {len(zone.tiles)} tiles within {within}")
    lines.append(_exits_line(board))
    if battle_map.placements:
        lines.append("combatants:")
        for p in battle_map.placements:
            what = p.character if p.kind == "character" else f"troop {p.character}"
            who = what if not p.name or p.name == p.character else f"{p.name} ({what})"
            lines.append(f"  side {p.side}: {who} at {p.tile} facing {p.facing_name}")
    warnings = [*battle_map.warnings, *(more_warnings or [])]
    lines.append("warnings:" if warnings else "warnings: none")
    lines.extend(f"  {w}" for w in warnings)
    return lines


def darkness_lines(board: TerrainBoard) -> list[str]:
    """What the map's darkness does to sight (read by the fog module; docs/maps.md): nothing
    when it has none."""
    lines = []
    if board.sight_limit is not None:
        lines.append(f"darkness: nothing is seen from farther than {board.sight_limit:g} m (map sight_limit)")
    by_limit: dict[float, int] = {}
    for metres in board.dark_tiles.values():
        by_limit[metres] = by_limit.get(metres, 0) + 1
    for metres, count in sorted(by_limit.items()):
        tiles = "tiles" if count != 1 else "tile"
        lines.append(f"darkness: {count} {tiles} seen only from within {metres:g} m (layer sight_limit)")
    return lines


def summary_json(battle_map: BattleMap, more_warnings: list[str] | None = None) -> dict[str, Any]:
    """What `summary_lines` says, as data (`check-map --json`)."""
    board = battle_map.board
    total = board.width * board.height
    decided: dict[str, list[str]] = {}
    for kind, found in battle_map.decided_by:
        decided.setdefault(kind, []).extend(r for r in found if r not in decided.get(kind, []))
    return {
        "name": battle_map.name,
        "source": battle_map.source,
        "width": board.width,
        "height": board.height,
        "metres_per_tile": board.metres_per_tile,
        "terrain": [
            {
                "name": terrain.name,
                "tiles": count,
                "share": round(count / total, 4),
                "move_cost": terrain.move_cost,
                "blocks_move": terrain.blocks_move,
                "blocks_sight": terrain.blocks_sight,
                "cover": terrain.cover,
                "decided_by": decided.get(terrain.name, []),
            }
            for terrain, count in board.terrain_counts()
        ],
        "sight_limit": board.sight_limit,
        "dark_tiles": sorted([x, y, metres] for (x, y), metres in board.dark_tiles.items()),
        "inferred": list(battle_map.inferred),
        "zones": [
            {"side": z.side, "name": z.name, "tiles": len(z.tiles), "bounds": list(z.bounds())}
            for z in battle_map.zones
        ],
        "exits": len(_exits(board)),
        "combatants": [
            {
                "side": p.side,
                "name": p.name,
                p.kind: p.character,  # "character" or "troop"
                "tile": list(p.tile),
                "facing": p.facing_name,
            }
            for p in battle_map.placements
        ],
        "warnings": [*battle_map.warnings, *(more_warnings or [])],
    }


def _exits(board: TerrainBoard) -> set[tuple[int, int]]:
    from game.rules.flight import exit_tiles

    return set(exit_tiles(board))


def _exits_line(board: TerrainBoard) -> str:
    """How many open edge tiles a combatant may flee off the map from, edge by edge."""
    from game.rules.flight import exit_tiles

    exits = exit_tiles(board)
    w, h = board.width, board.height
    edges = {
        "north": sum(1 for _x, y in exits if y == 0),
        "east": sum(1 for x, _y in exits if x == w - 1),
        "south": sum(1 for _x, y in exits if y == h - 1),
        "west": sum(1 for x, _y in exits if x == 0),
    }
    if not exits:
        return "ways off the map: none (the edge is walled all round; nobody can flee)"
    each = ", ".join(f"{name} {n}" for name, n in edges.items())
    return f"ways off the map: {len(exits)} open edge tiles to flee from ({each})"
