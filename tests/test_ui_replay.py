"""The replay screen, driven headless: step through a saved battle both ways, jump by
round, scrub, continue from a round, open it from the load screen and the command line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pygame
import pytest

from game.ai import make_controller
from game.ai.controller import DeclarationView
from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.persist.autosave import saves_dir
from game.persist.saves import SaveError, load_battle, read_save, rebuild, save_battle
from game.rules.battle import Battle
from game.rules.events import RoundStarted
from game.rules.positions import combatants, name_of, tile_of
from game.ui.app import App
from game.ui.input.bindings import BINDINGS
from game.ui.render.replay_stage import position_text
from game.ui.replay_timeline import load_replay
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.settings import LoadScene
from game.world import Condition, Facing, Side, World
from tests.ui_helpers import click, key, make_app, run_until

SCENARIO = "ring_duel"  # two duellists on a small bundled map: a short battle with map art
AI = "placeholder"  # the simple AI: these tests are about the screen, not about how well the AI plays


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Saves, autosaves and settings go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def ai_battle(seed: int = 5, rounds: int = 40) -> Battle:
    """A ring duel saved with the first side human and the second an AI, played out by AIs."""
    scenario = find_scenario(SCENARIO)
    sides = [s.name for s in scenario.sides]
    controllers = {sides[0]: "human", **{s: AI for s in sides[1:]}}
    battle, _ = build_battle(scenario, seed, controllers)
    deciders: dict[str, object] = {}

    def decide(eid: int, b: Battle):  # noqa: ANN202
        side = b.world.get(eid, Side).name
        ai = deciders.setdefault(side, make_controller(AI, len(deciders)))
        return ai.choose_order(DeclarationView.of(b, eid))  # type: ignore[attr-defined]

    while not battle.over and battle.number < rounds:
        battle.play_round(decide)
    return battle


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> tuple[Path, Battle]:  # noqa: ANN001
    """One finished AI battle, saved (shared by the tests: it does not change)."""
    battle = ai_battle()
    assert battle.number >= 2, "the duel should last more than a round"
    path = tmp_path_factory.mktemp("replays") / "duel.json"
    save_battle(battle, path)
    return path, battle


def state(world: World) -> dict[str, tuple[tuple[int, int], int, Condition]]:
    """Each combatant's tile, facing and condition, by name."""
    return {
        name_of(world, e): (tile_of(world, e), world.get(e, Facing).direction, world.get(e, Condition))
        for e in combatants(world)
    }


def open_scene(path: Path) -> tuple[App, ReplayScene]:
    app = make_app()
    app.push(MenuScene(app))
    scene = ReplayScene(app, load_replay(path))
    app.replace(scene)
    app.step([])
    return app, scene


def test_step_forward_to_the_end_and_back_to_the_start_exactly(saved) -> None:  # noqa: ANN001
    path, battle = saved
    app, scene = open_scene(path)
    cursor = scene.cursor
    assert cursor.at_start and state(scene.world) == state(World.from_dict(battle.initial))
    seen = [state(scene.world)]
    while not cursor.at_end:
        app.step([key(pygame.K_RIGHT)], 1 / 60)
        seen.append(state(scene.world))
        assert len(seen) <= cursor.length, "stepping forward must reach the end"
    assert len(seen) == cursor.length
    # After the last event the tokens stand, face and bleed as in the saved battle's final world.
    assert scene.displayed() == state(battle.world) == state(load_battle(path).world)
    assert len(scene.log.lines) == 1 + len(battle.events())  # the header, then every event
    # Every step back shows exactly what the same position showed going forward.
    for expected in reversed(seen[:-1]):
        app.step([key(pygame.K_LEFT)], 1 / 60)
        assert state(scene.world) == expected
    assert cursor.at_start and scene.displayed() == state(World.from_dict(battle.initial))
    assert len(scene.log.lines) == 1
    app.step([key(pygame.K_LEFT)])  # nothing before the start
    assert cursor.at_start


def test_round_ends_match_the_battle_round_by_round(saved) -> None:  # noqa: ANN001
    path, battle = saved
    after: list[dict] = []
    rebuild(read_save(path), "test", on_round=lambda b, n: after.append(state(b.world)))
    app, scene = open_scene(path)
    for number, expected in enumerate(after, 1):
        scene.cursor.seek(number - 1, len(scene.replay.rounds[number - 1]))  # the end of that round
        assert scene.cursor.completed_rounds() == number
        assert state(scene.world) == expected, f"round {number}"


def test_round_jumps_and_home_end(saved) -> None:  # noqa: ANN001
    path, battle = saved
    app, scene = open_scene(path)
    cursor = scene.cursor
    app.step([key(pygame.K_PAGEDOWN)])
    assert (cursor.round, cursor.index) == (1, 0) and cursor.current == RoundStarted(2)
    app.step([key(pygame.K_LEFTBRACKET)])  # [ : back to the start of round 1
    assert (cursor.round, cursor.index) == (0, 0) and cursor.current == RoundStarted(1)
    app.step([key(pygame.K_RIGHTBRACKET), key(pygame.K_n), key(pygame.K_n)])
    assert (cursor.round, cursor.index) == (1, 2)
    app.step([key(pygame.K_PAGEUP)])  # inside a round: its start
    assert (cursor.round, cursor.index) == (1, 0)
    app.step([key(pygame.K_END)])
    assert cursor.at_end and state(scene.world) == state(battle.world)
    app.step([key(pygame.K_PAGEDOWN)])  # nothing after the end
    assert cursor.at_end
    app.step([key(pygame.K_b)])  # B steps back: the last event is on screen again
    assert cursor.round == cursor.last_round and cursor.index == len(cursor.events) - 1
    app.step([key(pygame.K_HOME)])
    assert cursor.at_start


def test_play_runs_through_rounds_and_space_pauses(saved) -> None:  # noqa: ANN001
    path, _ = saved
    app, scene = open_scene(path)
    app.step([key(pygame.K_SPACE)])
    assert scene.cursor.playing
    assert run_until(app, lambda: scene.cursor.round >= 1, frames=3000, sleep=0)
    app.step([key(pygame.K_p)])
    assert not scene.cursor.playing
    where = scene.cursor.position
    app.step([], 1.0)
    assert scene.cursor.position == where
    # The log shows exactly the events revealed so far.
    assert len(scene.log.lines) == 1 + scene.cursor.shown_count


def test_mouse_buttons_timeline_and_selection(saved) -> None:  # noqa: ANN001
    path, battle = saved
    app, scene = open_scene(path)
    end = next(t for t in scene.panel.transport if t.icon == "end")
    app.step(click(end.rect.center))
    assert scene.cursor.at_end
    start = next(t for t in scene.panel.transport if t.icon == "start")
    app.step(click(start.rect.center))
    assert scene.cursor.at_start
    step = next(t for t in scene.panel.transport if t.icon == "step")
    app.step(click(step.rect.center))
    assert scene.cursor.position == 1
    bar = scene.panel.timeline_rect
    app.step(click((bar.right - 1, bar.centery)))
    assert scene.cursor.at_end
    app.step(click((bar.x + bar.w // 2, bar.centery)))
    assert 0 < scene.cursor.position < scene.cursor.length - 1
    # Clicking a token shows its sheet.
    eid = combatants(scene.world)[-1]
    tile = tile_of(scene.world, eid)
    scene.camera.ensure_visible(tile, 0.5)
    scene.camera.offset.update(scene.camera.target)
    app.step(click(scene.camera.tile_centre(tile)))
    assert scene.selected == eid and scene.focus() == eid


def test_continue_from_round_one_opens_a_battle_that_plays_on(saved) -> None:  # noqa: ANN001
    path, _ = saved
    app, scene = open_scene(path)
    app.step([key(pygame.K_PAGEDOWN), key(pygame.K_LEFT)])  # the end of round 1
    assert scene.cursor.completed_rounds() == 1
    assert scene.continue_label() == "Continue from the end of round 1"
    app.dispatch(key(pygame.K_c))  # no frame yet: the battle stands where round 1 left it
    battle_scene = app.top
    assert isinstance(battle_scene, BattleScene) and app.scenes == [battle_scene]
    battle = battle_scene.battle
    assert battle.number == 1 and battle.round is None and not battle.over
    assert {battle_scene.controller_of(e) for e in combatants(battle.world)} == {"human", AI}
    # The human side declares (nothing), the AI declares as usual, round 2 resolves.
    assert run_until(app, lambda: battle_scene.phase == "declare" or isinstance(app.top, HandoverScene))
    app.step([key(pygame.K_c)])

    def played_on() -> bool:
        if battle_scene.playback is not None:
            battle_scene.pace("skip")
        if battle_scene.phase == "declare" and battle.number == 2:
            app.step([key(pygame.K_c)])
        return battle.number >= 2 and battle.round is None or battle.number >= 3

    assert run_until(app, played_on, frames=3000)
    assert [e.to_dict() for e in battle.records[0].events] == [
        e.to_dict() for e in load_battle(path).records[0].events
    ]


def test_continue_at_the_very_end_of_a_finished_battle_is_refused(saved) -> None:  # noqa: ANN001
    path, battle = saved
    assert battle.over
    app, scene = open_scene(path)
    app.step([key(pygame.K_END)])
    assert scene.continue_problem()
    app.step([key(pygame.K_c)])
    assert app.top is scene and scene.toasts  # says why instead of opening a finished battle
    app.step([key(pygame.K_HOME)])
    assert scene.continue_label() == "Play it again from the start" and not scene.continue_problem()


def test_escape_goes_back_to_the_menu(saved) -> None:  # noqa: ANN001
    path, _ = saved
    app, scene = open_scene(path)
    app.step([key(pygame.K_F1)])
    assert app.top is not scene  # help over the replay
    app.step([key(pygame.K_ESCAPE)])
    assert app.top is scene
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, MenuScene) and app.running


def test_load_screen_offers_watch_replay(saved) -> None:  # noqa: ANN001
    path, _ = saved
    target = saves_dir() / "duel.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(path.read_bytes())
    app = make_app()
    app.push(MenuScene(app))
    app.push(LoadScene(app))
    app.step([])
    load = app.top
    assert load.saves == [target]
    app.step(click(load.watch_buttons[0].rect.center))
    assert isinstance(app.top, ReplayScene) and app.top.replay.path == target
    # The keyboard way: R on the highlighted save.
    app.replace(MenuScene(app))
    app.push(LoadScene(app))
    app.step([key(pygame.K_r)])
    assert isinstance(app.top, ReplayScene)
    # A damaged save says why on the load screen.
    target.write_text("{}")
    app.replace(MenuScene(app))
    app.push(LoadScene(app))
    app.step([key(pygame.K_r)])
    assert isinstance(app.top, LoadScene) and "not a Dominion Tactics save" in app.top.error


def test_bad_files_are_refused_in_one_line(tmp_path: Path) -> None:
    from game.ui.replay_view import run_replay

    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00garbage")
    for bad in (garbage, tmp_path / "missing.json"):
        with pytest.raises(SaveError) as caught:
            run_replay(bad)
        assert "\n" not in str(caught.value)


def test_a_hand_edited_save_is_refused(saved, tmp_path: Path) -> None:  # noqa: ANN001
    path, _ = saved
    edited = tmp_path / "edited.json"
    data = json.loads(path.read_text())
    data["state_hash"] = "0" * 64
    edited.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not match"):
        load_replay(edited)
    data = json.loads(path.read_text())
    data["battle"]["seed"] += 1  # other dice: the saved orders no longer fit
    edited.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="damaged save"):
        load_replay(edited)


def fake_run(app: App) -> None:
    """Instead of the real loop: a few frames, then stop (pygame stays initialised)."""
    fake_run.apps.append(app)  # type: ignore[attr-defined]
    battle = getattr(app.top, "battle", None)
    fake_run.rounds.append(battle.number if battle is not None else None)  # type: ignore[attr-defined]
    for _ in range(3):
        app.step([])


def test_command_line_replay_and_continue(saved, monkeypatch) -> None:  # noqa: ANN001
    from game.cli import replay as replay_cli
    from game.ui.replay_view import run_replay

    path, _ = saved
    fake_run.apps = []  # type: ignore[attr-defined]
    fake_run.rounds = []  # type: ignore[attr-defined]
    monkeypatch.setattr(App, "run", fake_run)
    assert run_replay(path) == 0
    app = fake_run.apps[-1]  # type: ignore[attr-defined]
    assert isinstance(app.top, ReplayScene) and app.top.standalone
    app.step([key(pygame.K_ESCAPE)])  # opened from the command line: Esc quits
    assert not app.running
    # `python -m game replay FILE --from-round 1` opens the battle in the window.
    args = argparse.Namespace(file=path, verify=False, from_round=1, out=None)
    assert replay_cli.run(args) == 0
    app = fake_run.apps[-1]  # type: ignore[attr-defined]
    assert isinstance(app.top, BattleScene) and fake_run.rounds[-1] == 1  # type: ignore[attr-defined]
    assert app.top.battle.number == 2  # and it plays on: round 2 has begun
    args = argparse.Namespace(file=path, verify=False, from_round=None, out=None)
    assert replay_cli.run(args) == 0
    assert isinstance(fake_run.apps[-1].top, ReplayScene)  # type: ignore[attr-defined]


def test_command_line_rejects_a_bad_file_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    result = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(bad)],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_random_input_on_the_replay_screen_keeps_it_exact(saved) -> None:  # noqa: ANN001
    """4,000 random keys and clicks: nothing raises, the log matches the position, and the world
    shown is always the one a fresh replay shows at that position."""
    import random

    from game.ui.replay_timeline import ReplayCursor

    path, _ = saved
    replay = load_replay(path)
    rng = random.Random(5)
    keys = [k for b in BINDINGS.all for k, _ in b.keys if b.name != "back"]
    app, scene = open_scene(path)
    for n in range(4_000):
        if not isinstance(app.top, ReplayScene):  # continued, left or helped: back to the replay
            scene = ReplayScene(app, replay, battle_map=scene.battle_map)
            app.replace(scene)
            app.running = True
        w, h = app.screen.get_size()
        if rng.random() < 0.6:
            k = rng.choice(keys) if rng.random() < 0.98 else pygame.K_ESCAPE
            events = [key(k, rng.choice((0, 0, pygame.KMOD_SHIFT)))]
        else:
            events = click((rng.randrange(w), rng.randrange(h)), rng.choice((1, 1, 3)))
        app.step(events, rng.choice((0.0, 1 / 60, 0.3)), draw=n % 5 == 0)
        if isinstance(app.top, ReplayScene) and n % 25 == 0:
            cursor = app.top.cursor
            assert len(app.top.log.lines) == 1 + cursor.shown_count
            fresh = ReplayCursor(replay)
            fresh.seek_position(cursor.position)
            assert (fresh.round, fresh.index) == (cursor.round, cursor.index)
            assert state(fresh.world) == state(cursor.world)


def test_a_save_made_in_the_strategy_stage_replays_up_to_where_it_was_saved(tmp_path: Path) -> None:
    """Autosaves and manual saves are made while orders are being declared: the replay ends
    there, on an in-memory grid board too (no map art)."""
    from game.rules.orders import Order
    from tests.ui_helpers import duel

    battle = duel(("human", "human"))
    battle.start_round()
    battle.declare(Order(battle.next_declarer))
    path = tmp_path / "midround.json"
    save_battle(battle, path)
    app, scene = open_scene(path)
    assert scene.art is None
    app.step([key(pygame.K_END)])
    assert scene.cursor.at_end and state(scene.world) == state(battle.world)
    assert "before it was resolved" in position_text(scene.replay, scene.cursor)
    assert scene.continue_round() == 0 and not scene.continue_problem()
    app.dispatch(key(pygame.K_c))
    assert isinstance(app.top, BattleScene) and app.top.battle.number == 0
