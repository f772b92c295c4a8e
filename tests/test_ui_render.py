"""Screenshot tests: draw a scenario with overlays (no window) and check pixels where
tokens and overlays must be."""

from __future__ import annotations

import pygame
import pytest

from game.cli.render import render
from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.core.geometry import DIRECTION_VECTORS
from game.rules.positions import find_by_name, tile_of
from game.world import Facing

TILE = 32  # pixels per tile of the pictures


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))


def picture(overlays: set[str], colour_blind: bool = False) -> tuple[pygame.Surface, object]:
    scenario = find_scenario("ring_duel")
    battle, battle_map = build_battle(scenario, 1, {s.name: "human" for s in scenario.sides})
    surface = render(battle, battle_map, overlays, "Serena", TILE, colour_blind=colour_blind)
    return surface, battle


def centre(tile: tuple[int, int]) -> tuple[int, int]:
    return tile[0] * TILE + TILE // 2, tile[1] * TILE + TILE // 2


def corner(tile: tuple[int, int]) -> tuple[int, int]:
    """A pixel near a tile's corner, clear of tokens and letters."""
    return tile[0] * TILE + 3, tile[1] * TILE + TILE - 4


def test_tokens_and_overlays_are_where_they_must_be() -> None:
    plain, battle = picture(set())
    shown, _ = picture({"reach", "arcs"})
    world = battle.world
    serena = find_by_name(world, "Serena")
    niles = find_by_name(world, "Niles")
    here = tile_of(world, serena)
    # Tokens: the badge is drawn over the map at each combatant's tile.
    from game.board.tiled import load_map
    from game.ui.render.map_layer import MapLayer

    bare = MapLayer(battle.board, load_map("maps/duel_ring.tmx").art).render_whole(TILE)
    for eid in (serena, niles):
        x, y = centre(tile_of(world, eid))
        differ = sum(plain.get_at((x + k, y + k)) != bare.get_at((x + k, y + k)) for k in range(-6, 7))
        assert differ >= 10  # the token covers the tile's middle
    # The facing wedge is white, at the edge of the token toward the facing.
    facing = world.get(serena, Facing).direction
    dx, dy = DIRECTION_VECTORS[facing]
    norm = (dx * dx + dy * dy) ** 0.5
    cx, cy = centre(here)
    wx, wy = round(cx + dx / norm * TILE * 0.38), round(cy + dy / norm * TILE * 0.38)
    r, g, b, _ = plain.get_at((wx, wy))
    assert min(r, g, b) > 200, (r, g, b)
    # Reach: the tile in front is tinted blue-ish (walk), a tile far away is untouched.
    near = (here[0] + dx, here[1] + dy)
    before, after = plain.get_at(corner(near)), shown.get_at(corner(near))
    assert before != after
    assert after.b >= before.b
    far = (0, 0)
    assert plain.get_at(corner(far)) == shown.get_at(corner(far))
    # Arcs: a back-arc square is tinted red-ish compared with the plain picture.
    back = (here[0] - dx, here[1] - dy)
    alone, _ = picture({"arcs"})
    before, after = plain.get_at(corner(back)), alone.get_at(corner(back))
    assert after.r >= before.r and after != before


def test_every_overlay_draws_and_the_legend_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.map_view import MapView
    from tests.ui_helpers import spy

    calls = spy(monkeypatch, MapView, "place_panels")
    shown, _ = picture({"reach", "range", "arcs", "sight", "threat", "chance"})
    plain, _ = picture(set())
    assert shown.get_size() == plain.get_size()
    # The legend goes to a corner clear of the units, and a picture always shows it.
    box, mode = next(placed for _, placed in calls if placed[1] != "hidden")
    assert mode in ("full", "line") and box.w > 0
    x, y = box.x + 4, box.bottom - 4
    assert shown.get_at((x, y)) != plain.get_at((x, y))


def test_colour_blind_palette_changes_the_overlay_colours() -> None:
    normal, battle = picture({"reach"})
    cb, _ = picture({"reach"}, colour_blind=True)
    here = tile_of(battle.world, find_by_name(battle.world, "Serena"))
    tile = (here[0], here[1] + 1) if here[1] + 1 < battle.board.height else (here[0], here[1] - 1)
    assert normal.get_at(corner(tile)) != cb.get_at(corner(tile))


def test_screen_picture_has_panels() -> None:
    scenario = find_scenario("ring_duel")
    battle, battle_map = build_battle(scenario, 1, {s.name: "human" for s in scenario.sides})
    surface = render(battle, battle_map, {"reach"}, None, screen=True)
    assert surface.get_size() == (1280, 720)
    # The right panel and the stage bar are panel-coloured, not map.
    assert surface.get_at((1270, 400))[:3] != (0, 0, 0)


def test_render_command_writes_a_png(tmp_path) -> None:  # noqa: ANN001
    from game.cli import main

    out = tmp_path / "x.png"
    assert main(["render", "maps/duel_ring.tmx", "--out", str(out), "--overlay", "reach,arcs"]) == 0
    assert out.stat().st_size > 1000
    assert main(["render", "maps/duel_ring.tmx", "--out", str(out), "--overlay", "nonsense"]) == 2


def test_a_name_goes_over_its_token_when_the_tile_below_is_taken() -> None:
    """Sentry A stands right above Sentry B: its name is drawn above it (not over
    Sentry B's token); Sentry B's, with nothing below, under it as usual."""
    scenario = find_scenario("sentry_laser")
    battle, battle_map = build_battle(scenario, 1, {s.name: "human" for s in scenario.sides})
    world = battle.world
    upper = tile_of(world, find_by_name(world, "Sentry A"))
    lower = tile_of(world, find_by_name(world, "Sentry B"))
    assert (lower[0], lower[1] - 1) == upper
    surface = render(battle, battle_map, set(), None, TILE)
    pill = pygame.Color(16, 18, 22)  # the name pill's fill

    def pill_pixels(x_tile: int, top: int, bottom: int) -> int:
        x0 = x_tile * TILE
        return sum(
            surface.get_at((x, y)) == pill
            for y in range(max(0, top), bottom)
            for x in range(x0 - TILE // 2, x0 + TILE + TILE // 2)
        )

    above_upper = pill_pixels(upper[0], upper[1] * TILE - 16, upper[1] * TILE + 2)
    below_lower = pill_pixels(lower[0], (lower[1] + 1) * TILE - 4, (lower[1] + 1) * TILE + 12)
    inside_lower = pill_pixels(lower[0], lower[1] * TILE + 2, (lower[1] + 1) * TILE - 6)
    assert above_upper > 50 and below_lower > 50
    assert inside_lower < above_upper // 4  # nobody's name lies across Sentry B
