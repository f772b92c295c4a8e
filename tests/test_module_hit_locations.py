"""The hit locations module (seed 004): a hit rolls d100 for its location, Called Shots still
choose, Injuries are kept per location; with the module off nothing of it happens."""

from __future__ import annotations

import pytest
from builders import BLASTER, Cast

from game.rules.called_shots import called_shot
from game.rules.dice import DiceExhausted, ScriptedDice
from game.rules.events import Hit
from game.rules.forecast import forecast_order
from game.rules.hits import TableRolled
from game.rules.modules.hit_locations import (
    LocationInjured,
    Wounds,
    location_of_part,
    location_of_roll,
    table_text,
    wounds_of,
)
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.world import World

ON = RuleOptions({"hit_locations"})


@pytest.mark.parametrize(
    ("die", "where"),
    [(1, "head"), (10, "head"), (11, "torso"), (60, "torso"), (61, "right arm"), (70, "right arm"),
     (71, "left arm"), (80, "left arm"), (81, "right leg"), (90, "right leg"), (91, "left leg"),
     (100, "left leg")],
)  # fmt: skip
def test_the_d100_table_of_seed_004(die: int, where: str) -> None:
    assert location_of_roll(die) == where


def test_the_table_prints_as_the_seed_does() -> None:
    assert table_text() == (
        "head 01–10, torso 11–60, right arm 61–70, left arm 71–80, right leg 81–90, left leg 91–00"
    )


def test_called_parts_sit_on_their_location() -> None:
    assert [location_of_part(p) for p in ("neck", "eyes", "left hand", "right foot", "torso")] == [
        "head", "head", "left arm", "right leg", "torso"]  # fmt: skip
    assert location_of_part("optical sensor") == "torso"


def duel() -> Cast:
    cast = Cast()
    cast.add("Omar", (3, 5), "a", strike=8)
    cast.add("Niles", (4, 5), "b", facing=6, stamina=3)
    return cast


def strike(cast: Cast, dice: ScriptedDice, *actions: object, options: RuleOptions = ON) -> list:
    orders = {cast["Omar"]: cast.order("Omar", *actions)}  # type: ignore[arg-type]
    return play_round(cast.world, cast.board, dice, orders, timing_order=[cast["Omar"], cast["Niles"]],
                      options=options)  # fmt: skip


def test_a_hit_rolls_its_location_and_the_injury_goes_there() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Omar:Strike": [3], "Omar:Hit Location": [85], "Niles:Withstand Injury": [12]})
    events = strike(cast, dice, cast.act(K.STRIKE, "Niles"))
    (roll,) = [e for e in events if isinstance(e, TableRolled)]
    assert roll.text() == "Omar — Hit Location on Niles: d100 85: right leg"
    (hit,) = [e for e in events if isinstance(e, Hit)]
    assert hit.part == "right leg"
    (placed,) = [e for e in events if isinstance(e, LocationInjured)]
    assert placed.text() == "Niles's right leg: 1 Injury (now 1 there)"
    assert wounds_of(cast.world, cast["Niles"]) == Wounds((("right leg", 1),))
    assert dice.unused() == {}


def test_a_called_shot_still_chooses_and_rolls_no_location() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Omar:Strike": [2, 5], "Niles:Withstand Injury": [12, 12]})
    called = cast.act(K.STRIKE, "Niles", called_shot("left hand"))
    events = strike(cast, dice, called, called)
    assert [e.part for e in events if isinstance(e, Hit)] == ["left hand", "torso"]  # a hit, a general hit
    assert not [e for e in events if isinstance(e, TableRolled)]
    assert wounds_of(cast.world, cast["Niles"]).by_location == (("torso", 1), ("left arm", 1))


def test_with_the_module_off_no_location_is_rolled() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Omar:Strike": [3], "Niles:Withstand Injury": [12]})
    events = strike(cast, dice, cast.act(K.STRIKE, "Niles"), options=RuleOptions())
    assert [e.part for e in events if isinstance(e, Hit)] == ["torso"]
    assert not cast.world.has(cast["Niles"], Wounds)


def test_the_location_roll_goes_through_the_one_dice_source() -> None:
    """Unscripted, the d100 is asked of the dice by its key (and a script without it runs out)."""
    cast = duel()
    with pytest.raises(DiceExhausted, match="Omar:Hit Location .d100."):
        strike(cast, ScriptedDice(keyed={"Omar:Strike": [3]}), cast.act(K.STRIKE, "Niles"))


def test_the_wounds_component_is_saved_and_read_back() -> None:
    cast = duel()
    cast.world.set(cast["Niles"], Wounds((("head", 1), ("left leg", 2))))
    again = World.from_dict(cast.world.to_dict())
    assert again.get(cast["Niles"], Wounds) == Wounds((("head", 1), ("left leg", 2)))
    assert cast.world.to_dict()["entities"][str(cast["Niles"])]["wounds"] == {"head": 1, "left leg": 2}


def test_the_forecast_names_the_table() -> None:
    cast = Cast(width=20)
    cast.add("Omar", (2, 5), "a", weapons=(BLASTER,), missile_beam=8)
    cast.add("Niles", (8, 5), "b")
    orders = {cast["Omar"]: cast.order("Omar", cast.act(K.MISSILE_STRIKE, "Niles"))}
    (fc,) = forecast_order(cast.world, cast.board, orders, cast["Omar"], ON)
    assert fc.notes == ("d100 [Hit Location]: " + table_text(),)
    (off,) = forecast_order(cast.world, cast.board, orders, cast["Omar"], RuleOptions())
    # Alone the module changes no number.
    assert (fc.success, fc.expected_injuries) == (off.success, off.expected_injuries)
    assert off.notes == ()
