"""The suppression module (RULES.md §8; seed 001 Suppression Fire; docs/modules.md): the cone,
who is shot at, each shot's own numbers, and the AI spraying a group of enemies."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.rules.dice import ScriptedDice
from game.rules.events import Event
from game.rules.forecast import forecast_order
from game.rules.modules.suppression import SUPPRESS, cone_tiles, in_cone
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import BLASTER, Cast, rolls

SUPPRESSION = RuleOptions({"suppression"})
SMG = Weapon(
    "submachine gun",
    WeaponClass.MISSILE,
    hands=2,
    injury=2,
    missile_kind=MissileKind.SLUG,
    ranges=(15.0, 40.0, 80.0),
    traits=frozenset({"burst"}),
)


def street(**more: tuple[int, int]) -> Cast:
    """Gun (Missile Strike 7, a submachine gun 15/40/80 m) at (2, 10) facing a group east of it."""
    cast = Cast(90, 21, cover={(21, 12): "low"}, move_blockers=[(21, 12)])
    cast.add("Gun", (2, 10), "a", weapons=(SMG,), missile_slug=7)
    cast.add("Ada", (12, 10), "b", evade=4)
    for name, tile in more.items():
        cast.add(name, tile, "a" if name.startswith("Pal") else "b")
    return cast


def burst(cast: Cast, dice: dict[str, list[int]], *more: Order) -> list[Event]:
    orders = {cast["Gun"]: cast.order("Gun", cast.act(SUPPRESS, "Ada")), **{o.actor: o for o in more}}
    return play_round(
        cast.world, cast.board, ScriptedDice(keyed=dice), orders, 1, list(cast.ids.values()), SUPPRESSION
    )


@pytest.mark.parametrize(
    ("tile", "inside"),
    [
        ((12, 14), True),  # 21.8° off the line at 10.8 m: short range, ±22.5°
        ((12, 15), False),  # 26.6° off
        ((30, 17), True),  # 14.0° off at 28.9 m: medium range, ±15°
        ((30, 18), False),  # 15.9° off
        ((62, 17), True),  # 6.7° off at 60.4 m: long range, ±7.5°
        ((62, 19), False),  # 8.5° off
        ((85, 10), False),  # 83 m: out of range
    ],
)
def test_the_cone_is_45_30_and_15_degrees_wide_by_range_band(tile: tuple[int, int], inside: bool) -> None:
    cast = street()
    assert in_cone(cast.board, (2, 10), (12, 10), SMG, tile) is inside
    assert (tile in cone_tiles(cast.board, (2, 10), (12, 10), SMG)) is inside


def test_everyone_in_the_cone_is_shot_at_with_its_own_range_and_cover_friends_too() -> None:
    """Ada 10 m (short: 7), Bo 20 m behind low cover (medium −3, cover −2: 2), Pal, a friend, in the
    cone at 6 m (7); Cy, outside it, is not shot at.  (The cover module is on.)"""
    cast = street(Bo=(22, 12), Pal=(8, 11), Cy=(8, 2))
    orders = {cast["Gun"]: cast.order("Gun", cast.act(SUPPRESS, "Ada"))}
    dice = ScriptedDice(keyed={"Gun:Suppression Fire": [12, 12, 12]})
    options = SUPPRESSION.with_module("cover", True)
    events = play_round(cast.world, cast.board, dice, orders, 1, list(cast.ids.values()), options)
    texts = [r.text() for r in rolls(events, "Gun")]
    assert texts == [
        "Gun — Suppression Fire on Ada: 7 [Missile Strike (Slug Thrower)] = 7; rolled 12: miss",
        "Gun — Suppression Fire on Pal: 7 [Missile Strike (Slug Thrower)] = 7; rolled 12: miss",
        "Gun — Suppression Fire on Bo: 7 [Missile Strike (Slug Thrower)] − 3 [Medium Range]"
        " − 2 [Low Cover] = 2; rolled 12: miss",
    ]


def test_each_shot_meets_its_targets_own_defences() -> None:
    """Ada Evades 3 m and rolls 3: her shot is 7 − 3; Bo's is 7 − 3 [Medium Range]."""
    cast = street(Bo=(22, 16))
    events = burst(
        cast,
        {"Ada:Evade": [3], "Gun:Suppression Fire": [12, 12]},
        cast.order("Ada", cast.act(K.EVADE), path=((12, 11), (12, 12), (12, 13))),
    )
    gun = rolls(events, "Gun")
    assert gun[0].breakdown.text() == "7 [Missile Strike (Slug Thrower)] − 3 [Evade] = 4"
    assert gun[1].breakdown.text() == "7 [Missile Strike (Slug Thrower)] − 3 [Medium Range] = 4"


def test_suppression_fire_is_greyed_out_with_reasons() -> None:
    cast = street()
    cast.add("Hal", (2, 14), "a", weapons=(BLASTER,), missile_beam=7)
    world, board = cast.world, cast.board
    assert validate_order(world, board, cast.order("Hal", cast.act(SUPPRESS, "Ada")), {}, SUPPRESSION) == [
        "Suppression Fire needs a burst-capable weapon in hand (a submachine gun, a machine gun …)"
    ]
    busy = cast.order("Gun", cast.act(SUPPRESS, "Ada"), cast.act(K.DODGE), path=((2, 9),))
    assert validate_order(world, board, busy, {}, SUPPRESSION) == [
        "Suppression Fire takes the whole round: no other action",
        "Suppression Fire takes the whole round: no movement",
    ]
    assert validate_order(world, board, cast.order("Gun", cast.act(SUPPRESS, "Ada")), {}, RuleOptions()) == [
        "Suppression Fire is part of the suppression rules module, which is not in play"
    ]


def test_the_forecast_gives_a_line_to_everyone_in_the_cone() -> None:
    cast = street(Bo=(22, 12), Pal=(8, 11))
    orders = {cast["Gun"]: cast.order("Gun", cast.act(SUPPRESS, "Ada"))}
    lines = forecast_order(cast.world, cast.board, orders, cast["Gun"], SUPPRESSION)
    assert [(f.action.target, f.breakdown.total if f.breakdown else None) for f in lines] == [
        (cast["Ada"], 7),
        (cast["Pal"], 7),
        (cast["Bo"], 4),
    ]
    assert lines[2].success == pytest.approx(4 / 12)


@pytest.mark.parametrize("level", ["ai:normal", "ai:hard"])
def test_the_ai_sprays_a_group_but_not_its_friends(level: str) -> None:
    from ai_helpers import judging, view_of

    cast = street(Bo=(13, 11), Cy=(14, 9))
    order = judging(level, 5).choose_order(replace(view_of(cast, "Gun"), options=SUPPRESSION))
    assert [a.kind for a in order.actions] == [SUPPRESS]
    cast = street(Bo=(13, 11), Pal=(8, 10))
    order = judging(level, 5).choose_order(replace(view_of(cast, "Gun"), options=SUPPRESSION))
    assert SUPPRESS not in [a.kind for a in order.actions]
