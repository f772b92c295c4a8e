"""The workbench's files: the position as a sandbox file that `python -m game resolve` plays, as a
scenario file the game starts, back again; a saved battle opened at a round; hostile files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.generate import generated_board
from game.cli import main
from game.content.battle_setup import build_battle
from game.content.grid import parse_board
from game.content.roster import default_roster
from game.content.scenarios import load_scenario
from game.paths import MAPS, ROOT
from game.persist.saves import save_battle
from game.rules.positions import tile_of
from game.workbench import edits
from game.workbench.boards import board_grid, open_map
from game.workbench.files import WorkbenchFileError, new_path, open_position, position_files
from game.workbench.sandbox_file import load_sandbox, save_sandbox
from game.workbench.scenario_file import ScenarioRefused, load_scenario_setup, save_scenario
from game.workbench.setup import Setup
from game.workbench.trials import resolve_once
from game.world import Condition, Equipment, Facing, Name, Side
from tests.save_helpers import play
from tests.ui_helpers import duel
from tests.workbench_helpers import ids, retreat_setup

ROSTER = default_roster()
ROOT_EXAMPLES = ROOT / "docs" / "examples"


def people(setup: Setup) -> dict[str, tuple]:
    """Everything a file must keep of each combatant, by name."""
    world = setup.world
    found = {}
    for eid in setup.combatants:
        found[world.get(eid, Name).value] = (
            tile_of(world, eid),
            world.get(eid, Facing),
            world.get(eid, Side),
            world.get(eid, Equipment),
            world.get(eid, Condition),
        )
    return found


def test_the_sandbox_file_keeps_the_position_and_resolve_plays_the_same_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup = retreat_setup()
    who = ids(setup)
    hurt = edits.set_skill(setup, who["Omar"], "strike", 7)  # an edit a scenario could not keep
    assert isinstance(hurt, Setup)
    setup = hurt
    path = tmp_path / "retreat-sandbox.json"
    assert save_sandbox(setup, path) == []
    again, notes = load_sandbox(path)
    assert notes == []
    assert people(again) == people(setup)
    assert again.timing == setup.timing and again.seed == setup.seed
    assert dict(again.orders) == dict(setup.orders)  # the same ids: the file lists them in order
    # `python -m game resolve` plays the round the workbench resolves with the file's seed.
    assert main(["resolve", str(path)]) == 0
    printed = capsys.readouterr().out.splitlines()
    _world, events = resolve_once(setup)
    assert printed == [e.text() for e in events]
    assert "Niles — Strike on Serena: 9 [Strike] − 1 [Action Penalty] = 8; rolled 2: hit" in printed
    assert "Omar — Strike on Niles: 7 [Strike] − 3 [Parry] = 4; rolled 2: hit" in printed


def test_a_position_on_open_ground_saves_as_a_scenario_with_a_blank_map_the_game_plays(
    tmp_path: Path,
) -> None:
    setup = retreat_setup()
    path = tmp_path / "retreat.json"
    notes = save_scenario(setup, path)
    assert notes == ["orders are not part of a scenario: save a sandbox file to keep them"]
    assert (tmp_path / "retreat-map.tmx").is_file()
    document = json.loads(path.read_text())
    assert document["map"] == "retreat-map.tmx" and document["map_units"] is False
    battle, _map = build_battle(load_scenario(path), seed=5)
    assert sorted(battle.world.get(e, Name).value for e, _ in battle.world.query(Name)) == [
        "Niles",
        "Omar",
        "Serena",
    ]
    back, _notes = load_scenario_setup(path)
    assert back.source.kind == "blank"
    assert {k: v[:3] for k, v in people(back).items()} == {k: v[:3] for k, v in people(setup).items()}
    assert sorted(back.origins.values()) == ["niles", "omar", "serena"]


def test_a_scenario_keeps_what_it_can_and_says_what_it_left_out(tmp_path: Path) -> None:
    setup = retreat_setup()
    who = ids(setup)
    edited = edits.set_skill(setup, who["Omar"], "strike", 7)
    assert isinstance(edited, Setup)
    defeated = edits.set_injuries(edited, who["Niles"], 3)
    assert isinstance(defeated, Setup)
    with pytest.raises(ScenarioRefused, match="two sides"):
        save_scenario(defeated, tmp_path / "one_side.json")
    notes = save_scenario(edited, tmp_path / "edited.json")
    assert "Omar's sheet or equipment is no roster character's (edited from the roster's omar)" in notes[0]
    on_map = open_map(MAPS / "the_pub.tmx")
    assert not isinstance(on_map, edits.Refused)
    pub, dropped = edits.set_board(setup, *on_map)
    saved = tmp_path / "pub.json"
    save_scenario(pub, saved)
    assert json.loads(saved.read_text())["map"] == "maps/the_pub.tmx"
    assert not (tmp_path / "pub-map.tmx").exists()
    assert len(dropped) + len(pub.combatants) == 3


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(4, 24), st.integers(4, 24))
def test_any_board_written_as_a_sandbox_grid_plays_alike(seed: int, width: int, height: int) -> None:
    board = generated_board(width, height, seed, 1.5)
    grid = parse_board(json.loads(json.dumps(board_grid(board))), "board")
    assert (grid.width, grid.height, grid.metres_per_tile) == (width, height, 1.5)
    for y in range(height):
        for x in range(width):
            tile = (x, y)
            assert grid.blocks_move(tile) == board.blocks_move(tile)
            assert grid.blocks_sight(tile) == board.blocks_sight(tile)
            assert grid.cover_at(tile) == board.cover_at(tile)
            if not board.blocks_move(tile):
                assert grid.move_cost(tile) == board.move_cost(tile)
    corners = [(0, 0), (width - 1, height - 1), (width // 2, 0), (0, height // 2)]
    for a in corners:
        for b in corners:
            assert grid.line_of_sight(a, b) == board.line_of_sight(a, b)


def test_a_saved_battle_opens_at_any_round_with_the_next_rounds_orders(tmp_path: Path) -> None:
    battle = play(duel(("ai:easy", "ai:easy"), seed=7), 2, declare_next=False)
    assert battle.number == 2
    path = tmp_path / "duel-round2.json"
    save_battle(battle, path)
    after_one, notes = open_position(path, 1)
    replayed = play(duel(("ai:easy", "ai:easy"), seed=7), 1)
    assert after_one.world == replayed.world
    assert notes == ["the orders of round 2 as they were declared, in its Timing order"]
    assert {o.actor: o for o in battle.records[1].orders} == dict(after_one.orders)
    assert after_one.timing is not None and sorted(after_one.timing) == sorted(after_one.standing)
    latest, _ = open_position(path)
    assert latest.world == battle.world and not latest.orders
    with pytest.raises(WorkbenchFileError, match="only 2 resolved round"):
        open_position(path, 3)


HOSTILE = {
    "empty.json": b"",
    "binary.json": b"\xff\xfe\x00garbage",
    "list.json": b"[1, 2, 3]",
    "deep.json": b"[" * 100_000,
    "huge_number.json": b'{"combatants": [], "rounds": [], "board": {"width": 1e400, "height": 2}}',
    "no_rounds.json": b'{"combatants": [{"name": "A"}], "board": {"width": 2, "height": 2}}',
    "wall.json": json.dumps(
        {
            "board": {"width": 3, "height": 3, "walls": [[1, 1]]},
            "combatants": [
                {"name": "A", "side": "x", "position": [1, 1], "attributes": {"vigor": 3, "agility": 3}}
            ],
            "rounds": [{}],
        }
    ).encode(),
    "scenario_no_map.json": json.dumps(
        {"title": "t", "briefing": "b", "map": "nowhere.tmx", "sides": [{"name": "a", "units": []}] * 2}
    ).encode(),
    "save_damaged.json": b'{"format": "dominion-tactics-save", "version": 2, "battle": {}}',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_file_is_refused_in_one_line(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(HOSTILE[name])
    with pytest.raises(WorkbenchFileError) as caught:
        open_position(path)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) <= 400
    if name == "wall.json":
        assert message == "combatants[0].position: [1, 1] is a wall or blocks movement"


def test_new_files_never_overwrite_and_the_folder_lists_newest_first(tmp_path: Path) -> None:
    first = new_path("Serena's Retreat!", "sandbox", tmp_path)
    assert first.name == "serena_s_retreat-sandbox.json"
    first.write_text("{}")
    second = new_path("Serena's Retreat!", "sandbox", tmp_path)
    assert second.name == "serena_s_retreat_2-sandbox.json"
    second.write_text("{}")
    assert position_files(tmp_path)[0] in (first, second) and len(position_files(tmp_path)) == 2
    assert position_files(tmp_path / "missing") == []


def test_the_workbench_command_refuses_a_bad_file_in_one_line_before_any_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"sides": 3}')
    assert main(["workbench", str(bad)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == "error: bad.json: title: required field is missing"
    assert main(["workbench", str(ROOT_EXAMPLES / "retreat.json"), "--round", "1"]) == 2
    assert capsys.readouterr().err == "error: --round is for saved battles; this file is no save\n"
    assert main(["workbench", "--round", "2"]) == 2
    assert main(["workbench", "--size", "big"]) == 2


def test_a_flight_off_the_map_is_kept_by_the_sandbox_file_and_played_by_resolve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.rules.orders import Order
    from game.workbench.bench import Bench
    from tests.workbench_helpers import empty

    bench = Bench(empty())
    for name, side, tile in (("Serena", "bounty hunters", (1, 4)), ("Niles", "assassin", (9, 4))):
        assert bench.do(edits.place(bench.setup, ROSTER.get(name.casefold()), tile, side, 2), name) is None
    who = ids(bench.setup)
    flight = Order(who["Serena"], (), ((0, 4),), None, flee=True)
    assert bench.do(edits.set_order(bench.setup, who["Serena"], flight), "flight") is None
    path = tmp_path / "flight-sandbox.json"
    assert save_sandbox(bench.setup, path) == []
    assert json.loads(path.read_text())["rounds"][0]["orders"]["Serena"]["flee"] is True
    again, notes = load_sandbox(path)
    assert notes == [] and dict(again.orders)[who["Serena"]] == flight
    assert main(["resolve", str(path)]) == 0
    assert "Serena flees off the map from (0, 4)" in capsys.readouterr().out.splitlines()
