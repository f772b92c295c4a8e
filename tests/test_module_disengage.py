"""The disengage module (seed 001 Disengage from Melee; docs/modules.md): a round of parrying with
no attack; unhurt, the next round first in the Timing order and a Withdraw out of melee without
a roll, no melee attack reaching it; hurt, nothing; the forecast and the AI see the same."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from game.rules.dice import ScriptedDice
from game.rules.forecast import forecast_order
from game.rules.modules.disengage import DISENGAGE, WITHDRAW, Disengaged
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import Cast, log_text, rolls

ON = RuleOptions({"disengage"})
AWAY = ((4, 5), (3, 5), (2, 5), (1, 5))  # west, 4 m: Dan's Movement


def fight(**dan: object) -> Cast:
    """Dan (Strike 5, Parry 5, a sword, Movement 4) at (5, 5) engaged with Orc (Strike 7, a sword,
    Timing 6) at (6, 5)."""
    cast = Cast(16, 10)
    cast.add("Dan", (5, 5), "a", **{"strike": 5, "parry": 5, "movement": 4, **dan})
    cast.add("Orc", (6, 5), "b", strike=7, facing=6, timing=6)
    return cast


def round_one(cast: Cast, dice: dict[str, list[int]]) -> list:  # noqa: ANN001
    orders = {
        cast["Dan"]: cast.order("Dan", cast.act(DISENGAGE), cast.act(K.PARRY)),
        cast["Orc"]: cast.order("Orc", cast.act(K.STRIKE, "Dan")),
    }
    timing = [cast["Orc"], cast["Dan"]]
    return play_round(cast.world, cast.board, ScriptedDice(keyed=dice), orders, 1, timing, ON)


def test_unhurt_after_a_round_of_parrying_it_goes_first_and_withdraws_unstruck() -> None:
    """Round one: Dan parries (5, rolls 3: −3), Orc's 7 − 3 = 4 misses on a 9.  Round two, the
    Timing rolled (Orc 12 + 6 against Dan's 1 + 3): Dan goes first all the same, walks 4 m west
    without a roll, and Orc's Strike is nullified."""
    cast = fight()
    events = round_one(cast, {"Dan:Parry": [3], "Orc:Strike": [9]})
    assert "Dan parried the round through unhurt: next round it goes first and may Withdraw" in log_text(
        events
    )
    assert cast.world.has(cast["Dan"], Disengaged)
    orders = {
        cast["Dan"]: cast.order("Dan", cast.act(WITHDRAW), path=AWAY),
        cast["Orc"]: cast.order("Orc", cast.act(K.STRIKE, "Dan")),
    }
    assert validate_order(cast.world, cast.board, orders[cast["Dan"]], {}, ON) == []
    dice = ScriptedDice(keyed={"Orc:Timing": [12], "Dan:Timing": [1]})
    events = play_round(cast.world, cast.board, dice, orders, 2, None, ON)
    text = log_text(events)
    assert "Disengaged, first in the Timing order: Dan" in text
    assert "Timing order: Dan, Orc" in text
    assert "Dan withdraws 4.0 m of 4.0 m (5, 5) → (1, 5), facing W" in text
    assert "Orc — Strike on Dan nullified: Dan Retreated out of melee" in text
    assert not rolls(events, "Dan")
    assert "Dan has withdrawn" in text
    assert not cast.world.has(cast["Dan"], Disengaged)


def test_an_injury_in_the_first_round_breaks_it() -> None:
    cast = fight()
    events = round_one(cast, {"Dan:Parry": [12], "Orc:Strike": [2], "Dan:Withstand Injury": [12]})
    assert "Dan was wounded while disengaging: no free withdrawal" in log_text(events)
    assert not cast.world.has(cast["Dan"], Disengaged)
    withdraw = cast.order("Dan", cast.act(WITHDRAW), path=AWAY)
    assert validate_order(cast.world, cast.board, withdraw, {}, ON) == [
        "Withdraw: only after a round of Disengage unhurt"
    ]


def test_round_one_is_parrying_in_melee_without_attacking_or_moving() -> None:
    cast = fight()
    board, world = cast.board, cast.world
    assert (
        validate_order(world, board, cast.order("Dan", cast.act(DISENGAGE), cast.act(K.PARRY)), {}, ON) == []
    )
    assert cast.order("Dan", cast.act(DISENGAGE), cast.act(K.PARRY)).action_penalty == 0
    bad = cast.order("Dan", cast.act(DISENGAGE), cast.act(K.STRIKE, "Orc"), path=((5, 6),))
    assert validate_order(world, board, bad, {}, ON) == [
        "Disengage: you must Parry (or Block) while you disengage",
        "Disengage: no attack while you disengage",
        "Disengage: you stand and parry this round (no movement)",
    ]
    cast.add("Eve", (12, 8), "a", parry=5)
    alone = cast.order("Eve", cast.act(DISENGAGE), cast.act(K.PARRY))
    assert "Disengage: you are not engaged in melee" in validate_order(world, board, alone, {}, ON)


def test_a_withdraw_may_not_pass_the_foe() -> None:
    cast = fight()
    round_one(cast, {"Dan:Parry": [3], "Orc:Strike": [9]})
    past = cast.order("Dan", cast.act(WITHDRAW), path=((6, 6), (7, 6)))
    assert "a Withdraw leads away: (6, 6) is no farther from Orc" in validate_order(
        cast.world, cast.board, past, {}, ON
    )
    aside = cast.order("Dan", cast.act(WITHDRAW), path=((4, 4), (4, 3)))  # 1.4 m, then 2.2 m off
    assert validate_order(cast.world, cast.board, aside, {}, ON) == []


def test_the_forecast_of_a_strike_at_a_withdrawer_is_nullified() -> None:
    cast = fight()
    round_one(cast, {"Dan:Parry": [3], "Orc:Strike": [9]})
    orders = {
        cast["Dan"]: cast.order("Dan", cast.act(WITHDRAW), path=AWAY),
        cast["Orc"]: cast.order("Orc", cast.act(K.STRIKE, "Dan")),
    }
    (line,) = forecast_order(
        cast.world, cast.board, orders, cast["Orc"], ON, timing=[cast["Dan"], cast["Orc"]]
    )
    assert line.nullified == Fraction(1)


def test_the_hard_ai_withdraws_when_disengaged_and_wounded() -> None:
    """Dan (Strike 4), disengaged with two Injuries, beside Orc (Strike 9): the certain Withdraw
    out of reach, not a blow at 4 − 2 = 2, nor a Retreat that fails on 3–12 (Movement 4 − 2
    [Injury Penalty] = 2) and leaves him beside Orc."""
    from ai_helpers import judging, view_of

    cast = Cast(16, 10)
    cast.add("Dan", (5, 5), "a", strike=4, parry=5, movement=4, injuries=2)
    cast.add("Orc", (6, 5), "b", strike=9, facing=6, timing=6)
    cast.world.set(cast["Dan"], Disengaged())
    view = replace(view_of(cast, "Dan", later=("Orc",)), options=ON)
    view = replace(view, timing=(cast["Dan"], cast["Orc"]))
    order = judging("ai:hard", 2).choose_order(view)
    assert [a.kind for a in order.actions] == [WITHDRAW], order
    assert isinstance(order, Order) and order.path
