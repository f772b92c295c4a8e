"""The overlay legend and the minimap never cover the unit being ordered or its target
(issue 52, item 3), at 1280×720 and 1000×620, at UI scale 1 and 1.5; the legend shrinks to
one line and hides with L."""

from __future__ import annotations

import pygame
import pytest

from game.rules.battle import Battle
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind
from game.rules.positions import find_by_name, tile_of
from game.ui.draft import DraftState
from game.ui.input.bindings import BINDINGS
from game.ui.prefs import Prefs
from game.ui.render.legend import legend_size
from game.ui.scenes.battle import BattleScene
from game.ui.screens import make_app as make_window
from game.ui.theme import Theme
from game.world import Appearance
from tests.builders import SHOTGUN, Cast
from tests.ui_helpers import key, run_until, spy

SIZES = [(1280, 720), (1000, 620)]
SCALES = [1.0, 1.5]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def declaring(size: tuple[int, int], scale: float, at: tuple[int, int], foe: tuple[int, int]):  # noqa: ANN201
    """A shooter at `at` of a 60 × 40 field (range bands and arcs on: a tall legend) declares
    against a swordsman at `foe`."""
    cast = Cast(60, 40)
    cast.add("Gunner", at, "a", facing=2, weapons=(SHOTGUN,), movement=4)
    cast.add("Brawler", foe, "b", facing=6, movement=4)
    for name in ("Gunner", "Brawler"):
        cast.world.set(cast[name], Appearance("soldier"))
    meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "ai:easy"}}, "title": "Panels"}
    battle = Battle(cast.world, cast.board, 2, RuleOptions.battlefield(), meta=meta)
    app = make_window(size, Prefs(ui_scale=scale, edge_scroll=False, round_summary=False))
    scene = BattleScene(app, battle, None)
    app.push(scene)
    gunner = find_by_name(battle.world, "Gunner")
    assert run_until(app, lambda: scene.phase == "declare" and scene.actor == gunner)
    scene.view.hover_tile = None
    return app, scene


def frame(app, scene: BattleScene, monkeypatch) -> tuple[pygame.Rect, pygame.Rect]:  # noqa: ANN001
    """Draw a frame with the view where it is: (the legend's box, the minimap's box)."""
    import game.ui.map_view as map_view
    from game.ui.render.minimap import Minimap

    legends = spy(monkeypatch, map_view, "draw_legend")
    minimaps = spy(monkeypatch, Minimap, "draw")
    scene.update(0.0)
    scene.camera.offset.update(scene.camera.target)
    scene.draw(app.screen)
    monkeypatch.undo()
    return pygame.Rect(legends[-1][1]), pygame.Rect(minimaps[-1][1])


def look_at(scene: BattleScene, tile: tuple[int, int], point: tuple[int, int]) -> None:
    """Pan the view (as a drag would) so that `tile`'s centre is at screen `point`."""
    camera = scene.camera
    cx, cy = camera.tile_centre(tile)
    camera.offset.update(camera.offset.x + cx - point[0], camera.offset.y + cy - point[1])
    camera.target.update(camera.offset)


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1000x620"])
@pytest.mark.parametrize("scale", SCALES)
def test_the_legend_and_the_minimap_never_cover_the_declarer_or_its_target(monkeypatch, size, scale) -> None:  # noqa: ANN001
    app, scene = declaring(size, scale, (30, 20), (34, 20))
    gunner, brawler = (find_by_name(scene.world, n) for n in ("Gunner", "Brawler"))
    assert scene.draft is not None
    scene.draft.change(DraftState(actions=(Action(ActionKind.MISSILE_STRIKE, brawler),)))
    view = scene.camera.viewport
    legend, minimap = frame(app, scene, monkeypatch)
    assert legend.w and minimap.w  # both shown while nothing is under them
    corners = {
        "under the legend": (legend.x + 10, legend.bottom - 10),
        "under the minimap": (minimap.right - 10, minimap.y + 10),
        "top-left": (view.x + 20, view.y + 20),
    }
    for where, point in corners.items():
        for who in (gunner, brawler):
            look_at(scene, tile_of(scene.world, who), point)
            legend, minimap = frame(app, scene, monkeypatch)
            for eid in (gunner, brawler):
                tile = scene.camera.tile_rect(tile_of(scene.world, eid))
                assert not legend.colliderect(tile), (where, who, eid, legend, tile)
                assert not minimap.colliderect(tile), (where, who, eid, minimap, tile)
            assert legend.w, where  # moved, not hidden: another corner was clear


def test_l_shrinks_the_legend_to_one_line_then_hides_it(monkeypatch) -> None:  # noqa: ANN001
    app, scene = declaring((1000, 620), 1.5, (30, 20), (34, 20))
    whole, _ = frame(app, scene, monkeypatch)
    line = Theme().px(14)
    assert whole.h > 3 * line * 1.5
    assert BINDINGS.command(key(pygame.K_l)) == "legend"
    scene.on_event(key(pygame.K_l))
    one, _ = frame(app, scene, monkeypatch)
    assert 0 < one.h < 2.5 * line * 1.5 and "one line" in scene.toasts[-1][0]
    scene.on_event(key(pygame.K_l))
    hidden, _ = frame(app, scene, monkeypatch)
    assert hidden.h == 0 and "hidden" in scene.toasts[-1][0]
    scene.on_event(key(pygame.K_l))
    again, _ = frame(app, scene, monkeypatch)
    assert again.h == whole.h


def test_a_legend_too_tall_for_the_view_shows_as_its_line(monkeypatch) -> None:  # noqa: ANN001
    """Every overlay on at 1000×620 and UI scale 1.5: the box would take most of the map's
    height; the line shows instead."""
    app, scene = declaring((1000, 620), 1.5, (30, 20), (34, 20))
    scene.overlays.active = {"reach", "range", "arcs", "sight", "threat", "terrain", "chance"}
    legend, _ = frame(app, scene, monkeypatch)
    full = legend_size(scene.theme, scene.overlays, "full")
    assert full[1] > scene.camera.viewport.h * 0.6
    assert 0 < legend.h < full[1] / 4
