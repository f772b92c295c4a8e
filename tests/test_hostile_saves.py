"""Saves edited by hand, hashes recomputed as anyone can: `replay --verify` and `--load` both
refuse them in one line, within 10 s and 1 GiB (issue 13).  And the map a save was played on
is checked: an edited map is named as such, not as a damaged save."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.cli.demo import demo_world
from game.content.battle_setup import build_battle
from game.content.scenarios import quick_scenario
from game.paths import ASSETS, MAPS
from game.persist.replay import verify_save
from game.persist.saves import MapChanged, SaveError, load_battle, save_battle, seal
from game.rules.battle import Battle
from tests.hostile import assert_refused, run_limited
from tests.save_helpers import as_saved, play, rehash


def _demo_save() -> dict[str, Any]:
    world, board = demo_world()
    return as_saved(play(Battle(world, board, 3, max_rounds=30), 2))


def _entity(data: dict[str, Any], key: str = "1") -> dict[str, Any]:
    return data["battle"]["initial"]["entities"][key]


EDITS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a board of 1e308 tiles": (
        lambda d: d["battle"]["board"]["grid"].update(width=1e308, height=1e308),
        "battle.board.grid.width: expected a whole number",
    ),
    "a NUL in a name": (lambda d: _entity(d).update(name="Om\x00ar"), "contains a control character"),
    "next_id equal to an existing id": (
        lambda d: d["battle"]["initial"].update(next_id=2),
        "an entity id must be a whole number from 1 to 1 (next_id)",
    ),
    "two combatants on one tile": (
        lambda d: _entity(d, "2").update(position=_entity(d, "1")["position"]),
        "is already taken by Omar",
    ),
    "a sword for three hands": (
        lambda d: _entity(d)["equipment"].update(weapons=_entity(d)["equipment"]["weapons"] * 3),
        "expected at most 2 items",
    ),
    "a board of a billionth of a metre a tile": (
        lambda d: d["battle"]["board"]["grid"].update(metres_per_tile=1e-9),
        "battle.board.grid.metres_per_tile: must be from 0.1 to 100 metres",
    ),
    "a flight off the map that is neither true nor false": (
        lambda d: d["battle"]["rounds"][0][0].update(flee="yes"),
        "flee must be true or false",
    ),
    "a condition fled in words": (
        lambda d: _entity(d)["condition"].update(fled="yes"),
        "condition.fled: expected true or false",
    ),
    "a million rounds to play": (
        lambda d: d["battle"].update(max_rounds=10**6),
        "battle.max_rounds: expected a whole number from 1 to 1000",
    ),
}


@pytest.mark.parametrize("case", EDITS)
@pytest.mark.parametrize(
    "command", [["replay", "FILE", "--verify"], ["--load", "FILE"]], ids=["verify", "load"]
)
def test_impossible_saves_are_refused_by_verify_and_load(
    tmp_path: Path, case: str, command: list[str]
) -> None:
    edit, fragment = EDITS[case]
    data = _demo_save()
    edit(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(rehash(data)))
    args = [str(path) if a == "FILE" else a for a in command]
    assert_refused(run_limited(*args, home=tmp_path), fragment)


def test_a_32_mib_save_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    data = _demo_save()
    data["battle"]["meta"]["padding"] = "x" * (32 * 2**20)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    assert_refused(
        run_limited("replay", str(path), "--verify", home=tmp_path), "too large (32 MiB; at most 16 MiB)"
    )


def test_a_save_full_of_orders_is_refused_before_replaying(tmp_path: Path) -> None:
    data = _demo_save()
    order = data["battle"]["rounds"][0][0]
    data["battle"]["rounds"][0] = [order] * 200_000  # about 15 MiB of orders for three combatants
    path = tmp_path / "orders.json"
    path.write_text(json.dumps(rehash(data)))
    outcome = run_limited("--load", str(path), home=tmp_path)
    assert_refused(outcome, "battle.rounds[0]: expected at most 3 items")


# ---------------------------------------------------------------- the map of a save
@pytest.fixture
def map_save(tmp_path: Path) -> tuple[Path, Path]:
    """A battle saved on a copy of a bundled map: (the map, the save)."""
    folder = tmp_path / "maps"
    shutil.copytree(MAPS / "tilesets", folder / "tilesets")
    shutil.copytree(ASSETS / "tiles", tmp_path / "assets" / "tiles")  # the tilesets' images
    shutil.copy(MAPS / "duel_ring.tmx", folder / "ring.tmx")
    scenario = quick_scenario(folder / "ring.tmx", per_side=1)
    battle, _ = build_battle(scenario, 2, {side.name: "human" for side in scenario.sides})
    path = tmp_path / "ring.json"
    path.write_text(json.dumps(as_saved(play(battle, 1))))
    return folder / "ring.tmx", path


def test_a_save_on_an_unchanged_map_loads(map_save: tuple[Path, Path]) -> None:
    _, path = map_save
    assert verify_save(path).ok
    load_battle(path)


@pytest.mark.parametrize("edited", ["ring.tmx", "tilesets/battlefield.tsx"])
def test_an_edited_map_is_named_as_such(map_save: tuple[Path, Path], edited: str) -> None:
    map_path, path = map_save
    changed = map_path.parent / edited
    changed.write_text(changed.read_text().replace("</", " </", 1))  # any byte will do
    with pytest.raises(MapChanged, match=r"the map .*ring\.tmx changed since this save"):
        load_battle(path)
    outcome = run_limited("replay", str(path), "--verify", home=path.parent)
    assert_refused(outcome, "changed since this save; the battle cannot be replayed on it")


def test_a_battle_on_a_map_deep_in_folders_saves_and_loads(tmp_path: Path) -> None:
    """A map whose path runs past the 200 characters a save's meta keeps: the meta is written
    shortened (the save was written whole, then refused as damaged: a lost save)."""
    deep = tmp_path / ("folder " * 20).strip() / ("more " * 20).strip()
    shutil.copytree(MAPS / "tilesets", deep / "maps" / "tilesets")
    shutil.copytree(ASSETS / "tiles", deep / "assets" / "tiles")
    shutil.copy(MAPS / "duel_ring.tmx", deep / "maps" / "ring.tmx")
    assert len(str(deep / "maps" / "ring.tmx")) > 200
    scenario = quick_scenario(deep / "maps" / "ring.tmx", per_side=1)
    battle, _ = build_battle(scenario, 2, {side.name: "human" for side in scenario.sides})
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(as_saved(play(battle, 1))))
    assert verify_save(path).ok
    loaded = load_battle(path)
    assert loaded.meta["map"].startswith("…") and loaded.meta["map"].endswith("maps/ring.tmx")
    assert len(loaded.meta["map"]) == 200


def test_a_map_name_too_long_for_the_system_is_refused(map_save: tuple[Path, Path]) -> None:
    """The system refused even to look the name up (OSError, a traceback, before)."""
    _, path = map_save
    data = json.loads(path.read_text())
    data["battle"]["board"]["map"]["path"] = "a" * 5000 + ".tmx"
    path.write_text(json.dumps(rehash(data)))
    outcome = run_limited("replay", str(path), "--verify", home=path.parent)
    assert_refused(outcome, "the map of this save cannot be loaded: …aaa")
    assert "cannot be read (File name too long)" in outcome.stderr


# ---------------------------------------------------------------- versions and hashes
def test_a_version_1_save_is_refused(tmp_path: Path, map_save: tuple[Path, Path]) -> None:
    """Version 1 had no battle hash and named its map by path alone: a grid save with its
    walls deleted verified and loaded (issue 51, item 14).  Refused in one line instead."""
    _, save = map_save
    for data in (_demo_save(), json.loads(save.read_text())):
        data["version"] = 1
        del data["battle_hash"]
        board = data["battle"]["board"]
        if "map" in board:
            board["map"] = board["map"]["path"]
        path = tmp_path / "old.json"
        path.write_text(json.dumps(data))
        with pytest.raises(SaveError, match="a version 1 save, which this game no longer loads"):
            verify_save(path)
        assert_refused(run_limited("--load", str(path), home=tmp_path), "no longer loads")


def test_a_version_2_save_naming_its_map_without_its_hash_is_refused(map_save: tuple[Path, Path]) -> None:
    _, save = map_save
    data = json.loads(save.read_text())
    data["battle"]["board"]["map"] = data["battle"]["board"]["map"]["path"]
    save.write_text(json.dumps(rehash(data)))
    with pytest.raises(SaveError, match=r"battle\.board\.map: expected \{"):
        load_battle(save)


def test_loading_checks_the_round_hashes_as_verify_does(tmp_path: Path) -> None:
    data = _demo_save()
    data["round_hashes"][0] = "0" * 64  # the battle and its final state untouched
    path = tmp_path / "rounds.json"
    path.write_text(json.dumps(seal(data)))  # its hash recomputed, as anyone can
    assert verify_save(path).first_mismatch == 1
    with pytest.raises(SaveError, match="round 1's events do not match"):
        load_battle(path)


def test_a_version_2_save_needs_its_battle_hash(tmp_path: Path) -> None:
    data = _demo_save()
    del data["battle_hash"]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="missing 'battle_hash'"):
        load_battle(path)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["battle"].update(max_rounds=29),
        lambda d: d["battle"]["meta"].update(title="Edited"),
        lambda d: d["battle"]["options"].update(facing=not d["battle"]["options"]["facing"]),
        lambda d: d["battle"]["victory"].update(kind="eliminate", extra=1),
        lambda d: d["battle"]["board"]["grid"].update(width=d["battle"]["board"]["grid"]["width"] + 1),
    ],
    ids=["max_rounds", "meta", "options", "victory", "board"],
)
def test_the_battle_hash_covers_everything_loading_uses(tmp_path: Path, edit) -> None:  # noqa: ANN001
    data = _demo_save()
    edit(data)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="the battle does not match its hash"):
        verify_save(path)
    with pytest.raises(SaveError, match="the battle does not match its hash"):
        load_battle(path)


def test_a_save_too_long_to_replay_is_refused_before_replaying(tmp_path: Path) -> None:
    data = _demo_save()
    battle = data["battle"]
    initial = battle["initial"]
    for key in range(4, 34):  # thirty more combatants: 33 in all
        initial["entities"][str(key)] = dict(initial["entities"]["1"], name=f"Clone {key}")
    initial["next_id"] = 34
    battle.update(max_rounds=1000, rounds=[[]] * 1000, resolved_rounds=1000)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(rehash(data)))
    with pytest.raises(SaveError, match=r"1000 rounds of 33 combatants are too long to replay"):
        load_battle(path)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(saved_at="2020-01-01T00:00:00+00:00"),
        lambda d: d.update(version=2),  # passed off as a save whose hash covers only the battle
        lambda d: d["round_hashes"].reverse(),
    ],
    ids=["saved_at", "version", "round_hashes"],
)
def test_the_hash_covers_the_whole_file(tmp_path: Path, edit) -> None:  # noqa: ANN001
    """Not only the battle: the header, the time stamp and the stored hashes (issue 51, 14)."""
    world, board = demo_world()
    path = tmp_path / "whole.json"
    save_battle(play(Battle(world, board, 3, max_rounds=30), 2), path)
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not match its hash"):
        load_battle(path)
