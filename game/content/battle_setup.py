"""Setting a scenario up as a battle: its map loaded, every side's units placed in their
deploy zones (or where the scenario puts them), the map's own combatants with them, and the
whole checked against the bounds a save is checked against (`build_battle`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.content.mapunits import MapUnitError, check_units
from game.content.roster import Character, Roster, default_roster
from game.content.scenario_fields import MAX_UNITS
from game.content.scenarios import MAX_BATTLE_WORK, Scenario, ScenarioError, unique_name
from game.core.geometry import Tile, bearing_direction, chebyshev
from game.paths import relative_to_root
from game.rules.battle import Battle
from game.rules.options import RuleOptions
from game.world import Appearance, Condition, Controller, Facing, Name, Position, Side, World


def build_battle(
    scenario: Scenario,
    seed: int,
    controllers: Mapping[str, str] | None = None,
    options: RuleOptions | None = None,
    roster: Roster | None = None,
) -> tuple[Battle, Any]:
    """Set the scenario up: load its map, place every unit, return (Battle, BattleMap).

    `controllers` overrides who plays each side ("human", "ai:normal", …).
    Raises ScenarioError (one line) if the map or a placement is bad.
    """
    from game.board.battlemap import map_source
    from game.board.tiled import MapError, load_map

    roster = roster or default_roster()
    try:
        battle_map = load_map(scenario.map_path)
        placed_characters = check_units(battle_map, roster) if scenario.map_units else []
    except (MapError, MapUnitError) as err:
        raise ScenarioError(f"{scenario.id}: {err}") from None
    board = battle_map.board
    world = World()
    placed = list(zip(battle_map.placements, placed_characters, strict=False))
    map_sides = _map_sides(scenario, battle_map.sides, {p.side for p, _ in placed})
    taken: set[Tile] = {p.tile for p, _ in placed}  # the map's own combatants stand first
    used: set[str] = set()
    middle = (board.width / 2, board.height / 2)
    sides_meta = {}
    zone_names = battle_map.sides
    for index, side in enumerate(scenario.sides):
        controller = (controllers or {}).get(side.name, side.controller)
        sides_meta[side.name] = {"colour": side.colour, "shape": side.shape, "controller": controller}
        ours = [(p, c) for p, c in placed if p.side == map_sides.get(index)]
        if not ours and not side.units:
            where = f" or place some for side {map_sides[index]!r} on the map" if index in map_sides else ""
            raise ScenarioError(f"{scenario.id}: sides[{index}] has no units: list some{where}")
        for placement, character in ours:
            name = unique_name(placement.name or character.short, used)
            used.add(name.casefold())
            _create(world, name, placement.tile, placement.facing, side.name, character, 0, controller)
        zone = battle_map.deploy_tiles(side.zone)
        if not zone and any(u.at is None for u in side.units):
            # Fall back to the map's n-th deploy side when the names do not match.
            if index < len(zone_names):
                zone = battle_map.deploy_tiles(zone_names[index])
            if not zone:
                raise ScenarioError(
                    f"{scenario.id}: sides[{index}]: the map has no deploy zone {side.zone!r}"
                )
        zone_centre = (
            (sum(x for x, _ in zone) / len(zone), sum(y for _, y in zone) / len(zone)) if zone else middle
        )
        for u_index, unit in enumerate(side.units):
            where = f"{scenario.id}: sides[{index}].units[{u_index}]"
            character = roster.get(unit.character)
            if unit.at is not None:
                tile = unit.at
                if not board.in_bounds(tile) or board.blocks_move(tile):
                    raise ScenarioError(f"{where}.at: {list(tile)} is off the map or blocked")
                if tile in taken:
                    raise ScenarioError(f"{where}.at: {list(tile)} is already taken")
            else:
                free = _free_tiles(zone, taken, zone_centre)
                if not free:
                    raise ScenarioError(f"{where}: no free tile left in deploy zone {side.zone!r}")
                tile = free[0]
            taken.add(tile)
            facing = unit.facing
            if facing is None:
                facing = bearing_direction(tile, (round(middle[0]), round(middle[1])))
                if chebyshev(tile, (round(middle[0]), round(middle[1]))) == 0:
                    facing = 0
            name = unique_name(unit.name or character.short, used)
            used.add(name.casefold())
            _create(world, name, tile, facing, side.name, character, unit.injuries, controller)
    # The map may place combatants the scenario's own count left out: held to the bounds a
    # save of this battle is checked against, so the game never writes a save it refuses.
    count = len(used)  # one name per combatant
    if count > MAX_UNITS:
        raise ScenarioError(f"{scenario.id}: {count} combatants with the map's own; at most {MAX_UNITS}")
    if scenario.max_rounds * count**2 > MAX_BATTLE_WORK:
        raise ScenarioError(
            f"{scenario.id}: max_rounds: with {count} combatants (the map's own included) a battle "
            f"may last at most {MAX_BATTLE_WORK // count**2} rounds"
        )
    map_path = relative_to_root(scenario.map_path)
    meta = {"scenario": scenario.id, "title": scenario.title, "map": map_path, "sides": sides_meta}
    battle = Battle(
        world,
        board,
        seed,
        options or scenario.options,
        max_rounds=scenario.max_rounds,
        board_source=map_source(map_path, battle_map.digest),
        meta=meta,
        victory=scenario.victory,
    )
    return battle, battle_map


def _map_sides(scenario: Scenario, map_sides: list[str], placed: set[str]) -> dict[int, str]:
    """Which side of the map each scenario side stands for: the one its `zone` names, else
    (in order) the map's n-th side; ScenarioError if the map places combatants for a side
    no scenario side stands for (they would silently be left out)."""
    chosen = {i: s.zone for i, s in enumerate(scenario.sides) if s.zone in map_sides}
    for index in range(len(scenario.sides)):
        if index not in chosen and index < len(map_sides) and map_sides[index] not in chosen.values():
            chosen[index] = map_sides[index]
    left = [side for side in map_sides if side in placed and side not in chosen.values()]
    if left:
        raise ScenarioError(
            f"{scenario.id}: the map places combatants for side {left[0]!r}, which no side of the scenario "
            f'deploys as: set a side\'s "zone" to {left[0]!r}, or "map_units": false to leave them out'
        )
    return chosen


def _create(
    world: World,
    name: str,
    tile: Tile,
    facing: int,
    side: str,
    character: Character,
    injuries: int,
    controller: str,
) -> None:
    """One combatant into the world (`controller`: "human", "ai:normal", …)."""
    world.create(
        Name(name),
        Position(*tile),
        Facing(facing),
        Side(side),
        character.sheet,
        character.equipment,
        Condition(injuries=injuries),
        Controller(*(controller.split(":", 1) if ":" in controller else (controller, ""))),
        Appearance(character.token),
    )


def _free_tiles(candidates: set[Tile], taken: set[Tile], centre: tuple[float, float]) -> list[Tile]:
    """Zone tiles nearest its middle first (deterministic)."""
    free = [t for t in candidates if t not in taken]
    return sorted(free, key=lambda t: ((t[0] - centre[0]) ** 2 + (t[1] - centre[1]) ** 2, t[1], t[0]))
