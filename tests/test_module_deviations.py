"""The seven deviations of the landed modules (issue 50), each held against its clause with
scripted dice.  Every test here failed on the code before the fix:

1. a Feint serves a Charge (CO.09: a Feint enhances a Strike; a Charge is one), and the
   Charge's roll keeps the Feint's bonus;
2. an Overwatch shot counts the mover's Evade only for the metres run before the shot
   (CO.15, RULES.md §5);
3. Careful Aim breaks when the target walks out of sight, even if it comes back (seed 001:
   "at all times");
4. high cover shows the head and the weapon arm of a one-handed shooter, not both arms
   (RULES.md §8; seed 001 Dodging Fire: "his weapon hand");
5. a melee fumble rolls seed 002's melee table (d6), a missile's its ranged table (d4);
6. a Charge ends adjacent to its target, a spear's too (seed 001);
7. a spear or a pole arm meets a Charge first, a quarterstaff does not (seed 001).
"""

from __future__ import annotations

from game.content.armory import default_armory
from game.core.equipment import Weapon
from game.rules.dice import ScriptedDice
from game.rules.events import Event, Hit, Rolled
from game.rules.hits import HitStopped
from game.rules.modules.careful_aim import AIM, Aiming, AimLost
from game.rules.modules.charge import CHARGE, StrikesFirst
from game.rules.modules.fumbles import WeaponDamaged
from game.rules.modules.overwatch import OVERWATCH
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.rules.validate import validate_order
from game.world import Equipment
from tests.builders import BLASTER, SHOTGUN, Cast, log_text, of_type, the_roll

SPEAR = Weapon("spear", hands=2, reach=2, injury=2, traits=frozenset({"pole"}))
QUARTERSTAFF = Weapon("quarterstaff", hands=2, reach=2, parry_modifier=1, injury=1)


def play(cast: Cast, options: set[str], *orders: Order, dice: dict, timing: tuple[str, ...], number: int = 1):
    by_actor = {o.actor: o for o in orders}
    fixed = [cast[n] for n in timing]
    return play_round(
        cast.world, cast.board, ScriptedDice(keyed=dice), by_actor, number, fixed, RuleOptions(options)
    )


def east(start: tuple[int, int], steps: int) -> tuple[tuple[int, int], ...]:
    return tuple((start[0] + i, start[1]) for i in range(1, steps + 1))


def lane(**pik: object) -> Cast:
    """Rex (Strike 6, Feint 4, Movement 4, a sword) at (2, 4); Pik 8 m east, facing him."""
    cast = Cast(24, 10)
    cast.add("Rex", (2, 4), "a", strike=6, feint=4, movement=4)
    cast.add("Pik", (10, 4), "b", **{"facing": 6, "strike": 5, **pik})
    return cast


# ------------------------------------------------------------------ 1. a Feint serves a Charge
def test_a_feint_serves_a_charge_and_its_bonus_joins_the_charges_roll() -> None:
    """Feint 4 − 1 [Action Penalty] = 3, rolled 2: success; the Charge is 6 − 1 + 4 [Feint Bonus]
    + 3 [Charge 7 m] = 12."""
    cast = lane()
    order = cast.order("Rex", cast.act(K.FEINT, "Pik"), cast.act(CHARGE, "Pik"), path=east((2, 4), 7))
    assert validate_order(cast.world, cast.board, order, {}, RuleOptions({"charge"})) == []
    events = play(
        cast, {"charge"}, order,
        dice={"Rex:Feint": [2], "Rex:Charge": [12]}, timing=("Pik", "Rex"),
    )  # fmt: skip
    assert the_roll(events, "Rex", "Feint").outcome == "success"
    assert the_roll(events, "Rex", "Charge").breakdown.text() == (
        "6 [Strike] − 1 [Action Penalty] + 4 [Feint Bonus] + 3 [Charge 7 m] = 12"
    )


# ------------------------------------------------------------------ 2. overwatch and Evade
def test_an_overwatch_shot_counts_only_the_metres_run_before_it() -> None:
    """Rex (Evade roll 5) comes round from the south and enters Vas's arc at (4, 8) after 2.8 m:
    his Evade is worth 2 against the held shot, though his whole walk is 5.7 m."""
    cast = Cast(30, 12)
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0)
    cast.add("Rex", (2, 10), "b", strike=6, evade=6, movement=6, facing=6)
    path = ((3, 9), (4, 8), (5, 7), (4, 6))
    events = play(
        cast, {"overwatch"},
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Rex", cast.act(K.EVADE), path=path),
        dice={"Rex:Evade": [5], "Vas:Missile Strike": [12]}, timing=("Rex", "Vas"),
    )  # fmt: skip
    assert "Vas fires on overwatch: Rex moves into (4, 8)" in log_text(events)
    assert the_roll(events, "Vas", "Missile Strike").breakdown.text() == (
        "8 [Missile Strike (Beam)] − 2 [Evade] = 6"
    )


def test_a_mover_shot_as_it_starts_has_run_no_metres_for_its_evade() -> None:
    cast = Cast(30, 12)
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0)
    cast.add("Rex", (9, 5), "b", strike=6, evade=6, movement=6, facing=6)
    events = play(
        cast, {"overwatch"},
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Rex", cast.act(K.EVADE), path=tuple((9 - i, 5) for i in range(1, 5))),
        dice={"Rex:Evade": [5], "Vas:Missile Strike": [12]}, timing=("Rex", "Vas"),
    )  # fmt: skip
    assert the_roll(events, "Vas", "Missile Strike").breakdown.text() == "8 [Missile Strike (Beam)] = 8"


# ------------------------------------------------------------------ 3. careful aim and sight
def test_a_target_that_walks_out_of_sight_and_back_breaks_the_aim() -> None:
    cast = Cast(40, 8, sight_blockers={(29, 4)})
    cast.add("Bea", (2, 3), "a", weapons=(BLASTER,), missile_beam=7)
    cast.add("Sam", (30, 3), "b", facing=6, movement=4)
    assert cast.board.line_of_sight((2, 3), (30, 3)) and not cast.board.line_of_sight((2, 3), (30, 4))
    play(cast, {"careful_aim"}, cast.order("Bea", cast.act(AIM, "Sam")), dice={}, timing=("Bea", "Sam"))
    events = play(
        cast, {"careful_aim"},
        cast.order("Bea", cast.act(AIM, "Sam")),
        cast.order("Sam", path=((30, 4), (31, 3))),
        dice={}, timing=("Bea", "Sam"), number=2,
    )  # fmt: skip
    (lost,) = of_type(events, AimLost)
    assert lost.text() == "Bea no longer aims at Sam: Sam went out of sight at (30, 4)"
    assert not cast.world.has(cast["Bea"], Aiming)


def test_a_target_that_dips_out_of_sight_in_the_shots_round_spoils_the_aim() -> None:
    cast = Cast(40, 8, sight_blockers={(29, 4)})
    cast.add("Bea", (2, 3), "a", weapons=(BLASTER,), missile_beam=7)
    cast.add("Sam", (30, 3), "b", facing=6, movement=4)
    play(cast, {"careful_aim"}, cast.order("Bea", cast.act(AIM, "Sam")), dice={}, timing=("Bea", "Sam"))
    events = play(
        cast, {"careful_aim"},
        cast.order("Bea", cast.act(K.MISSILE_STRIKE, "Sam")),
        cast.order("Sam", path=((30, 4), (31, 3))),
        dice={"Bea:Missile Strike": [12]}, timing=("Sam", "Bea"), number=2,
    )  # fmt: skip
    assert the_roll(events, "Bea", "Missile Strike").breakdown.text() == (
        "7 [Missile Strike (Beam)] − 3 [Medium Range] = 4"
    )


# ------------------------------------------------------------------ 4. body cover: the weapon arm
def high_cover_duel() -> Cast:
    cast = Cast(width=14, height=8, cover={(8, 4): "high"})
    cast.add("Alex", (2, 4), "a", weapons=(SHOTGUN,), missile_slug=10)
    cast.add("Drone", (9, 4), "b", facing=6, weapons=(BLASTER,), missile_beam=6)
    return cast


def duel(cast: Cast, location: int) -> list[Event]:
    dice = {"Alex:Missile Strike": [1], "Alex:Hit Location": [location], "Drone:Missile Strike": [12],
            "Drone:Withstand Injury": [1]}  # fmt: skip
    return play(
        cast, {"hit_locations", "cover", "body_cover"},
        cast.order("Alex", cast.act(K.MISSILE_STRIKE, "Drone")),
        cast.order("Drone", cast.act(K.MISSILE_STRIKE, "Alex")),
        dice=dice, timing=("Alex", "Drone"),
    )  # fmt: skip


def test_high_cover_shows_only_the_weapon_arm_of_a_one_handed_shooter() -> None:
    """The Drone shoots a one-handed blaster (right hand): d100 75, the left arm, strikes the
    high cover; 65, the right arm, is hit."""
    events = duel(high_cover_duel(), 75)
    assert [e.text() for e in events if isinstance(e, HitStopped)] == [
        "Alex's shotgun hit on Drone (left arm) strikes the high cover instead"
    ]
    events = duel(high_cover_duel(), 65)
    assert [e.part for e in events if isinstance(e, Hit)] == ["right arm"]


def test_a_two_handed_shooter_shows_both_arms() -> None:
    cast = high_cover_duel()
    cast.world.set(cast["Drone"], Equipment((SHOTGUN,)))
    events = duel(cast, 75)
    assert [e.part for e in events if isinstance(e, Hit)] == ["left arm"]


# ------------------------------------------------------------------ 5. separate fumble tables
def fumble_pair() -> Cast:
    cast = Cast(20, 10)
    cast.add("Omar", (3, 5), "a", strike=6, stamina=3)
    cast.add("Niles", (4, 5), "b", facing=6, strike=7)
    cast.add("Ash", (3, 8), "a", weapons=(BLASTER,), missile_beam=7)
    return cast


def test_a_melee_fumble_rolls_d6_and_its_4_hits_the_fumbler() -> None:
    cast = fumble_pair()
    events = play(
        cast, {"criticals"}, cast.order("Omar", cast.act(K.STRIKE, "Niles")),
        dice={"Omar:Strike": [12], "Omar:Fumble": [4], "Omar:Withstand Injury": [12]},
        timing=("Omar", "Niles", "Ash"),
    )  # fmt: skip
    assert "Omar — Fumble on Niles: d6 4: yourself hit: Omar takes the hit" in log_text(events)
    assert [(e.actor, e.target) for e in events if isinstance(e, Hit)] == [("Omar", "Omar")]


def test_a_shots_fumble_rolls_the_ranged_d4_and_its_1_damages_the_weapon() -> None:
    """Ranged table 1: the damage tier (our injury rating, 3) drops by d3 = 2."""
    cast = fumble_pair()
    events = play(
        cast, {"criticals"}, cast.order("Ash", cast.act(K.MISSILE_STRIKE, "Niles")),
        dice={"Ash:Missile Strike": [12], "Ash:Ranged Fumble": [1], "Ash:Weapon Damage": [2]},
        timing=("Omar", "Niles", "Ash"),
    )  # fmt: skip
    text = log_text(events)
    assert "Ash — Ranged Fumble on Niles: d4 1: weapon damaged" in text
    assert "Ash's blaster is damaged: injury rating now 1" in text
    assert cast.world.get(cast["Ash"], Equipment).weapons[0].injury == 1


def test_a_weapon_damaged_to_zero_breaks() -> None:
    cast = fumble_pair()
    events = play(
        cast, {"criticals"}, cast.order("Omar", cast.act(K.STRIKE, "Niles")),
        dice={"Omar:Strike": [12], "Omar:Fumble": [2], "Omar:Weapon Damage": [3]},
        timing=("Omar", "Niles", "Ash"),
    )  # fmt: skip
    assert [e.text() for e in of_type(events, WeaponDamaged)] == ["Omar's sword breaks"]
    assert cast.world.get(cast["Omar"], Equipment).weapons == ()


# ------------------------------------------------------------------ 6. a Charge ends adjacent
def test_a_spears_charge_must_end_adjacent() -> None:
    cast = lane()
    cast.world.set(cast["Rex"], Equipment((SPEAR,)))
    short = cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 6))  # ends at (8, 4): 2 tiles off
    assert validate_order(cast.world, cast.board, short, {}, RuleOptions({"charge"})) == [
        "Charge: the run must end next to Pik (a Charge always ends adjacent)"
    ]
    home = cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7))
    assert validate_order(cast.world, cast.board, home, {}, RuleOptions({"charge"})) == []


# ------------------------------------------------------------------ 7. who meets a Charge
def test_a_quarterstaff_does_not_meet_a_charge_but_a_spear_does() -> None:
    cast = lane(weapons=(QUARTERSTAFF,))
    events = play(
        cast, {"charge"}, cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7)),
        dice={"Rex:Charge": [12]}, timing=("Rex", "Pik"),
    )  # fmt: skip
    assert not of_type(events, StrikesFirst)
    assert not [e for e in events if isinstance(e, Rolled) and e.actor == "Pik"]
    cast = lane(weapons=(SPEAR,))
    events = play(
        cast, {"charge"}, cast.order("Rex", cast.act(CHARGE, "Pik"), path=east((2, 4), 7)),
        dice={"Rex:Charge": [12], "Pik:Strike": [12]}, timing=("Rex", "Pik"),
    )  # fmt: skip
    assert len(of_type(events, StrikesFirst)) == 1


def test_the_armorys_spear_is_a_pole_weapon_and_its_quarterstaff_is_not() -> None:
    weapons = default_armory().weapons
    assert weapons["spear"].has("pole") and not weapons["quarterstaff"].has("pole")
