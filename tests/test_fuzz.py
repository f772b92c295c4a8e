"""Fuzzing the round: random legal and illegal orders over thousands of rounds.

No exception escapes; every illegal order is refused with a reason; the
invariants hold: nobody moves further than allowed, the dead stay dead, no two
combatants share a tile, nobody stands on a blocked tile, Injuries never heal.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.terrain import Terrain, TerrainBoard
from game.rules.actions import Action, ActionKind, Order
from game.rules.called_shots import CALLED_SHOT_TABLE, called_shot
from game.rules.dice import SeededDice
from game.rules.events import Moved
from game.rules.options import RuleOptions
from game.rules.positions import combatants, find_by_name, tile_of
from game.rules.round import Round
from game.rules.stats import movement_rate
from game.rules.validate import validate_order
from game.world import Condition, Item
from tests.builders import BLASTER, SHIELD, SWORD, Cast

ROWS = [
    "................",
    "...#......~~....",
    "...#..,,..~~....",
    "......,,........",
    "..........##....",
    "....^^..........",
    "................",
    "........#.......",
]
LEGEND = {
    "#": dict(name="wall", blocks_move=True, blocks_sight=True, cover="high"),
    "~": dict(name="water", blocks_move=True),
    ",": dict(name="mud", move_cost=2.0),
    "^": dict(name="hedge", move_cost=2.0, cover="low"),
}
KINDS = list(ActionKind)
STEPS = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1), (3, 0)]


def arena() -> Cast:
    legend = {".": Terrain(), **{key: Terrain(**spec) for key, spec in LEGEND.items()}}
    cast = Cast()
    cast.board = TerrainBoard.from_rows(ROWS, legend, metres_per_tile=1.5)  # type: ignore[assignment]
    cast.add("A1", (1, 1), "a", strike=7, feint=5, dodge=6, movement=4, shield=SHIELD)
    cast.add("A2", (1, 5), "a", weapons=(BLASTER,), missile_beam=8, evade=6, movement=5)
    cast.add("A3", (2, 3), "a", weapons=(), brawling=6, disarm=5, movement=4)
    cast.add("B1", (5, 3), "b", strike=8, parry=6, grip=6, movement=4)
    cast.add("B2", (13, 6), "b", weapons=(BLASTER,), missile_beam=7, movement=6, evade=5)
    cast.add("B3", (14, 1), "b", weapons=(SWORD,), strike=6, block=5, shield=SHIELD, movement=3)
    return cast


def random_order(rng: random.Random, cast: Cast, actor: int, legal_bias: bool) -> Order:
    """An order of random actions: often nonsense, sometimes sensible."""
    ids = combatants(cast.world) + [999]
    items = [eid for eid, _ in cast.world.query(Item)]
    actions = []
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 5])):
        kind = rng.choice(KINDS)
        target = (
            rng.choice(ids) if kind not in (ActionKind.PARRY, ActionKind.DODGE) or not legal_bias else None
        )
        shot = None
        if kind in (ActionKind.STRIKE, ActionKind.MISSILE_STRIKE) and rng.random() < 0.2:
            shot = called_shot(rng.choice(list(CALLED_SHOT_TABLE)))
        item = rng.choice(items) if items and kind is ActionKind.RETRIEVE else None
        actions.append(Action(kind, target, shot, item=item))
    path = []
    here = tile_of(cast.world, actor)
    for _ in range(rng.choice([0, 0, 1, 2, 3, 4, 6, 9])):
        dx, dy = rng.choice(STEPS)
        here = (here[0] + dx, here[1] + dy)
        path.append(here)
    facing = rng.choice([None, *range(8)])
    return Order(actor, tuple(actions), tuple(path), facing)


def play_fuzzed_rounds(seed: int, rounds: int, options_on: bool) -> int:
    rng = random.Random(seed)
    cast = arena()
    board = cast.board
    dice = SeededDice(seed)
    options = RuleOptions.battlefield() if options_on else RuleOptions()
    refused = 0
    for number in range(1, rounds + 1):
        if not any(cast.world.get(e, Condition).can_act for e in combatants(cast.world)):
            break
        before = {e: cast.world.get(e, Condition) for e in combatants(cast.world)}
        rnd = Round(cast.world, board, dice, number, options=options)
        for eid in rnd.declaration_order:
            order = random_order(rng, cast, eid, legal_bias=rng.random() < 0.5)
            problems = validate_order(cast.world, board, order, rnd.orders)
            result = rnd.declare(order)
            assert result == problems
            if problems:
                refused += 1
                assert all(isinstance(p, str) and p for p in problems)
                assert rnd.declare(Order(eid)) == []  # the empty order is always legal
        events = rnd.resolve()
        check_invariants(cast, events, before)
    return refused


def check_invariants(cast: Cast, events, before) -> None:
    world, board = cast.world, cast.board
    for event in events:
        if isinstance(event, Moved):
            eid = find_by_name(world, event.actor)
            assert eid is not None
            rate = movement_rate(world, eid).total
            assert event.metres <= event.allowed + 1e-9
            assert event.allowed <= rate + 11 + 1e-9
            if event.mode == "walk":
                assert event.allowed == rate
    tiles = [tile_of(world, e) for e in combatants(world) if not world.get(e, Condition).dead]
    assert len(tiles) == len(set(tiles)), "two combatants on one tile"
    for tile in tiles:
        assert board.in_bounds(tile) and not board.blocks_move(tile)
    for eid, was in before.items():
        now = world.get(eid, Condition)
        assert now.injuries >= was.injuries
        if was.dead:
            assert now.dead and now == was
        if was.defeated:
            assert now.defeated


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), options_on=st.booleans())
def test_fuzzed_rounds_keep_the_invariants(seed: int, options_on: bool) -> None:
    # 100 examples × 50 rounds = 5,000 rounds of random legal and illegal orders.
    play_fuzzed_rounds(seed, 50, options_on)


def test_the_fuzzer_really_sends_illegal_orders() -> None:
    assert play_fuzzed_rounds(1, 30, True) > 30
