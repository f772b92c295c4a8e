"""The Feint tutorial played as briefed, through the battle screen's own input events."""

from __future__ import annotations

import pygame
import pytest

from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.rules.orders import ActionKind
from game.rules.positions import find_by_name, tile_of
from game.ui.scenes.battle import BattleScene
from tests.ui_helpers import click, key, make_app, run_until

SEED = 1  # Frederic's Feint succeeds in the first round and his Strike is rolled


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def choose(app, scene: BattleScene, label: str) -> None:  # noqa: ANN001
    """Click the menu item with this label (it must be offered)."""
    assert scene.menu is not None
    app.step([])  # the menu lays its items out when drawn
    labels = [item.label for item in scene.menu.items]
    index = labels.index(label)
    item = scene.menu.items[index]
    assert item.enabled, (label, item.reason)
    app.step(click(scene.menu.item_rects[index].center))


def play_feint_tutorial(seed: int) -> BattleScene:
    """Frederic walks up to Dirk, declares Strike and Feint on him, and the round is resolved."""
    app = make_app()
    battle, battle_map = build_battle(find_scenario("tutorial_feint"), seed)
    scene = BattleScene(app, battle, battle_map)
    app.push(scene)
    world = battle.world
    frederic, dirk = find_by_name(world, "Frederic"), find_by_name(world, "Dirk")
    assert run_until(app, lambda: scene.phase == "declare")
    assert scene.actor == frederic
    # Click the tile west of Dirk (where Dirk means to be, if he declared already) to walk there.
    there, _ = scene.aim.plan_end(dirk)
    app.step(click(scene.screen_pos((there[0] - 1, there[1]))))
    assert scene.draft.order().path[-1] == (there[0] - 1, there[1])
    # Click Dirk: the attack menu; Strike first, then (menu again) the Feint.
    app.step(click(scene.screen_pos(tile_of(world, dirk))))
    choose(app, scene, "Strike on Dirk")
    app.step(click(scene.screen_pos(tile_of(world, dirk))))
    choose(app, scene, "Feint on Dirk")
    order = scene.draft.order()
    assert [a.kind for a in order.actions] == [ActionKind.STRIKE, ActionKind.FEINT]
    assert not scene.planner.reasons(order)
    app.step([key(pygame.K_c)])  # declare
    assert scene.draft is None

    def resolved() -> bool:
        if scene.playback is not None:
            scene.pace("skip")
        return scene.finished or battle.number >= 2  # round 1 resolved and shown

    assert run_until(app, resolved, frames=4000)
    return scene


def test_strike_and_feint_are_declared_and_the_feint_bonus_is_logged() -> None:
    scene = play_feint_tutorial(SEED)
    record = scene.battle.records[0]
    mine = next(o for o in record.orders if o.has(ActionKind.FEINT))
    assert mine.count(ActionKind.STRIKE) == 1 and mine.count(ActionKind.FEINT) == 1
    text = [line.text for line in scene.log.lines]
    assert any("Frederic" in t and "Feint" in t and "rolled" in t for t in text), text
    assert any("Strike on Dirk" in t and "[Feint Bonus]" in t for t in text), text
