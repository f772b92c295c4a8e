"""The delay action module (seed 001 Delay Action, the held Strike; docs/modules.md): the held
Strike interrupts a move or an attack within reach, once, whatever the Timing; a Retreat is not
struck; the forecast names the likely first; the AI holds it where a plain Strike cannot come."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from game.rules.dice import ScriptedDice
from game.rules.events import Event
from game.rules.forecast import forecast_order
from game.rules.modules.delay_action import HELD_STRIKE, HeldStrikeLapsed, HoldingStrike
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import BLASTER, Cast, log_text, of_type, rolls, the_roll

HOLDING = RuleOptions({"delay_action"})
RUSH = tuple((10 - i, 5) for i in range(1, 5))  # Rex runs west from (10, 5) to (6, 5), next to Kai


def gate(**rex: object) -> Cast:
    """Kai (Strike 7, a sword, Movement 0: a sentry) at (5, 5); Rex (Strike 6, Movement 6) at
    (10, 5); Ula, Rex's friend, far off at (0, 11)."""
    cast = Cast(20, 12)
    cast.add("Kai", (5, 5), "a", strike=7, movement=0)
    cast.add("Rex", (10, 5), "b", **{"strike": 6, "movement": 6, "facing": 6, **rex})
    cast.add("Ula", (0, 11), "b", weapons=(BLASTER,), missile_beam=6)
    return cast


def play(cast: Cast, *orders: Order, dice: dict[str, list[int]], timing: tuple[str, ...]) -> list[Event]:
    by_actor = {o.actor: o for o in orders}
    fixed = [cast[n] for n in timing]
    return play_round(cast.world, cast.board, ScriptedDice(keyed=dice), by_actor, 1, fixed, HOLDING)


def test_a_runner_is_struck_as_it_steps_into_reach_even_with_better_timing() -> None:
    """Rex (best Timing) runs at Kai: the held Strike lands as he steps into reach at (6, 5),
    before his own Strike; Kai's 7 hits on a 3, Rex withstands at 3 − 2 [sword] = 1 and fails."""
    cast = gate()
    events = play(
        cast,
        cast.order("Kai", cast.act(HELD_STRIKE)),
        cast.order("Rex", cast.act(K.STRIKE, "Kai"), path=RUSH),
        dice={"Kai:Strike": [3], "Rex:Withstand Injury": [5], "Rex:Strike": [12]},
        timing=("Rex", "Ula", "Kai"),
    )
    text = log_text(events)
    assert "Kai holds a Strike, waiting for an enemy to move or attack within reach" in text
    assert "Kai strikes from a held action: Rex steps into reach at (6, 5)" in text
    assert text.index("Kai — Strike on Rex") < text.index("Rex — Strike on Kai")
    assert the_roll(events, "Kai", "Strike").text() == "Kai — Strike on Rex: 7 [Strike] = 7; rolled 3: hit"
    assert not cast.world.has(cast["Kai"], HoldingStrike)


def test_a_runner_that_goes_down_stops_where_it_was_struck() -> None:
    cast = gate(injuries=2)
    events = play(
        cast,
        cast.order("Kai", cast.act(HELD_STRIKE)),
        cast.order("Rex", cast.act(K.STRIKE, "Kai"), path=(*RUSH, (6, 6))),
        dice={"Kai:Strike": [1], "Rex:Withstand Injury": [12]},
        timing=("Rex", "Ula", "Kai"),
    )
    text = log_text(events)
    assert "stopped: down at (6, 5)" in text
    assert not rolls(events, "Rex", "Strike")


def test_an_attacker_within_reach_is_struck_first_once_and_an_idle_hold_lapses() -> None:
    """Rex, already beside Kai, strikes twice: the held Strike comes before the first, and only once."""
    cast = gate()
    cast.world.destroy(cast["Ula"])
    from game.world import Position

    cast.world.set(cast["Rex"], Position(6, 5))
    events = play(
        cast,
        cast.order("Kai", cast.act(HELD_STRIKE)),
        cast.order("Rex", cast.act(K.STRIKE, "Kai"), cast.act(K.STRIKE, "Kai")),
        dice={"Kai:Strike": [12], "Rex:Strike": [12, 12]},
        timing=("Rex", "Kai"),
    )
    text = log_text(events)
    assert "Kai strikes from a held action: Rex is about to Strike" in text
    assert len(rolls(events, "Kai", "Strike")) == 1
    assert text.index("Kai — Strike on Rex") < text.index("Rex — Strike on Kai")
    cast = gate()
    events = play(cast, cast.order("Kai", cast.act(HELD_STRIKE)), dice={}, timing=("Rex", "Ula", "Kai"))
    assert of_type(events, HeldStrikeLapsed)


def test_a_successful_retreat_is_not_struck() -> None:
    """Rex beside Kai Retreats (Movement 6, rolls 2): CO.18 nullifies the melee actions on him."""
    cast = gate()
    from game.world import Position

    cast.world.set(cast["Rex"], Position(6, 5))
    away = tuple((6 + i, 5) for i in range(1, 5))
    events = play(
        cast,
        cast.order("Kai", cast.act(HELD_STRIKE)),
        cast.order("Rex", cast.act(K.RETREAT), path=away),
        dice={"Rex:Retreat": [2]},
        timing=("Rex", "Ula", "Kai"),
    )
    assert not rolls(events, "Kai", "Strike")


def test_it_is_the_whole_round_needs_a_melee_weapon_and_the_module() -> None:
    cast = gate()
    one = cast.order("Kai", cast.act(HELD_STRIKE))
    assert validate_order(cast.world, cast.board, one, {}, HOLDING) == []
    assert validate_order(cast.world, cast.board, one, {}, RuleOptions()) == [
        "Held Strike is part of the delay_action rules module, which is not in play"
    ]
    moving = cast.order("Kai", cast.act(HELD_STRIKE), path=((5, 6),))
    assert "Held Strike takes the whole round: no movement" in validate_order(
        cast.world, cast.board, moving, {}, HOLDING
    )
    gun = cast.order("Ula", cast.act(HELD_STRIKE))
    assert "Held Strike needs a melee weapon in hand" in validate_order(
        cast.world, cast.board, gun, {}, HOLDING
    )


def test_the_forecast_strikes_the_likely_first_where_it_steps_into_reach() -> None:
    """Rex declared the rush: the held Strike at him, 7 on the d12 (7/12), Withstand 3 − 2 = 1
    fails on 2–12 (11/12)."""
    cast = gate()
    orders = {
        cast["Rex"]: cast.order("Rex", cast.act(K.STRIKE, "Kai"), path=RUSH),
        cast["Kai"]: cast.order("Kai", cast.act(HELD_STRIKE)),
    }
    (line,) = forecast_order(cast.world, cast.board, orders, cast["Kai"], HOLDING)
    assert line.action.target == cast["Rex"]
    assert line.success == Fraction(7, 12)
    assert line.expected_injuries == Fraction(7, 12) * Fraction(11, 12)
    assert "the likely first to set it off: Rex" in line.notes
    alone = {cast["Kai"]: cast.order("Kai", cast.act(HELD_STRIKE)), cast["Rex"]: cast.order("Rex")}
    (idle,) = forecast_order(cast.world, cast.board, alone, cast["Kai"], HOLDING)
    assert idle.nullified == 1


def test_the_hard_ai_holds_a_strike_for_a_runner_it_cannot_reach_otherwise() -> None:
    """Rex (better Timing) declared a run past Kai to strike Ula: his path ends out of Kai's reach,
    so no plain Strike can be declared at him (Kai is a sentry: Movement 0); the held Strike
    catches him on the way."""
    from ai_helpers import judging, view_of

    cast = Cast(20, 12)
    cast.add("Kai", (5, 5), "a", strike=7, movement=0)
    cast.add("Ula", (1, 4), "a", strike=5)
    cast.add("Rex", (10, 4), "b", strike=6, movement=8, facing=6)
    past = tuple((10 - i, 4) for i in range(1, 9))  # (9, 4) … (2, 4): beside Ula, out of Kai's reach
    earlier = {"Rex": cast.order("Rex", cast.act(K.STRIKE, "Ula"), path=past)}
    view = replace(view_of(cast, "Kai", earlier=earlier), options=HOLDING)
    view = replace(view, timing=(cast["Rex"], cast["Kai"], cast["Ula"]))
    order = judging("ai:hard", 1).choose_order(view)
    assert order.actions == (cast.act(HELD_STRIKE),)
