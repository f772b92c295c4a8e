"""Combatants placed in a map are used, checked and found (issue 18, points 1, 2 and 7).

A unit object names a roster character or a troop type; check-map refuses a
name the roster does not know, quick battles and scenarios on the map field
the placed combatants under the object's name, `render --select` finds them
by it, and a scenario's map is found beside the scenario file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.board.preflight import MapError
from game.cli import main
from game.content.battle_setup import build_battle
from game.content.mapunits import MapUnitError, load_playable_map
from game.content.scenarios import ScenarioError, load_scenario, quick_scenario
from game.rules.positions import combatants, name_of, tile_of
from game.world import Facing, Side
from tests.hostile import csv_layer, objects, tileset, tmx


def unit(oid: int, name: str, side: str, tile: tuple[int, int], facing: str = "", **names: str) -> str:
    """A point object in the middle of `tile`, naming a character or a troop."""
    props = [("side", side), *names.items()] + ([("facing", facing)] if facing else [])
    items = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props)
    x, y = tile[0] * 32 + 16, tile[1] * 32 + 16
    return (
        f'<object id="{oid}" name="{name}" x="{x}" y="{y}"><properties>{items}</properties><point/></object>'
    )


def zone(oid: int, side: str, column: int, colour: str = "") -> str:
    """A deploy zone down one column of the 8 × 6 map."""
    extra = f'<property name="colour" type="color" value="{colour}"/>' if colour else ""
    return (
        f'<object id="{oid}" name="{side} edge" type="deploy" x="{column * 32}" y="0" width="32" '
        'height="192">'
        f'<properties><property name="side" value="{side}"/>{extra}</properties></object>'
    )


def write_map(folder: Path, *items: str, name: str = "placed.tmx") -> Path:
    path = folder / name
    path.write_text(tmx(8, 6, tileset() + csv_layer(8, 6) + objects(*items)))
    return path


def sergeant_and_serena(folder: Path) -> Path:
    return write_map(
        folder,
        zone(1, "red", 0, colour="#ffaa3300"),
        zone(2, "blue", 7),
        unit(3, "Sergeant Bloggs", "blue", (5, 3), "W", troop="soldier"),
        unit(4, "Serena", "red", (2, 2), "E", character="serena"),
    )


# ---------------------------------------------------------------- check-map
def test_check_map_names_placed_combatants(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-map", str(sergeant_and_serena(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "combatants:\n  side blue: Sergeant Bloggs (troop soldier) at (5, 3) facing W\n" in out
    assert "  side red: Serena (serena) at (2, 2) facing E\n" in out


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ({"character": "nobody_at_all"}, "object 3 'Ghost': unknown character \"nobody_at_all\""),
        ({"character": "Serna"}, '(did you mean "serena"?)'),
        (
            {"troop": "serena"},
            "object 3 'Ghost': unknown troop type \"serena\"; expected one of militia_spearman",
        ),
        ({"character": "serena", "troop": "soldier"}, "has both a 'character' and a 'troop' property"),
    ],
)
def test_check_map_refuses_a_combatant_the_roster_does_not_know(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], names: dict[str, str], message: str
) -> None:
    path = write_map(
        tmp_path, zone(1, "red", 0), zone(2, "blue", 7), unit(3, "Ghost", "red", (3, 3), **names)
    )
    assert main(["check-map", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1 and message in captured.err, captured.err


def test_load_playable_map_is_the_loader_plus_the_roster(tmp_path: Path) -> None:
    path = write_map(
        tmp_path, zone(1, "red", 0), zone(2, "blue", 7), unit(3, "X", "red", (3, 3), character="x")
    )
    with pytest.raises(MapUnitError, match="placed.tmx: object 3 'X': unknown character \"x\""):
        load_playable_map(path)
    with pytest.raises(MapError, match="no such map file"):
        load_playable_map(tmp_path / "absent.tmx")


# ---------------------------------------------------------------- quick battles
def test_a_quick_battle_fields_the_maps_combatants_sides_and_colours(tmp_path: Path) -> None:
    scenario = quick_scenario(sergeant_and_serena(tmp_path))
    assert [(s.name, s.colour, s.units) for s in scenario.sides] == [
        ("Red", "#aa3300", ()),
        ("Blue", "#3b82f6", ()),  # a side named for a colour wears it (it was red before)
    ]
    battle, _ = build_battle(scenario, seed=3)
    world = battle.world
    placed = {name_of(world, e): (world.get(e, Side).name, tile_of(world, e), world.get(e, Facing).direction)
              for e in combatants(world)}  # fmt: skip
    assert placed == {"Serena": ("Red", (2, 2), 2), "Sergeant Bloggs": ("Blue", (5, 3), 6)}
    assert battle.meta["sides"]["Red"]["colour"] == "#aa3300"


def test_a_side_the_map_places_nobody_for_gets_troops_in_its_zone(tmp_path: Path) -> None:
    path = write_map(
        tmp_path, zone(1, "red", 0), zone(2, "blue", 7), unit(3, "Lone", "red", (3, 3), troop="knight")
    )
    battle, _ = build_battle(quick_scenario(path), seed=1)
    world = battle.world
    blue = [e for e in combatants(world) if world.get(e, Side).name == "Blue"]
    red = [name_of(world, e) for e in combatants(world) if world.get(e, Side).name == "Red"]
    assert red == ["Lone"] and len(blue) == 3
    assert all(tile_of(world, e)[0] == 7 for e in blue)


def test_a_map_with_units_and_no_zones_deploys_on_the_edges_as_the_units_sides(tmp_path: Path) -> None:
    path = write_map(
        tmp_path,
        unit(1, "Amy", "red", (3, 1), troop="soldier"),
        unit(2, "Bo", "blue", (4, 4), troop="archer"),
    )
    battle_map = load_playable_map(path)
    assert [z.side for z in battle_map.zones] == ["red", "blue"]  # not "A" and "B" beside them
    assert [s.name for s in quick_scenario(path).sides] == ["Red", "Blue"]


def test_render_selects_a_combatant_by_its_objects_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sergeant_and_serena(tmp_path)
    out = tmp_path / "out.png"
    assert (
        main(["render", str(path), "--out", str(out), "--select", "Sergeant Bloggs", "--overlay", "reach"])
        == 0
    )
    assert out.stat().st_size > 0
    assert main(["render", str(path), "--out", str(out), "--select", "Nobody"]) == 2
    assert "no combatant named 'Nobody'; there are Serena, Sergeant Bloggs" in capsys.readouterr().err


# ---------------------------------------------------------------- scenarios
def scenario_file(folder: Path, **changes: object) -> Path:
    data: dict[str, object] = {
        "title": "Ambush",
        "briefing": "Serena's patrol meets the sergeant.",
        "map": "placed.tmx",  # beside the scenario file
        "sides": [
            {"name": "Patrol", "zone": "red", "units": [{"character": "soldier"}]},
            {"name": "Garrison", "zone": "blue", "units": []},
        ],
    }
    data.update(changes)
    path = folder / "ambush.json"
    path.write_text(json.dumps(data))
    return path


def test_a_scenario_fields_the_maps_combatants_with_its_own(tmp_path: Path) -> None:
    sergeant_and_serena(tmp_path)
    scenario = load_scenario(scenario_file(tmp_path))
    assert scenario.map_path == tmp_path / "placed.tmx"
    battle, _ = build_battle(scenario, seed=2)
    world = battle.world
    sides = {name_of(world, e): world.get(e, Side).name for e in combatants(world)}
    assert sides == {"Serena": "Patrol", "Soldier": "Patrol", "Sergeant Bloggs": "Garrison"}
    assert tile_of(world, next(e for e in combatants(world) if name_of(world, e) == "Soldier"))[0] == 0


def test_a_scenario_may_leave_the_maps_combatants_out(tmp_path: Path) -> None:
    sergeant_and_serena(tmp_path)
    scenario = load_scenario(scenario_file(tmp_path, map_units=False))
    with pytest.raises(ScenarioError, match=r"ambush: sides\[1\] has no units: list some"):
        build_battle(scenario, seed=2)
    sides = [{"name": "Patrol", "zone": "red", "units": [{"character": "soldier"}]},
             {"name": "Garrison", "zone": "blue", "units": [{"character": "thug"}]}]  # fmt: skip
    battle, _ = build_battle(load_scenario(scenario_file(tmp_path, map_units=False, sides=sides)), seed=2)
    assert sorted(name_of(battle.world, e) for e in combatants(battle.world)) == ["Soldier", "Thug"]


def test_combatants_no_scenario_side_stands_for_are_an_error_not_dropped(tmp_path: Path) -> None:
    write_map(tmp_path, zone(1, "red", 0), zone(2, "blue", 7), zone(5, "green", 4),
              unit(3, "Gus", "green", (4, 2), troop="thug"))  # fmt: skip
    with pytest.raises(
        ScenarioError, match="places combatants for side 'green', which no side of the scenario"
    ):
        build_battle(load_scenario(scenario_file(tmp_path, sides=[
            {"name": "Patrol", "zone": "red", "units": [{"character": "soldier"}]},
            {"name": "Garrison", "zone": "blue", "units": [{"character": "soldier"}]},
        ])), seed=1)  # fmt: skip


def test_a_relative_map_falls_back_to_the_bundled_maps(tmp_path: Path) -> None:
    scenario = load_scenario(
        scenario_file(tmp_path, map="maps/skirmish.tmx")
    )  # nothing of that name beside it
    assert scenario.map_path.name == "skirmish.tmx" and scenario.map_path.exists()
    assert scenario.map_path.parent != tmp_path / "maps"


# ---------------------------------------------------------------- JSON maps (point 7)
def test_json_maps_are_refused_by_name_everywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tiled_json = {"type": "map", "orientation": "orthogonal", "layers": [], "width": 8, "height": 6}
    (tmp_path / "skirmish.tmj").write_text(json.dumps(tiled_json))
    (tmp_path / "exported.json").write_text(json.dumps(tiled_json))
    out = str(tmp_path / "out.png")
    for argv in (
        ["render", str(tmp_path / "skirmish.tmj"), "--out", out],
        ["simulate", str(tmp_path / "skirmish.tmj"), "--battles", "1"],
        ["render", str(tmp_path / "exported.json"), "--out", out],
        ["simulate", str(tmp_path / "exported.json"), "--battles", "1"],
        ["check-map", str(tmp_path / "skirmish.tmj")],
    ):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and "JSON maps are not supported" in err, (argv, err)
    with pytest.raises(ScenarioError, match="JSON maps are not supported"):
        load_scenario(scenario_file(tmp_path, map="skirmish.tmj"))


def test_sides_named_for_a_colour_wear_it_and_no_two_default_looks_clash() -> None:
    from game.content.side_looks import PALETTE, default_looks

    blue, red, green, yellow = PALETTE
    assert default_looks(["Red", "Blue"]) == [red, blue]
    assert default_looks(["Raiders", "Red Army"]) == [blue, red]
    assert default_looks(["Raiders", "Guards"]) == [blue, red]  # no colour said: palette order
    assert default_looks(["Guards", "Raiders"], frozenset({blue[0]})) == [red, green]  # blue is taken
    assert default_looks(["Red", "red team"]) == [red, blue]  # one side per look
    assert len(default_looks([f"Side {n}" for n in range(6)])) == 6  # more sides than looks
