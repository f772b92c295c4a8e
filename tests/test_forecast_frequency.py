"""The forecast and the round are two halves of each rule: here they are held to each other.

Each case is one declared round, forecast once (exact fractions) and then played 600 times
with seeded dice; how often each action's roll succeeded, and the Injuries its target took,
must lie within 4.5 standard errors of what the forecast said.  The seeds are fixed, so the
test is deterministic; a forecast off by a few points in any rule, module or plug-in fails it
(at 600 rounds 4.5 standard errors are at most 9 points, and about 6 at a 25 % chance).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from builders import SHIELD, SHOTGUN, Cast

from game.rules.dice import SeededDice
from game.rules.events import Injured, Rolled
from game.rules.forecast import forecast_order
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind, CalledShot, Order
from game.rules.registry import spec_of
from game.rules.round import play_round

ROUNDS = 600
SIGMAS = 4.5


@dataclass(frozen=True)
class Case:
    """One round to hold to its forecast: who declares what, under which modules."""

    name: str
    build: Callable[[], tuple[Cast, dict[str, Order], list[str]]]
    """The cast, every order by name, and the Timing order (best first)."""
    modules: frozenset[str] = frozenset()


def strike_into_dodge() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast()
    cast.add("Omar", (3, 3), "a", strike=8)
    cast.add("Dirk", (4, 3), "b", facing=6, dodge=7)
    orders = {
        "Omar": cast.order("Omar", cast.act(ActionKind.STRIKE, "Dirk")),
        "Dirk": cast.order("Dirk", cast.act(ActionKind.DODGE)),
    }
    return cast, orders, ["Dirk", "Omar"]


def feint_and_strike() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast()
    cast.add("Frederic", (3, 3), "a", strike=8, feint=6)
    cast.add("Dirk", (4, 3), "b", facing=6, dodge=9, intuition=4)
    orders = {
        "Frederic": cast.order(
            "Frederic", cast.act(ActionKind.FEINT, "Dirk"), cast.act(ActionKind.STRIKE, "Dirk")
        ),
        "Dirk": cast.order("Dirk", cast.act(ActionKind.DODGE)),
    }
    return cast, orders, ["Frederic", "Dirk"]


def disarm_against_grip() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast()
    cast.add("Niles", (3, 3), "a", disarm=8)
    cast.add("Serena", (4, 3), "b", facing=6, grip=7)
    orders = {
        "Niles": cast.order("Niles", cast.act(ActionKind.DISARM, "Serena")),
        "Serena": Order(cast["Serena"]),
    }
    return cast, orders, ["Niles", "Serena"]


def strike_into_block() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast()
    cast.add("Niles", (3, 3), "a", strike=9)
    cast.add("Serena", (4, 3), "b", facing=6, shield=SHIELD, block=6)
    orders = {
        "Niles": cast.order(
            "Niles", cast.act(ActionKind.STRIKE, "Serena"), cast.act(ActionKind.STRIKE, "Serena")
        ),
        "Serena": cast.order("Serena", cast.act(ActionKind.BLOCK)),
    }
    return cast, orders, ["Serena", "Niles"]


def called_shot_at_the_head() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast()
    cast.add("Omar", (3, 3), "a", strike=9)
    cast.add("Yobbo", (4, 3), "b", facing=6)
    head = cast.act(ActionKind.STRIKE, "Yobbo", CalledShot("head", -3))
    return cast, {"Omar": cast.order("Omar", head), "Yobbo": Order(cast["Yobbo"])}, ["Omar", "Yobbo"]


def brawl() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast()
    cast.add("Bully", (3, 3), "a", weapons=(), brawling=5)
    cast.add("Yobbo", (4, 3), "b", facing=6, weapons=(), brawling=3)
    orders = {
        "Bully": cast.order("Bully", cast.act(ActionKind.BRAWLING, "Yobbo")),
        "Yobbo": cast.order("Yobbo", cast.act(ActionKind.BRAWLING, "Bully")),
    }
    return cast, orders, ["Yobbo", "Bully"]


def shot_from_the_side() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast(16, 12)
    cast.add("Alex", (2, 5), "a", weapons=(SHOTGUN,), missile_slug=9)
    cast.add("Omar", (9, 5), "b", facing=0, strike=5)
    orders = {
        "Alex": cast.order("Alex", cast.act(ActionKind.MISSILE_STRIKE, "Omar")),
        "Omar": cast.order("Omar", path=((8, 5),)),
    }
    return cast, orders, ["Omar", "Alex"]


def sprint() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast()
    cast.add("Ix", (1, 1), "a", movement=5, injuries=1)
    cast.add("Foe", (10, 10), "b")
    path = tuple((1 + i, 1) for i in range(1, 8))
    orders = {"Ix": cast.order("Ix", cast.act(ActionKind.SPRINT), path=path), "Foe": Order(cast["Foe"])}
    return cast, orders, ["Ix", "Foe"]


CASES = [
    Case("strike into a Dodge", strike_into_dodge),
    Case("a Feint serving a Strike", feint_and_strike),
    Case("a Disarm against Grip", disarm_against_grip),
    Case("two Strikes into a Block", strike_into_block),
    Case("a Called Shot at the head", called_shot_at_the_head),
    Case("a brawl", brawl),
    Case("a shot at a walker's side", shot_from_the_side, frozenset({"facing", "cover"})),
    Case("a Sprint", sprint),
    Case("strike into a Dodge, with criticals", strike_into_dodge, frozenset({"criticals"})),
    Case("a brawl, with hit locations and their effects", brawl, frozenset({"location_effects"})),
    Case("a Feint and Strike, facing and criticals", feint_and_strike, frozenset({"facing", "criticals"})),
]


def within(observed: float, expected: float, spread: float) -> bool:
    """Whether a mean of ROUNDS draws lies within SIGMAS standard errors (and never asks less
    than one draw's worth of slack, for chances near 0 or 1)."""
    return abs(observed - expected) <= SIGMAS * spread / math.sqrt(ROUNDS) + 1 / ROUNDS


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_round_succeeds_as_often_as_the_forecast_says(case: Case) -> None:
    held_to_its_forecast(case)


def held_to_its_forecast(case: Case) -> None:
    """Play the case's round ROUNDS times and hold every roll and every target's Injuries to
    the forecast."""
    cast, by_name, timing_names = case.build()
    options = RuleOptions(case.modules)
    orders = {cast[name]: order for name, order in by_name.items()}
    timing = [cast[name] for name in timing_names]
    expected = {}
    for name in by_name:
        seen_label: dict[str, int] = {}
        for forecast in forecast_order(cast.world, cast.board, orders, cast[name], options, timing):
            label = spec_of(forecast.action.kind).label
            nth = seen_label[label] = seen_label.get(label, -1) + 1
            expected[(name, label, nth)] = forecast  # the nth roll of that label by that actor
    successes = dict.fromkeys(expected, 0)
    injuries: dict[str, list[int]] = {name: [] for name in by_name}
    for seed in range(ROUNDS):
        world = cast.world.copy()
        events = play_round(world, cast.board, SeededDice(seed), orders, timing_order=timing, options=options)
        for name, label, nth in expected:
            rolled = [
                e for e in events if isinstance(e, Rolled) and e.actor == name and e.action.startswith(label)
            ]
            successes[(name, label, nth)] += len(rolled) > nth and rolled[nth].succeeded
        for name in by_name:
            injuries[name].append(sum(e.added for e in events if isinstance(e, Injured) and e.target == name))
    for key, forecast in expected.items():
        if spec_of(forecast.action.kind).roll_purpose is None:
            continue
        p = float(forecast.success)
        seen = successes[key] / ROUNDS
        assert within(seen, p, math.sqrt(p * (1 - p))), f"{key}: forecast {p:.3f}, seen {seen:.3f}"
    for name, taken in injuries.items():
        dealt = [f for f in expected.values() if f.action.target == cast[name]]
        mean = sum(float(f.expected_injuries) for f in dealt)
        seen = sum(taken) / ROUNDS
        spread = math.sqrt(sum((t - seen) ** 2 for t in taken) / ROUNDS) or 0.5
        assert within(seen, mean, spread), f"Injuries on {name}: forecast {mean:.3f}, seen {seen:.3f}"


HOUSE = Path(__file__).resolve().parent.parent / "docs" / "house-rules"
TABLE = """
name = "table"
label = "Table rules"

[[defence]]
name = "duck"
label = "Duck"
skill = "dodge"
counters = ["missile_strike"]

[[action]]
name = "shove"
label = "Shove"
skill = "brawling"
effect = "push"
"""


def flank_strike() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast()
    cast.add("Omar", (3, 3), "a", strike=6)
    cast.add("Dirk", (3, 4), "b", facing=2, dodge=5, parry=4)  # Omar stands on his left side
    orders = {
        "Omar": cast.order("Omar", cast.act(ActionKind.STRIKE, "Dirk")),
        "Dirk": cast.order("Dirk", cast.act(ActionKind.PARRY)),
    }
    return cast, orders, ["Dirk", "Omar"]


def shot_into_a_duck() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast(16, 8)
    cast.add("Alex", (1, 3), "a", weapons=(SHOTGUN,), missile_slug=9)
    cast.add("Val", (6, 3), "b", facing=6, dodge=6)
    orders = {
        "Alex": cast.order("Alex", cast.act(ActionKind.MISSILE_STRIKE, "Val")),
        "Val": cast.order("Val", cast.act(ActionKind("house_table_duck"))),
    }
    return cast, orders, ["Val", "Alex"]


def shove_into_a_dodge() -> tuple[Cast, dict[str, Order], list[str]]:
    cast = Cast()
    cast.add("Bully", (3, 3), "a", brawling=7)
    cast.add("Val", (4, 3), "b", facing=6, dodge=4)
    orders = {
        "Bully": cast.order("Bully", cast.act(ActionKind("house_table_shove"), "Val")),
        "Val": cast.order("Val", cast.act(ActionKind.DODGE)),
    }
    return cast, orders, ["Val", "Bully"]


def test_house_rules_are_held_to_their_forecast_too(tmp_path: Path) -> None:
    """A house rule's modifier and defence cost (flanking), composed defence and composed
    action: the round plays them as often as the forecast says."""
    from game.content.house_rules import read_house_rule
    from game.rules.house.module import install, uninstall

    (tmp_path / "table.toml").write_text(TABLE)
    rules = [read_house_rule(HOUSE / "flanking.toml"), read_house_rule(tmp_path / "table.toml")]
    for rule in rules:
        install(rule)
    try:
        for case in (
            Case(
                "a Strike from the flank into a Parry", flank_strike, frozenset({"facing", "house_flanking"})
            ),
            Case("a shot into a composed Duck", shot_into_a_duck, frozenset({"house_table"})),
            Case("a composed Shove into a Dodge", shove_into_a_dodge, frozenset({"house_table"})),
        ):
            held_to_its_forecast(case)
    finally:
        for rule in rules:
            uninstall(rule.name)
