"""The sudden dive module (RULES.md §8; seed 001 Sudden Dive; docs/modules.md): each ruling
worked by hand, with scripted dice, and the AI diving for cover under fire."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from game.rules.dice import ScriptedDice
from game.rules.events import Event
from game.rules.forecast import forecast_order
from game.rules.modules.sudden_dive import DIVE, DiveLanded, Reoriented, Reorienting
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import BLASTER, Cast, log_text, of_type, the_roll

DIVING = RuleOptions({"sudden_dive"})
WITH_COVER = RuleOptions({"sudden_dive", "cover"})
TO_LOW = ((4, 3), (5, 3), (5, 2))  # to (5, 2), next to the low wall at (6, 2): 3.4 m
TO_ROCK = ((4, 5), (4, 6), (4, 7), (5, 8))  # to (5, 8), next to the rock at (6, 8)


def range_with_cover() -> Cast:
    """Bea (Agility 3, Movement 3) under fire from Sam (Missile Strike 8, a blaster) 12 m east;
    a low wall at (6, 2), a rock (high cover) at (6, 8)."""
    cast = Cast(20, 12, cover={(6, 2): "low", (6, 8): "high"}, move_blockers=[(6, 2), (6, 8)])
    cast.add("Bea", (3, 4), "a", agility=3, movement=3)
    cast.add("Sam", (15, 4), "b", weapons=(BLASTER,), missile_beam=8)
    return cast


def play(
    cast: Cast, bea: Order, options: RuleOptions, dice: dict[str, list[int]], number: int = 1
) -> list[Event]:
    orders = {bea.actor: bea, cast["Sam"]: cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea"))}
    return play_round(
        cast.world, cast.board, ScriptedDice(keyed=dice), orders, number, [cast["Sam"], cast["Bea"]], options
    )


def test_a_successful_dive_claims_the_cover_against_every_shot() -> None:
    """2 × 3 + 2 = 8, a 4 succeeds: the low wall counts from any side, 8 − 2 = 6."""
    cast = range_with_cover()
    events = play(cast, cast.order("Bea", cast.act(DIVE), path=TO_LOW), DIVING,
                  {"Bea:Sudden Dive": [4], "Sam:Missile Strike": [7]})  # fmt: skip
    assert "Bea dives 3.4 m of 6.0 m (3, 4) → (5, 2), facing N" in log_text(events)
    assert the_roll(events, "Bea", "Sudden Dive").text() == (
        "Bea — Sudden Dive: 6 [Agility ×2] + 2 [Not Yet Acted] = 8;"
        " rolled 4: success (low cover within reach)"
    )
    (landed,) = of_type(events, DiveLanded)
    assert landed.text() == (
        "Bea dives into low cover: −2 to every Missile Strike at it this round; next round it reorients"
    )
    assert the_roll(events, "Sam", "Missile Strike").text() == (
        "Sam — Missile Strike on Bea: 8 [Missile Strike (Beam)] − 2 [Low Cover (dive)] = 6; rolled 7: miss"
    )
    assert cast.world.get(cast["Bea"], Reorienting) == Reorienting(1)


def test_a_failed_dive_reaches_the_tile_too_late() -> None:
    cast = range_with_cover()
    events = play(cast, cast.order("Bea", cast.act(DIVE), path=TO_LOW), DIVING,
                  {"Bea:Sudden Dive": [9], "Sam:Missile Strike": [12]})  # fmt: skip
    assert not of_type(events, DiveLanded)
    assert the_roll(events, "Sam", "Missile Strike").breakdown.text() == "8 [Missile Strike (Beam)] = 8"
    assert not cast.world.has(cast["Bea"], Reorienting)


def test_high_cover_claimed_hides_the_diver() -> None:
    cast = range_with_cover()
    events = play(cast, cast.order("Bea", cast.act(DIVE), path=TO_ROCK), DIVING, {"Bea:Sudden Dive": [8]})
    assert "Sam — Missile Strike on Bea nullified: Bea dived into high cover" in log_text(events)


def test_with_the_cover_module_the_dive_adds_only_what_that_side_lacks() -> None:
    """From Sam's side the low wall already counts (cover module): the dive adds nothing."""
    cast = range_with_cover()
    events = play(cast, cast.order("Bea", cast.act(DIVE), path=TO_LOW), WITH_COVER,
                  {"Bea:Sudden Dive": [1], "Sam:Missile Strike": [12]})  # fmt: skip
    assert (
        the_roll(events, "Sam", "Missile Strike").breakdown.text()
        == "8 [Missile Strike (Beam)] − 2 [Low Cover] = 6"
    )


def test_the_next_round_is_spent_reorienting() -> None:
    cast = range_with_cover()
    play(
        cast,
        cast.order("Bea", cast.act(DIVE), path=TO_LOW),
        DIVING,
        {"Bea:Sudden Dive": [1], "Sam:Missile Strike": [12]},
    )
    world, board = cast.world, cast.board
    reason = "reorienting after a Sudden Dive: no action or movement this round (turning is free)"
    assert validate_order(world, board, cast.order("Bea", path=((4, 2),)), {}, DIVING) == [reason]
    assert validate_order(world, board, cast.order("Bea", facing=2), {}, DIVING) == []
    events = play(cast, cast.order("Bea", facing=2), DIVING, {"Sam:Missile Strike": [12]}, number=2)
    assert [e.text() for e in of_type(events, Reoriented)] == ["Bea has reoriented after the dive"]
    assert not world.has(cast["Bea"], Reorienting)


def test_a_dive_is_greyed_out_with_reasons() -> None:
    cast = range_with_cover()
    world, board = cast.world, cast.board
    assert validate_order(
        world, board, cast.order("Bea", cast.act(DIVE), path=((4, 4), (5, 4))), {}, DIVING
    ) == ["Sudden Dive: (5, 4) is not on or next to cover"]
    far = ((4, 3), (5, 3), (6, 3), (7, 3), (8, 3), (9, 3), (10, 3))
    assert validate_order(world, board, cast.order("Bea", cast.act(DIVE), path=far), {}, DIVING)[0] == (
        "path is 7.4 m but you may move at most 6.0 m"
    )
    busy = cast.order("Bea", cast.act(DIVE), cast.act(K.DODGE), path=TO_LOW)
    assert validate_order(world, board, busy, {}, DIVING) == ["Sudden Dive takes the round: no other action"]
    cast.add("Kit", (2, 4), "b")
    assert "cannot Dive while engaged in melee with Kit" in validate_order(
        world, board, cast.order("Bea", cast.act(DIVE), path=TO_LOW), {}, DIVING
    )


def test_the_forecast_counts_the_dives_chance() -> None:
    """P(dive) = 8/12: hidden then; else the plain 8: P(hit) = 4/12 × 8/12 = 2/9, nullified 2/3."""
    cast = range_with_cover()
    orders = {
        cast["Bea"]: cast.order("Bea", cast.act(DIVE), path=TO_ROCK),
        cast["Sam"]: cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea")),
    }
    (shot,) = forecast_order(cast.world, cast.board, orders, cast["Sam"], DIVING, [cast["Sam"], cast["Bea"]])
    assert (shot.success, shot.nullified) == (Fraction(2, 9), Fraction(2, 3))
    assert shot.reason == "Bea dived into high cover"


@pytest.mark.parametrize("level", ["ai:normal", "ai:hard"])
def test_the_ai_dives_for_cover_when_shot_at_in_the_open(level: str) -> None:
    """Bea, unarmed in the open, Sam's shot already declared: diving to the rock hides her."""
    from ai_helpers import judging, view_of

    cast = range_with_cover()
    earlier = {cast["Sam"]: cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea"))}
    view = replace(view_of(cast, "Bea"), options=DIVING, earlier=earlier, timing=(cast["Bea"], cast["Sam"]))
    order = judging(level, 2).choose_order(view)
    assert order.actions == (cast.act(DIVE),)
