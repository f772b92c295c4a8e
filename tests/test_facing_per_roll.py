"""Facing module: an arc's cost reduces each defence roll, not a kind's total (issue 21).

RULES.md §8: "A defence rolled once applies to each attacker reduced by 2 per
grade its arc costs (never below 0; zero where impossible)."  Each successful
roll is one defence, reduced on its own.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.api.state import DefenceResult
from game.rules.dice import ScriptedDice
from game.rules.events import DefenseTotal, EvadeLimited, Event, Rolled
from game.rules.forecast import forecast_order
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from tests.builders import BLASTER, SHIELD, Cast, of_type

ON = RuleOptions.battlefield()
DEFENDER = (5, 5)  # facing east
ARCS = {  # the attacker's tile in each arc of the defender, and the way it faces (at the defender)
    "front": ((6, 5), 6),
    "right": ((5, 6), 0),
    "left": ((5, 4), 4),
    "back": ((4, 5), 2),
}
COST = {  # RULES.md §8 on a one-handed weapon: what each roll loses from each arc (None: cannot)
    K.DODGE: {"front": 0, "right": 0, "left": 0, "back": 4},
    K.PARRY: {"front": 0, "right": 0, "left": 2, "back": 4},
    K.BLOCK: {"front": 0, "right": None, "left": 0, "back": None},
}
ROLLS = {2: [4, 2], 3: [5, 3, 1]}


def strike_from(arc: str, kind: K, rolls: list[int]) -> tuple[list[Event], ScriptedDice]:
    """The defender declares `len(rolls)` defences of one kind and rolls `rolls`; a Strike
    from `arc` follows (and misses, so nothing else is rolled)."""
    cast = Cast()
    tile, facing = ARCS[arc]
    cast.add("A", tile, "red", facing=facing, strike=10)
    cast.add("D", DEFENDER, "blue", facing=2, dodge=8, parry=8, block=8, shield=SHIELD)
    orders = {
        cast["D"]: cast.order("D", *[cast.act(kind) for _ in rolls], facing=2),
        cast["A"]: cast.order("A", cast.act(K.STRIKE, "D"), facing=facing),
    }
    dice = ScriptedDice(keyed={f"D:{kind.label}": rolls, "A:Strike": [12]})
    events = play_round(cast.world, cast.board, dice, orders, timing_order=[cast["D"], cast["A"]], options=ON)
    return events, dice


@pytest.mark.parametrize("count", [2, 3])
@pytest.mark.parametrize("arc", list(ARCS))
@pytest.mark.parametrize("kind", [K.DODGE, K.PARRY, K.BLOCK])
def test_each_roll_of_one_kind_is_reduced_on_its_own(kind: K, arc: str, count: int) -> None:
    rolls = ROLLS[count]
    events, dice = strike_from(arc, kind, rolls)
    cost = COST[kind][arc]
    expected = 0 if cost is None else sum(max(0, r - cost) for r in rolls)
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "A")
    assert strike.breakdown.total == 10 - expected
    # The ledger still shows one term per kind: the sum of the rolls (against the front).
    (ledger,) = of_type(events, DefenseTotal)
    assert ledger.parts == ((kind.label, sum(rolls)),)
    assert dice.unused() == {}


def test_two_dodges_of_4_and_2_from_the_back_give_nothing() -> None:
    """The issue's example: per roll max(0, 4 − 4) + max(0, 2 − 4) = 0, not max(0, 6 − 4) = 2."""
    events, _ = strike_from("back", K.DODGE, [4, 2])
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "A")
    assert strike.breakdown.text() == "10 [Strike] = 10"


def test_three_parries_from_the_off_hand_side() -> None:
    """5, 3, 1 from the left (−2 each): 3 + 1 + 0 = 4 (the kind's total would give 9 − 2 = 7)."""
    events, _ = strike_from("left", K.PARRY, [5, 3, 1])
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "A")
    assert strike.breakdown.text() == "10 [Strike] − 4 [Parry (left arc)] = 6"


@pytest.mark.parametrize(
    ("arc", "expected"),
    [("left", "10 [Strike] − 5 [Parry] = 5"), ("right", "10 [Strike] − 3 [Parry (right arc)] = 7")],
)
def test_a_parry_with_a_dagger_in_the_left_hand_is_free_on_the_left(arc: str, expected: str) -> None:
    """A whip (no Parry) in the right hand, a dagger in the left: a Parry roll of 5 counts in
    full from the left and loses a grade from the right (it was the other way round)."""
    from game.core.equipment import Weapon

    cast = Cast()
    tile, facing = ARCS[arc]
    cast.add("A", tile, "red", facing=facing, strike=10)
    cast.add(
        "D", DEFENDER, "blue", facing=2, parry=8, weapons=(Weapon("whip", can_parry=False), Weapon("dagger"))
    )
    orders = {
        cast["D"]: cast.order("D", cast.act(K.PARRY), facing=2),
        cast["A"]: cast.order("A", cast.act(K.STRIKE, "D"), facing=facing),
    }
    dice = ScriptedDice(keyed={"D:Parry": [5], "A:Strike": [12]})
    events = play_round(cast.world, cast.board, dice, orders, timing_order=[cast["D"], cast["A"]], options=ON)
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "A")
    assert strike.breakdown.text() == expected
    assert dice.unused() == {}


def test_an_evade_from_the_back_is_reduced_before_the_metres_limit_it() -> None:
    """CO.15: the Evader "must move as many meters as the Defense Penalty that will be imposed
    upon the attacker".  An Evade of 5 against a shooter in the back arc imposes 5 − 4 = 1;
    3 m moved are enough for that 1 (limiting first, min(5, 3) − 4, would give 0)."""
    cast = Cast(width=30, height=5)
    cast.add("Sentry", (0, 2), "aliens", facing=2, weapons=(BLASTER,), missile_beam=10)
    cast.add("Alex", (10, 2), "resistance", facing=2, evade=6, movement=5)
    path = ((11, 2), (12, 2), (13, 2))
    orders = {
        cast["Alex"]: cast.order("Alex", cast.act(K.EVADE), path=path, facing=2),
        cast["Sentry"]: cast.order("Sentry", cast.act(K.MISSILE_STRIKE, "Alex")),
    }
    dice = ScriptedDice(keyed={"Alex:Evade": [5], "Sentry:Missile Strike": [12]})
    events = play_round(
        cast.world, cast.board, dice, orders, timing_order=[cast["Alex"], cast["Sentry"]], options=ON
    )
    (limited,) = of_type(events, EvadeLimited)
    assert (limited.rolled, limited.kept) == (5, 3)
    shot = next(e for e in events if isinstance(e, Rolled) and e.actor == "Sentry")
    assert shot.breakdown.text() == "10 [Missile Strike (Beam)] − 1 [Evade (back arc)] = 9"


@given(
    rolls=st.lists(st.integers(1, 11), min_size=1, max_size=5),
    kinds=st.lists(st.sampled_from([K.DODGE, K.PARRY]), min_size=5, max_size=5),
    cost=st.sampled_from([0, 2, 4, 6]),
    shuffle=st.randoms(use_true_random=False),
)
def test_splitting_the_same_rolls_across_kinds_or_within_a_kind_gives_the_same_penalty(
    rolls: list[int], kinds: list[K], cost: int, shuffle
) -> None:  # noqa: ANN001
    """Whatever kinds the same successful rolls came from, in whatever order, an attacker
    whose arc costs the same for those kinds meets the same penalty: Σ max(0, roll − cost)."""
    one = DefenceResult()
    for roll in rolls:
        one.add(K.DODGE, roll)
    split = DefenceResult()
    for roll, kind in zip(shuffle.sample(rolls, len(rolls)), kinds, strict=False):
        split.add(kind, roll)
    costs = {K.DODGE: cost, K.PARRY: cost}
    expected = sum(max(0, r - cost) for r in rolls)
    for result in (one, split):
        assert -sum(m.value for m in result.penalty_against(K.STRIKE, costs, "back")) == expected


def test_the_forecast_gives_two_dodges_and_a_dodge_with_a_parry_the_same_chance() -> None:
    """The forecast reduces each roll too: with Dodge and Parry equal and the attacker in the
    back (−4 for both), Dodge + Dodge and Dodge + Parry forecast the same Strike."""

    def chance(second: K) -> Fraction:
        cast = Cast()
        cast.add("A", (4, 5), "red", facing=2, strike=10)
        cast.add("D", DEFENDER, "blue", facing=2, dodge=9, parry=9)
        orders = {
            cast["D"]: cast.order("D", cast.act(K.DODGE), cast.act(second), facing=2),
            cast["A"]: cast.order("A", cast.act(K.STRIKE, "D")),
        }
        (strike,) = forecast_order(cast.world, cast.board, orders, cast["A"], ON)
        return strike.success

    # Each roll 1–8 succeeds (9 − 1 Action Penalty); from the back only 5–8 count, as 1–4.
    per_roll = {0: Fraction(8, 12)} | {v: Fraction(1, 12) for v in range(1, 5)}
    expected = sum(
        p1 * p2 * Fraction(max(0, min(10 - v1 - v2, 11)), 12)
        for v1, p1 in per_roll.items()
        for v2, p2 in per_roll.items()
    )
    assert chance(K.DODGE) == chance(K.PARRY) == expected


SHOOTER_AT = {"front": (19, 10), "right": (14, 16), "left": (14, 4), "back": (8, 9)}  # Alex ends at (14, 10)


@pytest.mark.parametrize("count", [2, 3])
@pytest.mark.parametrize("arc", list(SHOOTER_AT))
def test_each_evade_roll_is_reduced_on_its_own(arc: str, count: int) -> None:
    """Evades against a Missile Strike from each arc (back −4 each), with 10 m of ground
    covered so that the metres do not limit them."""
    rolls = ROLLS[count]
    cast = Cast(width=22, height=20)
    cast.add("Shooter", SHOOTER_AT[arc], "red", weapons=(BLASTER,), missile_beam=11)
    cast.add("Alex", (4, 10), "blue", facing=2, evade=8, movement=10)
    path = tuple((4 + i, 10) for i in range(1, 11))
    orders = {
        cast["Alex"]: cast.order("Alex", *[cast.act(K.EVADE) for _ in rolls], path=path, facing=2),
        cast["Shooter"]: cast.order("Shooter", cast.act(K.MISSILE_STRIKE, "Alex")),
    }
    dice = ScriptedDice(keyed={"Alex:Evade": rolls, "Shooter:Missile Strike": [12]})
    events = play_round(
        cast.world, cast.board, dice, orders, timing_order=[cast["Alex"], cast["Shooter"]], options=ON
    )
    cost = 4 if arc == "back" else 0
    shot = next(e for e in events if isinstance(e, Rolled) and e.actor == "Shooter")
    assert shot.breakdown.total == 11 - sum(max(0, r - cost) for r in rolls)
    assert dice.unused() == {}
