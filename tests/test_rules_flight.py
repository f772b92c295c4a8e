"""Fleeing off the map (RULES.md §7; docs/rulings.md, "Fleeing off the map"), with scripted dice.

A movement may end with a step off the map from an edge tile: one more tile of metres, within
what the walk, Sprint or Retreat allows.  Whoever flees is out of the battle: no more actions,
no tile, every attack on it nullified, and a side whose last combatant fled has lost.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.rules.dice import ScriptedDice
from game.rules.events import ActionNullified, Fled, Moved
from game.rules.forecast import arrival_chance, flight_chance, forecast_order
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.positions import combatants, is_active, occupant
from game.rules.round import Round
from game.rules.validate import validate_order
from game.rules.victory import Outcome, Victory, winner
from game.world import Condition, World
from tests.builders import BLASTER, Cast, of_type, the_roll


def west(start: tuple[int, int], steps: int) -> tuple[tuple[int, int], ...]:
    """A straight path west of `start`."""
    return tuple((start[0] - i, start[1]) for i in range(1, steps + 1))


def runner_and_hunter(runner_at: tuple[int, int] = (3, 5), hunter_at: tuple[int, int] = (15, 5)) -> Cast:
    """Serena (Movement 4) near the west edge of a 20 × 10 map; Alex with a blaster far east."""
    cast = Cast(width=20, height=10)
    cast.add("Serena", runner_at, "hunted", movement=4)
    cast.add("Alex", hunter_at, "hunters", weapons=(BLASTER,), missile_beam=8)
    return cast


def flee(cast: Cast, name: str, *actions: object, path: tuple[tuple[int, int], ...] = ()) -> Order:
    """An order that flees off the map after `path`."""
    order = cast.order(name, *actions, path=path)  # type: ignore[arg-type]
    return Order(order.actor, order.actions, order.path, order.facing, flee=True)


# ------------------------------------------------------------------------- declaring


def test_a_walk_may_flee_when_the_path_and_the_step_off_fit_in_its_metres() -> None:
    """3 m of path and 1 m off the map: 4 m, Serena's Movement."""
    cast = runner_and_hunter()
    assert validate_order(cast.world, cast.board, flee(cast, "Serena", path=west((3, 5), 3))) == []


def test_the_step_off_the_map_counts_against_the_metres() -> None:
    """From (4, 5) the edge is 4 m away: 5 m with the step off is one too many for a walk."""
    cast = runner_and_hunter(runner_at=(4, 5))
    order = flee(cast, "Serena", path=west((4, 5), 4))
    assert validate_order(cast.world, cast.board, order) == [
        "the path and the step off the map are 5.0 m but you may move at most 4.0 m"
    ]
    # The same path without the flight is a legal walk.
    assert validate_order(cast.world, cast.board, cast.order("Serena", path=west((4, 5), 4))) == []


def test_flight_must_start_from_the_edge_of_the_map() -> None:
    cast = runner_and_hunter()
    order = flee(cast, "Serena", path=west((3, 5), 2))
    assert validate_order(cast.world, cast.board, order) == [
        "to flee off the map, the path must end on the map's edge ((1, 5) is not)"
    ]


def test_one_who_stands_on_the_edge_flees_without_a_path() -> None:
    cast = runner_and_hunter(runner_at=(0, 5))
    assert validate_order(cast.world, cast.board, flee(cast, "Serena")) == []
    assert cast.world.get(cast["Serena"], Condition) == Condition()


def test_a_walk_engaged_in_melee_may_not_flee_but_a_retreat_may() -> None:
    """CO.17: only a Retreat leaves melee; stepping off the map leaves it too."""
    cast = Cast(width=20, height=10)
    cast.add("Serena", (0, 5), "hunted", movement=4)
    cast.add("Niles", (1, 5), "assassin", strike=9)
    assert validate_order(cast.world, cast.board, flee(cast, "Serena")) == [
        "engaged in melee with Niles: only a Retreat leaves it to flee off the map"
    ]
    assert validate_order(cast.world, cast.board, flee(cast, "Serena", cast.act(K.RETREAT))) == []


# ------------------------------------------------------------------------- resolving


def test_a_combatant_who_flees_is_out_of_the_battle_and_its_side_has_lost() -> None:
    cast = runner_and_hunter()
    serena = cast["Serena"]
    rnd = Round(cast.world, cast.board, ScriptedDice([]), timing_order=[cast["Alex"], serena])
    assert rnd.declare(flee(cast, "Serena", path=west((3, 5), 3))) == []
    assert rnd.declare(cast.order("Alex")) == []
    events = rnd.resolve()
    moved = of_type(events, Moved)[0]
    assert moved.path[-1] == (0, 5) and moved.metres == 3.0
    assert of_type(events, Fled) == [Fled("Serena", (0, 5))]
    assert cast.world.get(serena, Condition).fled
    assert not is_active(cast.world, serena)
    assert occupant(cast.world, (0, 5)) is None
    assert winner(cast.world).winner == "hunters"
    # She is in no later round: the next Timing order is Alex's alone.
    later = Round(cast.world, cast.board, ScriptedDice([5]), number=2)
    assert later.timing == [cast["Alex"]]
    assert validate_order(cast.world, cast.board, cast.order("Serena")) == ["Serena has fled off the map"]


def test_a_shot_at_one_who_fled_is_nullified() -> None:
    """Alex declares after Serena (worse Timing declares first) and shoots at her; she moves in
    the Modifier Stage, before his shot in the Resolution Stage, and is gone."""
    cast = runner_and_hunter(runner_at=(3, 5), hunter_at=(8, 5))
    alex, serena = cast["Alex"], cast["Serena"]
    rnd = Round(cast.world, cast.board, ScriptedDice([]), timing_order=[serena, alex])
    assert rnd.declare(cast.order("Alex", cast.act(K.MISSILE_STRIKE, "Serena"))) == []
    assert rnd.declare(flee(cast, "Serena", path=west((3, 5), 3))) == []
    events = rnd.resolve()
    assert of_type(events, ActionNullified) == [
        ActionNullified("Alex", "Missile Strike", "Serena", "Serena has fled off the map")
    ]
    # The forecast said as much: she flees for certain, so the shot is certain to be nullified.
    cast2 = runner_and_hunter(runner_at=(3, 5), hunter_at=(8, 5))
    orders = {
        serena: flee(cast2, "Serena", path=west((3, 5), 3)),
        alex: cast2.order("Alex", cast2.act(K.MISSILE_STRIKE, "Serena")),
    }
    shot = forecast_order(cast2.world, cast2.board, orders, alex, timing=[serena, alex])[0]
    assert shot.nullified == 1 and shot.success == 0
    assert shot.reason == "Serena flees off the map first"


def test_one_who_fled_takes_no_more_actions() -> None:
    """A Missile Strike declared beside a flight is nullified: it resolves after the flight."""
    cast = Cast(width=20, height=10)
    serena = cast.add("Serena", (0, 5), "hunted", movement=4, weapons=(BLASTER,), missile_beam=8)
    alex = cast.add("Alex", (8, 5), "hunters", weapons=(BLASTER,), missile_beam=8)
    rnd = Round(cast.world, cast.board, ScriptedDice([]), timing_order=[serena, alex])
    assert rnd.declare(cast.order("Alex")) == []
    assert rnd.declare(flee(cast, "Serena", cast.act(K.MISSILE_STRIKE, "Alex"))) == []
    events = rnd.resolve()
    assert of_type(events, ActionNullified) == [
        ActionNullified("Serena", "Missile Strike", "Alex", "Serena has fled off the map")
    ]
    assert of_type(events, Moved) == []  # no path: she steps straight off


@pytest.mark.parametrize(
    ("die", "flees"),
    [(1, False), (2, True), (4, True), (5, False), (12, False)],
)
def test_a_sprint_flees_only_when_its_roll_gives_the_metres(die: int, flees: bool) -> None:
    """From (5, 5): 5 m of path and 1 m off the map.  Movement 4: a Sprint roll of 2 to 4
    (≤ Movement) gives 6 to 8 m; a roll of 1 gives 5 m, the path but not the step off; a failed
    roll (5 or more) moves the rate, 4 m (CO.17 Ex. 1)."""
    cast = runner_and_hunter(runner_at=(5, 5))
    serena = cast["Serena"]
    order = flee(cast, "Serena", cast.act(K.SPRINT), path=west((5, 5), 5))
    assert validate_order(cast.world, cast.board, order) == []
    assert flight_chance(cast.world, cast.board, serena, order) == Fraction(3, 12)
    rnd = Round(cast.world, cast.board, ScriptedDice([die]), timing_order=[cast["Alex"], serena])
    assert rnd.declare(order) == []
    assert rnd.declare(cast.order("Alex")) == []
    events = rnd.resolve()
    assert the_roll(events, "Serena", "Sprint").die == die
    assert bool(of_type(events, Fled)) is flees
    assert cast.world.get(serena, Condition).fled is flees
    moved = of_type(events, Moved)[0]
    if not flees:
        assert "does not flee" in moved.note
        assert is_active(cast.world, serena)


@pytest.mark.parametrize(("die", "flees"), [(3, True), (6, False)])
def test_a_retreat_from_melee_off_the_map(die: int, flees: bool) -> None:
    """Serena on the edge, engaged with Niles: a successful Retreat takes her off the map and
    his Strike is nullified; a failed one leaves her where she stands, and it goes ahead."""
    cast = Cast(width=20, height=10)
    serena = cast.add("Serena", (0, 5), "hunted", movement=4)
    niles = cast.add("Niles", (1, 5), "assassin", strike=9)
    rnd = Round(cast.world, cast.board, ScriptedDice([die, 11]), timing_order=[niles, serena])
    assert rnd.declare(flee(cast, "Serena", cast.act(K.RETREAT))) == []
    assert rnd.declare(cast.order("Niles", cast.act(K.STRIKE, "Serena"))) == []
    events = rnd.resolve()
    assert bool(of_type(events, Fled)) is flees
    nullified = [e for e in of_type(events, ActionNullified) if e.actor == "Niles"]
    if flees:
        assert [e.reason for e in nullified] == ["Serena has fled off the map"]
    else:
        assert nullified == []
        assert the_roll(events, "Niles", "Strike").die == 11
        assert occupant(cast.world, (0, 5)) == serena


def test_a_walk_that_is_stopped_on_its_path_does_not_flee() -> None:
    """An ally stands on the path (tiles are judged as one moves): Serena stops behind him."""
    cast = runner_and_hunter()
    cast.add("Omar", (1, 5), "hunted")
    serena = cast["Serena"]
    order = flee(cast, "Serena", path=west((3, 5), 3))
    rnd = Round(cast.world, cast.board, ScriptedDice([]), timing_order=[cast["Alex"], serena, cast["Omar"]])
    for eid in rnd.declaration_order:
        assert rnd.declare(order if eid == serena else Order(eid)) == []
    events = rnd.resolve()
    assert of_type(events, Fled) == []
    moved = of_type(events, Moved)[0]
    assert moved.path[-1] == (2, 5)
    assert "does not flee: it stopped short of the edge" in moved.note
    assert flight_chance(cast.world, cast.board, serena, order) == 0


# ------------------------------------------------------------------------- records


def test_an_order_that_flees_reads_and_writes_its_flight() -> None:
    cast = runner_and_hunter(runner_at=(0, 5))
    order = flee(cast, "Serena")
    data = order.to_dict()
    assert data["flee"] is True
    assert Order.from_dict(data) == order
    assert "flee" not in cast.order("Serena").to_dict()
    with pytest.raises(ValueError, match="flee must be true or false"):
        Order.from_dict({**data, "flee": "yes"})


def test_a_world_with_one_who_fled_saves_and_loads() -> None:
    """The condition writes "fled" only when true, so saves from before flight hash the same."""
    cast = runner_and_hunter(runner_at=(0, 5))
    serena = cast["Serena"]
    assert "fled" not in cast.world.to_dict()["entities"][str(serena)]["condition"]
    rnd = Round(cast.world, cast.board, ScriptedDice([]), timing_order=[cast["Alex"], serena])
    rnd.declare(flee(cast, "Serena"))
    rnd.declare(cast.order("Alex"))
    rnd.resolve()
    data = cast.world.to_dict()
    assert data["entities"][str(serena)]["condition"]["fled"] is True
    again = World.from_dict(data)
    assert again.get(serena, Condition).fled
    assert [e for e in combatants(again) if is_active(again, e)] == [cast["Alex"]]


# ------------------------------------------------------------------------- the escape victory


def test_an_escape_is_won_when_one_of_the_side_flees_off_the_map() -> None:
    """Serena is her side's last: by elimination the hunters would win; she escaped, so hers wins."""
    cast = runner_and_hunter(runner_at=(0, 5))
    escape = Victory("escape", "hunted", 5)
    assert escape.decide(cast.world, 1) == winner(cast.world) == Outcome(False)
    rnd = Round(cast.world, cast.board, ScriptedDice([]), timing_order=[cast["Alex"], cast["Serena"]])
    rnd.declare(flee(cast, "Serena"))
    rnd.declare(cast.order("Alex"))
    rnd.resolve()
    assert escape.decide(cast.world, 1) == Outcome(True, "hunted")
    assert Victory().decide(cast.world, 1) == Outcome(True, "hunters")


def test_the_hunters_win_an_escape_when_its_clock_runs_out() -> None:
    cast = runner_and_hunter()
    escape = Victory("escape", "hunted", 5)
    assert escape.decide(cast.world, 4) == Outcome(False)
    assert escape.decide(cast.world, 5) == Outcome(True, "hunters")
    assert Victory("escape", "hunted").decide(cast.world, 50) == Outcome(False)  # no clock
    cast.world.set(cast["Serena"], Condition(injuries=3, defeated=True))
    assert escape.decide(cast.world, 1) == Outcome(True, "hunters")  # stopped


def test_an_escape_names_the_side_that_escapes() -> None:
    from game.content.fields import FieldError
    from game.content.scenarios import parse_victory

    with pytest.raises(ValueError, match="an escape victory needs the side that escapes"):
        Victory("escape")
    assert parse_victory({"kind": "escape", "side": "NILES"}, "victory", ["Niles"]) == Victory(
        "escape", "Niles"
    )
    with pytest.raises(FieldError, match=r"unknown victory kind .flee. \(eliminate, survive, escape\)"):
        parse_victory({"kind": "flee"}, "victory", ["Niles"])
    assert "flees off the map within 12 rounds" in Victory("escape", "Niles", 12).text()


def test_the_last_round_is_the_victory_clock_or_the_round_limit_whichever_comes_first() -> None:
    """One home for the clock the AI hurries by and the battle screen counts to."""
    assert Victory("survive", "Turret", 19).last_round(20) == 19
    assert Victory("survive", "Turret", 19).last_round(None) == 19
    assert Victory("escape", "hunted", 12).last_round(10) == 10
    assert Victory("escape", "hunted").last_round(15) == 15  # no clock of its own
    assert Victory().last_round(15) == 15
    assert Victory().last_round(None) is None


@pytest.mark.parametrize(("steps", "chance"), [(0, 1), (4, 1), (6, Fraction(3, 12)), (8, Fraction(1, 12))])
def test_the_chance_a_sprint_gets_to_its_path_end(steps: int, chance: Fraction) -> None:
    """Serena (Movement 4) Sprints west on 1 m tiles: a failed roll walks her 4 m, a success
    4 + the roll (1–4); the path's end is reached with the rolls that cover it (CO.17)."""
    cast = runner_and_hunter(runner_at=(10, 5))
    order = cast.order("Serena", cast.act(K.SPRINT), path=west((10, 5), steps))
    assert arrival_chance(cast.world, cast.board, cast["Serena"], order) == chance
