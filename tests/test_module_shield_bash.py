"""The shield bash module (seed 001 Shield Bash; docs/modules.md): a melee attack with the shield
on the Block skill (injury rating 0); that round no Block and no shield bonus to Withstand
Injury; the forecast counts both; the AI weighs it through the registry."""

from __future__ import annotations

from fractions import Fraction

from game.rules.dice import ScriptedDice
from game.rules.forecast import forecast_order
from game.rules.modules.shield_bash import SHIELD_BASH
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import SHIELD, Cast, the_roll

ON = RuleOptions({"shield_bash"})


def pair() -> Cast:
    """Omar (Block 8, Strike 4, sword and round shield) next to Niles (Stamina 5, a sword)."""
    cast = Cast(12, 8)
    cast.add("Omar", (3, 4), "a", strike=4, block=8, shield=SHIELD, stamina=5)
    cast.add("Niles", (4, 4), "b", facing=6, stamina=5, strike=6)
    return cast


def test_a_shield_bash_rolls_block_and_strikes_at_injury_rating_0() -> None:
    cast = pair()
    orders = {cast["Omar"]: cast.order("Omar", cast.act(SHIELD_BASH, "Niles"))}
    dice = ScriptedDice(keyed={"Omar:Shield Bash": [5], "Niles:Withstand Injury": [6]})
    events = play_round(cast.world, cast.board, dice, orders, 1, [cast["Omar"], cast["Niles"]], ON)
    assert the_roll(events, "Omar", "Shield Bash").text() == (
        "Omar — Shield Bash on Niles: 8 [Block] = 8; rolled 5: hit"
    )
    assert any(e.text() == "Omar hits Niles (torso) with round shield" for e in events)
    # the shield's injury rating is 0: no term
    assert the_roll(events, "Niles", "Withstand Injury").breakdown.text() == ("5 [Withstand Injury] = 5")


def test_the_basher_s_shield_adds_nothing_to_its_withstand_that_round() -> None:
    """Niles strikes the basher: 5 + 1 [round shield] − 2 [sword] − 1 [Shield Bashing] = 3."""
    cast = pair()
    orders = {
        cast["Omar"]: cast.order("Omar", cast.act(SHIELD_BASH, "Niles")),
        cast["Niles"]: cast.order("Niles", cast.act(K.STRIKE, "Omar")),
    }
    dice = ScriptedDice(keyed={"Omar:Shield Bash": [9], "Niles:Strike": [2], "Omar:Withstand Injury": [4]})
    events = play_round(cast.world, cast.board, dice, orders, 1, [cast["Omar"], cast["Niles"]], ON)
    assert the_roll(events, "Omar", "Withstand Injury").text() == (
        "Omar — Withstand Injury: 5 [Withstand Injury] + 1 [round shield] − 2 [sword Injury Rating]"
        " − 1 [Shield Bashing (no guard)] = 3; rolled 4: failure"
    )
    # Without the bash, the shield counts.
    cast = pair()
    orders = {cast["Niles"]: cast.order("Niles", cast.act(K.STRIKE, "Omar"))}
    dice = ScriptedDice(keyed={"Niles:Strike": [2], "Omar:Withstand Injury": [4]})
    events = play_round(cast.world, cast.board, dice, orders, 1, [cast["Omar"], cast["Niles"]], ON)
    assert the_roll(events, "Omar", "Withstand Injury").outcome == "success"


def test_it_needs_a_shield_forgoes_the_block_and_is_one_a_round() -> None:
    cast = pair()
    one = cast.order("Omar", cast.act(SHIELD_BASH, "Niles"))
    assert validate_order(cast.world, cast.board, one, {}, ON) == []
    assert validate_order(cast.world, cast.board, one, {}, RuleOptions()) == [
        "Shield Bash is part of the shield_bash rules module, which is not in play"
    ]
    with_block = cast.order("Omar", cast.act(SHIELD_BASH, "Niles"), cast.act(K.BLOCK))
    assert validate_order(cast.world, cast.board, with_block, {}, ON) == [
        "a Shield Bash forgoes the round's Block: the shield cannot guard and strike"
    ]
    twice = cast.order("Omar", cast.act(SHIELD_BASH, "Niles"), cast.act(SHIELD_BASH, "Niles"))
    assert validate_order(cast.world, cast.board, twice, {}, ON) == [
        "one Shield Bash a round: you have one shield"
    ]
    bare = cast.order("Niles", cast.act(SHIELD_BASH, "Omar"))
    assert validate_order(cast.world, cast.board, bare, {}, ON) == ["Shield Bash needs a shield"]
    strike_too = cast.order("Omar", cast.act(SHIELD_BASH, "Niles"), cast.act(K.STRIKE, "Niles"))
    assert validate_order(cast.world, cast.board, strike_too, {}, ON) == []


def test_the_forecast_counts_the_block_stat_the_rating_and_the_lost_guard() -> None:
    """8 on the d12 hits 8/12; Withstand 5 fails on 6–12 (7/12).  Niles's Strike on the
    basher: 6/12 to hit, Withstand 3 fails 9/12 (with the shield's bonus, 4: 8/12)."""
    cast = pair()
    orders = {
        cast["Omar"]: cast.order("Omar", cast.act(SHIELD_BASH, "Niles")),
        cast["Niles"]: cast.order("Niles", cast.act(K.STRIKE, "Omar")),
    }
    (line,) = forecast_order(cast.world, cast.board, orders, cast["Omar"], ON)
    assert line.breakdown is not None and line.breakdown.text() == "8 [Block] = 8"
    assert line.expected_injuries == Fraction(8, 12) * Fraction(7, 12)
    assert "Shield Bash: no Block this round, and no shield bonus to Withstand Injury" in line.notes
    (theirs,) = forecast_order(cast.world, cast.board, orders, cast["Niles"], ON)
    assert theirs.expected_injuries == Fraction(6, 12) * Fraction(9, 12)


def test_the_hard_ai_bashes_with_a_shield_it_knows_better_than_its_sword() -> None:
    """Omar (Strike 2, Block 10) next to an unarmed Niles who cannot hurt him much: the bash's
    10 against the sword's 2 outweighs the Block it gives up."""
    from dataclasses import replace

    from ai_helpers import judging, view_of

    cast = Cast(12, 8)
    cast.add("Omar", (3, 4), "a", strike=2, block=10, shield=SHIELD, movement=0)
    cast.add("Niles", (4, 4), "b", facing=6, stamina=3, weapons=(), brawling=2)
    view = replace(view_of(cast, "Omar", later=("Niles",)), options=ON)
    order = judging("ai:hard", 1).choose_order(view)
    assert order is not None and order.has(SHIELD_BASH), order
