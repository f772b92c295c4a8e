"""Every rules module on at once: fuzzed rounds keep the invariants, and battles replay
identically from their saves.

The fuzz plays a fixed number of rounds on an arena with cover, heavy and burst weapons: each
order is, by turns, the random AI's (which tries every action of every module in play), an
order a module's spec proposes (`ai_orders`: charges, dives, aiming, overwatch …), the normal
AI's, or nonsense.  The round must refuse exactly what validation refuses, nobody may stand in
a wall or on another, Injuries never heal, the world reloads equal, and the modules' actions
must really have happened.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.ai.controller import DeclarationView
from game.ai.factory import make_controller
from game.ai.random_ai import RandomController
from game.board.terrain import Terrain, TerrainBoard
from game.content.armory import default_armory
from game.content.battle_setup import build_battle
from game.content.scenarios import list_scenarios
from game.persist.saves import battle_from_save, battle_to_save, world_hash
from game.rules.api.contexts import AiAsk
from game.rules.dice import SeededDice
from game.rules.events import Event, Rolled
from game.rules.options import RuleOptions, module_names
from game.rules.orders import Order
from game.rules.positions import combatants, engaged_with, find_by_name, is_active, tile_of
from game.rules.registry import action_specs
from game.rules.round import Round
from game.rules.stats import movement_rate
from game.rules.validate import validate_order
from game.world import Side
from tests.builders import SHIELD, Cast
from tests.invariants import Watch
from tests.test_fuzz import nonsense_order

ALL = RuleOptions(module_names())
ROWS = [
    "....................",
    "...#.......^^.......",
    "...#..,,............",
    "......,,.....==.....",
    "..........##........",
    "....^^..............",
    "....................",
    "........#.....^.....",
    "....................",
]
LEGEND = {
    "#": dict(name="wall", blocks_move=True, blocks_sight=True, cover="high"),
    ",": dict(name="mud", move_cost=2.0),
    "^": dict(name="hedge", move_cost=2.0, cover="low"),
    "=": dict(name="sandbags", blocks_move=True, cover="low"),
}
# Fixed size: 16 arenas of 14 rounds.  10 until issue 50 added bursts, held strikes and
# disengaging: with more kinds of order to draw, the first 10 arenas held no Suppression Fire
# (10 before); 16 hold 4.
ARENAS = 16
ROUNDS = 14
# Charges and knock-backs need the war hammer's wielder to close in and land a heavy blow; since
# the AI's levels changed (issue 17) this fixed run no longer brings that about, so they are not
# counted here: tests/test_module_charge.py and test_module_knockback.py hold them, with the
# replays of bundled battles with every module on (test_replay_modules.py).
EVENTS_AT_LEAST = {
    "went_prone": 3,
    "aim_held": 3,
    "dive_landed": 2,
    "overwatch_set": 3,
    "suppression": 2,
    "hit": 40,
}


def arena() -> Cast:
    armory = default_armory().weapons
    legend = {".": Terrain(), **{key: Terrain(**spec) for key, spec in LEGEND.items()}}
    cast = Cast()
    cast.board = TerrainBoard.from_rows(ROWS, legend, metres_per_tile=1.5)  # type: ignore[assignment]
    cast.add("A1", (1, 1), "a", weapons=(armory["war hammer"],), strike=9, dodge=5, movement=5)
    cast.add("A2", (1, 5), "a", weapons=(armory["submachine gun"],), missile_slug=7, evade=6, movement=5)
    cast.add("A3", (2, 7), "a", weapons=(armory["spear"],), strike=6, parry=5, movement=4)
    cast.add("B1", (16, 3), "b", weapons=(armory["mace"],), strike=9, block=5, shield=SHIELD, movement=4)
    cast.add("B2", (18, 6), "b", weapons=(armory["pulse rifle"],), missile_beam=7, evade=5, movement=5)
    cast.add("B3", (17, 8), "b", weapons=(armory["hunting rifle"],), missile_slug=7, movement=4)
    return cast


def spec_order(rng: random.Random, cast: Cast, actor: int, earlier: dict[int, Order]) -> Order | None:
    """One of the whole orders the specs in play propose (`ai_orders`): a spec at random, then
    one of its orders (so a rare Charge lane is taken as often as a common Overwatch)."""
    world, board = cast.world, cast.board
    engaged = bool(engaged_with(world, board, actor))
    ask = AiAsk(world, board, ALL, actor, tile_of(world, actor), None, earlier, False, engaged, True)
    by_spec = [orders for spec in action_specs(ALL) if (orders := [o for o, _ in spec.ai_orders(ask)])]
    return rng.choice(rng.choice(by_spec)) if by_spec else None


def kinds_of(events: list[Event]) -> Counter:
    counts: Counter = Counter(e.kind for e in events)
    counts["charge"] = sum(isinstance(e, Rolled) and e.action == "Charge" for e in events)
    counts["suppression"] = sum(isinstance(e, Rolled) and e.action == "Suppression Fire" for e in events)
    return counts


def play_arena(seed: int, counts: Counter) -> None:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    cast = arena()
    watch = Watch()
    normal = make_controller("ai:normal", seed)
    randomly = RandomController(seed)
    for number in range(1, ROUNDS + 1):
        if len({cast.world.get(e, Side) for e in combatants(cast.world) if is_active(cast.world, e)}) < 2:
            break
        watch.check(cast.world, cast.board)
        rnd = Round(cast.world, cast.board, dice, number, options=ALL)
        for eid in rnd.declaration_order:
            pick = rng.random()
            view = DeclarationView(
                cast.world.copy(), cast.board, ALL, number, eid, dict(rnd.orders), tuple(rnd.timing)
            )
            order: Order | None
            if pick < 0.1:
                order = nonsense_order(rng, cast, eid)
            elif pick < 0.45:
                order = spec_order(rng, cast, eid, rnd.orders)
            elif pick < 0.6:
                order = normal.choose_order(view)
            else:
                order = randomly.choose_order(view)
            order = order or Order(eid)
            problems = validate_order(cast.world, cast.board, order, rnd.orders, ALL)
            assert rnd.declare(order) == problems
            counts["orders"] += 1
            if problems:
                counts["refused"] += 1
                assert all(isinstance(p, str) and p for p in problems)
                assert rnd.declare(Order(eid)) == []
        rates = {e: movement_rate(cast.world, e).total for e in combatants(cast.world)}
        events = rnd.resolve()
        for event in events:
            assert event.text() and json.dumps(event.to_dict())
        check_movement_all_on(cast, events, rates)
        watch.check(cast.world, cast.board, reload=True)
        counts.update(kinds_of(events))
        counts["rounds"] += 1


def check_movement_all_on(cast: Cast, events: list[Event], rates: dict[int, float]) -> None:
    """Nobody moves further than its movement allows (a Charge or a Dive: twice its rate).
    `rates` are the Movement rates as the round began: a walk may be allowed less (a wound
    taken before it moved, an Overwatch shot at the leg), never more."""
    from game.rules.events import Moved

    for event in events:
        if isinstance(event, Moved):
            assert event.metres <= event.allowed + 1e-9
            if event.mode == "walk":
                eid = find_by_name(cast.world, event.actor)
                assert eid is not None
                assert event.allowed <= rates[eid] + 1e-9


def test_a_fixed_fuzz_run_with_every_module_on_keeps_the_invariants_and_uses_them() -> None:
    counts: Counter = Counter()
    for seed in range(ARENAS):
        play_arena(seed, counts)
    print(dict(counts))
    for what, least in EVENTS_AT_LEAST.items():
        assert counts[what] >= least, (what, dict(counts))
    assert counts["refused"] < counts["orders"] / 2, dict(counts)


SCENARIOS = [s.id for s in list_scenarios() if s.tutorial is None][:5]


@pytest.mark.parametrize("ai", ["ai:random", "ai:normal"])
@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_battles_with_every_module_on_replay_identically(scenario_id: str, ai: str) -> None:
    """Played with every module on, saved through JSON text, loaded: the same events and world."""
    (scenario,) = [s for s in list_scenarios() if s.id == scenario_id]
    seed = 7
    battle, _ = build_battle(scenario, seed, options=ALL)
    controllers = {side.name: make_controller(ai, seed * 7 + i) for i, side in enumerate(scenario.sides)}
    while not battle.over and battle.number < 6:
        battle.play_round(
            lambda eid, b: controllers[b.world.get(eid, Side).name].choose_order(DeclarationView.of(b, eid))
        )
    assert battle.options == ALL
    saved = json.loads(json.dumps(battle_to_save(battle)))
    replayed = battle_from_save(saved, f"{scenario_id} with every module on")
    assert replayed.options == ALL
    assert [e.to_dict() for e in replayed.events()] == [e.to_dict() for e in battle.events()]
    assert world_hash(replayed.world) == world_hash(battle.world)
