"""The overwatch module (RULES.md §8; seeds 001 Delay Action and 004; docs/modules.md): the held
shot interrupts a move or an attack in the arc, once, whatever the Timing; the AI holds it where
a plain shot would come too late."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules.dice import ScriptedDice
from game.rules.events import Event
from game.rules.forecast import forecast_order
from game.rules.modules.overwatch import OVERWATCH, OverwatchEnded, Watching, watched
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import BLASTER, SWORD, Cast, log_text, of_type, rolls, the_roll

WATCHING = RuleOptions({"overwatch"})
RUSH = tuple((9 - i, 5) for i in range(1, 7))  # Rex runs west from (9, 5) to (3, 5), next to Vas


def post(**rex: object) -> Cast:
    """Vas (Missile Strike 8, a blaster, a turret: Movement 0) at (2, 5) facing east; Rex (Strike 6,
    Movement 6) at (9, 5); Ula, behind Vas, at (0, 9)."""
    cast = Cast(30, 12)
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0)
    cast.add("Rex", (9, 5), "b", **{"strike": 6, "movement": 6, "facing": 6, **rex})
    cast.add("Ula", (0, 9), "b", weapons=(BLASTER,), missile_beam=6)
    return cast


def play(cast: Cast, *orders: Order, dice: dict[str, list[int]], timing: tuple[str, ...]) -> list[Event]:
    by_actor = {o.actor: o for o in orders}
    fixed = [cast[n] for n in timing]
    return play_round(cast.world, cast.board, ScriptedDice(keyed=dice), by_actor, 1, fixed, WATCHING)


def test_the_watched_area_is_the_front_arc_in_range_and_sight() -> None:
    cast = post()
    assert watched(cast.board, (2, 5), 2, BLASTER, (9, 5))
    assert watched(cast.board, (2, 5), 2, BLASTER, (9, 2))  # 23° off: still the E sector's neighbour (NE)
    assert not watched(cast.board, (2, 5), 2, BLASTER, (2, 9))  # due south: a side arc
    assert not watched(cast.board, (2, 5), 2, BLASTER, (0, 9))  # behind


def test_a_runner_is_shot_before_it_moves_even_with_better_timing() -> None:
    """Rex (best Timing) starts his run inside the arc: Vas fires first, 8 at 7 m; a 12 misses and
    Rex runs on and strikes."""
    cast = post()
    events = play(
        cast,
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Rex", cast.act(K.STRIKE, "Vas"), path=RUSH),
        dice={"Vas:Missile Strike": [12], "Rex:Strike": [12]},
        timing=("Rex", "Ula", "Vas"),
    )
    text = log_text(events)
    assert "Vas holds a Missile Strike on overwatch, watching E" in text
    assert "Vas fires on overwatch: Rex starts to move from (9, 5)" in text
    assert text.index("fires on overwatch") < text.index("Rex walks")
    assert the_roll(events, "Vas", "Missile Strike").text() == (
        "Vas — Missile Strike on Rex: 8 [Missile Strike (Beam)] = 8; rolled 12: miss"
    )
    assert not cast.world.has(cast["Vas"], Watching)


def test_a_runner_that_goes_down_stops_where_it_was_shot() -> None:
    cast = post(injuries=2)
    events = play(
        cast,
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Rex", cast.act(K.STRIKE, "Vas"), path=RUSH),
        dice={"Vas:Missile Strike": [1], "Rex:Withstand Injury": [12]},
        timing=("Rex", "Ula", "Vas"),
    )
    text = log_text(events)
    assert "Rex is Defeated" in text
    assert "Rex walks" not in text and "Rex stays at (9, 5), facing W (stopped: down at (9, 5))" in text
    assert "Rex — Strike on Vas nullified: Rex is Defeated" in text


def test_a_runner_entering_the_arc_is_shot_at_the_first_tile_inside() -> None:
    """Rex comes round from the south, out of the arc (its side) until (4, 8), 146° off north."""
    cast = post()
    from game.world import Position

    cast.world.set(cast["Rex"], Position(2, 10))
    path = ((3, 9), (4, 8), (5, 7), (4, 6))
    events = play(
        cast,
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Rex", path=path),
        dice={"Vas:Missile Strike": [12]},
        timing=("Rex", "Ula", "Vas"),
    )
    assert "Vas fires on overwatch: Rex moves into (4, 8)" in log_text(events) or "moves into" in log_text(
        events
    )


def test_an_attacker_in_the_arc_is_shot_before_its_attack_and_only_once() -> None:
    """Rex and Sol both shoot from inside the arc: Vas fires at the first (Rex, better Timing) only."""
    cast = post(weapons=(BLASTER,), missile_beam=7)
    cast.add("Sol", (12, 6), "b", weapons=(BLASTER,), missile_beam=7)
    events = play(
        cast,
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Rex", cast.act(K.MISSILE_STRIKE, "Vas")),
        cast.order("Sol", cast.act(K.MISSILE_STRIKE, "Vas")),
        dice={"Vas:Missile Strike": [12], "Rex:Missile Strike": [12], "Sol:Missile Strike": [12]},
        timing=("Rex", "Sol", "Ula", "Vas"),
    )
    text = log_text(events)
    assert "Vas fires on overwatch: Rex is about to Missile Strike from (9, 5)" in text
    assert text.index("fires on overwatch") < text.index("Rex — Missile Strike on Vas")
    assert len(rolls(events, "Vas")) == 1


def test_nobody_in_the_arc_the_shot_lapses() -> None:
    cast = post()
    events = play(
        cast,
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Ula", path=((1, 10),)),
        dice={},
        timing=("Rex", "Ula", "Vas"),
    )
    assert [e.text() for e in of_type(events, OverwatchEnded)] == [
        "Vas holds fire: no enemy moved or attacked in the arc"
    ]
    assert not rolls(events, "Vas")


def test_overwatch_is_greyed_out_with_reasons() -> None:
    cast = post()
    world, board = cast.world, cast.board
    busy = cast.order("Vas", cast.act(OVERWATCH), cast.act(K.MISSILE_STRIKE, "Rex"), path=((2, 4),))
    assert validate_order(world, board, busy, {}, WATCHING) == [
        "path is 1.0 m but you may move at most 0.0 m",
        "Overwatch takes the whole round: no other action",
        "Overwatch takes the whole round: no movement",
    ]
    cast.add("Kit", (3, 4), "b", weapons=(SWORD,))
    assert validate_order(world, board, cast.order("Kit", cast.act(OVERWATCH)), {}, WATCHING) == [
        "Overwatch needs a missile weapon in hand",
        "cannot hold Overwatch while engaged in melee with Vas",
    ]


def test_a_watcher_is_not_hidden_behind_high_cover() -> None:
    """Ready to shoot, it shows head and weapon arm (RULES.md §8, cover)."""
    cast = Cast(30, 12, cover={(3, 5): "high"}, move_blockers=[(3, 5)])
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8)
    cast.add("Ula", (9, 5), "b", weapons=(BLASTER,), missile_beam=6)
    orders = {
        cast["Vas"]: cast.order("Vas", cast.act(OVERWATCH), facing=6),
        cast["Ula"]: cast.order("Ula", cast.act(K.MISSILE_STRIKE, "Vas")),
    }
    options = WATCHING.with_module("cover", True)
    (shot,) = forecast_order(cast.world, cast.board, orders, cast["Ula"], options)
    assert shot.breakdown is not None and "High Cover" in shot.breakdown.text()


def test_the_forecast_names_the_likely_trigger_and_its_chance() -> None:
    cast = post()
    orders = {
        cast["Rex"]: cast.order("Rex", cast.act(K.STRIKE, "Vas"), path=RUSH),
        cast["Vas"]: cast.order("Vas", cast.act(OVERWATCH), facing=2),
    }
    (watch,) = forecast_order(cast.world, cast.board, orders, cast["Vas"], WATCHING)
    assert watch.action.target == cast["Rex"]
    assert watch.breakdown is not None and watch.breakdown.text() == "8 [Missile Strike (Beam)] = 8"
    assert watch.success == pytest.approx(8 / 12)
    assert watch.notes == ("the likely first to set it off: Rex",)


@pytest.mark.parametrize("level", ["ai:normal", "ai:hard"])
def test_the_ai_holds_overwatch_where_a_plain_shot_would_come_too_late(level: str) -> None:
    """Rex (better Timing) declared a rush into melee: a shot in the Resolution Stage would be
    nullified (engaged), the held shot is not."""
    from ai_helpers import view_of

    from game.ai.factory import make_controller

    cast = post()
    cast.world.destroy(cast["Ula"])
    earlier = {cast["Rex"]: cast.order("Rex", cast.act(K.STRIKE, "Vas"), path=RUSH)}
    view = replace(view_of(cast, "Vas"), options=WATCHING, earlier=earlier, timing=(cast["Rex"], cast["Vas"]))
    order = make_controller(level, 1).choose_order(view)
    assert order.actions == (cast.act(OVERWATCH),)
