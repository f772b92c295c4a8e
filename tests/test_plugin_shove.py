"""A rules module that brings an action, in one file of a separate package (`tests/plugins/
table_rules/shove.py`), loaded through its entry point, reaches every part of the game with
no edit elsewhere: the listing, validation, the round and its log, the forecast, the AI's
candidates, the sandbox and its scripted dice, saves and replays (issue 49)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from builders import Cast

from game.rules.events import Rolled
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind, Order
from game.rules.plugins import ENTRY_POINT_GROUP, load_entry_point, plugin_problems
from game.rules.registry import action_in_play, rules_modules, spec_of, unregister

PLUGINS = Path(__file__).parent / "plugins"
ROOT = Path(__file__).resolve().parent.parent


def on() -> RuleOptions:
    """The battlefield's defaults and Shove."""
    return RuleOptions.battlefield().with_module("shove", True)


@pytest.fixture(autouse=True)
def plugged_in() -> Iterator[None]:
    """Load the plug-in afresh through an entry point, as discovery does; unplug it after."""
    sys.path.insert(0, str(PLUGINS))
    sys.modules.pop("table_rules.shove", None)
    load_entry_point(metadata.EntryPoint("shove", "table_rules.shove", ENTRY_POINT_GROUP))
    yield
    unregister("shove")
    sys.path.remove(str(PLUGINS))


def shove() -> ActionKind:
    return ActionKind("shove")


def duel() -> Cast:
    cast = Cast(10, 10)
    cast.add("Hilda", (3, 5), "a", facing=2, brawling=6)
    cast.add("Val", (4, 5), "b", facing=6)
    return cast


def test_listed_with_the_modules_and_off_by_default() -> None:
    module = next(m for m in rules_modules() if m.name == "shove")
    assert module.label == "Shove" and not module.default_on
    assert spec_of(shove()).module == "shove"
    assert not action_in_play(shove(), RuleOptions.battlefield())
    assert action_in_play(shove(), on())
    assert plugin_problems() == () or all("shove" not in p.source for p in plugin_problems())


def test_validation_refuses_it_while_off_and_out_of_reach() -> None:
    from game.rules.validate import validate_order

    cast = duel()
    order = cast.order("Hilda", cast.act(shove(), "Val"))
    assert validate_order(cast.world, cast.board, order, {}, on()) == []
    assert validate_order(cast.world, cast.board, order, {}, RuleOptions.battlefield()) != []
    far = Cast(10, 10)
    far.add("Hilda", (1, 5), "a", brawling=6)
    far.add("Val", (4, 5), "b")
    reasons = validate_order(far.world, far.board, far.order("Hilda", far.act(shove(), "Val")), {}, on())
    assert any("within reach" in r for r in reasons)


def test_the_round_rolls_it_and_a_success_pushes_the_target_a_tile() -> None:
    from game.rules.dice import ScriptedDice
    from game.rules.positions import tile_of
    from game.rules.round import play_round

    for die, moved in ((6, True), (7, False)):
        cast = duel()
        orders = {
            cast["Hilda"]: cast.order("Hilda", cast.act(shove(), "Val")),
            cast["Val"]: Order(cast["Val"]),
        }
        dice = ScriptedDice(keyed={"Hilda:Shove": [die]})
        events = play_round(
            cast.world, cast.board, dice, orders, timing_order=[cast["Hilda"], cast["Val"]], options=on()
        )
        rolled = next(e for e in events if isinstance(e, Rolled) and e.actor == "Hilda")
        assert rolled.text() == f"Hilda — Shove on Val: 6 [Brawling] = 6; rolled {die}: " + (
            "success" if moved else "failure"
        )
        assert tile_of(cast.world, cast["Val"]) == ((5, 5) if moved else (4, 5))
        assert any(e.text() == "Val is shoved by Hilda to (5, 5)" for e in events) == moved


def test_the_forecast_gives_its_chance_from_the_same_numbers() -> None:
    from game.rules.forecast import forecast_order

    cast = duel()
    orders = {cast["Hilda"]: cast.order("Hilda", cast.act(shove(), "Val"))}
    (forecast,) = forecast_order(cast.world, cast.board, orders, cast["Hilda"], on())
    assert forecast.breakdown is not None and forecast.breakdown.text() == "6 [Brawling] = 6"
    assert forecast.success == pytest.approx(6 / 12)


def test_the_ai_weighs_it_among_its_candidates() -> None:
    from dataclasses import replace

    from ai_helpers import knowledge_of, view_of

    from game.ai.candidates import candidates
    from game.ai.levels import LEVELS

    cast = duel()
    for options, expected in ((on(), True), (RuleOptions.battlefield(), False)):
        view = replace(view_of(cast, "Hilda", later=("Val",)), options=options)
        found = candidates(knowledge_of(view), LEVELS["hard"])
        assert any(c.order.has(shove()) for c in found) == expected


def scenario() -> dict[str, object]:
    person = {"attributes": {"vigor": 3, "agility": 3}, "side": "a"}
    return {
        "modules": ["shove"],
        "board": {"width": 8, "height": 8},
        "combatants": [
            {**person, "name": "Hilda", "position": [3, 5], "facing": "E", "skills": {"brawling": 6}},
            {**person, "name": "Val", "side": "b", "position": [4, 5], "facing": "W"},
        ],
        "rounds": [
            {
                "timing": ["Hilda", "Val"],
                "orders": {"Hilda": {"actions": [{"action": "shove", "target": "Val"}]}},
                "dice": {"Hilda:Shove": [2]},
            }
        ],
    }


def test_the_sandbox_scripts_its_dice_and_plays_it(tmp_path: Path) -> None:
    from game.sandbox.loader import load_scenario
    from game.sandbox.runner import play

    path = tmp_path / "shove.json"
    path.write_text(json.dumps(scenario()))
    lines = [e.text() for report in play(load_scenario(path)) for e in report.events]
    assert "Hilda — Shove on Val: 6 [Brawling] = 6; rolled 2: success" in lines
    assert "Val is shoved by Hilda to (5, 5)" in lines


def test_a_battle_with_it_saves_and_replays_the_same(tmp_path: Path) -> None:
    from game.persist.replay import verify_save
    from game.persist.saves import load_battle, save_battle
    from game.rules.battle import Battle

    cast = duel()
    battle = Battle(cast.world, cast.board, 7, on(), max_rounds=3)
    hilda, val = cast["Hilda"], cast["Val"]
    battle.play_round(
        lambda eid, b: cast.order("Hilda", cast.act(shove(), "Val")) if eid == hilda else Order(val)
    )
    assert any(isinstance(e, Rolled) and e.action.startswith("Shove") for e in battle.events())
    path = tmp_path / "save.json"
    save_battle(battle, path)
    assert '"shove": true' in path.read_text()
    loaded = load_battle(path)
    assert loaded.options.has("shove") and [e.to_dict() for e in loaded.events()] == [
        e.to_dict() for e in battle.events()
    ]
    assert verify_save(path).ok


def installed_copy(tmp_path: Path, entry_points: str) -> dict[str, str]:
    """`table_rules` as an installed package would be (its code and its dist-info with the
    entry points), on PYTHONPATH for a child process."""
    site = tmp_path / "site"
    (site / "table_rules").mkdir(parents=True)
    for source in (PLUGINS / "table_rules").glob("*.py"):
        (site / "table_rules" / source.name).write_text(source.read_text())
    info = site / "table_rules-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: table-rules\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{entry_points}")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}


def test_an_installed_package_plays_through_the_command_line(tmp_path: Path) -> None:
    env = installed_copy(tmp_path, "shove = table_rules.shove\n")
    path = tmp_path / "shove.json"
    path.write_text(json.dumps(scenario()))
    done = subprocess.run(
        [sys.executable, "-m", "game", "resolve", str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Val is shoved by Hilda to (5, 5)" in done.stdout


def test_a_broken_plug_in_is_left_out_with_one_line(tmp_path: Path) -> None:
    env = installed_copy(tmp_path, "shove = table_rules.shove\nbroken = table_rules.missing\n")
    probe = (
        "from game.rules.options import module_names; from game.rules.plugins import plugin_problems;"
        "print(module_names()); print([(p.source, p.reason) for p in plugin_problems()])"
    )
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    names, problems = done.stdout.splitlines()
    assert "'shove'" in names and "'facing'" in names
    assert problems == (
        "[('broken = table_rules.missing', \"ModuleNotFoundError: No module named 'table_rules.missing'\")]"
    )
    path = tmp_path / "shove.json"
    path.write_text(json.dumps(scenario()))
    done = subprocess.run(
        [sys.executable, "-m", "game", "resolve", str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert done.stderr.splitlines() == [
        "warning: rules plug-in broken = table_rules.missing left out: "
        "ModuleNotFoundError: No module named 'table_rules.missing'"
    ]


def test_an_action_beyond_the_chapter_must_belong_to_a_module() -> None:
    from game.rules.api.action import ActionSpec
    from game.rules.registry import register_action

    class Loose(ActionSpec):
        kind = ActionKind.define("loose")
        label = "Loose"

    with pytest.raises(ValueError, match="'loose' is not the chapter's: it must name the rules module"):
        register_action(Loose)
    ActionKind.forget("loose")


def test_the_setup_screen_greys_a_plug_in_that_failed_with_its_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ui_helpers import make_app, setup_switch

    from game.rules import plugins
    from game.ui.scenes.menu import SetupScene

    broken = plugins.PluginProblem(
        "broken = table_rules.missing", "ModuleNotFoundError: no table_rules.missing"
    )
    monkeypatch.setattr(plugins, "_problems", [broken])
    app = make_app()
    setup = SetupScene(app)
    app.push(setup)
    app.step([], 1 / 60)
    shove_switch = setup_switch(app, setup, "Shove")
    assert shove_switch is not None and shove_switch.label == "Shove: off" and shove_switch.enabled
    greyed = setup_switch(app, setup, "broken")
    assert greyed is not None and greyed.label == "broken: cannot be used" and not greyed.enabled
    assert "ModuleNotFoundError" in greyed.reason
