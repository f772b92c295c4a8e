"""Plays or replays bundled-scenario battles in a process of its own (for
`tests/test_replay_determinism.py`, which runs it under different PYTHONHASHSEED values).

    python -m tests.replay_worker play OUT_DIR SCENARIO:SEED:AI ...
        plays each battle, saves it to OUT_DIR, prints one JSON line per battle
    python -m tests.replay_worker verify SAVE ...
        loads each save (replaying every order and checking its hashes), prints the same lines
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.ai import make_controller
from game.ai.controller import DeclarationView
from game.content.battle_setup import build_battle
from game.content.scenarios import list_scenarios
from game.persist.saves import events_hash, load_battle, save_battle, world_hash
from game.rules.battle import Battle
from game.world import Side

MAX_ROUNDS = 8  # enough for injuries, defeats and disarms; keeps each battle short


def play(scenario_id: str, seed: int, ai: str) -> Battle:
    """One battle of the scenario with the AI on every side (its own stream per side)."""
    (scenario,) = [s for s in list_scenarios() if s.id == scenario_id]
    battle, _ = build_battle(scenario, seed)
    controllers = {side.name: make_controller(ai, seed * 7 + i) for i, side in enumerate(scenario.sides)}

    def declare(eid: int, b: Battle) -> object:
        return controllers[b.world.get(eid, Side).name].choose_order(DeclarationView.of(b, eid))

    while not battle.over and battle.number < MAX_ROUNDS:
        battle.play_round(declare)  # type: ignore[arg-type]
    return battle


def line(name: str, battle: Battle) -> str:
    """What a battle came to: its events and its final world, hashed."""
    hashes = {"events": events_hash(battle), "world": world_hash(battle.world)}
    return json.dumps({"battle": name, "rounds": battle.number, **hashes})


def main(argv: list[str]) -> int:
    """Run the worker; see the module docstring."""
    mode, *rest = argv
    if mode == "play":
        out, *specs = rest
        for spec in specs:
            scenario_id, seed, ai = spec.split(":", 2)
            battle = play(scenario_id, int(seed), ai)
            save_battle(battle, Path(out) / f"{scenario_id}-{seed}-{ai.replace(':', '_')}.json")
            print(line(spec, battle))
    elif mode == "verify":
        for save in rest:
            print(line(save, load_battle(Path(save))))
    else:
        print(f"unknown mode {mode!r}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
