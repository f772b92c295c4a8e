"""The side initiative module (seed 002 Basics): on the first round a d4 puts one side ahead of
the other in the Timing order (3–4 the first side, 1–2 the other); later rounds use Timing."""

from __future__ import annotations

import pytest
from builders import Cast

from game.rules.dice import ScriptedDice
from game.rules.events import TimingOrderSet
from game.rules.modules.side_initiative import InitiativeRolled
from game.rules.options import RuleOptions
from game.rules.positions import name_of
from game.rules.round import Round

ON = RuleOptions({"side_initiative"})
TIMING = {"Omar:Timing": [5], "Serena:Timing": [2], "Niles:Timing": [9]}
# Omar 5 + 3 = 8, Serena 2 + 4 = 6, Niles 9 + 5 = 14: by Timing alone Niles, Omar, Serena.


def cast() -> Cast:
    c = Cast()
    c.add("Omar", (3, 5), "hunters", agility=3)
    c.add("Serena", (3, 4), "hunters", agility=4)
    c.add("Niles", (6, 5), "assassin", agility=5)
    return c


def order_after(die: int | None, number: int = 1, options: RuleOptions = ON) -> tuple[list[str], Round]:
    c = cast()
    keyed = dict(TIMING)
    if die is not None:
        keyed["Sides:Initiative"] = [die]
    dice = ScriptedDice(keyed=keyed)
    rnd = Round(c.world, c.board, dice, number, options=options)
    assert dice.unused() == {}
    (timing,) = [e for e in rnd.events if isinstance(e, TimingOrderSet)]
    return list(timing.order), rnd


@pytest.mark.parametrize("die", [3, 4])
def test_3_or_4_puts_the_first_side_ahead_each_in_its_timing_order(die: int) -> None:
    order, rnd = order_after(die)
    assert order == ["Omar", "Serena", "Niles"]
    (rolled,) = [e for e in rnd.events if isinstance(e, InitiativeRolled)]
    assert rolled.text() == (
        f"Side initiative: d4 {die} (3–4: the first side, hunters; 1–2: the other): "
        "hunters first, declaring last and resolving first"
    )


@pytest.mark.parametrize("die", [1, 2])
def test_1_or_2_puts_the_other_side_ahead(die: int) -> None:
    order, _ = order_after(die)
    assert order == ["Niles", "Omar", "Serena"]


def test_the_side_acting_first_declares_last() -> None:
    _, rnd = order_after(3)
    assert [name_of(rnd.world, e) for e in rnd.declaration_order] == ["Niles", "Serena", "Omar"]


def test_later_rounds_use_timing_alone() -> None:
    order, rnd = order_after(None, number=2)
    assert order == ["Niles", "Omar", "Serena"]
    assert not [e for e in rnd.events if isinstance(e, InitiativeRolled)]


def test_with_the_module_off_no_d4_is_rolled() -> None:
    order, _ = order_after(None, options=RuleOptions())
    assert order == ["Niles", "Omar", "Serena"]


def test_a_fixed_timing_order_is_final() -> None:
    c = cast()
    fixed = [c["Serena"], c["Niles"], c["Omar"]]
    rnd = Round(c.world, c.board, ScriptedDice(), 1, fixed, ON)
    assert rnd.timing == fixed


def test_one_side_alone_rolls_nothing() -> None:
    c = Cast()
    c.add("Omar", (3, 5), "hunters")
    c.add("Serena", (3, 4), "hunters")
    rnd = Round(
        c.world, c.board, ScriptedDice(keyed={"Omar:Timing": [1], "Serena:Timing": [2]}), 1, options=ON
    )
    assert not [e for e in rnd.events if isinstance(e, InitiativeRolled)]
