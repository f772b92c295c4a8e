"""500 AI-versus-AI battles over the bundled scenarios replay to identical events and states."""

from __future__ import annotations

import json

import pytest

from game.ai import make_controller
from game.ai.controller import DeclarationView
from game.content.scenarios import build_battle, list_scenarios
from game.persist.saves import battle_from_save, battle_to_save, world_hash
from game.world import Side

SCENARIOS = list_scenarios()
BATTLES_PER_SCENARIO = -(-500 // len(SCENARIOS))  # at least 500 in all
MAX_ROUNDS = 10  # enough to reach injuries, defeats and disarms; keeps the run short


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_battles_replay_identically(scenario) -> None:
    for seed in range(BATTLES_PER_SCENARIO):
        battle, _ = build_battle(scenario, seed)
        # Random legal orders reach every corner of the rules; a fresh controller per side.
        controllers = {
            side.name: make_controller("ai:random", seed * 7 + i) for i, side in enumerate(scenario.sides)
        }

        def declare(eid: int, b, controllers=controllers):
            return controllers[b.world.get(eid, Side).name].choose_order(DeclarationView.of(b, eid))

        while not battle.over and battle.number < MAX_ROUNDS:
            battle.play_round(declare)
        saved = json.loads(json.dumps(battle_to_save(battle)))  # through real JSON text
        replayed = battle_from_save(saved, f"{scenario.id} seed {seed}")
        assert [e.to_dict() for e in replayed.events()] == [e.to_dict() for e in battle.events()]
        assert world_hash(replayed.world) == world_hash(battle.world)
