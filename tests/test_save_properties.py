"""A save that `replay --verify` accepts is a save that `--load` opens.

Saves are edited anywhere in their battle part (the board, the rules modules,
the victory condition, the meta, the initial world, the orders), and then
every hash is recomputed from the edited battle, as anyone can do, so the
edit is never caught by a hash alone.  Whatever the edit, either verification
refuses the save with a SaveError, or loading it (the battle, then the
battle screen and the replay screen, drawn) succeeds.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli.demo import demo_world
from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.persist.replay import verify_save
from game.persist.saves import SaveError, load_battle, world_hash
from game.rules.battle import Battle
from game.ui.scenes.replay import open_replay
from game.ui.scenes.settings import open_saved_battle
from tests.save_helpers import as_saved, play, rehash
from tests.ui_helpers import make_app

EXAMPLES = 150  # edited saves per run (fixed, so the test's cost is too)
HOSTILE: list[Any] = [
    None,
    True,
    0,
    -1,
    1,
    2,
    3,
    7,
    8,
    99,
    1000,
    2**31,
    2**63,
    10**30,
    1e308,
    -1e308,
    0.5,
    "",
    " ",
    "\x00",
    "N",
    "ai:hard",
    "#ff00ff",
    "x" * 300,
    "maps/duel_ring.tmx",
    [],
    [0],
    [0, 0],
    [-1, 0],
    [1e308, 0],
    [[0, 0]],
    {},
    {"kind": "survive", "side": "nobody", "rounds": 3},
]


@pytest.fixture(scope="module")
def bases() -> list[dict[str, Any]]:
    """A battle on an in-memory grid stopped mid-round, and one on a bundled map."""
    world, board = demo_world()
    grid = as_saved(play(Battle(world, board, 3, max_rounds=30), 2, declare_next=True))
    scenario = find_scenario("ring_duel")
    battle, _ = build_battle(scenario, 4, {side.name: "human" for side in scenario.sides})
    return [grid, as_saved(play(battle, 2))]


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree, parents before children."""
    found = [here]
    if isinstance(node, dict):
        for key, child in node.items():
            found += _paths(child, (*here, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found += _paths(child, (*here, index))
    return found


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


@st.composite
def edited(draw: st.DrawFn, base: dict[str, Any]) -> dict[str, Any]:
    """The base save with one to three edits in its battle part."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        places = _paths(data["battle"])
        path = draw(st.sampled_from(places[1:]))
        parent, last = _at(data["battle"], path[:-1]), path[-1]
        move = draw(st.sampled_from(["alike", "alike", "alike", "replace", "delete", "copy", "entity"]))
        if move == "alike":  # a value of the same kind: these get past the type checks, to the deeper ones
            parent[last] = draw(_alike(parent[last]))
        elif move == "replace":
            parent[last] = copy.deepcopy(draw(st.sampled_from(HOSTILE) | st.integers() | st.text(max_size=8)))
        elif move == "delete":
            del parent[last]
        elif move == "copy":  # a value from elsewhere in the battle: another name, tile, id…
            parent[last] = copy.deepcopy(_at(data["battle"], draw(st.sampled_from(places))))
        else:
            _edit_entities(draw, data["battle"])
    return data


def _alike(value: Any) -> st.SearchStrategy[Any]:
    """Values of the same JSON kind as `value`, often close to it."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-2, 12) | st.integers(value - 3, value + 3) | st.sampled_from([1000, 10**6, 2**63])
    if isinstance(value, float):
        return st.floats(-1e6, 1e308, allow_nan=False) | st.sampled_from([0.0, 0.25, 100.0, 101.0])
    if isinstance(value, str):
        return st.text(max_size=6) | st.sampled_from(
            ["N", "SW", "Niles", "niles", "human", "ai:easy", "#00ff00"]
        )
    if isinstance(value, list):
        return st.permutations(value) | st.just(value[:-1]) | st.just(value + value[-1:])
    if isinstance(value, dict):
        return st.just({k: v for k, v in value.items() if k != min(value, default=None)})
    return st.just(value)


def _edit_entities(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """Edits that keep every value valid on its own and break how entities fit together."""
    initial = doc.get("initial")
    if not isinstance(initial, dict) or not isinstance(initial.get("entities"), dict):
        return
    entities = initial["entities"]
    keys = sorted(entities)
    if not keys:
        return
    key = draw(st.sampled_from(keys))
    kind = draw(st.sampled_from(["next_id", "clone", "renumber", "same_name", "same_tile"]))
    other = entities[draw(st.sampled_from(keys))]
    if kind == "next_id":
        initial["next_id"] = int(key) if key.isdigit() else 1
    elif kind == "clone":
        entities[str(draw(st.integers(0, 12)))] = copy.deepcopy(entities[key])
    elif kind == "renumber":
        entities[str(draw(st.integers(0, 12)))] = entities.pop(key)
    elif kind == "same_name" and isinstance(other, dict) and isinstance(entities[key], dict):
        name = other.get("name")
        entities[key]["name"] = name.swapcase() if isinstance(name, str) else name
    elif kind == "same_tile" and isinstance(other, dict) and isinstance(entities[key], dict):
        entities[key]["position"] = copy.deepcopy(other.get("position"))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the edited saves are written (one module-wide folder: hypothesis runs many examples)."""
    return tmp_path_factory.mktemp("edited-saves")


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_save_that_verifies_always_loads(
    bases: list[dict[str, Any]], folder: Path, data: st.DataObject
) -> None:
    save = data.draw(st.sampled_from(bases).flatmap(edited))
    rehash(save)
    path = folder / "edited.json"
    path.write_text(json.dumps(save))
    try:
        verified = verify_save(path).ok
    except SaveError:
        verified = False
    if not verified:
        return
    battle = load_battle(path)
    assert world_hash(battle.world) == save["state_hash"]
    app = make_app()
    open_saved_battle(app, path)  # what --load does after its own load_battle
    app.step([])
    open_replay(app, path)  # and the replay window
    app.step([])


def test_the_bases_verify_and_load(bases: list[dict[str, Any]], folder: Path) -> None:
    """The property above would hold vacuously if the unedited saves were refused."""
    for base in bases:
        path = folder / "base.json"
        path.write_text(json.dumps(base))
        assert verify_save(path).ok
        load_battle(path)
