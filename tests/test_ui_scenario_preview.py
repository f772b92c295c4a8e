"""The New battle screen's preview shows where each combatant starts, in its side's colour."""

from __future__ import annotations

import pytest

from game.rules.positions import combatants, tile_of
from game.ui.render.scenario_preview import scenario_preview
from game.ui.scenarios import build, list_ui_scenarios
from game.ui.theme import parse_colour
from game.world import Side
from tests.ui_helpers import make_app


@pytest.mark.parametrize("scenario_id", ["ring_duel", "street_by_street", "quick-skirmish"])
def test_the_preview_marks_every_start_in_its_side_colour(scenario_id: str) -> None:
    make_app()  # a display for the map's art
    sc = next(s for s in list_ui_scenarios() if s.id == scenario_id)
    controllers = {s.name: s.controller for s in sc.sides}
    room = (360, 220)
    picture = scenario_preview(sc, 7, controllers, room)
    assert picture is not None and picture.get_width() <= room[0] and picture.get_height() <= room[1]
    battle, battle_map = build(sc, 7, controllers, sc.options)
    tile = picture.get_width() // battle_map.board.width
    colours = {s.name.casefold(): parse_colour(s.colour, (255, 255, 255)) for s in sc.sides}
    starts = list(combatants(battle.world))
    assert starts
    for eid in starts:
        x, y = tile_of(battle.world, eid)
        pixel = tuple(picture.get_at((x * tile + tile // 2, y * tile + tile // 2)))[:3]
        assert pixel == colours[battle.world.get(eid, Side).name.casefold()], (eid, (x, y), pixel)


def test_a_map_larger_than_the_room_is_shrunk_into_it(tmp_path) -> None:
    """A 400 × 300 map does not fit 360 × 220 pixels even at a pixel a tile: the picture is
    shrunk to fit (it was drawn at two pixels a tile, 800 × 600, over the whole screen), and
    the starts are still marked."""
    from game.persist.usermaps import prepare_user_maps
    from game.ui.scenarios import map_scenario

    make_app()
    prepare_user_maps(tmp_path)  # the kit a map maker draws with: the tileset beside the map
    width, height = 400, 300
    rows = ",\n".join([",".join(["1"] * width)] * height)
    units = "".join(
        f'<object id="{i + 1}" name="{name}" type="unit" x="{x * 32 + 16}" y="{y * 32 + 16}">'
        f'<properties><property name="side" value="{side}"/><property name="troop" value="soldier"/>'
        "</properties><point/></object>"
        for i, (name, side, x, y) in enumerate([("Ann", "red", 10, 150), ("Bob", "blue", 390, 150)])
    )
    (tmp_path / "big.tmx").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?><map version="1.10" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="32" tileheight="32" '
        f'infinite="0"><tileset firstgid="1" source="tilesets/battlefield.tsx"/>'
        f'<layer id="1" name="Ground" width="{width}" height="{height}"><data encoding="csv">{rows}'
        f'</data></layer><objectgroup id="2" name="Units">{units}</objectgroup></map>'
    )
    sc = map_scenario(tmp_path / "big.tmx", mine=True)
    assert not sc.error, sc.error
    room = (360, 220)
    picture = scenario_preview(sc, 7, {s.name: s.controller for s in sc.sides}, room)
    assert picture is not None
    assert picture.get_width() <= room[0] and picture.get_height() <= room[1]
    scale = picture.get_width() / width
    colours = {s.name.casefold(): parse_colour(s.colour, (255, 255, 255)) for s in sc.sides}
    for x, y, side in [(10, 150, "red"), (390, 150, "blue")]:
        pixel = tuple(picture.get_at((int((x + 0.5) * scale), int((y + 0.5) * scale))))[:3]
        assert pixel == colours[side], (x, y, pixel)
