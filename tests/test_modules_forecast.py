"""The forecast against the engine with the positional modules on.

Exactly (the way `tests/test_forecast_exact.py` checks the chapter): the round is played once
per combination of the rolls that matter (a dive, a Sprint, a Dodge, an Evade …), each weighted
by its probability, and the attack's own roll counted by the exact chance of its target
number; the sum must equal the forecast as a fraction.  Then by Monte Carlo, as the issue asks:
a few hundred seeded rounds of one battle with every module on, whose hit rate must fall
within four standard deviations of the forecast.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import pytest

from game.core.equipment import Weapon
from game.rules.api.attack import CALLED_SHOT
from game.rules.dice import SeededDice
from game.rules.events import ActionNullified, Rolled
from game.rules.forecast import chance, forecast_order
from game.rules.modules.careful_aim import Aiming
from game.rules.modules.charge import CHARGE
from game.rules.modules.overwatch import OVERWATCH
from game.rules.modules.prone import GO_PRONE, Prone
from game.rules.modules.sudden_dive import DIVE
from game.rules.modules.suppression import SUPPRESS
from game.rules.options import RuleOptions, module_names
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from tests.builders import BLASTER, SHIELD, Cast
from tests.test_forecast_exact import Odometer

SPEAR = Weapon("spear", hands=2, reach=2, injury=2, traits=frozenset({"pole"}))
SMG = Weapon(
    "smg", BLASTER.weapon_class, hands=2, injury=2, missile_kind=BLASTER.missile_kind,
    ranges=(15.0, 40.0, 80.0), traits=frozenset({"burst"}),
)  # fmt: skip
MONTE_CARLO_ROUNDS = 400


@dataclass
class Case:
    """A battle to check: orders in declaration order, Timing best first, whose roll to count
    (its maker, the roll's label, and its target's name) and the rolls to go through."""

    cast: Cast
    orders: list[Order]
    timing: list[str]
    actor: str
    label: str
    target: str
    branch: tuple[str, ...]
    options: RuleOptions


def engine(build: Callable[[], Case]) -> tuple[Fraction, Fraction, int]:
    """(P(the roll succeeds), P(it is nullified or never rolled), rounds played), from the engine."""
    success = nullified = Fraction(0)
    prefix: list[int] | None = []
    played = 0
    while prefix is not None:
        case = build()
        cast = case.cast
        dice = Odometer(prefix, case.branch)
        events = play_round(
            cast.world,
            cast.board,
            dice,  # type: ignore[arg-type]
            {o.actor: o for o in case.orders},
            timing_order=[cast[n] for n in case.timing],
            options=case.options,
        )
        played += 1
        weight = Fraction(1)
        for sides in dice.sides:
            weight /= sides
        prefix = dice.next_prefix()
        mine = [
            e
            for e in events
            if isinstance(e, (Rolled, ActionNullified))
            and e.actor == case.actor
            and e.action == case.label
            and e.target == case.target
        ]
        if mine and isinstance(mine[0], Rolled):
            success += weight * chance(mine[0].breakdown.without(CALLED_SHOT).total)
        else:
            nullified += weight
    return success, nullified, played


def forecast(case: Case) -> tuple[Fraction, Fraction]:
    cast = case.cast
    orders = {o.actor: o for o in case.orders}
    lines = forecast_order(
        cast.world, cast.board, orders, cast[case.actor], case.options, [cast[n] for n in case.timing]
    )
    (line,) = [f for f in lines if f.action.target == cast[case.target]]
    return line.success, line.nullified


def prone_crawler_evading() -> Case:
    """T lies prone and crawls 2 m Evading: S's shot is −2 for prone, and the Evade counts up to 2."""
    cast = Cast(30, 6)
    cast.add("S", (2, 2), "red", weapons=(BLASTER,), missile_beam=10)
    cast.add("T", (14, 2), "blue", evade=7, movement=4)
    cast.world.set(cast["T"], Prone())
    orders = [
        cast.order("S", cast.act(K.MISSILE_STRIKE, "T")),
        cast.order("T", cast.act(K.EVADE), path=((15, 2), (16, 2))),
    ]
    return Case(cast, orders, ["T", "S"], "S", "Missile Strike", "T", ("T:Evade",), RuleOptions({"prone"}))


def aimed_shot_at_a_sprinter() -> Case:
    """S aimed 2 rounds at T 60 m off; T Sprints: over 5 m of ground spoils the aim."""
    cast = Cast(80, 6)
    cast.add("S", (2, 2), "red", weapons=(BLASTER,), missile_beam=9)
    cast.add("T", (62, 2), "blue", movement=3)
    cast.world.set(cast["S"], Aiming(cast["T"], 2))
    orders = [
        cast.order("T", cast.act(K.SPRINT), path=tuple((62 + i, 2) for i in range(1, 7))),
        cast.order("S", cast.act(K.MISSILE_STRIKE, "T")),
    ]
    options = RuleOptions({"careful_aim"})
    return Case(cast, orders, ["T", "S"], "S", "Missile Strike", "T", ("T:Sprint",), options)


def charge_at_a_sprinting_dodger() -> Case:
    """T (better Timing) may Sprint off before A's Charge lands; T Dodges."""
    cast = Cast(30, 8)
    cast.add("A", (2, 4), "red", strike=8, movement=4)
    cast.add("T", (10, 4), "blue", facing=6, dodge=6, movement=2)
    orders = [
        cast.order("A", cast.act(CHARGE, "T"), path=tuple((2 + i, 4) for i in range(1, 8))),
        cast.order("T", cast.act(K.SPRINT), cast.act(K.DODGE), path=((11, 4), (12, 4), (13, 4))),
    ]
    options = RuleOptions({"charge", "facing"})
    return Case(cast, orders, ["T", "A"], "A", "Charge", "T", ("T:Sprint", "T:Dodge"), options)


def strike_at_a_charger() -> Case:
    """T charges A (from A's back: no first strike); A (better Timing, declaring last) Strikes T
    with the charger's bonus, T Blocking."""
    cast = Cast(30, 8)
    cast.add("A", (10, 4), "red", facing=2, strike=5, weapons=(SPEAR,))
    cast.add("T", (2, 4), "blue", strike=6, block=5, shield=SHIELD, movement=4)
    orders = [
        cast.order(
            "T", cast.act(CHARGE, "A"), cast.act(K.BLOCK), path=tuple((2 + i, 4) for i in range(1, 8))
        ),
        cast.order("A", cast.act(K.STRIKE, "T")),
    ]
    return Case(cast, orders, ["A", "T"], "A", "Strike", "T", ("T:Block",), RuleOptions({"charge"}))


def shot_at_a_diver() -> Case:
    """T dives by a rock (high cover): hidden on a success; else S's plain shot."""
    cast = Cast(20, 12, cover={(6, 8): "high"}, move_blockers=[(6, 8)])
    cast.add("T", (3, 4), "blue", agility=3, movement=3)
    cast.add("S", (15, 4), "red", weapons=(BLASTER,), missile_beam=8)
    orders = [
        cast.order("T", cast.act(DIVE), path=((4, 5), (4, 6), (4, 7), (5, 8))),
        cast.order("S", cast.act(K.MISSILE_STRIKE, "T")),
    ]
    options = RuleOptions({"sudden_dive", "cover"})
    return Case(cast, orders, ["S", "T"], "S", "Missile Strike", "T", ("T:Sudden Dive",), options)


def burst_at_an_evader() -> Case:
    """S sprays T's area; U, in the cone behind T, Evades as it walks (the line checked is U's)."""
    cast = Cast(40, 12)
    cast.add("S", (2, 5), "red", weapons=(SMG,), missile_slug=8)
    cast.add("T", (10, 5), "blue")
    cast.add("U", (20, 6), "blue", evade=6, movement=3)
    orders = [
        cast.order("U", cast.act(K.EVADE), path=((21, 6), (22, 6))),
        cast.order("T"),
        cast.order("S", cast.act(SUPPRESS, "T")),
    ]
    options = RuleOptions({"suppression"})
    return Case(cast, orders, ["U", "T", "S"], "S", "Suppression Fire", "U", ("U:Evade",), options)


def overwatch_on_a_rusher() -> Case:
    """S holds Overwatch; T (better Timing) Sprints round into melee from outside the arc,
    Evading: the held shot goes at the first tile inside, the Evade counting the whole run."""
    cast = Cast(30, 12)
    cast.add("S", (2, 5), "red", weapons=(BLASTER,), missile_beam=9, movement=0)
    cast.add("T", (2, 11), "blue", strike=6, movement=4, evade=7)
    path = ((3, 10), (4, 9), (4, 8), (4, 7), (3, 6))
    orders = [
        cast.order("S", cast.act(OVERWATCH), facing=2),
        cast.order("T", cast.act(K.SPRINT), cast.act(K.EVADE), path=path),
    ]
    branch = ("T:Sprint", "T:Evade")
    return Case(cast, orders, ["T", "S"], "S", "Missile Strike", "T", branch, RuleOptions({"overwatch"}))


CASES: dict[str, Callable[[], Case]] = {
    "prone crawler evading": prone_crawler_evading,
    "aimed shot at a sprinter": aimed_shot_at_a_sprinter,
    "charge at a sprinting dodger": charge_at_a_sprinting_dodger,
    "strike at a charger": strike_at_a_charger,
    "shot at a diver": shot_at_a_diver,
    "burst at an evader": burst_at_an_evader,
    "overwatch on a rusher": overwatch_on_a_rusher,
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_forecast_equals_the_engine_over_every_roll(name: str) -> None:
    build = CASES[name]
    success, nullified, played = engine(build)
    assert played > 1
    assert forecast(build()) == (success, nullified)


def test_the_forecast_agrees_with_a_monte_carlo_run_with_every_module_on() -> None:
    """A charge at a foe who may dive away, every module on (the run into reach takes a Close In
    roll): 400 seeded rounds."""
    every = RuleOptions(module_names())

    def build() -> Case:
        cast = Cast(30, 12, cover={(12, 8): "low"}, move_blockers=[(12, 8)])
        cast.add("A", (2, 6), "red", strike=8, movement=4)
        cast.add("T", (10, 6), "blue", facing=6, agility=3, movement=2, dodge=5)
        orders = [
            cast.order("T", cast.act(GO_PRONE)),
            cast.order("A", cast.act(CHARGE, "T"), path=tuple((2 + i, 6) for i in range(1, 8))),
        ]
        return Case(cast, orders, ["A", "T"], "A", "Charge", "T", (), every)

    expected, _ = forecast(build())
    hits = 0
    for seed in range(MONTE_CARLO_ROUNDS):
        case = build()
        cast = case.cast
        events = play_round(
            cast.world, cast.board, SeededDice(seed), {o.actor: o for o in case.orders},
            timing_order=[cast[n] for n in case.timing], options=every,
        )  # fmt: skip
        # The Charge is rolled only when A's Close In roll (closing_in) let it: none when it failed.
        charged = [e for e in events if isinstance(e, Rolled) and e.actor == "A" and e.action == "Charge"]
        hits += bool(charged) and charged[0].succeeded
    p = float(expected)
    sigma = math.sqrt(p * (1 - p) / MONTE_CARLO_ROUNDS)
    assert abs(hits / MONTE_CARLO_ROUNDS - p) <= 4 * sigma, (hits, p)
    # 8 + 3 [Charge 7 m] + 2 [Prone Target in Melee] = 13: all but a 12, after a Close In roll of
    # 6 [Agility ×2] (6 in 12) for the run into reach.
    assert expected == Fraction(11, 12) * Fraction(6, 12)
