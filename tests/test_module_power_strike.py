"""The power strike module (seed 001 Power Strike and Well-aimed Shot; docs/modules.md): −2 to
the roll, a hit one weapon size heavier (−1 to Withstand Injury); the forecast counts both; the
AI weighs it through the registry and declares it where it pays."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.rules.dice import ScriptedDice
from game.rules.forecast import forecast_order
from game.rules.modules.power_strike import POWER_STRIKE, WELL_AIMED_SHOT
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import BLASTER, Cast, the_roll

ON = RuleOptions({"power_strike"})


def ALL(cast: Cast) -> list[int]:  # noqa: N802 - reads as the Timing order
    return [cast[n] for n in ("Omar", "Ash", "Niles", "Kord")]


def pair() -> Cast:
    """Omar (Strike 7, a sword) next to Niles (Stamina 5); Ash (Missile Strike 8, a blaster) 25 m
    from Kord (Stamina 6)."""
    cast = Cast(30, 10)
    cast.add("Omar", (3, 4), "a", strike=7)
    cast.add("Niles", (4, 4), "b", facing=6, stamina=5)
    cast.add("Ash", (3, 7), "a", weapons=(BLASTER,), missile_beam=8)
    cast.add("Kord", (28, 7), "b", facing=6, stamina=6)
    return cast


def test_a_power_strike_rolls_at_minus_2_and_its_hit_is_a_size_heavier() -> None:
    cast = pair()
    orders = {cast["Omar"]: cast.order("Omar", cast.act(POWER_STRIKE, "Niles"))}
    dice = ScriptedDice(keyed={"Omar:Power Strike": [4], "Niles:Withstand Injury": [3]})
    events = play_round(cast.world, cast.board, dice, orders, 1, ALL(cast), ON)
    assert the_roll(events, "Omar", "Power Strike").text() == (
        "Omar — Power Strike on Niles: 7 [Strike] − 2 [Power Strike] = 5; rolled 4: hit"
    )
    assert the_roll(events, "Niles", "Withstand Injury").breakdown.text() == (
        "5 [Withstand Injury] − 2 [sword Injury Rating] − 1 [Power Strike] = 2"
    )


def test_a_well_aimed_shot_keeps_the_range_band_and_the_missile_defences() -> None:
    cast = pair()
    orders = {cast["Ash"]: cast.order("Ash", cast.act(WELL_AIMED_SHOT, "Kord"))}
    dice = ScriptedDice(keyed={"Ash:Well-aimed Shot": [2], "Kord:Withstand Injury": [2]})
    events = play_round(cast.world, cast.board, dice, orders, 1, ALL(cast), ON)
    assert the_roll(events, "Ash", "Well-aimed Shot").breakdown.text() == (
        "8 [Missile Strike (Beam)] − 3 [Medium Range] − 2 [Well-aimed Shot] = 3"
    )
    assert the_roll(events, "Kord", "Withstand Injury").breakdown.text() == (
        "6 [Withstand Injury] − 3 [blaster Injury Rating] − 1 [Well-aimed Shot] = 2"
    )


def test_it_is_one_action_like_any_and_needs_the_module() -> None:
    cast = pair()
    two = cast.order("Omar", cast.act(POWER_STRIKE, "Niles"), cast.act(K.STRIKE, "Niles"))
    assert validate_order(cast.world, cast.board, two, {}, ON) == []
    assert two.action_penalty == -1
    one = cast.order("Omar", cast.act(POWER_STRIKE, "Niles"))
    assert validate_order(cast.world, cast.board, one, {}, ON) == []
    assert validate_order(cast.world, cast.board, one, {}, RuleOptions()) == [
        "Power Strike is part of the power_strike rules module, which is not in play"
    ]


def test_the_forecast_counts_the_penalty_and_the_heavier_hit() -> None:
    """5 on the d12 hits 5/12; Withstand 2 fails on 3–12 (10/12): 50/144 Injuries expected."""
    cast = pair()
    orders = {cast["Omar"]: cast.order("Omar", cast.act(POWER_STRIKE, "Niles"))}
    (line,) = forecast_order(cast.world, cast.board, orders, cast["Omar"], ON)
    assert line.breakdown is not None and line.breakdown.text() == "7 [Strike] − 2 [Power Strike] = 5"
    assert line.success == Fraction(5, 12)
    assert line.expected_injuries == Fraction(5, 12) * Fraction(10, 12)
    assert any("one weapon size heavier" in n for n in line.notes)


def test_the_ai_scores_power_strikes_above_strikes_at_a_man_in_plate() -> None:
    """Omar (Strike 14) at Niles in full plate (Withstand 5 + 8 − 2 [sword] = 11): a plain hit
    Injures on a 12 only, a Power Strike's on 11–12, and at 14 − 2 − 1 the roll still hits on
    1–11: the AI, asking the registry's specs and the rules' odds, expects twice the Injuries of
    two Power Strikes as of two Strikes.  (The easy AI, which tries no Called Shots: a harder one
    aims at the head, which is better still.)"""
    from dataclasses import replace

    from ai_helpers import judging, view_of
    from builders import PLATE

    cast = Cast(12, 8)
    cast.add("Omar", (3, 4), "a", strike=14, movement=0)
    cast.add("Niles", (4, 4), "b", facing=6, stamina=5, armour=PLATE, weapons=())
    view = replace(view_of(cast, "Omar", later=("Niles",)), options=ON)
    controller = judging("ai:easy", 1)
    controller.choose_order(view)
    dealt = {words.split(" — ")[0]: terms["dealt"] for words, _score, terms in controller.last_explanation}
    assert dealt["stay: power strike twice"] == pytest.approx(2 * dealt["stay: strike twice"], rel=0.01)
