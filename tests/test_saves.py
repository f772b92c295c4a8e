"""Saves: round trips, atomic writes, and damaged files rejected cleanly."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from game.ai.placeholder import placeholder_order
from game.cli.demo import demo_world
from game.persist import atomic
from game.persist.autosave import autosave, list_autosaves
from game.persist.saves import (
    SaveError,
    battle_to_save,
    load_battle,
    save_battle,
    seal,
    world_hash,
)
from game.rules.battle import Battle
from tests.save_helpers import play


def played(rounds: int, seed: int = 3, declare_next: bool = False) -> Battle:
    world, board = demo_world()
    return play(Battle(world, board, seed), rounds, declare_next)


def test_round_trip_after_resolved_rounds(tmp_path: Path) -> None:
    battle = played(2)
    path = tmp_path / "a.json"
    save_battle(battle, path)
    loaded = load_battle(path)
    assert world_hash(loaded.world) == world_hash(battle.world)
    assert [e.to_dict() for e in loaded.events()] == [e.to_dict() for e in battle.events()]
    assert loaded.number == battle.number


def test_round_trip_in_the_middle_of_the_strategy_stage(tmp_path: Path) -> None:
    battle = played(1, declare_next=True)
    assert battle.round is not None and len(battle.records[-1].orders) == 1
    path = tmp_path / "mid.json"
    save_battle(battle, path)
    loaded = load_battle(path)
    assert loaded.round is not None
    assert loaded.next_declarer == battle.next_declarer
    assert loaded.records[-1].orders == battle.records[-1].orders
    # Both go on identically.
    for b in (battle, loaded):
        while b.next_declarer is not None:
            b.declare(placeholder_order(b.world, b.board, b.next_declarer, b.round.orders))
        b.resolve()
    assert world_hash(loaded.world) == world_hash(battle.world)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="something-else"), "not a Dominion Tactics save"),
        (lambda d: d.update(version=99), "newer version"),
        (lambda d: d.update(version="1"), "version"),
        (lambda d: d["battle"].update(seed=d["battle"]["seed"] + 1), "damaged save"),
        (lambda d: d["battle"]["initial"]["entities"]["1"].update(sheet={"vigor": "x"}), "damaged save"),
        (lambda d: d["battle"].pop("rounds"), "battle.rounds: required field is missing"),
        (lambda d: d.update(state_hash="0" * 64), "does not match"),
        (lambda d: d["battle"].update(board={"hex": {}}), "unknown board kind"),
    ],
)
def test_hand_edited_saves_are_rejected(tmp_path: Path, edit, message: str) -> None:
    data = battle_to_save(played(2))
    edit(data)
    if isinstance(data.get("battle"), dict):
        seal(data)  # as anyone can: the checks must still hold
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=message):
        load_battle(path)


def test_every_truncation_point_loads_identically_or_fails_cleanly(tmp_path: Path) -> None:
    battle = played(1)
    path = tmp_path / "full.json"
    save_battle(battle, path)
    raw = path.read_bytes()
    cut = tmp_path / "cut.json"
    points = range(len(raw)) if len(raw) <= 2000 else random.Random(1).sample(range(len(raw)), 2000)
    for point in points:
        cut.write_bytes(raw[:point])
        try:
            loaded = load_battle(cut)
        except SaveError as err:
            assert "\n" not in str(err)
        else:  # only possible if the cut removed nothing that matters (trailing whitespace)
            assert world_hash(loaded.world) == world_hash(battle.world)


def test_random_byte_flips_load_identically_or_fail_cleanly(tmp_path: Path) -> None:
    battle = played(2)
    path = tmp_path / "full.json"
    save_battle(battle, path)
    raw = bytearray(path.read_bytes())
    rng = random.Random(7)
    bad = tmp_path / "flipped.json"
    for _ in range(300):
        data = bytearray(raw)
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        bad.write_bytes(bytes(data))
        try:
            loaded = load_battle(bad)
        except SaveError as err:
            assert "\n" not in str(err)
        else:
            assert world_hash(loaded.world) == world_hash(battle.world)


def test_random_bytes_and_missing_files(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_bytes(os.urandom(500))
    with pytest.raises(SaveError):
        load_battle(junk)
    with pytest.raises(SaveError, match="no such save file"):
        load_battle(tmp_path / "nope.json")
    (tmp_path / "list.json").write_text("[1, 2]")
    with pytest.raises(SaveError, match="expected a JSON object"):
        load_battle(tmp_path / "list.json")


def test_a_crash_while_saving_keeps_the_previous_save(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "slot.json"
    first = played(1)
    save_battle(first, path)
    before = path.read_bytes()

    def dying_fsync(fd: int) -> None:
        raise OSError("simulated power cut")

    monkeypatch.setattr(atomic.os, "fsync", dying_fsync)
    with pytest.raises(OSError):
        save_battle(played(3), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert world_hash(load_battle(path).world) == world_hash(first.world)
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]  # no temporary file left


def test_autosave_keeps_the_last_rounds(tmp_path: Path) -> None:
    world, board = demo_world()
    battle = Battle(world, board, 5)
    for _ in range(7):
        if battle.over:
            break
        battle.play_round(lambda eid, b: placeholder_order(b.world, b.board, eid, b.round.orders))
        autosave(battle, tmp_path, keep=3)
    files = list_autosaves(tmp_path)  # newest first
    assert len(files) == min(3, battle.number)
    # A finished battle's autosave is named after the round that never begins.
    number = battle.number + 1 if battle.over else battle.number
    assert files[0].round == number and files[0].path.name.endswith(f"-round-{number:04d}.json")
    assert world_hash(load_battle(files[0].path).world) == world_hash(battle.world)
