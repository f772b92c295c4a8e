"""Battles with every rules module on replay identically (issue 16): through real JSON text in
this process, and loaded by a fresh interpreter with another hash seed (whose registries must
know the modules' components and events before the save's world is rebuilt)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import make_controller
from game.ai.controller import DeclarationView
from game.content.battle_setup import build_battle
from game.content.scenarios import list_scenarios
from game.persist.saves import battle_from_save, battle_to_save, events_hash, save_battle, world_hash
from game.rules.battle import Battle
from game.rules.options import RuleOptions, module_names
from game.world import Side

ROOT = Path(__file__).resolve().parent.parent
EVERY = RuleOptions(module_names())
MAX_ROUNDS = 8
BATTLES = [("pub_brawl", 4, "ai:easy"), ("the_assassin", 2, "ai:easy"), ("street_by_street", 1, "ai:random")]


def play(scenario_id: str, seed: int, ai: str) -> Battle:
    """A bundled scenario with every module on, the AI on both sides."""
    (scenario,) = [s for s in list_scenarios() if s.id == scenario_id]
    battle, _ = build_battle(scenario, seed)
    battle.options = EVERY
    controllers = {side.name: make_controller(ai, seed * 7 + i) for i, side in enumerate(scenario.sides)}

    def declare(eid: int, b: Battle) -> object:
        return controllers[b.world.get(eid, Side).name].choose_order(DeclarationView.of(b, eid))

    while not battle.over and battle.number < MAX_ROUNDS:
        battle.play_round(declare)  # type: ignore[arg-type]
    return battle


@pytest.mark.parametrize(("scenario_id", "seed", "ai"), BATTLES)
def test_battles_with_every_module_replay_identically(scenario_id: str, seed: int, ai: str) -> None:
    battle = play(scenario_id, seed, ai)
    kinds = {e.kind for e in battle.events()}
    assert "initiative_rolled" in kinds
    saved = json.loads(json.dumps(battle_to_save(battle)))
    assert saved["battle"]["options"] == {name: True for name in module_names()}
    replayed = battle_from_save(saved, scenario_id)
    assert [e.to_dict() for e in replayed.events()] == [e.to_dict() for e in battle.events()]
    assert world_hash(replayed.world) == world_hash(battle.world)


def test_a_fresh_interpreter_loads_a_save_with_every_module(tmp_path: Path) -> None:
    battle = play("ring_duel", 3, "ai:easy")
    assert any(e.kind == "table_rolled" for e in battle.events())
    path = tmp_path / "modules.json"
    save_battle(battle, path)
    code = (
        "import sys, json; from pathlib import Path; "
        "from game.persist.saves import load_battle, events_hash, world_hash; "
        f"b = load_battle(Path({str(path)!r})); print(json.dumps([events_hash(b), world_hash(b.world)]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "97531"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == [events_hash(battle), world_hash(battle.world)]
