"""The charge module (RULES.md §8; seed 001 Charging; docs/modules.md): each ruling worked by
hand, with scripted dice; the lane the overlay draws; the AI charging down a clear lane."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.equipment import Weapon
from game.rules.dice import ScriptedDice
from game.rules.events import Event
from game.rules.forecast import forecast_order
from game.rules.modules.charge import CHARGE, StrikesFirst, charge_bonus, lane
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.rules.validate import validate_order
from game.world import Position
from tests.builders import BLASTER, Cast, log_text, of_type, rolls, the_roll

CHARGING = RuleOptions({"charge"})
SPEAR = Weapon("spear", hands=2, reach=2, injury=2, traits=frozenset({"pole"}))


def field(**pik: object) -> Cast:
    """Rex (Strike 6, Movement 4, a sword) at (2, 4); Pik 8 m east of him, facing him."""
    cast = Cast(24, 10)
    cast.add("Rex", (2, 4), "a", strike=6, movement=4)
    cast.add("Pik", (10, 4), "b", **{"facing": 6, "strike": 5, **pik})
    return cast


def east(start: tuple[int, int], steps: int) -> tuple[tuple[int, int], ...]:
    return tuple((start[0] + i, start[1]) for i in range(1, steps + 1))


def play(cast: Cast, *orders: Order, dice: dict[str, list[int]], timing: list[str]) -> list[Event]:
    by_actor = {o.actor: o for o in orders}
    return play_round(
        cast.world, cast.board, ScriptedDice(keyed=dice), by_actor, 1, [cast[n] for n in timing], CHARGING
    )


@pytest.mark.parametrize(
    ("metres", "bonus"), [(2.9, 0), (3.0, 1), (4.0, 2), (7.0, 3), (9.9, 4), (10.0, 5), (16, 5)]
)
def test_one_point_per_two_metres_from_three_up_to_five(metres: float, bonus: int) -> None:
    assert charge_bonus(metres) == bonus


def test_a_seven_metre_charge_strikes_at_plus_3() -> None:
    cast = field()
    events = play(
        cast,
        cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7)),
        dice={"Rex:Charge": [9], "Pik:Withstand Injury": [12]},
        timing=["Pik", "Rex"],
    )
    assert "Rex charges 7.0 m of 8.0 m (2, 4) → (9, 4), facing E" in log_text(events)
    assert the_roll(events, "Rex", "Charge").text() == (
        "Rex — Charge on Pik: 6 [Strike] + 3 [Charge 7 m] = 9; rolled 9: hit"
    )


def test_only_the_run_after_the_last_turn_counts() -> None:
    """Two steps south-east, then 4 m east: +2, not the +3 of the whole 6.8 m."""
    cast = field()
    path = ((3, 5), (4, 6), (5, 6), (6, 6), (7, 6), (8, 6))
    cast.world.set(cast["Pik"], Position(9, 6))
    events = play(
        cast, cast.order("Rex", cast.act(CHARGE, "Pik"), path=path),
        dice={"Rex:Charge": [12]}, timing=["Pik", "Rex"],
    )  # fmt: skip
    assert the_roll(events, "Rex", "Charge").breakdown.text() == "6 [Strike] + 2 [Charge 4 m] = 8"


def test_everyone_attacking_the_charger_gets_the_same_bonus() -> None:
    """Kit, standing beside Rex's lane's end, Strikes him after the Charge: 5 + 3."""
    cast = field()
    cast.add("Kit", (9, 5), "b", facing=0, strike=5)
    events = play(
        cast,
        cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7)),
        cast.order("Kit", cast.act(K.STRIKE, "Rex")),
        dice={"Rex:Charge": [12], "Kit:Strike": [12]},
        timing=["Kit", "Pik", "Rex"],
    )
    assert the_roll(events, "Kit", "Strike").breakdown.text() == "5 [Strike] + 3 [Charging Target 7 m] = 8"


def test_a_spear_that_sees_the_charge_coming_strikes_first() -> None:
    cast = field(weapons=(SPEAR,))
    events = play(
        cast,
        cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7)),
        dice={"Pik:Strike": [3], "Rex:Withstand Injury": [12], "Rex:Charge": [12]},
        timing=["Rex", "Pik"],
    )
    (first,) = of_type(events, StrikesFirst)
    assert first.text() == "Pik sees Rex's Charge coming and strikes first with the spear"
    text = log_text(events)
    assert text.index("strikes first") < text.index("Resolution Stage")
    assert the_roll(events, "Pik", "Strike").text() == (
        "Pik — Strike on Rex: 5 [Strike] + 3 [Charging Target 7 m] = 8; rolled 3: hit"
    )
    assert the_roll(events, "Rex", "Charge").breakdown.text() == (
        "6 [Strike] − 1 [Injury Penalty] + 3 [Charge 7 m] = 8"
    )


def test_a_gun_strikes_first_too_but_not_a_spear_that_looks_away() -> None:
    cast = field(weapons=(BLASTER,), missile_beam=6)
    events = play(
        cast, cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7)),
        dice={"Pik:Missile Strike": [12], "Rex:Charge": [12]}, timing=["Rex", "Pik"],
    )  # fmt: skip
    assert the_roll(events, "Pik", "Missile Strike").breakdown.text() == (
        "6 [Missile Strike (Beam)] + 3 [Charging Target 7 m] = 9"
    )
    cast = field(weapons=(SPEAR,), facing=2)  # Pik faces away: the run starts in his back arc
    events = play(
        cast, cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7)),
        dice={"Rex:Charge": [12]}, timing=["Rex", "Pik"],
    )  # fmt: skip
    assert not of_type(events, StrikesFirst) and not rolls(events, "Pik")


def test_engaged_as_it_starts_the_charge_walks_and_gets_no_bonus() -> None:
    """Kit (better Timing) steps next to Rex first: the Charge is refused, Rex walks 4 m."""
    cast = field()
    cast.add("Kit", (4, 6), "b", strike=5)
    events = play(
        cast,
        cast.order("Kit", path=((3, 5),)),
        cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7)),
        dice={},
        timing=["Kit", "Rex", "Pik"],
    )
    text = log_text(events)
    assert "Rex — Charge nullified: engaged in melee with Kit: cannot Charge out of it" in text
    assert "Charge on Pik nullified: Pik is out of reach" in text


def test_a_charge_is_greyed_out_with_reasons() -> None:
    cast = field()
    world, board = cast.world, cast.board

    def reasons(*path: tuple[int, int], who: str = "Rex") -> list[str]:
        return validate_order(world, board, cast.order(who, cast.act(CHARGE, "Pik"), path=path), {}, CHARGING)

    assert reasons() == [
        "Charge needs a path to move along",
        "Pik will not be within reach (1 tile) of (2, 4)",
    ]
    assert reasons(*east((2, 4), 9)) == [
        "path is 9.0 m but you may move at most 8.0 m",
        "Charge: the run must head at Pik",
    ]
    assert reasons((3, 5), (4, 6), (5, 7), (6, 8), (7, 8), (8, 8)) == [
        "Charge: the straight run after the last turn is 2.0 m; it needs 3 m"
    ]
    assert reasons((3, 4), (4, 4), (5, 4), (6, 4), (7, 4), (8, 4), (9, 3)) == [
        "Charge: the straight run after the last turn is 1.4 m; it needs 3 m"
    ]
    cast.add("Kit", (1, 4), "b", weapons=(), brawling=3)
    cast.add("Una", (20, 8), "a", weapons=())
    assert reasons(*east((2, 4), 7)) == ["cannot Charge while engaged in melee with Kit"]
    assert validate_order(
        world,
        board,
        cast.order("Una", cast.act(CHARGE, "Pik"), path=((19, 7), (18, 6), (17, 5))),
        {},
        CHARGING,
    ) == ["Charge needs a melee weapon in hand"]
    assert validate_order(
        world, board, cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7)), {}
    ) == ["Charge is part of the charge rules module, which is not in play"]


def test_the_forecast_shows_the_charge_in_the_rulebooks_notation() -> None:
    cast = field(weapons=(SPEAR,))
    orders = {cast["Rex"]: cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7))}
    (charge,) = forecast_order(cast.world, cast.board, orders, cast["Rex"], CHARGING)
    assert charge.breakdown is not None
    assert charge.breakdown.text() == "6 [Strike] + 3 [Charge 7 m] = 9"
    assert charge.notes == ("Pik sees the Charge coming: strikes first with the spear",)
    assert charge.success == pytest.approx(9 / 12)


def test_the_lane_shows_the_bonus_each_tile_would_give() -> None:
    cast = field()
    marks = lane(cast.board, (2, 4), ((3, 5),) + east((3, 5), 6))
    assert marks == [((4, 5), 0), ((5, 5), 0), ((6, 5), 1), ((7, 5), 2), ((8, 5), 2), ((9, 5), 3)]


@pytest.mark.parametrize("level", ["ai:normal", "ai:hard"])
def test_the_ai_charges_down_a_clear_lane(level: str) -> None:
    from ai_helpers import view_of

    from game.ai.factory import make_controller

    cast = field(dodge=3)
    order = make_controller(level, 3).choose_order(replace(view_of(cast, "Rex"), options=CHARGING))
    assert order.actions == (cast.act(CHARGE, "Pik"),)
    assert order.path == east((2, 4), 7)
