"""The first tutorial guides step by step (issue 52): the hint line asks one thing at a time,
and moves on when the plan shows it done, through the battle screen's own input events."""

from __future__ import annotations

import pygame
import pytest

from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.core.geometry import bearing_direction
from game.rules.positions import find_by_name, tile_of
from game.ui.guide import BASICS, guide_for
from game.ui.scenes.battle import BattleScene
from tests.ui_helpers import click, key, make_app, run_until, spy


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def test_the_first_tutorial_asks_one_thing_at_a_time(monkeypatch) -> None:  # noqa: ANN001
    import game.ui.battle.drawing as drawing

    hints = spy(monkeypatch, drawing, "draw_hint")
    app = make_app()
    battle, battle_map = build_battle(find_scenario("tutorial_basics"), 3)
    scene = BattleScene(app, battle, battle_map)
    app.push(scene)
    world = battle.world
    omar, thug = find_by_name(world, "Omar"), find_by_name(world, "Thug")
    assert scene.guide is not None and scene.guide.learner == omar
    assert run_until(app, lambda: scene.phase == "declare" and scene.actor == omar)
    app.step([])

    def shown() -> str:
        return hints[-1][0][2]

    assert shown().startswith(f"Step 1 of {len(BASICS)}: Click a tile toward the thug")
    # A move toward the thug: step 2 asks for the facing.
    here = tile_of(world, omar)
    app.step(click(scene.screen_pos((here[0] + 2, here[1]))))
    app.step([])
    assert scene.draft.order().path and shown().startswith("Step 2 of 6: Turn Omar to face the thug")
    # Facing him (a right-click on his tile): step 3 asks to declare.
    app.step(click(scene.screen_pos(tile_of(world, thug)), button=3))
    app.step([])
    end = scene.draft.order().path[-1]
    assert scene.draft.order().facing == bearing_direction(end, tile_of(world, thug))
    assert shown().startswith("Step 3 of 6: Press C to declare")
    app.step([key(pygame.K_c)])
    assert scene.draft is None
    # The round plays out; in a later round the guide asks for the Strike, then the Parry.
    assert run_until(app, lambda: scene.phase == "declare" and scene.actor == omar, frames=4000)
    app.step([])
    assert shown().startswith("Step 4 of 6: Click the thug to attack him")
    assert scene.guide.index == 3


def test_a_step_done_stays_done_and_the_guide_only_moves_forward() -> None:
    battle, _map = build_battle(find_scenario("tutorial_basics"), 3)
    omar = find_by_name(battle.world, "Omar")
    guide = guide_for(battle, "basics", [omar])
    assert guide is not None and guide.index == 0
    from game.rules.orders import Action, ActionKind, Order

    thug = find_by_name(battle.world, "Thug")
    # A plan with a move, a facing toward the thug, a Strike and a Parry: the move and the
    # facing are done; the declaration is not, so the Strike (step 4) waits behind it.
    here = tile_of(battle.world, omar)
    path = ((here[0] + 1, here[1]),)
    plan = Order(
        omar,
        (Action(ActionKind.STRIKE, thug), Action(ActionKind.PARRY)),
        path,
        bearing_direction(path[-1], tile_of(battle.world, thug)),
    )
    assert guide.advance(battle, plan)
    assert guide.index == 2 and guide.line().startswith("Step 3 of 6: Press C")
    assert not guide.advance(battle, None)  # no plan: nothing more is done, nothing undone
    assert guide.index == 2
    assert guide_for(battle, "feint", [omar]) is None and guide_for(battle, "basics", []) is None
