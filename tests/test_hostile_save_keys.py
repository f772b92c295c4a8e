"""The game never writes a save it cannot load (issue 51, item 3): a key no check covers is
refused on load (junk in `meta` used to be carried into the next autosave until that was too
large to load), what the game writes is checked at write time against the loader's own limit,
and the workbench opens saves up to the same limit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.cli.demo import demo_world
from game.persist import saves
from game.persist.saves import MAX_SAVE_BYTES, SaveError, load_battle, save_battle, world_hash
from game.rules.battle import Battle
from game.workbench.files import file_kind, open_position
from tests.hostile import assert_refused, run_limited
from tests.save_helpers import as_saved, play, rehash


def _battle() -> Battle:
    world, board = demo_world()
    return play(Battle(world, board, 3, max_rounds=30, meta={"title": "Keys"}), 2)


def _write(path: Path, data: dict[str, Any], indent: int | None = None) -> Path:
    path.write_text(json.dumps(data, indent=indent))
    return path


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda d: d["battle"]["meta"].update(junk="x" * 1000), "battle.meta.junk: unknown field"),
        (
            lambda d: d["battle"]["meta"].update(battle_id="../../etc"),
            "battle.meta.battle_id: expected 12 hex",
        ),
        (lambda d: d["battle"]["meta"].update(comment="hello"), "battle.meta.comment: unknown field"),
    ],
    ids=["junk", "bad battle id", "comment"],
)
def test_an_unknown_or_bad_meta_key_is_refused_on_load(tmp_path: Path, edit, fragment: str) -> None:  # noqa: ANN001
    data = as_saved(_battle())
    edit(data)
    path = _write(tmp_path / "meta.json", rehash(data))
    with pytest.raises(SaveError, match=fragment.replace(".", r"\.")):
        load_battle(path)
    assert_refused(run_limited("replay", str(path), "--verify", home=tmp_path), fragment)


@pytest.mark.parametrize(
    ("key", "value", "fragment"),
    [
        ("padding", "x" * 1000, "unknown key 'padding'"),
        ("saved_at", "x" * 1000, "saved_at is not a time"),
        ("round_hashes", ["x" * 10**5], "round_hashes is not a list of SHA-256"),
    ],
)
def test_an_unknown_or_bad_top_level_key_is_refused_on_load(
    tmp_path: Path, key: str, value: Any, fragment: str
) -> None:
    data = as_saved(_battle())
    data[key] = value
    path = _write(tmp_path / "top.json", data)
    with pytest.raises(SaveError, match=fragment):
        load_battle(path)


def test_a_save_the_loader_would_refuse_as_too_large_is_never_written(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    battle = _battle()
    path = tmp_path / "kept.json"
    save_battle(battle, path)
    before = path.read_bytes()
    # The loader's limit made small, as a battle's save reaching it would be: writing is refused.
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", len(before) - 1)
    with pytest.raises(SaveError, match="cannot be saved: it would be"):
        save_battle(play(battle, 1), path)
    assert path.read_bytes() == before  # the previous save stands
    assert [p.name for p in tmp_path.iterdir()] == ["kept.json"]  # and no temporary file is left


def test_a_battle_with_a_meta_the_loader_refuses_is_never_saved(tmp_path: Path) -> None:
    battle = _battle()
    battle.meta["junk"] = "x"
    with pytest.raises(SaveError, match="battle.meta.junk"):
        save_battle(battle, tmp_path / "junk.json")
    assert not list(tmp_path.iterdir())


def test_the_workbench_opens_a_save_up_to_the_loaders_limit(tmp_path: Path) -> None:
    data = as_saved(_battle())
    path = tmp_path / "roomy.json"
    # Valid JSON made large with whitespace: 10 MiB, over the data files' 8 MiB, under 16 MiB.
    text = json.dumps(data, indent=1)
    path.write_text(text.replace("\n", "\n" + " " * (10 * 2**20), 1))
    assert 8 * 2**20 < path.stat().st_size < MAX_SAVE_BYTES
    assert world_hash(load_battle(path).world) == data["state_hash"]
    assert file_kind(path) == "save"
    setup, _notes = open_position(path)
    assert setup is not None
