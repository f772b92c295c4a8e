"""The careful aim module (RULES.md §8; seed 001 Careful Aim; docs/modules.md): each ruling
worked by hand, with scripted dice, and the AI aiming where a shot now is hopeless."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.sheet import Sheet
from game.rules.dice import ScriptedDice
from game.rules.events import Event
from game.rules.forecast import forecast_order
from game.rules.modules.careful_aim import AIM, AimHeld, Aiming, AimLost
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.rules.validate import validate_order
from game.world import Condition
from tests.builders import BLASTER, SWORD, Cast, of_type, the_roll

AIMING = RuleOptions({"careful_aim"})


def long_shot(distance: int = 60) -> Cast:
    """Bea (Missile Strike 7, blaster 20/50/100 m) and Sam, `distance` m east of her."""
    cast = Cast(distance + 10, 8)
    cast.add("Bea", (2, 3), "a", weapons=(BLASTER,), missile_beam=7)
    cast.add("Sam", (2 + distance, 3), "b", facing=6, movement=4)
    return cast


def play(cast: Cast, number: int, *orders: Order, dice: dict[str, list[int]] | None = None) -> list[Event]:
    by_actor = {o.actor: o for o in orders}
    timing = [cast["Bea"], cast["Sam"]]
    return play_round(
        cast.world, cast.board, ScriptedDice(keyed=dice or {}), by_actor, number, timing, AIMING
    )


def aim_rounds(cast: Cast, rounds: int) -> None:
    for n in range(1, rounds + 1):
        play(cast, n, cast.order("Bea", cast.act(AIM, "Sam")))


def test_each_full_round_of_aim_lowers_the_range_penalty_by_one() -> None:
    """60 m is long range (−6); two rounds of aim: 7 − 6 + 2 = 3."""
    cast = long_shot()
    aim_rounds(cast, 2)
    assert cast.world.get(cast["Bea"], Aiming) == Aiming(cast["Sam"], 2)
    events = play(
        cast, 3, cast.order("Bea", cast.act(K.MISSILE_STRIKE, "Sam")), dice={"Bea:Missile Strike": [3]}
    )
    shot = the_roll(events, "Bea", "Missile Strike")
    assert shot.text() == (
        "Bea — Missile Strike on Sam: 7 [Missile Strike (Beam)] − 6 [Long Range]"
        " + 2 [Careful Aim 2 rounds] = 3; rolled 3: hit"
    )
    (lost,) = of_type(events, AimLost)
    assert lost.text() == "Bea no longer aims at Sam: the shot is taken"
    assert not cast.world.has(cast["Bea"], Aiming)


def test_the_log_counts_each_round_of_aim() -> None:
    cast = long_shot()
    events = play(cast, 1, cast.order("Bea", cast.act(AIM, "Sam")))
    (held,) = of_type(events, AimHeld)
    assert (
        held.text() == "Bea aims at Sam: 1 full round (+1 against the range penalty of the next shot at Sam)"
    )


def test_never_below_zero() -> None:
    """30 m is medium range (−3): five rounds of aim still give only +3."""
    cast = long_shot(30)
    aim_rounds(cast, 5)
    events = play(
        cast, 6, cast.order("Bea", cast.act(K.MISSILE_STRIKE, "Sam")), dice={"Bea:Missile Strike": [12]}
    )
    assert the_roll(events, "Bea", "Missile Strike").breakdown.text() == (
        "7 [Missile Strike (Beam)] − 3 [Medium Range] + 3 [Careful Aim 5 rounds] = 7"
    )


def test_a_target_moving_more_than_5_m_breaks_the_aim() -> None:
    cast = long_shot()
    aim_rounds(cast, 1)
    run = tuple((62 + i, 3) for i in range(1, 7))  # 6 m
    events = play(
        cast, 2,
        cast.order("Bea", cast.act(AIM, "Sam")),
        cast.order("Sam", cast.act(K.SPRINT), path=run),
        dice={"Sam:Sprint": [2]},
    )  # fmt: skip
    (lost,) = of_type(events, AimLost)
    assert lost.text() == "Bea no longer aims at Sam: Sam moved 6.0 m (over 5 m)"
    assert not cast.world.has(cast["Bea"], Aiming)


def test_a_target_walking_5_m_keeps_the_aim_but_one_that_runs_in_the_shots_round_spoils_it() -> None:
    cast = long_shot()
    aim_rounds(cast, 1)
    walk = tuple((62 - i, 3) for i in range(1, 5))
    play(cast, 2, cast.order("Bea", cast.act(AIM, "Sam")), cast.order("Sam", path=walk))
    assert cast.world.get(cast["Bea"], Aiming).rounds == 2
    sam = cast.world.get(cast["Sam"], Sheet)
    cast.world.set(cast["Sam"], replace(sam, skills={**sam.skills, "movement": 6}))
    run = tuple((58 - i, 3) for i in range(1, 7))
    orders = {
        cast["Bea"]: cast.order("Bea", cast.act(K.MISSILE_STRIKE, "Sam")),
        cast["Sam"]: cast.order("Sam", path=run),
    }
    (forecast,) = forecast_order(
        cast.world, cast.board, orders, cast["Bea"], AIMING, [cast["Sam"], cast["Bea"]]
    )
    assert forecast.breakdown is not None and "Careful Aim" not in forecast.breakdown.text()
    dice = ScriptedDice(keyed={"Bea:Missile Strike": [12]})
    events = play_round(cast.world, cast.board, dice, orders, 3, [cast["Sam"], cast["Bea"]], AIMING)
    assert "Careful Aim" not in the_roll(events, "Bea", "Missile Strike").text()


def test_any_other_round_ends_the_aim_and_moving_spoils_the_shot() -> None:
    cast = long_shot()
    aim_rounds(cast, 1)
    events = play(cast, 2, cast.order("Bea", path=((2, 4),)))
    assert [e.text() for e in of_type(events, AimLost)] == [
        "Bea no longer aims at Sam: the round was spent otherwise"
    ]


def test_aim_is_greyed_out_with_reasons() -> None:
    cast = long_shot(110)
    world, board = cast.world, cast.board
    assert validate_order(world, board, cast.order("Bea", cast.act(AIM, "Sam")), {}, AIMING) == [
        "Sam is out of range of your blaster"
    ]
    cast = long_shot()
    world, board = cast.world, cast.board
    busy = cast.order("Bea", cast.act(AIM, "Sam"), cast.act(K.MISSILE_STRIKE, "Sam"), path=((2, 4),))
    assert validate_order(world, board, busy, {}, AIMING) == [
        "Careful Aim takes the whole round: no other action",
        "Careful Aim takes the whole round: no movement",
    ]
    cast.add("Kit", (3, 3), "b", weapons=(SWORD,))
    assert validate_order(world, board, cast.order("Bea", cast.act(AIM, "Sam")), {}, AIMING) == [
        "cannot aim while engaged in melee with Kit"
    ]
    assert validate_order(world, board, cast.order("Kit", cast.act(AIM, "Bea")), {}, AIMING) == [
        "cannot aim while engaged in melee with Bea",
        "Careful Aim needs a missile weapon in hand",
    ]
    assert validate_order(world, board, cast.order("Bea", cast.act(AIM, "Sam")), {}, RuleOptions()) == [
        "Careful Aim is part of the careful_aim rules module, which is not in play"
    ]


def test_the_forecast_shows_the_aim() -> None:
    cast = long_shot()
    aim_rounds(cast, 1)
    orders = {cast["Bea"]: cast.order("Bea", cast.act(K.MISSILE_STRIKE, "Sam"))}
    (shot,) = forecast_order(cast.world, cast.board, orders, cast["Bea"], AIMING)
    assert shot.breakdown is not None
    assert shot.breakdown.text() == "7 [Missile Strike (Beam)] − 6 [Long Range] + 1 [Careful Aim 1 round] = 2"
    assert shot.success == pytest.approx(2 / 12)


@pytest.mark.parametrize("injuries", [0, 1, 2])
@pytest.mark.parametrize("level", ["ai:normal", "ai:hard"])
def test_the_ai_aims_while_aiming_pays_then_shoots(level: str, injuries: int) -> None:
    """Missile Strike 6 at 60 m: 6 − 6 = 0, impossible; each round of aim adds 1.  The target
    is a turret that cannot move or shoot back.  Shooting every k + 1 rounds, after k rounds
    of aim, hits 1/12, 2/12, 3/12 … of the time: 1/24 a round after one round, 2/36 after
    two, 3/48 after three …, counted at 0.8 a round (the target may move), best after two
    (2/12 × 0.64 / 3 = 0.036 a round).  So it does not shoot every other round: it aims
    twice, and the third round a third aim no longer beats shooting (3/12 × 0.8 − 0.036 <
    2/12), so it shoots.  The margin that last round is 0.003 Injuries, inside normal's
    jitter (±0.01) and slips: both are switched off here, so the valuation alone decides.
    A hurt target changes nothing: an Injury on it is worth more (1.5, 3), to the shot now
    and to the shot the aim buys alike (it shot after one round of aim at Wren, one Injury
    from the turret's reach in the Careful Aim tutorial, when only the shot now counted it)."""
    from ai_helpers import view_of

    from game.ai.levels import LEVELS
    from game.ai.scoring import APPROACH
    from game.ai.tactical import TacticalController

    cast = long_shot()
    cast.world.set(cast["Sam"], Condition(injuries=injuries))
    sheet = cast.world.get(cast["Bea"], Sheet)
    cast.world.set(cast["Bea"], replace(sheet, skills={**sheet.skills, "missile_beam": 6, "movement": 0}))
    sam = cast.world.get(cast["Sam"], Sheet)
    cast.world.set(cast["Sam"], replace(sam, skills={**sam.skills, "movement": 0}))
    declared = []
    for number in (1, 2, 3):
        view = replace(view_of(cast, "Bea"), options=AIMING, round_number=number)
        steady = replace(LEVELS[level.removeprefix("ai:")], noise=0.0, mistakes=False)
        controller = TacticalController(steady, 1)
        order = controller.choose_order(view)
        declared.append(order.actions)
        # Bea cannot walk (Movement 0): no "walking still to do" in any candidate's reasons.
        assert all(APPROACH not in s.terms for s in controller.last_decision.ranked)
        if number < 3:
            play(cast, number, order)
    aim, shoot = (cast.act(AIM, "Sam"),), cast.act(K.MISSILE_STRIKE, "Sam")
    assert declared[:2] == [aim, aim]
    assert shoot in declared[2]


def test_aim_is_worth_nothing_where_no_range_penalty_is_left_to_lower() -> None:
    from game.rules.api.contexts import AiAsk
    from game.rules.registry import spec_of

    cast = long_shot(distance=10)  # short range: no penalty
    spec = spec_of(AIM)
    ask = AiAsk(cast.world, cast.board, AIMING, cast["Bea"], (2, 3), None, {}, False, (), True)
    assert spec.ai_value(ask, cast.order("Bea", cast.act(AIM, "Sam"))) == 0.0
    far = long_shot()
    ask = AiAsk(far.world, far.board, AIMING, far["Bea"], (2, 3), None, {}, False, (), True)
    assert spec.ai_value(ask, far.order("Bea", far.act(AIM, "Sam"))) > 0.0
