"""The camera never leaves a unit under a panel: every tile can be brought clear of the key
hints, the legend, the minimap, the scale bar and the log; Home centres the unit; tokens
show at every zoom."""

from __future__ import annotations

import pygame
import pytest

from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.rules.battle import Battle
from game.rules.options import RuleOptions
from game.rules.positions import combatants, find_by_name, tile_of
from game.ui.render.camera import ZOOM_LEVELS
from game.ui.scenes.battle import BattleScene
from game.world import Appearance
from tests.builders import Cast
from tests.ui_helpers import key, make_app, run_until


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


class Panels:
    """Where the battle screen drew its panels over (or beside) the map in the last frame."""

    def __init__(self, monkeypatch) -> None:  # noqa: ANN001
        import game.ui.battle.drawing as drawing
        import game.ui.map_view as map_view
        from game.ui.render.minimap import Minimap

        self.rects: list[pygame.Rect] = []
        for module, name in (
            (drawing, "draw_hint"),
            (map_view, "draw_legend"),
            (map_view, "draw_scale_bar"),
            (Minimap, "draw"),
        ):
            original = getattr(module, name)
            monkeypatch.setattr(module, name, self._recording(original))

    def _recording(self, original):  # noqa: ANN001, ANN202
        def draw(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            rect = original(*args, **kwargs)
            if rect.w and rect.h:
                self.rects.append(pygame.Rect(rect))
            return rect

        return draw

    def frame(self, app, scene: BattleScene) -> None:  # noqa: ANN001
        """Settle the camera and draw one frame, noting the panels."""
        scene.camera.offset.update(scene.camera.target)
        self.rects.clear()
        scene.draw(app.screen)

    def clear_of(self, scene: BattleScene, tile: tuple[int, int]) -> bool:
        """Whether the tile is all inside the map's viewport and under no panel."""
        rect = scene.camera.tile_rect(tile)
        inside = scene.camera.viewport.contains(rect)
        covered = [r for r in self.rects if r.colliderect(rect)]
        others = [scene.rects[k] for k in ("top", "log", "right") if scene.rects[k].colliderect(rect)]
        return inside and not covered and not others


def declaring(scenario_id: str) -> tuple[object, BattleScene]:
    app = make_app()
    battle, battle_map = build_battle(find_scenario(scenario_id), seed=1)
    scene = BattleScene(app, battle, battle_map)
    app.push(scene)
    assert run_until(app, lambda: scene.phase == "declare")
    scene.view.hover_tile = None
    return app, scene


@pytest.mark.parametrize("tile_px", ZOOM_LEVELS)
@pytest.mark.parametrize("scenario_id", ["tutorial_cover", "ring_duel"])
def test_every_tile_can_be_brought_clear_of_every_panel(monkeypatch, scenario_id: str, tile_px: int) -> None:  # noqa: ANN001
    """The keyboard cursor brought onto each tile of the map's edges (and so scrolled into
    view by the game itself) leaves it clear of the key hints, the legend and the log."""
    panels = Panels(monkeypatch)
    app, scene = declaring(scenario_id)
    board = scene.battle.board
    scene.camera.tile_px = tile_px
    scene.camera.clamp(snap=True)
    w, h = board.width, board.height
    edge = {(x, y) for x in range(w) for y in (0, h - 1)} | {(x, y) for y in range(h) for x in (0, w - 1)}
    for tile in sorted(edge)[:: max(1, len(edge) // 60)] + [(0, h - 1), (w - 1, h - 1)]:
        # Step the cursor onto the tile from inside the map, as the arrow keys do.
        x, y = tile
        if y == h - 1:
            scene.view.cursor, arrow = (x, y - 1), pygame.K_DOWN
        elif x == 0:
            scene.view.cursor, arrow = (x + 1, y), pygame.K_LEFT
        elif x == w - 1:
            scene.view.cursor, arrow = (x - 1, y), pygame.K_RIGHT
        else:
            scene.view.cursor, arrow = (x, y + 1), pygame.K_UP
        scene.update(0.0)  # the legend (and what it covers) as it is now
        scene.on_event(key(arrow))
        assert scene.view.cursor == tile
        scene.update(0.0)
        panels.frame(app, scene)
        assert panels.clear_of(scene, tile), (tile, tile_px, scene.camera.tile_rect(tile), panels.rects)


def unit_at_the_bottom_edge() -> Battle:
    """A 40 × 30 field, one unit on the bottom row, one at the top."""
    cast = Cast(40, 30)
    cast.add("Low", (20, 29), "a", facing=0, movement=4)
    cast.add("High", (20, 0), "b", facing=4, movement=4)
    for name in ("Low", "High"):
        cast.world.set(cast[name], Appearance("soldier"))
    meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "human"}}, "title": "Camera test"}
    return Battle(cast.world, cast.board, 2, RuleOptions.battlefield(), meta=meta)


@pytest.mark.parametrize("tile_px", [24, 48, 96])
def test_home_centres_the_unit_clear_of_the_panels(monkeypatch, tile_px: int) -> None:  # noqa: ANN001
    panels = Panels(monkeypatch)
    app = make_app()
    battle = unit_at_the_bottom_edge()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    scene.started = True
    scene.update(0.0)
    scene.camera.tile_px = tile_px
    for name in ("Low", "High"):
        eid = find_by_name(battle.world, name)
        scene.select(eid)
        scene.camera.centre_on((0, 15), snap=True)  # look elsewhere first
        scene.on_event(key(pygame.K_HOME))
        scene.update(0.0)
        panels.frame(app, scene)
        tile = tile_of(battle.world, eid)
        assert panels.clear_of(scene, tile), (name, tile_px, scene.camera.tile_rect(tile), panels.rects)
        # In the middle of the map's view, as far as the map's edges let it be (it is on an edge).
        centre = scene.camera.tile_centre(tile)
        assert abs(centre[0] - scene.camera.viewport.centerx) <= tile_px, (name, centre)


@pytest.mark.parametrize("tile_px", [24, 48])
def test_home_centres_a_unit_in_the_middle_of_the_map(tile_px: int) -> None:
    app, scene = declaring("tutorial_cover")
    scene.camera.tile_px = tile_px
    scene.camera.centre_on((0, 0), snap=True)
    scene.on_event(key(pygame.K_HOME))
    scene.camera.offset.update(scene.camera.target)
    centre = scene.camera.tile_centre(tile_of(scene.world, scene.aim.focus()))
    view = scene.camera.viewport
    assert (
        abs(centre[0] - view.centerx) <= tile_px // 2 + 1
        and abs(centre[1] - view.centery) <= tile_px // 2 + 1
    )


@pytest.mark.parametrize("tile_px", ZOOM_LEVELS)
def test_tokens_are_visible_at_every_zoom(monkeypatch, tile_px: int) -> None:  # noqa: ANN001
    """Each token stands out from the map: a patch at least MIN_SIDE pixels across of
    strongly changed pixels where it is drawn, at every zoom."""
    min_side = 14  # pixels: about the height of the log's letters
    app, scene = declaring("tutorial_cover")
    scene.overlays.active = set()
    scene.camera.tile_px = tile_px
    scene.camera.centre_on(tile_of(scene.world, scene.aim.focus()), snap=True)
    scene.update(0.0)
    scene.camera.offset.update(scene.camera.target)
    with_tokens = pygame.Surface(app.screen.get_size())
    scene.drawing.draw_map(with_tokens)
    monkeypatch.setattr("game.ui.map_view.draw_tokens", lambda *args, **kwargs: [])  # no names placed
    bare = pygame.Surface(app.screen.get_size())
    scene.drawing.draw_map(bare)
    a = pygame.surfarray.array3d(with_tokens).astype(int)
    b = pygame.surfarray.array3d(bare).astype(int)
    changed = abs(a - b).sum(axis=2) > 120  # [x, y]
    seen = 0
    for eid in combatants(scene.world):
        cx, cy = scene.camera.tile_centre(tile_of(scene.world, eid))
        if not scene.camera.viewport.collidepoint((cx, cy)):
            continue
        r = max(min_side // 2 + 3, tile_px // 2 + 2)  # its own tile (and a little more), no neighbour's
        patch = changed[max(0, cx - r) : cx + r, max(0, cy - r) : cy + r]
        xs = patch.any(axis=1).nonzero()[0]
        ys = patch.any(axis=0).nonzero()[0]
        assert len(xs) and len(ys), (eid, tile_px)
        assert xs[-1] - xs[0] + 1 >= min_side and ys[-1] - ys[0] + 1 >= min_side, (eid, tile_px, xs, ys)
        seen += 1
    assert seen


@pytest.mark.parametrize("edge", ["left", "right", "top", "bottom"])
def test_a_unit_on_the_edge_brings_no_empty_space_into_view(edge: str) -> None:
    """Scrolling a tile on the map's edge into view keeps the view on the map: the margin
    asked for around the tile stops at the edge (a Crossing-like map, a little larger than
    the view, with an archer on its west edge left the east side, with the enemy, out of
    view while a strip of nothing showed on the west)."""
    from game.ui.render.camera import Camera

    camera = Camera((20, 12), pygame.Rect(0, 0, 800, 480), tile_px=48)  # 960 × 576 of map
    # A legend and a minimap in two corners: the map may scroll past those edges, but only to
    # bring a tile out from under them.
    camera.set_obstacles([pygame.Rect(0, 380, 140, 100), pygame.Rect(640, 0, 160, 100)])
    tile = {"left": (0, 4), "right": (19, 4), "top": (8, 0), "bottom": (8, 11)}[edge]
    camera.centre_on((19 - tile[0], 11 - tile[1]), snap=True)  # looking at the far side first
    camera.ensure_visible(tile, margin_tiles=1.5)
    camera.offset.update(camera.target)
    assert camera.viewport.contains(camera.tile_rect(tile))
    world_w, world_h = camera.world_size
    if edge in ("left", "right"):
        assert 0 <= camera.target.x <= world_w - camera.viewport.w, camera.target
    else:
        assert 0 <= camera.target.y <= world_h - camera.viewport.h, camera.target


def field_battle(width: int, height: int) -> Battle:
    """An empty field of the given size, one unit of each side at its two ends."""
    cast = Cast(width, height)
    cast.add("West", (0, height // 2), "a", facing=2, movement=4)
    cast.add("East", (width - 1, height // 2), "b", facing=6, movement=4)
    for name in ("West", "East"):
        cast.world.set(cast[name], Appearance("soldier"))
    meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "human"}}, "title": "Camera test"}
    return Battle(cast.world, cast.board, 2, RuleOptions.battlefield(), meta=meta)


def test_a_map_that_fits_at_a_readable_zoom_opens_whole() -> None:
    """A map a little larger than the view at the default zoom opens zoomed out just enough to
    show it whole, both sides in view; a large map opens at the default zoom."""
    from game.ui.render.camera import DEFAULT_ZOOM, READABLE_ZOOM

    app = make_app()
    probe = BattleScene(app, field_battle(10, 10), None)
    view = probe.camera.viewport
    width, height = view.w // 40, view.h // 40  # whole at 40 pixels a tile, not at 48
    assert width * DEFAULT_ZOOM > view.w
    scene = BattleScene(app, field_battle(width, height), None)
    camera = scene.camera
    assert READABLE_ZOOM <= camera.tile_px < DEFAULT_ZOOM
    assert not scene.view.minimap.shown  # from the first frame (the briefing's), before any update
    camera.offset.update(camera.target)
    for eid in combatants(scene.battle.world):
        assert camera.viewport.contains(camera.tile_rect(tile_of(scene.battle.world, eid)))
    large = BattleScene(app, field_battle(view.w // 16, view.h // 16), None)
    assert large.camera.tile_px == DEFAULT_ZOOM and large.view.minimap.shown
    small = BattleScene(app, field_battle(6, 5), None)
    assert small.camera.tile_px == DEFAULT_ZOOM  # never zoomed in past the default


def test_resizing_the_window_keeps_the_middle_of_the_view() -> None:
    """A smaller (or larger) window keeps the map point in the middle of the view there: the
    unit the player was looking at stays in view."""
    from game.ui.render.camera import Camera

    camera = Camera((40, 40), pygame.Rect(0, 0, 1000, 700), tile_px=48)
    camera.centre_on((20, 20), snap=True)
    before = camera.tile_centre((20, 20))
    assert before == camera.viewport.center
    for size in [(500, 330), (1400, 900)]:
        camera.resize(pygame.Rect(10, 40, *size))
        x, y = camera.tile_centre((20, 20))
        assert abs(x - camera.viewport.centerx) <= 1 and abs(y - camera.viewport.centery) <= 1, size


@pytest.mark.parametrize("tile_px", [24, 48])
def test_the_declarer_starts_clear_of_the_legend_its_turn_brings(monkeypatch, tile_px: int) -> None:  # noqa: ANN001
    """A shooter in the map's bottom-left corner declares: the overlays its turn switches on
    (range bands) make the legend taller, and the view still starts with it clear of the
    legend (the camera went by the legend of the overlays before its turn)."""
    from tests.builders import SHOTGUN

    panels = Panels(monkeypatch)
    cast = Cast(40, 30)
    cast.add("Gunner", (1, 28), "a", facing=0, weapons=(SHOTGUN,), movement=4)
    cast.add("Brawler", (30, 2), "b", facing=4, movement=4)
    for name in ("Gunner", "Brawler"):
        cast.world.set(cast[name], Appearance("soldier"))
    meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "ai:easy"}}, "title": "Legend"}
    battle = Battle(cast.world, cast.board, 2, RuleOptions.battlefield(), meta=meta)
    app = make_app()
    scene = BattleScene(app, battle, None)
    scene.camera.tile_px = tile_px
    app.push(scene)
    gunner = find_by_name(battle.world, "Gunner")
    assert run_until(app, lambda: scene.phase == "declare" and scene.actor == gunner)
    scene.view.hover_tile = None
    scene.update(0.0)
    panels.frame(app, scene)
    assert panels.clear_of(scene, (1, 28)), (tile_px, scene.camera.tile_rect((1, 28)), panels.rects)


def test_names_keep_off_the_other_tokens_and_their_pips(monkeypatch) -> None:  # noqa: ANN001
    """Issue 52: name labels overlapped adjacent tokens and their wound figure.  Long names on
    diagonal neighbours: every name finds a place clear of the others' tokens and pips."""
    import game.ui.map_view as map_view
    from game.ui.render.tokens import pip_radius, token_size
    from tests.ui_helpers import spy

    def token_area(centre: tuple[float, float], tile_px: int) -> pygame.Rect:
        size, pips = token_size(tile_px), 2 * pip_radius(tile_px) + 2
        rect = pygame.Rect(0, 0, size, size + pips)
        rect.midbottom = (round(centre[0]), round(centre[1] + size / 2))
        return rect

    cast = Cast(12, 9)
    people = (
        ("Bartholomew", (5, 3), "a"),
        ("Constantine", (6, 4), "b"),
        ("Maximilian", (3, 4), "b"),
        ("Di", (5, 6), "a"),
    )
    for name, tile, side in people:
        cast.add(name, tile, side)
    meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "human"}}, "title": "Diamond"}
    calls = spy(monkeypatch, map_view, "draw_tokens")
    app = make_app()
    scene = BattleScene(app, Battle(cast.world, cast.board, 1, RuleOptions.battlefield(), meta=meta), None)
    app.push(scene)
    for _ in range(5):
        if scene.phase == "declare":
            break
        app.step([key(pygame.K_RETURN)] if scene.phase == "handover" else [])
    app.step([])
    placed = calls[-1][1]
    camera = scene.camera
    areas = {
        n: token_area(camera.tile_centre(tile_of(cast.world, cast[n])), camera.tile_px)
        for n, _tile, _side in people
    }
    assert len(placed) == 4
    for label in placed:
        own = min(
            areas, key=lambda n: abs(areas[n].centerx - label.centerx) + abs(areas[n].centery - label.centery)
        )
        hit = [n for n, area in areas.items() if n != own and label.colliderect(area)]
        assert not hit, (own, label, hit)


@pytest.mark.parametrize("map_tiles", [(20, 20), (12, 30), (60, 8)])
def test_zooming_out_stops_where_the_whole_map_shows(map_tiles: tuple[int, int]) -> None:
    """Issue 52: the workbench's board zoomed out to a speck.  Zooming out stops at the level
    that shows the whole map: there it fits the view, and one level nearer it does not."""
    from game.ui.render.camera import Camera

    view = pygame.Rect(0, 0, 860, 440)
    camera = Camera(map_tiles, view)
    camera.zoom(-len(ZOOM_LEVELS))
    w, h = map_tiles
    assert camera.tile_px * w <= view.w and camera.tile_px * h <= view.h  # the whole map shows
    nearer = ZOOM_LEVELS[ZOOM_LEVELS.index(camera.tile_px) + 1]
    assert nearer * w > view.w or nearer * h > view.h  # and no smaller than it needs to be
    camera.zoom(+2)
    camera.zoom(-5)
    assert camera.tile_px * w <= view.w and ZOOM_LEVELS.index(camera.tile_px) >= 0


def test_a_map_too_big_to_fit_still_zooms_out_to_the_smallest_level() -> None:
    from game.ui.render.camera import Camera

    camera = Camera((400, 400), pygame.Rect(0, 0, 860, 440))
    camera.zoom(-len(ZOOM_LEVELS))
    assert camera.tile_px == ZOOM_LEVELS[0]
