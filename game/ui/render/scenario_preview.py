"""The New battle screen's picture of a scenario: its map in small, the deploy zones outlined
and a dot where each combatant starts, in its side's colour, so a map maker sees that the
combatants placed in Tiled stand where they were meant to."""

from __future__ import annotations

import math

import pygame

from game.rules.positions import combatants, tile_of
from game.ui.render.map_layer import MapLayer
from game.ui.scenarios import UiScenario, build
from game.ui.theme import parse_colour
from game.world import Side, World

MAX_TILE = 16  # pixels: a small map is not blown up past this


def scenario_preview(
    sc: UiScenario, seed: int, controllers: dict[str, str], room: tuple[int, int]
) -> pygame.Surface | None:
    """The picture, at most `room` pixels, or None (no map, no room, or it cannot be built:
    no preview is better than no menu).  The starts are the battle's own, built as Start
    would build it with this seed (a quick battle places the sides the map leaves empty)."""
    if not sc.map_path or room[0] <= 80 or room[1] <= 80:
        return None
    try:
        battle, battle_map = build(sc, seed, controllers, sc.options)
    except Exception:  # noqa: BLE001 - a broken scenario says why elsewhere
        return None
    if battle_map is None:
        return None
    board = battle_map.board
    tile = max(1, min(room[0] // board.width, room[1] // board.height, MAX_TILE))
    picture = MapLayer(board, battle_map.art).render_whole(tile)
    # A map too large for the room even at a pixel a tile is shrunk to fit it (as the minimap
    # is): the marks then go on the shrunk picture, at its scale.
    shrink = min(1.0, room[0] / picture.get_width(), room[1] / picture.get_height())
    if shrink < 1.0:
        size = (max(1, int(picture.get_width() * shrink)), max(1, int(picture.get_height() * shrink)))
        picture = pygame.transform.smoothscale(picture, size)
    scale = tile * shrink  # picture pixels a tile
    side = max(1, math.ceil(scale))
    zones = [getattr(s, "zone", None) for s in getattr(sc.source, "sides", ())]
    colours = {}
    for i, ui_side in enumerate(sc.sides):
        colour = parse_colour(ui_side.colour, (255, 255, 255))
        colours[ui_side.name.casefold()] = colour
        name = zones[i] if i < len(zones) and zones[i] else ui_side.name
        for zx, zy in battle_map.deploy_tiles(name):
            pygame.draw.rect(picture, colour, (int(zx * scale), int(zy * scale), side, side), 1)
    draw_starts(picture, battle.world, colours, scale)
    return picture


def draw_starts(
    picture: pygame.Surface, world: World, colours: dict[str, tuple[int, int, int]], tile: float
) -> None:
    """A dot where each combatant starts (`tile`: the picture's pixels a tile), in its side's
    colour, ringed dark (the rings first, so that on a small picture a neighbour's ring never
    covers a dot)."""
    radius = max(2, int(tile * 0.4))  # seen on a shrunk picture too
    starts = [
        ((int((x + 0.5) * tile), int((y + 0.5) * tile)), world.get(eid, Side).name.casefold())
        for eid in combatants(world)
        for x, y in [tile_of(world, eid)]
    ]
    for centre, _side in starts:
        pygame.draw.circle(picture, (16, 18, 22), centre, radius + 1)
    for centre, side in starts:
        pygame.draw.circle(picture, colours.get(side, (255, 255, 255)), centre, radius)
