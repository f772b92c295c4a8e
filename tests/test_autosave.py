"""Autosaves: each battle keeps its last rounds, the last battles are kept, nothing else is lost."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

from game.cli.demo import demo_world
from game.persist.autosave import autosave
from game.persist.saves import load_battle, save_battle, world_hash
from game.rules.battle import Battle
from game.rules.orders import Order

KEEP = 5  # rounds of each battle the game promises to keep
BATTLES = 10  # battles it promises to keep


def new_battle(seed: int, scenario: str = "demo") -> Battle:
    world, board = demo_world()
    return Battle(world, board, seed, meta={"scenario": scenario, "title": f"The {scenario} battle"})


def next_round(battle: Battle, folder: Path) -> str:
    """Resolve the round in progress (if any), start the next and autosave it, as the battle
    screen does; returns the state's hash for checking the file later."""
    if battle.round is not None:
        while (eid := battle.round.next_declarer) is not None:  # nobody fights: a turn on the spot
            battle.declare(Order(eid, facing=(battle.number + eid) % 8))
        battle.resolve()
    battle.start_round()
    autosave(battle, folder)
    return world_hash(battle.world)


def on_disk(folder: Path) -> dict[tuple[int, int], str]:
    """(battle seed, round) → state hash of every autosave in the folder (each must load)."""
    found = {}
    for path in folder.glob("*.json"):
        battle = load_battle(path)
        found[(battle.seed, battle.number)] = world_hash(battle.world)
    return found


def test_two_battles_played_alternately_never_lose_an_autosave_they_should_keep(tmp_path: Path) -> None:
    battles = {seed: new_battle(seed) for seed in (11, 12)}  # the same scenario twice
    hashes: dict[tuple[int, int], str] = {}
    for _ in range(9):
        for seed, battle in battles.items():
            if battle.over:
                continue
            state = next_round(battle, tmp_path)
            hashes[(seed, battle.number)] = state
            kept = on_disk(tmp_path)
            for other, played in battles.items():
                last = played.number
                wanted = {(other, n) for n in range(max(1, last - KEEP + 1), last + 1)}
                assert wanted <= set(kept), (sorted(wanted - set(kept)), sorted(kept))
                for key in wanted:
                    assert kept[key] == hashes[key]  # the right battle, the right round
    assert all(b.number >= 6 for b in battles.values())  # rotation had work to do


def test_a_new_battle_after_a_long_one_keeps_its_first_rounds(tmp_path: Path) -> None:
    old = new_battle(21)
    for _ in range(9):
        next_round(old, tmp_path)
    new = new_battle(22)
    next_round(new, tmp_path)
    kept = on_disk(tmp_path)
    assert (22, 1) in kept  # it used to be deleted as soon as it was written
    assert {(21, n) for n in range(5, 10)} <= set(kept)


def test_the_most_recent_battles_are_kept_and_the_oldest_dropped_first(tmp_path: Path) -> None:
    for seed in range(BATTLES + 2):
        next_round(new_battle(100 + seed), tmp_path)
        time.sleep(0.01)  # distinct modification times
    kept = {seed for seed, _ in on_disk(tmp_path)}
    assert kept == {100 + s for s in range(2, BATTLES + 2)}


def test_playing_on_from_an_earlier_round_keeps_the_rounds_left_behind(tmp_path: Path) -> None:
    battle = new_battle(31)
    for _ in range(8):
        next_round(battle, tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    assert len(before) == KEEP
    earlier = min(tmp_path.glob("*.json"), key=lambda p: load_battle(p).number)  # round 4
    resumed = load_battle(earlier)
    next_round(resumed, tmp_path)  # round 5 again, on another branch
    after = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    assert all(after.get(name) == data for name, data in before.items())  # untouched
    assert len(after) == KEEP + 1
    assert resumed.meta["battle_id"] != battle.meta["battle_id"]
    assert resumed.meta["branch_of"] == battle.meta["battle_id"]
    # The latest autosave, loaded and played on, stays the same battle.
    latest = load_battle(max(tmp_path.glob("*.json"), key=lambda p: p.stat().st_mtime_ns))
    next_round(latest, tmp_path)
    assert latest.meta["battle_id"] == resumed.meta["battle_id"]


def test_a_killed_save_leaves_no_temporary_file_after_the_next_start(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from game.cli import play
    from game.ui.app import App

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    saves, autosaves = tmp_path / "saves", tmp_path / "autosaves"
    for folder in (saves, autosaves):
        folder.mkdir()
        save_battle(new_battle(41), folder / "kept.json")
    stale = [saves / ".kept.json.k3x9q2ab.tmp", autosaves / ".demo-0123456789ab-round-0003.json.zz81mm0c.tmp"]
    for path in stale:
        path.write_bytes(b'{"format": "dominion-tactics-save", "batt')  # killed mid-write
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    monkeypatch.setattr(App, "run", lambda self: None)  # start, do not wait for a player
    assert play.run(play_args()) == 0
    pygame.display.quit()
    assert not any(p.exists() for p in stale)
    assert (saves / "kept.json").exists() and (autosaves / "kept.json").exists()


def play_args():  # noqa: ANN201
    import argparse

    from game.cli import play

    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    return parser.parse_args([])


@pytest.fixture
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def test_the_load_screen_lists_autosaves_by_scenario_round_and_time_newest_first(home: Path) -> None:
    from game.persist.autosave import autosave_dir
    from game.ui.scenes.settings import LoadScene
    from tests.ui_helpers import key, make_app

    feint, cover = new_battle(51, "tutorial_feint"), new_battle(52, "tutorial_cover")
    for _ in range(7):  # alternately: 12 autosaves kept, more than the screen shows at once
        next_round(feint, autosave_dir())
        time.sleep(0.01)
        next_round(cover, autosave_dir())
        time.sleep(0.01)
    app = make_app()
    load = LoadScene(app)
    app.push(load)
    app.step([])
    assert len(load.saves) == 2 * KEEP
    times = [p.stat().st_mtime_ns for p in load.saves]
    assert times == sorted(times, reverse=True)  # newest first
    first = load.rows[0].label
    assert first.startswith("The tutorial_cover battle · round 7 · autosave ")
    assert load.rows[1].label.startswith("The tutorial_feint battle · round 7 · autosave ")
    # The rest is a scroll away: every save can be reached from the keyboard.
    for _ in range(len(load.saves) - 1):
        app.step([key(pygame.K_DOWN)])
    assert load.index == len(load.saves) - 1
    assert load.rows[-1].label.startswith("The tutorial_feint battle · round 3 · autosave ")


def test_a_rematch_is_a_battle_of_its_own(home: Path) -> None:
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.end import EndScene
    from tests.ui_helpers import duel, make_app

    app = make_app()
    scene = BattleScene(app, duel(("ai:easy", "ai:easy")), None)
    app.push(scene)
    first = scene.battle.meta.get("battle_id")
    EndScene(app, scene).rematch()
    again = app.top.battle.meta.get("battle_id")
    assert first and again and again != first


def test_the_tests_keep_out_of_the_players_folder() -> None:
    # tests/conftest.py gives every test a data folder of its own: a scene test that opens a
    # battle autosaves it, and the player's Load screen once listed ten such duels.
    from platformdirs import user_data_dir

    from game.persist.autosave import APP_NAME, data_dir

    assert data_dir() != Path(user_data_dir(APP_NAME, appauthor=False))
    assert os.environ["DOMINION_TACTICS_HOME"] == str(data_dir())


def test_a_finished_battles_last_autosave_is_listed_after_its_last_round(home: Path) -> None:
    from game.ai.controller import PlaceholderController
    from game.persist.autosave import autosave_dir
    from game.persist.catalog import list_saved_battles
    from game.session.flow import Session

    battle = new_battle(61, "tutorial_feint")
    battle.max_rounds = 3  # a draw at the limit, if nobody falls first
    save = lambda b: autosave(b, autosave_dir())  # noqa: E731
    Session(battle, lambda _side: PlaceholderController(), autosave=save).play_out()
    n = battle.number
    labels = [entry.label() for entry in list_saved_battles()]
    assert labels[0].startswith(f"The tutorial_feint battle · after round {n} · autosave ")  # the end
    assert labels[1].startswith(f"The tutorial_feint battle · round {n} · autosave ")  # as it began
