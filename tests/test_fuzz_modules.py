"""Fuzzing the round with every rules module on (issue 16): the chapter's arena and order
generators (`tests/test_fuzz.py`), a fixed number of rounds.

No exception escapes; the round refuses exactly what `validate_order` refuses under the
same modules; the chapter's invariants hold (`tests/invariants.py`) and the modules' own:
the Injuries on the locations never exceed a combatant's Injuries (they are equal here,
where everyone starts unhurt), shock needs two Injuries on one place, and applying a
round's events to the world as it was gives the world as it is (every change went through
`apply`).  The fixed run asserts that each module's events really happened.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.terrain import Terrain, TerrainBoard
from game.rules.apply import apply
from game.rules.dice import SeededDice
from game.rules.events import Event, Fled, Moved, WeaponFell
from game.rules.hits import HitStopped, TableRolled
from game.rules.modules.hit_locations import wounds_of
from game.rules.modules.side_initiative import InitiativeRolled
from game.rules.options import RuleOptions, module_names
from game.rules.positions import combatants, find_by_name, is_active
from game.rules.round import Round
from game.rules.stats import movement_rate
from game.rules.statuses import StatusGained, statuses_of
from game.rules.validate import validate_order
from game.world import Condition, Side, World
from tests.builders import Cast
from tests.invariants import Watch
from tests.test_fuzz import LEGEND, NONSENSE, nonsense_order, sensible_order
from tests.test_fuzz import arena as chapter_arena

EVERY = RuleOptions(module_names())
ARENAS = 12
# 30 until issue 50 added bursts and held strikes: more kinds of order to draw from dilute the
# melee fumbles ("Stuck", 2 in the old run, 0 in 30 rounds with them, 2 in 50).
ROUNDS = 50
AT_LEAST = {
    "Hit Location": 60,
    "Critical": 15,
    "Fumble": 20,
    "stopped": 1,
    "Shock": 15,
    "Leg Injury": 8,
    "Faint": 1,  # a rare row of the critical table: seen at least once
    "Stuck": 1,  # melee fumbles only, 1 in 6 of them (seed 002's melee table)
    "Ranged Fumble": 9,
    "Weapon Damage": 3,
    "fell": 5,
    "initiative": ARENAS,
    # Flights off the map with every module on (held shots, charges, crawls …): few, and how many
    # turns on the draw, which every new action shifts (7 with knockdown, 3 with the melee
    # modules of issue 50 too): at least 2 still shows they happen.
    "fled": 2,
}
"""About half of what the fixed run sees."""


ROWS = [
    "................",
    "...#....^.~~....",
    "...#..,,^.~~..^.",
    "......,,^.......",
    "..^.......##..^.",
    "....^^.......^..",
    "..........^.....",
    "........#.......",
]
"""The chapter's arena with more hedges (low cover), so that shots strike cover now and then."""


def arena() -> Cast:
    """The chapter's fuzz arena on a board with more low cover."""
    cast = chapter_arena()
    legend = {".": Terrain(), **{key: Terrain(**spec) for key, spec in LEGEND.items()}}
    cast.board = TerrainBoard.from_rows(ROWS, legend, metres_per_tile=1.5)  # type: ignore[assignment]
    return cast


def check_modules(world: World) -> None:
    """The modules' invariants on a world."""
    for eid in combatants(world):
        wounds = wounds_of(world, eid)
        on_places, injuries = sum(n for _, n in wounds.by_location), world.get(eid, Condition).injuries
        if any(s.name == "Revived" for s in statuses_of(world, eid, "dying")):
            # Woken up from the dying table with 2 Injuries: the places keep where it was hurt.
            assert on_places >= injuries
        else:
            assert on_places == injuries
        for status in statuses_of(world, eid):
            if status.name == "Shock":
                assert wounds.get(status.detail) >= 2


def check_moves(world: World, events: list[Event]) -> None:
    """Nobody moves further than allowed; a walk's allowance is at least the rate now (a wounded
    leg may have halved it after the move)."""
    for event in events:
        if isinstance(event, Moved):
            eid = find_by_name(world, event.actor)
            assert eid is not None
            assert event.metres <= event.allowed + 1e-9
            if event.mode == "walk":
                assert event.allowed >= movement_rate(world, eid).total


def count(events: list[Event], counts: Counter) -> None:
    for event in events:
        if isinstance(event, TableRolled):
            counts[event.table] += 1
        elif isinstance(event, HitStopped):
            counts["stopped"] += 1
        elif isinstance(event, StatusGained):
            counts[event.status] += 1
        elif isinstance(event, WeaponFell):
            counts["fell"] += 1
        elif isinstance(event, InitiativeRolled):
            counts["initiative"] += 1
        elif isinstance(event, Fled):
            counts["fled"] += 1


def play(seed: int, rounds: int, counts: Counter | None = None) -> None:
    """Arenas of random orders with every module on, for `rounds` rounds in all."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    counts = counts if counts is not None else Counter()
    cast, watch, number = arena(), Watch(), 0
    for _ in range(rounds):
        sides = {cast.world.get(e, Side) for e in combatants(cast.world) if is_active(cast.world, e)}
        if len(sides) < 2:
            cast, watch, number = arena(), Watch(), 0
        number += 1
        before = cast.world.copy()
        rnd = Round(cast.world, cast.board, dice, number, options=EVERY)
        for eid in rnd.declaration_order:
            if rng.random() < NONSENSE:
                order = nonsense_order(rng, cast, eid)
            else:
                order = sensible_order(rng, cast, eid, rnd.orders)
            problems = validate_order(cast.world, cast.board, order, rnd.orders, EVERY)
            assert rnd.declare(order) == problems
            if problems:
                assert rnd.declare(rnd.orders.get(eid) or order.__class__(eid)) == []
        events = rnd.resolve()
        for event in events:
            apply(before, event)
        assert before == cast.world, "a change to the world that no event explains"
        check_moves(cast.world, events)
        check_modules(cast.world)
        watch.check(cast.world, cast.board, reload=number % 5 == 0)
        count(rnd.events, counts)


def test_a_fixed_fuzz_run_with_every_module_on_sees_each_module_at_work() -> None:
    counts: Counter = Counter()
    for seed in range(ARENAS):
        play(seed, ROUNDS, counts)
    print(dict(counts))
    for what, least in AT_LEAST.items():
        assert counts[what] >= least, (what, dict(counts))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_fuzzed_rounds_with_every_module_on_keep_the_invariants(seed: int) -> None:
    play(seed, 15)
