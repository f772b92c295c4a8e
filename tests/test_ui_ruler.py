"""The ruler (R): from the focused combatant to the pointer, the rules' distance, range band,
sight and cover, drawn on the map and put away again."""

from __future__ import annotations

import pygame
import pytest

from game.rules.options import RuleOptions
from game.rules.positions import tile_of
from game.ui.battle.ruler import ruler_lines
from tests.builders import BLASTER, Cast
from tests.ui_helpers import duel, key, make_app, run_until


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def drawn(monkeypatch) -> list[tuple]:  # noqa: ANN001
    """What the ruler drew each frame: (from, to, its words)."""
    record: list[tuple] = []
    monkeypatch.setattr(
        "game.ui.battle.ruler.draw_ruler",
        lambda surface, theme, camera, origin, target, lines: record.append((origin, target, lines)) or None,
    )
    return record


def ruler_to(app, view, tile: tuple[int, int], drawn: list[tuple]) -> tuple:  # noqa: ANN001
    """Point at `tile`, press R and draw a frame: what the ruler drew (from, to, words)."""
    view.hover_tile = tile
    app.step([key(pygame.K_r)])
    app.step([])
    return drawn[-1]


def field(walls=(), cover=None):  # noqa: ANN001, ANN201
    cast = Cast(60, 10, walls=walls, cover=cover or {})
    cast.add("Gunner", (0, 5), "a", weapons=(BLASTER,), missile_beam=6)
    cast.add("Brawler", (0, 0), "a")
    return cast


def test_the_words_are_the_rules_distance_band_sight_and_cover() -> None:
    options = RuleOptions.battlefield()
    cast = field()
    gunner, brawler = cast["Gunner"], cast["Brawler"]
    assert ruler_lines(cast.world, cast.board, options, gunner, (0, 5), (20, 5)) == [
        "20.0 m · Short Range 0 (blaster)",  # a band's limit is inside it (range_band)
        "in sight",
    ]
    assert ruler_lines(cast.world, cast.board, options, gunner, (0, 5), (21, 5))[0] == (
        "21.0 m · Medium Range −3 (blaster)"
    )
    far = Cast(120, 3)
    far.add("Gunner", (0, 1), "a", weapons=(BLASTER,))
    assert ruler_lines(far.world, far.board, options, far["Gunner"], (0, 1), (101, 1))[0] == (
        "101.0 m · out of range (blaster)"
    )
    # No missile weapon: no band.
    assert ruler_lines(cast.world, cast.board, options, brawler, (0, 5), (3, 9))[0] == "5.0 m"
    walled = field(walls=[(5, y) for y in range(10)])
    assert ruler_lines(walled.world, walled.board, options, walled["Gunner"], (0, 5), (9, 5)) == [
        "9.0 m · Short Range 0 (blaster)",
        "no line of sight",
    ]
    covered = field(cover={(8, 5): "low"})
    words = ruler_lines(covered.world, covered.board, options, covered["Gunner"], (0, 5), (9, 5))
    assert words[1] == "in sight · Low Cover −2"
    plain = RuleOptions.battlefield().with_module("cover", False)
    assert (
        ruler_lines(covered.world, covered.board, plain, covered["Gunner"], (0, 5), (9, 5))[1] == "in sight"
    )


def test_r_puts_the_ruler_out_from_the_declarer_to_the_pointer_and_away(drawn: list[tuple]) -> None:
    app = make_app()
    scene = app.push_screen("battle", duel(), None)
    assert run_until(app, lambda: scene.phase == "declare")
    omar = scene.actor
    scene.view.hover_tile = (5, 7)
    app.step([])
    assert not drawn  # not out until R
    origin, target, lines = ruler_to(app, scene.view, (5, 7), drawn)
    assert origin == tile_of(scene.world, omar) and target == (5, 7)
    assert lines[0] == f"{scene.battle.board.distance(origin, target):.1f} m"  # Omar has no missile weapon
    assert "Ruler" in scene.toasts[-1][0]
    drawn.clear()
    app.step([key(pygame.K_r)])
    app.step([])
    assert not drawn


def test_the_workbench_has_the_ruler_too(drawn: list[tuple]) -> None:
    from game.paths import ROOT
    from game.rules.positions import combatants
    from game.workbench.files import open_position

    app = make_app()
    wb = app.push_screen("workbench", *open_position(ROOT / "docs" / "examples" / "retreat.json"))
    first = combatants(wb.world)[0]
    wb.select(first)
    origin, target, lines = ruler_to(app, wb.view, (0, 0), drawn)
    assert origin == tile_of(wb.world, first) and target == (0, 0)
    assert lines[0].startswith(f"{wb.setup.board.distance(origin, target):.1f} m")
    drawn.clear()
    app.step([key(pygame.K_r)])
    app.step([])
    assert not drawn


def test_the_replay_has_the_ruler_too(drawn: list[tuple]) -> None:
    """Watching a battle back, R measures from the combatant in focus, where it stands at the
    event on screen."""
    from game.ui.replay_timeline import load_replay

    app = make_app()
    scene = app.push_screen("battle", duel(), None)
    assert run_until(app, lambda: scene.phase == "declare")
    path = scene.save()
    assert path is not None
    replay = app.replace_screen("replay", load_replay(path))
    focus = replay.focus()
    assert focus is not None
    origin, target, lines = ruler_to(app, replay.view, (9, 0), drawn)
    assert origin == tile_of(replay.world, focus) and target == (9, 0)
    assert lines[0].startswith(f"{replay.board.distance(origin, target):.1f} m")
