"""The criticals and fumbles module (seed 002 Critical Rolls): a natural 1 ignores the Defense
Penalties and rolls the critical table; a natural 12 rolls the fumble table."""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import DAGGER, SWORD, Cast

from game.core.equipment import Armour
from game.rules.dice import ScriptedDice
from game.rules.events import Hit, Injured, Rolled, WeaponFell
from game.rules.forecast import forecast_order
from game.rules.hits import TableRolled
from game.rules.modules.criticals import ArmourDamaged, critical_result
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.statuses import StatusGained, StatusLost, statuses_of
from game.rules.validate import validate_order
from game.world import Equipment, Item

ON = RuleOptions({"criticals"})
MAIL = Armour("chain mail", 4)


def melee(**niles: object) -> Cast:
    cast = Cast()
    cast.add("Omar", (3, 5), "a", strike=6)
    cast.add("Serena", (3, 4), "a", strike=6)
    kw = {"weapons": (DAGGER,), "dodge": 8, "strike": 7, "armour": MAIL, **niles}
    cast.add("Niles", (4, 5), "b", facing=6, **kw)  # type: ignore[arg-type]
    return cast


def play(cast: Cast, dice: ScriptedDice, orders: dict[str, tuple], number: int = 1, options=ON) -> list:
    by_actor = {cast[n]: cast.order(n, *acts) for n, acts in orders.items()}
    timing = [cast["Niles"], cast["Omar"], cast["Serena"]]
    return play_round(cast.world, cast.board, dice, by_actor, number, timing, options)


def tables(events: list) -> list[str]:
    return [e.text() for e in events if isinstance(e, TableRolled)]


def test_a_natural_1_ignores_the_defense_penalties_and_rolls_the_critical_table() -> None:
    cast = melee()
    dice = ScriptedDice(
        keyed={
            "Niles:Dodge": [8],
            "Omar:Strike": [1],
            "Omar:Critical": [2],
            "Niles:Withstand Injury": [3],
        }
    )
    events = play(cast, dice, {"Niles": (cast.act(K.DODGE),), "Omar": (cast.act(K.STRIKE, "Niles"),)})
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "Omar")
    assert strike.text() == (
        "Omar — Strike on Niles: 6 [Strike] − 8 [Dodge] = −2; rolled 1: hit "
        "(natural 1, critical: the Defense Penalties do not count (6))"
    )
    assert tables(events) == [
        "Omar — Critical on Niles: d4 2: armour breached "
        "(−1 to this Withstand Injury and to the armour for the battle)"
    ]
    withstand = next(e for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury")
    assert "− 1 [Armour Breached]" in withstand.breakdown.text()
    assert [e.withstand for e in events if isinstance(e, ArmourDamaged)] == [3]
    assert cast.world.get(cast["Niles"], Equipment).armour == Armour("chain mail", 3)


def test_without_the_module_a_1_against_a_dodge_of_8_is_impossible() -> None:
    cast = melee()
    dice = ScriptedDice(keyed={"Niles:Dodge": [8]})
    events = play(
        cast,
        dice,
        {"Niles": (cast.act(K.DODGE),), "Omar": (cast.act(K.STRIKE, "Niles"),)},
        options=RuleOptions(),
    )
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "Omar")
    assert strike.outcome == "impossible"


@pytest.mark.parametrize(
    ("die", "missile", "result"),
    [
        (1, False, "max damage"),
        (2, False, "armour breached"),
        (2, True, "bleeding"),
        (3, True, "faint"),
        (4, False, "double damage"),
    ],
)
def test_the_critical_table(die: int, missile: bool, result: str) -> None:
    assert critical_result(die, missile) == result


def test_max_damage_injures_without_a_roll_and_double_damage_doubles() -> None:
    cast = melee()
    keyed = {"Omar:Strike": [1], "Omar:Critical": [1], "Serena:Strike": [1], "Serena:Critical": [4]}
    dice = ScriptedDice(keyed={**keyed, "Niles:Withstand Injury": [11]})
    events = play(
        cast, dice, {"Omar": (cast.act(K.STRIKE, "Niles"),), "Serena": (cast.act(K.STRIKE, "Niles"),)}
    )
    assert [e.added for e in events if isinstance(e, Injured)] == [1, 2]
    assert len([e for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury"]) == 1


def test_a_faint_forbids_attacks_until_the_end_of_the_next_round() -> None:
    cast = melee()
    keyed = {"Omar:Strike": [1], "Omar:Critical": [3], "Niles:Withstand Injury": [1], "Niles:Strike": [11]}
    dice = ScriptedDice(keyed=keyed)
    events = play(
        cast, dice, {"Omar": (cast.act(K.STRIKE, "Niles"),), "Niles": (cast.act(K.STRIKE, "Omar"),)}
    )
    gained = [e.text() for e in events if isinstance(e, StatusGained)]
    assert gained == ["Niles: Faint until the end of round 2: no offensive actions"]
    # Niles acts first in Timing, so his Strike came before the faint.
    order = cast.order("Niles", cast.act(K.STRIKE, "Omar"))
    assert validate_order(cast.world, cast.board, order, {}, ON) == [
        "Niles is faint (a critical hit) until the end of round 2: no offensive actions"
    ]
    events = play(cast, ScriptedDice(), {"Niles": (cast.act(K.DODGE),)}, number=2)
    assert [e.text() for e in events if isinstance(e, StatusLost)] == [
        "Niles: no more Faint: the faint passes"
    ]
    assert validate_order(cast.world, cast.board, order, {}, ON) == []


def test_a_fumble_can_hit_the_nearest_ally() -> None:
    cast = melee()
    dice = ScriptedDice(keyed={"Serena:Strike": [12], "Serena:Fumble": [3], "Omar:Withstand Injury": [12]})
    events = play(cast, dice, {"Serena": (cast.act(K.STRIKE, "Niles"),)})
    assert tables(events) == ["Serena — Fumble on Niles: d6 3: an ally hit: Omar is hit instead"]
    assert [(e.actor, e.target) for e in events if isinstance(e, Hit)] == [("Serena", "Omar")]
    assert [e.target for e in events if isinstance(e, Injured)] == ["Omar"]


def test_a_fumble_can_give_the_enemy_a_free_attack() -> None:
    cast = melee()
    dice = ScriptedDice(keyed={"Omar:Strike": [12], "Omar:Fumble": [6], "Niles:Strike": [12]})
    events = play(cast, dice, {"Omar": (cast.act(K.STRIKE, "Niles"),)})
    assert tables(events) == ["Omar — Fumble on Niles: d6 6: a free attack: Niles's Strike on Omar"]
    free = next(e for e in events if isinstance(e, Rolled) and e.actor == "Niles")
    # No Action Penalty; a free attack's own 12 fumbles nothing.
    assert free.text() == "Niles — Strike on Omar: 7 [Strike] = 7; rolled 12: miss (natural 12, fumble)"
    assert dice.unused() == {}


def test_a_fumble_can_drop_the_weapon_at_the_attackers_feet() -> None:
    cast = melee()
    dice = ScriptedDice(keyed={"Omar:Strike": [12], "Omar:Fumble": [1]})
    events = play(cast, dice, {"Omar": (cast.act(K.STRIKE, "Niles"),)})
    assert [e.text() for e in events if isinstance(e, WeaponFell)] == [
        "Omar's sword falls at (3, 5) (fumble)"
    ]
    assert cast.world.get(cast["Omar"], Equipment).weapons == ()
    assert [i.weapon for _, i in cast.world.query(Item)] == [SWORD]


def test_a_stuck_weapon_cannot_attack_until_a_grip_works_it_loose() -> None:
    cast = melee()
    dice = ScriptedDice(keyed={"Omar:Strike": [12], "Omar:Fumble": [5]})
    play(cast, dice, {"Omar": (cast.act(K.STRIKE, "Niles"),)})
    assert [s.label for s in statuses_of(cast.world, cast["Omar"])] == ["Stuck (sword)"]
    strike = cast.order("Omar", cast.act(K.STRIKE, "Niles"))
    reason = "Omar's sword is stuck (a fumble): a Grip roll at a round's end frees it"
    assert validate_order(cast.world, cast.board, strike, {}, ON) == [reason]
    # Round 2: the first Grip roll fails; round 3: it works loose.
    play(cast, ScriptedDice(keyed={"Omar:Grip": [11]}), {}, number=2)
    assert statuses_of(cast.world, cast["Omar"])
    events = play(cast, ScriptedDice(keyed={"Omar:Grip": [2]}), {}, number=3)
    assert [e.text() for e in events if isinstance(e, StatusLost)] == [
        "Omar: no more Stuck (sword): worked loose"
    ]
    assert validate_order(cast.world, cast.board, strike, {}, ON) == []


def test_a_disarm_critical_ignores_defences_but_rolls_no_table() -> None:
    cast = melee()
    keyed = {"Niles:Dodge": [8], "Niles:Grip": [12], "Omar:Disarm": [1]}
    dice = ScriptedDice(keyed={**keyed, "Disarm:distance": [1], "Disarm:tile": [1]})
    events = play(cast, dice, {"Niles": (cast.act(K.DODGE),), "Omar": (cast.act(K.DISARM, "Niles"),)})
    assert tables(events) == []
    assert any(e.kind == "weapon_dropped" for e in events)


def test_a_stat_below_1_without_the_defences_still_rolls_no_die() -> None:
    cast = Cast()
    cast.add("Omar", (3, 5), "a", strike=0)
    cast.add("Niles", (4, 5), "b", facing=6)
    orders = {cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles"))}
    events = play_round(cast.world, cast.board, ScriptedDice(), orders, 1, [cast["Omar"], cast["Niles"]], ON)
    assert next(e for e in events if isinstance(e, Rolled)).outcome == "impossible"


def test_the_forecast_counts_the_critical_that_ignores_a_dodge() -> None:
    cast = melee()
    orders = {
        cast["Niles"]: cast.order("Niles", cast.act(K.DODGE)),
        cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles")),
    }
    (on,) = forecast_order(cast.world, cast.board, orders, cast["Omar"], ON)
    (off,) = forecast_order(cast.world, cast.board, orders, cast["Omar"], RuleOptions())
    # Dodge 8: fails on 9–12, else a penalty of its roll r; Omar's 6 − r still hits on 1..6 − r.
    assert off.success == Fraction(4, 12) * Fraction(6, 12) + Fraction(1, 12) * Fraction(
        5 + 4 + 3 + 2 + 1, 12
    )
    # With criticals a natural 1 also hits when the Dodge rolled 6, 7 or 8 (6 − r < 1).
    assert on.success - off.success == Fraction(3, 12) * Fraction(1, 12)
    assert any(n.startswith("natural 1 (1 in 12): critical") for n in on.notes)
