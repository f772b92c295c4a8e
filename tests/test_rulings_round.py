"""Rulings of docs/rulings.md that the worked examples do not reach, each with scripted dice.

Timing ties, Injuries counting at once, where a disarmed weapon lands, facing
after moving, Grip, injury and defeat, armour, sight through combatants, and
a Feint whose Strike cannot reach.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from game.core.equipment import Armour, Weapon
from game.core.geometry import chebyshev
from game.rules.dice import ScriptedDice
from game.rules.events import (
    ActionNullified,
    Defeated,
    Event,
    Injured,
    Killed,
    Moved,
    TimingOrderSet,
    TimingRolled,
    Turned,
    WeaponDropped,
)
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.positions import tile_of
from game.rules.round import Round, play_round
from game.rules.stats import movement_rate, skill_roll
from game.world import Condition, Equipment, Facing, Item, Position
from tests.builders import BLASTER, DAGGER, PLATE, SHIELD, Cast, of_type, rolls, the_roll

GREATAXE = Weapon("greataxe", hands=2, injury=4)


def play(cast: Cast, dice: ScriptedDice, *orders: Order, timing: Sequence[str] | None) -> list[Event]:
    by_actor = {o.actor: o for o in orders}
    fixed = [cast[n] for n in timing] if timing is not None else None
    return play_round(cast.world, cast.board, dice, by_actor, timing_order=fixed)


# ------------------------------------------------------------------------------- Timing


def test_timing_ties_are_rerolled_among_the_tied_only_and_keep_their_place() -> None:
    """A and B tie on 9 and re-roll between themselves; C (10) stays first, D (4) last."""
    cast = Cast()
    for name, x in (("A", 1), ("B", 3), ("C", 5), ("D", 7)):
        cast.add(name, (x, 1), name.lower())
    dice = ScriptedDice(keyed={"A:Timing": [6, 2], "B:Timing": [6, 5], "C:Timing": [7], "D:Timing": [1]})
    rnd = Round(cast.world, cast.board, dice)
    order = next(e for e in rnd.events if isinstance(e, TimingOrderSet)).order
    assert order == ("C", "B", "A", "D")
    rerolls = [(e.actor, e.reroll) for e in rnd.events if isinstance(e, TimingRolled) and e.reroll]
    assert rerolls == [("A", 1), ("B", 1)]
    assert dice.unused() == {}


def test_timing_takes_the_injury_penalty() -> None:
    cast = Cast()
    cast.add("Hurt", (1, 1), "a", agility=5, injuries=2)
    assert skill_roll(cast.world, cast["Hurt"], "timing", None).text() == (
        "5 [Timing] − 2 [Injury Penalty] = 3"
    )


# -------------------------------------------------------------------------- Injuries


def test_an_injury_taken_early_penalises_the_victims_later_roll_that_round() -> None:
    """A (faster) hits B; B's own Strike later in the Resolution Stage is at −1."""
    cast = Cast()
    cast.add("A", (1, 1), "a", strike=8)
    cast.add("B", (2, 1), "b", strike=8, stamina=3)
    dice = ScriptedDice(keyed={"A:Strike": [1], "B:Withstand Injury": [12], "B:Strike": [12]})
    events = play(
        cast,
        dice,
        cast.order("A", cast.act(K.STRIKE, "B")),
        cast.order("B", cast.act(K.STRIKE, "A")),
        timing=["A", "B"],
    )
    assert the_roll(events, "B", "Strike").breakdown.text() == "8 [Strike] − 1 [Injury Penalty] = 7"
    assert dice.unused() == {}


def test_withstand_injury_with_armour_shield_and_the_weapon_rating() -> None:
    """RULES.md §7: Withstand (Stamina) + armour + shield − the weapon's injury rating."""
    cast = Cast()
    cast.add("A", (1, 1), "a", weapons=(GREATAXE,), strike=9)
    cast.add("B", (2, 1), "b", stamina=4, armour=PLATE, shield=SHIELD)
    dice = ScriptedDice(keyed={"A:Strike": [1], "B:Withstand Injury": [10]})
    events = play(cast, dice, cast.order("A", cast.act(K.STRIKE, "B")), timing=["A", "B"])
    withstand = the_roll(events, "B", "Withstand Injury")
    assert withstand.breakdown.text() == (
        "4 [Withstand Injury] + 8 [full plate] + 1 [round shield] − 4 [greataxe Injury Rating] = 9"
    )
    assert [(i.target, i.injuries) for i in of_type(events, Injured)] == [("B", 1)]


def test_three_injuries_defeat_and_a_failed_roll_while_defeated_kills() -> None:
    cast = Cast()
    cast.add("A", (1, 1), "a", strike=9)
    cast.add("B", (2, 1), "b", stamina=8, injuries=2)
    dice = ScriptedDice(keyed={"A:Strike": [1, 1], "B:Withstand Injury": [12, 12]})
    events = play(
        cast, dice, cast.order("A", cast.act(K.STRIKE, "B"), cast.act(K.STRIKE, "B")), timing=["A", "B"]
    )
    assert [e.target for e in of_type(events, Defeated)] == ["B"]
    assert [e.target for e in of_type(events, Killed)] == ["B"]
    assert cast.world.get(cast["B"], Condition) == Condition(injuries=3, defeated=True, dead=True)
    assert dice.unused() == {}


def test_a_called_shot_at_a_vulnerable_part_withstands_at_minus_3_and_deals_two_injuries() -> None:
    from game.rules.called_shots import called_shot

    cast = Cast()
    cast.add("A", (1, 1), "a", strike=9)
    cast.add("B", (2, 1), "b", stamina=6)
    dice = ScriptedDice(keyed={"A:Strike": [1], "B:Withstand Injury": [2]})
    neck = cast.order("A", cast.act(K.STRIKE, "B", called_shot("neck")))
    events = play(cast, dice, neck, timing=["A", "B"])
    withstand = the_roll(events, "B", "Withstand Injury")
    assert withstand.breakdown.text() == (
        "6 [Withstand Injury] − 2 [sword Injury Rating] − 3 [Vulnerable Area] = 1"
    )
    assert [(i.added, i.injuries) for i in of_type(events, Injured)] == [(2, 2)]


def test_bare_hands_have_injury_rating_0() -> None:
    cast = Cast()
    cast.add("A", (1, 1), "a", weapons=(), brawling=9)
    cast.add("B", (2, 1), "b", stamina=3)
    dice = ScriptedDice(keyed={"A:Brawling": [1], "B:Withstand Injury": [1]})
    events = play(cast, dice, cast.order("A", cast.act(K.BRAWLING, "B")), timing=["A", "B"])
    assert the_roll(events, "B", "Withstand Injury").breakdown.text() == "3 [Withstand Injury] = 3"


# ------------------------------------------------------------------------------ Armour


def test_armour_hampers_combat_skills_and_movement_but_not_grip_timing_or_withstand() -> None:
    cast = Cast()
    cast.add("Knight", (1, 1), "a", armour=PLATE, movement=5)
    world, knight = cast.world, cast["Knight"]
    assert skill_roll(world, knight, "strike", None).text() == "3 [Strike] − 2 [full plate] = 1"
    for skill in ("grip", "timing", "withstand_injury"):
        assert "full plate" not in skill_roll(world, knight, skill, None).text(), skill
    assert movement_rate(world, knight).text() == "5 [Movement] − 4 [full plate] = 1"


# --------------------------------------------------------------------------- Disarm


def test_a_disarmed_weapon_lands_d3_tiles_away_on_a_free_tile_melee_weapon_first() -> None:
    """RULES.md [design]: 1–3 tiles away (d3), a random free tile at that distance; the
    target's melee weapon falls first (the dagger, not the blaster)."""
    cast = Cast()
    cast.add("A", (5, 5), "a", disarm=9)
    cast.add("B", (6, 5), "b", weapons=(BLASTER, DAGGER))
    dice = ScriptedDice(keyed={"B:Grip": [12], "A:Disarm": [1], "Disarm:distance": [3], "Disarm:tile": [1]})
    events = play(cast, dice, cast.order("A", cast.act(K.DISARM, "B")), timing=["A", "B"])
    (dropped,) = of_type(events, WeaponDropped)
    assert dropped.weapon == "dagger"
    assert chebyshev(dropped.tile, (6, 5)) == 3
    assert [w.name for w in cast.world.get(cast["B"], Equipment).weapons] == ["blaster"]
    assert [(pos.tile, item.weapon.name) for _, pos, item in cast.world.query(Position, Item)] == [
        (dropped.tile, "dagger")
    ]
    assert dice.unused() == {}


def test_grip_has_no_action_penalty_but_the_injury_penalty_and_one_roll_per_disarm() -> None:
    cast = Cast()
    cast.add("A", (5, 5), "a", disarm=2)
    cast.add("B", (6, 5), "b", grip=6, injuries=1, dodge=5)
    dice = ScriptedDice(keyed={"B:Grip": [9, 9], "B:Dodge": [12, 12], "A:Disarm": [12, 12]})
    events = play(
        cast,
        dice,
        cast.order("B", cast.act(K.DODGE), cast.act(K.DODGE)),  # an Action Penalty of −1 …
        cast.order("A", cast.act(K.DISARM, "B"), cast.act(K.DISARM, "B")),
        timing=["A", "B"],
    )
    grips = rolls(events, "B", "Grip")
    # … that Grip does not take; the Injury Penalty it does.
    assert [g.breakdown.text() for g in grips] == ["6 [Grip] − 1 [Injury Penalty] = 5"] * 2


# ---------------------------------------------------------------- facing after moving


@pytest.mark.parametrize(
    ("path", "facing", "expected"),
    [
        (((4, 4), (5, 4)), 4, 4),  # the declared facing (S)
        (((4, 4), (5, 3)), None, 1),  # else the direction of the last step (NE)
        ((), None, 2),  # else unchanged (E)
    ],
)
def test_facing_after_moving(path: tuple, facing: int | None, expected: int) -> None:
    cast = Cast()
    cast.add("Walker", (3, 4), "a", facing=2, movement=4)
    cast.add("Other", (10, 10), "b")
    order = cast.order("Walker", path=path, facing=facing)
    events = play(cast, ScriptedDice(), order, timing=["Walker", "Other"])
    assert cast.world.get(cast["Walker"], Facing).direction == expected
    if not path:
        assert of_type(events, Moved) == [] and of_type(events, Turned) == []


def test_turning_without_moving_is_logged() -> None:
    cast = Cast()
    cast.add("Walker", (3, 4), "a", facing=2)
    cast.add("Other", (10, 10), "b")
    events = play(cast, ScriptedDice(), cast.order("Walker", facing=6), timing=["Walker", "Other"])
    assert of_type(events, Turned) == [Turned("Walker", "W")]


# --------------------------------------------------------------------------- sight


def test_combatants_do_not_block_line_of_sight() -> None:
    cast = Cast(width=20, height=5)
    cast.add("Shooter", (1, 2), "a", weapons=(BLASTER,), missile_beam=9)
    cast.add("Friend", (5, 2), "a")
    cast.add("Foe", (10, 2), "b")
    dice = ScriptedDice(keyed={"Shooter:Missile Strike": [12]})
    shot = cast.order("Shooter", cast.act(K.MISSILE_STRIKE, "Foe"))
    events = play(cast, dice, shot, timing=["Shooter", "Friend", "Foe"])
    assert the_roll(events, "Shooter", "Missile Strike").breakdown.total == 9


# ----------------------------------------------------------------------------- Feints


def test_a_feint_whose_strike_cannot_reach_is_nullified_and_not_rolled() -> None:
    """The Feint goes with its Strike (CO.09): the target walked out of reach before the
    Feints are rolled, so neither happens."""
    cast = Cast(width=20, height=5)
    cast.add("Faker", (3, 2), "a", strike=8, feint=6, movement=2)
    cast.add("Mark", (6, 2), "b", movement=4)
    away = ((7, 2), (8, 2), (9, 2))
    dice = ScriptedDice()
    events = play(
        cast,
        dice,
        cast.order("Mark", path=away),
        cast.order("Faker", cast.act(K.STRIKE, "Mark"), cast.act(K.FEINT), path=((4, 2), (5, 2))),
        timing=["Mark", "Faker"],
    )
    assert [(e.action, e.reason) for e in of_type(events, ActionNullified)] == [
        ("Feint", "Mark is out of reach"),
        ("Strike", "Mark is out of reach"),
    ]
    assert rolls(events, "Faker") == []
    assert tile_of(cast.world, cast["Mark"]) == (9, 2)


def test_a_failed_sprint_still_moves_the_movement_rate_and_armour_slows_it() -> None:
    cast = Cast(width=20, height=5)
    cast.add("Knight", (1, 2), "a", armour=Armour("mail", 4, -1, -1), movement=5)
    cast.add("Other", (15, 4), "b")
    path = tuple((1 + i, 2) for i in range(1, 9))  # 4 [Movement] + at most 4 [Sprint roll]
    dice = ScriptedDice(keyed={"Knight:Sprint": [12]})
    events = play(cast, dice, cast.order("Knight", cast.act(K.SPRINT), path=path), timing=["Knight", "Other"])
    (moved,) = of_type(events, Moved)
    assert (moved.allowed, moved.path[-1]) == (4.0, (5, 2))
    assert moved.note.startswith("Sprint failed: 4 [Movement] m")
    assert dice.unused() == {}


# ------------------------------------------------------------------ declaration checks


def test_a_missile_strike_is_judged_on_the_targets_tile_now_or_its_declared_path_end() -> None:
    """Declared positions count: a target 25 m off that declared a walk into the blaster's
    20 m short range … 100 m long range is in range either way; behind a wall it is not in
    sight; out of every band it is refused."""
    from game.rules.validate import validate_order

    cast = Cast(width=110, height=5, walls=[(60, 2), (60, 3), (60, 4)])
    cast.add("Shooter", (1, 2), "a", weapons=(BLASTER,), missile_beam=9)
    cast.add("Near", (26, 2), "b", movement=4)
    cast.add("Hidden", (70, 3), "b")
    cast.add("Far", (103, 0), "b", movement=4)  # 102 m: beyond the blaster's 100 m
    names = ("Near", "Hidden", "Far")
    shoot = {name: cast.order("Shooter", cast.act(K.MISSILE_STRIKE, name)) for name in names}
    assert validate_order(cast.world, cast.board, shoot["Near"]) == []
    assert validate_order(cast.world, cast.board, shoot["Hidden"]) == ["no line of sight to Hidden"]
    assert validate_order(cast.world, cast.board, shoot["Far"]) == ["Far is out of range of your blaster"]
    # Far declared (earlier, worse Timing) a walk to 98 m away: in long range at its path end.
    walk_in = cast.order("Far", path=tuple((103 - i, 0) for i in range(1, 5)))
    earlier = {cast["Far"]: walk_in}
    assert validate_order(cast.world, cast.board, shoot["Far"], earlier) == []
