"""No stale hit-chance tip (issue 52, item 6): after T put the cursor on an enemy, the tip
went on showing between rounds and after a camera pan, over the "End of round" header."""

from __future__ import annotations

import pygame

from game.rules.battle import Battle
from game.rules.events import RoundEnded
from game.rules.options import RuleOptions
from game.ui.battle import drawing
from game.ui.battle.modes import RoundSummary
from game.ui.battle.round_summary import RoundSummaryCard
from game.ui.scenes.battle import BattleScene
from tests.builders import BLASTER, Cast
from tests.ui_helpers import make_app, run_until, spy


def _scene_with_the_cursor_on_an_enemy(monkeypatch) -> tuple[BattleScene, object, list]:  # noqa: ANN001
    cast = Cast(200, 10)
    cast.add("Shooter", (2, 4), side="us", weapons=(BLASTER,), missile_beam=6, timing=9)
    cast.add("Guard", (8, 4), side="them", facing=6, weapons=(BLASTER,))
    meta = {"sides": {"us": {"controller": "human"}, "them": {"controller": "ai:easy"}}}
    battle = Battle(cast.world, cast.board, 1, RuleOptions.battlefield(), meta=meta)
    app = make_app()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    assert run_until(app, lambda: scene.phase == "declare" and scene.actor == cast["Shooter"])
    tips = spy(monkeypatch, drawing, "draw_tooltip")  # draw_tooltip(surface, theme, lines, pos, …)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0)])
    scene.overlays.active.add("chance")
    return scene, app, tips


def _chance_tips(tips: list) -> list[list[str]]:
    return [args[2] for args, _ in tips if any("%" in line for line in args[2])]


def test_the_tip_shows_while_declaring_and_not_under_the_round_summary(monkeypatch) -> None:  # noqa: ANN001
    scene, app, tips = _scene_with_the_cursor_on_an_enemy(monkeypatch)
    app.step([])
    assert _chance_tips(tips), "the tip shows on the enemy under the cursor while declaring"
    tips.clear()
    scene.mode = RoundSummary(RoundSummaryCard([RoundEnded(1)], lambda: None))
    app.step([])
    assert not _chance_tips(tips)


def test_the_tip_leaves_with_its_token_when_the_camera_pans_away(monkeypatch) -> None:  # noqa: ANN001
    scene, app, tips = _scene_with_the_cursor_on_an_enemy(monkeypatch)
    scene.camera.pan(8000, 0, snap=True)  # the view moves far east: the enemy is off it
    tips.clear()
    app.step([])
    assert not _chance_tips(tips)
