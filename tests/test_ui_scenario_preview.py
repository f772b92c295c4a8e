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
