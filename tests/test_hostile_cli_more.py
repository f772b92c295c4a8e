"""More hostile input, each case once a traceback or a wrong answer: text that is not Unicode
(D10), scenarios that load but cannot be set up (D11), an --out that is not a file (D12),
and scenarios that make saves the game itself refuses (D14).  One line, exit status 2."""

from __future__ import annotations

import copy
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from game.cli.demo import demo_world
from game.content.battle_setup import build_battle
from game.content.fields import FieldError
from game.content.scenario_fields import MAX_ROUNDS, MAX_UNITS
from game.content.scenarios import (
    ScenarioError,
    load_scenario,
    parse_scenario,
    quick_scenario,
)
from game.persist.atomic import NotAFileError, write_atomic
from game.persist.save_check import check_battle
from game.persist.saves import battle_to_save
from game.rules.battle import Battle
from tests.hostile import assert_refused, csv_layer, objects, run_limited, tileset, tmx, unit, zone
from tests.save_helpers import as_saved, play, rehash
from tests.test_sandbox_errors import BASE

RING_DUEL = resources.files("game.content").joinpath("data", "scenarios", "ring_duel.json")
LONE_SURROGATE = "\ud800"  # what JSON's "\ud800" escape gives: a str UTF-8 cannot hold


def ring_duel(**changes: Any) -> dict[str, Any]:
    """The bundled ring duel as JSON data, with top-level `changes`."""
    data = json.loads(RING_DUEL.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def write_scenario(folder: Path, data: dict[str, Any]) -> Path:
    """`data` as ring_duel.json in `folder` (the file name is the scenario's id)."""
    path = folder / "ring_duel.json"
    path.write_text(json.dumps(data))  # ensure_ascii: a lone surrogate is written as \ud800
    return path


def demo_save(folder: Path) -> Path:
    """A save of two rounds of the demo battle."""
    world, board = demo_world()
    path = folder / "demo_save.json"
    path.write_text(json.dumps(as_saved(play(Battle(world, board, 3, max_rounds=30), 2))))
    return path


# ---------------------------------------------------------------- D10: text that is not Unicode
@pytest.mark.parametrize("where", ["title", "side"])
def test_resolve_refuses_a_lone_surrogate(tmp_path: Path, where: str) -> None:
    data = copy.deepcopy(BASE)
    if where == "title":
        data["title"] = LONE_SURROGATE
        field = "title"
    else:
        data["combatants"][0]["side"] = LONE_SURROGATE
        field = "combatants[0].side"
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(data))
    outcome = run_limited("resolve", str(path), "--json", home=tmp_path)
    assert_refused(outcome, f"{field}: not valid Unicode text")


@pytest.mark.parametrize("field", ["briefing", "rules", "map"])
def test_a_scenario_refuses_a_lone_surrogate(tmp_path: Path, field: str) -> None:
    path = write_scenario(tmp_path, ring_duel(**{field: f"duel{LONE_SURROGATE}"}))
    with pytest.raises(ScenarioError, match=rf"{field}: not valid Unicode text"):
        load_scenario(path)


@pytest.mark.parametrize(
    "command", [["replay", "FILE", "--verify"], ["--load", "FILE"]], ids=["verify", "load"]
)
def test_a_save_refuses_a_lone_surrogate(tmp_path: Path, command: list[str]) -> None:
    # Refused before too (save_check kept a check of its own); now by the one in `fields.text`.
    path = demo_save(tmp_path)
    data = json.loads(path.read_text())
    data["battle"]["meta"]["title"] = f"Duel{LONE_SURROGATE}"
    path.write_text(json.dumps(rehash(data)))
    args = [str(path) if a == "FILE" else a for a in command]
    assert_refused(run_limited(*args, home=tmp_path), "battle.meta.title: not valid Unicode text")


# ---------------------------------------------------------------- D11: scenarios that cannot be set up
def _units(count: int, **unit: Any) -> list[dict[str, Any]]:
    return [{"character": "soldier", **unit} for _ in range(count)]


SET_UP_FAILURES = {
    "too many units for the zone": (lambda sides: sides[0].update(units=_units(10)), "no free tile left"),
    "a unit on a blocked tile": (
        lambda sides: sides[0].update(units=_units(1, at=[0, 0])),
        "is off the map or blocked",
    ),
    "a side with no units": (lambda sides: sides[0].update(units=[]), "has no units"),
}


@pytest.mark.parametrize("case", SET_UP_FAILURES)
def test_simulate_refuses_a_scenario_it_cannot_set_up(tmp_path: Path, case: str) -> None:
    edit, fragment = SET_UP_FAILURES[case]
    data = ring_duel()
    edit(data["sides"])
    path = write_scenario(tmp_path, data)
    outcome = run_limited("simulate", str(path), "--battles", "1", home=tmp_path)
    assert_refused(outcome, fragment)


# ---------------------------------------------------------------- D12: an --out that is not a file
def _not_files(tmp_path: Path) -> dict[str, Path]:
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "keep.txt").write_text("kept")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return {"folder": folder, "pipe": fifo}


def _untouched(path: Path) -> bool:
    return path.is_fifo() or (path.is_dir() and (path / "keep.txt").read_text() == "kept")


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_write_atomic_never_replaces_what_is_not_a_file(tmp_path: Path, kind: str) -> None:
    target = _not_files(tmp_path)[kind]
    with pytest.raises(NotAFileError, match=f"a {kind} is in the way"):
        write_atomic(target, b"data")
    assert _untouched(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "folder"]  # no temporary left


def test_write_atomic_still_replaces_a_file(tmp_path: Path) -> None:
    target = tmp_path / "file.json"
    target.write_bytes(b"old")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_replay_out_refuses_what_is_not_a_file(tmp_path: Path, kind: str) -> None:
    target = _not_files(tmp_path)[kind]
    save = demo_save(tmp_path)
    outcome = run_limited("replay", str(save), "--from-round", "1", "--out", str(target), home=tmp_path)
    assert_refused(outcome, f"cannot write {target}: a {kind} is in the way")
    assert _untouched(target)


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_render_out_refuses_what_is_not_a_file(tmp_path: Path, kind: str) -> None:
    target = _not_files(tmp_path)[kind]
    outcome = run_limited("render", "ring_duel", "--out", str(target), home=tmp_path)
    assert_refused(outcome, f"cannot write {target}: a {kind} is in the way")
    assert _untouched(target)


# ---------------------------------------------------------------- D14: scenarios whose saves are refused
def test_a_scenario_refuses_victory_rounds_a_save_would_refuse(tmp_path: Path) -> None:
    victory = {"kind": "survive", "side": "Serena", "rounds": MAX_ROUNDS + 1}
    path = write_scenario(tmp_path, ring_duel(victory=victory))
    outcome = run_limited("simulate", str(path), "--battles", "1", home=tmp_path)
    assert_refused(outcome, f"victory.rounds: expected a whole number from 0 to {MAX_ROUNDS}")


@pytest.mark.parametrize(
    ("side", "fragment"),
    [(5, "victory.side: expected a string, got 5"), ("Nobody", 'unknown side "Nobody"')],
)
def test_a_scenario_checks_its_victory_side(side: Any, fragment: str) -> None:
    victory = {"kind": "survive", "side": side, "rounds": 5}
    with pytest.raises(FieldError, match=fragment):
        parse_scenario(ring_duel(victory=victory), "ring_duel")


def test_a_victory_side_in_another_case_makes_a_save_the_game_accepts() -> None:
    scenario = parse_scenario(
        ring_duel(victory={"kind": "survive", "side": "serena", "rounds": 5}), "ring_duel"
    )
    assert scenario.victory.side == "Serena"  # the side's own name: the battle compares names exactly
    battle, battle_map = build_battle(scenario, 1)
    saved = json.loads(json.dumps(battle_to_save(battle)))
    assert check_battle(saved["battle"], lambda _source: battle_map.board).victory == scenario.victory


def _crowded_map(folder: Path, per_side: int) -> Path:
    """A 12 × 12 map placing `per_side` soldiers for each of two sides, row by row."""
    placed = [
        unit(100 + i, side, (i % 6 + offset) * 32 + 16, (i // 6) * 32 + 16)
        for offset, side in ((0, "red"), (6, "blue"))
        for i in range(per_side)
    ]
    zones = [zone(1, "red", 0, 0, 32, 384), zone(2, "blue", 352, 0, 32, 384)]
    path = folder / "crowded.tmx"
    path.write_text(tmx(12, 12, tileset() + csv_layer(12, 12) + objects(*zones, *placed)))
    return path


def test_a_map_placing_more_combatants_than_a_save_holds_is_refused(tmp_path: Path) -> None:
    scenario = quick_scenario(_crowded_map(tmp_path, MAX_UNITS // 2 + 1))
    with pytest.raises(ScenarioError, match=f"at most {MAX_UNITS}"):
        build_battle(scenario, 1)


def test_max_rounds_counts_the_combatants_the_map_places(tmp_path: Path) -> None:
    data = ring_duel(map=_crowded_map(tmp_path, 12).name, max_rounds=MAX_ROUNDS, modules={})
    for side, zone_name in zip(data["sides"], ("red", "blue"), strict=True):
        side.update(zone=zone_name, units=[])
    scenario = parse_scenario(data, "ring_duel", base=tmp_path)  # no units of its own: it passes
    with pytest.raises(ScenarioError, match="max_rounds: with 24 combatants"):
        build_battle(scenario, 1)


@pytest.mark.parametrize(("rounds", "fine"), [(20, True), (21, False)])
def test_a_survive_clock_past_the_round_limit_is_refused(rounds: int, fine: bool) -> None:
    """Holding out for more rounds than the battle lasts cannot be won: the round limit's draw
    comes first (holding out to the very last round is a win)."""
    data = ring_duel(victory={"kind": "survive", "side": "Serena", "rounds": rounds})
    data["max_rounds"] = 20
    if fine:
        assert parse_scenario(data, "ring_duel").victory.rounds == rounds
    else:
        with pytest.raises(
            FieldError, match="victory.rounds: 21 rounds to survive, but the battle is a draw"
        ):
            parse_scenario(data, "ring_duel")
