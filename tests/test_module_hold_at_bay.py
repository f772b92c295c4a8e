"""The hold at bay module (seed 001 Hold at Bay; docs/modules.md): with a longer weapon than the
foe's, a Strike roll (+2 with a pole weapon) whose die is the Bay; the held foe stepping nearer
within reach rolls Bypass (2 × Agility − Bay) or stops short, and its melee attacks on the
holder are − Bay; the forecast and the AI read the same rolls."""

from __future__ import annotations

from fractions import Fraction

from game.core.equipment import Weapon
from game.rules.dice import ScriptedDice
from game.rules.events import ActionNullified, Moved
from game.rules.forecast import forecast_order
from game.rules.modules.hold_at_bay import HOLD_AT_BAY, HoldAtBayModule
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.positions import tile_of
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import Cast, the_roll

ON = RuleOptions({"hold_at_bay"})
SPEAR = Weapon("spear", hands=2, reach=2, injury=2, traits=frozenset({"pole"}))
STAFF = Weapon("quarterstaff", hands=2, reach=2, injury=1)


def lane(niles_strike: int = 5) -> Cast:
    """Pik (Strike 6, a spear: reach 2) at (3, 4); Niles (Agility 3, a sword) 4 tiles east."""
    cast = Cast(14, 8)
    cast.add("Pik", (3, 4), "a", weapons=(SPEAR,), strike=6)
    cast.add("Niles", (7, 4), "b", facing=6, strike=niles_strike)
    return cast


def charge_in(cast: Cast, dice: dict[str, list[int]]) -> list:
    orders = {
        cast["Pik"]: cast.order("Pik", cast.act(HOLD_AT_BAY, "Niles")),
        cast["Niles"]: cast.order("Niles", cast.act(K.STRIKE, "Pik"), path=((6, 4), (5, 4), (4, 4))),
    }
    return play_round(
        cast.world, cast.board, ScriptedDice(keyed=dice), orders, 1, [cast["Pik"], cast["Niles"]], ON
    )


def test_a_hold_stops_a_foe_that_fails_its_bypass_short_of_the_spear() -> None:
    """Pik: 6 + 2 [Pole Weapon] = 8, rolled 5: the Bay is 5.  Niles steps to (5, 4), within
    the spear's reach: Bypass 6 − 5 = 1, rolled 4: he stops at (6, 4) and cannot strike."""
    cast = lane()
    events = charge_in(cast, {"Pik:Hold at Bay": [5], "Niles:Bypass": [4]})
    assert the_roll(events, "Pik", "Hold at Bay").text() == (
        "Pik — Hold at Bay on Niles: 6 [Strike] + 2 [Pole Weapon] = 8; rolled 5: success"
    )
    assert the_roll(events, "Niles", "Bypass").text() == (
        "Niles — Bypass: 6 [Agility ×2] − 5 [Held at Bay] = 1; rolled 4: failure (against Pik's Hold at Bay)"
    )
    assert any(e.text() == "Niles is held at bay by Pik: stops at (6, 4)" for e in events)
    (moved,) = [e for e in events if isinstance(e, Moved)]
    assert moved.text().endswith("stopped: held at (6, 4)")
    assert tile_of(cast.world, cast["Niles"]) == (6, 4)
    assert any(isinstance(e, ActionNullified) and "out of reach" in e.text() for e in events)


def test_a_foe_that_bypasses_strikes_the_holder_at_minus_the_bay() -> None:
    cast = lane(niles_strike=8)
    events = charge_in(
        cast, {"Pik:Hold at Bay": [5], "Niles:Bypass": [1], "Niles:Strike": [3], "Pik:Withstand Injury": [1]}
    )
    assert tile_of(cast.world, cast["Niles"]) == (4, 4)
    assert the_roll(events, "Niles", "Strike").text() == (
        "Niles — Strike on Pik: 8 [Strike] − 5 [Held at Bay] = 3; rolled 3: hit"
    )


def test_a_failed_hold_holds_nothing() -> None:
    cast = lane(niles_strike=8)
    events = charge_in(cast, {"Pik:Hold at Bay": [9], "Niles:Strike": [3], "Pik:Withstand Injury": [1]})
    assert tile_of(cast.world, cast["Niles"]) == (4, 4)
    assert the_roll(events, "Niles", "Strike").breakdown.text() == "8 [Strike] = 8"


def test_it_needs_a_longer_weapon_and_no_lock_and_is_one_a_round() -> None:
    cast = lane()
    hold = cast.order("Pik", cast.act(HOLD_AT_BAY, "Niles"))
    assert validate_order(cast.world, cast.board, hold, {}, ON) == []
    assert validate_order(cast.world, cast.board, hold, {}, RuleOptions()) == [
        "Hold at Bay is part of the hold_at_bay rules module, which is not in play"
    ]
    twice = cast.order("Pik", cast.act(HOLD_AT_BAY, "Niles"), cast.act(HOLD_AT_BAY, "Niles"))
    assert "one Hold at Bay a round: you hold one weapon out" in validate_order(
        cast.world, cast.board, twice, {}, ON
    )
    back = cast.order("Niles", cast.act(HOLD_AT_BAY, "Pik"))
    assert validate_order(cast.world, cast.board, back, {}, ON) == [
        "Hold at Bay needs a longer weapon than Pik's (reach 1 against 2)"
    ]
    cast.add("Sol", (4, 6), "b", weapons=(STAFF,))
    even = cast.order("Pik", cast.act(HOLD_AT_BAY, "Sol"))
    assert validate_order(cast.world, cast.board, even, {}, ON) == [
        "Hold at Bay needs a longer weapon than Sol's (reach 2 against 2)"
    ]
    cast.add("Dag", (4, 3), "b")
    locked = cast.order("Pik", cast.act(HOLD_AT_BAY, "Dag"))
    assert validate_order(cast.world, cast.board, locked, {}, ON) == [
        "locked in melee with Dag: it reaches you; Hold at Bay keeps a foe off, it does not fight one"
    ]


def test_the_forecast_rolls_the_hold_and_the_foe_s_strike_pays_every_bay() -> None:
    """The hold: 8/12.  Niles's Strike (8) on Pik once he stands next to him: each Bay d of 1–8
    (1/12 each) leaves 8 − d; no hold (4/12) leaves 8: (7+6+…+0)/144 + 4/12 × 8/12 = 28/144 + 32/144."""
    cast = lane(niles_strike=8)
    from game.world import Position

    cast.world.set(cast["Niles"], Position(5, 4))  # in the spear's reach, out of his sword's
    orders = {
        cast["Pik"]: cast.order("Pik", cast.act(HOLD_AT_BAY, "Niles")),
        cast["Niles"]: cast.order("Niles", cast.act(K.STRIKE, "Pik"), path=((4, 4),)),
    }
    (hold,) = forecast_order(cast.world, cast.board, orders, cast["Pik"], ON)
    assert hold.success == Fraction(8, 12)
    (strike,) = forecast_order(cast.world, cast.board, orders, cast["Niles"], ON)
    assert strike.success == Fraction(28 + 32, 144)


def test_the_log_words_the_stop_as_a_hold() -> None:
    assert HoldAtBayModule.interrupt_word == "held"


def test_the_hard_ai_holds_a_swordsman_off_with_its_spear() -> None:
    """Pik (Strike 6, a spear, Movement 0) and Niles (a sword, Strike 9) four tiles off who
    declares after it: the hard AI holds him at bay."""
    from dataclasses import replace

    from ai_helpers import judging, view_of

    cast = Cast(14, 8)
    cast.add("Pik", (3, 4), "a", weapons=(SPEAR,), strike=6, movement=0)
    cast.add("Niles", (7, 4), "b", facing=6, strike=9, agility=2)
    view = replace(view_of(cast, "Pik", later=("Niles",)), options=ON)
    order = judging("ai:hard", 1).choose_order(view)
    assert order is not None and order.has(HOLD_AT_BAY), order
