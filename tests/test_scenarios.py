"""Scenario and roster loading: formats, placement, victory, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.controller import DeclarationView, PlaceholderController
from game.content.battle_setup import build_battle
from game.content.roster import RosterError, load_roster, parse_roster
from game.content.scenarios import ScenarioError, load_scenario
from game.persist.saves import load_battle, save_battle, world_hash
from game.rules.positions import combatants, is_active, name_of, tile_of
from game.world import Appearance, Controller, Side

MAPS = Path(__file__).parent / "maps"

ROSTER = {
    "characters": [
        {
            "id": "knight",
            "name": "Knight",
            "kind": "troop",
            "token": "knight",
            "attributes": {"vigor": 4, "agility": 3, "stamina": 4},
            "skills": {"strike": 6, "parry": 5, "movement": 4},
            "weapons": ["sword"],
        },
        {
            "id": "archer",
            "name": "Archer",
            "kind": "troop",
            "token": "archer",
            "attributes": {"vigor": 3, "agility": 4},
            "skills": {"missile_primitive": 6, "evade": 5, "movement": 5},
            "weapons": ["longbow"],
        },
    ]
}


def scenario_file(tmp_path: Path, **changes: object) -> Path:
    data: dict[str, object] = {
        "title": "Test skirmish",
        "briefing": "Knights against archers.",
        "map": str(MAPS / "foreign.tmx"),
        "victory": {"kind": "eliminate"},
        "sides": [
            {"name": "Blue", "zone": "A", "units": [{"character": "knight"}, {"character": "knight"}]},
            {"name": "Red", "zone": "B", "controller": "ai:normal", "units": [{"character": "archer"}]},
        ],
    }
    data.update(changes)
    path = tmp_path / "test_skirmish.json"
    path.write_text(json.dumps(data))
    return path


@pytest.fixture
def roster():
    return parse_roster(ROSTER)


def test_a_scenario_builds_a_battle_with_units_in_their_zones(tmp_path: Path, roster) -> None:
    scenario = load_scenario(scenario_file(tmp_path), roster)
    battle, battle_map = build_battle(scenario, seed=1, roster=roster)
    names = sorted(name_of(battle.world, e) for e in combatants(battle.world))
    assert names == ["Archer", "Knight", "Knight 2"]
    for eid in combatants(battle.world):
        side = battle.world.get(eid, Side).name
        zone = battle_map.deploy_tiles("A" if side == "Blue" else "B")
        assert tile_of(battle.world, eid) in zone
    assert {battle.world.get(e, Appearance).token for e in combatants(battle.world)} == {"knight", "archer"}
    red = next(e for e in combatants(battle.world) if battle.world.get(e, Side).name == "Red")
    assert battle.world.get(red, Controller) == Controller("ai", "normal")
    assert battle.meta["sides"]["Blue"]["shape"] == "circle"
    assert battle.options.facing and battle.options.cover


def test_a_scenario_battle_plays_saves_and_loads(tmp_path: Path, roster, monkeypatch) -> None:
    scenario = load_scenario(scenario_file(tmp_path, map=str(MAPS / "foreign.tmx")), roster)
    battle, _ = build_battle(scenario, seed=4, roster=roster)
    ai = PlaceholderController()
    for _ in range(5):
        if battle.over:
            break
        battle.play_round(lambda eid, b: ai.choose_order(DeclarationView.of(b, eid)))
    path = tmp_path / "save.json"
    save_battle(battle, path)
    assert world_hash(load_battle(path).world) == world_hash(battle.world)


def test_survive_victory(tmp_path: Path, roster) -> None:
    scenario = load_scenario(
        scenario_file(tmp_path, victory={"kind": "survive", "side": "Red", "rounds": 1}), roster
    )
    battle, _ = build_battle(scenario, seed=2, roster=roster)
    ai = PlaceholderController()
    battle.play_round(lambda eid, b: ai.choose_order(DeclarationView.of(b, eid)))
    outcome = battle.outcome()
    assert outcome.over
    red_standing = any(
        battle.world.get(e, Side).name == "Red" and is_active(battle.world, e)
        for e in combatants(battle.world)
    )
    assert outcome.winner == ("Red" if red_standing else "Blue")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"title": 3}, "title: expected"),
        ({"sides": []}, "sides"),
        ({"victory": {"kind": "survive", "side": "Green", "rounds": 2}}, "victory.side"),
        ({"victory": {"kind": "capture"}}, "victory"),
        ({"modules": {"gravity": True}}, "unknown rules module"),
        ({"map": "maps/nowhere.tmx"}, ""),
        ({"id": "other"}, "must match the file name"),
        (
            {"sides": [{"name": "Blue", "units": [{"character": "dragon"}]}, {"name": "Red", "units": []}]},
            "dragon",
        ),
        (
            {
                "sides": [
                    {"name": "A", "shape": "blob", "units": [{"character": "knight"}]},
                    {"name": "B", "units": [{"character": "knight"}]},
                ]
            },
            "shape",
        ),
        (
            {
                "sides": [
                    {"name": "A", "colour": "blue", "units": [{"character": "knight"}]},
                    {"name": "B", "units": [{"character": "knight"}]},
                ]
            },
            "colour",
        ),
        (
            {"sides": [{"name": n, "units": [{"character": "knight"}] * 60} for n in "AB"]},
            "sides: 120 units in all; at most 100",
        ),
        (
            {
                "max_rounds": 1000,
                "sides": [{"name": n, "units": [{"character": "knight"}] * 15} for n in "AB"],
            },
            "max_rounds: with 30 units a battle may last at most 555 rounds",
        ),
        ({"title": "Two\nlines"}, 'title: "Two\\nlines" contains a control character'),
        (
            {"sides": [{"name": "A" * 61, "units": [{"character": "knight"}]}, {"name": "B", "units": []}]},
            "is longer than 60 characters",
        ),
    ],
)
def test_bad_scenarios_fail_with_one_line(tmp_path: Path, roster, changes: dict, message: str) -> None:
    path = scenario_file(tmp_path, **changes)
    with pytest.raises(ScenarioError) as info:
        scenario = load_scenario(path, roster)
        build_battle(scenario, seed=1, roster=roster)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_units_on_blocked_or_shared_tiles_are_refused(tmp_path: Path, roster) -> None:
    sides = [
        {
            "name": "Blue",
            "units": [{"character": "knight", "at": [1, 1]}, {"character": "knight", "at": [1, 1]}],
        },
        {"name": "Red", "units": [{"character": "archer", "at": [3, 3]}]},
    ]
    scenario = load_scenario(scenario_file(tmp_path, sides=sides), roster)
    with pytest.raises(ScenarioError, match="already taken"):
        build_battle(scenario, seed=1, roster=roster)


def test_bad_roster_files(tmp_path: Path) -> None:
    bad = {
        "characters": [
            {"id": "x", "name": "X", "attributes": {"vigor": 3, "agility": 3}, "skills": {"strike": "six"}}
        ]
    }
    path = tmp_path / "roster.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(RosterError, match=r"characters\[0\]\.skills\.strike"):
        load_roster(path)
    path.write_text(json.dumps({"characters": [ROSTER["characters"][0], ROSTER["characters"][0]]}))
    with pytest.raises(RosterError, match="listed twice"):
        load_roster(path)
