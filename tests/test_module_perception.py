"""Perception (seed 003): to strike into one's back arc, or to Parry, Dodge or Evade an attacker
there, a Perception roll (2 × Intuition) as the Resolution Stage begins; failed, one cannot."""

from __future__ import annotations

from fractions import Fraction

from game.rules.dice import ScriptedDice
from game.rules.events import ActionNullified, Rolled
from game.rules.forecast import forecast_order
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from tests.builders import Cast

ON = RuleOptions({"perception"})
FACING = RuleOptions({"facing"})
E, W = 2, 6


def backs(omar_facing: int = E, niles_facing: int = W) -> Cast:
    """Omar at (3, 5), Niles at (4, 5) east of him; each faces as told."""
    cast = Cast()
    cast.add("Omar", (3, 5), "a", facing=omar_facing, strike=8, parry=6, intuition=3)
    cast.add("Niles", (4, 5), "b", facing=niles_facing, strike=7, dodge=8, parry=5, intuition=2)
    return cast


def play(cast: Cast, dice: dict[str, list[int]], orders: dict[str, tuple], options=ON) -> list:
    by_actor = {cast[n]: cast.order(n, *acts) for n, acts in orders.items()}
    timing = [cast["Omar"], cast["Niles"]]
    return play_round(cast.world, cast.board, ScriptedDice(keyed=dice), by_actor, 1, timing, options)


def texts(events: list) -> list[str]:
    return [e.text() for e in events]


def test_the_module_brings_facing() -> None:
    assert ON.on == {"perception", "facing"}


def test_striking_into_the_back_arc_needs_a_perception_roll_first() -> None:
    """Omar faces W, Niles is east: in Omar's back arc.  Perception 2 × 3 = 6, rolled 9: failed,
    the Strike is nullified."""
    cast = backs(omar_facing=W)
    events = play(cast, {"Omar:Perception": [9]}, {"Omar": (cast.act(K.STRIKE, "Niles"),)})
    assert "Omar — Perception: 6 [Intuition ×2] = 6; rolled 9: failure (to strike Niles behind it)" in texts(
        events
    )
    assert [e.text() for e in events if isinstance(e, ActionNullified)] == [
        "Omar — Strike on Niles nullified: Omar failed its Perception roll: it cannot strike Niles behind it"
    ]


def test_a_seen_back_keeps_the_facing_grade() -> None:
    cast = backs(omar_facing=W)
    dice = {"Omar:Perception": [2], "Omar:Strike": [1], "Niles:Withstand Injury": [1]}
    events = play(cast, dice, {"Omar": (cast.act(K.STRIKE, "Niles"),)})
    strike = next(e for e in events if isinstance(e, Rolled) and e.action == "Strike")
    assert (
        strike.text() == "Omar — Strike on Niles: 8 [Strike] − 6 [Attacking into Back Arc] = 2; rolled 1: hit"
    )


def test_without_the_module_no_roll_only_the_grade() -> None:
    cast = backs(omar_facing=W)
    dice = {"Omar:Strike": [1], "Niles:Withstand Injury": [1]}
    events = play(cast, dice, {"Omar": (cast.act(K.STRIKE, "Niles"),)}, options=FACING)
    assert not [e for e in events if isinstance(e, Rolled) and e.action == "Perception"]


def test_a_dodge_against_an_attacker_behind_needs_perception() -> None:
    """Niles faces E (Omar behind him) and Dodges 5.  Perception 2 × 2 = 4, rolled 7: failed,
    the Dodge counts nothing against Omar; passed, it counts 5 − 4 (the facing grade)."""
    cast = backs(niles_facing=E)
    orders = {"Niles": (cast.act(K.DODGE),), "Omar": (cast.act(K.STRIKE, "Niles"),)}
    dice = {"Niles:Dodge": [5], "Niles:Perception": [7], "Omar:Strike": [8], "Niles:Withstand Injury": [1]}
    events = play(cast, dice, orders)
    assert "Niles — Perception: 4 [Intuition ×2] = 4; rolled 7: failure (Omar attacks from behind)" in texts(
        events
    )
    strike = next(e for e in events if isinstance(e, Rolled) and e.action == "Strike")
    assert strike.text() == "Omar — Strike on Niles: 8 [Strike] = 8; rolled 8: hit"

    cast = backs(niles_facing=E)
    dice = {"Niles:Dodge": [5], "Niles:Perception": [3], "Omar:Strike": [8]}
    events = play(cast, dice, orders)
    strike = next(e for e in events if isinstance(e, Rolled) and e.action == "Strike")
    assert strike.text() == "Omar — Strike on Niles: 8 [Strike] − 1 [Dodge (back arc)] = 7; rolled 8: miss"


def test_no_roll_for_a_foe_in_front_nor_for_a_failed_defence() -> None:
    cast = backs()  # face to face
    orders = {"Niles": (cast.act(K.DODGE),), "Omar": (cast.act(K.STRIKE, "Niles"),)}
    events = play(cast, {"Niles:Dodge": [5], "Omar:Strike": [9]}, orders)
    assert not [e for e in events if isinstance(e, Rolled) and e.action == "Perception"]
    cast = backs(niles_facing=E)
    events = play(cast, {"Niles:Dodge": [11], "Omar:Strike": [9]}, orders)
    assert not [e for e in events if isinstance(e, Rolled) and e.action == "Perception"]


def test_the_forecast_counts_the_unseen_back() -> None:
    """Omar's Strike 8 on Niles, who Dodges (8) facing away: Perception 4 of 12 he sees Omar
    coming and the Dodge counts (−4 for the back), else it does not."""
    cast = backs(niles_facing=E)
    orders = {
        cast["Niles"]: cast.order("Niles", cast.act(K.DODGE)),
        cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles")),
    }
    with_roll = forecast_order(cast.world, cast.board, orders, cast["Omar"], ON)[0]
    graded = forecast_order(cast.world, cast.board, orders, cast["Omar"], FACING)[0]
    seen = Fraction(4, 12)
    bare = Fraction(8, 12)
    assert with_roll.success == seen * graded.success + (1 - seen) * bare
    assert "from Niles's back: its Dodge counts only if it passes Perception ≤ 4 (33%)" in with_roll.notes
