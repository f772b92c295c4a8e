"""The sight overlay says what the rules say: for every tile of every bundled map, and from
the very tile the hit chances are worked out from."""

from __future__ import annotations

import random

import pygame
import pytest

from game.content.battle_setup import build_battle
from game.content.scenarios import bundled_maps, quick_scenario
from game.rules.battle import Battle
from game.rules.board import COVER_LEVELS
from game.rules.options import RuleOptions
from game.rules.positions import tile_of
from game.ui.scenes.battle import BattleScene
from game.world import Appearance
from tests.builders import HUNTING_RIFLE, Cast
from tests.ui_helpers import click, key, make_app, run_until

ORIGINS = 6  # origins per map: a fixed spread (corners, middle, random open tiles)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def spread(board, count: int, seed: int) -> list[tuple[int, int]]:  # noqa: ANN001
    """Open tiles near the corners and the middle, then random open ones."""
    rng = random.Random(seed)
    open_tiles = [
        (x, y) for y in range(board.height) for x in range(board.width) if not board.blocks_move((x, y))
    ]
    w, h = board.width - 1, board.height - 1
    wanted = [(0, 0), (w, 0), (0, h), (w, h), (w // 2, h // 2)]
    picks = [min(open_tiles, key=lambda t, c=c: (t[0] - c[0]) ** 2 + (t[1] - c[1]) ** 2) for c in wanted]
    while len(picks) < count:
        picks.append(rng.choice(open_tiles))
    return list(dict.fromkeys(picks))[:count]


@pytest.mark.parametrize("map_path", bundled_maps(), ids=lambda p: p.stem)
def test_every_mark_of_the_overlay_is_the_rules_answer(map_path) -> None:  # noqa: ANN001
    """The battle screen's sight overlay from a spread of tiles (the hovered tile, with nobody
    selected) marks each tile of the map seen or unseen, and its cover, as the rules decide."""
    app = make_app()
    battle, battle_map = build_battle(quick_scenario(map_path), seed=1)
    scene = BattleScene(app, battle, battle_map)
    scene.started = True  # nobody declares: the overlay follows the mouse
    scene.overlays.active = {"sight"}
    board = battle.board
    for origin in spread(board, ORIGINS, seed=len(map_path.stem)):
        scene.view.hover_tile = origin
        scene.aim.refresh_overlays()
        data = scene.overlays.data
        assert data is not None and data.sight_origin == origin
        for y in range(board.height):
            for x in range(board.width):
                tile = (x, y)
                sees = board.line_of_sight(origin, tile)
                assert bool(data.unseen[y, x]) == (not sees), (map_path.stem, origin, tile, sees)
                if sees and not board.blocks_move(tile):
                    shown = COVER_LEVELS[int(data.cover[y, x])] if data.cover[y, x] >= 0 else "not shown"
                    assert shown == board.cover_between(origin, tile), (map_path.stem, origin, tile)


SEED = 4  # A declares first, then B, then E


def two_shooters_and_a_looter() -> tuple[Battle, dict[str, int]]:
    """A and B (rifles, one side) against E, all human (hot-seat); a wall hides E from (2, 5)."""
    cast = Cast(14, 9, walls=[(4, y) for y in range(4, 8)])
    rifle = {"weapons": (HUNTING_RIFLE,), "missile_slug": 7, "movement": 4}
    cast.add("A", (2, 2), "town", facing=2, timing=0, **rifle)
    cast.add("B", (2, 1), "town", facing=2, timing=0, **rifle)
    cast.add("E", (11, 6), "looters", facing=6, timing=9, **rifle)
    for name in ("A", "B", "E"):
        cast.world.set(cast[name], Appearance("soldier"))
    meta = {
        "title": "Sight test",
        "scenario": "sight-test",
        "sides": {
            "town": {"colour": "#0072B2", "shape": "circle", "controller": "human"},
            "looters": {"colour": "#D55E00", "shape": "square", "controller": "human"},
        },
    }
    return Battle(cast.world, cast.board, SEED, RuleOptions.battlefield(), meta=meta), dict(cast.ids)


def test_the_hit_chance_and_the_overlay_speak_of_the_same_combatant_from_the_same_tile(monkeypatch) -> None:  # noqa: ANN001
    """A declares a walk behind the wall; while B declares, the player inspects A and hovers E.
    The overlay shows A's sight from where A will stand: E unseen.  The hit chance on E must be
    A's, from there: no line of sight (it was B's, from B's tile, with a chance to hit)."""
    tips: list[list[str]] = []
    monkeypatch.setattr(
        "game.ui.battle.drawing.draw_tooltip", lambda surface, theme, lines, pos: tips.append(lines)
    )
    app = make_app()
    battle, ids = two_shooters_and_a_looter()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    assert run_until(app, lambda: app.top is not scene)  # the hot-seat curtain
    app.step([key(pygame.K_RETURN)])
    assert scene.phase == "declare" and scene.actor == ids["A"]
    app.step(click(scene.screen_pos((2, 5))))  # A walks behind the wall
    assert scene.draft.order().path[-1] == (2, 5)
    app.step([key(pygame.K_c)])
    assert scene.phase == "declare" and scene.actor == ids["B"]  # same side: no curtain
    app.step(click(scene.screen_pos((2, 2))))  # inspect A (still standing there)
    assert scene.selected == ids["A"]
    app.step([key(pygame.K_4)])  # the sight overlay
    there = tile_of(battle.world, ids["E"])
    tips.clear()
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=scene.screen_pos(there), rel=(0, 0), buttons=(0, 0, 0))]
    )
    data = scene.overlays.data
    assert data.sight_origin == (2, 5)
    assert data.unseen[there[1], there[0]]  # the overlay: A will not see E from there
    assert tips, "hovering an enemy shows the hit chance"
    lines = tips[-1]
    assert lines[0].startswith("A: "), lines  # about the combatant the overlay is about
    assert any("no line of sight to E" in line for line in lines), lines
    # Back to B (Esc): the overlay is B's, from B's tile, and B sees E; so does the hit chance.
    app.step([key(pygame.K_ESCAPE)])
    assert scene.selected == ids["B"]
    tips.clear()
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=scene.screen_pos(there), rel=(0, 0), buttons=(0, 0, 0))]
    )
    assert scene.overlays.data.sight_origin == (2, 1) and not scene.overlays.data.unseen[there[1], there[0]]
    assert tips and tips[-1][0].startswith("B: ") and any("success" in line for line in tips[-1]), tips
