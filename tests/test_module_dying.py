"""Dying to Death (seed 002): a hit that Defeats its target rolls d5: 1–2 dead, 3 unconscious
for d3+1 rounds then up with 2 Injuries, 4 a lost limb (d4) then as 3, 5 internal bleeding."""

from __future__ import annotations

import pytest
from builders import Cast

from game.core.equipment import Weapon
from game.rules.dice import ScriptedDice
from game.rules.events import Killed, Rolled, WeaponFell
from game.rules.forecast import forecast_order
from game.rules.hits import TableRolled
from game.rules.modules.dying import TABLE, dying_line
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.stats import movement_rate
from game.rules.statuses import statuses_of
from game.rules.validate import validate_order
from game.world import Condition, Equipment

ON = RuleOptions({"dying"})
GREATSWORD = Weapon("greatsword", hands=2, injury=3)


def duel(**niles: object) -> Cast:
    """Omar (sword, Strike 6) against Niles, two Injuries already."""
    cast = Cast()
    cast.add("Omar", (3, 5), "a", strike=6)
    cast.add("Niles", (4, 5), "b", facing=6, **{"injuries": 2, "strike": 7, **niles})  # type: ignore[arg-type]
    return cast


def strike(cast: Cast, dice: dict[str, list[int]], number: int = 1, options=ON) -> list:
    """Omar Strikes Niles (Niles declares `orders` of its own, none by default)."""
    orders = {cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles"))}
    timing = [cast["Omar"], cast["Niles"]]
    if not cast.world.get(cast["Niles"], Condition).can_act:
        timing = [cast["Omar"]]
    return play_round(cast.world, cast.board, ScriptedDice(keyed=dice), orders, number, timing, options)


def tables(events: list) -> list[str]:
    return [e.text() for e in events if isinstance(e, TableRolled)]


HIT = {"Omar:Strike": [2], "Niles:Withstand Injury": [12]}


def test_the_table_is_the_seeds() -> None:
    assert [TABLE[d] for d in range(1, 6)] == [
        "instant death",
        "instant death",
        "unconscious",
        "a lost limb",
        "internal bleeding",
    ]
    assert dying_line("Niles") == (
        "a hit that Defeats Niles rolls d5 [Dying]: 1–2 instant death, 3 unconscious, "
        "4 a lost limb, 5 internal bleeding"
    )
    assert ON.on == {"dying", "criticals"}


@pytest.mark.parametrize("die", [1, 2])
def test_a_1_or_2_is_instant_death(die: int) -> None:
    cast = duel()
    events = strike(cast, {**HIT, "Niles:Dying": [die]})
    assert tables(events) == [f"Niles — Dying: d5 {die}: instant death"]
    assert cast.world.get(cast["Niles"], Condition).dead


def test_without_the_module_a_defeat_is_only_a_defeat() -> None:
    cast = duel()
    events = strike(cast, HIT, options=RuleOptions())
    assert tables(events) == []
    condition = cast.world.get(cast["Niles"], Condition)
    assert condition.defeated and not condition.dead


def test_a_3_is_unconscious_for_d3_plus_1_rounds_then_up_with_2_injuries() -> None:
    cast = duel()
    events = strike(cast, {**HIT, "Niles:Dying": [3], "Niles:Unconscious": [1]})
    assert tables(events) == ["Niles — Dying: d5 3: unconscious"]
    assert "Niles: Unconscious until the end of round 3: d3+1 = 2 rounds, then up with 2 Injuries" in [
        e.text() for e in events
    ]
    idle = {cast["Omar"]: cast.order("Omar")}
    play_round(cast.world, cast.board, ScriptedDice(), idle, 2, [cast["Omar"]], ON)
    assert cast.world.get(cast["Niles"], Condition).defeated
    events = play_round(cast.world, cast.board, ScriptedDice(), idle, 3, [cast["Omar"]], ON)
    assert "Niles wakes up with 2 Injuries and fights on" in [e.text() for e in events]
    condition = cast.world.get(cast["Niles"], Condition)
    assert (condition.injuries, condition.defeated, condition.can_act) == (2, False, True)
    # Defeated again: the table again (HP at 0 again).
    events = strike(cast, {**HIT, "Niles:Dying": [1]}, number=4)
    assert tables(events) == ["Niles — Dying: d5 1: instant death"]


def test_a_4_loses_a_limb_and_what_its_hand_holds() -> None:
    cast = duel()
    dice = {**HIT, "Niles:Dying": [4], "Niles:Lost Limb": [2], "Niles:Unconscious": [3]}
    events = strike(cast, dice)
    assert tables(events) == ["Niles — Dying: d5 4: a lost limb: the right arm"]
    assert [e.text() for e in events if isinstance(e, WeaponFell)] == [
        "Niles's sword falls at (4, 5) (the lost right arm)"
    ]
    assert [s.label for s in statuses_of(cast.world, cast["Niles"], "dying")] == [
        "Lost (right arm)",
        "Unconscious",
    ]
    # One-armed, Niles may not swing a two-handed weapon.
    cast.world.set(cast["Niles"], Equipment((GREATSWORD,)))
    cast.world.set(cast["Niles"], Condition(injuries=2))
    order = cast.order("Niles", cast.act(K.STRIKE, "Omar"))
    assert validate_order(cast.world, cast.board, order, {}, ON) == [
        "Niles lost the right arm: no attack with the two-handed greatsword"
    ]


def test_a_lost_leg_halves_the_movement_rate() -> None:
    cast = duel(movement=5)
    strike(cast, {**HIT, "Niles:Dying": [4], "Niles:Lost Limb": [3], "Niles:Unconscious": [1]})
    assert "− 3 [Lost Leg (halved)]" in movement_rate(cast.world, cast["Niles"]).text()


def test_a_5_is_internal_bleeding_fighting_on_at_minus_3_then_death_when_defeated_again() -> None:
    cast = duel()
    events = strike(cast, {**HIT, "Niles:Dying": [5]})
    assert tables(events) == ["Niles — Dying: d5 5: internal bleeding: −3 to every skill roll"]
    assert "Niles is not Defeated: bleeding inside, it fights on" in [e.text() for e in events]
    condition = cast.world.get(cast["Niles"], Condition)
    assert (condition.injuries, condition.can_act) == (3, True)
    # Round 2: Niles strikes back at 7 − 3 [Injury Penalty] − 3 [Internal Bleeding] = 1.
    orders = {
        cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles")),
        cast["Niles"]: cast.order("Niles", cast.act(K.STRIKE, "Omar")),
    }
    dice = ScriptedDice(keyed={"Niles:Strike": [2], "Omar:Strike": [3], "Niles:Withstand Injury": [12]})
    events = play_round(cast.world, cast.board, dice, orders, 2, [cast["Niles"], cast["Omar"]], ON)
    mine = next(e for e in events if isinstance(e, Rolled) and e.actor == "Niles")
    assert mine.text() == (
        "Niles — Strike on Omar: 7 [Strike] − 3 [Injury Penalty] − 3 [Internal Bleeding] = 1; rolled 2: miss"
    )
    assert [e.target for e in events if isinstance(e, Killed)] == ["Niles"]
    assert tables(events) == []  # no second table: "HP below −2"


def test_the_forecast_names_the_table() -> None:
    cast = duel()
    orders = {cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles"))}
    found = forecast_order(cast.world, cast.board, orders, cast["Omar"], ON)
    assert dying_line("Niles") in [n for attack in found for n in attack.notes]
